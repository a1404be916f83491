//! The engine's functions for JavaScript: what the browser benchmark (`bench/`) and the wasm tests call.
//!
//! Each export takes and returns plain JS values (numbers, strings; JSON text for structured results), so a bench
//! loop stays a one-liner in JS and nothing here depends on the app.

use crate::engine::{perft, Board};
use wasm_bindgen::prelude::*;

/// Leaves of the perft tree from the standard start position, `depth` plies deep (pass = ply).
/// An f64 holds every count up to depth 14 exactly (< 2^53) and arrives in JS as a plain number.
#[wasm_bindgen]
pub fn perft(depth: u32) -> f64 {
    perft::perft(&Board::start(), depth) as f64
}
