//! The generic searcher's transposition table: buckets of two entries (depth-preferred and always-replace), each
//! holding the whole position and its board size (the same discs mean another position on another size: an empty
//! 6×6 board is not an empty 8×8 one), so a hit is never a hash collision.

use crate::rules::{VariantBoard, INFINITY};
/// No best move recorded. (An unused entry has depth 0: stored searches are at least one ply deep.)
pub const NO_MOVE: u8 = u8::MAX;
/// The entry depth of an exact solve: deeper than any midgame search.
pub const SOLVED: u8 = u8::MAX;
/// Transposition table buckets (two entries each, 2.5 MB): small, as these boards are rarely played deep.
const BUCKETS: usize = 1 << 15;

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    player: u128,
    opponent: u128,
    size: u8,
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub best_move: u8,
}

impl Entry {
    fn holds(&self, board: &VariantBoard) -> bool {
        self.player == board.player && self.opponent == board.opponent && self.size as usize == board.size()
    }
}

const EMPTY_ENTRY: Entry = Entry {
    player: 0,
    opponent: 0,
    size: 0,
    lower: -INFINITY as i16,
    upper: INFINITY as i16,
    depth: 0,
    best_move: NO_MOVE,
};

pub struct GenericTable {
    buckets: Vec<[Entry; 2]>,
}

impl GenericTable {
    pub(super) fn new() -> Self {
        GenericTable { buckets: vec![[EMPTY_ENTRY; 2]; BUCKETS] }
    }

    pub fn clear(&mut self) {
        self.buckets.fill([EMPTY_ENTRY; 2]);
    }

    /// Bucket index: a multiply-xorshift hash of the four 64-bit halves.
    pub fn index(board: &VariantBoard) -> usize {
        let words =
            [board.player as u64, (board.player >> 64) as u64, board.opponent as u64, (board.opponent >> 64) as u64];
        let mut h = words.iter().fold(0u64, |h, &w| (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29));
        h ^= h >> 32;
        h as usize & (BUCKETS - 1)
    }

    pub fn probe(&self, board: &VariantBoard, index: usize) -> Option<Entry> {
        self.buckets[index].iter().find(|e| e.holds(board) && e.depth > 0).copied()
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        board: &VariantBoard,
        index: usize,
        depth: u32,
        alpha: i32,
        beta: i32,
        score: i32,
        best_move: u8,
    ) {
        let (lower, upper) = if score <= alpha {
            (-INFINITY, score)
        } else if score >= beta {
            (score, INFINITY)
        } else {
            (score, score)
        };
        let depth = depth.min(SOLVED as u32) as u8;
        let fresh = Entry {
            player: board.player,
            opponent: board.opponent,
            size: board.size() as u8,
            lower: lower as i16,
            upper: upper as i16,
            depth,
            best_move,
        };
        let bucket = &mut self.buckets[index];
        // Depth-preferred slot 0, always-replace slot 1; the same position is updated where it is.
        if bucket[0].holds(board) {
            if depth >= bucket[0].depth {
                bucket[0] = fresh;
            }
        } else if depth >= bucket[0].depth {
            bucket[1] = bucket[0];
            bucket[0] = fresh;
        } else {
            bucket[1] = fresh;
        }
    }
}
