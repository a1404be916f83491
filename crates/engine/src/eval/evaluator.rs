//! The interface the search calls at its leaves.

use crate::rules::Board;

/// Scores a position for the side to move, in discs: the expected final disc difference, within ±`MAX_SCORE`.
/// The search compares these scores with exact ones, so the scale must stay in disc units.
pub trait Evaluator {
    fn evaluate(&self, board: &Board) -> i32;

    /// The same score in sixteenths of a disc: finer, for move ordering.
    fn fine(&self, board: &Board) -> i32;

    /// For each child `board.play_with(square, flipped)` of `moves`: its `fine` score and its own legal moves
    /// (which move ordering weighs too and an evaluation counting mobility finds anyway), into `scored`. An
    /// evaluation that derives a child's features from its parent's (`PatternEvaluator`) does it for less.
    fn fine_children(&self, board: &Board, moves: &[(usize, u64)], scored: &mut [(i32, u64)]) {
        for (&(square, flipped), out) in moves.iter().zip(scored) {
            let child = board.play_with(square, flipped);
            *out = (self.fine(&child), child.moves());
        }
    }
}
