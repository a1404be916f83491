//! What the app keeps between visits: the options, the game in progress and the statistics.
//!
//! Plain Rust over [`KeyValueStore`], so it is tested natively with a map; in the browser the store is
//! localStorage (the glue that restores and saves the app state is autosave.rs). Every value is written in the game
//! model's versioned envelope. Options and statistics are read field by field, so one bad field loses only itself;
//! whatever could not be read is copied to a backup key before anything is written over it, and a save from a
//! newer version of the app is never written over.

use super::options::{read_saved_options, Options};
use super::table::Table;
use crate::game::{load, load_fields, save, LoadError, PlayerKind, Statistics};
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

impl<S: KeyValueStore + ?Sized> KeyValueStore for &S {
    fn get(&self, key: &str) -> Option<String> {
        (**self).get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        (**self).set(key, value)
    }
}

impl<S: KeyValueStore + ?Sized> KeyValueStore for Box<S> {
    fn get(&self, key: &str) -> Option<String> {
        (**self).get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        (**self).set(key, value)
    }
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
    /// One paragraph for each stored value that could not be read whole: what was kept, and where the rest is.
    pub problems: Vec<String>,
    /// Keys this version must leave alone: saves from a newer version, and unreadable saves that could not be
    /// copied aside.
    pub untouchable: Vec<&'static str>,
}

/// Where a save that could not be read whole is copied before anything is written over it.
pub fn backup_key(key: &str) -> String {
    format!("{key}.backup")
}

/// What one stored value gave.
enum Reading<T> {
    Whole(T),
    /// Some fields were unreadable (named) and took their defaults; the rest is kept.
    Partly(T, Vec<String>),
    Unusable(LoadError),
}

/// One stored value: its key, what the player calls it, and what replaces it when it cannot be used.
struct Saved {
    key: &'static str,
    what: &'static str,
    fallback: &'static str,
}

const OPTIONS: Saved = Saved { key: OPTIONS_KEY, what: "options", fallback: "The default options are in use." };
const STATISTICS: Saved = Saved { key: STATISTICS_KEY, what: "statistics", fallback: "They start again from zero." };
const GAME: Saved = Saved { key: GAME_KEY, what: "game", fallback: "A new game has started." };

/// Reads everything the last visit left. Nothing stored is a first visit. A value read only in part keeps its
/// readable fields; whatever could not be read is reported in `problems` and copied to its backup key before the
/// app may write over it; a save from a newer version is left untouched.
pub fn restore(store: &dyn KeyValueStore) -> Restored {
    let mut restored = Restored {
        options: Options::default(),
        table: Table::default(),
        statistics: Statistics::default(),
        problems: Vec::new(),
        untouchable: Vec::new(),
    };
    if let Some(options) = restored.take(store, &OPTIONS, read_saved_options) {
        restored.options = options;
    }
    if let Some(statistics) = restored.take(store, &STATISTICS, |text| load_fields(text, true)) {
        restored.statistics = statistics;
    }
    restored.table = restored
        .take(store, &GAME, |text| load::<Table>(text).map(|table| (table, Vec::new())))
        .unwrap_or_else(|| Table::new(restored.options.variant()));
    restored
}

impl Restored {
    /// The value stored under `saved.key` as far as it can be read, reporting and guarding whatever cannot.
    fn take<T>(
        &mut self,
        store: &dyn KeyValueStore,
        saved: &Saved,
        read: impl FnOnce(&str) -> Result<(T, Vec<String>), LoadError>,
    ) -> Option<T> {
        let text = store.get(saved.key)?;
        let reading = match read(&text) {
            Ok((value, unreadable)) if unreadable.is_empty() => Reading::Whole(value),
            Ok((value, unreadable)) => Reading::Partly(value, unreadable),
            Err(error) => Reading::Unusable(error),
        };
        let Saved { key, what, fallback } = saved;
        let (value, report) = match reading {
            Reading::Whole(value) => return Some(value),
            Reading::Partly(value, unreadable) => {
                let fields = unreadable.join(", ").replace('_', " ");
                (Some(value), format!("Part of the saved {what} could not be read ({fields}): it is back to its default, and the rest is kept."))
            }
            Reading::Unusable(error @ LoadError::Newer(_)) => {
                self.untouchable.push(key);
                self.problems.push(format!(
                    "The saved {what} could not be used: {error}. {fallback} The saved {what} are left as they \
                     are, and nothing is saved over them: reload the page to get the newer version."
                ));
                return None;
            }
            Reading::Unusable(error) => (None, format!("The saved {what} could not be used: {error}. {fallback}")),
        };
        let kept = match store.set(&backup_key(key), &text) {
            Ok(()) => format!(" The unreadable save is kept in this browser's storage under \"{}\".", backup_key(key)),
            Err(_) => {
                self.untouchable.push(key);
                " It could not be copied aside, so it is left as it is and nothing is saved over it.".into()
            }
        };
        self.problems.push(report + &kept);
        value
    }
}

/// A store that leaves the untouchable keys alone: writing them is skipped (the player was told that changes to
/// them are not kept).
pub struct GuardedStore<S> {
    pub store: S,
    pub untouchable: Vec<&'static str>,
}

impl<S: KeyValueStore> KeyValueStore for GuardedStore<S> {
    fn get(&self, key: &str) -> Option<String> {
        self.store.get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        if self.untouchable.contains(&key) {
            return Ok(());
        }
        self.store.set(key, value)
    }
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

