//! The saves of version 1 (JSON), read once and written again in today's format (saves.rs). The web app loads this
//! code, and JSON's reader with it, in a module of its own only when the last visit left such a save
//! (effects/autosave.rs), so the first board's wasm carries no JSON. Options and statistics are read field by field,
//! so one bad field loses only itself.

use super::options::Options;
use super::saves::{
    save_options, save_set_aside, save_statistics, save_table, Restored, SetAside, GAME, GAME_KEY, OPTIONS,
    OPTIONS_KEY, SET_ASIDE, SET_ASIDE_KEY, STATISTICS, STATISTICS_KEY,
};
use super::store::KeyValueStore;
use super::table::Table;
use game::{load_data_v1, load_fields_v1, load_v1, Game, LoadError, PlayerKind, SavedLevel};
use net::session::Session;
use serde::Deserialize;

/// A table as version 1 saved it: the game's record with the table's own fields beside it.
#[derive(Deserialize)]
struct TableV1 {
    #[serde(flatten)]
    game: Game,
    /// Missing from saves made before pauses were kept.
    #[serde(default)]
    suspended: bool,
    #[serde(default)]
    online: Option<Session>,
}

impl From<TableV1> for Table {
    fn from(old: TableV1) -> Table {
        Table { suspended: old.suspended, online: old.online, ..Table::from_game(old.game) }
    }
}

#[derive(Deserialize)]
struct SetAsideV1 {
    table: TableV1,
    black: PlayerKind,
    white: PlayerKind,
}

/// Version 1's options, field by field: each readable field is kept, each unreadable one takes its default and is
/// named in the second result, and a missing one (a save from before that option) takes its default. Saves from
/// before each side had its own level held one `difficulty` for the computer, whichever side it played; its
/// presence marks such a save, migrated here.
pub fn read_options_v1(text: &str) -> Result<(Options, Vec<String>), LoadError> {
    let (mut options, mut unreadable) = load_fields_v1::<Options>(text, false)?;
    if let Some(old) = load_data_v1(text)?.get("difficulty") {
        match SavedLevel::deserialize(old) {
            Ok(level) => (options.black_level, options.white_level) = (level, level),
            Err(_) => unreadable.push("difficulty".into()),
        }
    }
    Ok((options.validated(), unreadable))
}

impl Restored {
    /// Reads the version-1 saves that [`restore`](super::saves::restore) left (`json_saves`), each as far as it
    /// can be read (whatever cannot is reported and kept aside, as at any start), and writes each again in today's
    /// format, unless it must be left alone (a newer version's, or one that could not be kept aside). `json_saves`
    /// then lists the keys whose values it gave.
    pub fn convert_json_saves(mut self, store: &dyn KeyValueStore) -> Restored {
        // In restore's order: the options come first, since a game that cannot be read restarts in their variant.
        for key in self.json_saves.clone() {
            self.untouchable.retain(|guarded| *guarded != key);
            match key {
                OPTIONS_KEY => {
                    if let Some(options) = self.take(store, &OPTIONS, read_options_v1) {
                        self.options = options;
                    }
                    // A game that could not be read started anew in the default options' variant: it takes the saved
                    // options' one, as it would have had they been read at start.
                    if self.new_game && self.table.game.variant() != self.options.variant() {
                        self.table = Table::new(self.options.variant());
                        self.json_saves.push(GAME_KEY);
                        if !self.untouchable.contains(&GAME_KEY) {
                            if let Err(why) = self.write_today(store, GAME_KEY) {
                                self.problems.push(why);
                            }
                        }
                    }
                }
                STATISTICS_KEY => {
                    if let Some(statistics) = self.take(store, &STATISTICS, |text| load_fields_v1(text, true)) {
                        self.statistics = statistics;
                    }
                }
                SET_ASIDE_KEY => {
                    let read = |text: &str| load_v1::<SetAsideV1>(text).map(|old| (old, Vec::new()));
                    self.set_aside = self.take(store, &SET_ASIDE, read).map(|old| SetAside {
                        table: old.table.into(),
                        black: old.black,
                        white: old.white,
                    });
                }
                GAME_KEY => {
                    let read = |text: &str| load_v1::<TableV1>(text).map(|old| (Table::from(old), Vec::new()));
                    self.table = self.take(store, &GAME, read).unwrap_or_else(|| Table::new(self.options.variant()));
                }
                _ => {}
            }
            if !self.untouchable.contains(&key) {
                if let Err(why) = self.write_today(store, key) {
                    self.problems.push(why);
                }
            }
        }
        self
    }

    /// Writes the value of `key` in today's format.
    fn write_today(&self, store: &dyn KeyValueStore, key: &str) -> Result<(), String> {
        match key {
            OPTIONS_KEY => save_options(store, &self.options),
            STATISTICS_KEY => save_statistics(store, &self.statistics),
            SET_ASIDE_KEY => save_set_aside(store, self.set_aside.as_ref()),
            GAME_KEY => save_table(store, &self.table),
            _ => Ok(()),
        }
    }
}
