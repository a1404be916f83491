//! Game links: a game's variant and moves in a few URL-safe characters, for the fragment of a link ("#game=1Elr…").
//!
//! Layout (version 1): the version character `1`, one character for the variant, then one character per placed
//! disc. A character is a base64url digit (64 values); squares from 64 on (only on 10×10) take two: `~` and the
//! square less 64. Passes are not written: the rules say when one is forced. Only games that start from their
//! variant's own start position have a link (an imported board does not).

use super::error::{Location, NotationError};
use crate::game::{BoardSize, Color, Game, Opening, Variant};

/// The version this code writes; a link of another version is refused with a message saying so.
const VERSION: char = '1';
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// Marks a square from 64 on: the next digit is the square less 64.
const HIGH: char = '~';

/// A link that does not decode: why, and the game up to the last valid move when the variant could be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError {
    pub error: NotationError,
    /// The variant and every move before the first bad one.
    pub valid_part: Option<Game>,
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for LinkError {}

/// The link code of the moves that lead to the game's current position; `None` when the game did not start from
/// its variant's start position.
pub fn write_link(game: &Game) -> Option<String> {
    if *game.start_position() != crate::game::Position::start(game.variant()) {
        return None;
    }
    let mut code = String::from(VERSION);
    code.push(digit(variant_number(game.variant())));
    for square in game.history().played().iter().filter_map(|mv| mv.square()) {
        if square >= 64 {
            code.push(HIGH);
        }
        code.push(digit(square % 64));
    }
    Some(code)
}

/// The game a link code describes, every move checked by the rules.
pub fn read_link(code: &str) -> Result<Game, LinkError> {
    let fail =
        |location, why: String, valid_part| Err(LinkError { error: NotationError::new(location, why), valid_part });
    let mut chars = code.trim().chars();
    match chars.next() {
        None => return fail(Location::Text, "the game link is empty".into(), None),
        Some(VERSION) => {}
        Some(other) => {
            return fail(
                Location::Text,
                format!("this game link is of another version ('{other}'), not {VERSION}"),
                None,
            )
        }
    }
    let Some(variant) = chars.next().and_then(value).and_then(variant_of) else {
        return fail(Location::Text, "the game link names no board size and opening".into(), None);
    };
    let mut game = Game::new(variant);
    let mut index = 0;
    while let Some(c) = chars.next() {
        index += 1;
        let at = Location::Move(index);
        let square = match c {
            HIGH => chars.next().and_then(value).map(|low| 64 + low),
            other => value(other),
        };
        let Some(square) = square else {
            return fail(at, format!("'{c}' is not a move"), Some(game));
        };
        if let Err(illegal) = game.play(square) {
            return Err(LinkError { error: NotationError::illegal(at, &illegal), valid_part: Some(game) });
        }
    }
    Ok(game)
}

fn digit(value: usize) -> char {
    DIGITS[value] as char
}

fn value(c: char) -> Option<usize> {
    DIGITS.iter().position(|&d| d as char == c)
}

/// Size (0-2), opening and first mover as one number below 12.
fn variant_number(variant: Variant) -> usize {
    let size = BoardSize::ALL.iter().position(|&s| s == variant.size).expect("every size is in ALL");
    size * 4 + usize::from(variant.opening == Opening::EmptyCentre) * 2 + usize::from(variant.first == Color::White)
}

