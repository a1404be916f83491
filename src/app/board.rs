//! The SVG board.

use crate::engine::{Opening, VariantBoard};
use leptos::prelude::*;

const CELL: f64 = 10.0;

#[component]
pub fn Board() -> impl IntoView {
    let size = 8;
    let (black, white) = VariantBoard::start_discs(size, Opening::Standard);
    let extent = CELL * size as f64;
    let squares = (0..size * size)
        .map(|sq| {
            let (col, row) = (sq % size, sq / size);
            let name = format!("{}{}", (b'a' + col as u8) as char, row + 1);
            let (x, y) = (col as f64 * CELL, row as f64 * CELL);
            let disc = if black >> sq & 1 == 1 {
                Some("disc black")
            } else if white >> sq & 1 == 1 {
                Some("disc white")
            } else {
                None
            };
            view! {
                <g class="square" data-square=name.clone() role="gridcell" tabindex="-1" aria-label=name>
                    <rect x=x y=y width=CELL height=CELL class="cell" />
                    {disc.map(|class| view! {
                        <circle cx=x + CELL / 2.0 cy=y + CELL / 2.0 r=CELL * 0.4 class=class />
                    })}
                </g>
            }
        })
        .collect_view();
    view! {
        <svg class="board" viewBox=format!("0 0 {extent} {extent}") role="grid" aria-label="Board">
            {squares}
        </svg>
    }
}
