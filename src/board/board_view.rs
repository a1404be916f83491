//! The SVG board: an ARIA grid of squares with coordinates in the corners of the edge squares, drawn from a narrow
//! input (the app's game, or a still picture).

use super::analysis_marks::ReviewMarks;
use super::board_input::{BoardInput, BoardSquares, CELL};
use super::square_view::Square;
use game::Color;
use leptos::prelude::*;

/// The frame around the squares. The coordinates sit inside the edge squares' corners rather than in a margin, so
/// on a 360 px phone the squares keep 44 px each on 8×8 with a few pixels to spare at the screen's edges.
const FRAME: f64 = 0.4;
/// Where a coordinate sits from its square's corner.
const LABEL_INSET: f64 = 0.45;

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
            {input.controls.is_some_and(|c| c.shows_table).then(|| view! { <ReviewMarks /> })}
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
