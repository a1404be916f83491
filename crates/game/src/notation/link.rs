//! Game links: a game's variant and moves in a few URL-safe characters, for the fragment of a link ("#game=1Elr…").
//!
//! Layout: the version character, one character for the variant, then (version 2 only) the start position, then
//! one character per placed disc. A character is a base64url digit (64 values); squares from 64 on (only on 10×10)
//! take two: `~` and the square less 64. Passes are not written: the rules say when one is forced.
//! - Version 1: a game from its variant's own start position (what every link was before set-up positions).
//! - Version 2: a game from a set-up or imported position, written after the variant (which gives the size and the
//!   side to move) as one digit per three squares, each square 0 empty, 1 black, 2 white (`a + 3b + 9c`).
//!
//! Both versions are read, so old links still open; version 1 is still written wherever it suffices.

use super::error::{Location, NotationError};
use crate::{BoardSize, Color, Game, Opening, Position, Variant};

/// A game from its variant's start position.
const FROM_START: char = '1';
/// A game from a position written in the link.
const FROM_POSITION: char = '2';
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// Marks a square from 64 on: the next digit is the square less 64.
const HIGH: char = '~';
/// Squares per digit of a written start position (3³ = 27 ≤ 64).
const SQUARES_PER_DIGIT: usize = 3;

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

/// The link code of the moves that lead to the game's current position, with its start position when it has one
/// of its own.
pub fn write_link(game: &Game) -> String {
    let set_up = game.has_set_up_start();
    let mut code = String::from(if set_up { FROM_POSITION } else { FROM_START });
    code.push(digit(variant_number(game.variant())));
    if set_up {
        code += &write_start(game.start_position());
    }
    for square in game.history().played().iter().filter_map(|mv| mv.square()) {
        if square >= 64 {
            code.push(HIGH);
        }
        code.push(digit(square % 64));
    }
    code
}

