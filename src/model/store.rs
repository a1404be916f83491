//! Text kept under keys, within bounds: the [`KeyValueStore`] interface (the browser's localStorage, or a map in
//! tests), the size cap of each kind of value the app writes (their one home), the backups of unreadable saves as a
//! list that drops its oldest first, and room made by dropping backups when the browser refuses a write.
//!
//! A browser gives an origin about 5 MB of localStorage, and on GitHub Pages every project site of a user shares
//! one origin, so the app keeps its own share small: at most the sum of the caps below, about 88 KB.

use std::cell::RefCell;
use std::collections::HashMap;

/// The options: a dozen short fields, about 500 bytes, 1.3 KB with four STUN servers of the longest addresses; the
/// cap leaves room for fields to come.
pub const OPTIONS_CAP: usize = 4 * 1024;
/// The statistics: six tallies of a few numbers each, about 400 bytes today.
pub const STATISTICS_CAP: usize = 4 * 1024;
/// The game in progress: its start as a board string and its moves as a transcript (undone ones included), under
/// 1 KB for the longest 10×10 game; the cap leaves room for what an online game may add.
pub const GAME_CAP: usize = 16 * 1024;
/// One backup of an unreadable save: its beginning is enough to see what it was; a longer text keeps only that.
pub const BACKUP_CAP: usize = 16 * 1024;
/// All backups together: the newest few, the oldest dropped first to fit.
pub const BACKUPS_CAP: usize = 64 * 1024;

/// Every key the app writes begins so; the app reads, trims and drops no other key.
const APP_PREFIX: &str = "reversi.";

/// Text stored under keys: the browser's localStorage, or a map in tests.
pub trait KeyValueStore {
    fn get(&self, key: &str) -> Option<String>;
    /// Fails with the browser's reason when it refuses (storage full, or disabled by the user).
    fn set(&self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&self, key: &str);
    /// Every key stored, in no particular order.
    fn keys(&self) -> Vec<String>;
}

impl<S: KeyValueStore + ?Sized> KeyValueStore for &S {
    fn get(&self, key: &str) -> Option<String> {
        (**self).get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        (**self).set(key, value)
    }

    fn remove(&self, key: &str) {
        (**self).remove(key)
    }

    fn keys(&self) -> Vec<String> {
        (**self).keys()
    }
}

/// A store in memory, for tests and for a browser that offers no localStorage. With a capacity it refuses a write
/// that would make its keys and values longer than that, as a full localStorage does.
pub struct MemoryStore {
    entries: RefCell<HashMap<String, String>>,
    capacity: usize,
}

impl Default for MemoryStore {
    fn default() -> MemoryStore {
        MemoryStore::with_capacity(usize::MAX)
    }
}

impl MemoryStore {
    /// A store that holds at most `capacity` bytes of keys and values.
    pub fn with_capacity(capacity: usize) -> MemoryStore {
        MemoryStore { entries: RefCell::default(), capacity }
    }

    /// The bytes of keys and values held.
    pub fn used(&self) -> usize {
        self.entries.borrow().iter().map(|(key, value)| key.len() + value.len()).sum()
    }
}

impl KeyValueStore for MemoryStore {
    fn get(&self, key: &str) -> Option<String> {
        self.entries.borrow().get(key).cloned()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        let replaced = self.entries.borrow().get(key).map_or(0, |old| key.len() + old.len());
        if self.used() - replaced + key.len() + value.len() > self.capacity {
            return Err("QuotaExceededError: the store is full".into());
        }
        self.entries.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }

    fn remove(&self, key: &str) {
        self.entries.borrow_mut().remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.entries.borrow().keys().cloned().collect()
    }
}

/// Where a save that could not be read was copied, and whether only its beginning fitted.
#[derive(Debug, PartialEq, Eq)]
pub struct KeptAside {
    pub key: String,
    pub trimmed: bool,
}

/// One backup in the store: `number` orders the list (the unnumbered `<key>.backup` of earlier versions counts as
/// 0, older than any numbered one).
struct Backup {
    key: String,
    number: u64,
}

/// The backup's place in the list, if `key` is one of the app's backups: `reversi.<kind>.backup[.<number>]`.
fn backup_number(key: &str) -> Option<u64> {
    let (saved, rest) = key.strip_prefix(APP_PREFIX)?.split_once(".backup")?;
    if saved.is_empty() {
        return None;
    }
    match rest {
        "" => Some(0),
        _ => rest.strip_prefix('.')?.parse().ok(),
    }
}

