//! The hand-set evaluation (mobility, potential mobility, corners, X- and C-squares, parity): the baseline the
//! trained pattern evaluation is measured against.

use super::evaluator::Evaluator;
use crate::engine::bits::neighbours;
use crate::engine::rules::Board;

const CORNERS: u64 = 0x8100_0000_0000_0081;
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
        (self.fine(board) / 16).clamp(-64, 64)
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
        12 * mobility + 5 * potential + 56 * corners - 28 * x_squares - 10 * c_squares + 8 * parity
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
