//! The analysis state the components share (through context): the current position's hints, the game review and
//! its request, and the reviewed move in focus. The loop that fills it a slice at a time between frames is
//! `effects/analysis_driver.rs`; the panels that show it are in `panels/`, the marks on the board in `board/`.

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
    pub(crate) fn of(position: Position, analysis: &MoveValues) -> Hints {
        Hints {
            position,
            values: analysis.values().cloned().collect(),
            best_rank: analysis.best().map(MoveValue::rank),
            depth: analysis.depth(),
            done: analysis.is_done(),
        }
    }

    /// Hints for `position` whose search has not begun (the engine's data files are on their way).
    pub(crate) fn waiting(position: Position) -> Hints {
        Hints { position, values: Vec::new(), best_rank: None, depth: 0, done: false }
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
    pub(crate) fn of(game: &Game, review: &GameReview, running: bool, depth: ReviewDepth) -> Review {
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
    pub(crate) review_request: RwSignal<Option<(Game, ReviewDepth)>>,
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

    /// Stops any review and forgets the last one (another game is on the table).
    pub fn forget_review(&self) {
        self.review_request.set(None);
        self.review.set(None);
        self.focus.set(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Variant;

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
