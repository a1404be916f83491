//! The computer's thinking, a slice at a time between frames so the page never stalls: each slice runs the
//! engine's `ThinkJob` for a node budget sized to take a few milliseconds, then yields to the browser.
//!
//! One `Ai` (with its transposition tables) lives for the whole visit; it is built in tasks of its own once the
//! engine's data files are here (`engine_data`), so neither the first paint nor a click waits for it; a computer
//! that must move before then says it is preparing. A job is dropped, and so cancelled, as soon as
//! what the computer should think about changes (new game, undo, another player or level, Stop).

use crate::model::options::Options;
use crate::model::state::AppState;
use crate::model::table::{Players, Table};
#[cfg(any(test, target_arch = "wasm32"))]
use engine::ai::think_job::MIN_SLICE_NODES;
use engine::Level;
use game::{Color, Position};
use leptos::prelude::*;

/// What the computer should be thinking about now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Choose a move for `side`.
    Move { side: Color, position: Position, level: Level, ply: usize },
    /// Decide whether to accept the draw offered to `computer`.
    DrawVerdict { computer: Color, position: Position, level: Level },
}

impl Task {
    /// What the computer owes the table as it is, each side thinking at its own level: the answer to a draw offer
    /// made to it, else its move. Read from the saved game alone, so a reload resumes whatever was owed.
    pub fn for_table(table: &Table, options: &Options) -> Option<Task> {
        let position = *table.game.position();
        let players = Players::from_options(options);
        if let Some(computer) = table.computer_weighs_draw(&players) {
            return Some(Task::DrawVerdict { computer, position, level: options.level(computer) });
        }
        let side = table.computer_to_move(&players)?;
        Some(Task::Move { side, position, level: options.level(side), ply: table.game.history().cursor() })
    }

    fn now(state: &AppState) -> Option<Task> {
        state.options.with(|options| state.table.with(|table| Task::for_table(table, options)))
    }
}

/// The shortest visible pause before the computer answers, in milliseconds: it never moves instantly.
#[cfg(target_arch = "wasm32")]
pub const MIN_THINK_MS: f64 = 500.0;
/// The wall-clock work per slice the budget aims at: far under the 50 ms that counts as a long task, because
/// the time a node takes varies several-fold within one search.
#[cfg(any(test, target_arch = "wasm32"))]
pub const SLICE_MS: f64 = 6.0;
#[cfg(target_arch = "wasm32")]
const FIRST_BUDGET: u64 = MIN_SLICE_NODES;
/// While the engine's data files are still downloading, a waiting computer or analysis checks again this often (ms).
#[cfg(target_arch = "wasm32")]
pub const DATA_POLL_MS: u32 = 100;

/// The node budget for the next slice, scaled so a slice takes about [`SLICE_MS`]: quick slices grow it slowly
/// (at most by half at a time), slow ones shrink it at once, but never below the engine's [`MIN_SLICE_NODES`]
/// (a few milliseconds), under which a slow or busy machine would keep the search from progressing at all.
#[cfg(any(test, target_arch = "wasm32"))]
pub fn next_budget(budget: u64, elapsed_ms: f64) -> u64 {
    let scale = (SLICE_MS / elapsed_ms.max(0.05)).clamp(0.1, 1.5);
    ((budget as f64 * scale) as u64).clamp(MIN_SLICE_NODES, 1_000_000)
}

/// How long the flip animation of the last move lasts, so the computer's reply does not cut into it.
#[cfg(any(test, target_arch = "wasm32"))]
pub fn animation_ms(flips: usize, step_ms: u32) -> f64 {
    if step_ms == 0 {
        0.0
    } else {
        // The same timing as the square's CSS: flip i starts after (i + 1) steps and lasts three.
        f64::from(step_ms) * (flips as f64 + 4.0)
    }
}

