//! Search for the positions the 8×8 searcher does not take: 6×6 and 10×10 boards, and the empty-centre opening
//! until its centre is filled.
//!
//! Negamax alpha-beta with principal-variation search (null windows after the first move), a small transposition
//! table over the whole position, and a hand-set evaluation (corners, X- and C-squares, mobility, parity) in disc
//! units, the scale of exact scores. With few empties it solves exactly or for win/loss/draw. Like the 8×8
//! searcher it aborts when its node budget is spent, so it can run in slices between frames.

use super::evaluation::{corner_zones, evaluate_fine, CornerZone};
use super::generic_table::{GenericTable, NO_MOVE, SOLVED};
use crate::bits::squares_of;
use crate::rules::{VariantBoard, INFINITY};
use crate::search::{Aborted, Goal, Limits, SearchResult};

pub struct GenericSearcher {
    table: GenericTable,
    zones: [CornerZone; 4],
    nodes: u64,
    budget: u64,
}

impl Default for GenericSearcher {
    fn default() -> Self {
        Self::new()
    }
}

impl GenericSearcher {
    pub fn new() -> Self {
        GenericSearcher { table: GenericTable::new(), zones: Default::default(), nodes: 0, budget: 0 }
    }

    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The best move and its score at the limits' depth, or exact / win-loss-draw with few empties.
    pub fn search(&mut self, board: &VariantBoard, limits: &Limits) -> Result<SearchResult, Aborted> {
        let goal = self.start(board, limits);
        let (alpha, beta) = if goal == Goal::WinLossDraw { (-1, 1) } else { (-INFINITY, INFINITY) };
        let score = self.negamax(board, search_depth(goal), alpha, beta, false)?;
        let score = if goal == Goal::WinLossDraw { score.signum() } else { score };
        // With no move the table's first move would be the opponent's, after the pass.
        let pv = if board.moves() == 0 { Vec::new() } else { self.principal_variation(board) };
        Ok(SearchResult {
            best_move: pv.first().copied(),
            score,
            depth: reported_depth(goal, board),
            exact: goal == Goal::Exact,
            win_loss_draw: goal == Goal::WinLossDraw,
            nodes: self.nodes,
            pv,
        })
    }

    /// Nodes visited by the last search (also counted when it aborted).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn start(&mut self, board: &VariantBoard, limits: &Limits) -> Goal {
        self.zones = corner_zones(&board.geometry);
        self.nodes = 0;
        self.budget = limits.node_budget.unwrap_or(u64::MAX);
        limits.goal(board.empty_count())
    }

    fn negamax(
        &mut self,
        board: &VariantBoard,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> Result<i32, Aborted> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Aborted);
        }
        let moves = board.moves();
        if moves == 0 {
            return if passed {
                Ok(board.final_score())
            } else {
                // A pass costs no depth: the same player count of plies still follows.
                Ok(-self.negamax(&board.pass(), depth, -beta, -alpha, true)?)
            };
        }
        if depth == 0 {
            return Ok(evaluate_fine(board, &self.zones) / 16);
        }
        let index = GenericTable::index(board);
        let entry = self.table.probe(board, index);
        if let Some(e) = entry {
            if e.depth as u32 >= depth {
                let (lower, upper) = (e.lower as i32, e.upper as i32);
                if lower >= beta || lower == upper {
                    return Ok(lower);
                }
                if upper <= alpha {
                    return Ok(upper);
                }
            }
        }
        let alpha_in = alpha;
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        let mut ordered = self.ordered_moves(board, moves, depth);
        if let Some(tt_move) = entry.map(|e| e.best_move).filter(|&m| m != NO_MOVE) {
            if let Some(i) = ordered.iter().position(|&sq| sq == tt_move as usize) {
                ordered[..=i].rotate_right(1);
            }
        }
        for (i, &sq) in ordered.iter().enumerate() {
            let child = board.play(sq);
            // PVS: the first move gets the full window, the rest a null window, re-searched only if they beat it.
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, false)?
            } else {
                let probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, false)?;
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, -beta, -probe, false)?
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                best_move = sq as u8;
                if score > alpha {
                    alpha = score;
                }
            }
            if alpha >= beta {
                break;
            }
        }
        self.table.store(board, index, depth, alpha_in, beta, best, best_move);
        Ok(best)
    }

    /// Moves in search order: corners first, then (deep enough to pay off) fewest opponent replies first.
    fn ordered_moves(&self, board: &VariantBoard, moves: u128, depth: u32) -> Vec<usize> {
        let corners = self.zones.iter().fold(0, |all, z| all | z.corner);
        let mut keyed = Vec::with_capacity(moves.count_ones() as usize);
        for sq in squares_of(moves) {
            let replies =
                if depth >= 3 && board.empty_count() > 5 { board.play(sq).moves().count_ones() as i32 } else { 0 };
            let key = replies - if corners >> sq & 1 == 1 { 100 } else { 0 };
            keyed.push((key, sq));
        }
        keyed.sort_unstable();
        keyed.into_iter().map(|(_, sq)| sq).collect()
    }

    /// The best moves the table holds from `board` on, stopping at a repeat or a missing entry.
    fn principal_variation(&self, board: &VariantBoard) -> Vec<usize> {
        let mut pv = Vec::new();
        let mut position = *board;
        while pv.len() < 64 {
            if position.moves() == 0 {
                if position.pass().moves() == 0 {
                    break;
                }
                position = position.pass();
            }
            let Some(e) = self.table.probe(&position, GenericTable::index(&position)) else { break };
            let sq = e.best_move as usize;
            if e.best_move == NO_MOVE || !position.is_legal(sq) {
                break;
            }
            pv.push(sq);
            position = position.play(sq);
        }
        pv
    }
}

