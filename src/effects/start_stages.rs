//! The start in slices (issue 28). Built in one go, the page was one long task: on a phone's CPU about 250 ms, a
//! third to a half of it V8 compiling the wasm's functions on their first call, which no loader can move off the
//! main thread. So each part of the page is built in a task of its own, in the order a player needs them: the frame
//! (the header, the layout) and the board's two halves hidden behind index.html's first paint, which gives way once
//! the board is whole, then the panels (docs/benchmarks.md, "First visit"). Each part's place is reserved by the
//! layout, so nothing moves as it comes.

use leptos::prelude::*;

/// The parts of the page, in the order they are built: each in a task after the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum StartPart {
    /// The page's frame (the header, the layout, the board's frame), built hidden behind index.html's first paint.
    Frame,
    /// The board's first rows, still hidden.
    BoardHalf,
    /// The board's other rows: the page is shown in the first paint's place, the board playable.
    Board,
    /// Whose turn, the counts and the notices.
    Status,
    /// The game bar and the header's buttons.
    Controls,
    /// The online panel, the hints and the move list.
    SidePanels,
    /// The graph and the review, the dialogs and the update notice.
    Rest,
}

impl StartPart {
    /// The part built after this one, if any.
    fn next(self) -> Option<StartPart> {
        match self {
            StartPart::Frame => Some(StartPart::BoardHalf),
            StartPart::BoardHalf => Some(StartPart::Board),
            StartPart::Board => Some(StartPart::Status),
            StartPart::Status => Some(StartPart::Controls),
            StartPart::Controls => Some(StartPart::SidePanels),
            StartPart::SidePanels => Some(StartPart::Rest),
            StartPart::Rest => None,
        }
    }
}

/// How far the start has come; `App` shows each part once it is reached.
#[derive(Clone, Copy)]
pub struct StartStages(RwSignal<StartPart>);

impl StartStages {
    /// Whether `part` is built (or being built in this task).
    pub fn reached(self, part: StartPart) -> bool {
        self.0.get() >= part
    }
}

/// Starts the count: the frame now, each later part in a task of its own (in the browser; natively all at once).
pub fn install() -> StartStages {
    let stages = StartStages(RwSignal::new(StartPart::Frame));
    #[cfg(target_arch = "wasm32")]
    web::schedule(stages);
    #[cfg(not(target_arch = "wasm32"))]
    while let Some(next) = stages.0.get_untracked().next() {
        stages.0.set(next);
    }
    stages
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;

    /// The mark in the page's performance timeline once every part is built, which tests and scripts wait for.
    const STARTED_MARK: &str = "reversi-started";

    /// Builds the next part in a new task (so the browser may paint and handle input between parts, in a hidden tab
    /// too), and so on to the last.
    pub fn schedule(stages: StartStages) {
        crate::effects::next_task::next_task(move || match stages.0.get_untracked().next() {
            Some(next) => {
                stages.0.set(next);
                schedule(stages);
            }
            None => mark(STARTED_MARK),
        });
    }

    fn mark(name: &str) {
        if let Some(performance) = window().performance() {
            let _ = performance.mark(name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_come_in_order_and_end_with_the_rest() {
        let mut order = vec![StartPart::Frame];
        while let Some(next) = order.last().and_then(|part| part.next()) {
            assert!(next > *order.last().unwrap(), "{next:?} comes after {:?}", order.last());
            order.push(next);
        }
        assert_eq!(order.len(), 7);
        assert_eq!(order.last(), Some(&StartPart::Rest));
    }

    #[test]
    fn natively_every_part_is_reached_at_once() {
        let owner = Owner::new();
        owner.with(|| {
            let stages = install();
            assert!(stages.reached(StartPart::Rest));
        });
    }
}