/// The app's backups in the store, oldest first.
fn backups(store: &dyn KeyValueStore) -> Vec<Backup> {
    let mut list: Vec<Backup> =
        store.keys().into_iter().filter_map(|key| Some(Backup { number: backup_number(&key)?, key })).collect();
    // The keys are distinct: an unstable sort gives the stable order, with less code in the wasm.
    list.sort_unstable_by(|a, b| (a.number, &a.key).cmp(&(b.number, &b.key)));
    list
}

/// The first `cap` bytes of `text`, cut at a character boundary.
fn beginning(text: &str, cap: usize) -> &str {
    let mut end = cap.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Writes `value` under `key`; if the store refuses, drops the oldest backups (never `key` itself) until they have
/// freed at least the room the write adds, and tries once more. Fails with the store's reason if that did not help.
pub fn set_making_room(store: &dyn KeyValueStore, key: &str, value: &str) -> Result<(), String> {
    let Err(refusal) = store.set(key, value) else { return Ok(()) };
    let replaced = store.get(key).map_or(0, |old| key.len() + old.len());
    let growth = (key.len() + value.len()).saturating_sub(replaced).max(1);
    let mut freed = 0;
    for backup in backups(store).into_iter().filter(|backup| backup.key != key) {
        if freed >= growth {
            break;
        }
        freed += backup.key.len() + store.get(&backup.key).map_or(0, |text| text.len());
        store.remove(&backup.key);
    }
    if freed == 0 {
        return Err(refusal);
    }
    store.set(key, value)
}

/// Copies the unreadable text saved under `key` aside, as the newest backup: only its first [`BACKUP_CAP`] bytes if
/// it is longer, and after dropping the oldest backups that would no longer fit in [`BACKUPS_CAP`].
pub fn keep_aside(store: &dyn KeyValueStore, key: &str, text: &str) -> Result<KeptAside, String> {
    let kept = beginning(text, BACKUP_CAP);
    let list = backups(store);
    let number = list.last().map_or(1, |newest| newest.number + 1);
    let sizes: Vec<usize> = list.iter().map(|backup| store.get(&backup.key).map_or(0, |text| text.len())).collect();
    let mut total: usize = sizes.iter().sum::<usize>() + kept.len();
    for (backup, size) in list.iter().zip(sizes) {
        if total <= BACKUPS_CAP {
            break;
        }
        store.remove(&backup.key);
        total -= size;
    }
    let backup = format!("{key}.backup.{number}");
    set_making_room(store, &backup, kept)?;
    Ok(KeptAside { key: backup, trimmed: kept.len() < text.len() })
}

/// Brings the stored backups within their caps: each cut to its first [`BACKUP_CAP`] bytes, then the oldest
/// dropped until all fit in [`BACKUPS_CAP`]. Run at start-up, so that backups from earlier versions (which kept
/// them whole) or put there by hand are bounded too.
pub fn bound_backups(store: &dyn KeyValueStore) {
    let list = backups(store);
    let mut sizes = Vec::with_capacity(list.len());
    for backup in &list {
        let text = store.get(&backup.key).unwrap_or_default();
        let kept = beginning(&text, BACKUP_CAP);
        // A shorter text takes less room, so the browser takes it even when full; were it refused, the backup would
        // be dropped with the oldest below rather than stay over its cap.
        let size =
            if kept.len() == text.len() || store.set(&backup.key, kept).is_ok() { kept.len() } else { usize::MAX };
        sizes.push(size);
    }
    let mut total = sizes.iter().fold(0usize, |sum, size| sum.saturating_add(*size));
    for (backup, size) in list.iter().zip(sizes) {
        if total <= BACKUPS_CAP {
            break;
        }
        store.remove(&backup.key);
        total = total.saturating_sub(size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn backup_keys(store: &MemoryStore) -> Vec<String> {
        backups(store).into_iter().map(|backup| backup.key).collect()
    }

    #[test]
    fn only_the_apps_backup_keys_are_backups() {
        assert_eq!(backup_number("reversi.game.backup"), Some(0));
        assert_eq!(backup_number("reversi.game.backup.12"), Some(12));
        for other in [
            "reversi.game",
            "reversi.backup",
            "another-app.game.backup",
            "reversi.game.backup.x",
            "reversi.game.backups",
        ] {
            assert_eq!(backup_number(other), None, "{other}");
        }
    }

    #[test]
    fn a_store_with_a_capacity_refuses_what_does_not_fit_and_takes_a_shorter_replacement() {
        let store = MemoryStore::with_capacity(10);
        store.set("k", "123456789").unwrap();
        assert!(store.set("k", "1234567890").unwrap_err().contains("QuotaExceededError"));
        assert!(store.set("j", "").is_err(), "a new key takes room too");
        store.set("k", "1").unwrap();
        store.set("j", "1").unwrap();
        assert_eq!(store.used(), 4);
    }

    #[test]
    fn backups_are_numbered_newest_last_and_an_over_long_one_keeps_its_beginning() {
        let store = MemoryStore::default();
        store.set("reversi.options.backup", "from an earlier version").unwrap();
        let first = keep_aside(&store, "reversi.game", "short").unwrap();
        assert_eq!(first, KeptAside { key: "reversi.game.backup.1".into(), trimmed: false });
        let long = "é".repeat(BACKUP_CAP); // two bytes each: the cut falls between characters
        let second = keep_aside(&store, "reversi.statistics", &long).unwrap();
        assert_eq!(second, KeptAside { key: "reversi.statistics.backup.2".into(), trimmed: true });
        assert_eq!(store.get(&second.key).unwrap(), "é".repeat(BACKUP_CAP / 2));
        assert_eq!(
            backup_keys(&store),
            ["reversi.options.backup", "reversi.game.backup.1", "reversi.statistics.backup.2"]
        );
    }

    #[test]
    fn the_oldest_backups_are_dropped_to_fit_the_total_cap() {
        let store = MemoryStore::default();
        let full = "x".repeat(BACKUP_CAP);
        for _ in 0..BACKUPS_CAP / BACKUP_CAP {
            keep_aside(&store, "reversi.game", &full).unwrap();
        }
        store.set("another-app.data", &full).unwrap();
        let newest = keep_aside(&store, "reversi.game", "y").unwrap();
        let kept = backup_keys(&store);
        assert_eq!(kept.len(), BACKUPS_CAP / BACKUP_CAP, "one dropped for the new one: {kept:?}");
        assert_eq!(kept[0], "reversi.game.backup.2", "the first, oldest, went");
        assert_eq!(kept.last(), Some(&newest.key));
        assert!(store.get("another-app.data").is_some(), "another app's data is never touched");
    }

    #[test]
    fn backups_left_over_their_caps_are_cut_and_the_oldest_dropped_at_start_up() {
        let store = MemoryStore::default();
        let huge = "z".repeat(BACKUPS_CAP * 2);
        store.set("reversi.game.backup", &huge).unwrap();
        for number in 1..=BACKUPS_CAP / BACKUP_CAP {
            store.set(&format!("reversi.options.backup.{number}"), &huge).unwrap();
        }
        store.set("reversi.game", &huge).unwrap();
        bound_backups(&store);
        let kept = backup_keys(&store);
        assert_eq!(kept.len(), BACKUPS_CAP / BACKUP_CAP, "{kept:?}");
        assert_eq!(kept[0], "reversi.options.backup.1", "the unnumbered one was the oldest");
        assert!(kept.iter().all(|key| store.get(key).unwrap().len() == BACKUP_CAP));
        assert_eq!(store.get("reversi.game").unwrap().len(), huge.len(), "saves are not backups");
    }

    #[test]
    fn a_refused_write_drops_the_oldest_backups_and_tries_once_more() {
        let store = MemoryStore::with_capacity(3 * 1024);
        store.set("reversi.game.backup.1", &"a".repeat(1000)).unwrap();
        store.set("reversi.game.backup.2", &"b".repeat(1000)).unwrap();
        store.set("reversi.game", &"g".repeat(900)).unwrap();
        set_making_room(&store, "reversi.game", &"g".repeat(1500)).unwrap();
        assert_eq!(backup_keys(&store), ["reversi.game.backup.2"], "only as many as needed, oldest first");
        assert_eq!(store.get("reversi.game").unwrap().len(), 1500);

        let error = set_making_room(&store, "reversi.game", &"g".repeat(5000)).unwrap_err();
        assert!(error.contains("QuotaExceededError"), "{error}");
        assert_eq!(store.get("reversi.game").unwrap().len(), 1500, "what was saved stays");
        assert!(backup_keys(&store).is_empty(), "it tried");
    }
}
