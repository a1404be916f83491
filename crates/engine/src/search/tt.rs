//! Transposition table: buckets of two entries, one kept for the deepest search (depth-preferred) and one
//! always replaced, each storing a lower and an upper bound, the best move, the depth and the selectivity.
//!
//! Entries hold the whole position, so a hit is never a hash collision. Bounds are in disc units, the scale
//! shared by exact scores and the evaluation, so an exact entry (depth = empties, no prob-cut) also answers
//! any midgame probe of the same position.

use crate::rules::{Board, MAX_SCORE};

/// No best move recorded.
pub const NO_MOVE: u8 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub player: u64,
    pub opponent: u64,
    pub lower: i8,
    pub upper: i8,
    pub best_move: u8,
    pub depth: u8,
    /// Prob-cut level the bounds were searched with; `probcut::NO_SELECTIVITY` when nothing was pruned.
    pub selectivity: u8,
    /// The search (`TranspositionTable::new_search`) that wrote the entry, so stale entries go first.
    pub date: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    player: 0,
    opponent: 0,
    lower: -MAX_SCORE as i8,
    upper: MAX_SCORE as i8,
    best_move: NO_MOVE,
    depth: 0,
    selectivity: 0,
    date: 0,
};

impl Entry {
    fn holds(&self, board: &Board) -> bool {
        self.player == board.player && self.opponent == board.opponent
    }

    /// Whether the bounds come from a search at least as deep and as unpruned as asked for.
    #[inline]
    pub fn covers(&self, depth: u32, selectivity: u8) -> bool {
        self.depth as u32 >= depth && self.selectivity >= selectivity
    }

    /// The score to return without searching, if the bounds settle the window (`alpha`, `beta`). Also used at
    /// PV nodes: a restarted sliced search must not redo finished principal-variation subtrees.
    #[inline]
    pub fn cutoff(&self, depth: u32, selectivity: u8, alpha: i32, beta: i32) -> Option<i32> {
        if !self.covers(depth, selectivity) {
            return None;
        }
        let (lower, upper) = (self.lower as i32, self.upper as i32);
        if lower >= beta || lower == upper {
            Some(lower)
        } else if upper <= alpha {
            Some(upper)
        } else {
            None
        }
    }

    /// The move to try first at an endgame node with `empties` empties: only one an endgame search found. A shallow
    /// midgame search's move (the root's first iterations, the ordering searches far from the end) is a worse guess
    /// than the endgame's own ordering: FFO #40-#49 took 1.85 G nodes ignoring them, 2.11 G following them.
    #[inline]
    pub fn endgame_move(&self, empties: u32) -> u8 {
        if self.depth as u32 >= empties {
            self.best_move
        } else {
            NO_MOVE
        }
    }
}

/// What a finished search at one node found, to be stored.
#[derive(Clone, Copy, Debug)]
pub struct Store {
    pub depth: u32,
    pub selectivity: u8,
    /// The window the node was searched with.
    pub alpha: i32,
    pub beta: i32,
    /// The fail-soft score it returned.
    pub score: i32,
    pub best_move: u8,
}

/// Two entries padded to one 64-byte cache line: a probe costs one memory access, never two (48 bytes unpadded
/// would straddle lines).
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

const EMPTY_BUCKET: Bucket = Bucket([EMPTY_ENTRY; 2]);

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    date: u8,
}

/// A table being filled a few megabytes per `step`, for a caller that must not block for the whole table (the
/// browser app, through `AiBuilder`): writing tens of megabytes at once is a long task there.
pub struct TableBuild {
    buckets: Vec<Bucket>,
    count: usize,
}

