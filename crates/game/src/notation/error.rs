//! Errors in text that say where and why: "move 12, f7: no discs to flip".

use crate::IllegalMove;

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

/// How much of a piece of outside text a message repeats.
const QUOTE_LIMIT: usize = 12;

/// A piece of the text being read, quoted in a message: its first [`QUOTE_LIMIT`] characters, then "…", so that
/// a long or hostile value (a damaged save, a pasted file) is named, not repeated whole.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("'{}…'", &text[..cut]),
        None => format!("'{text}'"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_repeats_at_most_a_few_characters() {
        assert_eq!(quoted("z9"), "'z9'");
        assert_eq!(quoted("abcdefghijkl"), "'abcdefghijkl'");
        assert_eq!(quoted("abcdefghijklm"), "'abcdefghijkl…'");
        assert_eq!(quoted(&"é".repeat(1000)), format!("'{}…'", "é".repeat(12)), "cut between characters");
    }
}
