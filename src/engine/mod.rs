//! The rules engine and its AI: plain Rust, no web dependency, so it runs natively and in wasm alike.

pub mod board;
pub mod endgame;
pub mod eval;
pub mod generic_search;
pub mod last_flip;
pub mod last_moves;
pub mod level;
pub mod match_play;
pub mod moves;
pub mod ordering;
pub mod pattern;
pub mod pattern_eval;
pub mod perft;
pub mod player;
pub mod probcut;
pub mod rng;
pub mod search;
pub mod sliced;
pub mod stability;
#[cfg(test)]
mod test_positions;
pub mod tt;
pub mod variant;
pub mod weights;

pub use board::Board;
pub use eval::{Evaluator, HandEvaluator};
pub use search::{Aborted, Limits, SearchResult, Searcher};
pub use variant::{Geometry, Opening, VariantBoard};
