//! Hand-written solvers for the last four empty squares: no move generation, no table, no sorting beyond the
//! order the caller gives. Each answers a null-window question (is the score above `alpha`?) and returns a
//! fail-soft score; `solve_1` returns the exact score.

use crate::engine::bits::neighbours;
use crate::engine::rules::last_flip::count_last_flips;
use crate::engine::rules::moves::flips;
use crate::engine::rules::{Board, INFINITY, MAX_SCORE};

/// Below any score: no move found yet.
const NONE: i32 = -INFINITY;

/// Exact final score with one empty square left: count the flips without playing the move, the opponent's if
/// the side to move cannot play there.
#[inline]
pub fn solve_1(board: &Board, sq: usize, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let discs = board.player.count_ones() as i32;
    let flipped = count_last_flips(board.player, sq);
    if flipped > 0 {
        return 2 * (discs + flipped + 1) - MAX_SCORE;
    }
    let flipped = count_last_flips(board.opponent, sq);
    if flipped > 0 {
        return 2 * (discs - flipped) - MAX_SCORE;
    }
    // Nobody can play: the empty square goes to the winner (63 discs, so never a draw).
    let diff = 2 * discs - 63;
    diff + diff.signum()
}

/// Flips of a move on `sq`, skipping the ray walk when no opponent disc touches the square.
#[inline(always)]
pub fn flips_near(board: &Board, sq: usize) -> u64 {
    if neighbours(1 << sq) & board.opponent == 0 {
        0
    } else {
        flips(board.player, board.opponent, sq)
    }
}

/// Null-window solve of 2 to 4 empty squares, tried in the order given (the caller puts odd quadrants first).
pub fn solve_few(board: &Board, alpha: i32, squares: &[usize], nodes: &mut u64) -> i32 {
    let score = solve_side(board, alpha, squares, nodes);
    if score != NONE {
        return score;
    }
    let passed = board.pass();
    let score = solve_side(&passed, -alpha - 1, squares, nodes);
    if score != NONE {
        -score
    } else {
        board.final_score()
    }
}

/// The side to move's best over its moves, or `NONE` if it has none.
#[inline]
fn solve_side(board: &Board, alpha: i32, squares: &[usize], nodes: &mut u64) -> i32 {
    *nodes += 1;
    let mut best = NONE;
    for (i, &sq) in squares.iter().enumerate() {
        let flipped = flips_near(board, sq);
        if flipped == 0 {
            continue;
        }
        let next = board.play_with(sq, flipped);
        let score = if squares.len() == 2 {
            -solve_1(&next, squares[1 - i], nodes)
        } else {
            let mut rest = [0usize; 3];
            let mut n = 0;
            for (j, &other) in squares.iter().enumerate() {
                if j != i {
                    rest[n] = other;
                    n += 1;
                }
            }
            -solve_few(&next, -alpha - 1, &rest[..n], nodes)
        };
        if score > best {
            best = score;
            if score > alpha {
                break;
            }
        }
    }
    best
}
