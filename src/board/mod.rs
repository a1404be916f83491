//! The board: the SVG board and its squares, drawn from a narrow [`BoardInput`](board_input::BoardInput) (the game
//! on the table, the position being set up, or a still picture in the strategy guide), and what the analysis
//! draws on it.
//!
//! Rule: board components and what they read; imports only the model and the crates below (the app and the
//! strategy guide draw boards with it, never the other way round).

pub(crate) mod analysis_marks;
pub(crate) mod board_input;
pub(crate) mod board_view;
pub(crate) mod square_look;
pub(crate) mod square_view;
