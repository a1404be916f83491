//! Talking to other Othello programs: the NBoard protocol (GGF game records and OBF test positions are read by
//! `game::notation`, which the app shares).
//! Native only (the command line); the browser build leaves it out.

pub use game::notation::ggf;
pub mod nboard_player;
pub mod nboard_session;
