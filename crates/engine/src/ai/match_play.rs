//! The match runner: two engine settings play each other from a fixed list of varied openings, each opening
//! once with either colour, and the result is summed up with a confidence interval on the score rate. The command
//! line (`reversi-engine match`) reads the settings from its flags.

use super::ai::Ai;
use super::level::{Level, LevelSettings};
use super::novice::novice_move;
use super::think_job::{slice_nodes, ThinkJob};
use crate::eval::{Evaluator, HandEvaluator, PatternEvaluator};
use crate::rng::Rng;
use crate::rules::random_play::random_move;
use crate::rules::{Board, VariantBoard};
use crate::search::{Limits, Searcher};
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    Hand,
    Pattern,
}

/// One side's setting: a fixed search (evaluation, midgame depth, and the empties from which it solves exactly),
/// a difficulty level played exactly as the app plays it (node budget, slips and all), or the novice model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Search {
        eval: EvalKind,
        depth: u32,
        exact_empties: u32,
    },
    Level(Level),
    /// A level on the wall clock in slices, as the app plays it, with its time target, cap and book as given.
    Clocked {
        level: Level,
        target_ms: Option<u32>,
        cap_ms: u32,
        book: bool,
    },
    /// A novice who knows only the rules and that corners are good (`novice_move`).
    Novice,
}

impl Setting {
    fn side(&self, pattern: &PatternEvaluator, movetime: Option<Duration>) -> Side {
        match *self {
            Setting::Search { eval, depth, exact_empties } => {
                let evaluator: Box<dyn Evaluator> = match eval {
                    EvalKind::Hand => Box::new(HandEvaluator),
                    EvalKind::Pattern => Box::new(pattern.clone()),
                };
                let limits = Limits { depth, exact_empties, wld_empties: exact_empties, node_budget: None };
                Side::Search(Searcher::with_evaluator(16, evaluator), limits, movetime)
            }
            Setting::Level(level) => Side::Level(Box::new(Ai::new(16)), level),
            Setting::Clocked { level, target_ms, cap_ms, book } => {
                let settings = LevelSettings { target_ms, time_budget_ms: cap_ms, book, ..*level.settings() };
                Side::Clocked(Box::new(Ai::new(16)), settings)
            }
            Setting::Novice => Side::Novice,
        }
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Setting::Search { eval, depth, exact_empties } => {
                let eval = match eval {
                    EvalKind::Hand => "hand-set",
                    EvalKind::Pattern => "pattern",
                };
                write!(f, "{eval} eval, depth {depth}, exact from {exact_empties} empties")
            }
            Setting::Level(level) => write!(f, "level {} (the shipped evaluation)", level.name()),
            Setting::Clocked { level, target_ms, cap_ms, book } => {
                let book = if *book { "with" } else { "without" };
                match target_ms {
                    Some(target) => {
                        write!(f, "level {} on the clock: target {target} ms, cap {cap_ms} ms", level.name())?
                    }
                    None => write!(f, "level {} on the clock: {cap_ms} ms every move", level.name())?,
                }
                write!(f, ", {book} the book")
            }
            Setting::Novice => write!(f, "novice: a corner if it can, else the most discs flipped"),
        }
    }
}

/// A side in play: its search tables and how it picks a move (a fixed search, or with a time per move its
/// deepest iteration finished in that time).
enum Side {
    Search(Searcher, Limits, Option<Duration>),
    Level(Box<Ai>, Level),
    Clocked(Box<Ai>, LevelSettings),
    Novice,
}

/// Nodes between two looks at the clock in a timed search (a few milliseconds).
const CLOCK_NODES: u64 = 10_000;

/// The move of the deepest search (up to `limits.depth`) that finishes within `movetime`; the first iteration is
/// always finished. Each depth is a search of its own, sliced into `CLOCK_NODES` so the clock is read often; the
/// shallower iterations it repeats come from the table.
fn timed_move(searcher: &mut Searcher, board: &Board, limits: &Limits, movetime: Duration) -> Option<usize> {
    let start = Instant::now();
    let mut best = None;
    for depth in 1..=limits.depth {
        let sliced = Limits { depth, node_budget: Some(CLOCK_NODES), ..*limits };
        let result = loop {
            match searcher.search(board, &sliced) {
                Ok(result) => break result,
                Err(_) if best.is_some() && start.elapsed() >= movetime => return best,
                Err(_) => {}
            }
        };
        best = result.best_move;
        let final_answer = result.exact || result.win_loss_draw || depth >= board.empty_count();
        if final_answer || start.elapsed() >= movetime {
            break;
        }
    }
    best
}

impl Side {
    fn clear(&mut self) {
        match self {
            Side::Search(searcher, ..) => searcher.clear(),
            Side::Level(ai, _) | Side::Clocked(ai, _) => ai.clear(),
            Side::Novice => {}
        }
    }

