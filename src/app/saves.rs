//! What the app keeps between visits: the options, the game in progress and the statistics.
//!
//! Plain Rust over [`KeyValueStore`], so it is tested natively with a map; in the browser the store is
//! localStorage (the glue that restores and saves the app state is autosave.rs). Every value is written in the game model's versioned envelope. A stored value that cannot be read
//! is replaced by its default at once, so the problem is reported on one start only, never again.

use super::options::{Options, SavedOptions};
use super::table::Table;
use crate::game::{load, save, LoadError, PlayerKind, Statistics};
use std::cell::RefCell;
use std::collections::HashMap;

pub const OPTIONS_KEY: &str = "reversi.options";
pub const GAME_KEY: &str = "reversi.game";
pub const STATISTICS_KEY: &str = "reversi.statistics";

/// Text stored under keys: the browser's localStorage, or a map in tests.
pub trait KeyValueStore {
    fn get(&self, key: &str) -> Option<String>;
    /// Fails with the browser's reason when it refuses (storage full, or disabled by the user).
    fn set(&self, key: &str, value: &str) -> Result<(), String>;
}

/// A store in memory, for tests and for a browser that offers no localStorage.
#[derive(Default)]
pub struct MemoryStore(RefCell<HashMap<String, String>>);

impl KeyValueStore for MemoryStore {
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key).cloned()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
}

/// What the app starts from.
#[derive(Debug)]
pub struct Restored {
    pub options: Options,
    /// The game in progress (with whether play was paused), or a new game of the options' variant.
    pub table: Table,
    pub statistics: Statistics,
    /// One sentence for each stored value that could not be read and was replaced.
    pub problems: Vec<String>,
}

/// Reads everything the last visit left. Nothing stored is a first visit; anything unreadable is reported in
/// `problems` and overwritten by the value the app starts with.
pub fn restore(store: &dyn KeyValueStore) -> Restored {
    let mut problems = Vec::new();
    let options = read::<SavedOptions>(store, OPTIONS_KEY, "options", "the default options are in use", &mut problems)
        .map(Options::from)
        .unwrap_or_default();
    let statistics =
        read(store, STATISTICS_KEY, "statistics", "they start again from zero", &mut problems).unwrap_or_default();
    let table = read(store, GAME_KEY, "game", "a new game has started", &mut problems)
        .unwrap_or_else(|| Table::new(options.variant()));
    let replaced = problems.len();
    let mut restored = Restored { options, table, statistics, problems };
    if replaced > 0 {
        restored.problems.extend(save_all(store, &restored).err());
    }
    restored
}

