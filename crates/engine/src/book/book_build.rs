//! Making the book with the engine's own searches: from the start, every legal move of a covered position is
//! valued by a deep search of the position it leads to; the moves within a margin of the best (and those on the
//! named lines) lead to the next covered positions, ply by ply, until a ply limit or a count of positions. The
//! values of covered positions are then backed up from their moves (negamax), so each is as deep as the book.
//!
//! Each search starts from a cleared table and searches the position's least image (its `key`), so a fresh
//! searcher with the same weights reproduces a stored value exactly however the position was reached (the tests
//! check a sample), and the values already searched can be handed to a new build to resume one that was stopped.

use super::book::{Provenance, Record};
use super::key::{key, Key};
use crate::bits::squares_of;
use crate::rules::Board;
use crate::search::{Limits, Searcher};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

/// The transposition table of the book's searches, in MB: a fresh search reproduces a stored value only with
/// the same table.
pub const BOOK_TABLE_MEGABYTES: usize = 64;

/// What to cover and how deep to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Midgame depth of each search, in plies from the position searched.
    pub depth: u32,
    /// Multi-prob-cut level of the searches.
    pub selectivity: u8,
    /// Follow the moves losing at most this many discs against the best.
    pub margin: i32,
    /// Cover positions at most this many moves from the start (deeper only along a named line).
    pub max_ply: u32,
    /// Stop after covering this many positions (the named lines first, then the shallowest and least lossy).
    pub max_positions: usize,
}

/// The value of `board` for its side to move by a search of `depth` plies from a cleared table. The search is of
/// the least image, the one the book stores the value under: mirror images may differ by a disc (the move
/// order, and so what prob-cut prunes, follows the squares), and one key must always get the same value.
pub fn search_value(searcher: &mut Searcher, board: &Board, depth: u32, selectivity: u8) -> i8 {
    searcher.clear();
    searcher.set_selectivity(selectivity);
    let limits = Limits { depth, exact_empties: 0, wld_empties: 0, node_budget: None };
    let (player, opponent) = key(board);
    let score = searcher.search(&Board { player, opponent }, &limits).expect("no node budget").score;
    score.clamp(-64, 64) as i8
}

/// A covered position during the build: its legal moves in square order with the keys of the positions they
/// lead to.
struct Covered {
    moves: Vec<(usize, Key)>,
}

/// A book build; `searched` holds the values found so far (a resumed build starts with the earlier ones).
pub struct BookBuild {
    pub settings: BuildSettings,
    /// The key of every position on a named line.
    named: HashSet<Key>,
    pub searched: HashMap<Key, i8>,
    searcher: Searcher,
}

impl BookBuild {
    /// A build that also covers every position of `lines` (moves from the start).
    pub fn new(settings: BuildSettings, lines: &[Vec<usize>], searcher: Searcher) -> BookBuild {
        let mut named = HashSet::new();
        for line in lines {
            let mut board = Board::start();
            for &sq in line {
                if board.moves() >> sq & 1 == 0 {
                    break;
                }
                board = board.play(sq);
                named.insert(key(&board));
            }
        }
        BookBuild { settings, named, searched: HashMap::new(), searcher }
    }

    /// The value of `board`, searched unless already known; `on_search` hears of each new one.
    fn value(&mut self, board: &Board, on_search: &mut impl FnMut(Key, i8, &BookBuild)) -> i8 {
        let k = key(board);
        if let Some(&value) = self.searched.get(&k) {
            return value;
        }
        let value = search_value(&mut self.searcher, board, self.settings.depth, self.settings.selectivity);
        self.searched.insert(k, value);
        on_search(k, value, self);
        value
    }

    /// Covers the positions and returns the start's record (`Book::write` makes the file of it).
    pub fn run(&mut self, mut on_search: impl FnMut(Key, i8, &BookBuild)) -> Record {
        let settings = self.settings;
        let mut covered: HashMap<Key, Covered> = HashMap::new();
        // The first way each position was reached: its parent and the move (the spanning tree written out).
        let mut reached: HashMap<Key, (Key, usize)> = HashMap::new();
        // The named lines first, then the shallowest, then the least lost on the way; the sequence number keeps the
        // order deterministic.
        let mut queue = BinaryHeap::new();
        let start = Board::start();
        queue.push(Reverse((false, 0u32, 0i32, 0usize, key(&start))));
        let mut boards = HashMap::from([(key(&start), start)]);
        let mut sequence = 0;
        while let Some(Reverse((_, ply, lost, _, k))) = queue.pop() {
            if covered.len() >= settings.max_positions {
                break;
            }
            let board = boards[&k];
            let mut moves = Vec::new();
            let mut values = Vec::new();
            for sq in squares_of(board.moves()) {
                let child = board.play(sq);
                values.push(-i32::from(self.value(&child, &mut on_search)));
                moves.push((sq, key(&child)));
            }
            let best = values.iter().copied().max().unwrap_or(0);
            for (&(sq, child_key), &value) in moves.iter().zip(&values) {
                let child = board.play(sq);
                let within = ply < settings.max_ply && best - value <= settings.margin;
                let named = self.named.contains(&child_key);
                let follow = (within || named) && child.moves() != 0;
                if follow && !reached.contains_key(&child_key) && child_key != key(&start) {
                    reached.insert(child_key, (k, sq));
                    boards.insert(child_key, child);
                    sequence += 1;
                    queue.push(Reverse((!named, ply + 1, lost + best - value, sequence, child_key)));
                }
            }
            covered.insert(k, Covered { moves });
        }
        // Values backed up from the deepest covered positions, then the records from the start down.
        let mut backed: HashMap<Key, i32> = HashMap::new();
        let root = key(&start);
        let mut children: HashMap<Key, Vec<(usize, Key)>> = HashMap::new();
        for (&k, &(parent, sq)) in &reached {
            if covered.contains_key(&k) {
                children.entry(parent).or_default().push((sq, k));
            }
        }
        for list in children.values_mut() {
            list.sort();
        }
        self.record(root, None, &covered, &children, &mut backed)
    }

    /// The backed-up value of a position for its side to move.
    fn backed_value(&self, k: Key, covered: &HashMap<Key, Covered>, memo: &mut HashMap<Key, i32>) -> i32 {
        if let Some(&v) = memo.get(&k) {
            return v;
        }
        let value = match covered.get(&k) {
            Some(node) => node.moves.iter().map(|&(_, child)| -self.backed_value(child, covered, memo)).max(),
            None => None,
        }
        .unwrap_or_else(|| i32::from(self.searched[&k]));
        memo.insert(k, value);
        value
    }

    fn record(
        &self,
        k: Key,
        mv: Option<usize>,
        covered: &HashMap<Key, Covered>,
        children: &HashMap<Key, Vec<(usize, Key)>>,
        memo: &mut HashMap<Key, i32>,
    ) -> Record {
        let node = &covered[&k];
        let values = node
            .moves
            .iter()
            .map(|&(_, child)| (-self.backed_value(child, covered, memo)).clamp(-64, 64) as i8)
            .collect();
        let below = children.get(&k).map_or(&[][..], Vec::as_slice);
        let children = below.iter().map(|&(sq, child)| self.record(child, Some(sq), covered, children, memo)).collect();
        Record { mv, values, children }
    }

    /// The provenance to write with the book, given the fingerprint of the weights searched with.
    pub fn provenance(&self, weights: u64) -> Provenance {
        Provenance {
            depth: self.settings.depth as u8,
            selectivity: self.settings.selectivity,
            margin: self.settings.margin as u8,
            weights,
        }
    }
}
