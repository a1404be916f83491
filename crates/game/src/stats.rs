//! Statistics of finished games: wins, losses, draws and discs, from two points of view.

use super::color::Color;
use super::game::Game;
use serde::{Deserialize, Serialize};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum PlayerKind {
    #[default]
    Human,
    Computer,
}

/// Games between two sides counted from the first side's point of view; [`Tally::reversed`] gives the other's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Discs the first side ended with, summed over the games (as scored: a resignation scores every square).
    pub discs: u64,
    pub opponent_discs: u64,
}

impl Tally {
    pub fn games(&self) -> u64 {
        self.wins as u64 + self.losses as u64 + self.draws as u64
    }

    fn percent(&self, part: u32) -> f64 {
        match self.games() {
            0 => 0.0,
            games => 100.0 * part as f64 / games as f64,
        }
    }

    pub fn win_percent(&self) -> f64 {
        self.percent(self.wins)
    }

    pub fn loss_percent(&self) -> f64 {
        self.percent(self.losses)
    }

    pub fn draw_percent(&self) -> f64 {
        self.percent(self.draws)
    }

    /// The same games from the other side's point of view.
    pub fn reversed(&self) -> Tally {
        Tally {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
            discs: self.opponent_discs,
            opponent_discs: self.discs,
        }
    }

    /// Adds one game that the first side won (`Some(true)`), lost (`Some(false)`) or drew (`None`).
    fn add(&mut self, won: Option<bool>, discs: u32, opponent_discs: u32) {
        let count = match won {
            Some(true) => &mut self.wins,
            Some(false) => &mut self.losses,
            None => &mut self.draws,
        };
        *count = count.saturating_add(1);
        self.discs = self.discs.saturating_add(discs as u64);
        self.opponent_discs = self.opponent_discs.saturating_add(opponent_discs as u64);
    }
}

/// Results of finished games from two perspectives.
///
/// Every game counts in Black vs White. Computer vs Human counts only games between a human and the computer:
/// a game between two humans or between two computers counts in Black vs White only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Statistics {
    /// From Black's point of view.
    pub black_vs_white: Tally,
    /// From the computer's point of view.
    pub computer_vs_human: Tally,
}

impl Statistics {
    /// Counts a finished game once: the game is marked as counted, and a game that is not over or already
    /// counted is left out. Returns whether the game was counted.
    pub fn record(&mut self, game: &mut Game, black: PlayerKind, white: PlayerKind) -> bool {
        let Some(result) = game.result() else { return false };
        if game.recorded {
            return false;
        }
        game.recorded = true;
        let won = |side: Color| result.winner().map(|winner| winner == side);
        let (b, w) = (result.discs(Color::Black), result.discs(Color::White));
        self.black_vs_white.add(won(Color::Black), b, w);
        match (black, white) {
            (PlayerKind::Computer, PlayerKind::Human) => self.computer_vs_human.add(won(Color::Black), b, w),
            (PlayerKind::Human, PlayerKind::Computer) => self.computer_vs_human.add(won(Color::White), w, b),
            _ => {}
        }
        true
    }

    pub fn reset(&mut self) {
        *self = Statistics::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_square, Variant};

    fn finished(moves: &[&str]) -> Game {
        let mut game = Game::default();
        for name in moves {
            game.play(parse_square(name, 8).unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_finished_game_counts_once_in_each_perspective() {
        let mut stats = Statistics::default();
        let mut game = finished(&["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"]);
        assert!(stats.record(&mut game, PlayerKind::Human, PlayerKind::Computer));
        assert!(!stats.record(&mut game, PlayerKind::Human, PlayerKind::Computer), "counted once");
        assert!(game.is_recorded());
        let bw = stats.black_vs_white;
        assert_eq!((bw.wins, bw.losses, bw.draws, bw.discs, bw.opponent_discs), (1, 0, 0, 64, 0));
        let ch = stats.computer_vs_human;
        assert_eq!((ch.wins, ch.losses, ch.discs), (0, 1, 0), "the computer played White and lost");
        assert_eq!(ch.reversed().wins, 1);
        assert_eq!(bw.win_percent(), 100.0);
        assert_eq!(bw.reversed().loss_percent(), 100.0);
    }

    #[test]
    fn human_against_human_counts_in_black_vs_white_only() {
        let mut stats = Statistics::default();
        let mut game = Game::default();
        game.resign(Color::Black).unwrap();
        stats.record(&mut game, PlayerKind::Human, PlayerKind::Human);
        let mut game = Game::default();
        game.resign(Color::White).unwrap();
        stats.record(&mut game, PlayerKind::Computer, PlayerKind::Computer);
        let mut game = Game::new(Variant::default());
        game.offer_draw(Color::Black).unwrap();
        game.accept_draw().unwrap();
        stats.record(&mut game, PlayerKind::Computer, PlayerKind::Human);
        let bw = stats.black_vs_white;
        assert_eq!((bw.wins, bw.losses, bw.draws, bw.discs, bw.opponent_discs), (1, 1, 1, 66, 66));
        assert!((bw.win_percent() - 100.0 / 3.0).abs() < 1e-9);
        assert_eq!(stats.computer_vs_human.games(), 1);
        assert_eq!(stats.computer_vs_human.draw_percent(), 100.0);
        stats.reset();
        assert_eq!(stats, Statistics::default());
        assert_eq!(stats.black_vs_white.win_percent(), 0.0);
    }

    #[test]
    fn an_unfinished_game_is_not_counted() {
        let mut stats = Statistics::default();
        let mut game = Game::default();
        assert!(!stats.record(&mut game, PlayerKind::Human, PlayerKind::Computer));
        assert!(!game.is_recorded());
        assert_eq!(stats, Statistics::default());
    }
}
