//! A position's name up to symmetry: the least of its eight mirror images, so a line opened with d3, c4 or e6
//! finds the values stored for f5, and transposed move orders find one entry.

use crate::rules::Board;

/// The side to move's discs and the other side's, of the least image.
pub type Key = (u64, u64);

/// The key of `board` (its side to move first).
pub fn key(board: &Board) -> Key {
    (0..8).map(|s| board.symmetry(s)).map(|b| (b.player, b.opponent)).min().expect("eight images")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_image_and_move_order_has_one_key() {
        // f5 d6 c3 and its image d3 c5 f6 across the a8-h1 diagonal.
        let line = |moves: [usize; 3]| moves.iter().fold(Board::start(), |b, &sq| b.play(sq));
        let f5 = line([37, 43, 18]);
        for s in 0..8 {
            assert_eq!(key(&f5.symmetry(s)), key(&f5), "symmetry {s}");
        }
        assert_eq!(key(&line([19, 34, 45])), key(&f5));
        assert_ne!(key(&Board::start().play(37).play(29)), key(&Board::start().play(37).play(43)), "f4 is not d6");
    }
}
