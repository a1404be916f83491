//! The computer player's searchers: one object that keeps the search tables for the life of the app and searches
//! any variant, the 8×8 board past its opening going to the fast searcher and everything else to the generic one.
//! A `ThinkJob` drives it towards a move.

use crate::eval::PatternEvaluator;
use crate::rules::VariantBoard;
use crate::search::generic::GenericSearcher;
use crate::search::tt::TranspositionTable;
use crate::search::{Aborted, Interrupted, Limits, SearchResult, Searcher};

/// The searchers and their tables. Allocate one for the life of the app: the 8×8 table is tens of MB.
pub struct Ai {
    eight: Searcher,
    generic: GenericSearcher,
}

impl Ai {
    /// An AI whose 8×8 transposition table takes about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Self {
        Ai { eight: Searcher::new(tt_megabytes), generic: GenericSearcher::new() }
    }

    /// An AI over an 8×8 table already made, with the shipped evaluation (`AiBuilder`).
    pub(crate) fn with_table(table: TranspositionTable) -> Self {
        let eight = Searcher::with_table(table, Box::new(PatternEvaluator::shipped()));
        Ai { eight, generic: GenericSearcher::new() }
    }

    /// The multi-prob-cut level of the 8×8 midgame searches from now on (the generic searcher has none).
    pub fn set_selectivity(&mut self, level: u8) {
        self.eight.set_selectivity(level);
    }

    /// Forget what the tables learnt (a new game need not call this: entries stay valid).
    pub fn clear(&mut self) {
        self.eight.clear();
        self.generic.clear();
    }

    /// One search call with `limits` (its node budget included), on the searcher that takes `board`.
    pub fn search(&mut self, board: &VariantBoard, limits: &Limits) -> Result<SearchResult, Aborted> {
        match board.as_board() {
            Some(eight) => self.eight.search(&eight, limits),
            None => self.generic.search(board, limits),
        }
    }

    /// Right after a `search` call on `board` ran out of budget: what it has found so far. Only the 8×8 searcher
    /// reports it (the generic one has no selective pass to report).
    pub fn interrupted(&self, board: &VariantBoard) -> Option<Interrupted> {
        board.as_board().and_then(|_| self.eight.interrupted())
    }

    /// Nodes the last `search` call visited (aborted or not) on the searcher `board` went to.
    pub fn last_call_nodes(&self, board: &VariantBoard) -> u64 {
        match board.as_board() {
            Some(_) => self.eight.nodes,
            None => self.generic.nodes(),
        }
    }
}
