//! The search driver: limits, results, the `Searcher` that owns the transposition table, iterative deepening
//! with aspiration windows, and the switch to win/loss/draw and exact solving as the empties shrink.
//!
//! Scores are final disc differences for the side to move (±`MAX_SCORE`) when exact, and the evaluation's estimate
//! of that difference (also in discs) in the midgame.
//!
//! Slicing: with `Limits::node_budget` a search stops as soon as it has visited that many nodes and returns
//! `Err(Aborted)`. Calling `search` again with the same board and limits resumes: the table keeps every finished
//! subtree, and the iterations already completed are not repeated, so a sliced search returns the same move and
//! score as an unsliced one.

use super::tt::{Store, TranspositionTable, NO_MOVE};
use crate::bits::squares_of;
use crate::eval::{Evaluator, PatternEvaluator};
use crate::rules::{Board, INFINITY, MAX_SCORE};

/// Selectivity of an unpruned search (prob-cut levels are below it).
pub const NO_SELECTIVITY: u8 = 5;

/// Prob-cut level of midgame searches by default: off. A level that prunes (Master, `LevelSettings::selectivity`)
/// sets its own through its `ThinkJob`, sliced like every level: a slice too small to redo the shallow prob-cut
/// searches could stall, but the app's slices are sized to take milliseconds and never go below `MIN_SLICE_NODES`.
pub const DEFAULT_SELECTIVITY: u8 = NO_SELECTIVITY;

/// Prob-cut level of an exact solve's selective pass (87 %, the ordering searches' level; FFO #40-#44: 55.9 M
/// nodes, 86.5 M at level 0, 61.6 M with a pass at level 3 after it, against 77.3 M without a pass).
const SELECTIVE_PASS_LEVEL: u8 = 1;
/// Solves (exact or win/loss/draw) of at least this many empties begin with the selective pass: of fewer, the pass
/// would be most of the solve's cost.
const SELECTIVE_PASS_EMPTIES: u32 = 16;

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Midgame search depth in plies (at least 1).
    pub depth: u32,
    /// Solve exactly when the position has at most this many empty squares.
    pub exact_empties: u32,
    /// Solve for win/loss/draw only when it has at most this many (and more than `exact_empties`).
    pub wld_empties: u32,
    /// Stop with `Err(Aborted)` after this many nodes; call again with the same board and limits to go on.
    pub node_budget: Option<u64>,
}

impl Limits {
    /// An exact solve with no node budget, of any board (even one with fewer than the four starting discs).
    pub fn exact() -> Self {
        Limits { depth: 64, exact_empties: 64, wld_empties: 64, node_budget: None }
    }

    /// What these limits ask of a position with `empties` empty squares: a solve when few enough are left.
    pub fn goal(&self, empties: u32) -> Goal {
        if empties <= self.exact_empties {
            Goal::Exact
        } else if empties <= self.wld_empties {
            Goal::WinLossDraw
        } else {
            Goal::Midgame(self.depth.max(1))
        }
    }
}

/// Node budgets of an exact solve run in slices (to print progress or stop at a limit): a small first slice, each
/// next one twice as big up to a cap. A slice that runs out restarts from the root with the table kept, so slices
/// cost little. The native `solve` and the browser benchmark take the same budgets, so both visit the same nodes.
#[derive(Clone, Copy, Debug)]
pub struct SolveSlices {
    next: u64,
}

impl SolveSlices {
    /// Nodes of the first slice.
    pub const FIRST: u64 = 1 << 16;
    /// Nodes of every slice once they have grown this big.
    pub const LAST: u64 = 1 << 26;

    /// The next slice's node budget.
    pub fn next_budget(&mut self) -> u64 {
        let budget = self.next;
        self.next = (budget * 2).min(Self::LAST);
        budget
    }
}

impl Default for SolveSlices {
    fn default() -> Self {
        SolveSlices { next: Self::FIRST }
    }
}

