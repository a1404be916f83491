//! "A new version is ready — Reload": public/start.js watches the service worker and marks the page when a new
//! deploy has taken over (`data-update="ready"` on `<html>`, then the window event `reversi-update-ready`). The app
//! never reloads by itself: the player chooses when, and the game in progress is saved at every move, so it
//! comes back after the reload.

use leptos::prelude::*;

const READY_EVENT: &str = "reversi-update-ready";

fn marked_ready() -> bool {
    document().document_element().and_then(|html| html.get_attribute("data-update")).as_deref() == Some("ready")
}

#[component]
pub fn UpdateNotice() -> impl IntoView {
    let ready = RwSignal::new(marked_ready());
    let listener = window_event_listener_untyped(READY_EVENT, move |_| ready.set(true));
    on_cleanup(move || listener.remove());
    move || {
        ready.get().then(|| {
            view! {
                <p class="update-notice" role="status">
                    <span>"A new version is ready — "</span>
                    <button type="button" class="action primary" on:click=|_| {
                        let _ = window().location().reload();
                    }>"Reload"</button>
                </p>
            }
        })
    }
}
