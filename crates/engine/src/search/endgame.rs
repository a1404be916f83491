//! Exact endgame search: principal-variation search whose non-PV nodes are null-window searches.
//!
//! Three bands by empties: above `SHALLOW_EMPTIES` moves are generated, ordered fastest-first and the
//! transposition table is used; from `SHALLOW_EMPTIES` down to 5 the empty squares are tried in parity order
//! without move generation or table; the last four go to the hand-written solvers.

use std::ops::ControlFlow;

use super::last_moves::{flips_near, solve_1, solve_2, solve_3, solve_4};
use super::ordering::{order_end, MoveList};
use super::parity::odd_quadrant_squares;
use super::searcher::Searcher;
use super::tt::{Store, NO_MOVE};
use crate::bits::squares_of;
use crate::rules::stability::{score_cap, STABILITY_THRESHOLD};
use crate::rules::{Board, CORNERS, INFINITY, MAX_SCORE};

/// At and below this many empties the search uses neither move generation nor the table (with the children's
/// buckets prefetched, the table pays from 7 empties: FFO #45 0.95x the CPU of 7, with 26% fewer nodes).
pub const SHALLOW_EMPTIES: u32 = 6;

/// From this many empties the children are looked up in the table before searching (enhanced transposition
/// cutoff): the probes cost more than they save nearer the end. FFO #40-#49: from 14, 911.3 M nodes; from 12,
/// 901.5 M at the same CPU time; from 10, 883.6 M but 1.02x the time on #45; from 8, 869.0 M but 1.09x.
const ETC_EMPTIES: u32 = 12;

/// Prob-cut level of the ordering searches (87 % confidence): an order only needs the rough value, and pruning
/// makes the deeper searches far from the end affordable. FFO #40-#49 (with today's ordering depths): 790.9 M
/// nodes unpruned, 751.6 M at this level, 739.9 M at level 0 (73 %).
const ORDER_SELECTIVITY: u8 = 1;

/// The stability cutoff: when alpha is high enough for it to matter, the opponent's stable discs may prove
/// the score cannot exceed alpha. Too few opponent discs to prove it, stable or not, skip the costly count: a
/// population count first (it made the cutoff at 4 empties pay, below).
#[inline]
fn stability_cutoff(board: &Board, alpha: i32, empties: u32) -> Option<i32> {
    let cap_if_all_stable = MAX_SCORE - 2 * board.opponent.count_ones() as i32;
    if alpha < STABILITY_THRESHOLD[empties as usize] || cap_if_all_stable > alpha {
        return None;
    }
    let cap = score_cap(board.player, board.opponent);
    (cap <= alpha).then_some(cap)
}

impl Searcher {
    /// Exact score of `board` within the window (`alpha`, `beta`), fail-soft; PVS: the first move with the full
    /// window, the others with a null window and a re-search when one beats alpha.
    pub(crate) fn pvs_end(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        if beta - alpha <= 1 {
            return self.nws_end(board, alpha);
        }
        let empties = board.empty_count();
        if !self.count_node() {
            return alpha;
        }
        let tt_move = match self.probe_end(board, empties, alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(tt_move) => tt_move,
        };
        let moves = board.moves();
        if moves == 0 {
            if board.opponent_moves() == 0 {
                return board.final_score();
            }
            return -self.pvs_end(&board.pass(), -beta, -alpha);
        }
        let mut list = MoveList::new(board, moves);
        self.prefetch_children(board, &list, empties);
        let order = |s: &mut Self, list: &mut MoveList| {
            order_end(list, board, tt_move, empties, |child, depth| s.ordering_estimate(child, depth));
        };
        let Some((best, best_move)) = self.pvs_moves(board, &mut list, Some(0), order, alpha, beta, Self::pvs_end)
        else {
            return alpha;
        };
        self.tt.store(
            board,
            Store { depth: empties, selectivity: self.end_selectivity, alpha, beta, score: best, best_move },
        );
        best
    }

