//! The evaluation graph under the move list: the value after every reviewed move from Black's view (above the
//! line Black is ahead), exact points filled; a click on a point jumps to that move; the current move marked.

use crate::model::analysis_state::Analysis;
use crate::model::state::AppState;
use crate::model::table::move_number;
use leptos::prelude::*;

const WIDTH: f64 = 300.0;
const HEIGHT: f64 = 90.0;
/// Values beyond this many discs are drawn at the edge.
const RANGE: f64 = 32.0;

fn y_of(value: i32) -> f64 {
    HEIGHT / 2.0 - (f64::from(value).clamp(-RANGE, RANGE) / RANGE) * (HEIGHT / 2.0 - 4.0)
}

#[component]
pub fn EvalGraph() -> impl IntoView {
    let state = AppState::get();
    let analysis = Analysis::get();
    let plies = move || state.table.with(|t| t.game.history().moves().len().max(1));
    let x_of = move |ply: usize| 4.0 + ply as f64 / plies() as f64 * (WIDTH - 8.0);
    let points = move || analysis.review.with(|r| r.as_ref().map(|r| r.graph.clone()).unwrap_or_default());
    let path = move || {
        points().iter().map(|&(ply, v, _)| format!("{:.1},{:.1}", x_of(ply), y_of(v))).collect::<Vec<_>>().join(" ")
    };
    let cursor_x = move || x_of(state.table.with(|t| t.game.history().cursor()));
    let dots = move || {
        points()
            .into_iter()
            .map(|(ply, value, exact)| {
                let after = if ply == 0 { "At the start".to_string() } else { format!("After {}", move_number(ply)) };
                let label = format!("{after}: {value:+}{}", if exact { " exact" } else { "" });
                view! {
                    <circle
                        class="graph-point"
                        class:exact=exact
                        cx=x_of(ply)
                        cy=y_of(value)
                        r=2.6
                        role="button"
                        aria-label=label.clone()
                        on:click=move |_| state.go_to(ply)
                    >
                        <title>{label.clone()}</title>
                    </circle>
                }
            })
            .collect_view()
    };
    view! {
        <Show when=move || !points().is_empty()>
            <svg
                class="eval-graph"
                viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                role="group"
                aria-label="Evaluation graph, Black's view in discs"
            >
                <line class="graph-axis" x1="0" x2=WIDTH y1=HEIGHT / 2.0 y2=HEIGHT / 2.0 />
                <line class="graph-cursor" x1=cursor_x x2=cursor_x y1="0" y2=HEIGHT />
                <polyline class="graph-line" points=path />
                {dots}
            </svg>
        </Show>
    }
}