/// What a search is after: a midgame estimate so many plies deep, the win/loss/draw verdict, or the exact score.
/// Both searchers (8×8 and generic) take their goal from the limits the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Midgame(u32),
    WinLossDraw,
    Exact,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move.
    pub best_move: Option<usize>,
    /// Exact: the final disc difference. Win/loss/draw: +1, 0 or -1. Midgame: the estimate in discs.
    pub score: i32,
    /// Midgame depth reached, or the number of empties for a solve.
    pub depth: u32,
    pub exact: bool,
    /// The score is only the sign of the result (a win/loss/draw solve).
    pub win_loss_draw: bool,
    /// Nodes visited by this call.
    pub nodes: u64,
    /// Principal variation from the table, starting with `best_move` (passes are not listed).
    pub pv: Vec<usize>,
}

/// The node budget ran out before the search finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aborted;

impl std::fmt::Display for Aborted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("search aborted: node budget spent")
    }
}

/// The state of a search its node budget interrupted: enough to report a best guess when there is no time to finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// The best root move so far (from the deepest completed iteration; square order before the first).
    pub best_move: Option<usize>,
    /// The deepest completed midgame iteration: its depth and score.
    pub midgame: Option<(u32, i32)>,
    /// A solve's finished selective pass: its score (`best_move` is then that pass's move or a later one's).
    pub presolved: Option<i32>,
    /// Nodes spent by all its slices.
    pub nodes: u64,
}

/// Progress of an iterative deepening that a node budget interrupted, to resume from.
#[derive(Clone, Debug)]
struct Progress {
    board: Board,
    limits: Limits,
    /// Last completed midgame iteration: depth and score.
    completed: Option<(u32, i32)>,
    /// Root moves, best first, from the last completed iteration.
    root_order: Vec<usize>,
    /// The score of the finished selective pass before a solve (`Searcher::selective_pass`).
    presolved: Option<i32>,
    /// Nodes spent by the earlier slices.
    nodes: u64,
}

pub struct Searcher {
    pub(crate) tt: TranspositionTable,
    pub(crate) nodes: u64,
    budget: u64,
    pub(crate) aborted: bool,
    pub(crate) selectivity: u8,
    /// Prob-cut level of the exact endgame search: `NO_SELECTIVITY` but during a solve's selective pass, whose
    /// table entries are stored as that selective, so the exact pass takes their moves and never their bounds.
    pub(crate) end_selectivity: u8,
    pub(crate) evaluator: Box<dyn Evaluator>,
    progress: Option<Progress>,
    /// The position of the last search: the table's date moves on only when the root changes, so the iterations
    /// of one move (each a search of its own, `ThinkJob`'s stages) keep each other's deep entries as current.
    last_root: Option<Board>,
}

impl Searcher {
    /// A searcher with a table of about `tt_megabytes` MB and the trained pattern evaluation.
    pub fn new(tt_megabytes: usize) -> Self {
        Self::with_evaluator(tt_megabytes, Box::new(PatternEvaluator::shipped()))
    }

    pub fn with_evaluator(tt_megabytes: usize, evaluator: Box<dyn Evaluator>) -> Self {
        Self::with_table(TranspositionTable::new(tt_megabytes), evaluator)
    }

    /// A searcher over a table already made (`AiBuilder` fills it a step at a time).
    pub(crate) fn with_table(tt: TranspositionTable, evaluator: Box<dyn Evaluator>) -> Self {
        Searcher {
            tt,
            nodes: 0,
            budget: u64::MAX,
            aborted: false,
            selectivity: DEFAULT_SELECTIVITY,
            end_selectivity: NO_SELECTIVITY,
            evaluator,
            progress: None,
            last_root: None,
        }
    }

    /// Midgame prob-cut level: 0 prunes most, `NO_SELECTIVITY` turns prob-cut off. Exact and win/loss/draw
    /// solves never prune.
    pub fn set_selectivity(&mut self, level: u8) {
        self.selectivity = level.min(NO_SELECTIVITY);
    }

