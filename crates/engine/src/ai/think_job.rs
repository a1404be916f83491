//! Thinking between frames: a move search the app advances a few milliseconds at a time.
//!
//! A `ThinkJob` is a plain state object. Each `step` runs the searches for at most the node budget it is given;
//! a search that runs out aborts and, on the next step, restarts from the root with the transposition table
//! kept, so the finished subtrees cost almost nothing the second time (measured cheaper than an explicit-stack
//! search). The job deepens iteratively (one search per depth), so `force_move_now` always has the deepest
//! finished answer. Dropping the job cancels it; the tables live on in the `Ai`.
//!
//! The job is deterministic: the same position, settings and seed give the same decision however the work is
//! sliced, as long as the level's node budget is not what stops the deepening (the restarts count as spent).
//! A level with a time target (Master) thinks on the clock instead when the caller tells it the time
//! (`step_timed`): its `TimePlan` decides after each iteration whether another one pays. Before any search, a
//! level with the opening book plays a book move when the position is in it, and every level plays a move that
//! is the only legal one at once.

use super::ai::Ai;
use super::level::{choose_with_slips, LevelSettings};
use super::time_plan::TimePlan;
use crate::bits::squares_of;
use crate::book::Book;
use crate::rng::Rng;
use crate::rules::VariantBoard;
use crate::search::{sort_best_first, Aborted, Goal, Limits, SearchResult};

/// Nodes per `step` that keep a slice to a few milliseconds natively (about 1.5× that in wasm), measured with
/// `reversi-engine levels`: the 8×8 searcher runs 3-20 M nodes/s, the generic one (6×6, 10×10, empty centre)
/// about 1.5-3 M nodes/s. Much smaller slices risk spending each one re-walking to where the last stopped.
pub fn slice_nodes(board: &VariantBoard) -> u64 {
    if board.as_board().is_some() {
        20_000
    } else {
        8_000
    }
}

/// The smallest `step` budget that keeps a job moving. Each step restarts the current search from the root, and the
/// walk back through the transposition table to where the last step stopped can use up a small budget whole.
/// Measured with `reversi-engine levels N` (Beginner to Expert, 38 positions on four boards each): with slices of
/// 200, 500 or 1,000 nodes some moves made no progress until the time cap forced them (Advanced on the empty-centre
/// board: 3 s instead of 0.02 s); from 2,000 none did. Twice that, for a margin.
pub const MIN_SLICE_NODES: u64 = 4_000;

/// Off the clock (a node budget only), midgame iterations up to this depth before a solve give `force_move_now` an
/// answer to fall back on.
const FALLBACK_DEPTH: u32 = 4;
/// On the clock, the midgame iterations before a solve go on deeper while they take less than this share of the
/// time target: a better answer to fall back on if the solve does not finish by the cap.
const FALLBACK_SHARE: f64 = 0.2;
/// A level on the clock without a target (a fixed time per move, the levels below Master) goes from the midgame
/// iterations to the solve as soon as the solve is expected to finish within this share of the time left, and
/// otherwise spends the whole time on them: a solve that cannot finish wastes its time (with half the time for
/// each, Master tried solves of 24 empties it had no hope of finishing at 100 ms a move). Once the solve is due
/// it gets all the time left, so the margin covers a solve up to twice the median's length. In an exact band the
/// solve that must fit is the win/loss/draw verdict before it, and the exact solve has whatever time is left.
const SOLVE_SHARE_OF_TIME_LEFT: f64 = 0.5;
/// The median CPU time of an exact solve of `SOLVE_REFERENCE_EMPTIES` empties (`deepen --positions 10 --empties 20
/// --seconds 2`: 219 ms; 89 ms at 18 empties and 944 ms at 22), and its growth per empty.
const SOLVE_REFERENCE_MS: f64 = 220.0;
const SOLVE_REFERENCE_EMPTIES: f64 = 20.0;
const SOLVE_GROWTH_PER_EMPTY: f64 = 1.9;
/// A win/loss/draw solve costs about what an exact one of this many empties fewer does (23 empties: 159 ms).
const WLD_EMPTIES_SAVED: f64 = 3.5;
/// Nodes per millisecond of Master's midgame iterations in the solve band on the machine of the times above
/// (docs/strength.md, "Why a match's nodes per second differ": 20 M nodes/s of CPU at 19-24 empties); a job
/// measures its own rate and scales the solve's expected time by the ratio, so a loaded machine expects it longer.
const BAND_NODES_PER_MS: f64 = 20_000.0;
/// A book move is chosen among those within this many discs of the best, so book play varies from game to game.
pub const BOOK_TOLERANCE: i32 = 1;

/// The move the computer plays, or its verdict on the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The square to play; `None` is a pass (or no move at all when the game is over).
    pub mv: Option<usize>,
    /// For the side to move, in discs: exact when `exact`, the sign only when `win_loss_draw`, else an estimate.
    pub score: i32,
    /// Midgame depth of the deciding search, or the empties of a solve (also of a solve cut short after its
    /// selective pass, which searched to the end: neither `exact` nor `win_loss_draw`).
    pub depth: u32,
    pub exact: bool,
    pub win_loss_draw: bool,
    /// Nodes spent by the whole job.
    pub nodes: u64,
    /// The expected continuation, starting with `mv`.
    pub pv: Vec<usize>,
}

