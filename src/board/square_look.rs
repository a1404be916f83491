//! What each square shows, derived in plain Rust from one reading of the board's input: the board computes every
//! square's look in one memo, and a square redraws only when its own look changes. One derivation for the board
//! rather than a dozen reactive bindings per square keeps the first render short (issue 28: the start's task on a
//! phone was mostly the 64 squares' bindings and listeners).

use super::analysis_marks::SquareHint;
use game::{Color, Coordinates, Position};

/// Everything the squares show, read once for the whole board.
pub struct BoardReading<'a> {
    pub position: &'a Position,
    /// The squares named and marked as legal moves.
    pub playable: u128,
    pub show_valid_moves: bool,
    pub last_placed: Option<usize>,
    /// The discs the last move flipped, nearest first, while its animation should play.
    pub flipping: Option<&'a [usize]>,
    /// Milliseconds between one disc turning over and the next; 0 without animation.
    pub flip_step_ms: u32,
    pub coordinates: Coordinates,
    /// The keyboard focus cursor; none on a board without controls.
    pub cursor: Option<usize>,
    /// The legal square under the pointer while hovering previews moves.
    pub previewed: Option<usize>,
    /// The last refused square with its event's serial.
    pub refused: Option<(usize, u64)>,
}

/// How a disc comes onto the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscMotion {
    Still,
    /// The disc just placed falls into place.
    Drop,
    /// A flipped disc turns over after `delay_ms`, taking `duration_ms`.
    Flip {
        delay_ms: u32,
        duration_ms: u32,
    },
}

/// What the pointer's hovered move shows on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preview {
    /// The mover's faded disc on the hovered square.
    Ghost(Color),
    /// A small ring of the mover's colour on a disc the move would flip.
    Flip(Color),
}

/// One square's state as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct SquareLook {
    pub disc: Option<(Color, DiscMotion)>,
    pub playable: bool,
    /// A playable square's marker (the option to show legal moves).
    pub marker: bool,
    /// The keyboard cursor is here: the square in the tab order.
    pub active: bool,
    /// The last move's ring, and whether it animates with the move.
    pub last: Option<bool>,
    pub hint: Option<SquareHint>,
    pub preview: Option<Preview>,
    /// The serial of the refusal flashing here.
    pub refused: Option<u64>,
    /// The accessible name: "f5, empty, legal move", "d4, white, last move, hint +4".
    pub name: String,
}

