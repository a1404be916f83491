//! The clipboard follows the copy events: each copied text (a transcript, an exported format) is handed to the browser's clipboard.

use crate::model::event::Event;
use crate::model::state::AppState;
use leptos::prelude::*;

pub fn install(state: AppState) {
    Effect::new(move |_| {
        let Some(Event::Copied(text)) = state.event.get().map(|last| last.event) else { return };
        #[cfg(target_arch = "wasm32")]
        {
            // The promise is not awaited: the notice shows the text too, so a refused clipboard loses nothing.
            let _ = window().navigator().clipboard().write_text(&text);
        }
        #[cfg(not(target_arch = "wasm32"))]
        let _ = text;
    });
}
