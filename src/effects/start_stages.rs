//! The start in slices (issue 28). Built in one go, the page was one long task: on a phone's CPU about 250 ms, a
//! third to a half of it V8 compiling the wasm's functions on their first call, which no loader can move off the
//! main thread. So each part of the page is built in a task of its own, in the order a player needs them: the frame
//! (the header, the layout) and the board's two halves hidden behind index.html's first paint, which gives way once
//! the board is whole, then the panels (docs/benchmarks.md, "First visit"). Each part's place is reserved by the
//! layout, so nothing moves as it comes. The side panels' code is not in the main module (panels/later_panels.rs): it is fetched when their part
//! is reached, and the part after them waits for it, so the start ends with every part's code here (or said not to
//! have come: the side column then offers to try again).

use leptos::prelude::*;
use std::future::Future;

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
    /// The side column's code, fetched now with the result card's and the opening name's (the next part waits for
    /// it), and once it is here the online panel.
    SidePanels,
    /// The hints panel: the side column's panels come a part each, since their first builds compile their code.
    Hints,
    /// The move list.
    Moves,
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
            StartPart::SidePanels => Some(StartPart::Hints),
            StartPart::Hints => Some(StartPart::Moves),
            StartPart::Moves => Some(StartPart::Rest),
            StartPart::Rest => None,
        }
    }
}

/// How far the start has come; `App` shows each part once it is reached. In context for the parts whose code comes
/// with the side panels.
#[derive(Clone, Copy)]
pub struct StartStages {
    part: RwSignal<StartPart>,
    side_code: RwSignal<bool>,
}

impl StartStages {
    /// The app's, from context.
    pub fn get() -> StartStages {
        expect_context()
    }

    /// Whether `part` is built (or being built in this task).
    pub fn reached(self, part: StartPart) -> bool {
        self.part.get() >= part
    }

    /// Whether the side panels' code is here (tracked: it comes once, with their part or with a later try).
    pub fn side_code_here(self) -> bool {
        self.side_code.get()
    }

    /// Says the side panels' code has come.
    pub fn side_code_came(self) {
        if !self.side_code.get_untracked() {
            self.side_code.set(true);
        }
    }
}

/// Starts the count: the frame now, each later part in a task of its own (in the browser; natively all at once).
/// `side_panels_code` fetches the side panels' code; its end, whether the code came or not, lets the start go on.
pub fn install<F: Future<Output = ()> + 'static>(side_panels_code: fn(StartStages) -> F) -> StartStages {
    let stages = StartStages { part: RwSignal::new(StartPart::Frame), side_code: RwSignal::new(false) };
    provide_context(stages);
    #[cfg(target_arch = "wasm32")]
    web::schedule(stages, side_panels_code);
    #[cfg(not(target_arch = "wasm32"))]
    {
        // Native code keeps one module and builds no page: the stages only count.
        let _ = side_panels_code;
        while let Some(next) = stages.part.get_untracked().next() {
            stages.part.set(next);
        }
    }
    stages
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;

    /// The mark in the page's performance timeline once every part is built, which tests and scripts wait for.
    const STARTED_MARK: &str = "reversi-started";

    /// Builds the next part in a new task (so the browser may paint and handle input between parts, in a hidden tab
    /// too), and so on to the last; after the side panels, once their code has come. Stops if the app is gone meanwhile.
    pub fn schedule<F: Future<Output = ()> + 'static>(stages: StartStages, side_panels_code: fn(StartStages) -> F) {
        crate::effects::next_task::next_task(move || match stages.part.try_get_untracked().map(StartPart::next) {
            Some(Some(next)) => {
                stages.part.set(next);
                if next == StartPart::SidePanels {
                    leptos::task::spawn_local(async move {
                        side_panels_code(stages).await;
                        schedule(stages, side_panels_code);
                    });
                } else {
                    schedule(stages, side_panels_code);
                }
            }
            Some(None) => mark(STARTED_MARK),
            None => {}
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
        assert_eq!(order.len(), 9);
        assert_eq!(order.last(), Some(&StartPart::Rest));
    }

    #[test]
    fn natively_every_part_is_reached_at_once() {
        let owner = Owner::new();
        owner.with(|| {
            let stages = install(|_| async {});
            assert!(stages.reached(StartPart::Rest));
        });
    }

    #[test]
    fn the_side_panels_code_is_here_once_said_and_the_stages_are_in_context() {
        let owner = Owner::new();
        owner.with(|| {
            let stages = install(|_| async {});
            assert!(!stages.side_code_here(), "natively nothing fetches it, and nothing says it came");
            stages.side_code_came();
            assert!(stages.side_code_here());
            assert!(StartStages::get().side_code_here(), "the parts built before it read the same stages");
        });
    }
}
