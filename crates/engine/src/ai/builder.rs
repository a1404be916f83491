//! Building the `Ai` a step at a time, for a caller that must not block for the whole build (the browser app,
//! between frames): the trained evaluation's weights a phase per step (all at once they take tens of
//! milliseconds), then the searchers with their transposition table. On the web it waits, a step doing nothing,
//! until the app has installed the data files (`shipped`).

use super::ai::Ai;
use crate::eval::pattern_evaluator::ShippedDecoding;
use crate::shipped;

pub struct AiBuilder {
    decoding: ShippedDecoding,
    tt_megabytes: usize,
}

impl AiBuilder {
    /// A build of an `Ai` whose 8×8 transposition table takes about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Self {
        AiBuilder { decoding: ShippedDecoding::start(), tt_megabytes }
    }

    /// One step of the build: `None` while the data files are awaited or the weights still decoding, the `Ai` on
    /// the step that finishes.
    pub fn step(&mut self) -> Option<Ai> {
        (self.decoding.step() && shipped::ready()).then(|| Ai::new(self.tt_megabytes))
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
        // The header, a phase per step, then the searchers (fewer steps when another test decoded the weights first).
        let mut ai = (0..=PHASES + 1).find_map(|_| builder.step()).expect("built within a step per phase and two more");
        let (black, white) = VariantBoard::start_discs(8, Default::default());
        let start = VariantBoard::new(8, black, white);
        let decision = ThinkJob::new(&start, Level::Beginner.settings(), 0).run(&mut ai);
        assert!(decision.mv.is_some_and(|sq| start.is_legal(sq)));
    }
}
