//! Saves: any serde value in a versioned JSON envelope. A game is saved as its start and its moves and is loaded
//! by replaying them through the rules, so a corrupted or tampered save is refused with a clear error.

use super::color::Color;
use super::game::Game;
use super::notation::{read_board, replay, write_board, write_moves};
use super::result::Ending;
use super::variant::Variant;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The save format this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    version: u32,
    data: T,
}

#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON, or no version field.
    NotASave(String),
    /// Written by another version of the format.
    Version(u32),
    /// The right version, but the content does not hold together.
    Invalid(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotASave(why) => write!(f, "the save is unreadable ({why})"),
            LoadError::Version(found) => {
                write!(f, "the save has format version {found}; this version of the app reads version {SAVE_VERSION}")
            }
            LoadError::Invalid(why) => write!(f, "the save is damaged: {why}"),
        }
    }
}

impl std::error::Error for LoadError {}

pub fn save<T: Serialize>(value: &T) -> String {
    serde_json::to_string(&Envelope { version: SAVE_VERSION, data: value }).expect("saved types serialise to JSON")
}

pub fn load<T: DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    let found = serde_json::from_str::<VersionOnly>(text).map_err(|e| LoadError::NotASave(e.to_string()))?.version;
    if found != SAVE_VERSION {
        return Err(LoadError::Version(found));
    }
    let envelope: Envelope<T> = serde_json::from_str(text).map_err(|e| LoadError::Invalid(e.to_string()))?;
    Ok(envelope.data)
}

/// The saved value, or the default with the reason the save was refused (to report once).
pub fn load_or_default<T: DeserializeOwned + Default>(text: &str) -> (T, Option<LoadError>) {
    match load(text) {
        Ok(value) => (value, None),
        Err(error) => (T::default(), Some(error)),
    }
}