impl BoardReading<'_> {
    /// Every square's look, row by row; `hint` gives a legal square's hint, if any.
    pub fn looks(&self, hint: impl Fn(usize) -> Option<SquareHint>) -> Vec<SquareLook> {
        let size = self.position.size().n();
        let mover = self.position.to_move();
        let preview_flips = self.previewed.map_or(0, |square| self.position.flips(square));
        let bit = |set: u128, square: usize| set >> square & 1 == 1;
        (0..size * size)
            .map(|square| {
                let playable = bit(self.playable, square);
                let disc = self.position.at(square).map(|color| (color, self.motion(square)));
                let last = (self.last_placed == Some(square)).then_some(self.flipping.is_some());
                let hint = playable.then(|| hint(square)).flatten();
                let preview = if bit(preview_flips, square) {
                    Some(Preview::Flip(mover))
                } else {
                    (self.previewed == Some(square)).then_some(Preview::Ghost(mover))
                };
                SquareLook {
                    name: self.accessible_name(square, size, disc.map(|d| d.0), playable, last.is_some(), &hint),
                    disc,
                    playable,
                    marker: playable && self.show_valid_moves,
                    active: self.cursor == Some(square),
                    last,
                    hint,
                    preview,
                    refused: self.refused.filter(|(s, _)| *s == square).map(|(_, serial)| serial),
                }
            })
            .collect()
    }

    fn motion(&self, square: usize) -> DiscMotion {
        let step = self.flip_step_ms;
        let Some(order) = self.flipping.filter(|_| step > 0) else { return DiscMotion::Still };
        match order.iter().position(|&s| s == square) {
            Some(i) => DiscMotion::Flip { delay_ms: step * (i as u32 + 1), duration_ms: step * 3 },
            None if self.last_placed == Some(square) => DiscMotion::Drop,
            None => DiscMotion::Still,
        }
    }

    fn accessible_name(
        &self,
        square: usize,
        size: usize,
        disc: Option<Color>,
        playable: bool,
        last: bool,
        hint: &Option<SquareHint>,
    ) -> String {
        // The name as the board's labels show it (data-square keeps the standard name for scripts).
        let name = self.coordinates.name(square, size);
        let state_words = match disc {
            Some(color) => color.name().to_lowercase(),
            None if playable => "empty, legal move".into(),
            None => "empty".into(),
        };
        let last = if last { ", last move" } else { "" };
        let hint = hint.as_ref().map_or("", |h| &h.words);
        format!("{name}, {state_words}{last}{hint}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, Variant};

    fn reading(position: &Position) -> BoardReading<'_> {
        BoardReading {
            position,
            playable: Game::from_position(*position).legal_moves(),
            show_valid_moves: true,
            last_placed: None,
            flipping: None,
            flip_step_ms: 0,
            coordinates: Coordinates::Standard,
            cursor: None,
            previewed: None,
            refused: None,
        }
    }

    fn look<'a>(looks: &'a [SquareLook], name: &str) -> &'a SquareLook {
        &looks[game::parse_square(name, 8).expect("a square of the 8×8 board")]
    }

    #[test]
    fn the_start_names_its_discs_and_legal_moves() {
        let start = Position::start(Variant::default());
        let looks = reading(&start).looks(|_| None);
        assert_eq!(looks.len(), 64);
        assert_eq!(look(&looks, "f5").name, "f5, empty, legal move");
        assert!(look(&looks, "f5").playable && look(&looks, "f5").marker);
        assert_eq!(look(&looks, "d4").name, "d4, white");
        assert_eq!(look(&looks, "d4").disc, Some((Color::White, DiscMotion::Still)));
        assert_eq!(look(&looks, "a1").name, "a1, empty");
        assert!(!look(&looks, "a1").playable && !look(&looks, "a1").marker);
        assert_eq!(looks.iter().filter(|l| l.active).count(), 0, "no cursor, no square in the tab order");
    }

    #[test]
    fn the_names_follow_the_shown_coordinates() {
        let start = Position::start(Variant::default());
        let reading = BoardReading { coordinates: Coordinates::Reversy, ..reading(&start) };
        let looks = reading.looks(|_| None);
        // The square whose standard name is f5 shows as f4 with a1 at the bottom.
        assert_eq!(look(&looks, "f5").name, "f4, empty, legal move");
    }

    #[test]
    fn the_last_move_drops_and_its_flips_turn_in_order() {
        let mut game = Game::from_position(Position::start(Variant::default()));
        let f5 = game::parse_square("f5", 8).unwrap();
        game.play(f5).expect("f5 is legal at the start");
        let position = *game.position();
        let flips = game.last_flips();
        let reading =
            BoardReading { last_placed: Some(f5), flipping: Some(&flips), flip_step_ms: 40, ..reading(&position) };
        let looks = reading.looks(|_| None);
        assert_eq!(look(&looks, "f5").disc, Some((Color::Black, DiscMotion::Drop)));
        assert_eq!(look(&looks, "f5").last, Some(true));
        assert_eq!(look(&looks, "f5").name, "f5, black, last move");
        assert_eq!(look(&looks, "e5").disc, Some((Color::Black, DiscMotion::Flip { delay_ms: 40, duration_ms: 120 })));
        // Without animation the same move just shows.
        let still = BoardReading { flip_step_ms: 0, ..reading }.looks(|_| None);
        assert_eq!(look(&still, "e5").disc, Some((Color::Black, DiscMotion::Still)));
        assert_eq!(look(&still, "f5").disc, Some((Color::Black, DiscMotion::Still)));
    }

    #[test]
    fn a_hovered_move_shows_its_disc_and_the_discs_it_would_flip() {
        let start = Position::start(Variant::default());
        let f5 = game::parse_square("f5", 8).unwrap();
        let looks = BoardReading { previewed: Some(f5), ..reading(&start) }.looks(|_| None);
        assert_eq!(look(&looks, "f5").preview, Some(Preview::Ghost(Color::Black)));
        assert_eq!(look(&looks, "e5").preview, Some(Preview::Flip(Color::Black)));
        assert_eq!(looks.iter().filter(|l| l.preview.is_some()).count(), 2);
    }

    #[test]
    fn hints_refusals_and_the_cursor_land_on_their_square_only() {
        let start = Position::start(Variant::default());
        let (f5, a1) = (game::parse_square("f5", 8).unwrap(), game::parse_square("a1", 8).unwrap());
        let hint = SquareHint { label: "+4".into(), best: true, exact: false, words: ", hint +4".into() };
        let reading = BoardReading { cursor: Some(a1), refused: Some((a1, 7)), ..reading(&start) };
        // A hint only where a move is legal, whatever the analysis holds.
        let looks = reading.looks(|_| Some(hint.clone()));
        assert_eq!(look(&looks, "f5").hint, Some(hint.clone()));
        assert_eq!(look(&looks, "f5").name, "f5, empty, legal move, hint +4");
        assert_eq!(look(&looks, "a1").hint, None);
        assert!(look(&looks, "a1").active && !looks[f5].active);
        assert_eq!(look(&looks, "a1").refused, Some(7));
        assert_eq!(looks.iter().filter(|l| l.refused.is_some()).count(), 1);
    }
}
