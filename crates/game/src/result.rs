//! How a game ended and the score it ended with.

use super::color::Color;
use super::position::Position;
use serde::{Deserialize, Serialize};

/// An end that the players chose rather than the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// The given side resigned.
    Resigned(Color),
    AgreedDraw,
    /// The given side's time ran out (online games with clocks).
    LostOnTime(Color),
}

/// Why the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Neither side can move.
    NoMoves,
    Resigned(Color),
    AgreedDraw,
    LostOnTime(Color),
}

/// The final score. After a natural end the winner also gets the empty squares (World Othello Federation rule);
/// a resignation or a loss on time scores every square for the winner (64–0 on 8×8); an agreed draw keeps the discs
/// on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub black: u32,
    pub white: u32,
    pub reason: EndReason,
}

impl GameResult {
    /// The result of `position` ended by `ending`, or by the board if there is none.
    pub fn new(position: &Position, ending: Option<Ending>) -> GameResult {
        let (black, white) = (position.count(Color::Black), position.count(Color::White));
        let all = position.size().squares() as u32;
        match ending {
            Some(Ending::Resigned(loser)) => GameResult::all_to_winner(loser, all, EndReason::Resigned(loser)),
            Some(Ending::LostOnTime(loser)) => GameResult::all_to_winner(loser, all, EndReason::LostOnTime(loser)),
            Some(Ending::AgreedDraw) => GameResult { black, white, reason: EndReason::AgreedDraw },
            None => {
                let empties = all - black - white;
                let (black, white) = match black.cmp(&white) {
                    std::cmp::Ordering::Greater => (black + empties, white),
                    std::cmp::Ordering::Less => (black, white + empties),
                    std::cmp::Ordering::Equal => (black, white),
                };
                GameResult { black, white, reason: EndReason::NoMoves }
            }
        }
    }

    fn all_to_winner(loser: Color, all: u32, reason: EndReason) -> GameResult {
        let (black, white) = if loser == Color::Black { (0, all) } else { (all, 0) };
        GameResult { black, white, reason }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self.reason {
            EndReason::Resigned(loser) | EndReason::LostOnTime(loser) => Some(loser.opponent()),
            EndReason::AgreedDraw => None,
            EndReason::NoMoves => match self.black.cmp(&self.white) {
                std::cmp::Ordering::Greater => Some(Color::Black),
                std::cmp::Ordering::Less => Some(Color::White),
                std::cmp::Ordering::Equal => None,
            },
        }
    }

    /// Discs scored by one side.
    pub fn discs(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

impl GameResult {
    /// The score with the winner's discs first ("61–3"); Black's first in a draw.
    pub fn score(&self) -> String {
        let (first, second) = match self.winner() {
            Some(winner) => (self.discs(winner), self.discs(winner.opponent())),
            None => (self.black, self.white),
        };
        format!("{first}–{second}")
    }

    /// The board ended with no disc of the loser's left (a resignation is no wipeout: its discs were there).
    pub fn is_wipeout(&self) -> bool {
        self.reason == EndReason::NoMoves && self.winner().is_some_and(|w| self.discs(w.opponent()) == 0)
    }
}

impl std::fmt::Display for GameResult {
    /// "White wins 61–3", "White wins 64–0, a wipeout", "White wins by resignation 64–0", "Draw 32–32",
    /// "Draw by agreement 20–18", "White wins on time 64–0": the winner's discs first.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let score = self.score();
        match (self.reason, self.winner()) {
            (EndReason::Resigned(loser), _) => write!(f, "{} wins by resignation {score}", loser.opponent()),
            (EndReason::LostOnTime(loser), _) => write!(f, "{} wins on time {score}", loser.opponent()),
            (EndReason::AgreedDraw, _) => write!(f, "Draw by agreement {score}"),
            (EndReason::NoMoves, Some(winner)) if self.is_wipeout() => write!(f, "{winner} wins {score}, a wipeout"),
            (EndReason::NoMoves, Some(winner)) => write!(f, "{winner} wins {score}"),
            (EndReason::NoMoves, None) => write!(f, "Draw {score}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winners_discs_come_first() {
        let result = |black, white, reason| GameResult { black, white, reason }.to_string();
        assert_eq!(result(3, 61, EndReason::NoMoves), "White wins 61–3");
        assert_eq!(result(40, 24, EndReason::NoMoves), "Black wins 40–24");
        assert_eq!(result(0, 64, EndReason::NoMoves), "White wins 64–0, a wipeout");
        assert_eq!(result(0, 64, EndReason::Resigned(Color::Black)), "White wins by resignation 64–0");
        assert_eq!(result(20, 18, EndReason::AgreedDraw), "Draw by agreement 20–18");
        assert_eq!(result(64, 0, EndReason::LostOnTime(Color::White)), "Black wins on time 64–0");
        assert_eq!(result(32, 32, EndReason::NoMoves), "Draw 32–32");
    }
}
