//! What the analysis draws on the board of the game on the table: each legal square's hint while hints are on (its
//! label and the words its accessible name ends with), and the played and the better move of the reviewed mistake
//! chosen in the review panel.

use super::board_input::CELL;
use crate::model::analysis_state::{Analysis, Hints};
use crate::model::state::AppState;
use analysis::{MoveValue, Verdict};
use leptos::prelude::*;

/// What a legal square shows while hints are on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareHint {
    /// "+4", "−2", "W".
    pub label: String,
    pub best: bool,
    pub exact: bool,
    /// The end of the square's accessible name: ", hint +4 exact".
    pub words: String,
}

/// The hint for `square` among `hints` (those of the position on the table), once it has a value.
pub fn square_hint(hints: &Hints, square: usize) -> Option<SquareHint> {
    let value = hints.value(square)?;
    Some(SquareHint {
        label: value.label(),
        best: Some(value.rank()) == hints.best_rank,
        exact: value.verdict == Verdict::Exact,
        words: hint_words(value),
    })
}

/// What the hint adds to a legal square's accessible name: ", hint +4", ", hint +4 exact", ", hint W".
pub fn hint_words(value: &MoveValue) -> String {
    let exact = if value.verdict == analysis::Verdict::Exact { " exact" } else { "" };
    format!(", hint {}{exact}", value.label().replace('\u{2212}', "-"))
}

/// On the board, while a reviewed mistake is chosen and its position shows: the played move (red ring) and the
/// better one (green ring).
#[component]
pub fn ReviewMarks() -> impl IntoView {
    let state = AppState::get();
    let analysis = use_context::<Analysis>()?;
    let marks = move || {
        let ply = analysis.focus.get()?;
        if state.table.with(|t| t.game.history().cursor()) != ply {
            return None;
        }
        let n = state.size();
        analysis.review.with(|review| {
            let r = review.as_ref()?.reviews.iter().find(|r| r.ply == ply)?;
            let at = |sq: usize| ((sq % n) as f64 * CELL + CELL / 2.0, (sq / n) as f64 * CELL + CELL / 2.0);
            let (px, py) = at(r.played.square);
            let (bx, by) = at(r.best.square);
            Some(view! {
                <circle class="review-played" cx=px cy=py r=CELL * 0.38 />
                <circle class="review-better" cx=bx cy=by r=CELL * 0.38 />
            })
        })
    };
    Some(view! { <g class="review-marks" aria-hidden="true">{marks}</g> }.into_any())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_words_read_as_the_square_shows_them() {
        let value = |score, verdict| MoveValue { square: 0, score, verdict, line: vec![0] };
        assert_eq!(hint_words(&value(4, Verdict::Estimate { depth: 6 })), ", hint +4");
        assert_eq!(hint_words(&value(-2, Verdict::Exact)), ", hint -2 exact");
        assert_eq!(hint_words(&value(0, Verdict::Exact)), ", hint 0 exact");
        assert_eq!(hint_words(&value(1, Verdict::WinLossDraw)), ", hint W");
    }
}
