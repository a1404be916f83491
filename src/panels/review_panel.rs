//! The game review in the side panel: Review game (quick or deep), a progress bar with Stop while it runs, each
//! player's summary, and the list of mistakes; choosing one shows its position with the played and the better
//! move marked on the board (`board/analysis_marks.rs`). Also the marks the move list reads.

use crate::model::analysis_state::{Analysis, Review};
use crate::model::state::AppState;
use crate::model::table::move_number;
use analysis::{Class, PlyReview, ReviewDepth};
use game::{square_name, Color};
use leptos::prelude::*;

/// The review mark of the move that made ply `ply` (1-based), for the move list: its class, once reviewed.
pub fn move_mark(ply: usize) -> Option<Class> {
    let analysis = use_context::<Analysis>()?;
    let state = AppState::get();
    state
        .table
        .with(|t| analysis.review.with(|review| Some(review.as_ref()?.of_move(t.game.history().moves(), ply)?.class)))
}

/// "e3?? (−14), better c4" for a move list entry or a mistake.
fn describe(review: &PlyReview, n: usize) -> String {
    let played = square_name(review.played.square, n);
    let better = square_name(review.best.square, n);
    format!("{played}{} loses {}, better {better} ({})", review.class.symbol(), review.loss, review.best.label())
}

#[component]
pub fn ReviewPanel() -> impl IntoView {
    let state = AppState::get();
    let analysis = Analysis::get();
    let running = move || analysis.review.with(|r| r.as_ref().is_some_and(|r| r.running));
    let can_review = move || !running() && state.table.with(|t| !t.game.history().moves().is_empty());
    let progress = move || analysis.review.with(|r| r.as_ref().map_or((0, 0), |r| (r.reviews.len(), r.total)));
    let on_depth = move |ev: leptos::ev::Event| {
        analysis.review_depth.set(if event_target_value(&ev) == "Deep" {
            ReviewDepth::Deep
        } else {
            ReviewDepth::Quick
        })
    };
    view! {
        <section class="review-panel" aria-label="Review">
            <div class="review-controls">
                <button
                    type="button"
                    class="action"
                    disabled=move || !can_review()
                    on:click=move |_| analysis.start_review(&state)
                >
                    <span class="label">"Review game"</span>
                </button>
                <select aria-label="Review depth" on:change=on_depth disabled=running>
                    <option value="Quick" selected=move || analysis.review_depth.get() == ReviewDepth::Quick>"Quick"</option>
                    <option value="Deep" selected=move || analysis.review_depth.get() == ReviewDepth::Deep>"Deep"</option>
                </select>
                <Show when=running>
                    <progress
                        aria-label="Review progress"
                        max=move || progress().1.max(1)
                        value=move || progress().0
                    ></progress>
                    <button type="button" class="action" on:click=move |_| analysis.stop_review()>
                        <span class="label">"Stop review"</span>
                    </button>
                </Show>
            </div>
            {move || analysis.review.get().map(|review| view! { <ReviewResults review=review /> })}
        </section>
    }
}

#[component]
fn ReviewResults(review: Review) -> impl IntoView {
    let state = AppState::get();
    let analysis = Analysis::get();
    let n = state.size_untracked();
    let summary = |color: Color, i: usize| {
        let s = review.summaries[i];
        format!(
            "{color}: average loss {:.1} discs over {} moves; {} inaccuracies, {} mistakes, {} blunders",
            s.average_loss(),
            s.moves,
            s.inaccuracies,
            s.mistakes,
            s.blunders
        )
    };
    let status = if review.running {
        format!("Reviewing… {} of {} moves ({})", review.reviews.len(), review.total, review.depth.name())
    } else if review.reviews.len() == review.total {
        format!("Reviewed {} moves ({})", review.total, review.depth.name())
    } else {
        format!("Stopped after {} of {} moves", review.reviews.len(), review.total)
    };
    let mistakes: Vec<PlyReview> = review.reviews.iter().filter(|r| r.class >= Class::Inaccuracy).cloned().collect();
    let items = mistakes
        .into_iter()
        .map(|r| {
            let ply = r.ply;
            let text = format!("{} {} {}", move_number(ply + 1), r.mover, describe(&r, n));
            let line: Vec<String> = r.best.line.iter().map(|&sq| square_name(sq, n)).collect();
            let class = format!("review-item {}", r.class.name());
            view! {
                <li>
                    <button
                        type="button"
                        class=class
                        class:chosen=move || analysis.focus.get() == Some(ply)
                        title=format!("Better line: {}", line.join(" "))
                        on:click=move |_| {
                            analysis.focus.set(Some(ply));
                            state.go_to(ply);
                        }
                    >
                        {text}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="review-status" data-testid="review-status">{status}</p>
        <p class="review-summary">{summary(Color::Black, 0)}</p>
        <p class="review-summary">{summary(Color::White, 1)}</p>
        <ul class="mistakes" aria-label="Mistakes">{items}</ul>
        {move || chosen_line(analysis, n)}
    }
}

/// The chosen mistake's better line, under the list.
fn chosen_line(analysis: Analysis, n: usize) -> Option<impl IntoView> {
    let ply = analysis.focus.get()?;
    analysis.review.with(|review| {
        let r = review.as_ref()?.reviews.iter().find(|r| r.ply == ply)?;
        let line: Vec<String> = r.best.line.iter().map(|&sq| square_name(sq, n)).collect();
        Some(view! {
            <p class="better-line" data-testid="better-line">
                {format!("{} {} played {}; better {}", move_number(ply + 1), r.mover, describe(r, n), line.join(" "))}
            </p>
        })
    })
}
