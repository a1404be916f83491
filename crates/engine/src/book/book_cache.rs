//! The values a book build has searched, kept in a text file as they come so a stopped build can resume: a magic
//! line with the format's version, a header line naming the settings, weights and prob-cut fit the values belong
//! to, then one `player opponent value` line per search (the key's two bitboards in hex and the value in discs).
//!
//! Opening a cache never destroys a file: a file that is not a cache of this format, or that holds the values of
//! other settings, is refused and left as it was.

use super::book::fingerprint;
use super::book_build::BuildSettings;
use super::key::Key;
use crate::search::probcut::fit_bytes;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::Path;

/// The first line of a cache, before its version number.
const MAGIC: &str = "reversi-engine book cache";
/// The version of the format this build reads and writes.
const VERSION: u32 = 1;
/// How the header of the caches before the magic line began: such a file is a cache, but not of this format.
const UNVERSIONED: &str = "# book values: ";
/// Unreadable lines noted one by one, at most; the rest are counted.
const NOTED_LINES: usize = 5;

/// A book build's cache file, open for appending the values it searches.
#[derive(Debug)]
pub struct BookCache {
    file: File,
}

impl BookCache {
    /// The header of a cache: the settings, weights (`fingerprint` of the weights file) and prob-cut fit its values
    /// belong to.
    pub fn header(settings: &BuildSettings, weights: u64) -> String {
        format!(
            "# book values: depth {} selectivity {} weights {weights:016x} probcut {:016x}",
            settings.depth,
            settings.selectivity,
            fingerprint(&fit_bytes())
        )
    }

    /// Opens the cache at `path` for a build whose values `header` names, with the values a stopped build of the
    /// same header left in it. A missing or empty file becomes a new cache (its folder created). A file that is not
    /// a cache of this format, or a cache of another header, is refused and left untouched; lines that cannot be
    /// read (a build stopped mid-write cuts its last one) are skipped and told to `note`.
    pub fn open(
        path: &Path,
        header: &str,
        mut note: impl FnMut(&str),
    ) -> Result<(BookCache, HashMap<Key, i8>), String> {
        let shown = path.display();
        let existing = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(format!("cannot read {shown}: {e}")),
        };
        let known = if existing.is_empty() { HashMap::new() } else { read_values(&existing, header, path, &mut note)? };
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        let written = if existing.is_empty() {
            writeln!(file, "{MAGIC} {VERSION}\n{header}")
        } else if !existing.ends_with(b"\n") {
            // The cut last line ends here, so the next value starts a line of its own.
            writeln!(file)
        } else {
            Ok(())
        };
        written.map_err(|e| format!("cannot write {shown}: {e}"))?;
        Ok((BookCache { file }, known))
    }

    /// Appends one searched value.
    pub fn record(&mut self, (player, opponent): Key, value: i8) -> std::io::Result<()> {
        writeln!(self.file, "{player:016x} {opponent:016x} {value}")
    }
}

