//! Difficulty levels: how deep the computer looks, when it solves the endgame, how long it may think, and how
//! readily it slips.

use crate::rng::Rng;
use crate::search::NO_SELECTIVITY;

/// The computer's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    Beginner,
    #[default]
    Intermediate,
    Advanced,
    Expert,
    /// Full strength: searches as deep as its thinking budget allows.
    Master,
}

/// One level's setting. Scores and temperatures are in discs (final disc difference).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    pub name: &'static str,
    /// Midgame search depth in plies (iterative deepening stops here or when the budget is spent).
    pub depth: u32,
    /// Solve for the exact final disc difference from this many empty squares on.
    pub exact_empties: u32,
    /// Solve for win/loss/draw from this many empty squares on (at least `exact_empties`).
    pub wld_empties: u32,
    /// The thinking budget in nodes: deterministic, so a seed reproduces a game. When it is spent the deepest
    /// finished search decides.
    pub node_budget: u64,
    /// A wall-clock cap in milliseconds that the caller enforces (`ThinkJob::force_move_now`).
    pub time_budget_ms: u32,
    /// Time management (`TimePlan`), for a caller with a clock (`ThinkJob::step_timed`): an easy move stops
    /// deepening before this many milliseconds, a hard one may go on to the cap. `None`: no time management.
    pub target_ms: Option<u32>,
    /// Plays from the opening book (at once, varied among the near-best moves) while the position is in it.
    pub book: bool,
    /// Mistakes before the exact solve: each move is chosen with weight exp(-loss / temperature), the loss being
    /// how many discs worse than the best it scores. 0 always plays a best move.
    pub temperature: f64,
    /// The same once the exact solve applies, where losses are exact.
    pub endgame_temperature: f64,
    /// Multi-prob-cut confidence level of the midgame searches (`Searcher::set_selectivity`): lower prunes more
    /// and reaches deeper in the same nodes; `NO_SELECTIVITY` searches every move.
    pub selectivity: u8,
}

/// Master's multi-prob-cut level, a 1.5 σ confidence (`probcut::CONFIDENCE`). Searching as deep as 500 k nodes a
/// move allow, it scored 62.5 % over 80 games against the same search without prob-cut: it reaches deeper. The
/// depth-limited levels search every move (prob-cut would only make them weaker at the same depth).
pub(crate) const MASTER_SELECTIVITY: u8 = 1;

/// The levels, weakest first, tuned with the trained evaluation (`reversi-engine match --a level:NAME ...`).
///
/// | level        | depth | exact | WLD | node budget | time cap | slips (midgame / endgame) | prob-cut |
/// |--------------|------:|------:|----:|------------:|---------:|---------------------------|----------|
/// | Beginner     |     1 |    10 |  10 |        50 k |      1 s | T = 3 discs / 1.5 discs   | off      |
/// | Intermediate |     2 |    12 |  12 |       300 k |      2 s | T = 1 disc / 0.5 disc     | off      |
/// | Advanced     |     4 |    14 |  14 |         2 M |      3 s | T = 1 disc / none         | off      |
/// | Expert       |     6 |    16 |  18 |        12 M |      5 s | none                      | off      |
/// | Master       |    60 |    22 |  24 |       100 M |    3.5 s | none                      | 1.5 σ    |
///
/// Master also plays from the opening book and manages its time (on the clock, `ThinkJob::step_timed`): an easy
/// move stops deepening before 1.5 s, one where the search still changes its mind may go on to the 3.5 s cap, a
/// forced move is played at once. The node budget bounds it where no clock is given (tests, `run`).
/// With T = 3 a move one disc worse than the best is chosen 72 % as often as the best, one 6 discs worse 14 % as
/// often, one 15 discs worse under 1 %: small slips are common and blunders rare, unlike uniform noise. Even a
/// Beginner solves the last 10 empties exactly and then mostly slips by a disc or two. Each level scores 10-25 %
/// against the next one up, Expert against Master on the clock (docs/strength.md has the ladder and the commands); Master
/// is the full-strength search. The match runner's `novice` (a corner, else the most discs) beats Beginner seldom:
/// what Beginner would lose to it, it loses to Intermediate too.
pub const LEVELS: [LevelSettings; 5] = [
    LevelSettings {
        name: "Beginner",
        depth: 1,
        exact_empties: 10,
        wld_empties: 10,
        node_budget: 50_000,
        time_budget_ms: 1_000,
        temperature: 3.0,
        endgame_temperature: 1.5,
        target_ms: None,
        book: false,
        selectivity: NO_SELECTIVITY,
    },
    LevelSettings {
        name: "Intermediate",
        depth: 2,
        exact_empties: 12,
        wld_empties: 12,
        node_budget: 300_000,
        time_budget_ms: 2_000,
        temperature: 1.0,
        endgame_temperature: 0.5,
        target_ms: None,
        book: false,
        selectivity: NO_SELECTIVITY,
    },
    LevelSettings {
        name: "Advanced",
        depth: 4,
        exact_empties: 14,
        wld_empties: 14,
        node_budget: 2_000_000,
        time_budget_ms: 3_000,
        temperature: 1.0,
        endgame_temperature: 0.0,
        target_ms: None,
        book: false,
        selectivity: NO_SELECTIVITY,
    },
    LevelSettings {
        name: "Expert",
        depth: 6,
        exact_empties: 16,
        wld_empties: 18,
        node_budget: 12_000_000,
        time_budget_ms: 5_000,
        temperature: 0.0,
        endgame_temperature: 0.0,
        target_ms: None,
        book: false,
        selectivity: NO_SELECTIVITY,
    },
    LevelSettings {
        name: "Master",
        depth: 60,
        exact_empties: 22,
        wld_empties: 24,
        node_budget: 100_000_000,
        time_budget_ms: 3_500,
        target_ms: Some(1_500),
        book: true,
        temperature: 0.0,
        endgame_temperature: 0.0,
        selectivity: MASTER_SELECTIVITY,
    },
];

