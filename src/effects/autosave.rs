//! The browser glue of the saves (their rules are plain Rust in saves.rs): restores the last visit into the app
//! state, saves the options, the game and the statistics at every change, and counts each game in the statistics
//! when it ends.

use crate::model::saves::{record_finished_game, restore, save_options, save_statistics, save_table, GuardedStore};
use crate::model::state::AppState;
use crate::model::store::{KeyValueStore, MemoryStore};
use leptos::prelude::*;
use std::rc::Rc;
use wasm_bindgen::JsCast;

const NO_STORAGE: &str =
    "This browser keeps no data for this page, so the game, options and statistics are lost when it closes.";

/// The browser's localStorage.
struct BrowserStore(web_sys::Storage);

impl BrowserStore {
    /// The page's localStorage, unless the browser withholds it (some private modes, or storage disabled).
    fn open() -> Option<BrowserStore> {
        web_sys::window()?.local_storage().ok().flatten().map(BrowserStore)
    }
}

impl KeyValueStore for BrowserStore {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.set_item(key, value).map_err(|error| {
            error
                .dyn_ref::<web_sys::js_sys::Error>()
                .map_or_else(|| format!("{error:?}"), |e| String::from(e.message()))
        })
    }

    fn remove(&self, key: &str) {
        // Only the browser's own failure could refuse it, and then the key simply stays.
        let _ = self.0.remove_item(key);
    }

    fn keys(&self) -> Vec<String> {
        let length = self.0.length().unwrap_or(0);
        (0..length).filter_map(|index| self.0.key(index).ok().flatten()).collect()
    }
}

/// Restores the last visit (warning, once, about anything that could not be read), provides the app state through
/// context, and keeps it saved from then on (never over the saves that restoring found untouchable).
pub fn provide_saved_state() -> AppState {
    let browser = BrowserStore::open();
    let saving = browser.is_some();
    // The store lives as long as the page.
    let store: &'static dyn KeyValueStore = match browser {
        Some(browser) => Box::leak(Box::new(browser)),
        None => Box::leak(Box::new(MemoryStore::default())),
    };
    let mut restored = restore(store);
    if !saving {
        restored.problems.push(NO_STORAGE.into());
    }
    let state = AppState::new(restored.options, restored.table, restored.statistics);
    state.provide();
    for problem in restored.problems {
        state.warn(problem);
    }
    let store: Rc<dyn KeyValueStore> = Rc::new(GuardedStore { store, untouchable: restored.untouchable });

    // A browser that refuses to save keeps refusing: warn once (the warning stays until dismissed), and again only
    // if saving fails anew after it had worked.
    let refusal_warned = StoredValue::new(false);
    let report = move |saved: Result<(), String>| match saved {
        Ok(()) => refusal_warned.set_value(false),
        Err(why) if !refusal_warned.get_value() => {
            refusal_warned.set_value(true);
            state.warn(why);
        }
        Err(_) => {}
    };
    let options_store = Rc::clone(&store);
    Effect::new(move |_| state.options.with(|options| report(save_options(&*options_store, options))));
    let statistics_store = Rc::clone(&store);
    Effect::new(move |_| state.statistics.with(|counts| report(save_statistics(&*statistics_store, counts))));
    let table_store = Rc::clone(&store);
    Effect::new(move |_| state.table.with(|table| report(save_table(&*table_store, table))));
    Effect::new(move |_| {
        if state.event.with(|last| last.as_ref().is_some_and(|last| last.event.ends_game())) {
            report(count_finished_game(state, &*store).map(|_counted| ()));
        }
    });
    state
}

/// Counts the game that just ended in the statistics and saves both (once: the game remembers it was counted).
fn count_finished_game(state: AppState, store: &dyn KeyValueStore) -> Result<bool, String> {
    let players = state.players_untracked();
    let mut counts = state.statistics.get_untracked();
    let mut saved = Ok(false);
    // The counted mark changes nothing on screen, so it is set without waking the table's watchers.
    state.table.update_untracked(|table| {
        saved = record_finished_game(store, table, &mut counts, players.black, players.white);
    });
    if counts != state.statistics.get_untracked() {
        state.statistics.set(counts);
    }
    saved
}
