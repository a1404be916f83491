//! A cdylib holding only the engine's wasm exports (`wasm_api.rs` beside it), for the browser benchmark page.
//! Built by `make bench`.

pub mod wasm_api;
