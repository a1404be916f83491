//! What the board draws from: a narrow input (the app's game, the position being set up, or a still picture), apart
//! from the board component so that the app and the strategy guide build it without drawing anything.

use crate::model::event::{Event, LastEvent};
use crate::model::state::AppState;
use game::{Coordinates, Game, Position};
use leptos::prelude::*;

/// Board units per square (the SVG scales to its box).
pub const CELL: f64 = 10.0;
/// What the board shows and how it answers the player: the game in the app, or a fixed picture such as the
/// strategy guide's diagrams. Signals, so the board follows whatever drives it.
#[derive(Clone, Copy)]
pub struct BoardInput {
    pub position: Signal<Position>,
    /// The squares named and marked as legal moves (those a human may play now).
    pub playable: Signal<u128>,
    /// Whether the playable squares carry a marker.
    pub show_valid_moves: Signal<bool>,
    pub last_placed: Signal<Option<usize>>,
    /// The discs the last move flipped, nearest first, with the move's serial, while its animation should play.
    pub flipping: Signal<Option<(u64, Vec<usize>)>>,
    /// Milliseconds between one disc turning over and the next; 0 without animation.
    pub flip_step_ms: Signal<u32>,
    /// Marks on some squares, each a word the stylesheet colours (the strategy guide's "good", "risky", "bad"),
    /// shown as `data-mark`: attributes and a stylesheet rather than generated `<style>` rules, which the content
    /// security policy refuses.
    pub marks: Signal<Vec<(usize, &'static str)>>,
    /// Where a1 is: the labels and the squares' names follow the player's option; a picture is standard.
    pub coordinates: Signal<Coordinates>,
    /// The player's hands on the board; a picture has none.
    pub controls: Option<BoardControls>,
}

/// How a playable board answers the pointer and the keyboard.
#[derive(Clone, Copy)]
pub struct BoardControls {
    /// The keyboard focus cursor (a square index).
    pub cursor: RwSignal<usize>,
    /// The square under the pointer.
    pub hover: RwSignal<Option<usize>>,
    /// Whether hovering a legal move previews its flips.
    pub preview_moves: Signal<bool>,
    /// The last refused square with its event's serial, so a second refusal flashes again.
    pub refused: Signal<Option<(usize, u64)>>,
    /// A square clicked or tapped.
    pub play: Callback<usize>,
    /// A square the pointer passes over while pressed (the editor paints it); none while playing.
    pub drag: Option<Callback<usize>>,
    /// The board shows the game on the table, so the analysis' marks belong on it (not on the editor's board).
    pub shows_table: bool,
}

impl BoardInput {
    /// The game in progress, played through the app state.
    pub fn of_app(state: AppState) -> BoardInput {
        let playable = Memo::new(move |_| {
            let players = state.players();
            state.table.with(|t| if t.human_to_move(&players).is_some() { t.game.legal_moves() } else { 0 })
        });
        let refused = Memo::new(move |_| match state.event.get() {
            Some(LastEvent { serial, event: Event::Refused { square } }) => Some((square, serial)),
            _ => None,
        });
        BoardInput {
            position: Memo::new(move |_| state.table.with(|t| *t.game.position())).into(),
            playable: playable.into(),
            show_valid_moves: Signal::derive(move || state.options.with(|o| o.show_valid_moves)),
            last_placed: Memo::new(move |_| state.table.with(|t| t.game.last_placed())).into(),
            flipping: Memo::new(move |_| {
                let serial = state.animation.get()?;
                Some((serial, state.table.with(|t| t.game.last_flips())))
            })
            .into(),
            flip_step_ms: Signal::derive(move || state.options.with(|o| o.flip_step_ms())),
            marks: Signal::stored(Vec::new()),
            coordinates: Signal::derive(move || state.options.with(|o| o.coordinates)),
            controls: Some(BoardControls {
                cursor: state.cursor,
                hover: state.hover,
                preview_moves: Signal::derive(move || state.options.with(|o| o.preview_moves)),
                refused: refused.into(),
                play: Callback::new(move |square| state.human_plays(square)),
                drag: None,
                shows_table: true,
            }),
        }
    }

    /// The position being set up: every square answers (the editor decides what a click does), none is a move.
    pub fn of_setup(state: AppState) -> BoardInput {
        let position = Memo::new(move |_| {
            state
                .setup
                .with(|e| e.map(|e| e.setup.position()))
                .unwrap_or_else(|| state.table.with(|t| *t.game.position()))
        });
        BoardInput {
            position: position.into(),
            playable: Signal::stored(0),
            show_valid_moves: Signal::stored(false),
            last_placed: Signal::stored(None),
            flipping: Signal::stored(None),
            flip_step_ms: Signal::stored(0),
            marks: Signal::stored(Vec::new()),
            coordinates: Signal::derive(move || state.options.with(|o| o.coordinates)),
            controls: Some(BoardControls {
                cursor: state.cursor,
                hover: state.hover,
                preview_moves: Signal::stored(false),
                refused: Signal::stored(None),
                play: Callback::new(move |square| state.edit_square(square)),
                drag: Some(Callback::new(move |square| state.drag_over_square(square))),
                shows_table: false,
            }),
        }
    }

    /// A still picture of `position` with `marks`, its legal moves shown if `show_moves` (after a forced pass, the
    /// other side's).
    pub fn picture(position: Position, show_moves: bool, marks: Vec<(usize, &'static str)>) -> BoardInput {
        let moves = if show_moves { Game::from_position(position).legal_moves() } else { 0 };
        BoardInput {
            position: Signal::stored(position),
            playable: Signal::stored(moves),
            show_valid_moves: Signal::stored(show_moves),
            last_placed: Signal::stored(None),
            flipping: Signal::stored(None),
            flip_step_ms: Signal::stored(0),
            marks: Signal::stored(marks),
            coordinates: Signal::stored(Coordinates::Standard),
            controls: None,
        }
    }
}
