//! Hints in the side panel (off, saying so, during an online game in play): the Hints toggle, the depth reached, and the expected line of the hovered (or best)
//! move. Each legal square's value on the board is `board/analysis_marks.rs`.

use crate::model::analysis_state::Analysis;
use crate::model::state::AppState;
use analysis::Verdict;
use game::square_name;
use leptos::prelude::*;

/// The Hints toggle, the depth reached and the best line.
#[component]
pub fn HintsPanel() -> impl IntoView {
    let state = AppState::get();
    let analysis = Analysis::get();
    let on = move || analysis.hints_on.get();
    let depth = move || {
        let position = state.table.with(|t| *t.game.position());
        analysis.hints.with(|hints| {
            let hints = hints.as_ref().filter(|h| h.position == position)?;
            let all = |f: fn(Verdict) -> bool| hints.values.iter().all(|v| f(v.verdict));
            Some(if hints.values.is_empty() {
                if state.engine_ready.get() { "thinking…" } else { "preparing…" }.to_string()
            } else if all(|v| v == Verdict::Book) {
                "opening book".into()
            } else if all(|v| v == Verdict::Exact) {
                "solved exactly".into()
            } else if all(|v| matches!(v, Verdict::Exact | Verdict::WinLossDraw)) {
                "solved: win/loss/draw".into()
            } else {
                format!("depth {}{}", hints.depth, if hints.done { "" } else { "…" })
            })
        })
    };
    let line = move || {
        let position = state.table.with(|t| *t.game.position());
        let n = position.size().n();
        let hovered = state.hover.get();
        analysis.hints.with(|hints| {
            let hints = hints.as_ref().filter(|h| h.position == position)?;
            let value = hovered.and_then(|sq| hints.value(sq)).or_else(|| hints.best())?;
            let moves: Vec<String> = value.line.iter().map(|&sq| square_name(sq, n)).collect();
            Some(format!("{} ({}): {}", moves[0], value.label(), moves.join(" ")))
        })
    };
    let allowed = move || state.table.with(|t| t.analysis_allowed());
    view! {
        <Show when=allowed fallback=|| view! {
            <p class="hints-panel no-analysis" data-testid="no-analysis">
                "Hints, the evaluation graph and review are off during an online game; they return when it ends."
            </p>
        }>
        <section class="hints-panel" aria-label="Hints">
            <button
                type="button"
                class="action"
                aria-pressed=move || on().to_string()
                title="Hints (Shift+H)"
                aria-keyshortcuts="Shift+H"
                on:click=move |_| analysis.toggle_hints()
            >
                <span class="label">"Hints"</span>
            </button>
            <Show when=on>
                <span class="hints-depth" data-testid="hint-depth">{depth}</span>
                <p class="hints-line" data-testid="hint-line">
                    {move || line().map(|l| format!("Line {l}"))}
                </p>
                <p class="hints-legend" data-testid="hint-legend">
                    "+4: you end 4 discs ahead if both sides play their best (−2: 2 behind); exact (underlined): "
                    "solved to the last move, not estimated; W, D, L: a proven win, draw or loss."
                </p>
            </Show>
        </section>
        </Show>
    }
}
