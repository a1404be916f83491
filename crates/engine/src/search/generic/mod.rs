//! Search for the positions the 8×8 searcher does not take: 6×6 and 10×10 boards, and the empty-centre opening
//! until its centre is filled. One searcher over `u128` boards, its own table and its own hand-set evaluation.

pub mod evaluation;
pub mod generic_searcher;
pub mod generic_table;

pub use generic_searcher::GenericSearcher;
