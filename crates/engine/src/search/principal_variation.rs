//! The principal-variation loop the midgame and endgame searches share: the first move with the full window, the
//! others with a null window, re-searched with the full window when one lands inside it.

use super::ordering::MoveList;
use super::searcher::Searcher;
use super::tt::NO_MOVE;
use crate::rules::{Board, INFINITY};

impl Searcher {
    /// Searches the moves of `list` with `search(self, child, alpha, beta)` one ply down, fail-soft: in list order,
    /// or from index `sorted_from` on best key first, keyed by `order` when the search reaches that index (the moves
    /// before it, the table's, may cut first). Returns the best score and its square, or `None` once the search is
    /// aborted.
    #[inline]
    pub(super) fn pvs_moves(
        &mut self,
        board: &Board,
        list: &mut MoveList,
        sorted_from: Option<usize>,
        mut order: impl FnMut(&mut Self, &mut MoveList),
        mut alpha: i32,
        beta: i32,
        mut search: impl FnMut(&mut Self, &Board, i32, i32) -> i32,
    ) -> Option<(i32, u8)> {
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        for i in 0..list.len() {
            let sorted = sorted_from.is_some_and(|from| i >= from);
            if sorted_from == Some(i) {
                order(self, list);
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::squares_of;

    /// Runs `pvs_moves` on the start position's four moves with the window (0, 1), the moves from index 1 on
    /// keyed by their index when ordered; the first move searched scores `first_score`, the others fail low.
    /// Returns how often the moves were ordered and the squares in the order searched.
    fn run(first_score: i32) -> (u32, Vec<usize>) {
        let board = Board::start();
        let mut searcher = Searcher::new(1);
        let mut list = MoveList::new(&board, board.moves());
        let squares: Vec<usize> = (0..list.len()).map(|i| list.nth(i).square).collect();
        let mut orderings = 0;
        let mut searched = Vec::new();
        let order = |_: &mut Searcher, list: &mut MoveList| {
            orderings += 1;
            for (i, m) in list.iter_mut().enumerate() {
                m.key = i as i32;
            }
        };
        searcher.pvs_moves(&board, &mut list, Some(1), order, 0, 1, |_, child, _, _| {
            let square = squares.iter().copied().find(|&sq| board.play(sq) == *child).unwrap();
            searched.push(square);
            if searched.len() == 1 {
                -first_score
            } else {
                5
            }
        });
        (orderings, searched)
    }

    #[test]
    fn the_moves_after_the_first_are_ordered_only_when_it_does_not_cut() {
        let squares: Vec<usize> = squares_of(Board::start().moves()).collect();
        assert_eq!(run(10), (0, vec![squares[0]]), "the first move cut: nothing else is ordered or searched");
        let (orderings, searched) = run(-10);
        assert_eq!(orderings, 1);
        assert_eq!(searched, [squares[0], squares[3], squares[2], squares[1]], "the rest by key, highest first");
    }
}
