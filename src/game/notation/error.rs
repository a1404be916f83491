//! Errors in text that say where and why: "move 12, f7: no discs to flip".

use crate::game::IllegalMove;

/// Where in the text the problem is (all counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// The nth move of a transcript (a written pass counts).
    Move(usize),
    /// The nth character of the text, whitespace included.
    Character(usize),
    /// The nth `;`-separated field of an OBF line.
    Field(usize),
    /// The text as a whole (for example its length).
    Text,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Move(n) => write!(f, "move {n}"),
            Location::Character(n) => write!(f, "character {n}"),
            Location::Field(n) => write!(f, "field {n}"),
            Location::Text => f.write_str("text"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub location: Location,
    text: String,
}

impl NotationError {
    /// "character 5: 'q' is not a disc"
    pub fn new(location: Location, why: impl std::fmt::Display) -> NotationError {
        let text = match location {
            Location::Text => why.to_string(),
            _ => format!("{location}: {why}"),
        };
        NotationError { location, text }
    }

    /// "move 12, f7: no discs to flip"
    pub fn illegal(location: Location, illegal: &IllegalMove) -> NotationError {
        NotationError { location, text: format!("{location}, {illegal}") }
    }
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for NotationError {}
