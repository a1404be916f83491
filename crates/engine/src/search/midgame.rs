//! The midgame search: principal-variation search to a fixed depth with the evaluation at the horizon, the
//! transposition table, multi-prob-cut on null windows, and evaluation-ordered moves; it hands over to the exact
//! endgame search once the depth reaches the end of the game.

use super::ordering::{order_mid, MoveList};
use super::searcher::Searcher;
use super::tt::{Store, NO_MOVE};
use crate::rules::Board;

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
        // The table's move first, alone; the rest ordered only if it does not cut. The children of a node one ply
        // from the horizon are leaves: ordering them costs as much as searching them.
        let sorted_from = (depth > 1 && list.len() > 1).then(|| usize::from(list.move_to_front(tt_move)));
        let order = |s: &mut Searcher, list: &mut MoveList| order_mid(&*s.evaluator, list, board);
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
}
