//! The board editor's actions ("Set up position"): open the editor, edit the position, start a game from it. The
//! editor's plain state is `model/editor.rs`, its panel `setup_panel.rs`.

use crate::model::editor::{contents, Brush, Editor};
use crate::model::state::AppState;
use crate::model::table::Table;
use game::{square_name, Color, Game, PlayerKind, SetupPosition};
use leptos::prelude::*;

impl AppState {
    /// Opens the editor on the position on the board (its size and side to move); the game on the table waits,
    /// its computer stopped, until the editor starts another or is cancelled.
    pub fn open_setup(&self) {
        let (setup, running) = self.table.with_untracked(|t| (SetupPosition::of_game(&t.game), !t.suspended));
        self.table.update(Table::suspend);
        self.setup.set(Some(Editor::new(setup, running)));
        self.notice.set(None);
        self.say("Setting up a position. Choose squares to place or remove discs.".into());
    }

    /// Leaves the editor; the game on the table comes back as it was, paused only if it was paused before.
    pub fn close_setup(&self) {
        if self.setup.with_untracked(|editor| editor.is_some_and(|e| e.game_was_running)) {
            self.table.update(Table::resume);
        }
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

    /// The pointer dragged over a square while setting up: the chosen colour paints it.
    pub fn drag_over_square(&self, square: usize) {
        let name = square_name(square, self.size_untracked());
        let painted = self.setup.with_untracked(|editor| editor.is_some_and(|e| matches!(e.brush, Brush::Paint(_))));
        if painted {
            self.edit_setup(|editor| {
                editor.drag(square);
                format!("{name}, {}", contents(editor.setup.at(square)))
            });
        }
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
