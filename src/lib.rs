//! The Leptos app that trunk builds: components over plain-Rust state shared through context, above the engine,
//! game, net and analysis crates (ARCHITECTURE.md).

pub mod app;
