//! Tests that run inside headless Chromium (wasm-bindgen-test): the engine as the browser runs it.
//! `make test` runs them with `cargo test --target wasm32-unknown-unknown --test web`; natively this file is empty.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn exported_perft_counts_the_published_leaves() {
    // Aart Bik's table: depths 1-7 from the start position.
    let expected = [4.0, 12.0, 56.0, 244.0, 1_396.0, 8_200.0, 55_092.0];
    for (depth, &leaves) in (1..).zip(&expected) {
        assert_eq!(reversi::wasm_api::perft(depth), leaves, "depth {depth}");
    }
}
