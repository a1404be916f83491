//! Saves: any serde value in a versioned JSON envelope, read whole or field by field. A game goes in as its record
//! (`record.rs`).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The save format this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    version: u32,
    data: T,
}

/// Why a save could not be used, in the player's words (no parser internals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a save of this app at all: not JSON, or no format version.
    NotASave,
    /// Written by a newer version of the app, in a format this one cannot read.
    Newer(u32),
    /// An old format that this version no longer reads.
    Older(u32),
    /// The right version, but the content does not hold together.
    Invalid(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotASave => f.write_str("the stored text is not a save of this app"),
            LoadError::Newer(found) => write!(
                f,
                "it was saved by a newer version of Reversi (save format {found}; this version reads {SAVE_VERSION})"
            ),
            LoadError::Older(found) => write!(f, "it is in an old save format ({found}) that this version cannot read"),
            LoadError::Invalid(why) => write!(f, "it is damaged: {why}"),
        }
    }
}

impl std::error::Error for LoadError {}

pub fn save<T: Serialize>(value: &T) -> String {
    serde_json::to_string(&Envelope { version: SAVE_VERSION, data: value }).expect("saved types serialise to JSON")
}

/// The data of a save of this version, still as JSON, for readers that take it apart field by field.
pub fn load_data(text: &str) -> Result<Value, LoadError> {
    let Ok(Value::Object(mut envelope)) = serde_json::from_str::<Value>(text) else { return Err(LoadError::NotASave) };
    let version = envelope.get("version").and_then(Value::as_u64).ok_or(LoadError::NotASave)?;
    let version = u32::try_from(version).unwrap_or(u32::MAX);
    match version.cmp(&SAVE_VERSION) {
        std::cmp::Ordering::Greater => Err(LoadError::Newer(version)),
        std::cmp::Ordering::Less => Err(LoadError::Older(version)),
        std::cmp::Ordering::Equal => envelope.remove("data").ok_or(LoadError::Invalid("it holds no data".into())),
    }
}

pub fn load<T: DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    serde_json::from_value(load_data(text)?).map_err(|error| LoadError::Invalid(in_words(&error)))
}

/// A decoding error in the player's words: our own explanations (a move that is not legal, a cursor past the end)
/// as they are, and the parser's reports about the JSON's shape as which part is missing or unreadable.
fn in_words(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let text = text.split(" at line ").next().unwrap_or(&text);
    if let Some(field) = text.strip_prefix("missing field `").and_then(|rest| rest.split('`').next()) {
        return format!("its {} is missing", field.replace('_', " "));
    }
    const SHAPE: [&str; 7] =
        ["invalid type", "invalid value", "invalid length", "unknown variant", "unknown field", "expected", "EOF"];
    if SHAPE.iter().any(|prefix| text.starts_with(prefix)) {
        "a part of it is missing or of the wrong kind".into()
    } else {
        text.to_string()
    }
}

/// Reads a save of a value that has a default field by field: each field that reads is kept, each that does not
/// takes its default and is named in the second result (nested objects are read field by field too). A field the
/// save lacks takes its default, and counts as unreadable when `missing_is_loss` (a value always saved whole).
pub fn load_fields<T: Serialize + DeserializeOwned + Default>(
    text: &str,
    missing_is_loss: bool,
) -> Result<(T, Vec<String>), LoadError> {
    let saved = load_data(text)?;
    if !saved.is_object() {
        return Err(LoadError::Invalid("a part of it is missing or of the wrong kind".into()));
    }
    let default = serde_json::to_value(T::default()).expect("saved types serialise to JSON");
    let mut merged = default.clone();
    let mut unreadable = Vec::new();
    visit_fields(&default, &saved, "", &mut |pointer, value| {
        let Some(value) = value else {
            if missing_is_loss {
                unreadable.push(pointer.to_string());
            }
            return;
        };
        // Each field is tried alone among defaults, so one bad field cannot hide another's value.
        let mut trial = default.clone();
        if let Some(slot) = trial.pointer_mut(pointer) {
            *slot = value.clone();
        }
        if serde_json::from_value::<T>(trial).is_ok() {
            if let Some(slot) = merged.pointer_mut(pointer) {
                *slot = value.clone();
            }
        } else {
            unreadable.push(pointer.to_string());
        }
    });
    let unreadable = unreadable.iter().map(|p| p.trim_start_matches('/').replace('/', " ")).collect();
    match serde_json::from_value(merged) {
        Ok(value) => Ok((value, unreadable)),
        Err(error) => Err(LoadError::Invalid(in_words(&error))),
    }
}