fn variant_of(number: usize) -> Option<Variant> {
    let size = *BoardSize::ALL.get(number / 4)?;
    let opening = if number & 2 == 0 { Opening::Standard } else { Opening::EmptyCentre };
    let first = if number & 1 == 0 { Color::Black } else { Color::White };
    Some(Variant { size, opening, first })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;
    use crate::game::{squares_of, Move, Position};

    /// Every variant, each played to its end with random moves.
    fn random_games(rng: &mut Rng) -> Vec<Game> {
        let mut games = Vec::new();
        for number in 0..12 {
            let mut game = Game::new(variant_of(number).unwrap());
            while !game.is_over() {
                let moves: Vec<usize> = squares_of(game.legal_moves()).collect();
                game.play(moves[rng.next_u64() as usize % moves.len()]).unwrap();
            }
            games.push(game);
        }
        games
    }

    #[test]
    fn every_variant_round_trips_at_about_one_character_a_move() {
        let mut rng = Rng::new(7);
        for _ in 0..5 {
            for game in random_games(&mut rng) {
                let code = write_link(&game).unwrap();
                assert_eq!(read_link(&code).unwrap(), game, "{code}");
                let discs = game.history().moves().iter().filter(|mv| **mv != Move::Pass).count();
                assert!(code.len() <= 2 + discs * 2, "{code}");
                if game.variant().size != BoardSize::Ten {
                    assert_eq!(code.len(), 2 + discs, "one character a move below 10×10: {code}");
                }
            }
        }
    }

    #[test]
    fn the_current_point_is_written_and_imported_boards_have_no_link() {
        let mut game = Game::default();
        for square in [37, 43, 26] {
            game.play(square).unwrap();
        }
        game.undo();
        assert_eq!(write_link(&game).unwrap(), "1Elr");
        let board = Position::from_discs(BoardSize::Eight, 1 << 27 | 1 << 28, 1 << 36, Color::Black);
        assert_eq!(write_link(&Game::from_position(board)), None);
    }

    #[test]
    fn bad_links_say_why_and_keep_the_valid_part() {
        let err = |code: &str| read_link(code).unwrap_err();
        assert_eq!(err("").to_string(), "the game link is empty");
        assert_eq!(err("2A").to_string(), "this game link is of another version ('2'), not 1");
        assert_eq!(err("1").to_string(), "the game link names no board size and opening");
        assert_eq!(err("1z").to_string(), "the game link names no board size and opening");
        assert_eq!(read_link("1E").unwrap(), Game::default(), "a game with no moves yet");
        let broken = err("1Elr!l");
        assert_eq!(broken.to_string(), "move 3: '!' is not a move");
        assert_eq!(broken.valid_part.unwrap().history().moves(), &[Move::Play(37), Move::Play(43)]);
        let illegal = err("1ElrA");
        assert_eq!(illegal.to_string(), "move 3, a1: no discs to flip");
        assert_eq!(illegal.valid_part.unwrap().history().moves().len(), 2);
        assert_eq!(err("1El~").to_string(), "move 2: '~' is not a move");
        assert_eq!(err("1El~A").to_string(), "move 2, square 64: not a square of this board");
    }

    #[test]
    fn mutated_links_never_panic_and_what_decodes_is_legal() {
        let mut rng = Rng::new(12);
        let games = random_games(&mut rng);
        let codes: Vec<String> = games.iter().map(|g| write_link(g).unwrap()).collect();
        let alphabet: Vec<char> = DIGITS.iter().map(|&d| d as char).chain("~!1 é".chars()).collect();
        for round in 0..100_000 {
            let mut chars: Vec<char> = codes[round % codes.len()].chars().collect();
            for _ in 0..1 + rng.next_u64() % 3 {
                let at = rng.next_u64() as usize % (chars.len() + 1);
                let c = alphabet[rng.next_u64() as usize % alphabet.len()];
                match rng.next_u64() % 3 {
                    0 if at < chars.len() => chars[at] = c,
                    1 => chars.insert(at, c),
                    _ => chars.truncate(at),
                }
            }
            let code: String = chars.into_iter().collect();
            match read_link(&code) {
                Ok(game) => assert_eq!(read_link(&write_link(&game).unwrap()).unwrap(), game),
                Err(LinkError { valid_part: Some(game), .. }) => {
                    assert_eq!(read_link(&write_link(&game).unwrap()).unwrap(), game)
                }
                Err(LinkError { valid_part: None, .. }) => {}
            }
        }
    }
}
