//! The side column's panels under the status: the online game, the hints and the move list, and once the start is
//! done the evaluation graph and the review. The start builds them in its later stages (effects/start_stages.rs),
//! and their code is a wasm module of its own (effects/lazy_code.rs) fetched when the first of them is due, so it is
//! off the first board's critical path (issue 28). While it comes their place is kept; if it cannot be fetched, the
//! column says so with Try again (lazy_part.rs), and the board, the status and the game bar work as ever.

use super::lazy_part::LazyPart;
use super::{eval_graph, hints_panel, move_list, review_panel};
use crate::effects::lazy_code::split_fn;
use crate::effects::start_stages::{StartPart, StartStages};
use crate::model::state::AppState;
use crate::online::OnlinePanel;
use leptos::prelude::*;

split_fn!(
    side_panels fetched_by fetch_side_panels,
    /// The panels, the graph and the review once the start has reached its last part and while analysis is allowed.
    fn side_panels(stages: StartStages) -> AnyView {
        let state = AppState::get();
        let analysis_shown = move || stages.reached(StartPart::Rest) && state.table.with(|t| t.analysis_allowed());
        view! {
            <OnlinePanel />
            <hints_panel::HintsPanel />
            <move_list::MoveList />
            <Show when=analysis_shown>
                <eval_graph::EvalGraph />
                <review_panel::ReviewPanel />
            </Show>
        }
        .into_any()
    }
);

/// Fetches the panels' code without building them: the start waits for it before its last part, whether it came or
/// not (the column says which).
pub async fn fetch_code() {
    let _ = fetch_side_panels().await;
}

#[component]
pub fn SidePanels(stages: StartStages) -> impl IntoView {
    view! { <LazyPart load=move || side_panels(stages) loading_frame=keep_place /> }
}

/// "Loading…" in a box as tall as the panels that come, so the page below the status keeps its length.
fn keep_place(loading: AnyView) -> AnyView {
    view! { <div class="side-panels-coming">{loading}</div> }.into_any()
}
