//! The fit: regularised least squares over every phase at once, by full-batch gradient steps preconditioned per
//! weight (each weight moves by its mean residual, the Jacobi iteration Logistello's, Edax's and Egaroucid's
//! trainers use), with a penalty that pulls each weight towards the same weight of the neighbouring phases, and
//! early stopping on validation games; and the error table on held-out positions.

use super::samples::Sample;
use engine::eval::pattern::{canonical_indices, features, phase, FEATURES, PHASE_SIZE};
use engine::eval::Evaluator;

#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    /// Phases of the weights: equal slices of the empties 60..1.
    pub phases: usize,
    /// At most this many full passes over the data.
    pub epochs: u32,
    /// Ridge penalty, in samples: a weight seen n times is shrunk as if by `ridge` extra samples at its prior value
    /// (zero, or the prior weights' value when the fit starts from earlier weights).
    pub ridge: f32,
    /// Smoothing, in samples: each weight is pulled towards the same weight of each neighbouring phase as if by
    /// this many samples at that value, so weights a phase sees rarely borrow from its neighbours.
    pub smoothing: f32,
    /// Fraction of the mean residual each weight moves per epoch (halved whenever the training loss goes up).
    pub step: f32,
    /// Stop once the validation error has not improved for this many epochs (the best weights are kept).
    pub patience: u32,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            phases: engine::eval::pattern::PHASES,
            epochs: 400,
            ridge: 2.0,
            smoothing: 16.0,
            step: 0.25,
            patience: 20,
        }
    }
}

/// Weights in discs (`PHASE_SIZE` a phase) carried over to `phases` phases: each new phase takes the tables of the
/// old phase its first empties count falls in, so a fit with more phases starts from (and shrinks towards) fewer.
pub fn resample_phases(discs: &[f32], phases: usize) -> Vec<f32> {
    let old_phases = discs.len() / PHASE_SIZE;
    (0..phases)
        .flat_map(|p| {
            let empties = (0..=60).rev().find(|&e| phase(e, phases) == p).expect("every phase has an empties count");
            &discs[phase(empties, old_phases) * PHASE_SIZE..][..PHASE_SIZE]
        })
        .copied()
        .collect()
}

/// A position prepared for the fit: its phase, its label and its features' class representatives.
struct Row {
    phase: u32,
    label: f32,
    features: [u32; FEATURES],
}

fn rows(samples: &[Sample], phases: usize, canonical: &[u32]) -> Vec<Row> {
    samples
        .iter()
        .map(|s| Row {
            phase: phase(s.board.empty_count(), phases) as u32,
            label: s.score as f32,
            features: features(&s.board).map(|f| canonical[f as usize]),
        })
        .collect()
}

/// How many rows use each weight (`phase * PHASE_SIZE + class representative`).
fn counts(rows: &[Row], size: usize) -> Vec<f32> {
    let mut counts = vec![0f32; size];
    for r in rows {
        for &i in &r.features {
            counts[r.phase as usize * PHASE_SIZE + i as usize] += 1.0;
        }
    }
    counts
}

/// What [`fit`] makes: the weights, and how many training positions use each (what a weight's precision rests on).
pub struct Fitted {
    /// Weights in discs for every phase (`phase * PHASE_SIZE + feature`, class representatives only).
    pub discs: Vec<f32>,
    pub counts: Vec<f32>,
}

fn predict(w: &[f32], row: &Row) -> f32 {
    let table = &w[row.phase as usize * PHASE_SIZE..][..PHASE_SIZE];
    row.features.iter().map(|&i| table[i as usize]).sum()
}

/// Mean squared error of `w` on `rows`.
fn mean_squared_error(w: &[f32], rows: &[Row]) -> f64 {
    rows.iter().map(|r| ((r.label - predict(w, r)) as f64).powi(2)).sum::<f64>() / rows.len().max(1) as f64
}

