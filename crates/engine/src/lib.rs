//! The rules engine and its AI: plain Rust, no web dependency, so it runs natively and in wasm alike.
//!
//! Folders by concept, each using only those listed before it: `bits` and `rng` (helpers), `rules` (boards, move
//! generation, perft), `shipped` (the data files: compiled in, or installed by the web app), `eval` (scoring a position), `search` (finding the best move), `book` (the opening book and
//! its build), `ai` (the computer player that the app, the command line and the match runner drive).

pub mod ai;
pub mod bits;
pub mod book;
pub mod eval;
pub mod fingerprint;
pub mod rng;
pub mod rules;
pub mod search;
pub mod shipped;

pub use ai::{Ai, AiBuilder, Decision, Level, LevelSettings, ThinkJob};
pub use eval::{Evaluator, HandEvaluator};
pub use rules::{Board, Geometry, Opening, VariantBoard};
pub use search::{Aborted, Limits, SearchResult, Searcher};
