//! The training pipeline behind `reversi-train`: self-play games from varied openings, their positions
//! labelled with exact solves near the end and deeper searches before, and the regularised least-squares fit
//! of the pattern weights, phase by phase.

pub mod fit;
pub mod labelled_play;
pub mod playout;
pub mod quantise;
pub mod records;
pub mod samples;
pub mod selfplay;
