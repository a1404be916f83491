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

/// Moves with their scores, best first and the lowest square among equals: the root's move lists (the searcher's,
/// the computer player's and the book's). Every distinct sort compiles its own copy of the standard library's sort
/// into the wasm (7 KiB at this crate's opt-level), so this sorts `(-score, square)` pairs with the plain unstable
/// sort the generic searcher's move ordering already has; the squares are distinct, so the order is a stable one's.
pub fn sort_best_first(scored: &mut [(usize, i32)]) {
    let mut keyed: Vec<(i32, usize)> = scored.iter().map(|&(sq, score)| (-score, sq)).collect();
    keyed.sort_unstable();
    for (slot, (negated, sq)) in scored.iter_mut().zip(keyed) {
        *slot = (sq, -negated);
    }
}

#[cfg(test)]
mod tests {
    use super::sort_best_first;

    #[test]
    fn best_first_puts_the_highest_score_first_and_the_lowest_square_among_equals() {
        let mut scored = vec![(44, 2), (19, -6), (26, 2), (37, 8), (20, 2)];
        sort_best_first(&mut scored);
        assert_eq!(scored, vec![(37, 8), (20, 2), (26, 2), (44, 2), (19, -6)]);
    }
}
