//! The principal-variation loop the midgame and endgame searches share: the first move with the full window, the
//! others with a null window, re-searched with the full window when one lands inside it.

use super::ordering::MoveList;
use super::searcher::Searcher;
use super::tt::NO_MOVE;
use crate::rules::{Board, INFINITY};

impl Searcher {
    /// Searches the moves of `list` (best key first when `sorted`, else in list order) with `search(self, child,
    /// alpha, beta)` one ply down, fail-soft. Returns the best score and its square, or `None` once the search is
    /// aborted.
    #[inline]
    pub(super) fn pvs_moves(
        &mut self,
        board: &Board,
        list: &mut MoveList,
        sorted: bool,
        mut alpha: i32,
        beta: i32,
        mut search: impl FnMut(&mut Self, &Board, i32, i32) -> i32,
    ) -> Option<(i32, u8)> {
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        for i in 0..list.len() {
            let m = if sorted { list.pick(i) } else { list.nth(i) };
            let child = board.play_with(m.square, m.flipped);
            let mut score =
                if i == 0 { -search(self, &child, -beta, -alpha) } else { -search(self, &child, -alpha - 1, -alpha) };
            if i > 0 && score > alpha && score < beta && !self.aborted {
                score = -search(self, &child, -beta, -score);
            }
            if self.aborted {
                return None;
            }
            if score > best {
                best = score;
                best_move = m.square as u8;
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        Some((best, best_move))
    }
}