    /// The move for `board` (which has one); `seed` drives a level's slips and the novice's choice among equals.
    fn pick(&mut self, board: &Board, seed: u64) -> usize {
        match self {
            Side::Search(searcher, limits, None) => searcher.search(board, limits).expect("no node budget").best_move,
            Side::Search(searcher, limits, Some(movetime)) => timed_move(searcher, board, limits, *movetime),
            Side::Level(ai, level) => {
                let position = VariantBoard::new(8, board.player as u128, board.opponent as u128);
                ThinkJob::new(&position, level.settings(), seed).run(ai).mv
            }
            Side::Clocked(ai, settings) => {
                let position = VariantBoard::new(8, board.player as u128, board.opponent as u128);
                let slice = slice_nodes(&position);
                ThinkJob::new(&position, settings, seed).run_on_clock(ai, settings.time_budget_ms, slice).mv
            }
            Side::Novice => Some(novice_move(board, &mut Rng::new(seed))),
        }
        .expect("a legal move")
    }
}

/// Random openings that failed in a row to give a new position before `openings` concludes that no more exist.
/// Far more than needed: with 8 plies a new one still turns up every few tries after thousands.
const OPENING_TRIES_WITHOUT_NEW: u32 = 20_000;

/// Up to `count` distinct positions (distinct under the board's symmetries too) after `plies` uniformly random legal
/// moves from the start, with a move to play, the same for a given seed. Fewer when fewer exist (few plies, or more
/// plies than a game lasts): it stops once `OPENING_TRIES_WITHOUT_NEW` tries in a row found nothing new.
pub fn openings(count: usize, plies: u32, seed: u64) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let (mut seen, mut list, mut fruitless) = (HashSet::new(), Vec::new(), 0);
    while list.len() < count && fruitless < OPENING_TRIES_WITHOUT_NEW {
        let mut board = Board::start();
        for _ in 0..plies {
            if board.moves() == 0 {
                board = board.pass();
            }
            let moves = board.moves();
            if moves == 0 {
                break;
            }
            board = board.play(random_move(moves, &mut rng));
        }
        let key = (0..8).map(|s| board.symmetry(s)).map(|b| (b.player, b.opponent)).min().expect("eight symmetries");
        if board.moves() != 0 && seen.insert(key) {
            list.push(board);
            fruitless = 0;
        } else {
            fruitless += 1;
        }
    }
    list
}

/// Wins, draws and losses from the first setting's point of view, and its disc differences.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub disc_differences: Vec<i32>,
}

