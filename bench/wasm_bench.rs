//! A cdylib holding only the engine's wasm exports (`reversi::wasm_api`), for the browser benchmark page.
//! Built by `make bench`; natively it is empty.

#[cfg(target_arch = "wasm32")]
pub use reversi::wasm_api::*;
