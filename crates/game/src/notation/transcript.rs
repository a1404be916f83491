//! Transcripts: the moves of a game run together, "f5d6c3d3c4". Read as other programs write them too: any case,
//! spaces, line breaks, commas, move numbers ("1. f5 d6 2. c3"), passes written "pass", "pa", "ps" or "--" or left
//! out; written in lower case with passes left out unless asked for ("pa"). A game from a set-up position starts
//! its transcript with that position's board string on a line of its own.

use super::board_text::{is_board_text, read_board, write_board};
use super::error::{quoted, Location, NotationError};
use crate::{parse_square, square_name, Game, Move, Position, Variant};

/// A transcript of `moves` on a `size`×`size` board.
pub fn write_moves(moves: &[Move], size: usize, with_passes: bool) -> String {
    moves
        .iter()
        .filter_map(|mv| match mv {
            Move::Play(square) => Some(square_name(*square, size)),
            Move::Pass => with_passes.then(|| "pa".to_string()),
        })
        .collect()
}

/// The transcript of the moves that lead to the game's current position, after the start's board string when the
/// game has a start of its own.
pub fn write_transcript(game: &Game, with_passes: bool) -> String {
    let moves = write_moves(game.history().played(), game.variant().size.n(), with_passes);
    if game.has_set_up_start() {
        format!("{}\n{moves}", write_board(game.start_position()))
    } else {
        moves
    }
}

/// The transcript's moves played on a new game of `variant`, or from the start its first line gives.
pub fn read_transcript(text: &str, variant: Variant) -> Result<Game, NotationError> {
    match start_line(text) {
        Some((start, moves)) => replay(moves, Game::from_position(start)),
        // Only move numbers ("1. 2. 3."): no game to load, rather than an empty one that replaces the game. (No
        // text at all is the transcript of a game without moves.)
        None if !text.trim().is_empty() && tokens(text).next().is_none() => {
            Err(NotationError::new(Location::Text, "there are no moves in it, only move numbers or separators"))
        }
        None => replay(text, Game::new(variant)),
    }
}

/// A first line that is a board string, and the rest of the text.
fn start_line(text: &str) -> Option<(Position, &str)> {
    let (first, rest) = text.trim_start().split_once('\n')?;
    let start = read_board(first).ok().filter(|_| is_board_text(first))?;
    Some((start, rest))
}

/// Plays the transcript's moves on `game` (at its current point), checking every move and written pass.
pub fn replay(text: &str, mut game: Game) -> Result<Game, NotationError> {
    let size = game.variant().size.n();
    // A forced pass the game has recorded that a written "pa" may still stand for.
    let mut unwritten_pass = game.last_move() == Some(Move::Pass);
    for (index, token) in tokens(text).enumerate() {
        let at = Location::Move(index + 1);
        if is_pass(token) {
            if !unwritten_pass {
                let why = match game.side_to_move() {
                    None => "the game is over".to_string(),
                    Some(side) => format!("{side} has a legal move"),
                };
                return Err(NotationError::new(at, format!("pass: {why}")));
            }
            unwritten_pass = false;
            continue;
        }
        let square = parse_square(token, size)
            .ok_or_else(|| NotationError::new(at, format!("{} is not a square", quoted(token))))?;
        game.play(square).map_err(|illegal| NotationError::illegal(at, &illegal))?;
        unwritten_pass = game.last_move() == Some(Move::Pass);
    }
    Ok(game)
}

fn is_pass(token: &str) -> bool {
    ["pa", "ps", "pass", "--"].iter().any(|pass| token.eq_ignore_ascii_case(pass))
}

