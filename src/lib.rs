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
//! This file is the `App` component (it provides the state, installs the effects and lays out the components) and the
//! site's start, which does the same in tasks of their own.

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
use panels::{game_bar, later_panels, status, toolbar, update_notice};
use setup::setup_panel;

/// The whole app under the current owner: what the wasm tests mount.
#[component]
pub fn App() -> impl IntoView {
    install_effects(autosave::provide_saved_state());
    view! { <Page /> }
}

/// The site's start (main.rs), so that no task of it is long on a phone (issue 28; docs/benchmarks.md, "First
/// visit"): the saved state in the wasm's first task, the effects in the next, then the page a part per task
/// (`start_stages`); index.html's first paint stays on the screen until the page's board is whole and takes its place.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    // Effects are futures: the executor the mount would set up must run before the first of them.
    let _ = any_spawner::Executor::init_wasm_bindgen();
    // The owner of the state and the effects lives as long as the page; the page is built under it.
    let owner = Owner::new();
    let state = owner.with(autosave::provide_saved_state);
    effects::next_task::next_task(move || {
        owner.with(|| install_effects(state));
        effects::next_task::next_task(move || {
            owner.with(|| leptos::mount::mount_to_body(Page));
            std::mem::forget(owner);
        });
    });
}

/// The effects that follow the state (besides autosave's, which come with it).
fn install_effects(state: model::state::AppState) {
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
}

/// The page: the header, the board and the panels around it, over the state provided before it.
#[component]
fn Page() -> impl IntoView {
    let state = model::state::AppState::get();
    // The page's frame and the board's halves are built hidden behind index.html's first paint, a part per task, and
    // shown in its place once the board is whole; the rest of the page follows a part per task, so the start is no
    // one long task (issue 28).
    let stages = start_stages::install(later_panels::fetch_code);
    let reached = move |part: StartPart| move || stages.reached(part);
    let rows_built = Signal::derive(move || {
        if stages.reached(StartPart::Board) {
            1.0
        } else if stages.reached(StartPart::BoardHalf) {
            0.5
        } else {
            0.0
        }
    });
    let hidden = move || !stages.reached(StartPart::Board);
    Effect::new(move || {
        if stages.reached(StartPart::Board) {
            // The site's first paint gives way in the same task (the wasm tests have none).
            if let Some(first_paint) = document().get_element_by_id("first-paint") {
                first_paint.remove();
            }
        }
    });
    // While a dialog is open the page behind it is inert, so Tab stays within the dialog.
    let behind_dialog = move || state.dialog.get().is_some();
    let setting_up = move || state.setup.with(Option::is_some);
    // Every part built: said on the page too, as tests under a fake clock cannot read the performance timeline.
    let all_built = move || stages.reached(StartPart::Rest).then_some("");
    view! {
        <div class="app" hidden=hidden data-started=all_built>
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
                            <board_view::BoardView input=board_input::BoardInput::of_app(state) rows_built />
                            <later_panels::ResultPanel />
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
                        <board_view::BoardView input=board_input::BoardInput::of_setup(state) rows_built />
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
