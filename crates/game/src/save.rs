//! Saves: any serde value in a versioned envelope, `v2:` then the value in postcard's compact binary form as
//! base64. A game goes in as its record (`record.rs`). Version 1 was JSON: `save_v1.rs` still reads it, so a
//! player's old saves load once and are written again in this format.
//!
//! Why postcard: the saves are read at every start, so their reader sits on the first board's critical path, and
//! JSON's (serde_json: a text parser, number formatting, a generic value) was about 25 KiB of the start's wasm
//! gzipped. postcard is a small, maintained, no_std serde format; its non-self-describing layout is the one fault:
//! a field added to a saved type needs a new `SAVE_VERSION` and the previous version's layout kept as a reader.

use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The save format this build writes and reads.
pub const SAVE_VERSION: u32 = 2;

/// Why a save could not be used, in the player's words (no parser internals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a save of this app at all: no format version it knows.
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
    let bytes = postcard::to_allocvec(value).expect("saved types serialise to postcard");
    format!("v{SAVE_VERSION}:{}", STANDARD_NO_PAD.encode(bytes))
}

/// Whether `text` is a save of version 1, in JSON, which `save_v1` reads (and today's `load` refuses as not a save).
pub fn is_json_save(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

pub fn load<T: DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    let bytes = STANDARD_NO_PAD
        .decode(payload(text)?)
        .map_err(|_| LoadError::Invalid("its letters are not the ones a save is written in".into()))?;
    match postcard::take_from_bytes(&bytes) {
        Ok((value, [])) => Ok(value),
        Ok(_) => Err(LoadError::Invalid("it has more in it than a save of this version holds".into())),
        Err(error) => Err(LoadError::Invalid(in_words(error))),
    }
}

/// The base64 after a save's version tag, once the version is this build's.
fn payload(text: &str) -> Result<&str, LoadError> {
    let (version, data) = text.strip_prefix('v').and_then(|rest| rest.split_once(':')).ok_or(LoadError::NotASave)?;
    if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LoadError::NotASave);
    }
    let version = version.parse().unwrap_or(u32::MAX);
    match version.cmp(&SAVE_VERSION) {
        std::cmp::Ordering::Greater => Err(LoadError::Newer(version)),
        std::cmp::Ordering::Less => Err(LoadError::Older(version)),
        std::cmp::Ordering::Equal => Ok(data),
    }
}

/// A decoding error in the player's words. postcard's errors carry no text of ours (a custom error, such as a
/// replayed move that is not legal, arrives as `SerdeDeCustom`), so they are told by kind.
fn in_words(error: postcard::Error) -> String {
    match error {
        postcard::Error::DeserializeUnexpectedEnd => "it ends too early".into(),
        postcard::Error::SerdeDeCustom => "what it holds cannot have happened".into(),
        _ => "a part of it is missing or of the wrong kind".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Game, PlayerKind, Statistics, Variant};

    fn game_of(moves: &str) -> Game {
        crate::notation::read_transcript(moves, Variant::default()).unwrap()
    }

    #[test]
    fn a_save_is_a_version_tag_and_base64_and_far_shorter_than_json() {
        let game = game_of("f5d6c3d3c4");
        let text = save(&game);
        assert!(text.starts_with("v2:"), "{text}");
        assert!(text[3..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/'), "{text}");
        assert!(text.len() * 2 < crate::save_v1::json_save(&game).len(), "{text}");
        assert_eq!(load::<Game>(&text), Ok(game));
        assert!(!is_json_save(&text));
        assert!(is_json_save(r#" {"version":1,"data":{}}"#));
    }

    #[test]
    fn corrupt_old_or_newer_saves_are_told_apart_in_the_players_words() {
        for not_a_save in ["", "garbage", "v:AAAA", "vx:AAAA", "v-1:AAAA", "v2", "2:AAAA", r#"{"version":2,"data":{}}"#]
        {
            assert_eq!(load::<Game>(not_a_save), Err(LoadError::NotASave), "{not_a_save}");
        }
        assert_eq!(load::<Game>("v1:AAAA"), Err(LoadError::Older(1)));
        assert_eq!(load::<Game>("v7:AAAA"), Err(LoadError::Newer(7)));
        assert_eq!(load::<Game>("v99999999999:AAAA"), Err(LoadError::Newer(u32::MAX)));
        assert!(LoadError::Newer(7).to_string().contains("newer version of Reversi"));
        let text = save(&Statistics::default());
        let error = load::<Statistics>(&text.replacen('A', "!", 1)).unwrap_err().to_string();
        assert_eq!(error, "it is damaged: its letters are not the ones a save is written in");
        let error = load::<Statistics>(&text[..text.len() - 2]).unwrap_err().to_string();
        assert_eq!(error, "it is damaged: it ends too early");
        let error = load::<Statistics>(&format!("{text}AAAA")).unwrap_err().to_string();
        assert_eq!(error, "it is damaged: it has more in it than a save of this version holds");
    }

    /// A corrupted save never panics, and what it says names no parser internals: every cut and every changed
    /// letter of a saved game either reads as a game that passed the record's checks or is refused in words.
    #[test]
    fn every_cut_or_changed_letter_is_read_or_refused_in_words() {
        let mut game = game_of("f5d6c3d3c4f4");
        game.offer_draw(Color::Black).unwrap();
        let text = save(&game);
        let mut variants: Vec<String> = (0..text.len()).map(|end| text[..end].to_string()).collect();
        for at in 3..text.len() {
            for letter in ['A', 'z', '9', '+', '/', '='] {
                let mut changed = text.clone();
                changed.replace_range(at..at + 1, &letter.to_string());
                variants.push(changed);
            }
        }
        for variant in variants {
            match load::<Game>(&variant) {
                Ok(loaded) => assert!(loaded.history().cursor() <= loaded.history().moves().len()),
                Err(error) => {
                    let words = error.to_string();
                    for internal in ["Serde", "Deserialize", "Varint", "postcard", "`", "struct"] {
                        assert!(!words.contains(internal), "{variant}: {words}");
                    }
                }
            }
        }
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
