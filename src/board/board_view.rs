//! The SVG board: an ARIA grid of squares with coordinates in the corners of the edge squares, drawn from a narrow
//! input (the app's game, or a still picture).

use super::analysis_marks::{square_hint, ReviewMarks};
use super::board_input::{BoardInput, CELL};
use super::square_look::BoardReading;
use super::square_view::Square;
use crate::model::analysis_state::Analysis;
use game::{parse_square, square_name, Color};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The frame around the squares. The coordinates sit inside the edge squares' corners rather than in a margin, so
/// on a 360 px phone the squares keep 44 px each on 8×8 with a few pixels to spare at the screen's edges.
const FRAME: f64 = 0.4;
/// Where a coordinate sits from its square's corner.
const LABEL_INSET: f64 = 0.45;

/// The board drawn from its input (not from the app state, so a picture needs no game around it). `rows_built`, the
/// share of the rows to build (all when absent), lets the app's start build the board in slices behind its first
/// paint (`start_stages`).
#[component]
pub fn BoardView(input: BoardInput, #[prop(optional, into)] rows_built: Option<Signal<f64>>) -> impl IntoView {
    let controls = input.controls;
    // Hints belong to the game on the table: only the playable board shows them.
    let analysis = controls.filter(|c| c.shows_table).and_then(|_| use_context::<Analysis>());
    // Every square's look in one derivation; each square picks its own below and redraws only when it changes.
    let looks = Memo::new(move |_| {
        let position = input.position.get();
        let playable = input.playable.get();
        let previewed = controls.and_then(|c| {
            let hovered = c.hover.get().filter(|&square| playable >> square & 1 == 1);
            hovered.filter(|_| c.preview_moves.get())
        });
        input.flipping.with(|flipping| {
            let reading = BoardReading {
                position: &position,
                playable,
                show_valid_moves: input.show_valid_moves.get(),
                last_placed: input.last_placed.get(),
                flipping: flipping.as_ref().map(|(_, order)| order.as_slice()),
                flip_step_ms: input.flip_step_ms.get(),
                coordinates: input.coordinates.get(),
                cursor: controls.map(|c| c.cursor.get()),
                previewed,
                refused: controls.and_then(|c| c.refused.get()),
            };
            match analysis.filter(|a| a.hints_on.get()) {
                Some(analysis) => analysis.hints.with(|hints| {
                    let hints = hints.as_ref().filter(|h| h.position == position);
                    reading.looks(|square| hints.and_then(|h| square_hint(h, square)))
                }),
                None => reading.looks(|_| None),
            }
        })
    });
    let size = Memo::new(move |_| input.position.with(|p| p.size().n()));
    let extent = move || CELL * size.get() as f64;
    let view_box = move || format!("{} {} {} {}", -FRAME, -FRAME, extent() + 2.0 * FRAME, extent() + 2.0 * FRAME);
    let label = move || {
        let p = input.position.get();
        format!("Board, {n}×{n}: Black {}, White {}", p.count(Color::Black), p.count(Color::White), n = size.get())
    };
    let row_view = move |row: usize, n: usize| {
        let squares = input.marks.with_untracked(|marks| {
            (0..n)
                .map(|col| {
                    let square = row * n + col;
                    let look = Memo::new(move |_| looks.with(|looks| looks.get(square).cloned()));
                    let mark = marks.iter().find(|(s, _)| *s == square).map(|m| m.1);
                    view! { <Square look square size=n name=square_name(square, n) mark /> }
                })
                .collect_view()
        });
        view! { <g role="row">{squares}</g> }
    };
    let rows = move || {
        let n = size.get();
        (0..n)
            .map(|row| {
                // Each row once its share of the rows is built (at once without `rows_built`), and never again.
                let built = Memo::new(move |_| rows_built.is_none_or(|share| (row as f64) < share.get() * n as f64));
                move || built.get().then(|| row_view(row, n))
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
        <svg
            class="board"
            viewBox=view_box
            role="grid"
            aria-label=label
            aria-rowcount=size
            aria-colcount=size
            on:click=move |event| {
                if let (Some(c), Some(square)) = (controls, square_of(&event, size.get_untracked())) {
                    c.play.run(square)
                }
            }
            on:pointerover=move |event| {
                let Some(c) = controls else { return };
                let square = square_of(&event, size.get_untracked());
                if c.hover.get_untracked() != square {
                    c.hover.set(square);
                    // A button or finger held down while passing onto a square: a drag.
                    if let (Some(drag), Some(square)) = (c.drag.filter(|_| event.buttons() & 1 == 1), square) {
                        drag.run(square);
                    }
                }
            }
            on:pointerleave=move |_| {
                if let Some(c) = controls.filter(|c| c.hover.get_untracked().is_some()) {
                    c.hover.set(None)
                }
            }
            on:pointerdown=move |event| {
                let Some(drag) = controls.and_then(|c| c.drag) else { return };
                if let Some(square) = square_of(&event, size.get_untracked()) {
                    // A finger's pointer is captured by the square it went down on: released, so the squares it
                    // passes over hear it.
                    release_capture(&event);
                    drag.run(square);
                }
            }
            on:focusin=move |event| {
                if let (Some(c), Some(square)) = (controls, square_of(&event, size.get_untracked())) {
                    c.cursor.set(square)
                }
            }
        >
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

/// The square an event on the board happened in: the grid cell around its target, by its standard name.
fn square_of(event: &web_sys::Event, size: usize) -> Option<usize> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    let cell = target.closest("[data-square]").ok()??;
    parse_square(&cell.get_attribute("data-square")?, size)
}

/// Lets the squares a held finger passes over receive its pointer events (a touch pointer is captured by its target).
fn release_capture(event: &web_sys::PointerEvent) {
    let target = event.target().and_then(|target| target.dyn_into::<web_sys::Element>().ok());
    if let Some(element) = target.filter(|element| element.has_pointer_capture(event.pointer_id())) {
        let _ = element.release_pointer_capture(event.pointer_id());
    }
}
