//! Perft: counting the leaves of the move tree, the standard correctness and speed check of a move generator.
//!
//! Convention (as in every published table): a forced pass is a ply, and a finished game is one leaf at its own
//! depth and every deeper one.

use super::board::Board;
use super::variant_board::VariantBoard;
use crate::bits::squares_of;

/// What perft needs of a position, so one walk serves the 8×8 fast path and the generic rules.
pub trait Position: Sized {
    /// The legal moves as a set of square bits (an 8×8 board's u64 widened).
    fn move_set(&self) -> u128;
    fn play(&self, square: usize) -> Self;
    fn pass(&self) -> Self;
}

impl Position for Board {
    #[inline]
    fn move_set(&self) -> u128 {
        self.moves() as u128
    }
    #[inline]
    fn play(&self, square: usize) -> Self {
        Board::play(self, square)
    }
    #[inline]
    fn pass(&self) -> Self {
        Board::pass(self)
    }
}

impl Position for VariantBoard {
    #[inline]
    fn move_set(&self) -> u128 {
        self.moves()
    }
    #[inline]
    fn play(&self, square: usize) -> Self {
        VariantBoard::play(self, square)
    }
    #[inline]
    fn pass(&self) -> Self {
        VariantBoard::pass(self)
    }
}

/// Leaves of the tree below `board`, `depth` plies deep. The last ply is bulk-counted with a popcount.
pub fn perft<P: Position>(board: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.move_set();
    if moves == 0 {
        let passed = board.pass();
        return if passed.move_set() == 0 || depth == 1 { 1 } else { perft(&passed, depth - 1) };
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    squares_of(moves).map(|sq| perft(&board.play(sq), depth - 1)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Depths 1-9 from the published table (Aart Bik's "Perft for Reversi").
    const PERFT: [u64; 9] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];

    #[test]
    fn perft_matches_the_published_counts_to_depth_9() {
        for (i, &expected) in PERFT.iter().enumerate() {
            assert_eq!(perft(&Board::start(), i as u32 + 1), expected, "depth {}", i + 1);
        }
    }

    #[test]
    fn generic_rules_on_8x8_give_the_same_counts() {
        let (black, white) = VariantBoard::start_discs(8, super::super::variant_board::Opening::Standard);
        let start = VariantBoard::new(8, black, white);
        // Force the generic path: a Geometry-level walk, not the u64 dispatch.
        fn generic(b: &VariantBoard, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let g = b.geometry;
            let moves = g.moves(b.player, b.opponent);
            if moves == 0 {
                let passed = b.pass();
                let over = g.moves(passed.player, passed.opponent) == 0;
                return if over || depth == 1 { 1 } else { generic(&passed, depth - 1) };
            }
            let child = |sq: usize| {
                let f = g.flips(b.player, b.opponent, sq);
                VariantBoard::new(8, b.opponent ^ f, b.player ^ f ^ (1 << sq))
            };
            squares_of(moves).map(|sq| generic(&child(sq), depth - 1)).sum()
        }
        for depth in 1..=6 {
            assert_eq!(generic(&start, depth), PERFT[depth as usize - 1], "depth {depth}");
        }
    }
}
