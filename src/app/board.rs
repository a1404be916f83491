//! The SVG board: an ARIA grid of squares with coordinates in the corners of the edge squares, drawn from a narrow
//! input (the app's game, or a still picture).

use super::event::{Event, LastEvent};
use super::square::Square;
use super::state::AppState;
use crate::game::{Color, Coordinates, Game, Position};
use leptos::prelude::*;

/// Board units per square (the SVG scales to its box).
pub const CELL: f64 = 10.0;
/// The frame around the squares. The coordinates sit inside the edge squares' corners rather than in a margin, so
/// on a 360 px phone all of the width goes to the squares: 44 px each on 8×8.
const FRAME: f64 = 0.5;
/// Where a coordinate sits from its square's corner: clear of the disc and of the last-move ring.
const LABEL_INSET: f64 = 0.6;

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

/// What every square reads: the board's input and the hovered move's flips, computed once for the whole board.
#[derive(Clone, Copy)]
pub struct BoardSquares {
    pub input: BoardInput,
    /// The discs the hovered move would flip.
    pub preview: Memo<u128>,
}

impl BoardSquares {
    /// The colour that moves now, for the preview's ghost disc.
    pub fn mover(&self) -> Color {
        self.input.position.with(Position::to_move)
    }
}

/// The board drawn from its input (not from the app state, so a picture needs no game around it).
#[component]
pub fn BoardView(input: BoardInput) -> impl IntoView {
    let preview = Memo::new(move |_| {
        let Some(controls) = input.controls else { return 0 };
        match controls.hover.get() {
            Some(square) if controls.preview_moves.get() && input.playable.get() >> square & 1 == 1 => {
                input.position.get().flips(square)
            }
            _ => 0,
        }
    });
    // Handed to each square rather than provided through context: the strategy guide shows several boards side by
    // side, and a component's context would reach its siblings too.
    let board = BoardSquares { input, preview };
    let size = Memo::new(move |_| input.position.with(|p| p.size().n()));
    let extent = move || CELL * size.get() as f64;
    let view_box = move || format!("{} {} {} {}", -FRAME, -FRAME, extent() + 2.0 * FRAME, extent() + 2.0 * FRAME);
    let label = move || {
        let p = input.position.get();
        format!("Board, {n}×{n}: Black {}, White {}", p.count(Color::Black), p.count(Color::White), n = size.get())
    };
    let rows = move || {
        let n = size.get();
        (0..n)
            .map(|row| {
                let squares = (0..n).map(|col| view! { <Square board square=row * n + col size=n /> }).collect_view();
                view! { <g role="row">{squares}</g> }
            })
            .collect_view()
    };
    let coordinates = move || {
        let n = size.get();
        let system = input.coordinates.get();
        (0..n)
            .map(|i| {
                let start = i as f64 * CELL;
                let column = ((b'a' + i as u8) as char).to_string();
                // Letters in the top-right corners of the top row, numbers in the bottom-left corners of the left
                // column, so a1 holds both without crowding.
                view! {
                    <text class="coordinate column" x=start + CELL - LABEL_INSET y=LABEL_INSET>{column}</text>
                    <text class="coordinate row" x=LABEL_INSET y=start + CELL - LABEL_INSET>
                        {system.row_label(i, n)}
                    </text>
                }
            })
            .collect_view()
    };
    let dots = move || star_points(size.get());
    view! {
        <svg class="board" viewBox=view_box role="grid" aria-label=label aria-rowcount=size aria-colcount=size>
            <rect
                class="board-frame"
                x=-FRAME
                y=-FRAME
                width=move || extent() + 2.0 * FRAME
                height=move || extent() + 2.0 * FRAME
                rx=FRAME
            />
            {rows}
            // A reviewed move's marks belong to the game on the table: only the playable board shows them.
            {input.controls.is_some_and(|c| c.shows_table).then(|| view! { <super::analysis::ReviewMarks /> })}
            <g class="coordinates" aria-hidden="true">{coordinates}</g>
            <g class="star-points" aria-hidden="true">
                {move || dots().into_iter().map(|(x, y)| view! { <circle cx=x cy=y r=0.7 /> }).collect_view()}
            </g>
        </svg>
    }
}

/// The four dots two squares in from each corner, as on a real Othello board.
fn star_points(n: usize) -> Vec<(f64, f64)> {
    let (near, far) = (2.0, n as f64 - 2.0);
    [(near, near), (near, far), (far, near), (far, far)].map(|(x, y)| (x * CELL, y * CELL)).to_vec()
}