    /// The table's word on an endgame node: `Break` with the score when a stored exact search settles the window
    /// (`alpha`, `beta`), else `Continue` with the move to try first.
    #[inline]
    fn probe_end(&self, board: &Board, empties: u32, alpha: i32, beta: i32) -> ControlFlow<i32, u8> {
        let Some(e) = self.tt.probe(board) else { return ControlFlow::Continue(NO_MOVE) };
        match e.cutoff(empties, self.end_selectivity, alpha, beta) {
            Some(score) => ControlFlow::Break(score),
            None => ControlFlow::Continue(e.endgame_move(empties)),
        }
    }

    /// Prefetches the table buckets of the children that will probe the table (see `TranspositionTable::prefetch`).
    #[inline]
    fn prefetch_children(&self, board: &Board, list: &MoveList, empties: u32) {
        if empties > SHALLOW_EMPTIES + 1 {
            for i in 0..list.len() {
                let m = list.nth(i);
                self.tt.prefetch(&board.play_with(m.square, m.flipped));
            }
        }
    }

    /// Enhanced transposition cutoff: a child whose stored upper bound already lets us beat alpha settles the
    /// node without searching anything.
    fn enhanced_transposition_cutoff(&self, board: &Board, list: &MoveList, alpha: i32, empties: u32) -> Option<i32> {
        (0..list.len()).find_map(|i| {
            let m = list.nth(i);
            let e = self.tt.probe(&board.play_with(m.square, m.flipped))?;
            let score = -(e.upper as i32);
            (e.covers(empties - 1, self.end_selectivity) && score > alpha).then_some(score)
        })
    }

    /// A child's score for endgame move ordering, in sixteenths of a disc: the evaluation, or a midgame search
    /// `depth` plies deep (`rough_mid`).
    fn ordering_estimate(&mut self, child: &Board, depth: u32) -> i32 {
        if depth == 0 {
            self.evaluator.fine(child)
        } else {
            16 * self.rough_mid(child, depth, -MAX_SCORE, MAX_SCORE)
        }
    }

    /// A midgame search pruned by prob-cut at `ORDER_SELECTIVITY`, for the endgame's estimates (its bounds are
    /// stored as that selective, so no exact search takes them for its own).
    pub(crate) fn rough_mid(&mut self, board: &Board, depth: u32, alpha: i32, beta: i32) -> i32 {
        let selectivity = std::mem::replace(&mut self.selectivity, ORDER_SELECTIVITY);
        let score = self.pvs_mid(board, depth, alpha, beta);
        self.selectivity = selectivity;
        score
    }

