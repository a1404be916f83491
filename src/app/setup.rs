//! The board editor ("Set up position"): the position being set up and what a tap paints, in plain Rust, and the
//! app's actions that open the editor, edit the position and start a game from it. Its panel is `setup_panel.rs`.

use super::state::AppState;
use super::table::Table;
use crate::game::{square_name, Color, Game, PlayerKind, SetupPosition};
use leptos::prelude::*;

/// What a click, tap or Enter on a square does while setting up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Brush {
    /// Empty → black → white → empty: a mouse or keyboard goes round the three.
    #[default]
    Cycle,
    /// Puts the palette's choice (a disc, or nothing), so a finger places what it means to in one tap.
    Paint(Option<Color>),
}

/// The editor: the position being set up and the brush.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Editor {
    pub setup: SetupPosition,
    pub brush: Brush,
}

impl Editor {
    pub fn new(setup: SetupPosition) -> Editor {
        Editor { setup, brush: Brush::Cycle }
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
fn contents(disc: Option<Color>) -> &'static str {
    match disc {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "empty",
    }
}

impl AppState {
    /// Opens the editor on the position on the board (its size and side to move); the game on the table waits,
    /// its computer stopped, until the editor starts another or is cancelled.
    pub fn open_setup(&self) {
        self.table.update(Table::suspend);
        let setup = self.table.with_untracked(|t| SetupPosition::of_game(&t.game));
        self.setup.set(Some(Editor::new(setup)));
        self.notice.set(None);
        self.say("Setting up a position. Choose squares to place or remove discs.".into());
    }

    /// Leaves the editor; the game on the table comes back (paused if the computer was to move).
    pub fn close_setup(&self) {
        self.setup.set(None);
        self.say("Back to the game.".into());
    }

    /// Changes the editor and says what `change` says it did.
    pub fn edit_setup(&self, change: impl FnOnce(&mut Editor) -> String) {
        let mut said = String::new();
        self.setup.update(|editor| {
            if let Some(editor) = editor {
                said = change(editor);
            }
        });
        self.say(said);
    }

    /// A square chosen while setting up: it takes the brush's next contents.
    pub fn edit_square(&self, square: usize) {
        let name = square_name(square, self.size_untracked());
        self.cursor.set(square);
        self.edit_setup(|editor| {
            editor.apply(square);
            format!("{name}, {}", contents(editor.setup.at(square)))
        });
    }

    /// The game from the set-up position, once it is playable (else the editor's own message says why).
    fn set_up_game(&self) -> Option<Game> {
        self.setup.with_untracked(|editor| editor.and_then(|editor| editor.setup.game().ok()))
    }

    /// Play from here: a game from the set-up position with the players as chosen.
    pub fn play_from_setup(&self) {
        if let Some(game) = self.set_up_game() {
            self.setup.set(None);
            self.load_game(game);
        }
    }

    /// Analyse: a game from the set-up position for studying, two humans at the board (so no computer moves) and
    /// the hints on.
    pub fn analyse_setup(&self, hints_on: RwSignal<bool>) {
        if let Some(game) = self.set_up_game() {
            self.options.update(|o| {
                o.set_player(Color::Black, PlayerKind::Human);
                o.set_player(Color::White, PlayerKind::Human);
            });
            self.setup.set(None);
            self.load_game(game);
            hints_on.set(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{parse_square, Variant};

    #[test]
    fn the_brush_cycles_until_the_palette_paints() {
        let mut editor = Editor::new(SetupPosition::start(Variant::default()));
        editor.setup.clear();
        let d4 = parse_square("d4", 8).unwrap();
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
}
