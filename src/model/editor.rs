//! The board editor's state ("Set up position"): the position being set up and what a tap paints, in plain Rust.
//! The app's actions on it are in `setup/setup_actions.rs`, its panel in `setup/setup_panel.rs`.

use game::{Color, SetupPosition};

/// What a click, tap or Enter on a square does while setting up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Empty → black → white → empty: a mouse or keyboard goes round the three.
    Cycle,
    /// Puts the palette's choice (a disc, or nothing), so a finger places what it means to in one tap.
    Paint(Option<Color>),
}

/// The editor: the position being set up, the brush, and whether the game it set aside was running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Editor {
    pub setup: SetupPosition,
    pub brush: Brush,
    /// The game on the table was not paused when the editor opened: Cancel lets its computer play on.
    pub game_was_running: bool,
}

impl Editor {
    pub fn new(setup: SetupPosition, game_was_running: bool) -> Editor {
        // Black is chosen at the start, so the first click or tap places what the palette shows as pressed.
        Editor { setup, brush: Brush::Paint(Some(Color::Black)), game_was_running }
    }

    /// The pointer passed over a square with its button (or finger) down: a chosen colour paints it; cycling
    /// leaves it (a square would flicker through its three states). True if it painted.
    pub fn drag(&mut self, square: usize) -> bool {
        let Brush::Paint(disc) = self.brush else { return false };
        self.setup.place(square, disc);
        true
    }

    /// A square clicked, tapped or chosen with the keyboard.
    pub fn apply(&mut self, square: usize) {
        match self.brush {
            Brush::Cycle => self.setup.cycle(square),
            Brush::Paint(disc) => self.setup.place(square, disc),
        }
    }

    /// A palette button: paint with it, or, pressed again, go back to cycling.
    pub fn choose(&mut self, disc: Option<Color>) {
        self.brush = if self.paints(disc) { Brush::Cycle } else { Brush::Paint(disc) };
    }

    pub fn paints(&self, disc: Option<Color>) -> bool {
        self.brush == Brush::Paint(disc)
    }
}

/// The words for a square's contents, as its accessible name says them.
pub fn contents(disc: Option<Color>) -> &'static str {
    match disc {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "empty",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{parse_square, Variant};

    #[test]
    fn the_brush_cycles_until_the_palette_paints() {
        let mut editor = Editor::new(SetupPosition::start(Variant::default()), true);
        editor.setup.clear();
        let d4 = parse_square("d4", 8).unwrap();
        assert!(editor.paints(Some(Color::Black)), "Black is chosen at the start");
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), Some(Color::Black));
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), Some(Color::Black), "painting black again leaves it black");
        editor.choose(Some(Color::Black));
        assert_eq!(editor.brush, Brush::Cycle, "pressing the chosen colour again goes back to cycling");
        editor.setup.clear();
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), Some(Color::Black));
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), Some(Color::White));
        editor.choose(Some(Color::White));
        assert!(editor.paints(Some(Color::White)) && !editor.paints(None));
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), Some(Color::White), "painting white on white leaves it white");
        editor.choose(None);
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), None, "the Empty brush removes a disc");
        editor.choose(None);
        assert_eq!(editor.brush, Brush::Cycle, "pressing the chosen colour again goes back to cycling");
        editor.apply(d4);
        assert_eq!(editor.setup.at(d4), Some(Color::Black));
        assert_eq!(contents(editor.setup.at(d4)), "black");
    }

    #[test]
    fn a_drag_paints_with_a_chosen_colour_only() {
        let mut editor = Editor::new(SetupPosition::start(Variant::default()), true);
        editor.setup.clear();
        let squares = ["a1", "b1", "c1"].map(|name| parse_square(name, 8).unwrap());
        for square in squares {
            assert!(editor.drag(square));
        }
        assert!(squares.iter().all(|&s| editor.setup.at(s) == Some(Color::Black)));
        editor.choose(Some(Color::Black));
        assert!(!editor.drag(squares[0]), "cycling does not drag");
        assert_eq!(editor.setup.at(squares[0]), Some(Color::Black));
    }
}