fn read<T: serde::de::DeserializeOwned>(
    store: &dyn KeyValueStore,
    key: &str,
    what: &str,
    fallback: &str,
    problems: &mut Vec<String>,
) -> Option<T> {
    let text = store.get(key)?;
    load::<T>(&text)
        .map_err(|error: LoadError| {
            problems.push(format!("The saved {what} could not be used: {error}. {}.", capitalised(fallback)))
        })
        .ok()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn save_all(store: &dyn KeyValueStore, restored: &Restored) -> Result<(), String> {
    save_options(store, &restored.options)?;
    save_statistics(store, &restored.statistics)?;
    save_table(store, &restored.table)
}

pub fn save_options(store: &dyn KeyValueStore, options: &Options) -> Result<(), String> {
    store.set(OPTIONS_KEY, &save(options)).map_err(refused)
}

/// Saves the game in progress with whether play is paused.
pub fn save_table(store: &dyn KeyValueStore, table: &Table) -> Result<(), String> {
    store.set(GAME_KEY, &save(table)).map_err(refused)
}

pub fn save_statistics(store: &dyn KeyValueStore, statistics: &Statistics) -> Result<(), String> {
    store.set(STATISTICS_KEY, &save(statistics)).map_err(refused)
}

fn refused(reason: String) -> String {
    format!("The browser did not let the game be saved ({reason}); it will be lost when the page closes.")
}

/// Counts a finished game in the statistics (once: the game remembers it was counted) and saves both. The
/// statistics are written first: were the second write to fail, a reload would count the game again rather than
/// lose it. Returns whether the game was counted.
pub fn record_finished_game(
    store: &dyn KeyValueStore,
    table: &mut Table,
    statistics: &mut Statistics,
    black: PlayerKind,
    white: PlayerKind,
) -> Result<bool, String> {
    if !statistics.record(&mut table.game, black, white) {
        return Ok(false);
    }
    save_statistics(store, statistics)?;
    save_table(store, table)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::options::Theme;
    use crate::app::table::Players;
    use crate::engine::Level;
    use crate::game::{BoardSize, Color, Game, Opening, Variant};

    /// A store whose writes fail, like a full or disabled localStorage.
    struct FullStore;

    impl KeyValueStore for FullStore {
        fn get(&self, _: &str) -> Option<String> {
            None
        }
        fn set(&self, _: &str, _: &str) -> Result<(), String> {
            Err("QuotaExceededError".into())
        }
    }

    fn finished_game() -> Table {
        let mut table = Table::default();
        for name in ["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"] {
            table.play(crate::game::parse_square(name, 8).unwrap()).unwrap();
        }
        assert!(table.game.is_over(), "the shortest game: Black wipes White out in nine moves");
        table
    }

    #[test]
    fn a_first_visit_starts_from_defaults_without_problems() {
        let restored = restore(&MemoryStore::default());
        assert_eq!(restored.options, Options::default());
        assert_eq!(restored.table, Table::default());
        assert_eq!(restored.statistics, Statistics::default());
        assert!(restored.problems.is_empty());
    }

    #[test]
    fn everything_saved_comes_back() {
        let store = MemoryStore::default();
        let options = Options {
            board_size: BoardSize::Six,
            opening: Opening::EmptyCentre,
            black: PlayerKind::Computer,
            ..Options::default()
        };
        let mut game = Game::new(Variant { size: BoardSize::Ten, first: Color::White, ..Variant::default() });
        game.play(crate::game::squares_of(game.legal_moves()).next().unwrap()).unwrap();
        let mut statistics = Statistics::default();
        record_finished_game(&store, &mut finished_game(), &mut statistics, PlayerKind::Human, PlayerKind::Human)
            .unwrap();
        save_options(&store, &options).unwrap();
        save_table(&store, &Table::from_game(game.clone())).unwrap();

        let restored = restore(&store);
        assert_eq!(restored.options, options);
        assert_eq!(restored.table.game, game, "the game in progress keeps its own variant, not the options'");
        assert_eq!(restored.statistics, statistics);
        assert!(restored.problems.is_empty());
    }

    #[test]
    fn corrupted_values_are_reported_once_and_replaced_by_defaults() {
        let store = MemoryStore::default();
        store.set(OPTIONS_KEY, "{not json").unwrap();
        store.set(GAME_KEY, r#"{"version":1,"data":{"moves":3}}"#).unwrap();
        store.set(STATISTICS_KEY, r#"{"version":99,"data":{}}"#).unwrap();

        let restored = restore(&store);
        assert_eq!(restored.options, Options::default());
        assert_eq!(restored.table, Table::default());
        assert_eq!(restored.statistics, Statistics::default());
        assert_eq!(restored.problems.len(), 3, "{:?}", restored.problems);
        assert!(restored.problems[0].starts_with("The saved options could not be used: the save is unreadable"));
        assert!(restored.problems[0].ends_with("The default options are in use."));
        assert!(restored.problems[1].contains("format version 99"), "{}", restored.problems[1]);
        assert!(restored.problems[2].contains("A new game has started."), "{}", restored.problems[2]);

        let again = restore(&store);
        assert!(again.problems.is_empty(), "reported once: {:?}", again.problems);
    }

    #[test]
    fn one_bad_value_leaves_the_others_alone() {
        let store = MemoryStore::default();
        let options = Options { sound: false, ..Options::default() };
        save_options(&store, &options).unwrap();
        store.set(GAME_KEY, "garbage").unwrap();
        let restored = restore(&store);
        assert_eq!(restored.options, options);
        assert_eq!(restored.problems.len(), 1);
    }

    #[test]
    fn out_of_range_options_are_clamped_on_load() {
        let store = MemoryStore::default();
        store.set(OPTIONS_KEY, r#"{"version":1,"data":{"animation_speed":200,"sound":false}}"#).unwrap();
        let restored = restore(&store);
        assert_eq!(restored.options, Options { animation_speed: 5, sound: false, ..Options::default() });
        assert!(restored.problems.is_empty());
    }

    #[test]
    fn a_paused_game_stays_paused_after_a_reload() {
        let store = MemoryStore::default();
        let players = Players { black: PlayerKind::Human, white: PlayerKind::Computer };
        let mut table = Table::default();
        for name in ["f5", "d6"] {
            table.play(crate::game::parse_square(name, 8).unwrap()).unwrap();
        }
        assert!(table.undo(&players) && table.suspended, "undo onto the computer's turn pauses play");
        save_table(&store, &table).unwrap();
        let restored = restore(&store).table;
        assert_eq!(restored, table);
        assert!(restored.can_resume(&players) && restored.computer_to_move(&players).is_none());

        table.resume();
        save_table(&store, &table).unwrap();
        assert!(!restore(&store).table.suspended);
    }

    #[test]
    fn a_game_saved_before_pauses_were_kept_loads_unpaused() {
        let store = MemoryStore::default();
        let game = Game::new(Variant::default());
        store.set(GAME_KEY, &crate::game::save(&game)).unwrap();
        let restored = restore(&store);
        assert_eq!(restored.table, Table::from_game(game));
        assert!(restored.problems.is_empty());
    }

    #[test]
    fn old_options_with_one_difficulty_migrate_to_both_sides() {
        let store = MemoryStore::default();
        let old =
            r#"{"version":1,"data":{"black":"Computer","white":"Computer","difficulty":"Advanced","theme":"Dark"}}"#;
        store.set(OPTIONS_KEY, old).unwrap();
        let restored = restore(&store);
        assert!(restored.problems.is_empty(), "{:?}", restored.problems);
        let o = &restored.options;
        assert_eq!((o.level(Color::Black), o.level(Color::White)), (Level::Advanced, Level::Advanced));
        assert_eq!((o.black, o.white, o.theme), (PlayerKind::Computer, PlayerKind::Computer, Theme::Dark));

        let corrupted = r#"{"version":1,"data":{"difficulty":17}}"#;
        store.set(OPTIONS_KEY, corrupted).unwrap();
        let restored = restore(&store);
        assert_eq!(restored.options, Options::default());
        assert_eq!(restored.problems.len(), 1, "{:?}", restored.problems);
        assert!(restore(&store).problems.is_empty(), "reported once, then replaced by the defaults");
    }

    #[test]
    fn a_corrupted_game_restarts_with_the_saved_variant() {
        let store = MemoryStore::default();
        let options = Options { board_size: BoardSize::Ten, ..Options::default() };
        save_options(&store, &options).unwrap();
        store.set(GAME_KEY, "{").unwrap();
        assert_eq!(restore(&store).table.game.variant().size, BoardSize::Ten);
    }

    #[test]
    fn a_finished_game_is_counted_exactly_once_even_across_reloads() {
        let store = MemoryStore::default();
        let (mut game, mut statistics) = (finished_game(), Statistics::default());
        assert_eq!(
            record_finished_game(&store, &mut game, &mut statistics, PlayerKind::Human, PlayerKind::Computer),
            Ok(true)
        );
        assert_eq!(
            record_finished_game(&store, &mut game, &mut statistics, PlayerKind::Human, PlayerKind::Computer),
            Ok(false)
        );

        let mut reloaded = restore(&store);
        assert_eq!(reloaded.statistics.black_vs_white.wins, 1);
        assert_eq!(reloaded.statistics.computer_vs_human.losses, 1);
        let counted = record_finished_game(
            &store,
            &mut reloaded.table,
            &mut reloaded.statistics,
            PlayerKind::Human,
            PlayerKind::Computer,
        );
        assert_eq!(counted, Ok(false), "the reloaded game remembers it was counted");
        assert_eq!(restore(&store).statistics.black_vs_white.games(), 1);
    }

    #[test]
    fn an_unfinished_game_is_not_counted() {
        let store = MemoryStore::default();
        let mut statistics = Statistics::default();
        let counted =
            record_finished_game(&store, &mut Table::default(), &mut statistics, PlayerKind::Human, PlayerKind::Human);
        assert_eq!(counted, Ok(false));
        assert_eq!(store.get(STATISTICS_KEY), None);
    }

    #[test]
    fn a_refusing_browser_gives_a_message_not_a_panic() {
        let error = save_options(&FullStore, &Options::default()).unwrap_err();
        assert!(error.contains("QuotaExceededError") && error.contains("will be lost"), "{error}");
        let restored = restore(&FullStore);
        assert!(restored.problems.is_empty(), "nothing stored, nothing written: {:?}", restored.problems);
    }
}
