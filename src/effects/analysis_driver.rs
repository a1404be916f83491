//! The analysis loop: provides the analysis state (`model/analysis_state.rs`) and runs hints and reviews a slice
//! at a time between frames: each slice searches for a node budget sized to take a few milliseconds (the
//! computer's own pacing, `thinking::next_budget`), publishes what it found, then yields.
//! A review goes first while one runs; hints follow the position on the table and restart as soon as it changes,
//! so stale work never takes more than the slice already under way.

use crate::model::analysis_state::{Analysis, Hints, Review};
use crate::model::event::Event;
use crate::model::state::AppState;
use analysis::ReviewDepth;
use leptos::prelude::*;

/// The position hints are wanted for: a human to move with hints on (the computer's turns are its own), outside
/// an online game in play.
fn hints_target(state: &AppState, analysis: &Analysis) -> Option<game::Position> {
    if !analysis.hints_on.get() || !state.table.with(|t| t.analysis_allowed()) {
        return None;
    }
    let players = state.players();
    state.table.with(|t| (t.human_to_move(&players).is_some() && t.game.legal_moves() != 0).then(|| *t.game.position()))
}

/// Provides the analysis context and starts its driver.
pub fn install(state: AppState) {
    let analysis = Analysis {
        hints_on: RwSignal::new(false),
        hints: RwSignal::new(None),
        review: RwSignal::new(None),
        review_depth: RwSignal::new(ReviewDepth::Quick),
        review_request: RwSignal::new(None),
        focus: RwSignal::new(None),
    };
    provide_context(analysis);
    // The keyboard's Hints command arrives as an event.
    Effect::new(move |_| {
        if state.event.with(|last| last.as_ref().is_some_and(|last| last.event == Event::HintsToggled)) {
            analysis.toggle_hints();
        }
    });
    // An online game in play ends any review, of this game or the previous one.
    Effect::new(move |_| {
        if !state.table.with(|t| t.analysis_allowed()) {
            analysis.forget_review();
        }
    });
    // A review belongs to its game: another game on the table (new, imported, set up, online, a rematch) drops it,
    // its graph and its chosen mistake, and stops one still running.
    let game = Memo::new(move |_| {
        (state.game_serial.get(), state.table.with(|t| t.online.as_ref().map(|session| session.game_id)))
    });
    Effect::new(move |previous: Option<(u64, Option<u64>)>| {
        let current = game.get();
        if previous.is_some_and(|previous| previous != current) {
            analysis.forget_review();
        }
        current
    });
    let target = Memo::new(move |_| hints_target(&state, &analysis));
    #[cfg(target_arch = "wasm32")]
    web::install(state, analysis, target);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (target, Hints::of, Hints::waiting, Review::of);
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use crate::effects::thinking::{next_budget, DATA_POLL_MS};
    use crate::model::page_clock::precise_now_ms;
    use analysis::{Depths, GameReview, MoveValues};
    use engine::ai::think_job::MIN_SLICE_NODES;
    use engine::{Ai, AiBuilder};
    use game::{Game, Position};
    use gloo_timers::callback::Timeout;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// The analysis's own transposition table (MB): the computer's thinking keeps its own undisturbed.
    const TABLE_MB: usize = 8;

    struct Driver {
        builder: AiBuilder,
        ai: Option<Box<Ai>>,
        hints: Option<(Position, MoveValues)>,
        review: Option<(Game, ReviewDepth, GameReview)>,
        budget: u64,
        /// The next slice; dropping it cancels it.
        timer: Option<Timeout>,
    }

    impl Driver {
        /// The searcher, built a step per slice (its table, then the shared evaluation weights).
        fn ai(&mut self) -> Option<&mut Ai> {
            if self.ai.is_none() {
                self.ai = Some(Box::new(self.builder.step()?));
            }
            self.ai.as_deref_mut()
        }

        fn has_work(&self) -> bool {
            self.review.is_some() || self.hints.as_ref().is_some_and(|(_, h)| !h.is_done())
        }
    }

    pub fn install(state: AppState, analysis: Analysis, target: Memo<Option<Position>>) {
        let driver = Rc::new(RefCell::new(Driver {
            builder: AiBuilder::new(TABLE_MB),
            ai: None,
            hints: None,
            review: None,
            budget: MIN_SLICE_NODES,
            timer: None,
        }));
        let hints_driver = driver.clone();
        Effect::new(move |_| {
            let wanted = target.get();
            let mut d = hints_driver.borrow_mut();
            if d.hints.as_ref().map(|(p, _)| *p) == wanted {
                return;
            }
            // The hints may open with the book, one of the data files: until they are here, the hints wait.
            if !state.engine_ready.get() {
                d.hints = None;
                analysis.hints.set(wanted.map(Hints::waiting));
                return;
            }
            d.hints = wanted.map(|p| (p, MoveValues::new(p.board(), Depths::HINTS)));
            analysis.hints.set(d.hints.as_ref().map(|(p, h)| Hints::of(*p, h)));
            drop(d);
            schedule(&hints_driver, analysis);
        });
        let review_driver = driver.clone();
        Effect::new(move |_| {
            let request = analysis.review_request.get();
            let mut d = review_driver.borrow_mut();
            match request {
                Some((game, depth)) => {
                    let review = GameReview::new(&game, depth);
                    analysis.review.set(Some(Review::of(&game, &review, true, depth)));
                    d.review = Some((game, depth, review));
                }
                None => {
                    d.review = None;
                    analysis.review.update(|r| {
                        if let Some(r) = r.as_mut() {
                            r.running = false;
                        }
                    });
                }
            }
            drop(d);
            schedule(&review_driver, analysis);
        });
    }

    fn schedule(driver: &Rc<RefCell<Driver>>, analysis: Analysis) {
        let mut d = driver.borrow_mut();
        if !d.has_work() || d.timer.is_some() {
            return;
        }
        let next = driver.clone();
        let wait = if engine::shipped::ready() { 0 } else { DATA_POLL_MS };
        d.timer = Some(Timeout::new(wait, move || slice(&next, analysis)));
    }

    /// One slice of the review, or else of the hints; then the next slice if work is left.
    fn slice(driver: &Rc<RefCell<Driver>>, analysis: Analysis) {
        let mut d = driver.borrow_mut();
        d.timer = None;
        let begin = precise_now_ms();
        let budget = d.budget;
        // A slice that goes to building the searcher analyses nothing.
        if d.ai().is_some() {
            let Driver { ai, hints, review, .. } = &mut *d;
            let ai = ai.as_deref_mut().expect("built above");
            if let Some((game, depth, job)) = review.as_mut() {
                let done = job.step(ai, budget);
                analysis.review.set(Some(Review::of(game, job, !done, *depth)));
                if done {
                    *review = None;
                }
            } else if let Some((position, job)) = hints.as_mut() {
                job.step(ai, budget);
                analysis.hints.set(Some(Hints::of(*position, job)));
            }
            d.budget = next_budget(budget, precise_now_ms() - begin);
        }
        drop(d);
        schedule(driver, analysis);
    }
}