/// How a game is stored: the moves as a transcript with passes written, replayed on load.
#[derive(Serialize, Deserialize)]
pub(super) struct GameRecord {
    variant: Variant,
    /// Board string of the start position.
    start: String,
    /// Every move including the redo tail.
    moves: String,
    cursor: usize,
    ending: Option<Ending>,
    draw_offer: Option<Color>,
    recorded: bool,
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        let history = game.history();
        GameRecord {
            variant: game.variant(),
            start: write_board(history.start()),
            moves: write_moves(history.moves(), game.variant().size.n(), true),
            cursor: history.cursor(),
            ending: game.ending,
            draw_offer: game.draw_offer,
            recorded: game.recorded,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = String;

    fn try_from(record: GameRecord) -> Result<Game, String> {
        let start = read_board(&record.start).map_err(|e| format!("start position: {e}"))?;
        if start.size() != record.variant.size {
            return Err(format!("the start position does not fit a {0}×{0} board", record.variant.size.n()));
        }
        let mut game = replay(&record.moves, Game::starting_at(record.variant, start)).map_err(|e| e.to_string())?;
        game.go_to(record.cursor);
        if game.history().cursor() != record.cursor {
            return Err(format!("move {} is not a point in the game's history", record.cursor));
        }
        if (record.ending.is_some() || record.draw_offer.is_some()) && game.is_over() {
            return Err("a resignation, draw or offer after the game was over".into());
        }
        if record.ending.is_some() && record.draw_offer.is_some() {
            return Err("a draw offer open after the game ended".into());
        }
        game.ending = record.ending;
        game.draw_offer = record.draw_offer;
        game.recorded = record.recorded;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{squares_of, PlayerKind, Statistics};

    fn game_of(moves: &str) -> Game {
        crate::game::notation::read_transcript(moves, Variant::default()).unwrap()
    }

    #[test]
    fn a_game_saves_and_loads_with_its_redo_tail_offer_and_ending() {
        let mut game = game_of("f5d6c3d3c4");
        game.undo();
        game.offer_draw(Color::White).unwrap();
        let loaded: Game = load(&save(&game)).unwrap();
        assert_eq!(loaded, game);
        assert!(loaded.can_redo());

        game.resign(Color::Black).unwrap();
        let loaded: Game = load(&save(&game)).unwrap();
        assert_eq!(loaded, game);
        assert_eq!(loaded.result(), game.result());
    }

    #[test]
    fn every_variant_and_imported_starts_round_trip() {
        for variant in [
            Variant { size: crate::game::BoardSize::Six, first: Color::White, ..Variant::default() },
            Variant {
                size: crate::game::BoardSize::Ten,
                opening: crate::game::Opening::EmptyCentre,
                ..Variant::default()
            },
        ] {
            let mut game = Game::new(variant);
            for _ in 0..6 {
                game.play(squares_of(game.legal_moves()).last().unwrap()).unwrap();
            }
            assert_eq!(load::<Game>(&save(&game)).unwrap(), game);
        }
        let start = read_board(&("X".repeat(27) + "OX" + &"-".repeat(35) + "O")).unwrap();
        let imported = Game::from_position(start);
        assert_eq!(load::<Game>(&save(&imported)).unwrap(), imported);
    }

    #[test]
    fn a_tampered_history_is_refused() {
        let text = save(&game_of("f5d6c3"));
        let tampered = text.replace("f5d6c3", "f5d6f7");
        assert!(tampered != text);
        let error = load::<Game>(&tampered).unwrap_err();
        assert!(error.to_string().contains("move 3, f7: no discs to flip"), "{error}");
        let far_cursor = text.replace("\"cursor\":3", "\"cursor\":9");
        assert!(load::<Game>(&far_cursor).unwrap_err().to_string().contains("move 9 is not a point"));
        let big_board = text.replace("\"size\":8", "\"size\":10");
        assert!(load::<Game>(&big_board).unwrap_err().to_string().contains("does not fit a 10×10 board"));
        let odd_size = text.replace("\"size\":8", "\"size\":7");
        assert!(load::<Game>(&odd_size).unwrap_err().to_string().contains("7 is not a board size"));
        let bad_start = text.replace("---OX---", "---OQ---");
        assert!(load::<Game>(&bad_start).unwrap_err().to_string().contains("start position: character 29: 'Q'"));
    }

    #[test]
    fn endings_and_offers_that_cannot_have_happened_are_refused() {
        let over = save(&game_of("d3c3b3d2e1d6d7e3f4"));
        let resigned_after_the_end = over.replace("\"ending\":null", "\"ending\":{\"Resigned\":\"White\"}");
        let error = load::<Game>(&resigned_after_the_end).unwrap_err().to_string();
        assert!(error.contains("after the game was over"), "{error}");
        let offer_after_the_end = over.replace("\"draw_offer\":null", "\"draw_offer\":\"Black\"");
        assert!(load::<Game>(&offer_after_the_end).is_err());

        let mut game = game_of("f5");
        game.resign(Color::White).unwrap();
        let offer_after_resigning = save(&game).replace("\"draw_offer\":null", "\"draw_offer\":\"Black\"");
        let error = load::<Game>(&offer_after_resigning).unwrap_err().to_string();
        assert!(error.contains("a draw offer open after the game ended"), "{error}");
    }

    #[test]
    fn corrupt_or_old_saves_give_an_error_and_a_fresh_default() {
        let (game, error) = load_or_default::<Game>("{not json");
        assert_eq!(game, Game::default());
        assert!(matches!(error, Some(LoadError::NotASave(_))));
        let (_, error) = load_or_default::<Game>(r#"{"version":0,"data":{}}"#);
        assert_eq!(error, Some(LoadError::Version(0)));
        assert!(error.unwrap().to_string().contains("version 0"));
        let (_, error) = load_or_default::<Game>(r#"{"version":1,"data":{"moves":3}}"#);
        assert!(matches!(error, Some(LoadError::Invalid(_))));
        let (stats, error) = load_or_default::<Statistics>(r#"{"version":1,"data":{"black_vs_white":{"wins":-1}}}"#);
        assert_eq!(stats, Statistics::default());
        assert!(error.is_some());
        let (_, error) = load_or_default::<Game>("");
        assert!(error.is_some());
        let (_, error) = load_or_default::<Game>(r#"{"version":"1","data":{}}"#);
        assert!(matches!(error, Some(LoadError::NotASave(_))));
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
