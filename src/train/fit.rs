//! The fit: regularised least squares per phase, by full-batch gradient steps preconditioned per weight (each
//! weight moves by its mean residual, the Jacobi iteration Logistello's and Edax's trainers use), and the error
//! table on held-out positions.

use super::samples::Sample;
use crate::engine::eval::pattern::{canonical_indices, features, phase, FEATURES, PHASES, PHASE_SIZE};
use crate::engine::eval::Evaluator;

#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    pub epochs: u32,
    /// Ridge penalty, in samples: a weight seen n times is shrunk as if by `ridge` extra samples at zero.
    pub ridge: f32,
    /// Phase smoothing: a phase also trains on positions up to this many empties outside its own range.
    pub window: u32,
    /// Fraction of the mean residual each weight moves per epoch (halved whenever the loss goes up).
    pub step: f32,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig { epochs: 200, ridge: 2.0, window: 2, step: 0.25 }
    }
}

/// Whether a position with `empties` trains phase `p`: some count within the window belongs to it.
fn trains_phase(empties: u32, p: usize, window: u32) -> bool {
    phase((empties + window).min(60)) <= p && p <= phase(empties.saturating_sub(window))
}

/// Weights in discs for every phase (`phase * PHASE_SIZE + feature`), fitted on `samples`. Each phase starts
/// from the one before it, so weights seen rarely in a phase stay near their neighbour's.
pub fn fit(samples: &[Sample], config: &FitConfig, mut log: impl FnMut(String)) -> Vec<f32> {
    let canonical = canonical_indices();
    let mut weights = vec![0f32; PHASES * PHASE_SIZE];
    let mut start = vec![0f32; PHASE_SIZE];
    for p in 0..PHASES {
        let rows: Vec<([u32; FEATURES], f32)> = samples
            .iter()
            .filter(|s| trains_phase(s.board.empty_count(), p, config.window))
            .map(|s| (features(&s.board).map(|f| canonical[f as usize]), s.score as f32))
            .collect();
        let (w, rmse) = fit_phase(&rows, config, &start);
        log(format!("phase {p:2}: {} positions, training RMSE {rmse:.2} discs", rows.len()));
        weights[p * PHASE_SIZE..(p + 1) * PHASE_SIZE].copy_from_slice(&w);
        start = w;
    }
    weights
}

/// Least squares with a ridge penalty on one phase's rows; returns the weights and the final training RMSE.
/// Weights no row uses are zero.
fn fit_phase(rows: &[([u32; FEATURES], f32)], config: &FitConfig, start: &[f32]) -> (Vec<f32>, f64) {
    let mut counts = vec![0f32; PHASE_SIZE];
    for (f, _) in rows {
        for &i in f {
            counts[i as usize] += 1.0;
        }
    }
    let mut w: Vec<f32> = start.iter().zip(&counts).map(|(&s, &n)| if n > 0.0 { s } else { 0.0 }).collect();
    let mut grad = vec![0f32; PHASE_SIZE];
    let (mut step, mut last_loss, mut mse) = (config.step, f64::MAX, 0.0);
    for _ in 0..config.epochs {
        grad.fill(0.0);
        let mut loss = 0f64;
        for (f, y) in rows {
            let residual = y - f.iter().map(|&i| w[i as usize]).sum::<f32>();
            loss += (residual * residual) as f64;
            for &i in f {
                grad[i as usize] += residual;
            }
        }
        mse = loss / rows.len().max(1) as f64;
        loss += w.iter().map(|&x| (config.ridge * x * x) as f64).sum::<f64>();
        if loss > last_loss {
            step *= 0.5;
        }
        last_loss = loss;
        for ((wi, &g), &n) in w.iter_mut().zip(&grad).zip(&counts) {
            if n > 0.0 {
                *wi += step * (g - config.ridge * *wi) / (n + config.ridge);
            }
        }
    }
    (w, mse.sqrt())
}

/// Mean absolute error in discs per phase: (positions, mean |evaluation - label|).
pub fn phase_errors(evaluator: &dyn Evaluator, samples: &[Sample]) -> Vec<(usize, f64)> {
    let mut sums = vec![(0usize, 0f64); PHASES];
    for s in samples {
        let e = &mut sums[phase(s.board.empty_count())];
        e.0 += 1;
        e.1 += (evaluator.evaluate(&s.board) - s.score as i32).abs() as f64;
    }
    sums.into_iter().map(|(n, sum)| (n, if n > 0 { sum / n as f64 } else { f64::NAN })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::match_play::random_move;
    use crate::engine::eval::weights::Weights;
    use crate::engine::eval::PatternEvaluator;
    use crate::engine::rng::Rng;
    use crate::engine::Board;

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
        let (test, train): (Vec<Sample>, Vec<Sample>) = samples.into_iter().partition(|s| s.is_held_out());
        let config = FitConfig { epochs: 60, ..FitConfig::default() };
        let eval = PatternEvaluator::new(Weights::from_discs(&fit(&train, &config, |_| {})));
        let fitted: f64 = phase_errors(&eval, &test).iter().filter(|e| e.0 > 0).map(|e| e.1).sum::<f64>();
        let zero = PatternEvaluator::new(Weights::zeros());
        let baseline: f64 = phase_errors(&zero, &test).iter().filter(|e| e.0 > 0).map(|e| e.1).sum::<f64>();
        assert!(fitted < 0.6 * baseline, "fitted {fitted:.1} vs predicting zero {baseline:.1}");
    }
}