impl TableBuild {
    /// The build of a table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Self {
        let count = ((megabytes << 20) / std::mem::size_of::<Bucket>()).clamp(1, u32::MAX as usize);
        let buckets = Vec::with_capacity(count);
        advise_huge_pages(&buckets);
        TableBuild { buckets, count }
    }

    /// Fills up to `megabytes` MB more; whether the table is complete.
    pub fn step(&mut self, megabytes: usize) -> bool {
        let more = (megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1);
        let filled = self.buckets.len().saturating_add(more).min(self.count);
        self.buckets.resize(filled, EMPTY_BUCKET);
        filled == self.count
    }

    pub fn is_complete(&self) -> bool {
        self.buckets.len() == self.count
    }

    /// The table, completed by this call if the steps did not.
    pub fn finish(mut self) -> TranspositionTable {
        self.buckets.resize(self.count, EMPTY_BUCKET);
        TranspositionTable { buckets: self.buckets, date: 1 }
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Self {
        TableBuild::new(megabytes).finish()
    }

    pub fn clear(&mut self) {
        self.buckets.fill(EMPTY_BUCKET);
        self.date = 1;
    }

    /// Marks the start of a new root search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.date = self.date.wrapping_add(1).max(1);
    }

    /// The date new entries get (tests of when a search starts a new one).
    #[cfg(test)]
    pub(crate) fn date(&self) -> u8 {
        self.date
    }

    /// Bucket index: a multiply-xorshift hash of both bitboards, mapped onto the table by a multiply-high
    /// (Lemire's range reduction) so the size need not be a power of two. The high 32 bits of the hash times the
    /// bucket count (under 2^32) is one 64-bit multiply: wasm has no 64×64→128 multiply and emulates it by a call.
    #[inline]
    fn index(&self, board: &Board) -> usize {
        let mut h =
            board.player.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ board.opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 32;
        h = h.wrapping_mul(0x1656_67B1_9E37_79F9);
        (((h >> 32) * self.buckets.len() as u64) >> 32) as usize
    }

    /// Starts loading the bucket of `board` into the cache without waiting for it (a software prefetch): a parent
    /// that asks for its children's buckets before ordering them finds them loaded when it probes or searches
    /// them, instead of stalling on a cache and TLB miss each time. Only a hint: nothing on targets without one
    /// (wasm).
    #[inline]
    pub fn prefetch(&self, board: &Board) {
        #[cfg(all(target_arch = "x86_64", not(feature = "plain-memory")))]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[self.index(board)];
            // SAFETY: a prefetch never faults and reads nothing the program sees; the pointer is in bounds anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        // Elsewhere (wasm), and in `plain-memory` builds that measure what the hint is worth, an early load does the
        // same, if less well: the children's loads are independent, so the processor overlaps their misses with each
        // other and with the ordering work instead of taking them one at a time later.
        #[cfg(any(not(target_arch = "x86_64"), feature = "plain-memory"))]
        // SAFETY: an in-bounds read of a plain byte; volatile only so the compiler keeps a load nothing uses.
        unsafe {
            std::ptr::read_volatile(&self.buckets[self.index(board)].0[0].date);
        }
    }

    #[inline]
    pub fn probe(&self, board: &Board) -> Option<Entry> {
        let bucket = &self.buckets[self.index(board)].0;
        bucket.iter().find(|e| e.holds(board)).copied()
    }

    pub fn store(&mut self, board: &Board, s: Store) {
        let (lower, upper) = if s.score <= s.alpha {
            (-MAX_SCORE, s.score)
        } else if s.score >= s.beta {
            (s.score, MAX_SCORE)
        } else {
            (s.score, s.score)
        };
        let date = self.date;
        let index = self.index(board);
        let bucket = &mut self.buckets[index].0;
        let fresh = Entry {
            player: board.player,
            opponent: board.opponent,
            lower: lower.clamp(-MAX_SCORE, MAX_SCORE) as i8,
            upper: upper.clamp(-MAX_SCORE, MAX_SCORE) as i8,
            best_move: s.best_move,
            depth: s.depth as u8,
            selectivity: s.selectivity,
            date,
        };
        if let Some(slot) = bucket.iter().position(|e| e.holds(board)) {
            let old = &mut bucket[slot];
            if old.depth == fresh.depth && old.selectivity == fresh.selectivity {
                // Same search effort: both bounds hold, keep the tighter of each.
                let (lo, up) = (old.lower.max(fresh.lower), old.upper.min(fresh.upper));
                if lo <= up {
                    old.lower = lo;
                    old.upper = up;
                } else {
                    old.lower = fresh.lower;
                    old.upper = fresh.upper;
                }
                if fresh.best_move != NO_MOVE {
                    old.best_move = fresh.best_move;
                }
                old.date = date;
            } else if fresh.depth > old.depth || (fresh.depth == old.depth && fresh.selectivity > old.selectivity) {
                let keep_move = if fresh.best_move == NO_MOVE { old.best_move } else { fresh.best_move };
                *old = Entry { best_move: keep_move, ..fresh };
            } else if old.best_move == NO_MOVE {
                old.best_move = fresh.best_move;
            }
            if slot == 1 && bucket[1].depth > bucket[0].depth {
                bucket.swap(0, 1);
            }
        } else if bucket[0].date != date || fresh.depth >= bucket[0].depth {
            // Depth-preferred slot: the deeper search stays, the shallower moves to the always-replace slot.
            bucket[1] = bucket[0];
            bucket[0] = fresh;
        } else {
            bucket[1] = fresh;
        }
    }
}