    /// Null-window exact search: is the score above `alpha`? Fail-soft.
    pub(crate) fn nws_end(&mut self, board: &Board, alpha: i32) -> i32 {
        let empties = board.empty_count();
        if empties <= SHALLOW_EMPTIES {
            return self.nws_shallow(board, alpha, empties);
        }
        if !self.count_node() {
            return alpha;
        }
        let tt_move = match self.probe_end(board, empties, alpha, alpha + 1) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(tt_move) => tt_move,
        };
        if let Some(cap) = stability_cutoff(board, alpha, empties) {
            return cap;
        }
        if let Some(bound) = self.probcut_end(board, empties, alpha) {
            return bound;
        }
        let moves = board.moves();
        if moves == 0 {
            if board.opponent_moves() == 0 {
                return board.final_score();
            }
            return -self.nws_end(&board.pass(), -alpha - 1);
        }
        let mut list = MoveList::new(board, moves);
        self.prefetch_children(board, &list, empties);
        if empties >= ETC_EMPTIES {
            if let Some(score) = self.enhanced_transposition_cutoff(board, &list, alpha, empties) {
                return score;
            }
        }
        // The table's move first, alone: when it cuts, as it mostly does, the others are never ordered (far from the
        // end, ordering them costs a shallow search of every child).
        let unsorted_from = usize::from(list.move_to_front(tt_move));
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        for i in 0..list.len() {
            if i == unsorted_from {
                order_end(&mut list, board, tt_move, empties, |child, depth| self.ordering_estimate(child, depth));
            }
            let m = if i < unsorted_from { list.nth(i) } else { list.pick(i) };
            let score = -self.nws_end(&board.play_with(m.square, m.flipped), -alpha - 1);
            if self.aborted {
                return alpha;
            }
            if score > best {
                best = score;
                best_move = m.square as u8;
                if score > alpha {
                    break;
                }
            }
        }
        self.tt.store(
            board,
            Store { depth: empties, selectivity: self.end_selectivity, alpha, beta: alpha + 1, score: best, best_move },
        );
        best
    }

    /// Null-window search near the end: empty squares in parity order (odd quadrants first, corners first within
    /// each), no move generation, no table.
    fn nws_shallow(&mut self, board: &Board, alpha: i32, empties: u32) -> i32 {
        let empty = board.empties();
        let odd = odd_quadrant_squares(empty);
        if empties <= 4 {
            return self.solve_last(board, alpha, empties, empty, odd);
        }
        self.nodes += 1;
        if let Some(cap) = stability_cutoff(board, alpha, empties) {
            return cap;
        }
        let mut best = -INFINITY;
        // Corners first within each parity (FFO #40-#49: 625.0 M nodes without, 612.1 M with; Edax's whole
        // square order, five classes, 608.3 M at more cost per node).
        for squares in [odd & CORNERS, odd & !CORNERS, empty & !odd & CORNERS, empty & !odd & !CORNERS] {
            for sq in squares_of(squares) {
                let flipped = flips_near(board, sq);
                if flipped == 0 {
                    continue;
                }
                let score = -self.nws_shallow(&board.play_with(sq, flipped), -alpha - 1, empties - 1);
                if score > best {
                    best = score;
                    if score > alpha {
                        return score;
                    }
                }
            }
        }
        if best > -INFINITY {
            return best;
        }
        if board.opponent_moves() == 0 {
            return board.final_score();
        }
        -self.nws_shallow(&board.pass(), -alpha - 1, empties)
    }

    /// The last four or fewer empties, odd quadrants first.
    fn solve_last(&mut self, board: &Board, alpha: i32, empties: u32, empty: u64, odd: u64) -> i32 {
        if empties == 0 {
            self.nodes += 1;
            return board.final_score();
        }
        if empties == 1 {
            return solve_1(board, empty.trailing_zeros() as usize, &mut self.nodes);
        }
        // The stability cutoff once more before the last four, where each one settles a solve of several nodes
        // (FFO #40-#49: 739.7 M nodes without it, 625.0 M with it from alpha -2; 1.05x the CPU time on #40-#44
        // until `stability_cutoff` counted the opponent's discs first, 1.01x since).
        if empties == 4 {
            if let Some(cap) = stability_cutoff(board, alpha, empties) {
                self.nodes += 1;
                return cap;
            }
        }
        let mut squares = [0usize; 4];
        for (slot, sq) in squares.iter_mut().zip(squares_of(empty & odd).chain(squares_of(empty & !odd))) {
            *slot = sq;
        }
        let [a, b, c, d] = squares;
        match empties {
            2 => solve_2(board, alpha, [a, b], &mut self.nodes),
            3 => solve_3(board, alpha, [a, b, c], &mut self.nodes),
            _ => solve_4(board, alpha, [a, b, c, d], &mut self.nodes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rules::random_play::random_board;

    #[test]
    fn counting_the_opponents_discs_first_skips_no_stability_cutoff() {
        let mut rng = Rng::new(0x51AB_1E00_D15C_5EED);
        let mut cutoffs = 0;
        for round in 0..3_000u32 {
            let Some(board) = random_board(4 + round % 12, &mut rng) else { continue };
            let empties = board.empty_count();
            for alpha in (STABILITY_THRESHOLD[empties as usize]..MAX_SCORE).step_by(2) {
                let cap = score_cap(board.player, board.opponent);
                let unfiltered = (cap <= alpha).then_some(cap);
                assert_eq!(stability_cutoff(&board, alpha, empties), unfiltered, "{board:?} alpha {alpha}");
                cutoffs += unfiltered.is_some() as u32;
            }
        }
        assert!(cutoffs > 100, "only {cutoffs} cutoffs: the positions test little");
    }
}
