//! What the app keeps between visits: the options, the game in progress and the statistics.
//!
//! Plain Rust over [`KeyValueStore`] (store.rs, which also holds each value's size cap), so it is tested natively
//! with a map; in the browser the store is localStorage (the glue that restores and saves the app state is
//! effects/autosave.rs). Every value is written in the game model's versioned envelope, within its cap; a value
//! that cannot be read whole is copied aside as a backup before anything is written over it, and a save from a
//! newer version of the app is never written over. Saves of version 1 (JSON) are left by [`restore`] for
//! saves_v1.rs, which reads them (options and statistics field by field, so one bad field loses only itself) and
//! writes them again in today's format.

use super::options::Options;
use super::store::{bound_backups, keep_aside, set_making_room, KeyValueStore, GAME_CAP, OPTIONS_CAP, STATISTICS_CAP};
use super::table::Table;
use game::{is_json_save, load, save, LoadError, PlayerKind, Statistics};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

pub const OPTIONS_KEY: &str = "reversi.options";
pub const GAME_KEY: &str = "reversi.game";
pub const STATISTICS_KEY: &str = "reversi.statistics";
pub const SET_ASIDE_KEY: &str = "reversi.set-aside";

/// The local game and its players, kept aside while an online game takes the table, to come back after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetAside {
    pub table: Table,
    pub black: PlayerKind,
    pub white: PlayerKind,
}

/// What the app starts from.
#[derive(Clone, Debug)]
pub struct Restored {
    pub options: Options,
    /// The game in progress (with whether play was paused), or a new game of the options' variant.
    pub table: Table,
    pub statistics: Statistics,
    /// The local game set aside by an online game, if it has not been brought back.
    pub set_aside: Option<SetAside>,
    /// One paragraph for each stored value that could not be read whole: what was kept, and where the rest is.
    pub problems: Vec<String>,
    /// Keys this version must leave alone: saves from a newer version, unreadable saves that could not be copied
    /// aside, and version-1 saves until they are converted.
    pub untouchable: Vec<&'static str>,
    /// Keys holding a version-1 (JSON) save, which `restore` leaves to [`Restored::convert_json_saves`]: their values
    /// above are the defaults until then (after it, the keys whose values it gave).
    pub json_saves: Vec<&'static str>,
    /// The table is a new game because no game could be read, in the variant of the options as read so far.
    pub new_game: bool,
}

/// What one stored value gave.
enum Reading<T> {
    Whole(T),
    /// Some fields were unreadable (named) and took their defaults; the rest is kept.
    Partly(T, Vec<String>),
    Unusable(LoadError),
}

/// One stored value: its key, what the player calls it, what replaces it when it cannot be used, and its size cap.
pub(super) struct Saved {
    key: &'static str,
    what: &'static str,
    fallback: &'static str,
    cap: usize,
}

pub(super) const OPTIONS: Saved =
    Saved { key: OPTIONS_KEY, what: "options", fallback: "The default options are in use.", cap: OPTIONS_CAP };
pub(super) const STATISTICS: Saved =
    Saved { key: STATISTICS_KEY, what: "statistics", fallback: "They start again from zero.", cap: STATISTICS_CAP };
pub(super) const GAME: Saved =
    Saved { key: GAME_KEY, what: "game", fallback: "A new game has started.", cap: GAME_CAP };
pub(super) const SET_ASIDE: Saved =
    Saved { key: SET_ASIDE_KEY, what: "game set aside for online play", fallback: "", cap: GAME_CAP };

/// Reads everything the last visit left in today's format. Nothing stored is a first visit. Whatever could not be
/// read is reported in `problems` and copied aside as a backup before the app may write over it; a save from a
/// newer version is left untouched, and so is a version-1 save, listed in `json_saves` for its converter. The
/// backups already stored are brought within their caps first.
pub fn restore(store: &dyn KeyValueStore) -> Restored {
    bound_backups(store);
    let mut restored = Restored {
        options: Options::default(),
        table: Table::default(),
        statistics: Statistics::default(),
        set_aside: None,
        problems: Vec::new(),
        untouchable: Vec::new(),
        json_saves: Vec::new(),
        new_game: false,
    };
    if let Some(options) = restored.take_today::<Options>(store, &OPTIONS) {
        restored.options = options.validated();
    }
    if let Some(statistics) = restored.take_today(store, &STATISTICS) {
        restored.statistics = statistics;
    }
    restored.set_aside = restored.take_today(store, &SET_ASIDE);
    restored.table = match restored.take_today(store, &GAME) {
        Some(table) => table,
        None => {
            restored.new_game = !restored.json_saves.contains(&GAME_KEY);
            Table::new(restored.options.variant())
        }
    };
    restored
}