impl MatchResult {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// (W + D/2) / N.
    pub fn score_rate(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// 95 % confidence interval of the score rate, normal approximation over the per-game scores 1, ½, 0.
    pub fn confidence_95(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let rate = self.score_rate();
        let mean_square = (self.wins as f64 + 0.25 * self.draws as f64) / n;
        let half = 1.96 * ((mean_square - rate * rate).max(0.0) / n).sqrt();
        (rate - half, rate + half)
    }

    pub fn mean_disc_difference(&self) -> f64 {
        self.disc_differences.iter().sum::<i32>() as f64 / self.games().max(1) as f64
    }
}

/// Plays one game from `opening`; `first` moves first. Returns the final disc difference for `first`. `seed`
/// makes the levels' slips differ from game to game and repeat from run to run.
fn play_game(opening: &Board, first: &mut Side, second: &mut Side, seed: u64) -> i32 {
    let mut sides = [first, second];
    for side in sides.iter_mut() {
        side.clear();
    }
    let (mut board, mut turn) = (*opening, 0);
    loop {
        if board.moves() == 0 {
            if board.opponent_moves() == 0 {
                let score = board.final_score();
                return if turn == 0 { score } else { -score };
            }
            board = board.pass();
            turn ^= 1;
            continue;
        }
        let ply = 60 - board.empty_count() as u64;
        board = board.play(sides[turn].pick(&board, seed.wrapping_mul(61).wrapping_add(ply)));
        turn ^= 1;
    }
}

/// How the two sides of a match search: the pattern weights of each (a level always plays the shipped ones) and,
/// if set, the time per move of the searching sides.
pub struct MatchRules {
    pub weights: [PatternEvaluator; 2],
    pub movetime: Option<Duration>,
}

/// `a` against `b` from every opening, once as the side to move and once as the other.
pub fn play_match(
    a: &Setting,
    b: &Setting,
    openings: &[Board],
    rules: &MatchRules,
    mut progress: impl FnMut(&MatchResult),
) -> MatchResult {
    let (mut side_a, mut side_b) =
        (a.side(&rules.weights[0], rules.movetime), b.side(&rules.weights[1], rules.movetime));
    let mut result = MatchResult::default();
    for (game, opening) in openings.iter().enumerate() {
        for a_first in [true, false] {
            let seed = 2 * game as u64 + a_first as u64;
            let diff = if a_first {
                play_game(opening, &mut side_a, &mut side_b, seed)
            } else {
                -play_game(opening, &mut side_b, &mut side_a, seed)
            };
            match diff.signum() {
                1 => result.wins += 1,
                0 => result.draws += 1,
                _ => result.losses += 1,
            }
            result.disc_differences.push(diff);
            progress(&result);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_reproducible_and_playable() {
        let list = openings(30, 8, 4);
        assert_eq!(list, openings(30, 8, 4));
        assert_ne!(list, openings(30, 8, 5));
        for (i, b) in list.iter().enumerate() {
            assert_eq!(b.empty_count(), 52);
            assert!(b.moves() != 0);
            for other in &list[i + 1..] {
                assert!((0..8).all(|s| b.symmetry(s) != *other));
            }
        }
    }

    #[test]
    fn openings_stop_when_no_more_exist() {
        // Issue 11: these looped forever. Up to symmetry the start is one opening, the four first moves are one.
        assert_eq!(openings(100, 0, 1).len(), 1);
        assert_eq!(openings(100, 1, 1).len(), 1);
        let three = openings(100, 3, 1);
        assert!(three.len() > 1 && three.len() < 100, "{}", three.len());
        assert_eq!(openings(100, 3, 7).len(), three.len(), "every 3-ply opening is found whatever the seed");
        assert!(openings(1, 100, 1).is_empty(), "no game lasts 100 plies");
    }

    #[test]
    fn a_setting_against_itself_scores_even_over_both_colours() {
        let s = Setting::Search { eval: EvalKind::Hand, depth: 1, exact_empties: 6 };
        let rules = MatchRules { weights: [PatternEvaluator::shipped(), PatternEvaluator::shipped()], movetime: None };
        let result = play_match(&s, &s, &openings(3, 8, 1), &rules, |_| {});
        // Same engine, same opening with colours swapped: the two games are mirror images.
        assert_eq!(result.games(), 6);
        assert_eq!(result.wins, result.losses);
        assert_eq!(result.mean_disc_difference(), 0.0);
        assert_eq!(result.score_rate(), 0.5);
    }

    #[test]
    fn the_novice_plays_whole_games_and_loses_to_a_search() {
        let rules = MatchRules { weights: [PatternEvaluator::shipped(), PatternEvaluator::shipped()], movetime: None };
        let search = Setting::Search { eval: EvalKind::Pattern, depth: 4, exact_empties: 12 };
        let result = play_match(&Setting::Novice, &search, &openings(4, 8, 1), &rules, |_| {});
        assert_eq!(result.games(), 8);
        assert!(result.score_rate() < 0.5, "{result:?}");
    }

    #[test]
    fn a_timed_side_finishes_at_least_its_first_iteration_and_plays_legal_moves() {
        let mut searcher = Searcher::new(1);
        let limits = Limits { depth: 30, exact_empties: 6, wld_empties: 6, node_budget: None };
        for opening in openings(4, 10, 2) {
            let square = timed_move(&mut searcher, &opening, &limits, Duration::from_nanos(1)).expect("a move");
            assert!(opening.moves() & (1 << square) != 0);
        }
        // With time to spare it stops at its depth cap, on the move a plain search of that depth finds.
        let board = openings(1, 12, 3)[0];
        let capped = Limits { depth: 3, ..limits };
        let fixed = Searcher::new(1).search(&board, &capped).unwrap();
        let timed = timed_move(&mut Searcher::new(1), &board, &capped, Duration::from_secs(600));
        assert_eq!(timed, fixed.best_move);
        let s = Setting::Search { eval: EvalKind::Pattern, depth: 30, exact_empties: 6 };
        let weights = [PatternEvaluator::shipped(), PatternEvaluator::shipped()];
        let rules = MatchRules { weights, movetime: Some(Duration::from_millis(2)) };
        assert_eq!(play_match(&s, &s, &openings(1, 8, 1), &rules, |_| {}).games(), 2);
    }

    #[test]
    fn confidence_interval_narrows_with_games_and_brackets_the_rate() {
        let few = MatchResult { wins: 6, draws: 1, losses: 3, disc_differences: vec![0; 10] };
        let many = MatchResult { wins: 60, draws: 10, losses: 30, disc_differences: vec![0; 100] };
        let (a, b) = (few.confidence_95(), many.confidence_95());
        assert!((few.score_rate() - 0.65).abs() < 1e-9);
        assert!(a.0 < b.0 && b.1 < a.1 && b.0 < 0.65 && 0.65 < b.1);
        // Normal approximation: sd of scores {1 ×6, ½, 0 ×3} is 0.45, so ±1.96·0.45/√10 ≈ ±0.279.
        assert!((a.1 - a.0 - 2.0 * 0.279).abs() < 0.005);
    }
}
