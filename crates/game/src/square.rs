//! Square coordinates: columns a.. left to right, rows 1.. top to bottom, a1 top-left; index = row * size + column.
//! [`Coordinates`] shows them the other way too, as the Reversy program does.

use serde::{Deserialize, Serialize};

/// How squares are named on screen and typed. Transcripts and saves always use the standard names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Coordinates {
    /// a1 top-left, rows numbered downwards (the Othello federations' and most programs' notation).
    #[default]
    Standard,
    /// a1 bottom-left, rows numbered upwards from Black's side (the Reversy program).
    Reversy,
}

impl Coordinates {
    /// The name of square `index` as shown.
    pub fn name(self, index: usize, size: usize) -> String {
        square_name(self.standard(index, size), size)
    }

    /// The square a shown name stands for.
    pub fn parse(self, name: &str, size: usize) -> Option<usize> {
        parse_square(name, size).map(|index| self.standard(index, size))
    }

    /// The row number shown for the `row`th row from the top (0-based).
    pub fn row_label(self, row: usize, size: usize) -> usize {
        match self {
            Coordinates::Standard => row + 1,
            Coordinates::Reversy => size - row,
        }
    }

    /// Turning the rows upside down is its own inverse, so one mapping serves both directions.
    fn standard(self, index: usize, size: usize) -> usize {
        match self {
            Coordinates::Standard => index,
            Coordinates::Reversy => (size - 1 - index / size) * size + index % size,
        }
    }
}

/// The name of square `index` on a `size`×`size` board, e.g. "f5" or "j10".
/// Any index and size give a name rather than a panic: a column past z (or a board of no columns) is '?'.
pub fn square_name(index: usize, size: usize) -> String {
    let column = index.checked_rem(size).filter(|&c| c < 26).map_or('?', |c| (b'a' + c as u8) as char);
    let row = index.checked_div(size).map_or(0, |r| r as u128 + 1);
    format!("{column}{row}")
}

/// The index of a square name such as "f5" or "J10" (any case) on a `size`×`size` board.
pub fn parse_square(name: &str, size: usize) -> Option<usize> {
    let mut chars = name.chars();
    let column = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !column.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let column = column as usize - 'a' as usize;
    let row: usize = digits.parse().ok()?;
    (column < size && (1..=size).contains(&row) && !digits.starts_with('0')).then(|| (row - 1) * size + column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_is_top_left_and_the_last_square_bottom_right() {
        assert_eq!(square_name(0, 8), "a1");
        assert_eq!(square_name(7, 8), "h1");
        assert_eq!(square_name(63, 8), "h8");
        assert_eq!(square_name(37, 8), "f5");
        assert_eq!(square_name(99, 10), "j10");
        assert_eq!(square_name(35, 6), "f6");
    }

    #[test]
    fn any_index_and_size_get_a_name() {
        // Issue 11: `square_name(i, 0)` divided by zero.
        assert_eq!(square_name(5, 0), "?0");
        assert_eq!(square_name(usize::MAX, 1), format!("a{}", usize::MAX as u128 + 1));
        assert_eq!(square_name(30, 40), "?1");
        assert_eq!(square_name(64, 8), "a9", "off an 8×8 board, named as the next row");
    }

    #[test]
    fn names_parse_back_in_any_case() {
        for size in [6, 8, 10] {
            for index in 0..size * size {
                let name = square_name(index, size);
                assert_eq!(parse_square(&name, size), Some(index));
                assert_eq!(parse_square(&name.to_uppercase(), size), Some(index));
            }
        }
    }

    #[test]
    fn reversy_puts_a1_bottom_left() {
        let reversy = Coordinates::Reversy;
        assert_eq!(reversy.name(56, 8), "a1", "the bottom-left square");
        assert_eq!(reversy.name(0, 8), "a8");
        assert_eq!(reversy.name(37, 8), "f4", "standard f5");
        assert_eq!(reversy.parse("f4", 8), Some(37));
        assert_eq!(reversy.row_label(0, 8), 8);
        assert_eq!(reversy.row_label(9, 10), 1);
        for size in [6, 8, 10] {
            for index in 0..size * size {
                assert_eq!(reversy.parse(&reversy.name(index, size), size), Some(index));
                assert_eq!(Coordinates::Standard.name(index, size), square_name(index, size));
            }
        }
    }

    #[test]
    fn squares_off_the_board_are_rejected() {
        assert_eq!(parse_square("i1", 8), None);
        assert_eq!(parse_square("a9", 8), None);
        assert_eq!(parse_square("a0", 8), None);
        assert_eq!(parse_square("a01", 10), None);
        assert_eq!(parse_square("g1", 6), None);
        assert_eq!(parse_square("z9", 8), None);
        assert_eq!(parse_square("", 8), None);
        assert_eq!(parse_square("5f", 8), None);
        assert_eq!(parse_square("f", 8), None);
    }
}