impl Decision {
    fn from_search(result: SearchResult, nodes: u64) -> Self {
        Decision {
            mv: result.best_move,
            score: result.score,
            depth: result.depth,
            exact: result.exact,
            win_loss_draw: result.win_loss_draw,
            nodes,
            pv: result.pv,
        }
    }

    /// Whether the computer accepts a draw: only if this verdict says it is not ahead. `computer_to_move` tells
    /// whether the searched position had the computer to move (the score is for the side to move).
    pub fn accepts_draw(&self, computer_to_move: bool) -> bool {
        let computer_score = if computer_to_move { self.score } else { -self.score };
        computer_score <= 0
    }
}

/// One search of the plan.
#[derive(Clone, Copy, Debug)]
enum Stage {
    /// The best move within these limits.
    Best(Limits),
    /// Every legal move's score, each child searched within these limits.
    ScoreAll(Limits),
}

pub struct ThinkJob {
    board: VariantBoard,
    stages: Vec<Stage>,
    /// The stage being searched.
    next: usize,
    /// Stages from this index on run even when the level's node budget is spent (the endgame solve, the
    /// scoring a slipping level chooses from).
    committed_from: usize,
    /// The index of the first solve stage, when midgame iterations before it are only a fallback. The level's own
    /// solve is the last stage; in its exact band, a win/loss/draw verdict may come first (`solve_is_due`).
    solve_stage: Option<usize>,
    /// On the clock: when to stop deepening (levels with a time target).
    time_plan: Option<TimePlan>,
    /// On the clock with a time plan: after this many milliseconds the midgame iterations before a solve give way
    /// to it.
    fallback_ms: f64,
    /// On the clock without a plan: the time cap.
    cap_ms: f64,
    /// Milliseconds since the thinking began, as the caller last said (`step_timed`), and the nodes spent by then.
    elapsed_ms: Option<f64>,
    spent_by_elapsed: u64,
    node_budget: u64,
    selectivity: u8,
    temperature: f64,
    seed: u64,
    spent: u64,
    /// The last finished `Best` stage.
    best: Option<SearchResult>,
    /// While no solve stage has finished: the move and score of the first one's finished selective pass.
    presolved: Option<(usize, i32)>,
    /// `ScoreAll` progress: the moves scored so far, in square order.
    scored: Vec<(usize, i32)>,
    decision: Option<Decision>,
}

impl ThinkJob {
    /// The move a level plays in `board`; `seed` drives its slips (if it makes any) and its book choice.
    pub fn new(board: &VariantBoard, settings: &LevelSettings, seed: u64) -> Self {
        let temperature = settings.temperature_at(board.empty_count());
        if board.moves().count_ones() == 1 {
            // The only move: a one-ply search for its value, no more.
            return ThinkJob::with_plan(board, vec![Stage::Best(midgame(1))], 1, settings, 0.0, seed);
        }
        if let Some(decision) = settings.book.then(|| book_move(board, seed)).flatten() {
            let mut job = ThinkJob::with_plan(board, Vec::new(), 0, settings, 0.0, seed);
            job.decision = Some(decision);
            return job;
        }
        if temperature > 0.0 && board.moves() != 0 {
            // A quick best move for `force_move_now`, then every move scored to choose from.
            let stages = vec![Stage::Best(midgame(1)), Stage::ScoreAll(scoring_limits(settings))];
            ThinkJob::with_plan(board, stages, 1, settings, temperature, seed)
        } else {
            ThinkJob::evaluation(board, settings)
        }
    }

    /// The position's value and best move at a level's strength without slips (draw offers, analysis).
    pub fn evaluation(board: &VariantBoard, settings: &LevelSettings) -> Self {
        let empties = board.empty_count();
        let full = Limits {
            depth: settings.depth.max(1),
            exact_empties: settings.exact_empties,
            wld_empties: settings.wld_empties.max(settings.exact_empties),
            node_budget: None,
        };
        if empties <= full.wld_empties {
            // Midgame iterations to fall back on (a few, or on the clock a share of the time), then the solve; on
            // the clock, in the exact band of a level that also solves for win/loss/draw, that verdict first.
            let mut stages: Vec<Stage> =
                (1..=full.depth.min(empties.saturating_sub(1)).max(1)).map(|d| Stage::Best(midgame(d))).collect();
            let solve = stages.len();
            if empties <= full.exact_empties && full.wld_empties > full.exact_empties {
                stages.push(Stage::Best(Limits { exact_empties: 0, ..full }));
            }
            stages.push(Stage::Best(full));
            let mut job = ThinkJob::with_plan(board, stages, solve, settings, 0.0, 0);
            job.solve_stage = Some(solve);
            job
        } else {
            let stages: Vec<Stage> =
                (1..=full.depth.min(empties)).map(|depth| Stage::Best(Limits { depth, ..full })).collect();
            let len = stages.len();
            ThinkJob::with_plan(board, stages, len, settings, 0.0, 0)
        }
    }

