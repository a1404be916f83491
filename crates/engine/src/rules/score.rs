//! Score bounds. Scores are disc differences for the side to move: exact at the end of the game, estimated by the
//! evaluation before it, in the same units so that one can stand in for the other.

/// The best 8×8 result, every disc one's own: exact scores, evaluations and the table's bounds stay within
/// `-MAX_SCORE..=MAX_SCORE`, the full window of an 8×8 search.
pub const MAX_SCORE: i32 = 64;

/// Worse than any score on any board (10×10 reaches ±100): where a best-so-far starts before a move is tried,
/// and the edge of an open window on the boards without a fixed bound.
pub const INFINITY: i32 = 1000;
