//! Finding the best move. The 8×8 `Searcher` drives iterative deepening (`searcher`) over a midgame search (`midgame`,
//! pruned by `probcut`) and an exact endgame search (`endgame`, ending in `last_moves`), which share one loop over a
//! node's moves (`principal_variation`), both ordered by `ordering` (with `parity` near the end) and remembered in
//! `tt`. The other board sizes and the empty-centre opening go to `generic`.

pub mod endgame;
pub mod generic;
pub mod last_moves;
pub mod midgame;
pub(crate) mod ordering;
pub mod parity;
pub mod principal_variation;
pub mod probcut;
pub mod searcher;
pub mod tt;

pub use searcher::{Aborted, Goal, Interrupted, Limits, SearchResult, Searcher, SolveSlices, NO_SELECTIVITY};
