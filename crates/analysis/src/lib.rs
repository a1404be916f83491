//! The engine at the player's service: values of every legal move (hints), a review of a whole game, the named
//! openings. Plain Rust on top of the engine and the game model, run in node-budgeted slices like the computer's
//! own thinking (`engine::ai::think_job`), so the app can advance it between frames.

pub mod move_values;
pub mod openings;
pub mod review;

pub use move_values::{Depths, MoveValue, MoveValues, Verdict};
pub use openings::{Opening, Openings};
pub use review::{Class, GameReview, PlayerSummary, PlyReview, ReviewDepth};
