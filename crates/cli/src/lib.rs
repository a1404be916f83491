//! The engine's command line, `reversi-engine`: what its subcommands need beyond the engine and the game crates.

pub mod nboard;
