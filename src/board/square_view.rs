//! One square of the board as an ARIA grid cell: its cell, disc, markers and the flip animation, drawn from its
//! look. The board computes every look at once and listens to the pointer and the focus for all its squares
//! (`board_view.rs`), so a square is one memo and four bindings: its class, its place in the tab order, its name and
//! what it shows.

use super::board_input::CELL;
use super::square_look::{DiscMotion, Preview, SquareLook};
use game::Color;
use leptos::prelude::*;

/// The square's parts in its own units (its corner at 0 0, `CELL` wide; the square's group is moved into place), as
/// the attributes' text: constants, so the 64 squares' elements take no number formatting at the start.
mod units {
    /// The cell's side, `CELL`.
    pub const SIDE: &str = "10";
    /// The centre's coordinate, where discs and marks sit.
    pub const CENTRE: &str = "5";
    /// A disc's radius; the preview ghost is the same disc, faded.
    pub const DISC: &str = "4.1";
    pub const MARKER: &str = "1.2";
    pub const PREVIEW_FLIP: &str = "1.6";
    pub const LAST_MOVE: &str = "4.6";
    /// The focus ring's inset, side and corner radius.
    pub const RING_INSET: &str = "0.6";
    pub const RING_SIDE: &str = "8.8";
    pub const RING_CORNER: &str = "0.8";
}

fn colour_class(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Square `square` of the board, `name` its standard name (`data-square`), `mark` the stylesheet's word for it.
#[component]
pub fn Square(
    look: Memo<Option<SquareLook>>,
    square: usize,
    size: usize,
    name: String,
    mark: Option<&'static str>,
) -> impl IntoView {
    let origin = format!("translate({} {})", (square % size) as f64 * CELL, (square / size) as f64 * CELL);
    let (cx, cy) = (units::CENTRE, units::CENTRE);
    let class = move || {
        look.with(|look| match look.as_ref().map(|l| (l.playable, l.active)) {
            Some((true, true)) => "square playable active",
            Some((true, false)) => "square playable",
            Some((false, true)) => "square active",
            _ => "square",
        })
    };
    let active = move || look.with(|look| look.as_ref().is_some_and(|l| l.active));
    let accessible_name = move || look.with(|look| look.as_ref().map(|l| l.name.clone()));
    // What comes and goes on the square, in one redraw: the elements it keeps are updated in place (a disc's class
    // changes, so its CSS animation starts). The square's own element is never redrawn, so it keeps the focus.
    let shown = move || {
        let look = look.get()?;
        let disc = look.disc.map(|(color, motion)| {
            // The timing goes in through the CSS object model (`style:`), which the content security policy
            // allows; a `style` attribute would be refused as an inline style. The old colour is the stylesheet's.
            let (class, timing) = match motion {
                DiscMotion::Flip { delay_ms, duration_ms } => {
                    (format!("disc {} flip", colour_class(color)), Some((delay_ms, duration_ms)))
                }
                DiscMotion::Drop => (format!("disc {} drop", colour_class(color)), None),
                DiscMotion::Still => (format!("disc {}", colour_class(color)), None),
            };
            let (delay, duration) =
                timing.map(|(delay, duration)| (format!("{delay}ms"), format!("{duration}ms"))).unzip();
            view! {
                <circle
                    class=class
                    style:animation-delay=delay
                    style:animation-duration=duration
                    cx=cx
                    cy=cy
                    r=units::DISC
                />
            }
        });
        let preview = look.preview.map(|preview| match preview {
            Preview::Flip(mover) => (format!("preview-flip {}", colour_class(mover)), units::PREVIEW_FLIP),
            Preview::Ghost(mover) => (format!("ghost {}", colour_class(mover)), units::DISC),
        });
        Some(view! {
            {look.marker.then(|| view! { <circle class="marker" cx=cx cy=cy r=units::MARKER /> })}
            {disc}
            {look.hint.map(|h| view! {
                <text class="hint" class:best=h.best class:exact=h.exact x=cx y=cy aria-hidden="true">{h.label}</text>
            })}
            {preview.map(|(class, radius)| view! { <circle class=class cx=cx cy=cy r=radius /> })}
            {look.last.map(|animated| view! {
                <circle class="last-move" class:animated=animated cx=cx cy=cy r=units::LAST_MOVE />
            })}
            {look.refused.map(|serial| view! {
                <rect class="refused-flash" data-serial=serial width=units::SIDE height=units::SIDE />
            })}
        })
    };
    view! {
        <g
            class=class
            role="gridcell"
            data-square=name
            data-mark=mark
            tabindex=move || if active() { "0" } else { "-1" }
            aria-label=accessible_name
            transform=origin
        >
            <rect class="cell" width=units::SIDE height=units::SIDE />
            {shown}
            <rect
                class="focus-ring"
                x=units::RING_INSET
                y=units::RING_INSET
                width=units::RING_SIDE
                height=units::RING_SIDE
                rx=units::RING_CORNER
            />
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The square's parts keep the sizes they had in board units: the constants are the same numbers as text.
    #[test]
    fn the_parts_text_says_the_board_units() {
        let number = |text: &str| text.parse::<f64>().expect("a number");
        let close = |text: &str, value: f64| (number(text) - value).abs() < 1e-9;
        assert!(close(units::SIDE, CELL));
        assert!(close(units::CENTRE, CELL / 2.0));
        assert!(close(units::DISC, CELL * 0.41));
        assert!(close(units::MARKER, CELL * 0.12));
        assert!(close(units::PREVIEW_FLIP, CELL * 0.16));
        assert!(close(units::LAST_MOVE, CELL * 0.46));
        assert!(close(units::RING_SIDE, CELL - 2.0 * number(units::RING_INSET)));
    }
}
