//! The Import dialog: a pasted transcript or board string replaces the game.

use super::Modal;
use crate::app::state::AppState;
use crate::game::notation::read_game;
use leptos::prelude::*;

/// The Import dialog: paste a transcript ("f5d6c3") or a board string, see what is wrong with it, or load it.
#[component]
pub fn ImportDialog() -> impl IntoView {
    let state = AppState::get();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let import = move || {
        let variant = state.options.with_untracked(|o| o.variant());
        match read_game(text.get_untracked().trim(), variant) {
            Ok(game) => {
                state.close_dialog();
                state.load_game(game);
                state.show_info("Game imported.");
            }
            Err(why) => error.set(Some(format!("Cannot import: {why}"))),
        }
    };
    view! {
        <Modal title="Import">
            <form class="import-form" on:submit=move |ev| { ev.prevent_default(); import(); }>
                <label for="import-text">
                    "Paste a transcript such as " <code>"f5d6c3d3c4"</code>
                    " or a board string (one character per square: X black, O white, - empty, then the side to move)."
                </label>
                <textarea
                    id="import-text"
                    rows="5"
                    spellcheck="false"
                    prop:value=move || text.get()
                    on:input=move |ev| { text.set(event_target_value(&ev)); error.set(None); }
                ></textarea>
                <p class="form-error" role="alert">{move || error.get()}</p>
                <div class="dialog-buttons">
                    <button type="button" on:click=move |_| state.close_dialog()>"Cancel"</button>
                    <button type="submit" class="primary">"Load game"</button>
                </div>
            </form>
        </Modal>
    }
}