/// Splits a transcript into moves: a letter and the digits after it, or a pass ("pass", "pa", "ps", "--"); anything
/// else is one character with the digits after it, to be reported as "not a square". What other programs put between
/// moves is skipped: spaces and line breaks, commas and semicolons, and move numbers ("1.", "12...", "3)").
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
        let first = rest.chars().next()?;
        if first.is_ascii_digit() {
            let number = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            rest = rest[number..].trim_start_matches(['.', ')']);
            continue;
        }
        let len = if rest.get(..4).is_some_and(|word| word.eq_ignore_ascii_case("pass")) {
            4
        } else if rest.starts_with("--")
            || (first.eq_ignore_ascii_case(&'p') && rest[1..].starts_with(|c: char| "aAsS".contains(c)))
        {
            2
        } else {
            let after_first = first.len_utf8();
            after_first + rest[after_first..].bytes().take_while(u8::is_ascii_digit).count()
        };
        let (token, remainder) = rest.split_at(len);
        rest = remainder;
        return Some(token);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Color, Opening};

    #[test]
    fn reads_case_insensitively_with_spaces() {
        let game = read_transcript("F5 d6C3 d3\tc4", Variant::default()).unwrap();
        assert_eq!(write_transcript(&game, false), "f5d6c3d3c4");
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn errors_say_which_move_and_why() {
        let err = |text: &str| read_transcript(text, Variant::default()).unwrap_err().to_string();
        assert_eq!(err("f5d6c3f7"), "move 4, f7: no discs to flip");
        assert_eq!(err("f5d6d6"), "move 3, d6: square is occupied");
        assert_eq!(err("f5d6z9"), "move 3: 'z9' is not a square");
        assert_eq!(err("f5 d6 i1"), "move 3: 'i1' is not a square");
        assert_eq!(err("f5/d6"), "move 2: '/' is not a square");
        assert_eq!(err("f5 d"), "move 2: 'd' is not a square");
        assert_eq!(err("f5pa"), "move 2: pass: White has a legal move");
        assert_eq!(err("d3c3b3d2e1d6d7e3f4 pa"), "move 10: pass: the game is over");
        assert_eq!(err("d3c3b3d2e1d6d7e3f4a1"), "move 10, a1: the game is over");
        // Issue 30, fault 15: move numbers alone read as an empty game that Import offered in place of the game.
        assert_eq!(err("1. 2. 3. 4. 5."), "there are no moves in it, only move numbers or separators");
        assert_eq!(read_transcript(" ", Variant::default()), Ok(Game::default()), "a game without moves");
        let located = read_transcript("f5d6c3f7", Variant::default()).unwrap_err();
        assert_eq!(located.location, Location::Move(4));
    }

    #[test]
    fn reads_what_other_programs_write() {
        let plain = "f5d6c3d3c4";
        for written in [
            "1. f5 d6 2. c3 d3 3. c4",
            "1.F5 D6\n2.C3 D3\n3.C4",
            "f5, d6, c3, d3, c4",
            "1) f5 d6; 2) c3 d3; 3) c4",
            "1. f5 2. d6 3. c3 4. d3 5. c4",
            "F5D6C3D3C4\n",
        ] {
            let game = read_transcript(written, Variant::default()).unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(write_transcript(&game, false), plain, "{written}");
        }
    }

    #[test]
    fn ten_by_ten_squares_have_two_digit_rows() {
        let variant = Variant { size: BoardSize::Ten, opening: Opening::EmptyCentre, first: Color::Black };
        let game = read_transcript("e5F6 e6 f5", variant).unwrap();
        assert_eq!(write_transcript(&game, false), "e5f6e6f5");
        let err = read_transcript("e5f6e6f5j10", variant).unwrap_err().to_string();
        assert_eq!(err, "move 5, j10: no discs to flip");
        let err = read_transcript("e11", variant).unwrap_err().to_string();
        assert_eq!(err, "move 1: 'e11' is not a square");
    }

    #[test]
    fn a_set_up_start_leads_the_transcript() {
        let start = read_board("-OXXXXXX-------------------XX------XX---------------------------O").unwrap();
        let mut game = Game::from_position(start);
        game.play(0).unwrap();
        let text = write_transcript(&game, false);
        assert_eq!(text, "-OXXXXXX-------------------XX------XX---------------------------O\na1");
        assert_eq!(read_transcript(&text, Variant::default()).unwrap(), game);
        let with_passes = write_transcript(&game, true);
        assert!(with_passes.ends_with("\npaa1"), "{with_passes}");
        assert_eq!(read_transcript(&with_passes, Variant::default()).unwrap(), game);
        let err = read_transcript(&text.replace("a1", "h8"), Variant::default()).unwrap_err();
        assert_eq!(err.to_string(), "move 1, h8: no discs to flip");
        // Transcripts of games from the start are as they always were.
        assert_eq!(write_transcript(&read_transcript("f5d6", Variant::default()).unwrap(), false), "f5d6");
    }

    #[test]
    fn passes_may_be_written_or_left_out() {
        // A game with a forced pass, found by playing the first legal move until someone must pass.
        let mut game = Game::default();
        while !game.history().moves().contains(&Move::Pass) {
            assert!(!game.is_over(), "this line of first moves contains a pass");
            game.play(crate::squares_of(game.legal_moves()).next().unwrap()).unwrap();
        }
        let with = write_transcript(&game, true);
        let without = write_transcript(&game, false);
        assert!(with.contains("pa") && !without.contains("pa"));
        let from_with = read_transcript(&with, Variant::default()).unwrap();
        let from_without = read_transcript(&without, Variant::default()).unwrap();
        let from_ps = read_transcript(&with.replace("pa", " PS "), Variant::default()).unwrap();
        for pass in [" pass ", " PASS ", " -- ", " PA "] {
            assert_eq!(read_transcript(&with.replace("pa", pass), Variant::default()).unwrap(), game, "{pass}");
        }
        assert_eq!(from_with, game);
        assert_eq!(from_without, game);
        assert_eq!(from_ps, game);
        let doubled = with.replacen("pa", "papa", 1);
        assert!(read_transcript(&doubled, Variant::default()).unwrap_err().to_string().contains(": pass: "));
    }
}
