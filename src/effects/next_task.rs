//! Running something in a task of its own, so the browser may paint and handle input before it (issue 28: a start
//! without a long task). A message to a fresh `MessageChannel` is a task of the browser's event loop at once, where a
//! timer of 0 ms is held back in a hidden tab (once a second) and an animation frame never comes there.

use wasm_bindgen::prelude::*;

/// Runs `then` in a new task, after the current one (and its microtasks) ends.
pub fn next_task(then: impl FnOnce() + 'static) {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        // No channel (never in a browser that runs the app): a timer's task instead.
        gloo_timers::callback::Timeout::new(0, then).forget();
        return;
    };
    // The handler frees itself once called; the entangled ports live until their message is handled.
    let handler = Closure::once_into_js(then);
    channel.port1().set_onmessage(Some(handler.unchecked_ref()));
    let _ = channel.port2().post_message(&JsValue::UNDEFINED);
}
