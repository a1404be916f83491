//! Board strings: one character per square from a1 row by row to the last square, then the side to move.
//! Black is any of `X x B b * 0`, White any of `O o W w 1`, empty `-` or `.`; whitespace is ignored.

use super::error::{Location, NotationError};
use crate::{BoardSize, Color, Position};

fn disc(c: char) -> Option<Option<Color>> {
    match c {
        'X' | 'x' | 'B' | 'b' | '*' | '0' => Some(Some(Color::Black)),
        'O' | 'o' | 'W' | 'w' | '1' => Some(Some(Color::White)),
        '-' | '.' => Some(None),
        _ => None,
    }
}

/// A character that stands for a disc or an empty square in a board string.
pub fn is_disc_character(c: char) -> bool {
    disc(c).is_some()
}

/// The text looks like a board string: only board characters, as many as a board of some size needs.
pub fn is_board_text(text: &str) -> bool {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    chars.iter().all(|&c| disc(c).is_some()) && BoardSize::ALL.iter().any(|s| s.squares() + 1 == chars.len())
}

pub fn read_board(text: &str) -> Result<Position, NotationError> {
    // (character number counted from 1 in the whole text, character)
    let chars: Vec<(usize, char)> =
        text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).map(|(i, c)| (i + 1, c)).collect();
    let size = BoardSize::ALL.into_iter().find(|s| s.squares() + 1 == chars.len()).ok_or_else(|| {
        let why = format!(
            "a board string has 36, 64 or 100 squares and then the side to move; this one has {} characters",
            chars.len()
        );
        NotationError::new(Location::Text, why)
    })?;
    let (squares, &[(side_at, side)]) = chars.split_at(size.squares()) else { unreachable!("length checked") };
    let (mut black, mut white) = (0u128, 0u128);
    for (square, &(at, c)) in squares.iter().enumerate() {
        match disc(c) {
            Some(Some(Color::Black)) => black |= 1 << square,
            Some(Some(Color::White)) => white |= 1 << square,
            Some(None) => {}
            None => return Err(NotationError::new(Location::Character(at), format!("'{c}' is not a disc"))),
        }
    }
    let to_move = disc(side).flatten().ok_or_else(|| {
        NotationError::new(Location::Character(side_at), format!("'{side}' is not a side to move (X or O)"))
    })?;
    Ok(Position::from_discs(size, black, white, to_move))
}

/// The board string of a position: `X` black, `O` white, `-` empty, then the side to move.
pub fn write_board(position: &Position) -> String {
    let symbol = |disc: Option<Color>| match disc {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '-',
    };
    let squares = (0..position.size().squares()).map(|square| symbol(position.at(square)));
    squares.chain(std::iter::once(symbol(Some(position.to_move())))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    const START: &str = "---------------------------OX------XO---------------------------X";

    #[test]
    fn the_start_reads_and_writes_back() {
        let start = Position::start(Variant::default());
        assert_eq!(write_board(&start), START);
        assert_eq!(read_board(START).unwrap(), start);
    }

    #[test]
    fn every_disc_alias_and_whitespace_is_accepted() {
        let rows = "........ ........ ........ ...w*... ...b1... ........ ........ ........\n 0";
        let position = read_board(rows).unwrap();
        assert_eq!(position, Position::start(Variant::default()));
        let aliases = "xBb*0oWw1".to_string() + &"-".repeat(55) + "x";
        let position = read_board(&aliases).unwrap();
        assert_eq!(position.black().count_ones(), 5);
        assert_eq!(position.white().count_ones(), 4);
    }

    #[test]
    fn other_sizes_are_told_by_length() {
        for size in BoardSize::ALL {
            for first in [Color::Black, Color::White] {
                let start = Position::start(Variant { size, first, ..Variant::default() });
                let text = write_board(&start);
                assert_eq!(text.len(), size.squares() + 1);
                assert_eq!(read_board(&text).unwrap(), start);
            }
        }
    }

    #[test]
    fn errors_say_which_character_and_why() {
        let err = |text: &str| read_board(text).unwrap_err().to_string();
        let bad_disc = "----q".to_string() + &START[5..];
        assert_eq!(err(&bad_disc), "character 5: 'q' is not a disc");
        let spaced = "  ----q".to_string() + &START[5..];
        assert_eq!(err(&spaced), "character 7: 'q' is not a disc");
        let bad_side = START[..64].to_string() + "-";
        assert_eq!(err(&bad_side), "character 65: '-' is not a side to move (X or O)");
        assert_eq!(
            err("XO-"),
            "a board string has 36, 64 or 100 squares and then the side to move; this one has 3 characters"
        );
        assert!(is_board_text(START));
        assert!(!is_board_text("f5d6c3"));
        assert!(!is_board_text(&bad_disc));
    }
}
