//! Scoring a position without searching: the `Evaluator` interface the search calls at its leaves, the hand-set
//! evaluation, and the trained pattern evaluation with its features and weights file.

pub mod evaluator;
pub mod hand;
pub mod pattern;
pub mod pattern_evaluator;
pub mod weights;

pub use evaluator::Evaluator;
pub use hand::HandEvaluator;
pub use pattern_evaluator::PatternEvaluator;
