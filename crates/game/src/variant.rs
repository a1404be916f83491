//! Which game is played: board size, opening and who moves first (the BrainKing variants).

use super::color::Color;
pub use engine::Opening;
use serde::{Deserialize, Serialize};

/// A supported board size. Saved as the number 6, 8 or 10; any other number is rejected on load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(try_from = "u8", into = "u8")]
pub enum BoardSize {
    Six,
    #[default]
    Eight,
    Ten,
}

impl BoardSize {
    pub const ALL: [BoardSize; 3] = [BoardSize::Six, BoardSize::Eight, BoardSize::Ten];

    /// Squares along one side.
    pub fn n(self) -> usize {
        match self {
            BoardSize::Six => 6,
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }

    pub fn squares(self) -> usize {
        self.n() * self.n()
    }

    pub fn from_n(n: usize) -> Option<BoardSize> {
        BoardSize::ALL.into_iter().find(|size| size.n() == n)
    }
}

impl TryFrom<u8> for BoardSize {
    type Error = String;

    fn try_from(n: u8) -> Result<Self, Self::Error> {
        BoardSize::from_n(n as usize).ok_or_else(|| format!("{n} is not a board size (6, 8 or 10)"))
    }
}

impl From<BoardSize> for u8 {
    fn from(size: BoardSize) -> u8 {
        size.n() as u8
    }
}

/// The rules a game starts from. The default is the standard game: 8×8, four-disc start, Black first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Variant {
    pub size: BoardSize,
    #[serde(with = "crate::SavedOpening")]
    pub opening: Opening,
    /// The side that makes the first move.
    pub first: Color,
}