    /// Every legal move scored at a level's depth and solve settings (hints).
    pub fn scoring(board: &VariantBoard, settings: &LevelSettings) -> Self {
        let unlimited = LevelSettings { node_budget: u64::MAX, ..*settings };
        ThinkJob::with_plan(board, vec![Stage::ScoreAll(scoring_limits(settings))], 0, &unlimited, 0.0, 0)
    }

    fn with_plan(
        board: &VariantBoard,
        stages: Vec<Stage>,
        committed_from: usize,
        settings: &LevelSettings,
        temperature: f64,
        seed: u64,
    ) -> Self {
        ThinkJob {
            board: *board,
            stages,
            next: 0,
            committed_from,
            solve_stage: None,
            time_plan: settings.target_ms.map(|target| TimePlan::new(target, settings.time_budget_ms)),
            fallback_ms: settings.target_ms.map_or(0.0, |target| FALLBACK_SHARE * f64::from(target)),
            cap_ms: f64::from(settings.time_budget_ms),
            elapsed_ms: None,
            spent_by_elapsed: 0,
            node_budget: settings.node_budget,
            selectivity: settings.selectivity,
            temperature,
            seed,
            spent: 0,
            best: None,
            presolved: None,
            scored: Vec::new(),
            decision: None,
        }
    }

    /// Search for at most about `node_budget` nodes; the decision once the thinking is done.
    pub fn step(&mut self, ai: &mut Ai, node_budget: u64) -> Option<Decision> {
        let mut left = node_budget;
        while self.decision.is_none() {
            let budget_spent = self.next > 0 && self.next < self.committed_from && self.spent >= self.node_budget;
            if self.next == self.stages.len() || budget_spent {
                self.decision = Some(self.decide());
                break;
            }
            if left == 0 {
                return None;
            }
            let (outcome, used) = self.run_stage(ai, left);
            self.spent += used;
            left = left.saturating_sub(used);
            match outcome {
                Ok(()) => self.next_stage(),
                Err(Aborted) => return None,
            }
        }
        self.decision.clone()
    }

    /// `step` for a caller with a clock: `elapsed_ms` since the thinking began. A level with a time target
    /// stops deepening when its plan says so, and any level answers once its time cap is reached.
    pub fn step_timed(&mut self, ai: &mut Ai, node_budget: u64, elapsed_ms: f64) -> Option<Decision> {
        // A level with a plan stops when two more steps as long as the last would end past its cap (a loaded
        // machine's steps vary), so the cap is its longest move, not the cap and a step.
        let last_step_ms = self.elapsed_ms.map_or(0.0, |before| elapsed_ms - before);
        self.elapsed_ms = Some(elapsed_ms);
        self.spent_by_elapsed = self.spent;
        if self.time_plan.as_ref().is_some_and(|plan| elapsed_ms + 2.0 * last_step_ms >= plan.cap_ms()) {
            return Some(self.force_move_now());
        }
        // A fallback iteration gives way to the solve once the solve is due.
        if self.best.is_some() {
            self.start_solve_if_due(elapsed_ms);
        }
        self.step(ai, node_budget)
    }

    /// Think to the end in one go.
    pub fn run(&mut self, ai: &mut Ai) -> Decision {
        self.step(ai, u64::MAX).expect("an unlimited step finishes")
    }

    /// Think to the end on this machine's clock in slices of `slice` nodes, as the app does between frames: time
    /// management, and the level's time cap. Native callers only (the match runner, `reversi-engine pace`): std's
    /// clock is not there in a browser, where the app passes its own time to `step_timed`.
    pub fn run_on_clock(&mut self, ai: &mut Ai, cap_ms: u32, slice: u64) -> Decision {
        let start = std::time::Instant::now();
        loop {
            let elapsed_ms = start.elapsed().as_secs_f64() * 1e3;
            if elapsed_ms >= f64::from(cap_ms) {
                return self.force_move_now();
            }
            if let Some(decision) = self.step_timed(ai, slice, elapsed_ms) {
                return decision;
            }
        }
    }

    /// Stop thinking and take the best answer found so far.
    pub fn force_move_now(&mut self) -> Decision {
        if self.decision.is_none() {
            self.decision = Some(self.decide());
        }
        self.decision.clone().expect("just decided")
    }

    /// Nodes spent so far.
    pub fn nodes(&self) -> u64 {
        self.spent
    }

    /// The moves a `scoring` job has scored, best first once it is done.
    pub fn scored(&self) -> &[(usize, i32)] {
        &self.scored
    }
}

impl ThinkJob {
    /// After a finished stage: the next one, or straight to the solve when the fallback is deep enough, or to
    /// the decision when the time plan says another iteration does not pay.
    fn next_stage(&mut self) {
        self.next += 1;
        let finished_best = matches!(self.stages[self.next - 1], Stage::Best(_));
        match (self.solve_stage, self.elapsed_ms, &mut self.time_plan) {
            (Some(solve), elapsed, _) if self.next < solve => match elapsed {
                Some(elapsed) => self.start_solve_if_due(elapsed),
                // Off the clock nothing cuts the own solve short, so a verdict before it would only cost nodes.
                None if self.next >= FALLBACK_DEPTH as usize => self.next = self.stages.len() - 1,
                None => {}
            },
            (None, Some(elapsed), Some(plan)) if finished_best && self.next < self.stages.len() => {
                let best = self.best.as_ref().expect("a finished Best stage");
                if !plan.deepen_after(elapsed, best.best_move, best.score) {
                    self.next = self.stages.len();
                }
            }
            _ => {}
        }
    }

