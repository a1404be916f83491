//! One entry of a game's history.

use serde::{Deserialize, Serialize};

/// A disc placed on a square (index `row * size + column`), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Play(usize),
    Pass,
}

impl Move {
    /// The square of a placed disc.
    pub fn square(self) -> Option<usize> {
        match self {
            Move::Play(square) => Some(square),
            Move::Pass => None,
        }
    }
}