/// Weights fitted on `train` and stopped early on `validation` (whole games apart from the training ones).
///
/// With `prior` weights (same layout) the fit starts from them and the ridge pulls towards them rather than towards
/// zero: with little data a weight moves only as far as its positions show, and weights no training position uses
/// keep the prior's value (without a prior they stay zero).
pub fn fit(
    train: &[Sample],
    validation: &[Sample],
    config: &FitConfig,
    prior: Option<&[f32]>,
    mut log: impl FnMut(String),
) -> Fitted {
    let canonical = canonical_indices();
    let (train, validation) = (rows(train, config.phases, &canonical), rows(validation, config.phases, &canonical));
    let size = config.phases * PHASE_SIZE;
    let counts = counts(&train, size);
    let prior = prior.map_or_else(|| vec![0f32; size], <[f32]>::to_vec);
    assert_eq!(prior.len(), size, "prior weights for {} phases", config.phases);
    let mut w = prior.clone();
    let mut grad = vec![0f32; size];
    let (mut best, mut best_error, mut best_epoch) = (w.clone(), mean_squared_error(&w, &validation), 0);
    let (mut step, mut last_loss) = (config.step, f64::MAX);
    for epoch in 1..=config.epochs {
        grad.fill(0.0);
        let mut loss = 0f64;
        for r in &train {
            let residual = r.label - predict(&w, r);
            loss += (residual * residual) as f64;
            let g = &mut grad[r.phase as usize * PHASE_SIZE..][..PHASE_SIZE];
            for &i in &r.features {
                g[i as usize] += residual;
            }
        }
        let training_error = loss / train.len().max(1) as f64;
        for (i, &x) in w.iter().enumerate() {
            loss += (config.ridge * (x - prior[i]).powi(2)) as f64;
            if i + PHASE_SIZE < size {
                loss += (config.smoothing * (x - w[i + PHASE_SIZE]).powi(2)) as f64;
            }
        }
        if loss > last_loss {
            step *= 0.5;
        }
        last_loss = loss;
        let previous = w.clone();
        for (i, wi) in w.iter_mut().enumerate() {
            if counts[i] == 0.0 {
                continue;
            }
            let mut g = grad[i] - config.ridge * (*wi - prior[i]);
            let mut pull = config.ridge;
            // The same feature in the phase before and after, where those exist.
            for j in [i.wrapping_sub(PHASE_SIZE), i + PHASE_SIZE] {
                if j < size {
                    g += config.smoothing * (previous[j] - *wi);
                    pull += config.smoothing;
                }
            }
            *wi += step * g / (counts[i] + pull);
        }
        let validation_error = mean_squared_error(&w, &validation);
        if validation_error < best_error {
            (best, best_error, best_epoch) = (w.clone(), validation_error, epoch);
        }
        if epoch % 10 == 0 || epoch - best_epoch >= config.patience {
            log(format!(
                "epoch {epoch:3}: training RMSE {:.3}, validation RMSE {:.3} (best {:.3} at epoch {best_epoch})",
                training_error.sqrt(),
                validation_error.sqrt(),
                best_error.sqrt()
            ));
        }
        if epoch - best_epoch >= config.patience {
            break;
        }
    }
    Fitted { discs: best, counts }
}

/// Buckets of the error table: five empties each, 60-56 first (today's phases), 5-0 last.
pub const ERROR_BUCKETS: usize = 12;

/// The error table's bucket of a position with `empties` empty squares.
pub fn error_bucket(empties: u32) -> usize {
    ((60 - empties.min(60)) as usize / 5).min(ERROR_BUCKETS - 1)
}

/// The empties range of a bucket, high end first.
pub fn bucket_empties(bucket: usize) -> (u32, u32) {
    let high = 60 - 5 * bucket as u32;
    (high, if bucket + 1 == ERROR_BUCKETS { 0 } else { high - 4 })
}

