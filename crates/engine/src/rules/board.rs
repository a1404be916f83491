//! The 8×8 position: two bitboards, the side to move's and its opponent's.

use super::moves::{flips, legal_moves};

/// A position on the 8×8 board from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
}

/// a1, h1, a8 and h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// d4 and e5: the white discs of the standard start.
pub const START_WHITE: u64 = (1 << 27) | (1 << 36);
/// d5 and e4: the black discs of the standard start.
pub const START_BLACK: u64 = (1 << 28) | (1 << 35);

impl Board {
    pub const fn new(player: u64, opponent: u64) -> Self {
        Board { player, opponent }
    }

    /// The standard start with Black to move.
    pub const fn start() -> Self {
        Board::new(START_BLACK, START_WHITE)
    }

    #[inline]
    pub fn moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    #[inline]
    pub fn opponent_moves(&self) -> u64 {
        legal_moves(self.opponent, self.player)
    }

    #[inline]
    pub fn flips(&self, sq: usize) -> u64 {
        flips(self.player, self.opponent, sq)
    }

    /// The position after the side to move plays `sq`, flipping `flipped`; the opponent is then to move.
    #[inline]
    pub fn play_with(&self, sq: usize, flipped: u64) -> Board {
        Board::new(self.opponent ^ flipped, self.player ^ flipped ^ (1u64 << sq))
    }

    /// The position after a legal move on `sq`.
    #[inline]
    pub fn play(&self, sq: usize) -> Board {
        self.play_with(sq, self.flips(sq))
    }

    #[inline]
    pub fn pass(&self) -> Board {
        Board::new(self.opponent, self.player)
    }

    #[inline]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && self.opponent_moves() == 0
    }

    /// Final disc difference for the side to move, the winner taking the empty squares
    /// (the World Othello Federation rule).
    pub fn final_score(&self) -> i32 {
        let (p, o) = (self.player.count_ones() as i32, self.opponent.count_ones() as i32);
        let empties = 64 - p - o;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + empties,
            std::cmp::Ordering::Less => p - o - empties,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The position with both sides' discs mirrored by one of the eight symmetries of the square.
    pub fn symmetry(&self, index: usize) -> Board {
        Board::new(symmetry(self.player, index), symmetry(self.opponent, index))
    }
}

fn flip_vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// Mirror a1..h1 to h1..a1 in every row: swap bits, pairs, then nibbles (the delta-swap technique).
fn flip_horizontal(mut x: u64) -> u64 {
    x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Transpose across the a1-h8 diagonal with three delta swaps.
fn transpose(mut x: u64) -> u64 {
    let mut t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

/// One of the eight symmetries of the square (0 is the identity).
pub fn symmetry(x: u64, index: usize) -> u64 {
    let x = if index & 1 != 0 { flip_horizontal(x) } else { x };
    let x = if index & 2 != 0 { flip_vertical(x) } else { x };
    if index & 4 != 0 {
        transpose(x)
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_four_moves_d3_c4_f5_e6() {
        let expected = (1u64 << 19) | (1 << 26) | (1 << 37) | (1 << 44);
        assert_eq!(Board::start().moves(), expected);
    }

    #[test]
    fn playing_f5_flips_e5() {
        let after = Board::start().play(37);
        // White to move: black now has d5, e4, e5, f5.
        assert_eq!(after.opponent, START_BLACK | (1 << 36) | (1 << 37));
        assert_eq!(after.player, 1 << 27);
    }

    #[test]
    fn symmetries_keep_legal_moves_consistent() {
        let b = Board::start().play(37).play(29);
        for s in 0..8 {
            assert_eq!(symmetry(b.moves(), s), b.symmetry(s).moves(), "symmetry {s}");
        }
        assert_eq!(transpose(1 << 1), 1 << 8);
        assert_eq!(flip_horizontal(1), 1 << 7);
    }

    #[test]
    fn final_score_gives_empties_to_the_winner() {
        assert_eq!(Board::new(0b111, 0b1).final_score(), 3 - 1 + 60);
        assert_eq!(Board::new(0b1, 0b10).final_score(), 0);
        assert_eq!(Board::new(0, 0b1).final_score(), -64);
    }
}
