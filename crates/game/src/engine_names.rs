//! How the engine's enums are written in saves and links: the save format belongs to this crate (and its version,
//! `SAVE_VERSION`), so the engine carries no serde. Each definition mirrors its engine type variant for variant; a
//! field uses one with `#[serde(with = "...")]`. Today's saves and peer messages write a variant as its place here
//! (so a new variant goes last), version 1's JSON by the names it always held ("Standard", "Master", ...).

use engine::{Level, Opening};
use serde::{Deserialize, Serialize};

/// `Opening` in a save: "Standard" or "EmptyCentre".
#[derive(Serialize, Deserialize)]
#[serde(remote = "Opening")]
pub enum SavedOpening {
    Standard,
    EmptyCentre,
}

/// `Level` in a save: "Beginner" to "Master".
#[derive(Serialize, Deserialize)]
#[serde(remote = "Level")]
pub enum SavedLevel {
    Beginner,
    Intermediate,
    Advanced,
    Expert,
    Master,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Both {
        #[serde(with = "SavedOpening")]
        opening: Opening,
        #[serde(with = "SavedLevel")]
        level: Level,
    }

    #[test]
    fn engine_enums_keep_the_names_saves_hold() {
        let text = r#"{"opening":"EmptyCentre","level":"Master"}"#;
        let both: Both = serde_json::from_str(text).unwrap();
        assert_eq!(both, Both { opening: Opening::EmptyCentre, level: Level::Master });
        assert_eq!(serde_json::to_string(&both).unwrap(), text);
        assert!(serde_json::from_str::<Both>(r#"{"opening":"Diagonal","level":"Master"}"#).is_err());
    }

    #[test]
    fn engine_enums_are_saved_by_their_place_today() {
        let both = Both { opening: Opening::EmptyCentre, level: Level::Master };
        assert_eq!(postcard::to_allocvec(&both).unwrap(), [1, 4]);
        assert_eq!(crate::load::<Both>(&crate::save(&both)), Ok(both));
        assert!(postcard::from_bytes::<Both>(&[2, 4]).is_err(), "no third opening");
    }
}
