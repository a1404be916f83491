//! The rules engine and its AI: plain Rust, no web dependency, so it runs natively and in wasm alike.

pub mod board;
pub mod moves;
pub mod perft;
pub mod variant;

pub use board::Board;
pub use variant::{Geometry, Opening, VariantBoard};
