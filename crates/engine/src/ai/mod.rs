//! The computer player, the engine's front door: the `Ai` that owns the searchers (built in one go, or a step at a
//! time by `AiBuilder`), the `ThinkJob` that thinks a few milliseconds at a time and ends in a `Decision`, the
//! difficulty levels, Master's time management, and the match runner that plays settings against each other (and
//! against a model of a novice).

#[allow(clippy::module_inception)] // ai::ai holds the Ai type: one concept per file.
pub mod ai;
pub mod builder;
pub mod level;
pub mod match_play;
pub mod novice;
pub mod think_job;
pub mod time_plan;

pub use ai::Ai;
pub use builder::AiBuilder;
pub use level::{Level, LevelSettings};
pub use think_job::{Decision, ThinkJob};
