//! A position with colours: the engine's side-to-move bitboards plus which colour that side is.

use super::color::Color;
use super::variant::{BoardSize, Variant};
use engine::VariantBoard;

/// A position on any board size. Bit sets use bit `row * size + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: VariantBoard,
    to_move: Color,
}

impl Position {
    /// The starting position of a variant.
    pub fn start(variant: Variant) -> Position {
        let (black, white) = VariantBoard::start_discs(variant.size.n(), variant.opening);
        Position::from_discs(variant.size, black, white, variant.first)
    }

    /// A position from the two colours' discs (which must not overlap or leave the board).
    pub fn from_discs(size: BoardSize, black: u128, white: u128, to_move: Color) -> Position {
        let (player, opponent) = match to_move {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Position { board: VariantBoard::new(size.n(), player, opponent), to_move }
    }

    /// The engine's view: the side to move's discs as `player`.
    pub fn board(&self) -> &VariantBoard {
        &self.board
    }

    pub fn size(&self) -> BoardSize {
        BoardSize::from_n(self.board.size()).expect("positions are only built with a BoardSize")
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn discs(&self, color: Color) -> u128 {
        if color == self.to_move {
            self.board.player
        } else {
            self.board.opponent
        }
    }

    pub fn black(&self) -> u128 {
        self.discs(Color::Black)
    }

    pub fn white(&self) -> u128 {
        self.discs(Color::White)
    }

    pub fn count(&self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    /// The disc on a square, if any.
    pub fn at(&self, square: usize) -> Option<Color> {
        if square >= self.size().squares() {
            None
        } else if self.black() >> square & 1 == 1 {
            Some(Color::Black)
        } else if self.white() >> square & 1 == 1 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The disc at a column and row (both counted from 0 at the top-left).
    pub fn cell(&self, column: usize, row: usize) -> Option<Color> {
        let n = self.board.size();
        if column < n && row < n {
            self.at(row * n + column)
        } else {
            None
        }
    }

    /// Legal moves of the side to move as a bit set.
    pub fn legal_moves(&self) -> u128 {
        self.board.moves()
    }

    pub fn is_legal(&self, square: usize) -> bool {
        self.board.is_legal(square)
    }

    /// The discs a move would flip (empty if the move is illegal).
    pub fn flips(&self, square: usize) -> u128 {
        if self.is_legal(square) {
            self.board.flips(square)
        } else {
            0
        }
    }

    /// The side to move must pass: it has no move but its opponent has.
    pub fn must_pass(&self) -> bool {
        self.board.moves() == 0 && !self.board.is_game_over()
    }

    pub fn is_game_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// The position after a legal move on `square`.
    pub fn play(&self, square: usize) -> Position {
        Position { board: self.board.play(square), to_move: self.to_move.opponent() }
    }

    pub(crate) fn pass(&self) -> Position {
        Position { board: self.board.pass(), to_move: self.to_move.opponent() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::bits::squares_of;
    use engine::Opening;

    #[test]
    fn the_standard_start_has_white_on_d4_and_e5() {
        let start = Position::start(Variant::default());
        assert_eq!(start.cell(3, 3), Some(Color::White));
        assert_eq!(start.cell(4, 4), Some(Color::White));
        assert_eq!(start.cell(3, 4), Some(Color::Black));
        assert_eq!(start.cell(4, 3), Some(Color::Black));
        assert_eq!(start.cell(0, 0), None);
        assert_eq!(start.cell(8, 0), None);
        assert_eq!(start.at(64), None);
        assert_eq!(start.at(1000), None);
        assert_eq!((start.count(Color::Black), start.count(Color::White)), (2, 2));
        assert_eq!(start.to_move(), Color::Black);
        assert_eq!(squares_of(start.legal_moves()).collect::<Vec<_>>(), vec![19, 26, 37, 44]);
    }

    #[test]
    fn white_first_gives_white_the_mirror_moves() {
        let variant = Variant { first: Color::White, ..Variant::default() };
        let start = Position::start(variant);
        assert_eq!(start.to_move(), Color::White);
        // White's moves from the standard start: c5, d6, e3, f4.
        assert_eq!(squares_of(start.legal_moves()).collect::<Vec<_>>(), vec![20, 29, 34, 43]);
        let after = start.play(20);
        assert_eq!(after.to_move(), Color::Black);
        assert_eq!(after.count(Color::White), 4);
    }

    #[test]
    fn the_empty_centre_start_offers_only_the_centre() {
        let variant = Variant { size: BoardSize::Six, opening: Opening::EmptyCentre, first: Color::Black };
        let start = Position::start(variant);
        assert_eq!(start.count(Color::Black) + start.count(Color::White), 0);
        assert_eq!(squares_of(start.legal_moves()).collect::<Vec<_>>(), vec![14, 15, 20, 21]);
        assert_eq!(start.flips(14), 0);
        assert!(start.is_legal(14));
        assert!(!start.is_legal(0));
    }
}
