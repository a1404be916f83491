//! The game model: a game of any variant with its history, results, statistics, saves and notation.
//! Plain Rust with no web dependency; the app keeps these types in its state.

mod color;
mod engine_names;
mod errors;
#[allow(clippy::module_inception)] // game::game holds the Game type: one concept per file.
mod game;
mod game_move;
mod history;
pub mod notation;
mod position;
mod record;
mod result;
mod save;
mod save_v1;
mod setup_position;
mod square;
mod stats;
mod variant;

#[cfg(test)]
mod game_tests;

pub use color::Color;
pub use engine::bits::squares_of;
pub use engine_names::{SavedLevel, SavedOpening};
pub use errors::{IllegalMove, Reason, Refused};
pub use game::Game;
pub use game_move::Move;
pub use history::History;
pub use position::Position;
pub use result::{EndReason, Ending, GameResult};
pub use save::{is_json_save, load, save, LoadError, SAVE_VERSION};
pub use save_v1::{load_data_v1, load_fields_v1, load_v1};
pub use setup_position::{SetupCheck, SetupPosition, SetupProblem};
pub use square::{parse_square, square_name, Coordinates};
pub use stats::{PlayerKind, Statistics, Tally};
pub use variant::{BoardSize, Opening, Variant};
