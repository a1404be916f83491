//! The value of every legal move of one position, deepening while it is given slices (anytime): one-ply values at
//! once, deeper midgame values as the slices run, then a win/loss/draw verdict or the exact score once the
//! endgame is within reach of the solver.
//!
//! Each move is searched on its own (the child position with a full window), so every value is a true score of
//! that move, not a bound as a root search would leave for all but the best move. A move keeps the value of the
//! deepest stage that finished it, so while a stage runs some moves may be one stage ahead of the others.

use engine::book::Book;
use engine::search::NO_SELECTIVITY;
use engine::Ai;
use engine::{Aborted, Limits, SearchResult, VariantBoard};
use game::squares_of;

/// How deep the analysis of a position may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depths {
    /// The deepest midgame search, in plies from the position (the move itself is the first ply).
    pub midgame: u32,
    /// Solve for win/loss/draw once a move leaves at most this many empties.
    pub wld_empties: u32,
    /// Solve exactly once a move leaves at most this many empties.
    pub exact_empties: u32,
    /// Take the opening book's values, at once, for a position it covers (and search no further there).
    pub book: bool,
}

impl Depths {
    /// Hints: the book's values in the opening, else as deep as the player waits, exact in the last 18 empties
    /// (a fraction of a second to a few seconds of slices per move in the browser), win/loss/draw in the 2 before.
    pub const HINTS: Depths = Depths { midgame: 14, wld_empties: 20, exact_empties: 18, book: true };
}

/// What a value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The evaluation's estimate of the final disc difference after a search this many plies deep.
    Estimate { depth: u32 },
    /// The opening book's value: searches of the book's depth below the positions it covers, backed up through
    /// them, so no single depth describes it.
    Book,
    /// Only the sign is known: +1 a win, 0 a draw, -1 a loss.
    WinLossDraw,
    /// The final disc difference with perfect play.
    Exact,
}

/// One legal move's value, in discs for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    pub square: usize,
    pub score: i32,
    pub verdict: Verdict,
    /// The expected continuation, starting with `square` (passes are not listed).
    pub line: Vec<usize>,
}

impl MoveValue {
    fn from_child(square: usize, child: SearchResult) -> MoveValue {
        let verdict = if child.exact {
            Verdict::Exact
        } else if child.win_loss_draw {
            Verdict::WinLossDraw
        } else {
            Verdict::Estimate { depth: child.depth + 1 }
        };
        let mut line = vec![square];
        line.extend(child.pv);
        MoveValue { square, score: -child.score, verdict, line }
    }

    /// The key moves are ranked by: a proven win above any estimate, a proven loss below any.
    pub fn rank(&self) -> i32 {
        match self.verdict {
            Verdict::WinLossDraw => self.score.signum() * 100,
            _ => self.score,
        }
    }

    /// The value as a player reads it: "+4", "−2" (a minus sign), "0", or "W", "L", "D".
    pub fn label(&self) -> String {
        match self.verdict {
            Verdict::WinLossDraw => match self.score.signum() {
                1 => "W".into(),
                -1 => "L".into(),
                _ => "D".into(),
            },
            _ if self.score > 0 => format!("+{}", self.score),
            _ if self.score < 0 => format!("\u{2212}{}", -self.score),
            _ => "0".into(),
        }
    }
}

/// The searches of one stage: every move's child searched within these limits.
type Stage = Limits;

/// The analysis of one position, advanced by [`MoveValues::step`].
pub struct MoveValues {
    board: VariantBoard,
    moves: Vec<usize>,
    stages: Vec<Stage>,
    /// The stage being searched and the index in `moves` of the next move to search in it.
    stage: usize,
    next_move: usize,
    /// Per move (same order as `moves`), the value from the deepest stage that finished it.
    values: Vec<Option<MoveValue>>,
    nodes: u64,
}

impl MoveValues {
    /// Every legal move of `board`, deepening up to `depths`.
    pub fn new(board: &VariantBoard, depths: Depths) -> MoveValues {
        let moves: Vec<usize> = squares_of(board.moves()).collect();
        if let Some(values) = depths.book.then(|| book_values(board)).flatten() {
            return MoveValues { board: *board, values, moves, stages: Vec::new(), stage: 0, next_move: 0, nodes: 0 };
        }
        let stages = if moves.is_empty() { Vec::new() } else { plan(board.empty_count() - 1, depths) };
        MoveValues { board: *board, values: vec![None; moves.len()], moves, stages, stage: 0, next_move: 0, nodes: 0 }
    }

    pub fn board(&self) -> &VariantBoard {
        &self.board
    }

