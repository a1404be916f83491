//! Version 1 of the saves, read only: a JSON envelope `{"version":1,"data":…}`, read whole or field by field. Today's
//! format is `save.rs`'s; a player's version-1 saves are read here once and written again in it (the web app loads
//! this reader, and serde_json with it, only when it finds such a save).

use super::save::{LoadError, SAVE_VERSION};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// The only version written in JSON.
const JSON_VERSION: u32 = 1;

/// The data of a version-1 save, still as JSON, for readers that take it apart field by field.
pub fn load_data_v1(text: &str) -> Result<Value, LoadError> {
    let Ok(Value::Object(mut envelope)) = serde_json::from_str::<Value>(text) else { return Err(LoadError::NotASave) };
    let version = envelope.get("version").and_then(Value::as_u64).ok_or(LoadError::NotASave)?;
    let version = u32::try_from(version).unwrap_or(u32::MAX);
    match version {
        JSON_VERSION => envelope.remove("data").ok_or(LoadError::Invalid("it holds no data".into())),
        newer if newer > SAVE_VERSION => Err(LoadError::Newer(version)),
        older if older < JSON_VERSION => Err(LoadError::Older(version)),
        // Versions after 1 are not JSON: such a text was written by no version of the app.
        _ => Err(LoadError::NotASave),
    }
}

pub fn load_v1<T: DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    serde_json::from_value(load_data_v1(text)?).map_err(|error| LoadError::Invalid(in_words(&error)))
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

/// Reads a version-1 save of a value that has a default field by field: each field that reads is kept, each that
/// does not takes its default and is named in the second result (nested objects are read field by field too). A
/// field the save lacks takes its default, and counts as unreadable when `missing_is_loss` (a value always saved
/// whole).
pub fn load_fields_v1<T: Serialize + DeserializeOwned + Default>(
    text: &str,
    missing_is_loss: bool,
) -> Result<(T, Vec<String>), LoadError> {
    let saved = load_data_v1(text)?;
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

/// A version-1 save of `value`, as the app wrote them before version 2 (for the tests of this reader).
#[cfg(test)]
pub(crate) fn json_save<T: Serialize>(value: &T) -> String {
    format!(r#"{{"version":1,"data":{}}}"#, serde_json::to_string(value).unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Statistics, Variant};

    #[test]
    fn corrupt_old_or_newer_json_saves_are_told_apart_in_the_players_words() {
        assert_eq!(load_v1::<Game>("{not json"), Err(LoadError::NotASave));
        assert_eq!(load_v1::<Game>(""), Err(LoadError::NotASave));
        assert_eq!(load_v1::<Game>(r#"{"version":"1","data":{}}"#), Err(LoadError::NotASave));
        assert_eq!(load_v1::<Game>(r#"{"version":0,"data":{}}"#), Err(LoadError::Older(0)));
        assert_eq!(load_v1::<Game>(r#"{"version":2,"data":{}}"#), Err(LoadError::NotASave), "2 was never JSON");
        assert_eq!(load_v1::<Game>(r#"{"version":7,"data":{}}"#), Err(LoadError::Newer(7)));
        let error = load_v1::<Game>(r#"{"version":1,"data":{"moves":3}}"#).unwrap_err();
        assert!(matches!(error, LoadError::Invalid(_)));
        let error = load_v1::<Statistics>(r#"{"version":1,"data":{"black_vs_white":{"wins":-1}}}"#).unwrap_err();
        assert!(matches!(error, LoadError::Invalid(_)));
    }

    /// Issue 16: the message about a damaged save repeated the unreadable value whole (a page-long warning).
    #[test]
    fn a_damaged_save_is_named_not_repeated() {
        let record = |moves: &str| {
            let game = crate::notation::read_transcript("f5d6", Variant::default()).unwrap();
            let mut saved: Value = serde_json::from_str(&json_save(&game)).unwrap();
            saved["data"]["moves"] = moves.into();
            saved.to_string()
        };
        let hostile = format!("f5d6<img src=x onerror=alert(1)>{}", "9".repeat(10_000));
        let error = load_v1::<Game>(&record(&hostile)).unwrap_err().to_string();
        assert_eq!(error, "it is damaged: move 3: '<' is not a square");
        let long_token = format!("f5d6a{}", "1".repeat(10_000));
        let error = load_v1::<Game>(&record(&long_token)).unwrap_err().to_string();
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
            let error = load_v1::<Game>(text).unwrap_err().to_string();
            for internal in ["struct", "expected", "line ", "column", "`", "GameRecord", "VersionOnly"] {
                assert!(!error.contains(internal), "{text}: {error}");
            }
        }
        let error =
            load_v1::<Game>(r#"{"version":1,"data":{"variant":{"size":8,"opening":"Standard","first":"Black"}}}"#);
        assert_eq!(error.unwrap_err().to_string(), "it is damaged: its start is missing");
    }

    /// Issue 11, defect 6: one unreadable field made the whole save unreadable.
    #[test]
    fn a_save_read_field_by_field_keeps_every_readable_field() {
        let text = r#"{"version":1,"data":{"black_vs_white":{"wins":5,"losses":-1,"draws":2,"discs":300},
            "computer_vs_human":"lots"}}"#;
        let (stats, unreadable) = load_fields_v1::<Statistics>(text, true).unwrap();
        assert_eq!((stats.black_vs_white.wins, stats.black_vs_white.draws), (5, 2));
        assert_eq!((stats.black_vs_white.losses, stats.black_vs_white.discs), (0, 300));
        assert_eq!(stats.computer_vs_human, Default::default());
        assert_eq!(unreadable, ["black_vs_white losses", "black_vs_white opponent_discs", "computer_vs_human"]);
        let (_, unreadable) = load_fields_v1::<Statistics>(text, false).unwrap();
        assert_eq!(unreadable, ["black_vs_white losses", "computer_vs_human"], "a missing field is no loss here");
        assert_eq!(load_fields_v1::<Statistics>(&json_save(&stats), true), Ok((stats, vec![])));
        assert!(load_fields_v1::<Statistics>(r#"{"version":1,"data":[]}"#, true).is_err());
        assert_eq!(load_fields_v1::<Statistics>(r#"{"version":3,"data":{}}"#, true), Err(LoadError::Newer(3)));
    }
}
