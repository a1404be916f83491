//! The SVG board: an ARIA grid of squares with coordinates in the corners of the edge squares.

use super::square::Square;
use super::state::AppState;
use crate::game::{Color, Position};
use leptos::prelude::*;

/// Board units per square (the SVG scales to its box).
pub const CELL: f64 = 10.0;
/// The frame around the squares. The coordinates sit inside the edge squares' corners rather than in a margin, so
/// on a 360 px phone all of the width goes to the squares: 44 px each on 8×8.
const FRAME: f64 = 0.5;
/// Where a coordinate sits from its square's corner: clear of the disc and of the last-move ring.
const LABEL_INSET: f64 = 0.6;

/// What every square reads, computed once per change for the whole board.
#[derive(Clone, Copy)]
pub struct BoardView {
    pub position: Memo<Position>,
    /// Legal moves a human may click now (empty on the computer's turn).
    pub playable: Memo<u128>,
    /// The discs the hovered move would flip.
    pub preview: Memo<u128>,
    pub last_placed: Memo<Option<usize>>,
    /// The discs the last move flipped, nearest first, while its animation should play.
    pub flipping: Memo<Option<(u64, Vec<usize>)>>,
}

impl BoardView {
    fn new(state: AppState) -> BoardView {
        let position = Memo::new(move |_| state.table.with(|t| *t.game.position()));
        let playable = Memo::new(move |_| {
            let players = state.players();
            state.table.with(|t| if t.human_to_move(&players).is_some() { t.game.legal_moves() } else { 0 })
        });
        let preview = Memo::new(move |_| {
            let wanted = state.options.with(|o| o.preview_moves);
            match state.hover.get() {
                Some(square) if wanted && playable.get() >> square & 1 == 1 => position.get().flips(square),
                _ => 0,
            }
        });
        let last_placed = Memo::new(move |_| state.table.with(|t| t.game.last_placed()));
        let flipping = Memo::new(move |_| {
            let serial = state.animation.get()?;
            Some((serial, state.table.with(|t| t.game.last_flips())))
        });
        BoardView { position, playable, preview, last_placed, flipping }
    }

    /// The colour that moves now, for the preview's ghost disc.
    pub fn mover(&self) -> Color {
        self.position.with(Position::to_move)
    }
}

#[component]
pub fn Board() -> impl IntoView {
    let state = AppState::get();
    let view_state = BoardView::new(state);
    provide_context(view_state);
    let size = Memo::new(move |_| state.size());
    let extent = move || CELL * size.get() as f64;
    let view_box = move || format!("{} {} {} {}", -FRAME, -FRAME, extent() + 2.0 * FRAME, extent() + 2.0 * FRAME);
    let label = move || {
        let p = view_state.position.get();
        format!("Board, {n}×{n}: Black {}, White {}", p.count(Color::Black), p.count(Color::White), n = size.get())
    };
    let rows = move || {
        let n = size.get();
        (0..n)
            .map(|row| {
                let squares = (0..n).map(|col| view! { <Square square=row * n + col size=n /> }).collect_view();
                view! { <g role="row">{squares}</g> }
            })
            .collect_view()
    };
    let coordinates = move || {
        let n = size.get();
        (0..n)
            .map(|i| {
                let start = i as f64 * CELL;
                let column = ((b'a' + i as u8) as char).to_string();
                // Letters in the top-right corners of the top row, numbers in the bottom-left corners of the left
                // column, so a1 holds both without crowding.
                view! {
                    <text class="coordinate column" x=start + CELL - LABEL_INSET y=LABEL_INSET>{column}</text>
                    <text class="coordinate row" x=LABEL_INSET y=start + CELL - LABEL_INSET>{i + 1}</text>
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
