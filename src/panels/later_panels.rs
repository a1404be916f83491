//! The panels built after the first board, whose code is a wasm module of its own (effects/lazy_code.rs) fetched when
//! the start reaches the side panels (effects/start_stages.rs), off the first board's critical path (issue 28): the
//! side column under the status (the online game, the hints, the move list, and once the start is done the graph
//! and the review), the result card over the board and the opening's name in the status. While the code comes
//! their place is kept; if it cannot be fetched, the side column says so with Try again (lazy_part.rs), the other
//! two stay empty until it comes, and the board, the status line and the game bar work as ever.

use super::lazy_part::LazyPart;
use super::{eval_graph, hints_panel, move_list, opening_name, result_panel, review_panel};
use crate::effects::lazy_code::{split_fn, NotLoaded};
use crate::effects::start_stages::{StartPart, StartStages};
use crate::model::state::AppState;
use crate::online::OnlinePanel;
use leptos::prelude::*;
use std::sync::OnceLock;

/// What the module offers the page: each part's builder, called from the main module once the code is here.
#[derive(Clone, Copy)]
pub struct LaterParts {
    side_column: fn(StartStages) -> AnyView,
    result_card: fn() -> AnyView,
    opening_text: fn() -> Option<String>,
}

/// The parts, once their module has come (the same every time: code, once here, stays).
static LATER_PARTS: OnceLock<LaterParts> = OnceLock::new();

split_fn!(
    side_panels,
    /// The module's parts.
    fn later_parts() -> LaterParts {
        LaterParts { side_column, result_card: result_panel::result_card, opening_text: opening_name::opening_text }
    }
);

/// The side column's panels under the status, each once the start has reached its part (on a phone's CPU, built
/// together with the code's arrival they were one long task); the graph and the review once the start has reached
/// its last part and while analysis is allowed.
fn side_column(stages: StartStages) -> AnyView {
    let state = AppState::get();
    let reached = move |part| move || stages.reached(part);
    let analysis_shown = move || stages.reached(StartPart::Rest) && state.table.with(|t| t.analysis_allowed());
    view! {
        <OnlinePanel />
        <Show when=reached(StartPart::Hints)>
            <hints_panel::HintsPanel />
        </Show>
        <Show when=reached(StartPart::Moves)>
            <move_list::MoveList />
        </Show>
        <Show when=analysis_shown>
            <eval_graph::EvalGraph />
            <review_panel::ReviewPanel />
        </Show>
    }
    .into_any()
}

/// The parts, fetching their module if it has not come yet, and telling the stages once it has.
async fn parts(stages: StartStages) -> Result<LaterParts, NotLoaded> {
    let parts = match LATER_PARTS.get() {
        Some(parts) => *parts,
        None => {
            let parts = later_parts().await?;
            *LATER_PARTS.get_or_init(|| parts)
        }
    };
    stages.side_code_came();
    Ok(parts)
}

/// Fetches the parts' code without building them: the start waits for it before its last part, whether it came or
/// not (the side column says which).
pub async fn fetch_code(stages: StartStages) {
    let _ = parts(stages).await;
}

/// What the part `build` makes, once the code is here (tracked, so it comes when the code does).
fn once_here<T>(build: impl FnOnce(&LaterParts) -> T) -> Option<T> {
    StartStages::get().side_code_here().then(|| LATER_PARTS.get().map(build)).flatten()
}

/// The result card's place over the board, in the main module: the card once its code is here (it shows only when a
/// game has ended).
#[component]
pub fn ResultPanel() -> impl IntoView {
    move || once_here(|parts| parts.result_card())
}

/// The line under the status, in the main module; its words come with the code of the panels built after the board,
/// and until then it keeps its place empty.
#[component]
pub fn OpeningName() -> impl IntoView {
    let text = move || once_here(|parts| parts.opening_text()).flatten();
    view! { <p class="opening-name" data-testid="opening">{text}</p> }
}

impl LaterParts {
    pub fn result_card(&self) -> AnyView {
        (self.result_card)()
    }

    pub fn opening_text(&self) -> Option<String> {
        (self.opening_text)()
    }
}

/// The side column's panels: "Loading…" in their place while the code comes, the failure and Try again if it does
/// not.
#[component]
pub fn SidePanels(stages: StartStages) -> impl IntoView {
    view! {
        <LazyPart
            load=move || async move { parts(stages).await.map(|parts| (parts.side_column)(stages)) }
            loading_frame=keep_place
        />
    }
}

/// "Loading…" in a box as tall as the panels that come, so the page below the status keeps its length.
fn keep_place(loading: AnyView) -> AnyView {
    view! { <div class="side-panels-coming">{loading}</div> }.into_any()
}
