//! Reversi: a bitboard engine with its AI, the game model, and the Leptos app that plays it in the browser.

pub mod analysis;
pub mod app;
pub mod engine;
#[cfg(not(target_arch = "wasm32"))]
pub mod fuzzing;
pub mod game;
#[cfg(not(target_arch = "wasm32"))]
pub mod nboard;
pub mod net;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