/// How deep the search goes for `goal`: an exact or win/loss/draw solve goes to the end of the game.
fn search_depth(goal: Goal) -> u32 {
    match goal {
        Goal::Midgame(depth) => depth,
        Goal::WinLossDraw | Goal::Exact => SOLVED as u32,
    }
}

/// The depth a result reports: the plies searched, or the empties of a solve.
fn reported_depth(goal: Goal, board: &VariantBoard) -> u32 {
    match goal {
        Goal::Midgame(depth) => depth,
        Goal::WinLossDraw | Goal::Exact => board.empty_count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random_play::random_position;
    use crate::rules::Opening;

    fn limits(depth: u32, exact_empties: u32) -> Limits {
        Limits { depth, exact_empties, wld_empties: exact_empties, node_budget: None }
    }

    /// Plain minimax without pruning or table, with the same evaluation at the horizon.
    fn minimax(board: &VariantBoard, depth: u32, zones: &[CornerZone; 4]) -> i32 {
        let moves = board.moves();
        if moves == 0 {
            let passed = board.pass();
            return if passed.moves() == 0 { -passed.final_score() } else { -minimax(&passed, depth, zones) };
        }
        if depth == 0 {
            return evaluate_fine(board, zones) / 16;
        }
        squares_of(moves).map(|sq| -minimax(&board.play(sq), depth - 1, zones)).max().expect("a legal move")
    }

    #[test]
    fn exact_solve_matches_plain_minimax_on_6x6() {
        let mut searcher = GenericSearcher::new();
        for seed in 0..6 {
            let board = random_position(6, Opening::Standard, 22, seed);
            let zones = corner_zones(&board.geometry);
            let result = searcher.search(&board, &limits(1, 36)).unwrap();
            assert!(result.exact);
            assert_eq!(result.score, minimax(&board, 99, &zones), "seed {seed}");
            if let Some(best) = result.best_move {
                assert_eq!(-minimax(&board.play(best), 99, &zones), result.score, "the move reaches the score");
            }
        }
    }

    #[test]
    fn midgame_search_matches_plain_minimax_on_every_size() {
        for (size, opening, plies) in
            [(6, Opening::Standard, 8), (8, Opening::EmptyCentre, 2), (10, Opening::Standard, 20)]
        {
            let mut searcher = GenericSearcher::new();
            for seed in 0..3 {
                let board = random_position(size, opening, plies, seed);
                let zones = corner_zones(&board.geometry);
                for depth in 1..=3 {
                    let result = searcher.search(&board, &limits(depth, 0)).unwrap();
                    assert_eq!(result.score, minimax(&board, depth, &zones), "{size}×{size} seed {seed} depth {depth}");
                    assert!(board.is_legal(result.best_move.unwrap()));
                }
            }
        }
    }

    #[test]
    fn win_loss_draw_solve_agrees_with_the_exact_sign() {
        let mut searcher = GenericSearcher::new();
        for seed in 10..16 {
            let board = random_position(6, Opening::Standard, 20, seed);
            let exact = GenericSearcher::new().search(&board, &limits(1, 36)).unwrap().score;
            let wld = Limits { depth: 1, exact_empties: 0, wld_empties: 36, node_budget: None };
            assert_eq!(searcher.search(&board, &wld).unwrap().score, exact.signum(), "seed {seed}");
        }
    }

    #[test]
    fn the_same_discs_on_another_board_size_are_another_position() {
        // Issue 11: an empty 6×6 board's entry answered for the empty 8×8 board (both have no discs), so the computer
        // passed at the start of an empty-centre game after one on another size.
        let mut searcher = GenericSearcher::new();
        for size in [6, 8, 10, 8, 6] {
            let board = VariantBoard::new(size, 0, 0);
            let result = searcher.search(&board, &limits(3, 0)).unwrap();
            assert!(result.best_move.is_some_and(|sq| board.is_legal(sq)), "{size}×{size}: {result:?}");
        }
    }

    #[test]
    fn a_spent_budget_aborts_and_a_restart_finds_the_same_answer() {
        let board = random_position(6, Opening::Standard, 18, 7);
        let unlimited = GenericSearcher::new().search(&board, &limits(1, 36)).unwrap();
        let mut searcher = GenericSearcher::new();
        let mut budgeted = limits(1, 36);
        budgeted.node_budget = Some(unlimited.nodes / 3);
        assert_eq!(searcher.search(&board, &budgeted), Err(Aborted));
        let restarted = searcher.search(&board, &limits(1, 36)).unwrap();
        assert_eq!((restarted.score, restarted.best_move), (unlimited.score, unlimited.best_move));
        assert!(restarted.nodes < unlimited.nodes, "the table keeps the aborted work");
    }
}
