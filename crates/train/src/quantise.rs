//! Rounding fitted weights for the shipped file. A weight that n training positions use is known only to about
//! σ/√n discs, so finer steps than that store noise: each weight is rounded to the largest power-of-two step of
//! sixteenths of a disc not above `quantum`/√(n + 1) discs (at most 2 discs). The many weights few positions pin down
//! then take few distinct values and the file compresses far better, while the well-measured ones keep full precision.

use engine::eval::weights::{Weights, UNITS_PER_DISC};

/// The coarsest step, in sixteenths of a disc.
const MAX_STEP: f32 = 32.0;

/// `discs` (as `fit` returns them) rounded by their `counts` (`fit::Fitted`) into shippable weights.
pub fn quantise(discs: &[f32], counts: &[f32], quantum: f32) -> Weights {
    assert_eq!(discs.len(), counts.len());
    let units = UNITS_PER_DISC as f32;
    let rounded: Vec<f32> = discs
        .iter()
        .zip(counts)
        .map(|(&w, &n)| {
            let step = quantum * units / (n + 1.0).sqrt();
            let step = if step < 1.0 { 1.0 } else { step.log2().floor().exp2().min(MAX_STEP) };
            (w * units / step).round() * step / units
        })
        .collect();
    Weights::from_discs(&rounded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::eval::pattern::PHASE_SIZE;

    #[test]
    fn well_measured_weights_keep_their_sixteenths_and_rare_ones_take_coarse_steps() {
        let size = 12 * PHASE_SIZE;
        let discs: Vec<f32> = (0..size).map(|i| ((i * 7919) % 401) as f32 / 16.0 - 12.5).collect();
        // Every weight used 10,000 times, or never.
        let exact = Weights::from_discs(&discs);
        assert_eq!(quantise(&discs, &vec![10_000.0; size], 3.0), exact);
        let rare = quantise(&discs, &vec![0.0; size], 3.0);
        // Unused weights are rounded to steps of 2 discs (32 sixteenths), so never more than a disc off.
        for (r, e) in rare.values.iter().zip(&exact.values) {
            assert_eq!(r % 32, 0);
            assert!((r - e).abs() <= 16, "{r} vs {e}");
        }
        // So they take a few dozen distinct values instead of hundreds: what makes the file compress.
        let distinct = |w: &Weights| w.values.iter().collect::<std::collections::BTreeSet<_>>().len();
        assert!(distinct(&rare) <= 30 && distinct(&exact) > 300, "{} {}", distinct(&rare), distinct(&exact));
    }

    #[test]
    fn the_step_shrinks_with_the_square_root_of_the_count() {
        // quantum 1 disc: 15 positions give a step of 1/4 disc (16/√16 = 4 sixteenths), so 0.3 discs → 0.25.
        let size = 12 * PHASE_SIZE;
        let mut discs = vec![0f32; size];
        let mut counts = vec![0f32; size];
        discs[0] = 0.3;
        counts[0] = 15.0;
        assert_eq!(quantise(&discs, &counts, 1.0).values[0], 4);
    }
}