/// Starts the driver (browser only).
pub fn install(state: AppState) {
    let task = Memo::new(move |_| Task::now(&state));
    #[cfg(target_arch = "wasm32")]
    web::install(state, task);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = task;
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use crate::model::page_clock::precise_now_ms;
    use engine::{Ai, AiBuilder, Decision, ThinkJob};
    use gloo_timers::callback::Timeout;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// While a decided answer waits for the visible pause to end, the slice checks again this often (ms).
    const READY_POLL_MS: u32 = 30;

    /// The 8×8 transposition table's size in MB.
    const TABLE_MB: usize = 16;

    struct Thinking {
        task: Task,
        /// Made once the engine is built (the book it may open with is one of the data files).
        job: Option<ThinkJob>,
        /// When the job started: its time budget and Master's clock count from here.
        started: f64,
        /// The earliest time the answer may be shown (the visible pause, the last move's animation, the pace).
        ready_at: f64,
        budget: u64,
        decision: Option<Decision>,
        /// The next slice; dropping it cancels the job's timer.
        timer: Option<Timeout>,
    }

    struct Driver {
        engine: Engine,
        current: Option<Thinking>,
    }

    /// The computer player, built a step per task (by `warm_up`, or by the thinking slices if they come first).
    enum Engine {
        Building(AiBuilder),
        Ready(Box<Ai>),
    }

    impl Engine {
        /// One more step of building the engine, or the engine once it is built.
        fn ai(&mut self) -> Option<&mut Ai> {
            if let Engine::Building(builder) = self {
                *self = Engine::Ready(Box::new(builder.step()?));
            }
            match self {
                Engine::Ready(ai) => Some(ai),
                Engine::Building(_) => None,
            }
        }
    }

    pub fn install(state: AppState, task: Memo<Option<Task>>) {
        let driver =
            Rc::new(RefCell::new(Driver { engine: Engine::Building(AiBuilder::new(TABLE_MB)), current: None }));
        // Once at start-up (the table fills while the data files download), again when they are here.
        let warming = driver.clone();
        Effect::new(move |_| {
            state.engine_ready.track();
            warm_up(warming.clone());
        });
        Effect::new(move |_| {
            let wanted = task.get();
            let mut d = driver.borrow_mut();
            if d.current.as_ref().map(|t| t.task) == wanted {
                return;
            }
            // Dropping the old job (and its timer) cancels it.
            d.current = wanted.map(|task| start(&state, task));
            drop(d);
            state.thinking.set(match wanted {
                Some(Task::Move { side, .. }) => Some(side),
                _ => None,
            });
            if wanted.is_some() {
                schedule(&driver, state);
            }
        });
    }

    /// Builds the engine a step per task: its transposition table a few megabytes at a time (at once it blocks the
    /// page for a long task), and once the data files are here the evaluation weights a phase at a time (all at
    /// once about 60 ms), then the searchers. Stops where it must wait for the data.
    fn warm_up(driver: Rc<RefCell<Driver>>) {
        Timeout::new(0, move || {
            let mut d = driver.borrow_mut();
            let built = d.engine.ai().is_some();
            let waiting = matches!(&d.engine, Engine::Building(builder) if builder.awaits_data());
            drop(d);
            if !built && !waiting {
                warm_up(driver);
            }
        })
        .forget();
    }

    fn job_for(task: Task) -> ThinkJob {
        let (position, level) = match task {
            Task::Move { position, level, .. } | Task::DrawVerdict { position, level, .. } => (position, level),
        };
        let settings = level.settings();
        match task {
            Task::Move { ply, .. } => ThinkJob::new(position.board(), settings, seed(ply)),
            Task::DrawVerdict { .. } => ThinkJob::evaluation(position.board(), settings),
        }
    }

    fn start(state: &AppState, task: Task) -> Thinking {
        let step = state.options.with_untracked(|o| o.flip_step_ms());
        let flips = match state.animation.get_untracked() {
            Some(_) => state.table.with_untracked(|t| t.game.last_flips().len()),
            None => 0,
        };
        let started = precise_now_ms();
        let pace = state.options.with_untracked(|o| o.computer_pause_ms);
        let pause = MIN_THINK_MS.max(animation_ms(flips, step)) + f64::from(pace);
        state.hurry.set(false);
        let ready_at = started + pause;
        Thinking { task, job: None, started, ready_at, budget: FIRST_BUDGET, decision: None, timer: None }
    }

    /// Varies the computer's slips from game to game: the clock in microseconds, mixed with the move number.
    fn seed(ply: usize) -> u64 {
        ((precise_now_ms() * 1000.0) as u64).rotate_left(17) ^ ply as u64
    }

    fn schedule(driver: &Rc<RefCell<Driver>>, state: AppState) {
        let next = driver.clone();
        let timer = Timeout::new(0, move || slice(&next, state));
        if let Some(current) = driver.borrow_mut().current.as_mut() {
            current.timer = Some(timer);
        }
    }

    /// One slice of work, then either the answer, another slice, or a wait for the visible pause to end.
    fn slice(driver: &Rc<RefCell<Driver>>, state: AppState) {
        let mut d = driver.borrow_mut();
        let Driver { engine, current } = &mut *d;
        let Some(thinking) = current.as_mut() else { return };
        if thinking.decision.is_none() {
            let ai = engine.ai();
            if ai.is_some() && thinking.job.is_none() {
                thinking.job = Some(job_for(thinking.task));
                thinking.started = precise_now_ms();
            }
            let settings_cap = match thinking.task {
                Task::Move { level, .. } | Task::DrawVerdict { level, .. } => {
                    f64::from(level.settings().time_budget_ms)
                }
            };
            let begin = precise_now_ms();
            let hurry = state.hurry.get_untracked() || begin - thinking.started > settings_cap;
            thinking.decision = match (ai, thinking.job.as_mut()) {
                (_, Some(job)) if hurry => Some(job.force_move_now()),
                (Some(ai), Some(job)) => {
                    // On the clock, so Master manages its time across the slices.
                    let decision = job.step_timed(ai, thinking.budget, begin - thinking.started);
                    thinking.budget = next_budget(thinking.budget, precise_now_ms() - begin);
                    decision
                }
                _ => None, // this slice went to building the engine, or its data files are still on their way
            };
        }
        let ready =
            thinking.decision.is_some() && (precise_now_ms() >= thinking.ready_at || state.hurry.get_untracked());
        if !ready {
            let wait = match thinking.decision {
                Some(_) => READY_POLL_MS,
                None if !state.engine_ready.get_untracked() => DATA_POLL_MS,
                None => 0,
            };
            let next = driver.clone();
            thinking.timer = Some(Timeout::new(wait, move || slice(&next, state)));
            return;
        }
        let thinking = current.take().expect("checked above");
        drop(d);
        let decision = thinking.decision.expect("ready means decided");
        match thinking.task {
            Task::Move { .. } => {
                state.thinking.set(None);
                if let Some(square) = decision.mv {
                    state.computer_plays(square);
                }
            }
            Task::DrawVerdict { computer, position, .. } => {
                state.computer_answers_draw(decision.accepts_draw(position.to_move() == computer));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{squares_of, PlayerKind};

    #[test]
    fn each_computer_thinks_at_its_own_level() {
        let options = Options {
            black: PlayerKind::Computer,
            white: PlayerKind::Computer,
            black_level: Level::Beginner,
            white_level: Level::Master,
            ..Options::default()
        };
        let mut table = Table::default();
        let level_to_move = |table: &Table| match Task::for_table(table, &options) {
            Some(Task::Move { side, level, .. }) => (side, level),
            other => panic!("expected a move task, got {other:?}"),
        };
        assert_eq!(level_to_move(&table), (Color::Black, Level::Beginner));
        table.play(squares_of(table.game.legal_moves()).next().unwrap(), 0).unwrap();
        assert_eq!(level_to_move(&table), (Color::White, Level::Master));
        table.suspend();
        assert_eq!(Task::for_table(&table, &options), None, "no thinking while paused");
    }

    #[test]
    fn a_draw_offer_is_weighed_at_the_answering_computers_level() {
        let options = Options { white_level: Level::Expert, ..Options::default() };
        let mut table = Table::default();
        table.play(squares_of(table.game.legal_moves()).next().unwrap(), 0).unwrap();
        table.game.offer_draw(Color::Black).unwrap();
        match Task::for_table(&table, &options) {
            Some(Task::DrawVerdict { computer, level, .. }) => {
                assert_eq!((computer, level), (Color::White, Level::Expert))
            }
            other => panic!("expected a draw verdict, got {other:?}"),
        }
        let two_humans = Options { white: PlayerKind::Human, ..options.clone() };
        assert_eq!(Task::for_table(&table, &two_humans), None, "a human answers, and nobody moves meanwhile");
    }

    /// Issue 11, defect 3: a reload while the computer weighed a draw offer left it owing the answer for ever.
    #[test]
    fn a_draw_offer_saved_while_the_computer_weighed_it_is_weighed_again_after_a_reload() {
        let options = Options { white_level: Level::Master, ..Options::default() };
        let mut table = Table::default();
        table.play(game::parse_square("f5", 8).unwrap(), 0).unwrap();
        table.game.offer_draw(Color::Black).unwrap();
        let reloaded: Table = game::load(&game::save(&table)).unwrap();
        assert!(matches!(
            Task::for_table(&reloaded, &options),
            Some(Task::DrawVerdict { computer: Color::White, level: Level::Master, .. })
        ));
    }

    #[test]
    fn budgets_grow_after_quick_slices_and_shrink_after_slow_ones() {
        assert_eq!(next_budget(10_000, SLICE_MS), 10_000);
        assert_eq!(next_budget(10_000, SLICE_MS / 1.25), 12_500);
        assert_eq!(next_budget(10_000, 0.0), 15_000, "growing by half at most");
        assert_eq!(next_budget(10_000, SLICE_MS * 2.0), 5_000);
        assert_eq!(next_budget(100_000, 1_000.0), 10_000, "shrinking tenfold at most");
        assert_eq!(next_budget(10_000, 1_000.0), MIN_SLICE_NODES, "never below the engine's minimum");
    }

    #[test]
    fn the_reply_waits_for_the_flips_to_finish() {
        assert_eq!(animation_ms(3, 0), 0.0, "no animation, no wait");
        assert!(animation_ms(5, 120) > animation_ms(1, 120));
        assert_eq!(animation_ms(2, 100), 600.0);
    }
}