/// Calls `leaf` with the JSON pointer of every leaf of `default` and the saved value there, if any. Where `default`
/// has an object and the save something else, that value is handed over whole, to be refused.
fn visit_fields(default: &Value, saved: &Value, pointer: &str, leaf: &mut dyn FnMut(&str, Option<&Value>)) {
    match (default, saved) {
        (Value::Object(fields), Value::Object(saved_fields)) => {
            for (name, default_value) in fields {
                let path = format!("{pointer}/{name}");
                match saved_fields.get(name) {
                    Some(value) => visit_fields(default_value, value, &path, leaf),
                    None => leaf(&path, None),
                }
            }
        }
        _ => leaf(pointer, Some(saved)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Game, PlayerKind, Statistics, Variant};

    #[test]
    fn corrupt_old_or_newer_saves_are_told_apart_in_the_players_words() {
        assert_eq!(load::<Game>("{not json"), Err(LoadError::NotASave));
        assert_eq!(load::<Game>(""), Err(LoadError::NotASave));
        assert_eq!(load::<Game>(r#"{"version":"1","data":{}}"#), Err(LoadError::NotASave));
        assert_eq!(load::<Game>(r#"{"version":0,"data":{}}"#), Err(LoadError::Older(0)));
        assert_eq!(load::<Game>(r#"{"version":7,"data":{}}"#), Err(LoadError::Newer(7)));
        assert!(LoadError::Newer(7).to_string().contains("newer version of Reversi"));
        let error = load::<Game>(r#"{"version":1,"data":{"moves":3}}"#).unwrap_err();
        assert!(matches!(error, LoadError::Invalid(_)));
        let error = load::<Statistics>(r#"{"version":1,"data":{"black_vs_white":{"wins":-1}}}"#).unwrap_err();
        assert!(matches!(error, LoadError::Invalid(_)));
    }

    /// Issue 16: the message about a damaged save repeated the unreadable value whole (a page-long warning).
    #[test]
    fn a_damaged_save_is_named_not_repeated() {
        let record = |moves: &str| {
            let game = crate::notation::read_transcript("f5d6", Variant::default()).unwrap();
            let mut saved: serde_json::Value = serde_json::from_str(&save(&game)).unwrap();
            saved["data"]["moves"] = moves.into();
            saved.to_string()
        };
        let hostile = format!("f5d6<img src=x onerror=alert(1)>{}", "9".repeat(10_000));
        let error = load::<Game>(&record(&hostile)).unwrap_err().to_string();
        assert_eq!(error, "it is damaged: move 3: '<' is not a square");
        let long_token = format!("f5d6a{}", "1".repeat(10_000));
        let error = load::<Game>(&record(&long_token)).unwrap_err().to_string();
        assert_eq!(error, "it is damaged: move 3: 'a11111111111…' is not a square");
    }

    /// Issue 11 (smaller): the page showed "expected struct VersionOnly" and other parser internals.
    #[test]
    fn no_error_shows_the_parsers_internals() {
        for text in [
            "[1,2]",
            "{}",
            r#"{"version":1}"#,
            r#"{"version":1,"data":{"moves":3}}"#,
            r#"{"version":1,"data":{"variant":{"size":8},"start":"x"}}"#,
            r#"{"version":1,"data":[]}"#,
        ] {
            let error = load::<Game>(text).unwrap_err().to_string();
            for internal in ["struct", "expected", "line ", "column", "`", "GameRecord", "VersionOnly"] {
                assert!(!error.contains(internal), "{text}: {error}");
            }
        }
        let error = load::<Game>(r#"{"version":1,"data":{"variant":{"size":8,"opening":"Standard","first":"Black"}}}"#);
        assert_eq!(error.unwrap_err().to_string(), "it is damaged: its start is missing");
    }

    /// Issue 11, defect 6: one unreadable field made the whole save unreadable.
    #[test]
    fn a_save_read_field_by_field_keeps_every_readable_field() {
        let text = r#"{"version":1,"data":{"black_vs_white":{"wins":5,"losses":-1,"draws":2,"discs":300},
            "computer_vs_human":"lots"}}"#;
        let (stats, unreadable) = load_fields::<Statistics>(text, true).unwrap();
        assert_eq!((stats.black_vs_white.wins, stats.black_vs_white.draws), (5, 2));
        assert_eq!((stats.black_vs_white.losses, stats.black_vs_white.discs), (0, 300));
        assert_eq!(stats.computer_vs_human, Default::default());
        assert_eq!(unreadable, ["black_vs_white losses", "black_vs_white opponent_discs", "computer_vs_human"]);
        let (_, unreadable) = load_fields::<Statistics>(text, false).unwrap();
        assert_eq!(unreadable, ["black_vs_white losses", "computer_vs_human"], "a missing field is no loss here");
        assert_eq!(load_fields::<Statistics>(&save(&stats), true), Ok((stats, vec![])));
        assert!(load_fields::<Statistics>(r#"{"version":1,"data":[]}"#, true).is_err());
        assert_eq!(load_fields::<Statistics>(r#"{"version":2,"data":{}}"#, true), Err(LoadError::Newer(2)));
    }

    #[test]
    fn statistics_and_the_recorded_flag_survive_a_reload() {
        let mut stats = Statistics::default();
        let mut game = Game::default();
        game.resign(Color::White).unwrap();
        stats.record(&mut game, PlayerKind::Human, PlayerKind::Computer);
        let (mut game, stats_loaded) =
            (load::<Game>(&save(&game)).unwrap(), load::<Statistics>(&save(&stats)).unwrap());
        assert_eq!(stats_loaded, stats);
        let mut again = stats_loaded;
        assert!(
            !again.record(&mut game, PlayerKind::Human, PlayerKind::Computer),
            "a reloaded game is not counted twice"
        );
    }
}
