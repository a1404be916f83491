//! One square of the board: its cell, disc, markers and the flip animation, as an ARIA grid cell.

use super::analysis_marks::square_hint;
use super::board_input::{BoardSquares, CELL};
use game::{square_name, Color};
use leptos::prelude::*;

/// A disc's radius in board units; the preview ghost is the same disc, faded.
const DISC_RADIUS: f64 = CELL * 0.41;

fn colour_class(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[component]
pub fn Square(board: BoardSquares, square: usize, size: usize) -> impl IntoView {
    let input = board.input;
    let controls = input.controls;
    let name = square_name(square, size);
    let (x, y) = ((square % size) as f64 * CELL, (square / size) as f64 * CELL);
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let bit = move |set: u128| set >> square & 1 == 1;

    let disc = Memo::new(move |_| input.position.with(|p| p.at(square)));
    let playable = Memo::new(move |_| bit(input.playable.get()));
    let show_marker = move || playable.get() && input.show_valid_moves.get();
    let is_last = Memo::new(move |_| input.last_placed.get() == Some(square));
    let active = move || controls.is_some_and(|c| c.cursor.get() == square);
    let mark = input.marks.with_untracked(|marks| marks.iter().find(|(s, _)| *s == square).map(|m| m.1));
    // Hints belong to the game on the table: only the playable board shows them.
    let hint = Memo::new(move |_| if controls.is_some() && playable.get() { square_hint(square) } else { None });

    let accessible_name = {
        move || {
            // The name as the board's labels show it (data-square keeps the standard name for scripts).
            let name = input.coordinates.with(|c| c.name(square, size));
            let state_words = match disc.get() {
                Some(color) => color.name().to_lowercase(),
                None if playable.get() => "empty, legal move".into(),
                None => "empty".into(),
            };
            let last = if is_last.get() { ", last move" } else { "" };
            let hint = hint.with(|h| h.as_ref().map(|h| h.words.clone())).unwrap_or_default();
            format!("{name}, {state_words}{last}{hint}")
        }
    };

    // The disc is rebuilt whenever the position or animation changes so that its CSS animation restarts.
    let disc_view = move || {
        let color = disc.get()?;
        let step = input.flip_step_ms.get();
        let order = input.flipping.with(|f| f.as_ref().and_then(|(_, order)| order.iter().position(|&s| s == square)));
        let placed_now = input.flipping.with(|f| f.is_some()) && is_last.get();
        // The timing goes in through the CSS object model (`style:`), which the content security policy allows;
        // a `style` attribute would be refused as an inline style. The old colour comes from the stylesheet.
        let (class, timing) = match order {
            Some(i) if step > 0 => {
                (format!("disc {} flip", colour_class(color)), Some((step * (i as u32 + 1), step * 3)))
            }
            _ if placed_now && step > 0 => (format!("disc {} drop", colour_class(color)), None),
            _ => (format!("disc {}", colour_class(color)), None),
        };
        let (delay, duration) = timing.map(|(delay, duration)| (format!("{delay}ms"), format!("{duration}ms"))).unzip();
        Some(view! {
            <circle
                class=class
                style:animation-delay=delay
                style:animation-duration=duration
                cx=cx
                cy=cy
                r=DISC_RADIUS
            />
        })
    };

    let preview_view = move || {
        let mover = colour_class(board.mover());
        if bit(board.preview.get()) {
            Some(view! { <circle class=format!("preview-flip {mover}") cx=cx cy=cy r=CELL * 0.16 /> }.into_any())
        } else if controls.is_some_and(|c| c.hover.get() == Some(square) && c.preview_moves.get()) && playable.get() {
            Some(view! { <circle class=format!("ghost {mover}") cx=cx cy=cy r=DISC_RADIUS /> }.into_any())
        } else {
            None
        }
    };

    let refused_view = move || {
        controls?.refused.get().filter(|(s, _)| *s == square).map(|(_, serial)| {
            view! { <rect class="refused-flash" data-serial=serial x=x y=y width=CELL height=CELL /> }
        })
    };

    let on_click = move |_| {
        if let Some(c) = controls {
            c.play.run(square)
        }
    };
    let on_enter = move |ev: leptos::ev::PointerEvent| {
        if let Some(c) = controls {
            c.hover.set(Some(square));
            // A button or finger held down while passing over: a drag.
            if ev.buttons() & 1 == 1 {
                if let Some(drag) = c.drag {
                    drag.run(square);
                }
            }
        }
    };
    // A finger's pointer is captured by the square it went down on: released, so the squares it passes over hear it.
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if let Some(drag) = controls.and_then(|c| c.drag) {
            release_capture(&ev);
            drag.run(square);
        }
    };
    let on_leave = move |_| {
        if let Some(c) = controls {
            c.hover.update(|h| {
                if *h == Some(square) {
                    *h = None
                }
            })
        }
    };
    let on_focus = move |_| {
        if let Some(c) = controls {
            c.cursor.set(square)
        }
    };

    view! {
        <g
            class="square"
            class:playable=playable
            class:active=active
            role="gridcell"
            data-square=name
            data-mark=mark
            tabindex=move || if active() { "0" } else { "-1" }
            aria-label=accessible_name
            on:click=on_click
            on:pointerenter=on_enter
            on:pointerdown=on_down
            on:pointerleave=on_leave
            on:focus=on_focus
        >
            <rect class="cell" x=x y=y width=CELL height=CELL />
            {move || show_marker().then(|| view! { <circle class="marker" cx=cx cy=cy r=CELL * 0.12 /> })}
            {disc_view}
            {move || hint.get().map(|h| view! {
                <text class="hint" class:best=h.best class:exact=h.exact x=cx y=cy aria-hidden="true">{h.label}</text>
            })}
            {preview_view}
            {move || is_last.get().then(|| view! {
                <circle class="last-move" class:animated=move || input.flipping.with(Option::is_some)
                    cx=cx cy=cy r=CELL * 0.46 />
            })}
            <rect class="focus-ring" x=x + 0.6 y=y + 0.6 width=CELL - 1.2 height=CELL - 1.2 rx=0.8 />
            {refused_view}
        </g>
    }
}

/// Lets the squares a held finger passes over receive its pointer events (a touch pointer is captured by its target).
fn release_capture(event: &leptos::ev::PointerEvent) {
    use wasm_bindgen::JsCast;
    let target = event.target().and_then(|target| target.dyn_into::<web_sys::Element>().ok());
    if let Some(element) = target.filter(|element| element.has_pointer_capture(event.pointer_id())) {
        let _ = element.release_pointer_capture(event.pointer_id());
    }
}
