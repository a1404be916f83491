//! The hand-set evaluation (mobility, potential mobility, corners, X- and C-squares, parity): the baseline the
//! trained pattern evaluation is measured against.

use super::evaluator::Evaluator;
use crate::bits::neighbours;
use crate::rules::{Board, CORNERS, MAX_SCORE};

/// The hand-set evaluation's weights, in sixteenths of a disc per unit of each feature (the side to move's count
/// minus the opponent's). One table for both hand-set evaluations: this 8×8 one and the generic searcher's.
pub struct HandWeights {
    pub mobility: i32,
    /// Empty squares beside the opponent's discs (the generic searcher leaves this one out).
    pub potential_mobility: i32,
    pub corner: i32,
    /// A disc on an X-square next to an empty corner.
    pub x_square: i32,
    /// A disc on a C-square next to an empty corner.
    pub c_square: i32,
    /// An odd number of empties: the side to move expects the last move.
    pub parity: i32,
}

pub const HAND_WEIGHTS: HandWeights =
    HandWeights { mobility: 12, potential_mobility: 5, corner: 56, x_square: -28, c_square: -10, parity: 8 };
/// b2, g2, b7, g7: diagonal neighbours of the corners.
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// Edge neighbours of the corners: b1, g1, a2, h2, a7, h7, b8, g8.
const C_SQUARES: u64 = 0x4281_0000_0000_8142;

/// Squares of `x` next to an empty corner, counted: they give the corner away.
#[inline]
fn next_to_empty_corner(x: u64, squares: u64, empty: u64) -> i32 {
    (x & squares & neighbours(CORNERS & empty)).count_ones() as i32
}

/// The hand-set evaluation. Weights are in sixteenths of a disc.
#[derive(Clone, Copy, Debug, Default)]
pub struct HandEvaluator;

impl Evaluator for HandEvaluator {
    fn evaluate(&self, board: &Board) -> i32 {
        (self.fine(board) / 16).clamp(-MAX_SCORE, MAX_SCORE)
    }

    #[inline]
    fn fine(&self, board: &Board) -> i32 {
        let (p, o, empty) = (board.player, board.opponent, board.empties());
        let mobility = board.moves().count_ones() as i32 - board.opponent_moves().count_ones() as i32;
        // Potential mobility (frontier): empty squares beside the opponent's discs are future moves.
        let potential = (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32;
        let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
        let x_squares = next_to_empty_corner(p, X_SQUARES, empty) - next_to_empty_corner(o, X_SQUARES, empty);
        let c_squares = next_to_empty_corner(p, C_SQUARES, empty) - next_to_empty_corner(o, C_SQUARES, empty);
        // Parity: with an odd number of empties the side to move expects the last move of the game.
        let parity = (empty.count_ones() & 1) as i32;
        let w = &HAND_WEIGHTS;
        w.mobility * mobility
            + w.potential_mobility * potential
            + w.corner * corners
            + w.x_square * x_squares
            + w.c_square * c_squares
            + w.parity * parity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_a_corner_is_worth_having() {
        let eval = HandEvaluator;
        assert_eq!(eval.evaluate(&Board::start()), 0);
        let with_corner = Board::new(Board::start().player | 1, Board::start().opponent);
        assert!(eval.evaluate(&with_corner) > 0);
        assert!(eval.evaluate(&with_corner.pass()) < 0);
    }
}