    /// On the clock, `elapsed_ms` into the thinking: moves on from the midgame iterations before a solve to the
    /// first solve stage once it is due.
    fn start_solve_if_due(&mut self, elapsed_ms: f64) {
        if let Some(solve) = self.solve_stage.filter(|&solve| self.next < solve && self.solve_is_due(solve, elapsed_ms))
        {
            self.next = solve;
        }
    }

    /// Whether the midgame iterations should give way to the solve stage `solve`, `elapsed_ms` into the thinking.
    /// With a time plan, once they have had their share of the target; without one, once the solve is expected to
    /// finish in its share of the time left, at the pace this job's nodes have gone so far. In an exact band that
    /// stage is a win/loss/draw verdict, a small part of the exact solve's cost (docs/strength.md, "Win/loss/draw
    /// before exact"): it keeps a won or drawn game so where the midgame search would guess, and it stands when
    /// the exact solve after it does not finish.
    fn solve_is_due(&self, solve: usize, elapsed_ms: f64) -> bool {
        if self.time_plan.is_some() {
            return elapsed_ms >= self.fallback_ms;
        }
        // The pace of the steps timed so far (a step's own nodes are not, while it runs).
        if self.spent_by_elapsed == 0 || elapsed_ms <= 0.0 {
            return false;
        }
        let Stage::Best(limits) = self.stages[solve] else { return false };
        let slowdown = BAND_NODES_PER_MS / (self.spent_by_elapsed as f64 / elapsed_ms);
        let estimate = solve_estimate_ms(self.board.empty_count(), limits.exact_empties);
        estimate * slowdown <= SOLVE_SHARE_OF_TIME_LEFT * (self.cap_ms - elapsed_ms)
    }

    /// Advance the current stage by at most `budget` nodes; the outcome and the nodes used.
    fn run_stage(&mut self, ai: &mut Ai, budget: u64) -> (Result<(), Aborted>, u64) {
        ai.set_selectivity(self.selectivity);
        match self.stages[self.next] {
            Stage::Best(limits) => {
                let outcome = ai.search(&self.board, &Limits { node_budget: Some(budget), ..limits });
                let used = ai.last_call_nodes(&self.board);
                if outcome.is_err() && self.solve_stage == Some(self.next) {
                    self.presolved = ai.interrupted(&self.board).and_then(|so_far| {
                        let score = so_far.presolved?;
                        let verdict = limits.goal(self.board.empty_count()) == Goal::WinLossDraw;
                        Some((so_far.best_move?, if verdict { score.signum() } else { score }))
                    });
                }
                (outcome.map(|result| self.best = Some(result)), used)
            }
            Stage::ScoreAll(limits) => {
                let mut used = 0;
                // Moves are scored in square order, so those above the last scored one are left.
                let from = self.scored.last().map_or(0, |&(sq, _)| sq + 1);
                for sq in squares_of(self.board.moves() & !((1u128 << from) - 1)) {
                    // A search may overshoot its budget by the leaves of its last node.
                    let Some(left) = budget.checked_sub(used).filter(|&left| left > 0) else {
                        return (Err(Aborted), used);
                    };
                    let child = self.board.play(sq);
                    let outcome = ai.search(&child, &Limits { node_budget: Some(left), ..limits });
                    used += ai.last_call_nodes(&child);
                    match outcome {
                        Ok(result) => self.scored.push((sq, -result.score)),
                        Err(Aborted) => return (Err(Aborted), used),
                    }
                }
                sort_best_first(&mut self.scored);
                (Ok(()), used)
            }
        }
    }

    /// The decision from the deepest finished stage.
    fn decide(&self) -> Decision {
        let scoring_done = matches!(self.stages.last(), Some(Stage::ScoreAll(_))) && self.next == self.stages.len();
        if scoring_done && !self.scored.is_empty() {
            let (mv, score) = choose_with_slips(&self.scored, self.temperature, &mut Rng::new(self.seed));
            let Some(Stage::ScoreAll(limits)) = self.stages.last() else { unreachable!() };
            let empties = self.board.empty_count();
            let exact = empties <= limits.exact_empties;
            return Decision {
                mv: Some(mv),
                score,
                depth: if exact { empties } else { limits.depth + 1 },
                exact,
                win_loss_draw: false,
                nodes: self.spent,
                pv: vec![mv],
            };
        }
        // A solve cut short before any solve stage finished: its selective pass searched to the end, deeper than
        // the midgame iterations that gave way to it (docs/strength.md, "Win/loss/draw before exact").
        if let Some((mv, score)) = self.presolved.filter(|_| self.solve_stage == Some(self.next)) {
            return Decision {
                mv: Some(mv),
                score,
                depth: self.board.empty_count(),
                exact: false,
                win_loss_draw: false,
                nodes: self.spent,
                pv: vec![mv],
            };
        }
        match &self.best {
            Some(result) => Decision::from_search(result.clone(), self.spent),
            // Nothing finished yet (a budget smaller than a one-ply search): the first legal move.
            None => {
                let mv = squares_of(self.board.moves()).next();
                Decision {
                    mv,
                    score: 0,
                    depth: 0,
                    exact: false,
                    win_loss_draw: false,
                    nodes: self.spent,
                    pv: mv.into_iter().collect(),
                }
            }
        }
    }
}

