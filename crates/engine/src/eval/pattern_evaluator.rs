//! The trained pattern evaluation: the sum of one weight per feature (`pattern::features`) from the tables of
//! the position's phase, found by one look-up by empties count (no division or branch on the hot path).

use super::evaluator::Evaluator;
use super::pattern::{features, phase, PHASE_SIZE};
use super::weights::{PhasedDecoder, Weights, MAX_PHASES, UNITS_PER_DISC};
use crate::rules::{Board, MAX_SCORE};
use crate::shipped::DataFile;
use std::sync::{Arc, OnceLock};

/// The shipped weights' tables (trained by `reversi-train`), decoded once and shared.
static SHIPPED_TABLES: OnceLock<PatternEvaluator> = OnceLock::new();
const CHECKED: &str = "crates/engine/data/eval.weights is checked by a test";
const INSTALLED: &str = "the weights are installed before any search (shipped::ready)";

/// Empties counts a board can have (test positions may hold fewer than the four starting discs).
const EMPTIES_COUNTS: usize = 65;

#[derive(Clone, Debug)]
pub struct PatternEvaluator {
    weights: Arc<[i16]>,
    /// Where the tables of the phase of each empties count start in `weights`.
    phase_start: [u32; EMPTIES_COUNTS],
}

impl PatternEvaluator {
    pub fn new(weights: Weights) -> Self {
        debug_assert!((1..=MAX_PHASES).contains(&weights.phases));
        let phase_start = std::array::from_fn(|e| (phase(e as u32, weights.phases) * PHASE_SIZE) as u32);
        PatternEvaluator { weights: weights.values.into(), phase_start }
    }

    /// The shipped weights (`shipped::DataFile::Weights`), decoded once on first use and shared afterwards. On
    /// the web their file must be installed first; natively it is compiled in.
    pub fn shipped() -> Self {
        SHIPPED_TABLES
            .get_or_init(|| {
                let bytes = DataFile::Weights.bytes().expect(INSTALLED);
                PatternEvaluator::new(Weights::decode(bytes).expect(CHECKED))
            })
            .clone()
    }
}

/// The shipped weights decoded a part per `step`, for a caller that must not block for the whole decode
/// (`AiBuilder`); once it is done, [`PatternEvaluator::shipped`] finds them ready. Until the weights' file is
/// here (the web app fetches it), a step does nothing.
pub struct ShippedDecoding(Option<PhasedDecoder<'static>>);

impl ShippedDecoding {
    pub fn start() -> Self {
        ShippedDecoding(None)
    }

    /// Decodes one more phase once the file is here; whether the shipped weights are ready.
    pub fn step(&mut self) -> bool {
        if SHIPPED_TABLES.get().is_some() {
            return true;
        }
        if self.0.is_none() {
            let Some(bytes) = DataFile::Weights.bytes() else { return false };
            self.0 = Some(PhasedDecoder::new(bytes).expect(CHECKED));
            return false;
        }
        let decoder = self.0.as_mut().expect("started above");
        if !decoder.step().expect(CHECKED) {
            return false;
        }
        let weights = self.0.take().expect("decoding").finish().expect(CHECKED);
        SHIPPED_TABLES.get_or_init(|| PatternEvaluator::new(weights));
        true
    }
}

impl Evaluator for PatternEvaluator {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        // Round to the nearest disc (the shift floors, so add half a disc first).
        ((self.fine(board) + UNITS_PER_DISC / 2) >> UNITS_PER_DISC.trailing_zeros()).clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// The weights are in sixteenths of a disc already (`UNITS_PER_DISC`).
    #[inline]
    fn fine(&self, board: &Board) -> i32 {
        let tables = &self.weights[self.phase_start[board.empty_count() as usize] as usize..][..PHASE_SIZE];
        features(board).iter().map(|&f| tables[f as usize] as i32).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped_bytes() -> &'static [u8] {
        DataFile::Weights.bytes().expect("compiled in natively")
    }

    #[test]
    fn shipped_weights_decode_and_are_trained() {
        let weights = Weights::decode(shipped_bytes()).expect("shipped weights decode");
        assert!(weights.values.iter().filter(|&&v| v != 0).count() > 10_000);
    }

    #[test]
    fn decoding_in_steps_readies_the_shipped_tables() {
        let mut decoding = ShippedDecoding::start();
        let steps = std::iter::repeat_with(|| decoding.step()).take_while(|&done| !done).count();
        let phases = Weights::decode(shipped_bytes()).unwrap().phases;
        assert!(steps <= 2 * phases + 1, "a step for the header, then the decoder's, two per phase at most: {steps}");
        assert_eq!(&*PatternEvaluator::shipped().weights, &Weights::decode(shipped_bytes()).unwrap().values[..]);
    }

    #[test]
    fn trained_eval_is_symmetric_and_likes_corners() {
        let eval = PatternEvaluator::shipped();
        let b = Board::start().play(19).play(18).play(17).play(9);
        for s in 1..8 {
            assert_eq!(eval.fine(&b), eval.fine(&b.symmetry(s)), "symmetry {s}");
        }
        // A midgame position (30 plies of always the lowest legal square): owning one of its empty corners is
        // worth several discs to either side.
        let mut mid = Board::start();
        for _ in 0..30 {
            mid = if mid.moves() == 0 { mid.pass() } else { mid.play(mid.moves().trailing_zeros() as usize) };
        }
        let corner = [0, 7, 56, 63].into_iter().find(|&c| (mid.empties() >> c) & 1 == 1).expect("an empty corner");
        let mine = Board::new(mid.player | 1 << corner, mid.opponent);
        let theirs = Board::new(mid.player, mid.opponent | 1 << corner);
        assert!(
            eval.fine(&mine) - eval.fine(&theirs) > 4 * UNITS_PER_DISC,
            "{} {}",
            eval.fine(&mine),
            eval.fine(&theirs)
        );
    }
}