/// Mean absolute error in discs per bucket of empties: (positions, mean |evaluation - label|).
pub fn phase_errors(evaluator: &dyn Evaluator, samples: &[Sample]) -> Vec<(usize, f64)> {
    let mut sums = vec![(0usize, 0f64); ERROR_BUCKETS];
    for s in samples {
        let e = &mut sums[error_bucket(s.board.empty_count())];
        e.0 += 1;
        e.1 += (evaluator.evaluate(&s.board) - s.score as i32).abs() as f64;
    }
    sums.into_iter().map(|(n, sum)| (n, if n > 0 { sum / n as f64 } else { f64::NAN })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::eval::weights::Weights;
    use engine::eval::PatternEvaluator;
    use engine::rng::Rng;
    use engine::rules::random_play::random_move;
    use engine::Board;

    /// Positions of random games, labelled by a known linear model on a few tables: the fit must recover it.
    #[test]
    fn fit_recovers_a_planted_model_on_held_out_positions() {
        let mut rng = Rng::new(9);
        let canonical = canonical_indices();
        let planted = |b: &Board| -> f32 {
            let f = features(b);
            // Edge and corner-block configurations matter, plus own mobility.
            let key = |i: u32| ((canonical[i as usize] as u64).wrapping_mul(0x9E37_79B9) >> 7) % 7;
            f[..12].iter().map(|&i| key(i) as f32 - 3.0).sum::<f32>()
        };
        let mut samples = Vec::new();
        for game in 0..300u32 {
            let mut b = Board::start();
            while b.moves() != 0 {
                b = b.play(random_move(b.moves(), &mut rng));
                if b.moves() == 0 {
                    b = b.pass();
                }
                let score = planted(&b).round().clamp(-64.0, 64.0) as i8;
                samples.push(Sample { board: b, game, score, exact: false });
            }
        }
        let (test, rest): (Vec<Sample>, Vec<Sample>) = samples.into_iter().partition(|s| s.is_held_out());
        let (validation, train): (Vec<Sample>, Vec<Sample>) = rest.into_iter().partition(|s| s.is_validation());
        let config = FitConfig { epochs: 60, ..FitConfig::default() };
        let eval = PatternEvaluator::new(Weights::from_discs(&fit(&train, &validation, &config, None, |_| {}).discs));
        let fitted: f64 = phase_errors(&eval, &test).iter().filter(|e| e.0 > 0).map(|e| e.1).sum::<f64>();
        let zero = PatternEvaluator::new(Weights::zeros(config.phases));
        let baseline: f64 = phase_errors(&zero, &test).iter().filter(|e| e.0 > 0).map(|e| e.1).sum::<f64>();
        assert!(fitted < 0.6 * baseline, "fitted {fitted:.1} vs predicting zero {baseline:.1}");
    }

    /// With a prior, weights no training position reaches keep the prior's value, and a fit on positions the prior
    /// already predicts exactly leaves the prior as it is (the prior's 12 phases carried over to the fit's 30).
    #[test]
    fn a_prior_is_kept_where_the_data_agrees_or_says_nothing() {
        let config = FitConfig { epochs: 30, phases: 30, ..FitConfig::default() };
        let baseline = Weights::decode(include_bytes!("../weights/baseline.weights")).unwrap();
        assert_eq!(baseline.phases, 12);
        let prior = resample_phases(&baseline.to_discs(), config.phases);
        let eval = PatternEvaluator::new(Weights::from_discs(&prior));
        let mut rng = Rng::new(3);
        let mut samples = Vec::new();
        for game in 0..40u32 {
            let mut b = Board::start();
            for _ in 0..20 {
                if b.moves() == 0 {
                    break;
                }
                b = b.play(random_move(b.moves(), &mut rng));
                // Labels the prior predicts to the disc (the fit works in discs, the prior in sixteenths).
                let score = eval.fine(&b) as f32 / 16.0;
                samples.push(Sample { board: b, game, score: score.round() as i8, exact: false });
            }
        }
        let (validation, train): (Vec<Sample>, Vec<Sample>) = samples.into_iter().partition(|s| s.is_validation());
        let fitted = fit(&train, &validation, &config, Some(&prior), |_| {}).discs;
        let moved = fitted.iter().zip(&prior).filter(|(a, b)| (*a - *b).abs() > 0.5).count();
        let untouched_phase = &fitted[(config.phases - 1) * PHASE_SIZE..];
        assert_eq!(untouched_phase, &prior[(config.phases - 1) * PHASE_SIZE..], "no position in the last phase");
        assert!(moved < 50, "{moved} weights moved by more than half a disc from a prior that fits the labels");
    }

    #[test]
    fn resampled_phases_read_an_old_phase_of_their_empties() {
        // Twelve phases whose every weight is its phase number, carried over to 30 phases and to 60.
        let twelve: Vec<f32> = (0..12 * PHASE_SIZE).map(|i| (i / PHASE_SIZE) as f32).collect();
        let thirty = resample_phases(&twelve, 30);
        assert_eq!(thirty.len(), 30 * PHASE_SIZE);
        for p in 0..30 {
            let old: Vec<f32> = (0..=60).filter(|&e| phase(e, 30) == p).map(|e| phase(e, 12) as f32).collect();
            assert!(old.contains(&thirty[p * PHASE_SIZE + 7]), "phase {p}: {old:?}");
        }
        // One phase per empties count nests in every slicing, so going there and back changes nothing.
        assert_eq!(resample_phases(&resample_phases(&twelve, 60), 12), twelve);
    }
}
