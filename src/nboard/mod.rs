//! Talking to other Othello programs: the NBoard protocol, GGF game records and OBF test positions.
//! Native only (the command line); the browser build leaves it out.

pub mod ggf;
pub mod obf;
pub mod session;