/// A move from the opening book for an 8×8 position it covers, chosen among the near-best by `seed`.
fn book_move(board: &VariantBoard, seed: u64) -> Option<Decision> {
    let eight = board.as_board()?;
    let book = Book::get();
    let (mv, score) = book.choose(&eight, BOOK_TOLERANCE, &mut Rng::new(seed))?;
    Some(Decision {
        mv: Some(mv),
        score,
        depth: u32::from(book.provenance.depth) + 1,
        exact: false,
        win_loss_draw: false,
        nodes: 0,
        pv: book.line(&eight, mv),
    })
}

/// The median CPU time of the solve of a position with `empties` empties on the reference machine
/// (`SOLVE_REFERENCE_MS`): exact from `exact_empties` empties, win/loss/draw above.
fn solve_estimate_ms(empties: u32, exact_empties: u32) -> f64 {
    let saved = if empties > exact_empties { WLD_EMPTIES_SAVED } else { 0.0 };
    SOLVE_REFERENCE_MS * SOLVE_GROWTH_PER_EMPTY.powf(f64::from(empties) - saved - SOLVE_REFERENCE_EMPTIES)
}

/// A midgame search to `depth` plies that never switches to a solve.
fn midgame(depth: u32) -> Limits {
    Limits { depth, exact_empties: 0, wld_empties: 0, node_budget: None }
}