impl Restored {
    /// The value stored under `saved.key` in today's format, as `take` reads it; a version-1 save is left alone
    /// for its converter.
    fn take_today<T: serde::de::DeserializeOwned>(&mut self, store: &dyn KeyValueStore, saved: &Saved) -> Option<T> {
        if store.get(saved.key).is_some_and(|text| is_json_save(&text)) {
            self.json_saves.push(saved.key);
            self.untouchable.push(saved.key);
            return None;
        }
        self.take(store, saved, |text| load(text).map(|value| (value, Vec::new())))
    }

    /// The value stored under `saved.key` as far as it can be read, reporting and guarding whatever cannot.
    pub(super) fn take<T>(
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
        let Saved { key, what, fallback, .. } = saved;
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
        let kept = match keep_aside(store, key, &text) {
            Ok(kept) if kept.trimmed => format!(
                " The beginning of the unreadable save (the whole was too long to keep) is in this browser's storage \
                 under \"{}\".",
                kept.key
            ),
            Ok(kept) => format!(" The unreadable save is kept in this browser's storage under \"{}\".", kept.key),
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
/// them are not kept, or their version-1 save is being converted).
pub struct GuardedStore<S> {
    pub store: S,
    pub untouchable: RefCell<Vec<&'static str>>,
}

impl<S> GuardedStore<S> {
    pub fn new(store: S, untouchable: Vec<&'static str>) -> GuardedStore<S> {
        GuardedStore { store, untouchable: RefCell::new(untouchable) }
    }

    fn guards(&self, key: &str) -> bool {
        self.untouchable.borrow().contains(&key)
    }
}

impl<S: KeyValueStore> KeyValueStore for GuardedStore<S> {
    fn get(&self, key: &str) -> Option<String> {
        self.store.get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        if self.guards(key) {
            return Ok(());
        }
        self.store.set(key, value)
    }

    fn remove(&self, key: &str) {
        if !self.guards(key) {
            self.store.remove(key)
        }
    }

    fn keys(&self) -> Vec<String> {
        self.store.keys()
    }
}

pub fn save_options(store: &dyn KeyValueStore, options: &Options) -> Result<(), String> {
    write(store, &OPTIONS, &save(options))
}

/// Saves the game in progress with whether play is paused.
pub fn save_table(store: &dyn KeyValueStore, table: &Table) -> Result<(), String> {
    write(store, &GAME, &save(table))
}

/// Saves the game set aside, or forgets it once it is back.
pub fn save_set_aside(store: &dyn KeyValueStore, set_aside: Option<&SetAside>) -> Result<(), String> {
    match set_aside {
        Some(set_aside) => write(store, &SET_ASIDE, &save(set_aside)),
        None => {
            store.remove(SET_ASIDE_KEY);
            Ok(())
        }
    }
}

pub fn save_statistics(store: &dyn KeyValueStore, statistics: &Statistics) -> Result<(), String> {
    write(store, &STATISTICS, &save(statistics))
}

/// Writes a value within its cap, making room by dropping the oldest backups if the browser refuses.
pub(super) fn write(store: &dyn KeyValueStore, saved: &Saved, text: &str) -> Result<(), String> {
    let Saved { what, cap, .. } = saved;
    if text.len() > *cap {
        return Err(format!(
            "The {what} could not be saved ({} bytes, over this app's cap of {cap}), so the changes will be lost \
             when the page closes.",
            text.len()
        ));
    }
    set_making_room(store, saved.key, text).map_err(refused)
}

fn refused(reason: String) -> String {
    format!("The browser did not let the game be saved ({reason}); it will be lost when the page closes.")
}

/// A value another tab of this page saved, as this tab takes it over.
#[derive(Debug, PartialEq)]
pub enum OtherTab {
    Options(Options),
    Game(Box<Table>),
    Statistics(Statistics),
}

/// What another tab saved under `key`, if it is one of this app's values and reads whole in today's format
/// (anything less is left for that tab to report, and this tab keeps its own).
pub fn read_other_tab(key: &str, text: &str) -> Option<OtherTab> {
    match key {
        OPTIONS_KEY => load::<Options>(text).ok().map(|options| OtherTab::Options(options.validated())),
        STATISTICS_KEY => load(text).ok().map(OtherTab::Statistics),
        GAME_KEY => load::<Table>(text).ok().map(|table| OtherTab::Game(Box::new(table))),
        _ => None,
    }
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
    use crate::model::options::Theme;
    use crate::model::store::{MemoryStore, BACKUPS_CAP, BACKUP_CAP};
    use crate::model::table::Players;
    use engine::Level;
    use game::{BoardSize, Color, Game, Opening, Variant};

    /// What the app reads at start: today's saves, then version 1's (which the web app converts a moment later).
    fn restore_all(store: &dyn KeyValueStore) -> Restored {
        restore(store).convert_json_saves(store)
    }

    /// A version-1 save of `value`, as the app wrote them before today's format.
    fn json_save<T: Serialize>(value: &T) -> String {
        format!(r#"{{"version":1,"data":{}}}"#, serde_json::to_string(value).unwrap())
    }

    fn finished_game() -> Table {
        let mut table = Table::default();
        for name in ["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"] {
            table.play(game::parse_square(name, 8).unwrap(), 0).unwrap();
        }
        assert!(table.game.is_over(), "the shortest game: Black wipes White out in nine moves");
        table
    }

    /// Issue 30, fault 1: what one tab saves, the other takes whole, and saving it again writes the same text
    /// (so the browser raises no storage event back and the tabs do not echo each other).
    #[test]
    fn another_tabs_saves_are_read_whole_and_write_back_unchanged() {
        let store = MemoryStore::default();
        let mut statistics = Statistics::default();
        let mut table = finished_game();
        record_finished_game(&store, &mut table, &mut statistics, PlayerKind::Human, PlayerKind::Human).unwrap();
        let options = Options { black: PlayerKind::Computer, ..Options::default() };
        save_options(&store, &options).unwrap();
        let read = |key| read_other_tab(key, &store.get(key).unwrap());
        assert_eq!(read(GAME_KEY), Some(OtherTab::Game(Box::new(table.clone()))));
        assert_eq!(read(STATISTICS_KEY), Some(OtherTab::Statistics(statistics)));
        assert_eq!(read(OPTIONS_KEY), Some(OtherTab::Options(options.clone())));
        let again = MemoryStore::default();
        save_table(&again, &table).unwrap();
        save_statistics(&again, &statistics).unwrap();
        save_options(&again, &options).unwrap();
        for key in [GAME_KEY, STATISTICS_KEY, OPTIONS_KEY] {
            assert_eq!(again.get(key), store.get(key), "{key}");
        }
        assert_eq!(read_other_tab("another-app.key", "{}"), None);
        assert_eq!(read_other_tab(GAME_KEY, "{half a save"), None, "the tab that wrote it reports it");
        let damaged = store.get(STATISTICS_KEY).unwrap()[..6].to_string();
        assert_eq!(read_other_tab(STATISTICS_KEY, &damaged), None);
        let older = json_save(&statistics);
        assert_eq!(read_other_tab(STATISTICS_KEY, &older), None, "an older version's tab is left to itself");
    }

    /// Issue 30, fault 3: going online kept no copy of the local game or its players.
    #[test]
    fn a_game_set_aside_comes_back_after_a_reload_until_it_is_taken_back() {
        let store = MemoryStore::default();
        let mut table = Table::default();
        table.play(game::parse_square("f5", 8).unwrap(), 0).unwrap();
        let aside = SetAside { table, black: PlayerKind::Human, white: PlayerKind::Computer };
        save_set_aside(&store, Some(&aside)).unwrap();
        let restored = restore_all(&store);
        assert_eq!(restored.set_aside, Some(aside));
        assert!(restored.problems.is_empty());
        save_set_aside(&store, None).unwrap();
        assert_eq!(restore_all(&store).set_aside, None);
        store.set(SET_ASIDE_KEY, "{broken").unwrap();
        let broken = restore_all(&store);
        assert_eq!(broken.set_aside, None);
        assert!(broken.problems[0].starts_with("The saved game set aside for online play could not be used"));
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
        game.play(game::squares_of(game.legal_moves()).next().unwrap()).unwrap();
        let mut statistics = Statistics::default();
        record_finished_game(&store, &mut finished_game(), &mut statistics, PlayerKind::Human, PlayerKind::Human)
            .unwrap();
        save_options(&store, &options).unwrap();
        save_table(&store, &Table::from_game(game.clone())).unwrap();

        let restored = restore_all(&store);
        assert_eq!(restored.options, options);
        assert_eq!(restored.table.game, game, "the game in progress keeps its own variant, not the options'");
        assert_eq!(restored.statistics, statistics);
        assert!(restored.problems.is_empty());
    }

    /// What the app does right after start-up: it saves everything it restored (through the guard).
    fn start(store: &MemoryStore) -> Restored {
        let restored = restore_all(store);
        let guarded = GuardedStore::new(store, restored.untouchable.clone());
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
        assert!(options.ends_with("kept in this browser's storage under \"reversi.options.backup.1\"."), "{options}");
        assert!(statistics.contains("old save format (0)") && statistics.contains("They start again from zero."));
        assert!(game.contains("A new game has started."), "{game}");
        assert_eq!(store.get("reversi.options.backup.1").as_deref(), Some("{not json"));
        assert_eq!(store.get("reversi.game.backup.3").as_deref(), Some(r#"{"version":1,"data":{"moves":3}}"#));

        let again = restore_all(&store);
        assert!(again.problems.is_empty(), "reported once: {:?}", again.problems);
        assert_eq!(store.get("reversi.options.backup.1").as_deref(), Some("{not json"), "the backup stays");
    }

    /// Issue 11, defect 6: a count of -1 or one missing field reset every count to 0.
    #[test]
    fn statistics_with_one_bad_count_keep_the_others_and_a_backup() {
        let store = MemoryStore::default();
        let mut statistics = Statistics::default();
        record_finished_game(&store, &mut finished_game(), &mut statistics, PlayerKind::Human, PlayerKind::Computer)
            .unwrap();
        let damaged = json_save(&statistics).replace("\"wins\":1", "\"wins\":-1").replacen(",\"draws\":0", "", 1);
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
        assert_eq!(store.get("reversi.statistics.backup.1"), Some(damaged));
    }

    #[test]
    fn a_save_from_a_newer_version_is_left_untouched() {
        for newer in [r#"{"version":3,"data":{"black_vs_white":{"wins":40}}}"#, "v3:AQIDBAU"] {
            let store = MemoryStore::default();
            store.set(STATISTICS_KEY, newer).unwrap();
            let restored = start(&store);
            assert_eq!(restored.untouchable, [STATISTICS_KEY]);
            assert_eq!(restored.statistics, Statistics::default(), "this session counts from zero");
            let problem = &restored.problems[0];
            assert!(problem.contains("save format 3") && problem.contains("reload the page to get the newer version"));
            assert_eq!(store.get(STATISTICS_KEY).as_deref(), Some(newer), "never written over");
            assert!(store.keys().iter().all(|key| !key.contains("backup")), "nothing to copy: the save itself stays");
        }
    }

    /// A version-1 save is left alone at start (its reader comes in a module of its own), guarded from the app's
    /// first saves, then read and written again in today's format: the next start reads it at once.
    #[test]
    fn version_1_saves_wait_for_their_converter_then_are_written_in_todays_format() {
        let store = MemoryStore::default();
        let options = Options { sound: false, board_size: BoardSize::Six, ..Options::default() };
        let mut table = Table::new(options.variant());
        table.play(game::squares_of(table.game.legal_moves()).next().unwrap(), 0).unwrap();
        let mut statistics = Statistics::default();
        statistics.record(&mut finished_game().game, PlayerKind::Human, PlayerKind::Computer);
        let old = [
            (OPTIONS_KEY, json_save(&options)),
            (STATISTICS_KEY, json_save(&statistics)),
            (GAME_KEY, json_save(&table.game)),
        ];
        for (key, text) in &old {
            store.set(key, text).unwrap();
        }
        let restored = restore(&store);
        assert_eq!(restored.json_saves, [OPTIONS_KEY, STATISTICS_KEY, GAME_KEY]);
        assert_eq!(restored.untouchable, restored.json_saves);
        assert_eq!((restored.options.clone(), restored.statistics), (Options::default(), Statistics::default()));
        let guarded = GuardedStore::new(&store, restored.untouchable.clone());
        save_options(&guarded, &restored.options).unwrap();
        save_table(&guarded, &restored.table).unwrap();
        for (key, text) in &old {
            assert_eq!(store.get(key).as_ref(), Some(text), "{key} is not written over before it is converted");
        }

        let converted = restored.convert_json_saves(&store);
        assert_eq!((converted.options, converted.statistics), (options.clone(), statistics));
        assert_eq!(converted.table, table);
        assert!(converted.problems.is_empty() && converted.untouchable.is_empty(), "{:?}", converted.problems);
        for (key, _) in &old {
            assert!(store.get(key).unwrap().starts_with("v2:"), "{key} is in today's format");
        }
        let again = restore(&store);
        assert!(again.json_saves.is_empty() && again.problems.is_empty(), "{:?}", again.problems);
        assert_eq!((again.options, again.statistics, again.table), (options, statistics, table));
    }

    /// Today's format is not written by hand: a damaged one is refused whole, said so, and kept aside.
    #[test]
    fn a_damaged_save_in_todays_format_is_kept_aside_and_said_so() {
        let store = MemoryStore::default();
        save_statistics(&store, &Statistics::default()).unwrap();
        let damaged = store.get(STATISTICS_KEY).unwrap().replacen('A', "*", 1);
        store.set(STATISTICS_KEY, &damaged).unwrap();
        let restored = start(&store);
        let [problem] = &restored.problems[..] else { panic!("{:?}", restored.problems) };
        assert!(problem.starts_with("The saved statistics could not be used: it is damaged:"), "{problem}");
        assert!(problem.contains("\"reversi.statistics.backup.1\""), "{problem}");
        assert_eq!(store.get("reversi.statistics.backup.1"), Some(damaged), "nothing is lost");
        assert!(store.get(STATISTICS_KEY).unwrap().starts_with("v2:"), "a readable save replaces it");
    }

    #[test]
    fn an_unreadable_save_that_cannot_be_copied_aside_is_never_written_over() {
        // Full to the last byte with the unreadable save.
        let store = MemoryStore::with_capacity(GAME_KEY.len() + "garbage".len());
        store.set(GAME_KEY, "garbage").unwrap();
        let restored = restore_all(&store);
        assert_eq!(restored.untouchable, [GAME_KEY]);
        assert!(restored.problems[0].ends_with("so it is left as it is and nothing is saved over it."));
        let guarded = GuardedStore::new(&store, restored.untouchable);
        save_table(&guarded, &Table::default()).unwrap();
        assert_eq!(store.get(GAME_KEY).as_deref(), Some("garbage"));
    }

    #[test]
    fn one_bad_value_leaves_the_others_alone() {
        let store = MemoryStore::default();
        let options = Options { sound: false, ..Options::default() };
        save_options(&store, &options).unwrap();
        store.set(GAME_KEY, "garbage").unwrap();
        let restored = restore_all(&store);
        assert_eq!(restored.options, options);
        assert_eq!(restored.problems.len(), 1);
    }

    #[test]
    fn out_of_range_options_are_clamped_on_load() {
        let store = MemoryStore::default();
        store.set(OPTIONS_KEY, r#"{"version":1,"data":{"animation_speed":200,"sound":false}}"#).unwrap();
        let restored = restore_all(&store);
        assert_eq!(restored.options, Options { animation_speed: 5, sound: false, ..Options::default() });
        assert!(restored.problems.is_empty());
    }

    #[test]
    fn a_paused_game_stays_paused_after_a_reload() {
        let store = MemoryStore::default();
        let players = Players { black: PlayerKind::Human, white: PlayerKind::Computer };
        let mut table = Table::default();
        for name in ["f5", "d6"] {
            table.play(game::parse_square(name, 8).unwrap(), 0).unwrap();
        }
        assert!(table.undo(&players, false) && table.suspended, "undo onto the computer's turn pauses play");
        save_table(&store, &table).unwrap();
        let restored = restore_all(&store).table;
        assert_eq!(restored, table);
        assert!(restored.can_resume(&players) && restored.computer_to_move(&players).is_none());

        table.resume();
        save_table(&store, &table).unwrap();
        assert!(!restore_all(&store).table.suspended);
    }

    #[test]
    fn a_game_saved_before_pauses_were_kept_loads_unpaused() {
        let store = MemoryStore::default();
        let game = Game::new(Variant::default());
        store.set(GAME_KEY, &json_save(&game)).unwrap();
        let restored = restore_all(&store);
        assert_eq!(restored.table, Table::from_game(game));
        assert!(restored.problems.is_empty());
    }

    #[test]
    fn old_options_with_one_difficulty_migrate_to_both_sides() {
        let store = MemoryStore::default();
        let old =
            r#"{"version":1,"data":{"black":"Computer","white":"Computer","difficulty":"Advanced","theme":"Dark"}}"#;
        store.set(OPTIONS_KEY, old).unwrap();
        let restored = restore_all(&store);
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
        assert!(restore_all(&store).problems.is_empty(), "reported once, then saved readable");
    }

    #[test]
    fn a_corrupted_game_restarts_with_the_saved_variant() {
        let store = MemoryStore::default();
        let options = Options { board_size: BoardSize::Ten, ..Options::default() };
        save_options(&store, &options).unwrap();
        store.set(GAME_KEY, "{").unwrap();
        assert_eq!(restore_all(&store).table.game.variant().size, BoardSize::Ten);
        // The options of version 1, read a moment after the start: the new game takes their variant all the same.
        store.set(OPTIONS_KEY, &json_save(&options)).unwrap();
        store.set(GAME_KEY, "not a save at all").unwrap();
        let restored = restore(&store);
        assert!(restored.new_game && restored.table.game.variant().size == BoardSize::Eight);
        let converted = restored.convert_json_saves(&store);
        assert_eq!(converted.json_saves, [OPTIONS_KEY, GAME_KEY], "both are taken");
        assert_eq!(converted.table, Table::new(options.variant()));
        assert_eq!(restore(&store).table, converted.table, "and saved");
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

        let mut reloaded = restore_all(&store);
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
        assert_eq!(restore_all(&store).statistics.black_vs_white.games(), 1);
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
        let full = MemoryStore::with_capacity(0);
        let error = save_options(&full, &Options::default()).unwrap_err();
        assert!(error.contains("QuotaExceededError") && error.contains("will be lost"), "{error}");
        let restored = restore_all(&full);
        assert!(restored.problems.is_empty(), "nothing stored, nothing written: {:?}", restored.problems);
    }

    /// Plays `moves` of the game's first legal moves (or to its end), saving after each as the autosave does.
    fn play_and_save(store: &dyn KeyValueStore, table: &mut Table, moves: usize) {
        for _ in 0..moves {
            let Some(square) = game::squares_of(table.game.legal_moves()).next() else { break };
            table.play(square, 0).unwrap();
            save_table(store, table).unwrap();
        }
    }

    /// Fills the store to the last byte with another app's data, as `another-app.<n>` keys; returns how many keys
    /// it holds (a store already full keeps its count).
    fn fill(store: &MemoryStore) -> usize {
        let mut keys = store.keys().iter().filter(|key| key.starts_with("another-app.")).count();
        for size in [1024, 1] {
            while store.set(&format!("another-app.{keys}"), &"x".repeat(size)).is_ok() {
                keys += 1;
            }
        }
        if let Some(last) = keys.checked_sub(1).map(|last| format!("another-app.{last}")) {
            while store.set(&last, &(store.get(&last).unwrap() + "x")).is_ok() {}
        }
        keys
    }

    #[test]
    fn with_storage_filled_by_old_backups_play_goes_on_and_the_oldest_backups_make_room() {
        let store = MemoryStore::with_capacity(200 * 1024);
        store.set("reversi.game.backup", &"old".repeat(BACKUP_CAP)).unwrap(); // from before backups had a cap
        let mut statistics = Statistics::default();
        record_finished_game(&store, &mut finished_game(), &mut statistics, PlayerKind::Human, PlayerKind::Human)
            .unwrap();
        let mut restored = start(&store);
        assert_eq!(store.get("reversi.game.backup").unwrap().len(), BACKUP_CAP, "an over-long backup is cut");
        // Unreadable games met on several visits, then another app's data up to the last byte.
        for visit in 0..6 {
            store.set(GAME_KEY, &format!("unreadable {visit} {}", "#".repeat(BACKUP_CAP))).unwrap();
            restored = start(&store);
        }
        let backups = || {
            let mut keys: Vec<String> = store.keys().into_iter().filter(|key| key.contains(".backup")).collect();
            keys.sort_by_key(|key| key.rsplit('.').next().and_then(|number| number.parse::<u32>().ok()));
            keys
        };
        let bytes: usize = backups().iter().map(|key| store.get(key).unwrap().len()).sum();
        assert!(bytes <= BACKUPS_CAP, "{bytes} bytes of backups");
        let junk = fill(&store);
        let before = backups();

        let mut table = restored.table;
        play_and_save(&store, &mut table, 200);
        assert!(table.game.is_over());
        record_finished_game(&store, &mut table, &mut restored.statistics, PlayerKind::Human, PlayerKind::Human)
            .unwrap();
        let after = backups();
        assert!(after.len() < before.len(), "backups were dropped to make room: {before:?} then {after:?}");
        assert!(before.ends_with(&after), "the newest kept, the oldest dropped: {before:?} then {after:?}");
        let reloaded = restore_all(&store);
        assert_eq!(reloaded.table, table);
        assert_eq!(reloaded.statistics.black_vs_white.games(), 2);
        assert!(reloaded.problems.is_empty(), "{:?}", reloaded.problems);
        let theirs = store.keys().into_iter().filter(|key| key.starts_with("another-app.")).count();
        assert_eq!(theirs, junk, "another app's data is never touched");
    }

    #[test]
    fn with_storage_full_of_another_apps_data_saving_fails_plainly_and_keeps_the_last_save() {
        let store = MemoryStore::with_capacity(8 * 1024);
        let mut table = Table::default();
        play_and_save(&store, &mut table, 4);
        let saved = store.get(GAME_KEY);
        fill(&store);
        let played = table.game.history().cursor();
        let square = game::squares_of(table.game.legal_moves()).next().unwrap();
        table.play(square, 0).unwrap();
        let error = save_table(&store, &table).unwrap_err();
        assert!(error.starts_with("The browser did not let the game be saved (QuotaExceededError"), "{error}");
        assert_eq!(store.get(GAME_KEY), saved, "the last save stays whole");
        assert_eq!(restore_all(&store).table.game.history().cursor(), played);
    }

    #[test]
    fn a_value_over_its_cap_is_not_saved_and_says_why() {
        let store = MemoryStore::default();
        let tiny = Saved { cap: 10, ..STATISTICS };
        let error = write(&store, &tiny, &save(&Statistics::default())).unwrap_err();
        assert!(error.starts_with("The statistics could not be saved ("), "{error}");
        assert!(error.contains("over this app's cap of 10"), "{error}");
        assert_eq!(store.get(STATISTICS_KEY), None);
    }

    /// The caps are far above what the app saves: the longest game there is (10×10, every square played), the
    /// statistics with their longest numbers and the options with the most STUN servers of the longest addresses.
    #[test]
    fn every_save_fits_well_within_its_cap() {
        let store = MemoryStore::default();
        let mut table = Table::from_game(Game::new(Variant { size: BoardSize::Ten, ..Variant::default() }));
        play_and_save(&store, &mut table, 200);
        let game = store.get(GAME_KEY).unwrap().len();
        assert!(game * 4 <= GAME_CAP, "a whole 10×10 game takes {game} bytes");
        let mut statistics = Statistics::default();
        for _ in 0..3 {
            let mut table = finished_game();
            statistics.record(&mut table.game, PlayerKind::Computer, PlayerKind::Human);
        }
        for tally in [&mut statistics.black_vs_white, &mut statistics.computer_vs_human] {
            (tally.discs, tally.opponent_discs) = (u64::MAX, u64::MAX);
        }
        save_statistics(&store, &statistics).unwrap();
        let counts = store.get(STATISTICS_KEY).unwrap().len();
        assert!(counts * 4 <= STATISTICS_CAP, "the statistics take {counts} bytes");
        let mut options = Options::default();
        let longest_stun = format!("stun:{}", "s".repeat(195));
        options.set_stun_servers(&[longest_stun.as_str(); 4].join(" ")).unwrap();
        save_options(&store, &options).unwrap();
        let options = store.get(OPTIONS_KEY).unwrap().len();
        assert!(options * 2 <= OPTIONS_CAP, "the options take {options} bytes");
    }
}
