//! Building the `Ai` a step at a time, for a caller that must not block for the whole build (the browser app,
//! between frames): the 8×8 transposition table a few megabytes per step (tens of megabytes at once are a long
//! task), the trained evaluation's weights a part at a time (all at once they take tens of milliseconds), then the
//! searchers. On the web the weights wait, a step doing nothing, until the app has installed the data files
//! (`shipped`); the table needs no data and fills meanwhile.

use super::ai::Ai;
use crate::eval::pattern_evaluator::ShippedDecoding;
use crate::search::tt::TableBuild;
use crate::shipped;

/// Table megabytes filled per step: a few milliseconds in a browser.
const TABLE_MB_PER_STEP: usize = 2;

pub struct AiBuilder {
    table: Option<TableBuild>,
    decoding: ShippedDecoding,
}

impl AiBuilder {
    /// A build of an `Ai` whose 8×8 transposition table takes about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Self {
        AiBuilder { table: Some(TableBuild::new(tt_megabytes)), decoding: ShippedDecoding::start() }
    }

    /// One step of the build: `None` while the table fills, the data files are awaited or the weights decode; the
    /// `Ai` on the step that finishes (and `None` after it).
    pub fn step(&mut self) -> Option<Ai> {
        if !self.table.as_mut()?.step(TABLE_MB_PER_STEP) {
            return None;
        }
        if !self.decoding.step() || !shipped::ready() {
            return None;
        }
        Some(Ai::with_table(self.table.take()?.finish()))
    }

    /// Whether the build waits for the data files: everything it can do without them is done.
    pub fn awaits_data(&self) -> bool {
        !shipped::ready() && self.table.as_ref().is_some_and(TableBuild::is_complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pattern::PHASES;
    use crate::{Level, ThinkJob, VariantBoard};

    #[test]
    fn the_build_ends_in_an_ai_that_plays() {
        let mut builder = AiBuilder::new(1);
        // The header, the symmetry classes, two steps a phase (a part of the stream, a phase's mirror entries) and
        // the searchers with the last one (fewer steps when another test decoded the weights first).
        let mut ai =
            (0..2 * PHASES + 2).find_map(|_| builder.step()).expect("built within two steps per phase and two more");
        let (black, white) = VariantBoard::start_discs(8, Default::default());
        let start = VariantBoard::new(8, black, white);
        let decision = ThinkJob::new(&start, Level::Beginner.settings(), 0).run(&mut ai);
        assert!(decision.mv.is_some_and(|sq| start.is_legal(sq)));
    }
}