    /// Forget everything learnt: the table and any interrupted search.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.progress = None;
        self.last_root = None;
    }

    /// Exact solve of the whole remaining game: best move and final disc difference.
    pub fn solve(&mut self, board: &Board) -> SearchResult {
        self.search(board, &Limits::exact()).expect("a search without node budget cannot abort")
    }

    /// What the search that the node budget last interrupted has found so far, if one is waiting to resume.
    pub fn interrupted(&self) -> Option<Interrupted> {
        self.progress.as_ref().map(|p| Interrupted {
            best_move: p.root_order.first().copied(),
            midgame: p.completed,
            presolved: p.presolved,
            nodes: p.nodes,
        })
    }

    /// Counts a node; false (and `aborted` set) once the budget is spent.
    #[inline]
    pub(crate) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Best move and score within `limits`: iterative deepening in the midgame, then a win/loss/draw or exact
    /// solve when the empties are few enough.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> Result<SearchResult, Aborted> {
        // Slices may differ in budget: the same board and limits otherwise resume.
        let same =
            |p: &Progress| p.board == *board && p.limits == Limits { node_budget: p.limits.node_budget, ..*limits };
        let resumed = self.progress.take().filter(same);
        let mut progress = resumed.unwrap_or_else(|| {
            if self.last_root != Some(*board) {
                self.tt.new_search();
                self.last_root = Some(*board);
            }
            let root_order = root_moves(board);
            Progress { board: *board, limits: *limits, completed: None, root_order, presolved: None, nodes: 0 }
        });
        self.nodes = 0;
        self.budget = limits.node_budget.unwrap_or(u64::MAX);
        self.aborted = false;
        let outcome = self.deepen(board, limits, &mut progress);
        progress.nodes += self.nodes;
        match outcome {
            Some(mut result) => {
                result.nodes = progress.nodes;
                Ok(result)
            }
            None => {
                self.progress = Some(progress);
                Err(Aborted)
            }
        }
    }

    /// The iterations still to do for `progress`; `None` if the budget ran out.
    fn deepen(&mut self, board: &Board, limits: &Limits, progress: &mut Progress) -> Option<SearchResult> {
        let empties = board.empty_count();
        if progress.root_order.is_empty() {
            let score = if board.opponent_moves() == 0 {
                board.final_score()
            } else {
                -self.evaluate_position(&board.pass(), limits)?
            };
            let exact = empties <= limits.exact_empties || board.opponent_moves() == 0;
            return Some(self.result(board, None, score, empties, exact, false));
        }
        let solve = match limits.goal(empties) {
            Goal::Midgame(_) => None,
            solve => Some(solve),
        };
        // Midgame iterations first: they order the root for the solve, or are the answer.
        let last_depth =
            if solve.is_some() { limits.depth.min(empties.saturating_sub(18)) } else { limits.depth.max(1) };
        let first = progress.completed.map_or(1, |(d, _)| d + 1);
        for depth in first..=last_depth.min(empties) {
            let guess = progress.completed.map(|(_, s)| s);
            let score = self.aspiration(board, Goal::Midgame(depth), guess, &mut progress.root_order)?;
            progress.completed = Some((depth, score));
        }
        match solve {
            Some(Goal::Exact) => {
                let mut guess = progress.completed.map(|(_, s)| s);
                if empties >= SELECTIVE_PASS_EMPTIES {
                    if progress.presolved.is_none() {
                        let order = &mut progress.root_order;
                        progress.presolved =
                            Some(self.selective_pass(|s| s.aspiration(board, Goal::Exact, guess, order))?);
                    }
                    guess = progress.presolved;
                }
                let score = self.aspiration(board, Goal::Exact, guess, &mut progress.root_order)?;
                Some(self.result(board, Some(progress.root_order[0]), score, empties, true, false))
            }
            Some(_) => {
                if empties >= SELECTIVE_PASS_EMPTIES && progress.presolved.is_none() {
                    let order = &mut progress.root_order;
                    progress.presolved = Some(self.selective_pass(|s| s.root(board, Goal::WinLossDraw, -1, 1, order))?);
                }
                let score = self.root(board, Goal::WinLossDraw, -1, 1, &mut progress.root_order)?;
                Some(self.result(board, Some(progress.root_order[0]), score.signum(), empties, false, true))
            }
            None => {
                let (depth, score) = progress.completed.unwrap_or((0, 0));
                Some(self.result(board, Some(progress.root_order[0]), score, depth, depth >= empties, false))
            }
        }
    }

    /// The first pass of a solve, as Edax and Egaroucid solve: the same search (`solve`, exact or win/loss/draw)
    /// pruned by prob-cut (`probcut_end`) at `SELECTIVE_PASS_LEVEL`. It fills the table with the moves the exact pass
    /// then tries first, and an exact solve's pass centres that pass's window with its score.
    fn selective_pass(&mut self, solve: impl FnOnce(&mut Self) -> Option<i32>) -> Option<i32> {
        self.end_selectivity = SELECTIVE_PASS_LEVEL;
        let score = solve(self);
        self.end_selectivity = NO_SELECTIVITY;
        score
    }

    /// A root search whose window starts narrow around `guess` and widens on failure.
    fn aspiration(&mut self, board: &Board, goal: Goal, guess: Option<i32>, order: &mut Vec<usize>) -> Option<i32> {
        let Some(guess) = guess else {
            return self.root(board, goal, -MAX_SCORE, MAX_SCORE, order);
        };
        let mut width = if goal == Goal::Exact { 4 } else { 3 };
        let (mut alpha, mut beta) = ((guess - width).max(-MAX_SCORE), (guess + width).min(MAX_SCORE));
        loop {
            let score = self.root(board, goal, alpha, beta, order)?;
            // Widen only the side that failed, and never narrow again: search instability cannot loop.
            if score <= alpha && alpha > -MAX_SCORE {
                alpha = (score - width).max(-MAX_SCORE);
            } else if score >= beta && beta < MAX_SCORE {
                beta = (score + width).min(MAX_SCORE);
            } else {
                return Some(score);
            }
            width *= 2;
        }
    }

    /// Search the root moves in `order`, PVS; on success the best move is moved to the front of `order`.
    fn root(&mut self, board: &Board, goal: Goal, mut alpha: i32, beta: i32, order: &mut Vec<usize>) -> Option<i32> {
        let (alpha0, mut best, mut best_index) = (alpha, -INFINITY, 0);
        for (i, &sq) in order.iter().enumerate() {
            let child = board.play(sq);
            let mut score = if i == 0 {
                -self.child_search(&child, goal, -beta, -alpha)
            } else {
                -self.child_search(&child, goal, -alpha - 1, -alpha)
            };
            if i > 0 && score > alpha && score < beta && !self.aborted {
                score = -self.child_search(&child, goal, -beta, -score);
            }
            if self.aborted {
                return None;
            }
            if score > best {
                best = score;
                best_index = i;
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        let best_move = order.remove(best_index);
        order.insert(0, best_move);
        let (depth, selectivity) = match goal {
            Goal::Midgame(d) => (d, self.selectivity),
            _ => (board.empty_count(), self.end_selectivity),
        };
        self.tt
            .store(board, Store { depth, selectivity, alpha: alpha0, beta, score: best, best_move: best_move as u8 });
        Some(best)
    }

    fn child_search(&mut self, child: &Board, goal: Goal, alpha: i32, beta: i32) -> i32 {
        match goal {
            Goal::Midgame(depth) => self.pvs_mid(child, depth - 1, alpha, beta),
            Goal::WinLossDraw | Goal::Exact => self.pvs_end(child, alpha, beta),
        }
    }

    /// The score of a position within `limits` (full window), for `score_moves`.
    fn evaluate_position(&mut self, board: &Board, limits: &Limits) -> Option<i32> {
        let empties = board.empty_count();
        let score = match limits.goal(empties) {
            Goal::Exact => self.pvs_end(board, -MAX_SCORE, MAX_SCORE),
            Goal::WinLossDraw => self.pvs_end(board, -1, 1).signum(),
            Goal::Midgame(last) => {
                let mut guess = None;
                for depth in 1..=last {
                    let s = self.pvs_mid(board, depth, -MAX_SCORE, MAX_SCORE);
                    if self.aborted {
                        return None;
                    }
                    guess = Some(s);
                }
                guess.unwrap_or(0)
            }
        };
        (!self.aborted).then_some(score)
    }

    /// Every legal move with its score within `limits` (a child searched one ply shallower), best first.
    pub fn score_moves(&mut self, board: &Board, limits: &Limits) -> Result<Vec<(usize, i32)>, Aborted> {
        self.nodes = 0;
        self.budget = limits.node_budget.unwrap_or(u64::MAX);
        self.aborted = false;
        let child_limits = Limits { depth: limits.depth.saturating_sub(1).max(1), ..*limits };
        let mut scored = Vec::new();
        for sq in root_moves(board) {
            let score = self.evaluate_position(&board.play(sq), &child_limits).ok_or(Aborted)?;
            scored.push((sq, -score));
        }
        super::sort_best_first(&mut scored);
        Ok(scored)
    }

    fn result(
        &self,
        board: &Board,
        best: Option<usize>,
        score: i32,
        depth: u32,
        exact: bool,
        wld: bool,
    ) -> SearchResult {
        SearchResult {
            best_move: best,
            score,
            depth,
            exact,
            win_loss_draw: wld,
            nodes: self.nodes,
            pv: best.map_or_else(Vec::new, |sq| self.principal_variation(board, sq)),
        }
    }

    /// Follow the table's best moves from the root, starting with `first`.
    fn principal_variation(&self, board: &Board, first: usize) -> Vec<usize> {
        let mut pv = vec![first];
        let mut position = board.play(first);
        while pv.len() < 60 {
            if position.moves() == 0 {
                if position.opponent_moves() == 0 {
                    break;
                }
                position = position.pass();
            }
            let Some(sq) = self.tt.probe(&position).map(|e| e.best_move).filter(|&m| m != NO_MOVE) else { break };
            if (position.moves() >> sq) & 1 == 0 {
                break;
            }
            pv.push(sq as usize);
            position = position.play(sq as usize);
        }
        pv
    }
}

/// Legal moves of the root in square order.
fn root_moves(board: &Board) -> Vec<usize> {
    squares_of(board.moves()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::HandEvaluator;
    use crate::rng::Rng;
    use crate::rules::random_play::random_board;

    /// Plain negamax to the end of the game: the reference the solver must match.
    fn minimax(board: &Board) -> i32 {
        let moves = board.moves();
        if moves == 0 {
            return if board.opponent_moves() == 0 { board.final_score() } else { -minimax(&board.pass()) };
        }
        squares_of(moves).map(|sq| -minimax(&board.play(sq))).max().expect("a legal move")
    }

    /// `count` positions of random games, their empties cycling through `empties`.
    fn random_positions(count: usize, empties: std::ops::RangeInclusive<u32>) -> Vec<Board> {
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
        let mut boards = Vec::new();
        while boards.len() < count {
            let e = *empties.start() + (boards.len() as u32) % (empties.end() - empties.start() + 1);
            boards.extend(random_board(e, &mut rng));
        }
        boards
    }

    #[test]
    fn the_iterations_of_one_position_share_the_tables_date_and_a_new_position_moves_it_on() {
        let mut searcher = Searcher::new(1);
        let board = random_positions(1, 30..=30)[0];
        let midgame = |depth| Limits { depth, exact_empties: 0, wld_empties: 0, node_budget: None };
        searcher.search(&board, &midgame(3)).unwrap();
        let date = searcher.tt.date();
        // A deeper iteration of the same position: the entries of the last one stay current, not first to go.
        searcher.search(&board, &midgame(4)).unwrap();
        assert_eq!(searcher.tt.date(), date);
        let next = board.play(squares_of(board.moves()).next().unwrap());
        searcher.search(&next, &midgame(3)).unwrap();
        assert_ne!(searcher.tt.date(), date, "the next move's search makes the last move's entries stale");
        searcher.clear();
        searcher.search(&next, &midgame(3)).unwrap();
        let fresh = searcher.tt.date();
        searcher.search(&next, &midgame(3)).unwrap();
        assert_eq!(searcher.tt.date(), fresh, "a cleared searcher starts a new date once");
    }

    #[test]
    fn solve_matches_minimax_and_its_move_achieves_the_score() {
        let mut searcher = Searcher::new(4);
        for board in random_positions(60, 1..=10) {
            let expected = minimax(&board);
            let result = searcher.solve(&board);
            assert_eq!(result.score, expected, "{board:?}");
            assert!(result.exact);
            match result.best_move {
                Some(sq) => {
                    assert_eq!((board.moves() >> sq) & 1, 1, "illegal best move");
                    assert_eq!(-minimax(&board.play(sq)), expected, "best move does not reach the score");
                }
                None => assert_eq!(board.moves(), 0),
            }
        }
    }

    /// A solve long enough for the selective pass scores as an exact search alone does, and its move reaches
    /// that score: the pass's pruned bounds never stand in for exact ones.
    #[test]
    fn a_solve_after_its_selective_pass_is_exact() {
        let mut searcher = Searcher::new(4);
        for board in random_positions(4, SELECTIVE_PASS_EMPTIES..=SELECTIVE_PASS_EMPTIES + 1) {
            let mut alone = Searcher::new(4);
            let expected = alone.pvs_end(&board, -MAX_SCORE, MAX_SCORE);
            let result = searcher.solve(&board);
            assert_eq!((result.score, result.exact), (expected, true), "{board:?}");
            let sq = result.best_move.expect("a position with moves");
            alone.clear();
            assert_eq!(-alone.pvs_end(&board.play(sq), -MAX_SCORE, MAX_SCORE), expected, "{board:?}");
        }
    }

    /// The same for a win/loss/draw solve: its verdict is the exact score's sign, and its move keeps that verdict.
    #[test]
    fn a_win_loss_draw_solve_after_its_selective_pass_is_right() {
        let limits = Limits { depth: 64, exact_empties: 0, wld_empties: 64, node_budget: None };
        let mut searcher = Searcher::new(4);
        for board in random_positions(6, SELECTIVE_PASS_EMPTIES..=SELECTIVE_PASS_EMPTIES + 1) {
            let mut alone = Searcher::new(4);
            let expected = alone.pvs_end(&board, -MAX_SCORE, MAX_SCORE).signum();
            let result = searcher.search(&board, &limits).expect("no node budget");
            assert_eq!((result.score, result.win_loss_draw), (expected, true), "{board:?}");
            let sq = result.best_move.expect("a position with moves");
            alone.clear();
            assert_eq!(-alone.pvs_end(&board.play(sq), -MAX_SCORE, MAX_SCORE).signum(), expected, "{board:?}");
        }
    }

    /// The pass's prob-cut settles null windows far from the score in a fraction of the exact search's nodes.
    #[test]
    fn the_selective_pass_prunes_null_windows_far_from_the_score() {
        let (mut exact_nodes, mut selective_nodes) = (0, 0);
        for board in random_positions(4, 16..=17) {
            let mut searcher = Searcher::new(4);
            let score = searcher.pvs_end(&board, -MAX_SCORE, MAX_SCORE);
            let alpha = if score > 0 { score - 24 } else { score + 24 };
            for level in [NO_SELECTIVITY, SELECTIVE_PASS_LEVEL] {
                searcher.clear();
                searcher.nodes = 0;
                searcher.end_selectivity = level;
                let bound = searcher.nws_end(&board, alpha);
                assert_eq!(bound > alpha, score > alpha, "level {level}, {board:?}");
                *if level == NO_SELECTIVITY { &mut exact_nodes } else { &mut selective_nodes } += searcher.nodes;
            }
        }
        assert!(selective_nodes * 2 < exact_nodes, "{selective_nodes} nodes pruned against {exact_nodes} exact");
    }

    #[test]
    fn null_windows_bound_the_exact_score_on_both_sides() {
        let mut searcher = Searcher::new(4);
        for board in random_positions(30, 8..=12) {
            let exact = searcher.solve(&board).score;
            for alpha in [exact - 3, exact - 1, exact, exact + 1] {
                searcher.clear();
                let bound = searcher.nws_end(&board, alpha);
                assert_eq!(bound > alpha, exact > alpha, "alpha {alpha}, exact {exact}");
                assert!(
                    if bound > alpha { bound <= exact } else { bound >= exact },
                    "fail-soft bound on the wrong side"
                );
            }
        }
    }

    #[test]
    fn midgame_search_returns_a_legal_move_and_scores_every_move() {
        let mut searcher = Searcher::new(4);
        let limits = Limits { depth: 5, exact_empties: 12, wld_empties: 14, node_budget: None };
        for board in random_positions(12, 20..=50) {
            let result = searcher.search(&board, &limits).unwrap();
            match result.best_move {
                Some(sq) => assert_eq!((board.moves() >> sq) & 1, 1),
                None => assert_eq!(board.moves(), 0),
            }
            let scored = searcher.score_moves(&board, &limits).unwrap();
            assert_eq!(scored.len() as u32, board.moves().count_ones());
        }
    }

    #[test]
    fn wld_solve_gives_the_sign_of_the_exact_score() {
        let mut searcher = Searcher::new(4);
        let limits = Limits { depth: 4, exact_empties: 0, wld_empties: 14, node_budget: None };
        for board in random_positions(10, 10..=14) {
            let exact = searcher.solve(&board).score;
            let wld = searcher.search(&board, &limits).unwrap();
            assert!(wld.win_loss_draw);
            assert_eq!(wld.score, exact.signum());
        }
    }

    #[test]
    fn boards_with_fewer_than_four_discs_search_and_solve_within_a_budget() {
        // Test positions may hold them (issue 11: the evaluation indexed past its tables on 61-64 empties).
        let evaluators: [Box<dyn Evaluator>; 2] = [Box::new(PatternEvaluator::shipped()), Box::new(HandEvaluator)];
        for evaluator in evaluators {
            let mut searcher = Searcher::with_evaluator(1, evaluator);
            for board in [Board::new(0, 0), Board::new(1, 2), Board::new(1 << 27, 1 << 28 | 1 << 36)] {
                let midgame = Limits { depth: 4, exact_empties: 0, wld_empties: 0, node_budget: None };
                let result = searcher.search(&board, &midgame).unwrap();
                assert_eq!(result.best_move.is_some(), board.moves() != 0, "{board:?} {result:?} {:#x}", board.moves());
                let solve = Limits { node_budget: Some(20_000), ..Limits::exact() };
                if let Ok(result) = searcher.search(&board, &solve) {
                    assert!(result.exact && result.score.abs() <= 64, "{board:?} {result:?}");
                }
            }
        }
    }

    #[test]
    fn an_interrupted_solve_reports_its_deepest_midgame_iteration() {
        let board = random_positions(1, 40..=40)[0];
        let mut searcher = Searcher::new(4);
        let limits = Limits { node_budget: Some(200_000), ..Limits::exact() };
        let mut nodes = 0;
        for _ in 0..3 {
            assert_eq!(searcher.search(&board, &limits), Err(Aborted), "40 empties in 600 k nodes");
            nodes += searcher.nodes;
        }
        let so_far = searcher.interrupted().expect("a search to resume");
        assert!(so_far.best_move.is_some_and(|sq| board.moves() >> sq & 1 == 1));
        assert!(so_far.midgame.is_some_and(|(depth, _)| depth >= 3), "{so_far:?}");
        assert_eq!(so_far.presolved, None, "a selective pass of 40 empties in 600 k nodes");
        assert_eq!(so_far.nodes, nodes);
        searcher.clear();
        assert_eq!(searcher.interrupted(), None);
    }

    /// Runs a search in slices of `slice` nodes until it finishes, like the browser driver.
    fn sliced(searcher: &mut Searcher, board: &Board, limits: Limits, slice: u64) -> (SearchResult, u32) {
        let sliced = Limits { node_budget: Some(slice), ..limits };
        let mut slices = 1;
        loop {
            match searcher.search(board, &sliced) {
                Ok(result) => return (result, slices),
                Err(Aborted) => slices += 1,
            }
        }
    }

    #[test]
    fn sliced_search_matches_the_unsliced_run() {
        for board in random_positions(8, 12..=40) {
            let limits = Limits { depth: 5, exact_empties: 12, wld_empties: 14, node_budget: None };
            let whole = Searcher::new(8).search(&board, &limits).unwrap();
            let slice = (whole.nodes / 20).max(50);
            let (parts, slices) = sliced(&mut Searcher::new(8), &board, limits, slice);
            assert!(slices > 1 || whole.nodes < slice, "the budget never cut the search");
            assert_eq!((parts.best_move, parts.score), (whole.best_move, whole.score), "{board:?}");
        }
    }
}
