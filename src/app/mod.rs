//! The Leptos app: components over plain-Rust state shared through context.
//!
//! `state` holds the signals and the actions; `table`, `actions`, `options` and `saves` are the plain-Rust rules
//! behind them. The actions publish what happened as an `event`, and the side effects follow the state and the
//! events (`autosave`, `sound`, `clipboard`, `thinking`, `theme`) instead of being called by each action. Each other
//! module is one component; every dialog lives in `dialogs/`.

pub mod actions;
mod analysis;
mod autosave;
mod board;
mod board_input;
mod clipboard;
mod dialogs;
mod editor;
pub mod event;
mod game_bar;
mod keyboard;
mod move_list;
mod online;
pub mod options;
mod pasted_text;
mod player_controls;
mod result_panel;
pub mod saves;
mod setup;
mod setup_panel;
mod sound;
pub(crate) mod square;
pub mod state;
mod status;
pub mod store;
pub mod table;
mod theme;
mod thinking;
mod toolbar;
mod update;

use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    let state = autosave::provide_saved_state();
    keyboard::install(state);
    // Sound first: its start-up task (making the audio context) must come before the engine's.
    sound::install(state);
    clipboard::install(state);
    thinking::install(state);
    analysis::install(state);
    let online = online::install(state);
    online::open_from_fragment(state, online);
    theme::follow_options(state);
    // While a dialog is open the page behind it is inert, so Tab stays within the dialog.
    let behind_dialog = move || state.dialog.get().is_some();
    let setting_up = move || state.setup.with(Option::is_some);
    view! {
        <div class="app">
            <toolbar::Toolbar attr:inert=behind_dialog />
            <main class="layout" inert=behind_dialog>
                <Show
                    when=setting_up
                    fallback=move || view! {
                        <div class="board-area">
                            <board::BoardView input=board_input::BoardInput::of_app(state) />
                            <result_panel::ResultPanel />
                        </div>
                        <game_bar::GameBar />
                        <aside class="side-panel">
                            <status::Status />
                            <online::OnlinePanel />
                            <analysis::HintsPanel />
                            <move_list::MoveList />
                            <analysis::EvalGraph />
                            <analysis::ReviewPanel />
                        </aside>
                    }
                >
                    <div class="board-area">
                        <board::BoardView input=board_input::BoardInput::of_setup(state) />
                    </div>
                    <setup_panel::SetupBar />
                    <aside class="side-panel">
                        <setup_panel::SetupPanel />
                    </aside>
                </Show>
            </main>
            <p class="visually-hidden" aria-live="polite" data-testid="announcer">
                {move || state.announcement.get()}
            </p>
            <dialogs::OpenDialog />
            <update::UpdateNotice />
        </div>
    }
}
