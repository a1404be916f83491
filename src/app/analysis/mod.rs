//! Hints, the game review and the evaluation graph in the app: signals the components read (through context),
//! and the driver that runs the analysis a slice at a time between frames, like the computer's own thinking.

mod driver;
mod graph;
mod hints;
mod openings;
mod review;

pub use graph::EvalGraph;
pub use hints::{square_hint, HintsPanel};
pub use openings::{opening_reached_at, OpeningName};
pub use review::{move_mark, ReviewMarks, ReviewPanel};

use super::event::Event;
use super::state::AppState;
use analysis::{GameReview, MoveValue, MoveValues, PlayerSummary, PlyReview, ReviewDepth};
use game::{Color, Game, Move, Position};
use leptos::prelude::*;

/// What hints show for one position: every legal move's value so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Hints {
    pub position: Position,
    pub values: Vec<MoveValue>,
    /// The best value's rank (several moves may share it).
    pub best_rank: Option<i32>,
    /// Plies every move has been searched to (the empties once solved).
    pub depth: u32,
    pub done: bool,
}

impl Hints {
    fn of(position: Position, analysis: &MoveValues) -> Hints {
        Hints {
            position,
            values: analysis.values().cloned().collect(),
            best_rank: analysis.best().map(MoveValue::rank),
            depth: analysis.depth(),
            done: analysis.is_done(),
        }
    }

    pub fn value(&self, square: usize) -> Option<&MoveValue> {
        self.values.iter().find(|v| v.square == square)
    }

    pub fn best(&self) -> Option<&MoveValue> {
        self.values.iter().find(|v| Some(v.rank()) == self.best_rank)
    }
}

/// A review as the components show it: the moves reviewed so far and the game they belong to.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The reviewed game's moves: marks apply only while the game shown agrees with them.
    pub moves: Vec<Move>,
    pub reviews: Vec<PlyReview>,
    /// Moves to review in all.
    pub total: usize,
    pub running: bool,
    pub depth: ReviewDepth,
    pub summaries: [PlayerSummary; 2],
    pub graph: Vec<(usize, i32, bool)>,
}

impl Review {
    fn of(game: &Game, review: &GameReview, running: bool, depth: ReviewDepth) -> Review {
        Review {
            moves: game.history().moves().to_vec(),
            reviews: review.reviews().to_vec(),
            total: review.progress().1,
            running,
            depth,
            summaries: [review.summary(Color::Black), review.summary(Color::White)],
            graph: review.graph(),
        }
    }

    /// The review of the move that made ply `ply` (1-based, as the move list counts), if it is reviewed and
    /// the game shown still has that move.
    pub fn of_move(&self, moves: &[Move], ply: usize) -> Option<&PlyReview> {
        let index = ply.checked_sub(1)?;
        if moves.get(..=index)? != self.moves.get(..=index)? {
            return None;
        }
        self.reviews.iter().find(|r| r.ply == index)
    }
}

/// The analysis state every component shares.
#[derive(Clone, Copy)]
pub struct Analysis {
    pub hints_on: RwSignal<bool>,
    /// The current position's hints (for the position they were computed for).
    pub hints: RwSignal<Option<Hints>>,
    /// The legal square under the pointer, for the line shown in the panel.
    pub review: RwSignal<Option<Review>>,
    /// How deep Review game looks (the review panel's choice, also used by the result panel's Review).
    pub review_depth: RwSignal<ReviewDepth>,
    /// Asks the driver to review this game (set by Review game, cleared by Stop).
    review_request: RwSignal<Option<(Game, ReviewDepth)>>,
    /// The reviewed move chosen in the review panel: its position shows with the played and the better move.
    pub focus: RwSignal<Option<usize>>,
}

impl Analysis {
    pub fn get() -> Analysis {
        expect_context::<Analysis>()
    }

    pub fn toggle_hints(&self) {
        self.hints_on.update(|on| *on = !*on);
    }

    /// Review the game as it is on the table (its redo tail included), as deep as the review panel says.
    pub fn start_review(&self, state: &AppState) {
        let game = state.table.with_untracked(|t| t.game.clone());
        self.focus.set(None);
        self.review_request.set(Some((game, self.review_depth.get_untracked())));
    }

    pub fn stop_review(&self) {
        self.review_request.set(None);
    }
}

/// Provides the analysis context and starts its driver.
pub fn install(state: AppState) {
    let analysis = Analysis {
        hints_on: RwSignal::new(false),
        hints: RwSignal::new(None),
        review: RwSignal::new(None),
        review_depth: RwSignal::new(ReviewDepth::Quick),
        review_request: RwSignal::new(None),
        focus: RwSignal::new(None),
    };
    provide_context(analysis);
    // The keyboard's Hints command arrives as an event.
    Effect::new(move |_| {
        if state.event.with(|last| last.as_ref().is_some_and(|last| last.event == Event::HintsToggled)) {
            analysis.toggle_hints();
        }
    });
    driver::install(state, analysis);
}

/// What the hint adds to a legal square's accessible name: ", hint +4", ", hint +4 exact", ", hint W".
pub fn hint_words(value: &MoveValue) -> String {
    let exact = if value.verdict == analysis::Verdict::Exact { " exact" } else { "" };
    format!(", hint {}{exact}", value.label().replace('\u{2212}', "-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use analysis::Verdict;
    use game::Variant;

    #[test]
    fn hint_words_read_as_the_square_shows_them() {
        let value = |score, verdict| MoveValue { square: 0, score, verdict, line: vec![0] };
        assert_eq!(hint_words(&value(4, Verdict::Estimate { depth: 6 })), ", hint +4");
        assert_eq!(hint_words(&value(-2, Verdict::Exact)), ", hint -2 exact");
        assert_eq!(hint_words(&value(0, Verdict::Exact)), ", hint 0 exact");
        assert_eq!(hint_words(&value(1, Verdict::WinLossDraw)), ", hint W");
    }

    #[test]
    fn review_marks_apply_only_while_the_game_agrees() {
        let mut game = Game::new(Variant::default());
        for square in [37, 43, 34] {
            game.play(square).unwrap();
        }
        let mut analysis = GameReview::new(&game, ReviewDepth::Quick);
        analysis.run(&mut engine::Ai::new(1));
        let review = Review::of(&game, &analysis, false, ReviewDepth::Quick);
        let moves = game.history().moves().to_vec();
        assert_eq!(review.of_move(&moves, 2).map(|r| r.ply), Some(1));
        assert_eq!(review.of_move(&moves, 0), None);
        let mut other = moves.clone();
        other[0] = Move::Play(19);
        assert_eq!(review.of_move(&other, 2), None, "another game gets no marks");
        assert_eq!(review.of_move(&moves[..1], 1).map(|r| r.ply), Some(0), "the undone tail keeps earlier marks");
    }
}
