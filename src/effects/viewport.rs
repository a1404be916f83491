//! Keeps what answers the player where the eye is, on a phone's long page: after a jump (a new or imported game, a
//! step through the history, a reviewed mistake chosen far down the page) the board scrolls into view, and a new
//! message (a notice, a pass, a warning) does too. Nothing moves when they are already in view.

use crate::model::state::AppState;

pub fn install(state: AppState) {
    #[cfg(target_arch = "wasm32")]
    web::install(state);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = state;
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use leptos::prelude::*;
    use web_sys::{ScrollIntoViewOptions, ScrollLogicalPosition};

    pub fn install(state: AppState) {
        Effect::new(move |previous: Option<u64>| {
            let jumps = state.jumps.get();
            if previous.is_some_and(|previous| previous != jumps) {
                reveal(".board-area");
            }
            jumps
        });
        Effect::new(move |_| {
            let shown = state.notice.with(Option::is_some)
                || state.pass_notice.with(Option::is_some)
                || state.warnings.with(|warnings| !warnings.is_empty());
            if shown {
                reveal(".notices");
            }
        });
    }

    /// Scrolls the element into view by the least distance, after the frame's layout (and after a closing dialog
    /// has handed the focus back, which scrolls too).
    fn reveal(selector: &'static str) {
        request_animation_frame(move || {
            let Ok(Some(element)) = document().query_selector(selector) else { return };
            let options = ScrollIntoViewOptions::new();
            options.set_block(ScrollLogicalPosition::Nearest);
            element.scroll_into_view_with_scroll_into_view_options(&options);
        });
    }
}
