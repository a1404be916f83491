//! The Leptos app that trunk builds: components over plain-Rust state shared through context, above the engine,
//! game, net and analysis crates (ARCHITECTURE.md). Its folders are kinds, each with its rule in its `mod.rs`, and
//! each imports only the crates and the kinds listed before it:
//!
//! - `model`: the state and its rules in plain Rust (`AppState`'s signals and actions, the table, options, saves,
//!   the analysis state), tested natively. The actions publish what happened as an `event`.
//! - `effects`: what follows the state and the events instead of being called by each action (autosave, sound,
//!   clipboard, keyboard, theme, the computer's thinking, the analysis loop): the browser glue.
//! - `board`: the board components.
//! - `online`: online play in the browser (the connection, links, its panel and clocks).
//! - `panels`: the toolbar, the bars and the side panels around the board.
//! - `dialogs`: every dialog (at most one open) and the form pieces they share.
//! - `setup`: setting up a position, its actions and its panel.
//!
//! This file is the `App` component: it provides the state, installs the effects and lays out the components.

mod board;
mod dialogs;
mod effects;
pub mod model;
mod online;
mod panels;
mod setup;

use board::{board_input, board_view};
use effects::lazy_code::split_fn;
use effects::start_stages::{self, StartPart};
use effects::{analysis_driver, autosave, clipboard, engine_data, keyboard, sound, theme, thinking, viewport};
use leptos::prelude::*;
use panels::lazy_part::LazyPart;
use panels::{game_bar, later_panels, result_panel, status, toolbar, update_notice};
use setup::setup_panel;

#[component]
pub fn App() -> impl IntoView {
    let state = autosave::provide_saved_state();
    keyboard::install(state);
    sound::install(state);
    clipboard::install(state);
    engine_data::install(state);
    thinking::install(state);
    analysis_driver::install(state);
    let online = online::install(state);
    online::follow_fragment(state, online);
    theme::follow_options(state);
    viewport::install(state);
    // The start's own task builds the header's frame and the board; the rest of the page follows a part per task,
    // so the start is no one long task (issue 28).
    let stages = start_stages::install(later_panels::fetch_code);
    let reached = move |part: StartPart| move || stages.reached(part);
    // While a dialog is open the page behind it is inert, so Tab stays within the dialog.
    let behind_dialog = move || state.dialog.get().is_some();
    let setting_up = move || state.setup.with(Option::is_some);
    // Every part built: said on the page too, as tests under a fake clock cannot read the performance timeline.
    let all_built = move || stages.reached(StartPart::Rest).then_some("");
    view! {
        <div class="app" data-started=all_built>
            <toolbar::Toolbar attr:inert=behind_dialog>
                <Show when=reached(StartPart::Controls)>
                    <toolbar::ToolbarButtons />
                </Show>
            </toolbar::Toolbar>
            <main class="layout" inert=behind_dialog>
                <Show
                    when=setting_up
                    fallback=move || view! {
                        <div class="board-area">
                            <board_view::BoardView input=board_input::BoardInput::of_app(state) />
                            <result_panel::ResultPanel />
                        </div>
                        <Show when=reached(StartPart::Status)>
                            <status::Notices />
                        </Show>
                        <Show when=reached(StartPart::Controls)>
                            <game_bar::GameBar />
                        </Show>
                        <aside class="side-panel">
                            <Show when=reached(StartPart::Status)>
                                <status::Status />
                            </Show>
                            <Show when=reached(StartPart::SidePanels)>
                                <later_panels::SidePanels stages />
                            </Show>
                        </aside>
                    }
                >
                    <div class="board-area">
                        <board_view::BoardView input=board_input::BoardInput::of_setup(state) />
                    </div>
                    <LazyPart load=setup_panels failed_frame=setup_failed />
                </Show>
            </main>
            <p class="visually-hidden" aria-live="polite" data-testid="announcer">
                {move || state.announcement.get()}
            </p>
            <Show when=reached(StartPart::Rest)>
                <dialogs::OpenDialog />
                <update_notice::UpdateNotice />
            </Show>
        </div>
    }
}

// What `App` builds on demand (effects/lazy_code.rs): parts with code of their own that the first board does not need.

split_fn!(
    setup,
    /// Setting up a position: the editor's bar and panel beside its board.
    fn setup_panels() -> AnyView {
        view! {
            <setup_panel::SetupBar />
            <aside class="side-panel">
                <setup_panel::SetupPanel />
            </aside>
        }
        .into_any()
    }
);

/// The editor that could not be fetched says so beside its board, with the way back to the game.
fn setup_failed(message: AnyView) -> AnyView {
    let state = model::state::AppState::get();
    view! {
        <aside class="side-panel">
            {message}
            <button type="button" class="action" on:click=move |_| state.close_setup()>"Back to the game"</button>
        </aside>
    }
    .into_any()
}
