//! The Import dialog: a pasted transcript or board string replaces the game.

use super::{Confirmation, Modal, PastedText};
use crate::model::state::AppState;
use crate::model::table::{read_import, Import};
use leptos::prelude::*;

/// The Import dialog: paste a transcript ("f5d6c3") or a board string, see what is wrong with it, or load it. Empty
/// or unchanged text does nothing, and replacing a game with moves asks first.
#[component]
pub fn ImportDialog() -> impl IntoView {
    let state = AppState::get();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // The moves the import would throw away, while it asks whether to.
    let confirming = RwSignal::new(None::<usize>);
    let import = move |confirmed: bool| {
        let variant = state.options.with_untracked(|o| o.variant());
        let plan = state.table.with_untracked(|t| read_import(&text.get_untracked(), &t.game, variant));
        match plan {
            Import::Empty => error.set(Some("Paste a transcript or a board string first.".into())),
            Import::Unreadable(why) => error.set(Some(format!("Cannot import: {why}"))),
            Import::Unchanged => {
                state.close_dialog();
                state.show_info("That game is already on the board.");
            }
            Import::Replaces { loses, .. } if loses > 0 && !confirmed => confirming.set(Some(loses)),
            Import::Replaces { game, .. } => {
                state.close_dialog();
                state.load_game(game);
                state.show_info("Game imported.");
            }
        }
    };
    let question = move || {
        confirming.get().map(|loses| {
            let moves = if loses == 1 { "its one move".to_string() } else { format!("its {loses} moves") };
            let answer = Callback::new(move |yes: bool| if yes { import(true) } else { confirming.set(None) });
            view! {
                <Confirmation
                    question=format!("Loading replaces the game on the board and {moves}. Replace it?")
                    keep="Keep current game"
                    go_ahead="Replace game"
                    on_answer=answer
                />
            }
        })
    };
    view! {
        <Modal title="Import">
            <form class="import-form" on:submit=move |ev| { ev.prevent_default(); import(false); }>
                <label for="import-text">
                    "Paste a transcript such as " <code>"f5d6c3d3c4"</code> " or " <code>"1. f5 d6 2. c3"</code>
                    ", a board string (one character per square: X black, O white, - empty, then the side to move) "
                    "or a GGF record from NBoard."
                </label>
                <PastedText id="import-text" rows=5 text error on_edit=Callback::new(move |()| confirming.set(None)) />
                <Show when=move || confirming.get().is_none() fallback=question>
                    <div class="dialog-buttons">
                        <button type="button" on:click=move |_| state.close_dialog()>"Cancel"</button>
                        <button type="submit" class="primary">"Load game"</button>
                    </div>
                </Show>
            </form>
        </Modal>
    }
}
