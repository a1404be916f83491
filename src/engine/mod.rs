//! The rules engine and its AI: plain Rust, no web dependency, so it runs natively and in wasm alike.

pub mod board;
pub mod generic_search;
pub mod level;
pub mod moves;
pub mod pattern;
pub mod perft;
pub mod rng;
pub mod variant;

pub use board::Board;
pub use variant::{Geometry, Opening, VariantBoard};