/// The values of the cache file `bytes` (at `path`), which must be of this format and `header`.
fn read_values(
    bytes: &[u8],
    header: &str,
    path: &Path,
    note: &mut impl FnMut(&str),
) -> Result<HashMap<Key, i8>, String> {
    let shown = path.display();
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let leave = "it is left as it is";
    if first != format!("{MAGIC} {VERSION}") {
        return Err(match first.strip_prefix(MAGIC) {
            Some(version) => format!(
                "{shown} is a book cache of version {:?}, this build reads version {VERSION}: {leave}; delete it or \
                 choose another cache path",
                version.trim()
            ),
            None if first.starts_with(UNVERSIONED) => format!(
                "{shown} is a book cache of an older format, before version {VERSION}: {leave}; delete it or choose \
                 another cache path"
            ),
            None => format!("{shown} is not a book cache (no \"{MAGIC}\" line): {leave}; choose another cache path"),
        });
    }
    match lines.next() {
        Some(line) if line == header => {}
        found => {
            return Err(format!(
                "{shown} holds the values of other settings, weights or prob-cut fit ({:?}, not {header:?}): {leave}; \
                 delete it or choose another cache path",
                found.unwrap_or_default()
            ))
        }
    }
    let (mut values, mut unreadable) = (HashMap::new(), 0);
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
            None => {
                unreadable += 1;
                if unreadable <= NOTED_LINES {
                    note(&format!("{shown}: line {} unreadable, ignored", number + 3));
                }
            }
        }
    }
    if unreadable > NOTED_LINES {
        note(&format!("{shown}: {} more unreadable lines ignored", unreadable - NOTED_LINES));
    }
    Ok(values)
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

    /// The start of a cache of `header`, as a build writes it.
    fn cache_text(header: &str) -> String {
        format!("{MAGIC} {VERSION}\n{header}\n")
    }

    #[test]
    fn a_cut_last_line_is_skipped_with_a_note_and_the_next_value_starts_a_line() {
        let path = fresh_path("cut");
        let header = BookCache::header(&settings(6), 1);
        std::fs::write(&path, format!("{}0000000000000010 0000000000002000 -5\n00000000000000", cache_text(&header)))
            .unwrap();
        let (mut cache, values, notes) = open(&path, &header);
        assert_eq!(values, HashMap::from([((0x10, 0x2000), -5)]));
        assert_eq!(notes, [format!("{}: line 4 unreadable, ignored", path.display())]);
        cache.record((1, 2), 3).unwrap();
        drop(cache);
        let (_, values, notes) = open(&path, &header);
        assert_eq!(values, HashMap::from([((0x10, 0x2000), -5), ((1, 2), 3)]));
        assert_eq!(notes.len(), 1, "only the cut line: {notes:?}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn many_unreadable_lines_are_counted_not_each_noted() {
        let path = fresh_path("many");
        let header = BookCache::header(&settings(6), 1);
        std::fs::write(&path, format!("{}{}", cache_text(&header), "junk\n".repeat(100))).unwrap();
        let (_, values, notes) = open(&path, &header);
        assert!(values.is_empty());
        assert_eq!(notes.len(), NOTED_LINES + 1, "{notes:?}");
        assert!(notes[NOTED_LINES].contains("95 more unreadable lines"), "{notes:?}");
        std::fs::remove_file(&path).unwrap();
    }

    /// Opening `contents` at a path as a cache fails with a message holding `reason` and the path, and leaves the
    /// file as it was.
    fn assert_refused_and_kept(name: &str, contents: &[u8], reason: &str) {
        let path = fresh_path(name);
        std::fs::write(&path, contents).unwrap();
        let header = BookCache::header(&settings(8), 1);
        let error = BookCache::open(&path, &header, |n| panic!("{name}: noted {n:?}")).unwrap_err();
        assert!(error.contains(reason) && error.contains(&path.display().to_string()), "{name}: {error}");
        assert!(error.contains("left as it is"), "{name}: {error}");
        assert_eq!(std::fs::read(&path).unwrap(), contents, "{name}: the file was changed");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_that_is_not_a_cache_of_this_format_is_refused_and_left_alone() {
        // Fault 11: the shipped book (4,812 bytes) given as the cache was cut to a header, a text file wiped.
        let book = include_bytes!("../../data/book.bin");
        assert_refused_and_kept("binary", book, "is not a book cache");
        assert_refused_and_kept("text", b"some notes\nworth keeping\n", "is not a book cache");
        assert_refused_and_kept("blank-line", b"\n", "is not a book cache");
        let unversioned = format!("{}\n0000000000000010 0000000000002000 -5\n", BookCache::header(&settings(8), 1));
        assert_refused_and_kept("unversioned", unversioned.as_bytes(), "an older format");
        assert_refused_and_kept("version", format!("{MAGIC} 2\nvalues\n").as_bytes(), "version \"2\"");
    }

    #[test]
    fn a_cache_of_other_settings_is_refused_and_left_alone() {
        let old = format!("{}0000000000000010 0000000000002000 -5\n", cache_text(&BookCache::header(&settings(6), 1)));
        assert_refused_and_kept("other", old.as_bytes(), "delete it or choose another cache path");
        assert_refused_and_kept("headless", format!("{MAGIC} {VERSION}\n").as_bytes(), "other settings");
    }

    #[test]
    fn a_missing_or_empty_file_becomes_a_new_cache() {
        let folder = fresh_path("folder");
        let _ = std::fs::remove_dir_all(&folder);
        let path = folder.join("cache.txt");
        let header = BookCache::header(&settings(6), 1);
        open(&path, &header);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), cache_text(&header));
        std::fs::write(&path, b"").unwrap();
        let (_, values, notes) = open(&path, &header);
        assert!(values.is_empty() && notes.is_empty(), "{notes:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), cache_text(&header));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