/// The limits a level's moves are scored with: each child one ply shallower, and no win/loss/draw band (a
/// verdict has no scale to weigh slips by).
fn scoring_limits(settings: &LevelSettings) -> Limits {
    Limits {
        depth: settings.depth.saturating_sub(1).max(1),
        exact_empties: settings.exact_empties,
        wld_empties: settings.exact_empties,
        node_budget: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::level::{Level, LEVELS};
    use crate::rules::random_play::random_position;
    use crate::rules::Opening;
    use crate::search::NO_SELECTIVITY;

    /// Small settings so the tests stay quick in debug builds: depth 4, exact from 10 empties, WLD from 12.
    fn quick(temperature: f64) -> LevelSettings {
        LevelSettings {
            name: "test",
            depth: 4,
            exact_empties: 10,
            wld_empties: 12,
            node_budget: u64::MAX,
            time_budget_ms: 0,
            target_ms: None,
            book: false,
            temperature,
            endgame_temperature: temperature / 2.0,
            selectivity: NO_SELECTIVITY,
        }
    }

    /// Positions of every kind: 8×8 opening, midgame, win/loss/draw band and exact band; 6×6; 10×10; the
    /// empty-centre opening while its centre fills.
    fn positions() -> Vec<VariantBoard> {
        vec![
            random_position(8, Opening::Standard, 0, 0),
            random_position(8, Opening::Standard, 24, 1),
            random_position(8, Opening::Standard, 49, 2),
            random_position(8, Opening::Standard, 52, 3),
            random_position(6, Opening::Standard, 10, 4),
            random_position(6, Opening::Standard, 24, 5),
            random_position(10, Opening::Standard, 30, 6),
            random_position(8, Opening::EmptyCentre, 2, 7),
            random_position(10, Opening::EmptyCentre, 1, 8),
        ]
    }

    fn sliced(board: &VariantBoard, settings: &LevelSettings, seed: u64, slice: u64) -> (Decision, u32) {
        let mut ai = Ai::new(2);
        let mut job = ThinkJob::new(board, settings, seed);
        let mut slices = 1;
        loop {
            if let Some(decision) = job.step(&mut ai, slice) {
                return (decision, slices);
            }
            slices += 1;
            assert!(slices < 20_000, "no progress in slices of {slice} nodes ({} spent)", job.nodes());
        }
    }

    #[test]
    fn sliced_search_decides_as_one_go() {
        for (i, board) in positions().iter().enumerate() {
            for (settings, seed) in [(quick(0.0), 0), (quick(2.0), 11 + i as u64)] {
                let whole = ThinkJob::new(board, &settings, seed).run(&mut Ai::new(2));
                for slice in [2_000, 20_000] {
                    let (parts, slices) = sliced(board, &settings, seed, slice);
                    let what = format!("position {i}, T {}, slice {slice}", settings.temperature);
                    assert_eq!((parts.mv, parts.score, parts.depth), (whole.mv, whole.score, whole.depth), "{what}");
                    assert!(
                        slices > 1 || whole.nodes <= slice,
                        "{what}: never sliced ({} nodes, {})",
                        whole.nodes,
                        parts.nodes
                    );
                }
            }
        }
    }

    #[test]
    fn every_level_plays_a_legal_move_on_every_board() {
        let mut ai = Ai::new(2);
        for (i, board) in positions().iter().enumerate() {
            for level in Level::ALL {
                let settings = level.settings();
                let mut job = ThinkJob::new(board, settings, i as u64);
                // Strong levels think for seconds in a debug build: cut them short as the app's clock would.
                let decision = match (0..40).find_map(|_| job.step(&mut ai, 20_000)) {
                    Some(decision) => decision,
                    None => job.force_move_now(),
                };
                match decision.mv {
                    Some(sq) => assert!(board.is_legal(sq), "{} position {i}: {sq}", settings.name),
                    None => assert_eq!(board.moves(), 0, "{} position {i} passed with a move", settings.name),
                }
            }
        }
    }

    #[test]
    fn every_level_plays_on_boards_with_fewer_than_four_discs() {
        // A pasted board string or test position may hold them (issue 11: the evaluation indexed past its tables).
        let mut ai = Ai::new(2);
        for size in [6, 8, 10] {
            let middle = size * (size / 2) + size / 2;
            let few = [(0, 0), (1, 2), (1 << middle, 1 << (middle + 1) | 1 << (middle + size))];
            for (player, opponent) in few.map(|(p, o): (u128, u128)| (p, o)) {
                let board = VariantBoard::new(size, player, opponent);
                for level in Level::ALL {
                    let mut job = ThinkJob::new(&board, level.settings(), 1);
                    let decision =
                        (0..10).find_map(|_| job.step(&mut ai, 20_000)).unwrap_or_else(|| job.force_move_now());
                    match decision.mv {
                        Some(sq) => assert!(board.is_legal(sq), "{size}: {player:#x} {opponent:#x}: {sq}"),
                        None => assert_eq!(board.moves(), 0, "{size}: {player:#x} {opponent:#x} passed with a move"),
                    }
                }
            }
        }
    }

    #[test]
    fn a_forced_move_is_the_deepest_finished_answer() {
        let board = random_position(8, Opening::Standard, 20, 9);
        let mut ai = Ai::new(2);
        let mut job = ThinkJob::new(&board, &quick(0.0), 0);
        let mut steps = 0;
        while job.best.as_ref().is_none_or(|b| b.depth < 2) {
            assert!(job.step(&mut ai, 30).is_none(), "depth 4 takes more than a few slices");
            steps += 1;
        }
        let forced = job.force_move_now();
        let deepest = job.best.clone().unwrap();
        assert!(steps > 1 && board.is_legal(forced.mv.unwrap()));
        assert_eq!((forced.mv, forced.score, forced.depth), (deepest.best_move, deepest.score, deepest.depth));
        assert_eq!(job.step(&mut ai, 1_000_000), Some(forced), "a forced decision stands");
    }

    #[test]
    fn slips_follow_the_loss_weighted_distribution() {
        // The level's choice over many seeds against exp(-loss / T) over the moves' scores.
        let board = random_position(8, Opening::Standard, 16, 21);
        let settings = LevelSettings { temperature: 4.0, ..quick(4.0) };
        let mut ai = Ai::new(1);
        let mut scoring = ThinkJob::scoring(&board, &settings);
        scoring.run(&mut ai);
        let scored = scoring.scored().to_vec();
        let best = scored[0].1;
        let weights: Vec<f64> = scored.iter().map(|&(_, s)| (-(best - s) as f64 / 4.0).exp()).collect();
        let total: f64 = weights.iter().sum();
        let trials = 600;
        let mut counts = vec![0u32; scored.len()];
        for seed in 0..trials {
            let mv = ThinkJob::new(&board, &settings, seed).run(&mut ai).mv.unwrap();
            counts[scored.iter().position(|&(sq, _)| sq == mv).unwrap()] += 1;
        }
        for (i, (&count, weight)) in counts.iter().zip(&weights).enumerate() {
            let expected = trials as f64 * weight / total;
            let tolerance = 4.0 * expected.sqrt() + 3.0;
            assert!(
                (count as f64 - expected).abs() <= tolerance,
                "move {i} (loss {}): {count} vs {expected:.1}",
                best - scored[i].1
            );
        }
        let worst = scored.iter().rposition(|&(_, s)| best - s >= 16);
        assert!(worst.is_none_or(|w| counts[w] <= 3), "blunders of 16+ discs stay rare: {counts:?} {scored:?}");
        assert!(scored.iter().filter(|&&(_, s)| s < best).count() > 0, "the position offers worse moves");
    }

    #[test]
    fn expert_and_master_never_slip() {
        let board = random_position(8, Opening::Standard, 20, 31);
        for level in [Level::Expert, Level::Master] {
            let settings = LevelSettings { node_budget: 20_000, book: false, ..*level.settings() };
            let moves: Vec<_> =
                (0..5).map(|seed| ThinkJob::new(&board, &settings, seed).run(&mut Ai::new(1)).mv).collect();
            assert!(moves.windows(2).all(|w| w[0] == w[1]), "{}: {moves:?}", settings.name);
        }
    }

    /// Runs a job on a pretend clock on which each node takes `ns_per_node` nanoseconds (deterministic timing),
    /// forcing the answer at `cap_ms` as `run_on_clock` does (a level with a time plan answers before its cap itself).
    fn on_node_clock(job: &mut ThinkJob, ai: &mut Ai, ns_per_node: f64, cap_ms: f64) -> (Decision, f64) {
        loop {
            let elapsed_ms = job.nodes() as f64 * ns_per_node / 1e6;
            if elapsed_ms >= cap_ms {
                return (job.force_move_now(), elapsed_ms);
            }
            if let Some(decision) = job.step_timed(ai, 5_000, elapsed_ms) {
                return (decision, elapsed_ms);
            }
        }
    }

    #[test]
    fn master_on_the_clock_stops_between_its_target_and_its_cap() {
        let master = LevelSettings { book: false, ..*Level::Master.settings() };
        let cap = f64::from(master.time_budget_ms);
        let mut ai = Ai::new(4);
        for seed in 0..3 {
            let board = random_position(8, Opening::Standard, 20, 50 + seed);
            // 100 µs a node (10 k nodes/s, a very slow machine): the 1.5 s target is 15 k nodes.
            let (decision, elapsed) =
                on_node_clock(&mut ThinkJob::new(&board, &master, 0), &mut ai, 100_000.0, f64::INFINITY);
            assert!(board.is_legal(decision.mv.unwrap()));
            assert!(elapsed <= cap + 1.0, "seed {seed}: {elapsed} ms past the cap");
            assert!(decision.depth >= 3, "seed {seed}: deepened to {}", decision.depth);
            // Twenty times faster, the same time buys a deeper search.
            let (fast, _) = on_node_clock(&mut ThinkJob::new(&board, &master, 0), &mut ai, 5_000.0, f64::INFINITY);
            assert!(fast.depth > decision.depth, "seed {seed}: {} then {}", decision.depth, fast.depth);
        }
        // Past the cap the answer comes at once, whatever the job was doing.
        let board = random_position(8, Opening::Standard, 20, 60);
        let mut job = ThinkJob::new(&board, &master, 0);
        assert!(job.step_timed(&mut ai, 2_000, 0.0).is_none());
        assert!(job.step_timed(&mut ai, 2_000, cap).is_some_and(|d| board.is_legal(d.mv.unwrap())));
    }

    #[test]
    fn master_answers_before_its_cap_not_a_step_after() {
        let master = LevelSettings { book: false, ..*Level::Master.settings() };
        let cap = f64::from(master.time_budget_ms);
        let board = random_position(8, Opening::Standard, 20, 61);
        let mut ai = Ai::new(1);
        let mut job = ThinkJob::new(&board, &master, 0);
        // Steps of 100 ms that never finish an iteration: only the clock ends the thinking, two steps before the cap.
        let answered = (0..40).map(|i| f64::from(i) * 100.0).find(|&ms| job.step_timed(&mut ai, 1, ms).is_some());
        assert_eq!(answered, Some(cap - 200.0));
        assert!(board.is_legal(job.force_move_now().mv.unwrap()));
    }

    #[test]
    fn on_a_fixed_time_a_solve_that_cannot_finish_leaves_a_deep_midgame_move() {
        // Master with 400 ms on every move (match's fixed:master), on a pretend clock of 2 µs a node: its win/loss/draw
        // solve of 23-24 empties needs far more than 200 k nodes, so it is not tried and the move is the midgame
        // iterations' answer, which had the whole time (it was depth 4, FALLBACK_DEPTH, whatever the time).
        let fixed = LevelSettings { target_ms: None, time_budget_ms: 400, book: false, ..*Level::Master.settings() };
        let mut ai = Ai::new(4);
        for seed in 0..3 {
            let board = random_position(8, Opening::Standard, 36, 70 + seed);
            assert!((23..=fixed.wld_empties).contains(&board.empty_count()), "{}", board.empty_count());
            let cap = f64::from(fixed.time_budget_ms);
            let (decision, _) = on_node_clock(&mut ThinkJob::new(&board, &fixed, 0), &mut ai, 2_000.0, cap);
            assert!(board.is_legal(decision.mv.unwrap()));
            assert!(!decision.exact && !decision.win_loss_draw, "seed {seed}: solved in 200 k nodes?");
            assert!(decision.depth > FALLBACK_DEPTH + 2, "seed {seed}: depth {}", decision.depth);
        }
    }

    #[test]
    fn on_a_fixed_time_a_solve_expected_to_finish_starts_at_once() {
        // The same clock, 12 empties: the exact solve is expected in a few thousand nodes, so it starts in the second
        // step, once the first has timed the job's pace, rather than after a share of the time, and finishes.
        let fixed = LevelSettings { target_ms: None, time_budget_ms: 400, book: false, ..*Level::Master.settings() };
        let mut ai = Ai::new(4);
        for seed in 0..3 {
            let board = random_position(8, Opening::Standard, 48, 80 + seed);
            let mut job = ThinkJob::new(&board, &fixed, 0);
            let mut steps = 0;
            let decision = loop {
                let elapsed_ms = job.nodes() as f64 * 2_000.0 / 1e6;
                assert!(
                    elapsed_ms < f64::from(fixed.time_budget_ms),
                    "seed {seed}: the solve did not finish: {:?} {:?}",
                    job.next,
                    job.stages.get(job.next)
                );
                steps += 1;
                if let Some(decision) = job.step_timed(&mut ai, 5_000, elapsed_ms) {
                    break decision;
                }
                assert!(
                    steps < 2 || job.solve_stage.is_some_and(|solve| job.next >= solve),
                    "seed {seed}: no solve in step {steps}"
                );
            };
            assert!(decision.exact && board.is_legal(decision.mv.unwrap()), "seed {seed}: {decision:?}");
        }
    }

    #[test]
    fn on_a_fixed_time_a_win_loss_draw_verdict_stands_when_the_exact_solve_cannot_finish() {
        // 100 ms on every move, on a pretend clock of 20 M nodes/s (the reference pace), at 18 empties: the verdict
        // is expected in a hundred thousand nodes, so it comes first, then the exact solve has the time left.
        // Either way the move keeps the position's class; on at least one of these the exact solve runs out.
        let fixed = LevelSettings { target_ms: None, time_budget_ms: 100, book: false, ..*Level::Master.settings() };
        let mut ai = Ai::new(4);
        let mut verdicts = 0;
        for seed in 0..3 {
            let board = random_position(8, Opening::Standard, 42, 90 + seed);
            assert_eq!(board.empty_count(), 18);
            let cap = f64::from(fixed.time_budget_ms);
            let (decision, _) = on_node_clock(&mut ThinkJob::new(&board, &fixed, 0), &mut ai, 50.0, cap);
            assert!(decision.win_loss_draw || decision.exact, "seed {seed}: {decision:?}");
            verdicts += usize::from(decision.win_loss_draw);
            // The child's solve finds the parent's in the table.
            let mut judge = Ai::new(4);
            let exact = judge.search(&board, &Limits::exact()).unwrap().score;
            let after = -judge.search(&board.play(decision.mv.unwrap()), &Limits::exact()).unwrap().score;
            assert_eq!((decision.score.signum(), after.signum()), (exact.signum(), exact.signum()), "seed {seed}");
        }
        assert!(verdicts > 0, "every exact solve finished: the verdict was not tested");
    }

    #[test]
    fn a_solve_cut_short_after_its_selective_pass_plays_that_passs_move() {
        // Master on a fixed time at 20 empties, 5,000 nodes a step on a pretend clock of 20 M nodes/s: the
        // win/loss/draw verdict starts at once; stopped as soon as its selective pass has finished, the job plays
        // that pass's move, not the shallow midgame iterations' before it.
        let fixed = LevelSettings { target_ms: None, time_budget_ms: 10_000, book: false, ..*Level::Master.settings() };
        let mut cut_short = 0;
        for seed in 0..2 {
            let board = random_position(8, Opening::Standard, 40, 100 + seed);
            let mut ai = Ai::new(4);
            let mut job = ThinkJob::new(&board, &fixed, 0);
            while job.step_timed(&mut ai, 5_000, job.nodes() as f64 * 50.0 / 1e6).is_none() {
                let Some((mv, score)) = job.presolved else { continue };
                let decision = job.force_move_now();
                assert_eq!((decision.mv, decision.score), (Some(mv), score), "seed {seed}");
                assert!(board.is_legal(mv) && (-1..=1).contains(&score), "seed {seed}: {decision:?}");
                assert!(!decision.exact && !decision.win_loss_draw, "seed {seed}: {decision:?}");
                cut_short += 1;
                break;
            }
        }
        assert!(cut_short > 0, "every solve finished within a step of its selective pass");
    }

    #[test]
    fn a_forced_move_and_a_book_move_come_at_once() {
        let mut ai = Ai::new(1);
        let forced = (0..2_000)
            .map(|seed| random_position(8, Opening::Standard, 30 + (seed % 28) as usize, seed))
            .find(|b| b.moves().count_ones() == 1 && b.empty_count() > 10)
            .expect("a forced move in 2,000 random games");
        let decision = ThinkJob::new(&forced, Level::Master.settings(), 0).step(&mut ai, 100).expect("at once");
        assert_eq!(decision.mv, Some(forced.moves().trailing_zeros() as usize));
        let (black, white) = VariantBoard::start_discs(8, Opening::Standard);
        let start = VariantBoard::new(8, black, white);
        let book = ThinkJob::new(&start, Level::Master.settings(), 0).step(&mut ai, 0).expect("from the book");
        assert!(book.mv.is_some_and(|sq| start.is_legal(sq)) && book.nodes == 0 && book.pv.len() > 1);
    }

    #[test]
    fn draws_are_accepted_only_when_not_ahead() {
        let mut ai = Ai::new(2);
        for seed in 0..8 {
            let board = random_position(8, Opening::Standard, 52, 40 + seed);
            let exact = ThinkJob::evaluation(&board, &LEVELS[0]).run(&mut ai);
            assert!(exact.exact);
            let verdict = ThinkJob::evaluation(&board, &LEVELS[0]).run(&mut ai);
            assert_eq!(verdict.accepts_draw(true), exact.score <= 0, "seed {seed}");
            assert_eq!(verdict.accepts_draw(false), exact.score >= 0, "seed {seed}");
        }
    }

    #[test]
    fn a_finished_game_passes_with_its_final_score() {
        let board = VariantBoard::new(6, 0b111, 0b1000);
        let board = VariantBoard { player: board.player, opponent: board.geometry.full() & !board.player, ..board };
        let decision = ThinkJob::new(&board, Level::Beginner.settings(), 0).run(&mut Ai::new(1));
        assert_eq!((decision.mv, decision.score, decision.exact), (None, 3 - 33, true));
    }
}
