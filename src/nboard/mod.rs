//! Talking to other Othello programs: the NBoard protocol and GGF game records (OBF test positions are read by
//! `game::notation`).
//! Native only (the command line); the browser build leaves it out.

pub mod ggf;
pub mod session;
