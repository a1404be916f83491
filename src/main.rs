//! The browser entry point built by trunk: starts the Leptos app.

#[cfg(target_arch = "wasm32")]
fn main() {
    reversi::start();
}

/// Natively there is nothing to mount; the app's logic is tested through the library.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
