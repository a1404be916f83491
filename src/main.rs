//! The browser entry point built by trunk: mounts the Leptos app.

#[cfg(target_arch = "wasm32")]
fn main() {
    // index.html's first paint (a static board and "Loading…") gives way to the app.
    if let Some(first_paint) = leptos::prelude::document().get_element_by_id("first-paint") {
        first_paint.remove();
    }
    leptos::mount::mount_to_body(reversi::App);
}

/// Natively there is nothing to mount; the app's logic is tested through the library.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