    /// Search for about `node_budget` nodes (a search may overshoot by its last node's leaves); whether the
    /// analysis is complete.
    pub fn step(&mut self, ai: &mut Ai, node_budget: u64) -> bool {
        ai.set_selectivity(NO_SELECTIVITY);
        let mut used = 0;
        while self.stage < self.stages.len() {
            let Some(left) = node_budget.checked_sub(used).filter(|&left| left > 0) else { return false };
            let square = self.moves[self.next_move];
            let child = self.board.play(square);
            let outcome = ai.search(&child, &Limits { node_budget: Some(left), ..self.stages[self.stage] });
            let spent = ai.last_call_nodes(&child);
            used += spent;
            self.nodes += spent;
            match outcome {
                Ok(result) => self.values[self.next_move] = Some(MoveValue::from_child(square, result)),
                Err(Aborted) => return false,
            }
            self.next_move += 1;
            if self.next_move == self.moves.len() {
                self.next_move = 0;
                self.stage += 1;
            }
        }
        true
    }

    /// Analyse to the end in one go.
    pub fn run(&mut self, ai: &mut Ai) {
        while !self.step(ai, u64::MAX) {}
    }

    pub fn is_done(&self) -> bool {
        self.stage == self.stages.len()
    }

    /// The moves valued so far, in square order.
    pub fn values(&self) -> impl Iterator<Item = &MoveValue> {
        self.values.iter().flatten()
    }

    /// The value of one move, once it has one.
    pub fn value(&self, square: usize) -> Option<&MoveValue> {
        self.values().find(|v| v.square == square)
    }

    /// The best valued move (the lowest square among equals).
    pub fn best(&self) -> Option<&MoveValue> {
        self.values().fold(None, |best: Option<&MoveValue>, v| match best {
            Some(b) if b.rank() >= v.rank() => Some(b),
            _ => Some(v),
        })
    }

    /// Whether `value` is as good as the best move's (more than one may be).
    pub fn is_best(&self, value: &MoveValue) -> bool {
        self.best().is_some_and(|best| best.rank() == value.rank())
    }

