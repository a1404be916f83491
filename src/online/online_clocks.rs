//! The online game's clocks on screen: each side's time left on its score card (mm:ss, the running one marked, low
//! time in a warning style). One timer, four times a second, keeps the game's clocks in step, ends the game when a
//! side's time runs out and says so, and speaks at a minute and ten seconds left; only the clocks' text changes.

use super::{Online, Phase};
use crate::model::page_clock::now_ms;
use crate::model::state::AppState;
use game::Color;
use leptos::prelude::*;
use net::clock::{crossed_warning, mm_ss, Clock};
use net::session::Event;

const TICK_MS: u32 = 250;
/// From here on a clock shows in the warning style.
const LOW_MS: u64 = 30_000;

/// Starts the one timer that drives the clocks.
pub fn start_ticking(state: AppState, online: Online) {
    let mut last = None;
    let ticker = gloo_timers::callback::Interval::new(TICK_MS, move || tick(state, online, &mut last));
    ticker.forget();
}

fn clock_of(state: AppState) -> Option<(Clock, Color)> {
    state.table.with_untracked(|t| t.online.as_ref().and_then(|s| s.clock.map(|clock| (clock, s.me))))
}

/// `last`: both sides' time left at the previous tick, for the spoken warnings.
fn tick(state: AppState, online: Online, last: &mut Option<[u64; 2]>) {
    if clock_of(state).is_none() {
        *last = None;
        return;
    }
    let now = now_ms();
    let connected = online.phase.get_untracked() == Phase::Connected;
    let mut ended = false;
    // Untracked: the board does not redraw for a tick; the clocks follow `online.now`.
    state.table.update_untracked(|t| ended = t.tick_clock(now, connected));
    online.now.set(now);
    let Some((clock, me)) = clock_of(state) else { return };
    if ended {
        state.table.notify(); // the game is over: everything that shows it follows, and the claim goes out
        let loser = state.table.with_untracked(|t| match t.game.ending() {
            Some(game::Ending::LostOnTime(loser)) => Some(loser),
            _ => None,
        });
        if let Some(loser) = loser {
            let said = state.table.with_untracked(|t| Event::OutOfTime(loser).describe(&t.game));
            state.peer_acted(said.clone(), None);
            state.show_info(said);
        }
    }
    let left = [Color::Black, Color::White].map(|side| clock.left(side, now));
    if let (Some(before), Some(side)) = (*last, clock.running()) {
        let i = side as usize;
        if let Some(words) = crossed_warning(before[i], left[i]) {
            let who = if side == me { "You have".to_string() } else { "Your opponent has".to_string() };
            state.announcement.set(format!("{who} {words} left on the clock."));
        }
    }
    *last = Some(left);
}

/// One side's clock on its score card, in a game with clocks.
#[component]
pub fn ClockFace(color: Color) -> impl IntoView {
    let state = AppState::get();
    let online = Online::get();
    let clock = Memo::new(move |_| {
        online.now.track();
        state.table.with(|t| t.online.as_ref().and_then(|s| s.clock))
    });
    let left = Memo::new(move |_| clock.get().map(|c| c.left(color, online.now.get())));
    let shown = Memo::new(move |_| left.get().map(mm_ss).unwrap_or_default());
    let running = move || clock.with(|c| c.is_some_and(|c| c.running() == Some(color)));
    let low = move || left.get().is_some_and(|ms| ms <= LOW_MS);
    view! {
        <Show when=move || clock.with(Option::is_some)>
            <span
                class="clock"
                class:running=running
                class:low=low
                role="timer"
                aria-label=move || format!("{color}'s clock: {} left", shown.get())
            >
                {move || shown.get()}
            </span>
        </Show>
    }
}
