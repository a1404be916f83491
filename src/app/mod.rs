//! The Leptos app: components over plain-Rust state shared through context.
//!
//! `state` holds the signals and the actions; `table` and `actions` are the plain-Rust rules behind them; each
//! other module is one component (or the browser glue of one concern: keys, sound, the computer's thinking).

pub mod actions;
mod board;
mod dialogs;
mod keyboard;
mod modal;
mod move_list;
pub mod options;
mod persist;
mod players;
mod shortcuts;
mod sound;
pub(crate) mod square;
pub mod state;
mod status;
pub mod storage;
pub mod table;
mod theme;
mod thinking;
mod toolbar;
mod transcript;

use leptos::prelude::*;
use state::{AppState, Dialog};

pub use modal::Modal;

#[component]
pub fn App() -> impl IntoView {
    let state = persist::provide_saved_state();
    keyboard::install(state);
    // Sound first: its start-up task (making the audio context) must come before the engine's.
    sound::install(state);
    thinking::install(state);
    theme::follow_options(state);
    // While a dialog is open the page behind it is inert, so Tab stays within the dialog.
    let behind_dialog = move || state.dialog.get().is_some();
    view! {
        <div class="app">
            <toolbar::Toolbar attr:inert=behind_dialog />
            <main class="layout" inert=behind_dialog>
                <div class="board-area">
                    <board::Board />
                </div>
                <aside class="side-panel">
                    <status::Status />
                    <move_list::MoveList />
                </aside>
            </main>
            <p class="visually-hidden" aria-live="polite" data-testid="announcer">
                {move || state.announcement.get()}
            </p>
            <Dialogs />
        </div>
    }
}

/// The open dialog, if any.
#[component]
fn Dialogs() -> impl IntoView {
    let state = AppState::get();
    move || match state.dialog.get()? {
        Dialog::Shortcuts => Some(view! { <shortcuts::ShortcutsDialog /> }.into_any()),
        Dialog::Import => Some(view! { <transcript::ImportDialog /> }.into_any()),
        Dialog::Options => Some(view! { <dialogs::OptionsDialog /> }.into_any()),
        Dialog::Statistics => Some(view! { <dialogs::StatisticsDialog /> }.into_any()),
        Dialog::Help => Some(view! { <dialogs::HelpDialog /> }.into_any()),
        Dialog::About => Some(view! { <dialogs::AboutDialog /> }.into_any()),
    }
}
