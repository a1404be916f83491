//! Positions on any supported board size (6×6, 8×8, 10×10) and both openings.
//!
//! One rules implementation for every size: bitboards of up to 128 bits with edge masks per size. The 8×8 board
//! has the same bit layout as [`Board`], so 8×8 positions take the u64 fast path.

use super::board::Board;

/// How the game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Opening {
    /// Four discs in the centre: d4/e5 white, d5/e4 black on 8×8.
    #[default]
    Standard,
    /// An empty board: the first four moves go on the four centre squares and flip nothing.
    EmptyCentre,
}

/// The shape of an n×n board as masks over bit `row * n + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub size: usize,
    full: u128,
    /// Every square but those in the first column: where an eastward shift may land.
    not_first_column: u128,
    /// Every square but those in the last column: where a westward shift may land.
    not_last_column: u128,
    centre: u128,
}

impl Geometry {
    pub const fn new(size: usize) -> Self {
        let full = if size * size == 128 { u128::MAX } else { (1u128 << (size * size)) - 1 };
        let mut first_column = 0u128;
        let mut row = 0;
        while row < size {
            first_column |= 1u128 << (row * size);
            row += 1;
        }
        let last_column = first_column << (size - 1);
        let c = size / 2;
        let centre = (1u128 << ((c - 1) * size + c - 1))
            | (1u128 << ((c - 1) * size + c))
            | (1u128 << (c * size + c - 1))
            | (1u128 << (c * size + c));
        Geometry { size, full, not_first_column: full & !first_column, not_last_column: full & !last_column, centre }
    }

    pub fn squares(&self) -> usize {
        self.size * self.size
    }

    pub fn full(&self) -> u128 {
        self.full
    }

    /// The four centre squares.
    pub fn centre(&self) -> u128 {
        self.centre
    }

    pub fn index(&self, column: usize, row: usize) -> usize {
        row * self.size + column
    }

    /// The eight neighbour shifts of a set of squares, masked so that nothing wraps around an edge.
    #[inline]
    fn shift(&self, x: u128, direction: usize) -> u128 {
        let n = self.size;
        match direction {
            0 => (x << 1) & self.not_first_column,
            1 => (x >> 1) & self.not_last_column,
            2 => (x << n) & self.full,
            3 => x >> n,
            4 => (x << (n + 1)) & self.not_first_column,
            5 => (x << (n - 1)) & self.not_last_column,
            6 => (x >> (n - 1)) & self.not_first_column,
            _ => (x >> (n + 1)) & self.not_last_column,
        }
    }

    /// Legal moves by flood fill along each direction (n - 2 steps cover the longest run).
    pub fn moves(&self, p: u128, o: u128) -> u128 {
        let empty = self.full & !(p | o);
        if (p | o) & self.centre != self.centre {
            return empty & self.centre;
        }
        let mut all = 0;
        for d in 0..8 {
            let mut run = self.shift(p, d) & o;
            for _ in 0..self.size - 3 {
                run |= self.shift(run, d) & o;
            }
            all |= self.shift(run, d) & empty;
        }
        all
    }

    /// Opponent discs flipped by a move on `sq` (none while the centre is being filled).
    pub fn flips(&self, p: u128, o: u128, sq: usize) -> u128 {
        if (p | o) & self.centre != self.centre {
            return 0;
        }
        let mut all = 0;
        for d in 0..8 {
            let mut run = 0;
            let mut x = self.shift(1u128 << sq, d);
            while x & o != 0 {
                run |= x;
                x = self.shift(x, d);
            }
            if x & p != 0 {
                all |= run;
            }
        }
        all
    }
}

/// A position of any size from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantBoard {
    pub geometry: Geometry,
    pub player: u128,
    pub opponent: u128,
}

impl VariantBoard {
    pub fn new(size: usize, player: u128, opponent: u128) -> Self {
        VariantBoard { geometry: Geometry::new(size), player, opponent }
    }

    /// The starting position, Black to move: (black, white) discs.
    pub fn start_discs(size: usize, opening: Opening) -> (u128, u128) {
        let g = Geometry::new(size);
        let c = size / 2;
        match opening {
            Opening::Standard => (
                (1u128 << g.index(c, c - 1)) | (1u128 << g.index(c - 1, c)),
                (1u128 << g.index(c - 1, c - 1)) | (1u128 << g.index(c, c)),
            ),
            Opening::EmptyCentre => (0, 0),
        }
    }

    pub fn size(&self) -> usize {
        self.geometry.size
    }

    /// The u64 fast-path board, for an 8×8 position past the opening.
    pub fn as_board(&self) -> Option<Board> {
        let filled = (self.player | self.opponent) & self.geometry.centre == self.geometry.centre;
        (self.size() == 8 && filled).then(|| Board::new(self.player as u64, self.opponent as u64))
    }

    pub fn moves(&self) -> u128 {
        match self.as_board() {
            Some(b) => b.moves() as u128,
            None => self.geometry.moves(self.player, self.opponent),
        }
    }

    pub fn flips(&self, sq: usize) -> u128 {
        match self.as_board() {
            Some(b) => b.flips(sq) as u128,
            None => self.geometry.flips(self.player, self.opponent, sq),
        }
    }

    /// The position after the side to move plays `sq` (which must be legal).
    pub fn play(&self, sq: usize) -> VariantBoard {
        let flipped = self.flips(sq);
        VariantBoard {
            geometry: self.geometry,
            player: self.opponent ^ flipped,
            opponent: self.player ^ flipped ^ (1u128 << sq),
        }
    }

    pub fn pass(&self) -> VariantBoard {
        VariantBoard { geometry: self.geometry, player: self.opponent, opponent: self.player }
    }

    pub fn is_legal(&self, sq: usize) -> bool {
        sq < self.geometry.squares() && self.moves() >> sq & 1 == 1
    }

    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && self.pass().moves() == 0
    }

    pub fn empty_count(&self) -> u32 {
        (self.geometry.full & !(self.player | self.opponent)).count_ones()
    }

    /// Final disc difference for the side to move; the winner takes the empty squares.
    pub fn final_score(&self) -> i32 {
        let (p, o) = (self.player.count_ones() as i32, self.opponent.count_ones() as i32);
        let empties = self.empty_count() as i32;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + empties,
            std::cmp::Ordering::Less => p - o - empties,
            std::cmp::Ordering::Equal => 0,
        }
    }
}
