//! The browser glue of the saves (their rules are plain Rust in saves.rs): restores the last visit into the app
//! state, saves the options, the game and the statistics at every change, and counts each game in the statistics
//! when it ends.

use crate::effects::lazy_code::split_fn;
use crate::model::saves::{
    read_other_tab, record_finished_game, restore, save_options, save_set_aside, save_statistics, save_table,
    GuardedStore, OtherTab, Restored, GAME_KEY, OPTIONS_KEY, SET_ASIDE_KEY, STATISTICS_KEY,
};
use crate::model::state::AppState;
use crate::model::store::{KeyValueStore, MemoryStore};
use leptos::prelude::*;
use std::rc::Rc;
use wasm_bindgen::prelude::Closure;
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
    let later = Restored { problems: Vec::new(), ..restored.clone() };
    let state = AppState::new(restored.options, restored.table, restored.statistics);
    state.set_aside.set(restored.set_aside);
    state.provide();
    for problem in restored.problems {
        state.warn(problem);
    }
    let guarded = Rc::new(GuardedStore::new(store, restored.untouchable));
    take_json_saves(state, store, Rc::clone(&guarded), later);
    let store: Rc<dyn KeyValueStore> = guarded;

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
    let set_aside_store = Rc::clone(&store);
    Effect::new(move |_| state.set_aside.with(|aside| report(save_set_aside(&*set_aside_store, aside.as_ref()))));
    let table_store = Rc::clone(&store);
    Effect::new(move |_| state.table.with(|table| report(save_table(&*table_store, table))));
    Effect::new(move |_| {
        if state.event.with(|last| last.as_ref().is_some_and(|last| last.event.ends_game())) {
            report(count_finished_game(state, &*store).map(|_counted| ()));
        }
    });
    follow_other_tabs(state);
    state
}

split_fn!(
    saves_v1,
    /// Version 1's saves read and written again in today's format (a module of its own: JSON's reader, needed
    /// once per player).
    fn convert_json_saves(store: &'static dyn KeyValueStore, restored: Restored) -> Restored {
        restored.convert_json_saves(store)
    }
);

/// Once the last visit left saves of version 1 (JSON): fetches their converter, then takes what it read as if
/// restored at start. Until then they are guarded, so the app's first saves do not write over them.
fn take_json_saves(
    state: AppState,
    store: &'static dyn KeyValueStore,
    guarded: Rc<GuardedStore<&'static dyn KeyValueStore>>,
    restored: Restored,
) {
    if restored.json_saves.is_empty() {
        return;
    }
    leptos::task::spawn_local(async move {
        let Ok(converted) = convert_json_saves(store, restored).await else {
            state.warn(JSON_SAVES_NOT_LOADED);
            return;
        };
        *guarded.untouchable.borrow_mut() = converted.untouchable;
        for key in &converted.json_saves {
            match *key {
                OPTIONS_KEY => state.options.set(converted.options.clone()),
                STATISTICS_KEY => state.statistics.set(converted.statistics),
                SET_ASIDE_KEY => state.set_aside.set(converted.set_aside.clone()),
                GAME_KEY => state.take_saved_table(converted.table.clone()),
                _ => {}
            }
        }
        for problem in converted.problems {
            state.warn(problem);
        }
    });
}

const JSON_SAVES_NOT_LOADED: &str = "The game, options and statistics saved by an earlier version of Reversi \
    could not be read yet: the part of the app that reads them could not be loaded (the connection may be down). \
    They are kept as they are; reload the page once you are online.";

/// Another tab of this page saved: this tab takes what it saved (its saves would otherwise write a stale game,
/// count or option over the newer one). An online game under way here is kept, and the player told.
fn follow_other_tabs(state: AppState) {
    let Some(window) = web_sys::window() else { return };
    let on_storage = Closure::<dyn FnMut(web_sys::StorageEvent)>::new(move |event: web_sys::StorageEvent| {
        let (Some(key), Some(text)) = (event.key(), event.new_value()) else { return };
        match read_other_tab(&key, &text) {
            Some(OtherTab::Options(options)) if state.options.with_untracked(|o| *o != options) => {
                state.options.set(options)
            }
            Some(OtherTab::Statistics(counts)) if state.statistics.with_untracked(|s| *s != counts) => {
                state.statistics.set(counts)
            }
            Some(OtherTab::Game(table)) if state.table.with_untracked(|t| *t != *table) => {
                if state.table.with_untracked(|t| t.online.is_some()) {
                    state.warn(
                        "Another tab of this page saved another game. This tab's online game goes on, and is saved \
                         over it.",
                    );
                } else {
                    state.follow_other_tab(*table);
                }
            }
            _ => {}
        }
    });
    // Listening lasts as long as the page.
    let _ = window.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    on_storage.forget();
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
