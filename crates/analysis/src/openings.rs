//! Opening names: the named lines of `crates/analysis/data/openings.txt` (the project's own list of the standard names),
//! recognised by position under the board's eight symmetries, so the same opening played from d3, c4 or e6, or
//! reached by another move order, gets its name too.

use engine::rules::board::symmetry;
use game::{parse_square, Color, Game, Position, Variant};
use std::collections::HashMap;
use std::sync::OnceLock;

const LIST: &str = include_str!("../data/openings.txt");

/// A named line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub name: &'static str,
    /// The moves from the standard start, as listed (f5 first).
    pub moves: Vec<usize>,
}

/// The key of a position up to symmetry: the least of its eight images, with the side to move.
type Key = (u64, u64, Color);

fn key(black: u64, white: u64, to_move: Color) -> Key {
    let (b, w) = (0..8).map(|s| (symmetry(black, s), symmetry(white, s))).min().expect("eight images");
    (b, w, to_move)
}

fn key_of(position: &Position) -> Option<Key> {
    (position.size().n() == 8).then(|| key(position.black() as u64, position.white() as u64, position.to_move()))
}

/// Every named opening by the position its line reaches.
#[derive(Debug)]
pub struct Openings {
    by_position: HashMap<Key, Opening>,
}

impl Openings {
    /// The shipped list, read once.
    pub fn get() -> &'static Openings {
        static OPENINGS: OnceLock<Openings> = OnceLock::new();
        OPENINGS.get_or_init(|| Openings::parse(LIST).expect("crates/analysis/data/openings.txt is checked by a test"))
    }

    /// Reads the list: one opening a line, its moves written together ("f5d6c3"), then its name; `#` comments.
    pub fn parse(text: &'static str) -> Result<Openings, String> {
        let mut by_position = HashMap::new();
        for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (line_moves, name) = line.split_once(char::is_whitespace).ok_or(format!("line {number}: no name"))?;
            let mut game = Game::new(Variant::default());
            let mut moves = Vec::new();
            for chunk in line_moves.as_bytes().chunks(2) {
                let text = std::str::from_utf8(chunk).map_err(|_| format!("line {number}: not a square"))?;
                let square = parse_square(text, 8).ok_or(format!("line {number}: '{text}' is not a square"))?;
                game.play(square).map_err(|e| format!("line {number}: {e}"))?;
                moves.push(square);
            }
            let opening = Opening { name: name.trim(), moves };
            let position_key = key_of(game.position()).expect("8×8");
            if let Some(other) = by_position.insert(position_key, opening) {
                return Err(format!("line {number}: the position of '{}' is named twice", other.name));
            }
        }
        Ok(Openings { by_position })
    }

    pub fn len(&self) -> usize {
        self.by_position.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_position.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Opening> {
        self.by_position.values()
    }

    /// The opening whose line reaches exactly this position (under any symmetry).
    pub fn at(&self, position: &Position) -> Option<&Opening> {
        self.by_position.get(&key_of(position)?)
    }

    /// The opening of a game: the deepest named position among those its played moves went through.
    pub fn of_game(&self, game: &Game) -> Option<&Opening> {
        let history = game.history();
        (0..=history.cursor()).rev().find_map(|ply| self.at(history.position_at(ply)?))
    }

    /// The opening a move would reach from `position`, if that position is named.
    pub fn reached_by(&self, position: &Position, square: usize) -> Option<&Opening> {
        position.is_legal(square).then(|| self.at(&position.play(square))).flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Board;

    fn play_line(moves: &[usize]) -> Game {
        let mut game = Game::new(Variant::default());
        for &square in moves {
            game.play(square).expect("a legal line");
        }
        game
    }

    fn mirrored_square(square: usize, s: usize) -> usize {
        symmetry(1 << square, s).trailing_zeros() as usize
    }

    #[test]
    fn the_list_has_the_standard_names() {
        let openings = Openings::get();
        assert!(openings.len() >= 70, "{} openings", openings.len());
        for name in ["Tiger", "Rose", "Buffalo", "Heath", "Cow", "Rabbit", "Snake", "Leader's Tiger", "Cat", "Bat"] {
            assert!(openings.iter().any(|o| o.name == name), "{name} is listed");
        }
    }

    #[test]
    fn every_opening_is_recognised_under_all_eight_symmetries() {
        let openings = Openings::get();
        let start = Board::start();
        for opening in openings.iter() {
            let position = *play_line(&opening.moves).position();
            for s in 0..8 {
                // The four symmetries that keep the start position are other move orders of a real game...
                if start.symmetry(s) == start {
                    let moves: Vec<usize> = opening.moves.iter().map(|&m| mirrored_square(m, s)).collect();
                    let game = play_line(&moves);
                    assert_eq!(openings.of_game(&game).map(|o| o.name), Some(opening.name), "symmetry {s}");
                }
                // ...and every symmetry names the mirrored position itself.
                let (black, white) = (symmetry(position.black() as u64, s), symmetry(position.white() as u64, s));
                let mirrored = Position::from_discs(position.size(), black as u128, white as u128, position.to_move());
                assert_eq!(openings.at(&mirrored).map(|o| o.name), Some(opening.name), "{} symmetry {s}", opening.name);
            }
        }
    }

    #[test]
    fn a_game_keeps_the_name_of_its_deepest_named_position() {
        let openings = Openings::get();
        let squares = |line: &str| {
            line.as_bytes()
                .chunks(2)
                .map(|c| parse_square(std::str::from_utf8(c).unwrap(), 8).unwrap())
                .collect::<Vec<_>>()
        };
        let mut game = play_line(&squares("f5d6c3d3c4"));
        assert_eq!(openings.of_game(&game).map(|o| o.name), Some("Tiger"));
        game.play(squares("f4")[0]).unwrap();
        assert_eq!(openings.of_game(&game).map(|o| o.name), Some("Tiger"), "an unnamed step keeps the name");
        let e6 = squares("e6")[0];
        assert_eq!(openings.reached_by(game.position(), e6).map(|o| o.name), Some("Leader's Tiger"));
        game.play(e6).unwrap();
        assert_eq!(openings.of_game(&game).map(|o| o.name), Some("Leader's Tiger"));
        game.undo_all();
        assert_eq!(openings.of_game(&game), None, "the start has no name");
        // Another board size has no named openings.
        let small = Game::new(Variant { size: game::BoardSize::Six, ..Variant::default() });
        assert_eq!(openings.of_game(&small), None);
    }

    #[test]
    fn a_bad_list_is_refused_with_its_line() {
        assert!(Openings::parse("f5d6 Perpendicular\nf5z9 Nowhere").unwrap_err().contains("line 2"));
        assert!(Openings::parse("f5f5 Twice").unwrap_err().contains("line 1"));
        assert!(Openings::parse("f5d6 A\nf5d6 B").unwrap_err().contains("named twice"));
        assert!(Openings::parse("f5d6").unwrap_err().contains("no name"));
    }
}
