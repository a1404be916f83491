//! Hand-written solvers for the last four empty squares: no move generation, no table, no sorting beyond the
//! order the caller gives. Each answers a null-window question (is the score above `alpha`?) and returns a
//! fail-soft score; `solve_1` returns the exact score.

use crate::bits::neighbours;
use crate::rules::last_flip::count_last_flips;
use crate::rules::moves::flips;
use crate::rules::{Board, INFINITY, MAX_SCORE};

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

/// Null-window solves of 2, 3 and 4 empty squares, tried in the order given (the caller puts odd quadrants first).
/// Each size is its own function over a fixed-size array, so the loops over the squares unroll and the squares left
/// for the next ply are picked without a loop or a length check.
pub fn solve_2(board: &Board, alpha: i32, squares: [usize; 2], nodes: &mut u64) -> i32 {
    solve_n(board, alpha, squares, nodes, |next, _, i, nodes| solve_1(next, squares[1 - i], nodes))
}

pub fn solve_3(board: &Board, alpha: i32, squares: [usize; 3], nodes: &mut u64) -> i32 {
    solve_n(board, alpha, squares, nodes, |next, alpha, i, nodes| solve_2(next, alpha, without(squares, i), nodes))
}

pub fn solve_4(board: &Board, alpha: i32, squares: [usize; 4], nodes: &mut u64) -> i32 {
    solve_n(board, alpha, squares, nodes, |next, alpha, i, nodes| solve_3(next, alpha, without(squares, i), nodes))
}

/// The squares but the `i`-th, in their order (`M` is `N - 1`).
#[inline(always)]
fn without<const N: usize, const M: usize>(squares: [usize; N], i: usize) -> [usize; M] {
    std::array::from_fn(|j| squares[j + (j >= i) as usize])
}

/// The side to move's best, else its opponent's after a pass, else the final score; `rest(next, alpha, i, nodes)`
/// solves the position after playing the `i`-th square.
#[inline(always)]
fn solve_n<const N: usize>(
    board: &Board,
    alpha: i32,
    squares: [usize; N],
    nodes: &mut u64,
    rest: impl Fn(&Board, i32, usize, &mut u64) -> i32,
) -> i32 {
    let score = solve_side(board, alpha, &squares, nodes, &rest);
    if score != NONE {
        return score;
    }
    let score = solve_side(&board.pass(), -alpha - 1, &squares, nodes, &rest);
    if score != NONE {
        -score
    } else {
        board.final_score()
    }
}

/// The side to move's best over its moves, or `NONE` if it has none.
#[inline(always)]
fn solve_side<const N: usize>(
    board: &Board,
    alpha: i32,
    squares: &[usize; N],
    nodes: &mut u64,
    rest: &impl Fn(&Board, i32, usize, &mut u64) -> i32,
) -> i32 {
    *nodes += 1;
    let mut best = NONE;
    for (i, &sq) in squares.iter().enumerate() {
        let flipped = flips_near(board, sq);
        if flipped == 0 {
            continue;
        }
        let score = -rest(&board.play_with(sq, flipped), -alpha - 1, i, nodes);
        if score > best {
            best = score;
            if score > alpha {
                break;
            }
        }
    }
    best
}
