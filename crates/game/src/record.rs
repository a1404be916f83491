//! How a `Game` is saved: its record (the variant, the start as a board string, every move as a transcript with
//! passes, the cursor, an ending or open offer), replayed and checked on load. Kept apart from `Game` so the game
//! needs nothing of its saved form.

use super::color::Color;
use super::game::Game;
use super::notation::{read_board, replay, write_board, write_moves};
use super::result::Ending;
use super::variant::Variant;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How a game is stored: the moves as a transcript with passes written, replayed on load.
#[derive(Serialize, Deserialize)]
struct GameRecord {
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

/// A game is saved as its record.
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRecord::from(self.clone()).serialize(serializer)
    }
}

/// A record is loaded by replaying its moves; one that cannot have happened is refused with the reason.
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        Game::try_from(GameRecord::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save_v1::json_save;
    use crate::{load, load_v1, save, squares_of};

    fn game_of(moves: &str) -> Game {
        crate::notation::read_transcript(moves, Variant::default()).unwrap()
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
            Variant { size: crate::BoardSize::Six, first: Color::White, ..Variant::default() },
            Variant { size: crate::BoardSize::Ten, opening: crate::Opening::EmptyCentre, ..Variant::default() },
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

    /// Saves written before set-up positions (the same record, version 1) load as they did, from the standard
    /// start and from an imported board.
    #[test]
    fn saves_from_before_set_up_positions_still_load() {
        let standard = r#"{"version":1,"data":{"variant":{"size":8,"opening":"Standard","first":"Black"},"start":"---------------------------OX------XO---------------------------X","moves":"f5d6c3","cursor":3,"ending":null,"draw_offer":null,"recorded":false}}"#;
        assert_eq!(load_v1::<Game>(standard).unwrap(), game_of("f5d6c3"));
        let imported = r#"{"version":1,"data":{"variant":{"size":8,"opening":"Standard","first":"White"},"start":"-OXXXXXX-------------------XX------XX---------------------------O","moves":"paa1","cursor":2,"ending":null,"draw_offer":null,"recorded":false}}"#;
        let game = load_v1::<Game>(imported).unwrap();
        assert!(game.has_set_up_start());
        assert_eq!(game.history().moves(), &[crate::Move::Pass, crate::Move::Play(0)]);
        assert_eq!(json_save(&game), imported, "a set-up game was saved in the same record");
        assert_eq!(load::<Game>(&save(&game)).unwrap(), game, "and is in today's format");
    }

    #[test]
    fn a_tampered_history_is_refused() {
        let text = json_save(&game_of("f5d6c3"));
        let tampered = text.replace("f5d6c3", "f5d6f7");
        assert!(tampered != text);
        let error = load_v1::<Game>(&tampered).unwrap_err();
        assert!(error.to_string().contains("move 3, f7: no discs to flip"), "{error}");
        let far_cursor = text.replace("\"cursor\":3", "\"cursor\":9");
        assert!(load_v1::<Game>(&far_cursor).unwrap_err().to_string().contains("move 9 is not a point"));
        let big_board = text.replace("\"size\":8", "\"size\":10");
        assert!(load_v1::<Game>(&big_board).unwrap_err().to_string().contains("does not fit a 10×10 board"));
        let odd_size = text.replace("\"size\":8", "\"size\":7");
        assert!(load_v1::<Game>(&odd_size).unwrap_err().to_string().contains("7 is not a board size"));
        let bad_start = text.replace("---OX---", "---OQ---");
        assert!(load_v1::<Game>(&bad_start).unwrap_err().to_string().contains("start position: character 29: 'Q'"));
    }

    #[test]
    fn endings_and_offers_that_cannot_have_happened_are_refused() {
        let over = json_save(&game_of("d3c3b3d2e1d6d7e3f4"));
        let resigned_after_the_end = over.replace("\"ending\":null", "\"ending\":{\"Resigned\":\"White\"}");
        let error = load_v1::<Game>(&resigned_after_the_end).unwrap_err().to_string();
        assert!(error.contains("after the game was over"), "{error}");
        let offer_after_the_end = over.replace("\"draw_offer\":null", "\"draw_offer\":\"Black\"");
        assert!(load_v1::<Game>(&offer_after_the_end).is_err());

        let mut game = game_of("f5");
        game.resign(Color::White).unwrap();
        let offer_after_resigning = json_save(&game).replace("\"draw_offer\":null", "\"draw_offer\":\"Black\"");
        let error = load_v1::<Game>(&offer_after_resigning).unwrap_err().to_string();
        assert!(error.contains("a draw offer open after the game ended"), "{error}");
    }

    /// Today's saves carry the same record, checked the same way: one that cannot have happened is refused.
    #[test]
    fn a_record_that_cannot_have_happened_is_refused_in_todays_format_too() {
        let record = |moves: &str, cursor| GameRecord {
            variant: Variant::default(),
            start: write_board(Game::default().history().start()),
            moves: moves.into(),
            cursor,
            ending: None,
            draw_offer: None,
            recorded: false,
        };
        assert_eq!(load::<Game>(&save(&record("f5d6c3", 3))).unwrap(), game_of("f5d6c3"));
        for bad in [record("f5d6f7", 3), record("f5d6c3", 9), record("f5<img>", 1)] {
            let error = load::<Game>(&save(&bad)).unwrap_err().to_string();
            assert_eq!(error, "it is damaged: what it holds cannot have happened");
        }
    }
}