    /// The depth every move has reached, in plies: 0 until each move has a value, the empties once all are
    /// solved.
    pub fn depth(&self) -> u32 {
        self.values
            .iter()
            .map(|v| match v.as_ref().map(|v| v.verdict) {
                None => 0,
                Some(Verdict::Estimate { depth }) => depth,
                // At least the book's searches and the move itself (deeper where the book goes on).
                Some(Verdict::Book) => u32::from(Book::get().provenance.depth) + 1,
                Some(Verdict::WinLossDraw | Verdict::Exact) => self.board.empty_count(),
            })
            .min()
            .unwrap_or(0)
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The values of every legal move (square order) from the opening book, when it covers `board`, with the book's
/// best line.
fn book_values(board: &VariantBoard) -> Option<Vec<Option<MoveValue>>> {
    let eight = board.as_board()?;
    let book = Book::get();
    let values = book.values_by_square(&eight)?;
    let value = |(square, score)| MoveValue { square, score, verdict: Verdict::Book, line: book.line(&eight, square) };
    Some(values.into_iter().map(|v| Some(value(v))).collect())
}

/// The stages for moves that leave `child_empties` empties: midgame searches one ply deeper each (only a few
/// when a solve follows, to order it), then the win/loss/draw solve, or the exact one when that is in reach.
fn plan(child_empties: u32, depths: Depths) -> Vec<Stage> {
    let midgame = |depth| Limits { depth, exact_empties: 0, wld_empties: 0, node_budget: None };
    let solve = |wld_empties| Limits { depth: 60, exact_empties: 0, wld_empties, node_budget: None };
    let solving = child_empties <= depths.wld_empties.max(depths.exact_empties);
    let deepest = if solving { 4 } else { depths.midgame.saturating_sub(1) };
    // A child depth of `child_empties` already reaches the end of the game.
    let mut stages: Vec<Stage> = (1..=deepest.min(child_empties).max(1)).map(midgame).collect();
    if child_empties <= depths.exact_empties {
        stages.push(Limits { exact_empties: 60, ..solve(60) });
    } else if solving {
        stages.push(solve(60));
    }
    stages
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Board;
    use engine::Opening;

    fn start() -> VariantBoard {
        let (black, white) = VariantBoard::start_discs(8, Opening::Standard);
        VariantBoard::new(8, black, white)
    }

    #[test]
    fn values_deepen_slice_by_slice() {
        let mut ai = Ai::new(4);
        let depths = Depths { midgame: 8, wld_empties: 0, exact_empties: 0, book: false };
        let board = engine::rules::random_play::random_position(8, Opening::Standard, 20, 3);
        let mut values = MoveValues::new(&board, depths);
        assert_eq!((values.values().count(), values.depth()), (0, 0), "nothing before the first slice");
        let mut seen = Vec::new();
        while !values.step(&mut ai, 2_000) {
            seen.push(values.depth());
        }
        seen.push(values.depth());
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "depth never falls: {seen:?}");
        assert_eq!(*seen.last().unwrap(), 8);
        assert!(seen[0] <= 3 && seen.contains(&5), "shallow first, every depth on the way: {seen:?}");
        assert_eq!(values.values().count(), board.moves().count_ones() as usize);
    }

    #[test]
    fn the_symmetric_first_moves_are_worth_the_same() {
        let mut values =
            MoveValues::new(&start(), Depths { midgame: 6, wld_empties: 0, exact_empties: 0, book: false });
        values.run(&mut Ai::new(4));
        let scores: Vec<i32> = values.values().map(|v| v.score).collect();
        assert_eq!(scores.len(), 4);
        assert!(scores.iter().all(|&s| s == scores[0]), "{scores:?}");
        assert_eq!(values.depth(), 6);
    }

    #[test]
    fn sliced_values_equal_unsliced_ones() {
        let board = engine::rules::random_play::random_position(8, Opening::Standard, 30, 5);
        let depths = Depths { midgame: 5, wld_empties: 0, exact_empties: 0, book: false };
        let mut whole = MoveValues::new(&board, depths);
        whole.run(&mut Ai::new(4));
        let mut parts = MoveValues::new(&board, depths);
        let mut ai = Ai::new(4);
        while !parts.step(&mut ai, 4_000) {}
        let scores = |m: &MoveValues| m.values().map(|v| (v.square, v.score)).collect::<Vec<_>>();
        assert_eq!(scores(&whole), scores(&parts));
        assert!(whole.values().all(|v| v.verdict == Verdict::Estimate { depth: 5 } && v.line[0] == v.square));
    }

    #[test]
    fn endgame_values_are_exact_or_win_loss_draw() {
        let board = engine::rules::random_play::random_position(8, Opening::Standard, 50, 9);
        let child_empties = board.empty_count() - 1;
        let mut ai = Ai::new(4);
        let mut wld =
            MoveValues::new(&board, Depths { midgame: 8, wld_empties: child_empties, exact_empties: 0, book: false });
        wld.run(&mut ai);
        let mut exact =
            MoveValues::new(&board, Depths { midgame: 8, wld_empties: 0, exact_empties: child_empties, book: false });
        exact.run(&mut ai);
        assert!(exact.values().count() > 1);
        for (w, e) in wld.values().zip(exact.values()) {
            assert_eq!((w.verdict, e.verdict), (Verdict::WinLossDraw, Verdict::Exact));
            assert_eq!(w.score, e.score.signum(), "move {}", e.square);
            let solved = Searcher::new(4).solve(&Board::new(
                board.play(e.square).as_board().unwrap().player,
                board.play(e.square).as_board().unwrap().opponent,
            ));
            assert_eq!(e.score, -solved.score);
        }
        assert_eq!(exact.depth(), board.empty_count());
    }

    #[test]
    fn hints_in_the_opening_book_come_at_once_with_its_values_and_lines() {
        let values = MoveValues::new(&start(), Depths::HINTS);
        assert!(values.is_done() && values.values().count() == 4, "no search needed");
        let book = Book::get();
        let start = Board::start();
        for value in values.values() {
            assert_eq!(Some(-value.score), book.value(&start.play(value.square)), "move {}", value.square);
            assert_eq!(value.verdict, Verdict::Book);
            assert!(value.line.len() > 2 && value.line[0] == value.square, "the book's line");
        }
        let searched = MoveValues::new(
            &VariantBoard::new(8, start.player as u128, start.opponent as u128),
            Depths { book: false, ..Depths::HINTS },
        );
        assert!(!searched.is_done(), "without the book the hints search");
    }

    #[test]
    fn labels_read_as_discs_or_verdicts() {
        let value = |score, verdict| MoveValue { square: 0, score, verdict, line: vec![0] };
        let estimate = Verdict::Estimate { depth: 3 };
        assert_eq!(value(4, estimate).label(), "+4");
        assert_eq!(value(-2, Verdict::Exact).label(), "\u{2212}2");
        assert_eq!(value(0, estimate).label(), "0");
        assert_eq!(value(1, Verdict::WinLossDraw).label(), "W");
        assert_eq!(value(-1, Verdict::WinLossDraw).label(), "L");
        assert_eq!(value(0, Verdict::WinLossDraw).label(), "D");
        assert!(value(1, Verdict::WinLossDraw).rank() > value(40, estimate).rank());
    }

    #[test]
    fn a_position_without_moves_has_nothing_to_value() {
        let passing = VariantBoard::new(8, 0, start().player | start().opponent);
        let mut values = MoveValues::new(&passing, Depths::HINTS);
        assert!(values.step(&mut Ai::new(1), 1_000));
        assert_eq!((values.values().count(), values.best(), values.depth()), (0, None, 0));
    }

    use engine::Searcher;
}
