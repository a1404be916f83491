//! The values a book build has searched, kept in a text file as they come so a stopped build can resume: a header
//! line naming the settings, weights and prob-cut fit the values belong to, then one `player opponent value` line
//! per search (the key's two bitboards in hex and the value in discs).

use super::book::fingerprint;
use super::book_build::BuildSettings;
use super::key::Key;
use crate::search::probcut::fit_bytes;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// A book build's cache file, open for appending the values it searches.
#[derive(Debug)]
pub struct BookCache {
    file: File,
}

impl BookCache {
    /// The first line of a cache: the settings, weights (`fingerprint` of the weights file) and prob-cut fit its
    /// values belong to.
    pub fn header(settings: &BuildSettings, weights: u64) -> String {
        format!(
            "# book values: depth {} selectivity {} weights {weights:016x} probcut {:016x}",
            settings.depth,
            settings.selectivity,
            fingerprint(&fit_bytes())
        )
    }

    /// Opens the cache at `path` for a build whose values `header` names (creating its folder and the file), with
    /// the values a stopped build of the same header left in it (none if none). A file of other settings is
    /// started afresh. What is skipped is told to `note`.
    pub fn open(
        path: &Path,
        header: &str,
        mut note: impl FnMut(&str),
    ) -> Result<(BookCache, HashMap<Key, i8>), String> {
        let known = read_values(path, header, &mut note);
        let shown = path.display();
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        if known.is_empty() {
            file.set_len(0).map_err(|e| format!("cannot write {shown}: {e}"))?;
            writeln!(file, "{header}").map_err(|e| e.to_string())?;
        }
        Ok((BookCache { file }, known))
    }

    /// Appends one searched value.
    pub fn record(&mut self, (player, opponent): Key, value: i8) -> std::io::Result<()> {
        writeln!(self.file, "{player:016x} {opponent:016x} {value}")
    }
}

/// The values under `header` in the file at `path` (none if it cannot be read or has another header).
fn read_values(path: &Path, header: &str, note: &mut impl FnMut(&str)) -> HashMap<Key, i8> {
    let shown = path.display();
    let Ok(text) = std::fs::read_to_string(path) else { return HashMap::new() };
    let mut lines = text.lines();
    if lines.next() != Some(header) {
        note(&format!("{shown}: other settings, weights or prob-cut fit, starting afresh"));
        return HashMap::new();
    }
    let mut values = HashMap::new();
    for (number, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let parsed = match fields[..] {
            [player, opponent, value] => u64::from_str_radix(player, 16)
                .ok()
                .zip(u64::from_str_radix(opponent, 16).ok())
                .zip(value.parse::<i8>().ok()),
            _ => None,
        };
        match parsed {
            Some((key, value)) => {
                values.insert(key, value);
            }
            // A build stopped mid-write leaves a cut last line: that value is searched again.
            None => note(&format!("{shown}: line {} unreadable, ignored", number + 2)),
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn settings(depth: u32) -> BuildSettings {
        BuildSettings { depth, selectivity: 1, margin: 2, max_ply: 8, max_positions: 500 }
    }

    /// A path in the system's temporary directory, named for the test, with no file there yet.
    fn fresh_path(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("reversi-book-cache-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn open(path: &Path, header: &str) -> (BookCache, HashMap<Key, i8>, Vec<String>) {
        let mut notes = Vec::new();
        let (cache, values) = BookCache::open(path, header, |n| notes.push(n.to_string())).unwrap();
        (cache, values, notes)
    }

    #[test]
    fn the_header_names_the_depth_selectivity_and_weights() {
        let header = BookCache::header(&settings(10), 0xabc);
        assert!(
            header.starts_with("# book values: depth 10 selectivity 1 weights 0000000000000abc probcut "),
            "{header}"
        );
        assert_ne!(header, BookCache::header(&settings(11), 0xabc));
        assert_ne!(header, BookCache::header(&settings(10), 0xabd));
    }

    #[test]
    fn recorded_values_are_read_back_by_the_next_build() {
        let path = fresh_path("resume");
        let header = BookCache::header(&settings(6), 1);
        let (mut cache, values, notes) = open(&path, &header);
        assert!(values.is_empty() && notes.is_empty(), "{notes:?}");
        cache.record((0x10, 0x2000), -5).unwrap();
        cache.record((u64::MAX, 0), 64).unwrap();
        drop(cache);
        let (mut cache, values, notes) = open(&path, &header);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(values, HashMap::from([((0x10, 0x2000), -5), ((u64::MAX, 0), 64)]));
        cache.record((1, 2), 3).unwrap();
        drop(cache);
        assert_eq!(open(&path, &header).1.len(), 3, "a resumed cache is appended to");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_cut_last_line_is_skipped_with_a_note() {
        let path = fresh_path("cut");
        let header = BookCache::header(&settings(6), 1);
        std::fs::write(&path, format!("{header}\n0000000000000010 0000000000002000 -5\n00000000000000")).unwrap();
        let (_, values, notes) = open(&path, &header);
        assert_eq!(values, HashMap::from([((0x10, 0x2000), -5)]));
        assert_eq!(notes, [format!("{}: line 3 unreadable, ignored", path.display())]);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_cache_of_other_settings_starts_afresh_with_a_note() {
        let path = fresh_path("other");
        let old = BookCache::header(&settings(6), 1);
        std::fs::write(&path, format!("{old}\n0000000000000010 0000000000002000 -5\n")).unwrap();
        let header = BookCache::header(&settings(8), 1);
        let (_, values, notes) = open(&path, &header);
        assert!(values.is_empty());
        assert!(notes[0].contains("other settings"), "{notes:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{header}\n"));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_missing_folder_is_created() {
        let folder = fresh_path("folder");
        let _ = std::fs::remove_dir_all(&folder);
        let path = folder.join("cache.txt");
        let header = BookCache::header(&settings(6), 1);
        open(&path, &header);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{header}\n"));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