/// The game a link code describes, every move checked by the rules.
pub fn read_link(code: &str) -> Result<Game, LinkError> {
    let fail =
        |location, why: String, valid_part| Err(LinkError { error: NotationError::new(location, why), valid_part });
    let mut chars = code.trim().chars();
    let version = match chars.next() {
        None => return fail(Location::Text, "the game link is empty".into(), None),
        Some(version @ (FROM_START | FROM_POSITION)) => version,
        Some(other) => {
            return fail(
                Location::Text,
                format!("this game link is of another version ('{other}'), not {FROM_START} or {FROM_POSITION}"),
                None,
            )
        }
    };
    let Some(variant) = chars.next().and_then(value).and_then(variant_of) else {
        return fail(Location::Text, "the game link names no board size and opening".into(), None);
    };
    let mut game = if version == FROM_START {
        Game::new(variant)
    } else {
        read_start(&mut chars, variant).map_err(|why| LinkError {
            error: NotationError::new(Location::Text, format!("the game link's start position {why}")),
            valid_part: None,
        })?
    };
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

/// A start position as digits of three squares each; its side to move is the variant's first mover.
fn write_start(start: &Position) -> String {
    let contents = |square: usize| match start.at(square) {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    let squares = start.size().squares();
    (0..squares.div_ceil(SQUARES_PER_DIGIT))
        .map(|i| {
            let group = (i * SQUARES_PER_DIGIT..((i + 1) * SQUARES_PER_DIGIT).min(squares)).rev();
            digit(group.fold(0, |number, square| number * 3 + contents(square)))
        })
        .collect()
}

/// The game from a written start position; why not, if the digits are cut short, are no squares or do not give
/// the position the variant says (an empty centre is the empty-centre opening's).
fn read_start(chars: &mut std::str::Chars, variant: Variant) -> Result<Game, String> {
    let squares = variant.size.squares();
    let (mut black, mut white) = (0u128, 0u128);
    for i in 0..squares.div_ceil(SQUARES_PER_DIGIT) {
        let c = chars.next().ok_or("is cut short")?;
        let mut number = value(c).filter(|&n| n < 27).ok_or_else(|| format!("has '{c}', which is no squares"))?;
        for square in i * SQUARES_PER_DIGIT..(i + 1) * SQUARES_PER_DIGIT {
            match (number % 3, square < squares) {
                (0, _) => {}
                (1, true) => black |= 1 << square,
                (2, true) => white |= 1 << square,
                _ => return Err("has discs off the board".into()),
            }
            number /= 3;
        }
    }
    let game = Game::from_position(Position::from_discs(variant.size, black, white, variant.first));
    if game.variant() != variant {
        return Err("does not fit its opening".into());
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
    use crate::notation::read_board;
    use crate::{squares_of, Move};
    use engine::rng::Rng;
    use testkit::text_mutations::mutate;

    /// White to move has none (Black's row and centre are out of its reach); Black may play a1.
    pub const MUST_PASS: &str = "-OXXXXXX-------------------XX------XX---------------------------O";

    fn play_out(mut game: Game, rng: &mut Rng) -> Game {
        while !game.is_over() {
            let moves: Vec<usize> = squares_of(game.legal_moves()).collect();
            game.play(moves[rng.next_u64() as usize % moves.len()]).unwrap();
        }
        game
    }

    /// Every variant, each played to its end with random moves.
    fn random_games(rng: &mut Rng) -> Vec<Game> {
        (0..12).map(|number| play_out(Game::new(variant_of(number).unwrap()), rng)).collect()
    }

    /// Games from set-up positions of every size: a random game's position after a few moves, the other side to
    /// move, played on to the end.
    fn set_up_games(rng: &mut Rng) -> Vec<Game> {
        random_games(rng)
            .into_iter()
            .map(|game| {
                let at = game.history().position_at(6).copied().unwrap_or(*game.position());
                let flipped = Position::from_discs(at.size(), at.black(), at.white(), at.to_move().opponent());
                play_out(Game::from_position(flipped), rng)
            })
            .collect()
    }

    #[test]
    fn every_variant_round_trips_at_about_one_character_a_move() {
        let mut rng = Rng::new(7);
        for _ in 0..5 {
            for game in random_games(&mut rng) {
                let code = write_link(&game);
                assert!(code.starts_with(FROM_START), "games from the start keep the version 1 link: {code}");
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
    fn games_from_set_up_positions_carry_their_start() {
        let mut rng = Rng::new(8);
        for game in set_up_games(&mut rng) {
            assert!(game.has_set_up_start());
            let code = write_link(&game);
            assert!(code.starts_with(FROM_POSITION), "{code}");
            let start_digits = game.variant().size.squares().div_ceil(SQUARES_PER_DIGIT);
            let discs = game.history().moves().iter().filter(|mv| **mv != Move::Pass).count();
            assert!(code.len() <= 2 + start_digits + discs * 2, "{code}");
            let read = read_link(&code).unwrap();
            assert_eq!(read, game, "{code}");
            assert_eq!(read.start_position(), game.start_position());
        }
        // A start where the side to move must pass: the pass is the rules', not the link's.
        let must_pass = Game::from_position(read_board(MUST_PASS).unwrap());
        assert_eq!(must_pass.history().moves(), &[Move::Pass]);
        assert_eq!(read_link(&write_link(&must_pass)).unwrap(), must_pass);
    }

    #[test]
    fn the_current_point_is_written() {
        let mut game = Game::default();
        for square in [37, 43, 26] {
            game.play(square).unwrap();
        }
        game.undo();
        assert_eq!(write_link(&game), "1Elr");
    }

    /// Links written before set-up positions (version 1) still open as they did.
    #[test]
    fn version_1_links_still_open() {
        let game = read_link("1Elr").unwrap();
        assert_eq!(game.history().moves(), &[Move::Play(37), Move::Play(43)]);
        assert!(!game.has_set_up_start());
        let ten = read_link("1Kst").unwrap();
        assert_eq!((ten.variant().size, ten.variant().opening), (BoardSize::Ten, Opening::EmptyCentre));
    }

    #[test]
    fn bad_links_say_why_and_keep_the_valid_part() {
        let err = |code: &str| read_link(code).unwrap_err();
        assert_eq!(err("").to_string(), "the game link is empty");
        assert_eq!(err("3A").to_string(), "this game link is of another version ('3'), not 1 or 2");
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
    fn bad_start_positions_say_why() {
        let game = Game::from_position(read_board(MUST_PASS).unwrap());
        let code = write_link(&game);
        let err = |code: &str| read_link(code).unwrap_err();
        assert_eq!(err(&code[..10]).to_string(), "the game link's start position is cut short");
        assert_eq!(err(&code[..10]).valid_part, None);
        let junk = format!("{}!{}", &code[..4], &code[5..]);
        assert_eq!(err(&junk).to_string(), "the game link's start position has '!', which is no squares");
        let too_big = format!("{}_{}", &code[..4], &code[5..]);
        assert_eq!(err(&too_big).to_string(), "the game link's start position has '_', which is no squares");
        // 64 squares take 22 digits, the last holding one square: a disc in its second square is off the board.
        let off = format!("{}D{}", &code[..23], &code[24..]);
        assert_eq!(err(&off).to_string(), "the game link's start position has discs off the board");
        // The variant says the empty-centre opening but the start fills the centre.
        let opening = format!("2H{}", &code[2..]);
        assert_eq!(err(&opening).to_string(), "the game link's start position does not fit its opening");
    }

    #[test]
    fn mutated_links_never_panic_and_what_decodes_is_legal() {
        let mut rng = Rng::new(12);
        let games: Vec<Game> = random_games(&mut rng).into_iter().chain(set_up_games(&mut rng)).collect();
        let codes: Vec<String> = games.iter().map(write_link).collect();
        let alphabet: Vec<char> = DIGITS.iter().map(|&d| d as char).chain("~!12 é".chars()).collect();
        for round in 0..100_000 {
            let code = mutate(&codes[round % codes.len()], &alphabet, 1..=3, &mut rng);
            match read_link(&code) {
                Ok(game) => assert_eq!(read_link(&write_link(&game)).unwrap(), game),
                Err(LinkError { valid_part: Some(game), .. }) => {
                    assert_eq!(read_link(&write_link(&game)).unwrap(), game)
                }
                Err(LinkError { valid_part: None, .. }) => {}
            }
        }
    }
}
