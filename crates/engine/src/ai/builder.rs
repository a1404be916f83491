//! Building the `Ai` a step at a time, for a caller that must not block for the whole build (the browser app,
//! between frames): the trained evaluation's weights a phase per step (all at once they take tens of
//! milliseconds), then the searchers with their transposition table.

use super::ai::Ai;
use crate::eval::pattern_evaluator::EmbeddedDecoding;

pub struct AiBuilder {
    decoding: EmbeddedDecoding,
    tt_megabytes: usize,
}

impl AiBuilder {
    /// A build of an `Ai` whose 8×8 transposition table takes about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Self {
        AiBuilder { decoding: EmbeddedDecoding::start(), tt_megabytes }
    }

    /// One step of the build: `None` while the weights are still decoding, the `Ai` on the step that finishes.
    pub fn step(&mut self) -> Option<Ai> {
        self.decoding.step().then(|| Ai::new(self.tt_megabytes))
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
        // A phase per step, then the searchers (fewer steps when another test decoded the weights first).
        let mut ai = (0..=PHASES).find_map(|_| builder.step()).expect("built within a step per phase and one more");
        let (black, white) = VariantBoard::start_discs(8, Default::default());
        let start = VariantBoard::new(8, black, white);
        let decision = ThinkJob::new(&start, Level::Beginner.settings(), 0).run(&mut ai);
        assert!(decision.mv.is_some_and(|sq| start.is_legal(sq)));
    }
}
