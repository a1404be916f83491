//! Keeps the app saved: restores the last visit into the app state, then saves the options, the game and the
//! statistics at every change and counts each finished game once (the rules live in storage.rs).

use super::state::AppState;
use super::storage::{
    record_finished_game, restore, save_options, save_statistics, save_table, BrowserStore, KeyValueStore, MemoryStore,
};
use crate::game::Statistics;
use leptos::prelude::*;
use std::rc::Rc;

const NO_STORAGE: &str =
    "This browser keeps no data for this page, so the game, options and statistics are lost when it closes.";

/// The statistics of finished games, shared through context for the Statistics dialog.
#[derive(Clone, Copy)]
pub struct SavedStatistics(pub RwSignal<Statistics>);

impl SavedStatistics {
    pub fn get() -> SavedStatistics {
        expect_context::<SavedStatistics>()
    }
}

/// Restores the last visit (reporting, once, anything that could not be read), provides the app state and the
/// statistics through context, and keeps them saved from then on.
pub fn provide_saved_state() -> AppState {
    let browser = BrowserStore::open();
    let saving = browser.is_some();
    let store: Rc<dyn KeyValueStore> = match browser {
        Some(browser) => Rc::new(browser),
        None => Rc::new(MemoryStore::default()),
    };
    let mut restored = restore(&*store);
    if !saving {
        restored.problems.push(NO_STORAGE.into());
    }
    let state = AppState::new(restored.options, restored.table);
    state.provide();
    let statistics = RwSignal::new(restored.statistics);
    provide_context(SavedStatistics(statistics));
    if !restored.problems.is_empty() {
        state.show_error(restored.problems.join(" "));
    }

    // A browser that refuses to save keeps refusing: say so once, not at every move.
    let refusal_shown = StoredValue::new(false);
    let report = move |saved: Result<(), String>| {
        if let Err(why) = saved {
            if !refusal_shown.get_value() {
                refusal_shown.set_value(true);
                state.show_error(why);
            }
        }
    };
    let options_store = Rc::clone(&store);
    Effect::new(move |_| state.options.with(|options| report(save_options(&*options_store, options))));
    let statistics_store = Rc::clone(&store);
    Effect::new(move |_| statistics.with(|counts| report(save_statistics(&*statistics_store, counts))));
    Effect::new(move |_| {
        state.table.with(|table| report(save_table(&*store, table)));
        let players = state.players_untracked();
        // The counted mark changes nothing on screen, so it is set without waking this effect again.
        state.table.update_untracked(|table| {
            let mut counts = statistics.get_untracked();
            let saved = record_finished_game(&*store, table, &mut counts, players.black, players.white);
            if counts != statistics.get_untracked() {
                statistics.set(counts);
            }
            report(saved.map(|_counted| ()));
        });
    });
    state
}