impl Level {
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Intermediate, Level::Advanced, Level::Expert, Level::Master];

    pub fn settings(self) -> &'static LevelSettings {
        &LEVELS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.settings().name
    }

    /// The level named `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name().eq_ignore_ascii_case(name))
    }
}

impl LevelSettings {
    /// Whether the level ever chooses a move it knows to be worse.
    pub fn makes_mistakes(&self) -> bool {
        self.temperature > 0.0 || self.endgame_temperature > 0.0
    }

    /// The temperature that applies to a position with `empties` empty squares.
    pub fn temperature_at(&self, empties: u32) -> f64 {
        if empties <= self.exact_empties {
            self.endgame_temperature
        } else {
            self.temperature
        }
    }
}

/// Choose among scored moves `(square, score)` with weight exp(-(best - score) / temperature): a softmax over the
/// losses. A temperature of 0 (or below) takes the first best move. `scored` must not be empty.
pub fn choose_with_slips(scored: &[(usize, i32)], temperature: f64, rng: &mut Rng) -> (usize, i32) {
    let best = scored.iter().copied().max_by_key(|&(sq, score)| (score, std::cmp::Reverse(sq))).expect("a move");
    if temperature <= 0.0 {
        return best;
    }
    let weights: Vec<f64> = scored.iter().map(|&(_, score)| (-(best.1 - score) as f64 / temperature).exp()).collect();
    let mut target = rng.next_f64() * weights.iter().sum::<f64>();
    for (&choice, weight) in scored.iter().zip(&weights) {
        target -= weight;
        if target < 0.0 {
            return choice;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_master_uses_the_book_and_the_clock() {
        for level in Level::ALL {
            let settings = level.settings();
            assert_eq!(settings.book, level == Level::Master, "{}", settings.name);
            assert_eq!(settings.target_ms.is_some(), level == Level::Master, "{}", settings.name);
        }
        let master = Level::Master.settings();
        assert!(master.target_ms.is_some_and(|target| target < master.time_budget_ms));
    }

    #[test]
    fn levels_get_stronger_in_every_setting() {
        for pair in LEVELS.windows(2) {
            let (weak, strong) = (&pair[0], &pair[1]);
            assert!(weak.depth < strong.depth && weak.exact_empties < strong.exact_empties, "{}", strong.name);
            assert!(weak.node_budget < strong.node_budget && weak.temperature >= strong.temperature);
        }
        for settings in &LEVELS {
            assert!(settings.wld_empties >= settings.exact_empties);
            assert!(settings.exact_empties >= 10, "every level plays a strong endgame");
        }
        assert!(!Level::Expert.settings().makes_mistakes() && !Level::Master.settings().makes_mistakes());
        assert!(Level::Beginner.settings().makes_mistakes());
    }

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(Level::from_name(&level.name().to_uppercase()), Some(level));
        }
        assert_eq!(Level::from_name("grandmaster"), None);
    }

    #[test]
    fn zero_temperature_takes_the_best_move() {
        let scored = [(3, -4), (10, 6), (20, 6), (30, 2)];
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            assert_eq!(choose_with_slips(&scored, 0.0, &mut rng), (10, 6));
        }
    }

    #[test]
    fn slips_follow_the_loss_weighted_distribution() {
        // Losses 0, 2, 6 and 20 discs at T = 3: weights 1, 0.51, 0.14, 0.0013.
        let scored = [(0, 10), (1, 8), (2, 4), (3, -10)];
        let mut rng = Rng::new(42);
        let mut counts = [0u32; 4];
        let trials = 20_000;
        for _ in 0..trials {
            counts[choose_with_slips(&scored, 3.0, &mut rng).0] += 1;
        }
        let total: f64 = [0.0f64, 2.0, 6.0, 20.0].iter().map(|loss| (-loss / 3.0).exp()).sum();
        for (i, loss) in [0.0f64, 2.0, 6.0].iter().enumerate() {
            let expected = trials as f64 * (-loss / 3.0).exp() / total;
            let tolerance = 4.0 * expected.sqrt();
            assert!((counts[i] as f64 - expected).abs() < tolerance, "move {i}: {} vs {expected:.0}", counts[i]);
        }
        assert!(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > counts[3]);
        assert!(counts[3] < 60, "a 20-disc blunder stays rare: {}", counts[3]);
    }
}
