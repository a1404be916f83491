//! The midgame search: principal-variation search to a fixed depth with the evaluation at the horizon, the
//! transposition table, multi-prob-cut on null windows, and evaluation-ordered moves; it hands over to the exact
//! endgame search once the depth reaches the end of the game.

use super::ordering::{order_mid, MoveList};
use super::searcher::Searcher;
use super::tt::{Store, NO_MOVE};
use crate::bits::squares_of;
use crate::rules::{Board, INFINITY};

impl Searcher {
    /// Midgame principal-variation search to `depth` plies, fail-soft; exact once the depth reaches the end.
    pub(crate) fn pvs_mid(&mut self, board: &Board, depth: u32, alpha: i32, beta: i32) -> i32 {
        let empties = board.empty_count();
        if depth >= empties {
            return self.pvs_end(board, alpha, beta);
        }
        if depth == 0 {
            self.nodes += 1;
            return self.evaluator.evaluate(board);
        }
        if depth == 1 {
            return self.search_eval_1(board, alpha, beta);
        }
        if !self.count_node() {
            return alpha;
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(board) {
            if let Some(score) = e.cutoff(depth, self.selectivity, alpha, beta) {
                return score;
            }
            tt_move = e.best_move;
        }
        if beta - alpha == 1 {
            if let Some(score) = self.probcut(board, depth, alpha) {
                return score;
            }
        }
        let moves = board.moves();
        if moves == 0 {
            if board.opponent_moves() == 0 {
                return board.final_score();
            }
            return -self.pvs_mid(&board.pass(), depth, -beta, -alpha);
        }
        let mut list = MoveList::new(board, moves);
        // The table's move first, alone; the rest ordered only if it does not cut (nodes one ply from the horizon
        // never get here: `search_eval_1`).
        let sorted_from = (list.len() > 1).then(|| usize::from(list.move_to_front(tt_move)));
        let order = |s: &mut Searcher, list: &mut MoveList| order_mid(&*s.evaluator, list, board, depth);
        let Some((best, best_move)) =
            self.pvs_moves(board, &mut list, sorted_from, order, alpha, beta, |s, child, a, b| {
                s.pvs_mid(child, depth - 1, a, b)
            })
        else {
            return alpha;
        };
        self.tt.store(board, Store { depth, selectivity: self.selectivity, alpha, beta, score: best, best_move });
        best
    }

    /// A node one ply above the horizon (Edax's `search_eval_1`): the best of its children's evaluations, the
    /// table's move first, then in square order, stopping at the first that reaches `beta`. Its children are leaves,
    /// so neither a null window (a leaf's score is exact, a re-search would evaluate it again) nor a move list
    /// (the flips of moves never tried) pays; the table does, its move ordering the node once it is two plies deep.
    fn search_eval_1(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        if !self.count_node() {
            return alpha;
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(board) {
            if let Some(score) = e.cutoff(1, self.selectivity, alpha, beta) {
                return score;
            }
            tt_move = e.best_move;
        }
        let moves = board.moves();
        if moves == 0 {
            if board.opponent_moves() == 0 {
                return board.final_score();
            }
            return -self.search_eval_1(&board.pass(), -beta, -alpha);
        }
        // The table's move if it is legal here (`NO_MOVE`, 64, shifts out to nothing).
        let first = moves & 1u64.checked_shl(u32::from(tt_move)).unwrap_or(0);
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        for square in squares_of(first).chain(squares_of(moves & !first)) {
            self.nodes += 1;
            let score = -self.evaluator.evaluate(&board.play(square));
            if score > best {
                best = score;
                best_move = square as u8;
                if score >= beta {
                    break;
                }
            }
        }
        self.tt.store(board, Store { depth: 1, selectivity: self.selectivity, alpha, beta, score: best, best_move });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluator, HandEvaluator};
    use crate::rng::Rng;
    use crate::rules::random_play::random_board;
    use crate::rules::MAX_SCORE;

    /// A node one ply above the horizon scores its best child's evaluation (a pass keeps the ply), and its
    /// null windows fail on the same side of that score, fail-soft, with the table holding earlier bounds.
    #[test]
    fn one_ply_searches_score_the_best_childs_evaluation() {
        let mut searcher = Searcher::with_evaluator(1, Box::new(HandEvaluator));
        let mut rng = Rng::new(7);
        let one_ply = |board: &Board| -> i32 {
            let moves = if board.moves() == 0 { board.pass() } else { *board };
            squares_of(moves.moves())
                .map(|sq| -HandEvaluator.evaluate(&moves.play(sq)))
                .max()
                .map_or(board.final_score(), |best| if board.moves() == 0 { -best } else { best })
        };
        let mut checked = 0;
        while checked < 200 {
            let Some(board) = random_board(20 + checked % 30, &mut rng) else { continue };
            checked += 1;
            let expected = one_ply(&board);
            assert_eq!(searcher.pvs_mid(&board, 1, -MAX_SCORE, MAX_SCORE), expected, "{board:?}");
            for alpha in [expected - 2, expected - 1, expected, expected + 1] {
                let bound = searcher.pvs_mid(&board, 1, alpha, alpha + 1);
                assert_eq!(bound > alpha, expected > alpha, "alpha {alpha}, score {expected}, {board:?}");
                assert!(if bound > alpha { bound <= expected } else { bound >= expected }, "fail-soft side");
            }
        }
    }
}