/// Asks Linux to back the table's memory with 2 MB pages before it is first written: a probe lands anywhere in the
/// table, and with 4 KB pages nearly every one also missed the TLB (a page walk on top of the cache miss). Only a
/// hint: without transparent huge pages, elsewhere, on wasm, or in a `plain-memory` build (which measures what the
/// pages are worth), the table stays on ordinary pages.
fn advise_huge_pages(buckets: &Vec<Bucket>) {
    #[cfg(all(target_os = "linux", not(feature = "plain-memory")))]
    {
        const PAGE: usize = 4096;
        let start = buckets.as_ptr() as usize;
        let end = start + buckets.capacity() * std::mem::size_of::<Bucket>();
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned {
            // SAFETY: the range lies inside the vector's allocation, page-aligned as madvise requires; the advice
            // changes how the kernel backs the pages, never their contents.
            unsafe { libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(any(not(target_os = "linux"), feature = "plain-memory"))]
    let _ = buckets;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_bounds_by_window_and_keeps_the_deeper_entry() {
        let mut tt = TranspositionTable::new(1);
        let b = Board::start();
        tt.store(&b, Store { depth: 5, selectivity: 5, alpha: 0, beta: 1, score: 4, best_move: 19 });
        let e = tt.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (4, 64, 19));
        tt.store(&b, Store { depth: 5, selectivity: 5, alpha: 6, beta: 7, score: 6, best_move: NO_MOVE });
        let e = tt.probe(&b).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move), (4, 6, 19));
        tt.store(&b, Store { depth: 3, selectivity: 5, alpha: -64, beta: 64, score: -2, best_move: 26 });
        assert_eq!(tt.probe(&b).unwrap().depth, 5, "a shallower result must not replace a deeper one");
        assert!(tt.probe(&b.play(19)).is_none());
    }

    #[test]
    fn endgame_nodes_follow_only_an_endgame_searchs_move() {
        let mut tt = TranspositionTable::new(1);
        let b = Board::start().play(19);
        let empties = b.empty_count();
        tt.store(&b, Store { depth: 4, selectivity: 5, alpha: -1, beta: 0, score: 3, best_move: 18 });
        assert_eq!(tt.probe(&b).unwrap().endgame_move(empties), NO_MOVE, "a midgame search's move");
        tt.store(&b, Store { depth: empties, selectivity: 5, alpha: -1, beta: 0, score: 3, best_move: 20 });
        assert_eq!(tt.probe(&b).unwrap().endgame_move(empties), 20);
    }

    #[test]
    fn a_table_built_in_steps_is_the_table_built_at_once() {
        let mut build = TableBuild::new(3);
        let steps = std::iter::repeat_with(|| build.step(1)).take_while(|&done| !done).count();
        assert_eq!(steps, 2, "three megabytes a megabyte per step: two steps to go, the third completes it");
        let (stepped, whole) = (build.finish(), TranspositionTable::new(3));
        assert_eq!(stepped.buckets.len(), whole.buckets.len());
        assert!(stepped.buckets.iter().all(|b| b.0 == [EMPTY_ENTRY; 2]), "every entry empty");
    }
}
