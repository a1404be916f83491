//! The computer player: one object that keeps the search tables for the life of the app and picks moves for any
//! variant, the 8×8 board past its opening going to the fast searcher and everything else to the generic one.

use super::generic_search::GenericSearcher;
use super::level::LevelSettings;
use super::search::{Aborted, Limits, SearchResult, Searcher};
use super::sliced::{Decision, ThinkJob};
use super::variant::VariantBoard;

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

    /// The multi-prob-cut level of the 8×8 midgame searches from now on (the generic searcher has none).
    pub(crate) fn set_selectivity(&mut self, level: u8) {
        self.eight.set_selectivity(level);
    }

    /// Forget what the tables learnt (a new game need not call this: entries stay valid).
    pub fn clear(&mut self) {
        self.eight.clear();
        self.generic.clear();
    }

    /// One search call with `limits` (its node budget included), on the searcher that takes `board`.
    pub(crate) fn search(&mut self, board: &VariantBoard, limits: &Limits) -> Result<SearchResult, Aborted> {
        match board.as_board() {
            Some(eight) => self.eight.search(&eight, limits),
            None => self.generic.search(board, limits),
        }
    }

    /// Nodes the last `search` call visited (aborted or not) on the searcher `board` went to.
    pub(crate) fn last_call_nodes(&self, board: &VariantBoard) -> u64 {
        match board.as_board() {
            Some(_) => self.eight.nodes,
            None => self.generic.nodes(),
        }
    }

    /// The move a level plays, searched in one go (the command line and tests; the browser slices a `ThinkJob`).
    pub fn choose_move(&mut self, board: &VariantBoard, settings: &LevelSettings, seed: u64) -> Decision {
        ThinkJob::new(board, settings, seed).run(self)
    }

    /// Every legal move with its score at a level's depth and solve settings, best first.
    pub fn score_moves(&mut self, board: &VariantBoard, settings: &LevelSettings) -> Vec<(usize, i32)> {
        let mut job = ThinkJob::scoring(board, settings);
        job.run(self);
        job.scored().to_vec()
    }

    /// Whether the computer accepts a draw offered in `board`: only when a search at its level says it is not
    /// ahead. `computer_to_move` tells whose turn it is in `board`.
    pub fn accepts_draw(&mut self, board: &VariantBoard, settings: &LevelSettings, computer_to_move: bool) -> bool {
        ThinkJob::evaluation(board, settings).run(self).accepts_draw(computer_to_move)
    }
}
