//! The interface the search calls at its leaves.

use crate::rules::Board;

/// Scores a position for the side to move, in discs: the expected final disc difference, within ±`MAX_SCORE`.
/// The search compares these scores with exact ones, so the scale must stay in disc units.
pub trait Evaluator {
    fn evaluate(&self, board: &Board) -> i32;

    /// The same score in sixteenths of a disc: finer, for move ordering.
    fn fine(&self, board: &Board) -> i32;
}
