//! The browser entry point built by trunk: mounts the Leptos app.

#[cfg(target_arch = "wasm32")]
fn main() {
    leptos::mount::mount_to_body(reversi::app::App);
}

/// Natively there is nothing to mount; the app's logic is tested through the library.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