    /// What the app does right after start-up: it saves everything it restored (through the guard).
    fn start(store: &MemoryStore) -> Restored {
        let restored = restore(store);
        let guarded = GuardedStore { store, untouchable: restored.untouchable.clone() };
        save_options(&guarded, &restored.options).unwrap();
        save_statistics(&guarded, &restored.statistics).unwrap();
        save_table(&guarded, &restored.table).unwrap();
        restored
    }

    #[test]
    fn unusable_values_are_copied_aside_reported_once_and_replaced_by_defaults() {
        let store = MemoryStore::default();
        store.set(OPTIONS_KEY, "{not json").unwrap();
        store.set(GAME_KEY, r#"{"version":1,"data":{"moves":3}}"#).unwrap();
        store.set(STATISTICS_KEY, r#"{"version":0,"data":{}}"#).unwrap();

        let restored = start(&store);
        assert_eq!(restored.options, Options::default());
        assert_eq!(restored.table, Table::default());
        assert_eq!(restored.statistics, Statistics::default());
        assert_eq!(restored.problems.len(), 3, "{:?}", restored.problems);
        let [options, statistics, game] = &restored.problems[..] else { unreachable!() };
        assert!(options.starts_with("The saved options could not be used: the stored text is not a save of this app. The default options are in use."), "{options}");
        assert!(options.ends_with("kept in this browser's storage under \"reversi.options.backup\"."), "{options}");
        assert!(statistics.contains("old save format (0)") && statistics.contains("They start again from zero."));
        assert!(game.contains("A new game has started."), "{game}");
        assert_eq!(store.get(&backup_key(OPTIONS_KEY)).as_deref(), Some("{not json"));
        assert_eq!(store.get(&backup_key(GAME_KEY)).as_deref(), Some(r#"{"version":1,"data":{"moves":3}}"#));

        let again = restore(&store);
        assert!(again.problems.is_empty(), "reported once: {:?}", again.problems);
        assert_eq!(store.get(&backup_key(OPTIONS_KEY)).as_deref(), Some("{not json"), "the backup stays");
    }

    /// Issue 11, defect 6: a count of -1 or one missing field reset every count to 0.
    #[test]
    fn statistics_with_one_bad_count_keep_the_others_and_a_backup() {
        let store = MemoryStore::default();
        let mut statistics = Statistics::default();
        record_finished_game(&store, &mut finished_game(), &mut statistics, PlayerKind::Human, PlayerKind::Computer)
            .unwrap();
        let damaged = save(&statistics).replace("\"wins\":1", "\"wins\":-1").replacen(",\"draws\":0", "", 1);
        store.set(STATISTICS_KEY, &damaged).unwrap();
        let restored = start(&store);
        assert_eq!(restored.statistics.computer_vs_human, statistics.computer_vs_human, "the readable tally is kept");
        assert_eq!(restored.statistics.black_vs_white.discs, 64);
        assert_eq!(restored.statistics.black_vs_white.wins, 0);
        let [problem] = &restored.problems[..] else { panic!("{:?}", restored.problems) };
        assert!(
            problem.starts_with(
                "Part of the saved statistics could not be read (black vs white draws, black vs white wins)"
            ),
            "{problem}"
        );
        assert_eq!(store.get(&backup_key(STATISTICS_KEY)), Some(damaged));
    }

    #[test]
    fn a_save_from_a_newer_version_is_left_untouched() {
        let store = MemoryStore::default();
        let newer = r#"{"version":2,"data":{"black_vs_white":{"wins":40}}}"#;
        store.set(STATISTICS_KEY, newer).unwrap();
        let restored = start(&store);
        assert_eq!(restored.untouchable, [STATISTICS_KEY]);
        assert_eq!(restored.statistics, Statistics::default(), "this session counts from zero");
        assert!(restored.problems[0].contains("reload the page to get the newer version"), "{:?}", restored.problems);
        assert_eq!(store.get(STATISTICS_KEY).as_deref(), Some(newer), "never written over");
        assert_eq!(store.get(&backup_key(STATISTICS_KEY)), None, "nothing to copy: the save itself stays");
    }

    /// A store that holds values but refuses every write, like a full localStorage after a visit.
    struct FullStoreWith(MemoryStore);

    impl KeyValueStore for FullStoreWith {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key)
        }
        fn set(&self, _: &str, _: &str) -> Result<(), String> {
            Err("QuotaExceededError".into())
        }
    }

    #[test]
    fn an_unreadable_save_that_cannot_be_copied_aside_is_never_written_over() {
        let inner = MemoryStore::default();
        inner.set(GAME_KEY, "garbage").unwrap();
        let store = FullStoreWith(inner);
        let restored = restore(&store);
        assert_eq!(restored.untouchable, [GAME_KEY]);
        assert!(restored.problems[0].ends_with("so it is left as it is and nothing is saved over it."));
        let guarded = GuardedStore { store: &store.0, untouchable: restored.untouchable };
        save_table(&guarded, &Table::default()).unwrap();
        assert_eq!(store.0.get(GAME_KEY).as_deref(), Some("garbage"));
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

        let corrupted = r#"{"version":1,"data":{"difficulty":17,"theme":"Dark"}}"#;
        store.set(OPTIONS_KEY, corrupted).unwrap();
        let restored = start(&store);
        assert_eq!(restored.options, Options { theme: Theme::Dark, ..Options::default() });
        assert_eq!(restored.problems.len(), 1, "{:?}", restored.problems);
        assert!(restored.problems[0].contains("(difficulty)"), "{:?}", restored.problems);
        assert!(restore(&store).problems.is_empty(), "reported once, then saved readable");
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
