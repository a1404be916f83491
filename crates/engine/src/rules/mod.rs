//! The rules: positions as bitboards (the 8×8 fast path and every other size), legal moves and flips, stable discs,
//! perft, the count that checks them, and random legal play.

pub mod board;
pub mod last_flip;
pub mod moves;
pub mod perft;
pub mod random_play;
pub mod score;
pub mod stability;
pub mod variant_board;

pub use board::{Board, CORNERS};
pub use score::{INFINITY, MAX_SCORE};
pub use variant_board::{Geometry, Opening, VariantBoard};
