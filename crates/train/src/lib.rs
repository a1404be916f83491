//! The training pipeline behind `reversi-train`: self-play games from varied openings, their positions
//! labelled with exact solves near the end and deeper searches before, and the regularised least-squares fit
//! of the pattern weights, phase by phase; positions off the games' lines (offshoots) labelled the same way.

mod chunk_file;
pub mod fit;
pub mod labelled_play;
pub mod offshoots;
pub mod playout;
pub mod position_records;
pub mod quantise;
pub mod records;
pub mod samples;
pub mod selfplay;
