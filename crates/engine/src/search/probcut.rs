//! Multi-prob-cut (Buro): a shallow search predicts a deep one, deep ≈ a·shallow + b with error σ; when the
//! prediction clears the window by `t·σ` the deep search is skipped. `t` grows with the selectivity level, so
//! a higher level prunes less. The parameters are fitted on this project's own search pairs by `measure`
//! (run `cargo test --release -p engine --lib probcut::tests::fit -- --ignored --nocapture`; the numbers below are
//! its output for the trained pattern evaluation; refit when the evaluation changes, then rebuild the book, whose
//! values come from searches that prune with these numbers).

use super::searcher::{Searcher, NO_SELECTIVITY};
use crate::rules::{Board, MAX_SCORE};

/// Prob-cut applies from this depth on.
pub const MIN_DEPTH: u32 = 3;

/// Confidence `t` per selectivity level (normal quantiles: 73 %, 87 %, 95 %, 98 %, 99 %).
const CONFIDENCE: [f64; NO_SELECTIVITY as usize] = [1.1, 1.5, 2.0, 2.6, 3.3];

/// The depth of the shallow search standing in for a search to `depth`: about half as deep, same parity
/// (3→1, 4→2, 5→3, 6→2, 7→3, 8→4, 10→4, 12→6).
pub fn shallow_depth(depth: u32) -> u32 {
    depth - 2 * ((depth + 2) / 4)
}

/// Fitted deep ≈ slope·shallow + intercept and residual σ in discs, indexed by deep depth (`MIN_DEPTH`..=12;
/// deeper depths use the last row).
const FIT: [(f64, f64, f64); 10] = [
    // Measured 2026-11-27 on 200 positions with 24-48 empties (issue 31's fit with the depth-10 offshoots),
    // deep/shallow:
    (1.013, -0.172, 3.512), // 3/1
    (1.014, 0.086, 2.957),  // 4/2
    (1.009, -0.129, 2.844), // 5/3
    (1.034, 0.349, 3.560),  // 6/2
    (1.014, 0.069, 3.361),  // 7/3
    (1.029, 0.644, 3.182),  // 8/4
    (1.012, 0.292, 3.080),  // 9/5
    (1.031, 0.869, 3.703),  // 10/4
    (1.020, 0.209, 3.455),  // 11/5
    (1.016, 0.842, 3.042),  // 12/6
];

/// The fitted parameters as bytes, for a fingerprint: values searched with other parameters, as a stopped book
/// build's cache holds, are not reused after a refit.
pub fn fit_bytes() -> Vec<u8> {
    bytes_of(&FIT, SIGMA_SCALING)
}

/// Every parameter, row by row, then σ's scaling by empties, as little-endian `f64` bits.
fn bytes_of(fit: &[(f64, f64, f64)], scaling: [f64; 3]) -> Vec<u8> {
    let rows = fit.iter().flat_map(|&(slope, intercept, sigma)| [slope, intercept, sigma]);
    rows.chain(scaling).flat_map(f64::to_le_bytes).collect()
}

fn fit(depth: u32) -> (f64, f64, f64) {
    FIT[(depth - MIN_DEPTH).min(FIT.len() as u32 - 1) as usize]
}

/// The empties around which `FIT` was measured (its positions have 24-48), where its σ holds as fitted; `measure`
/// gives the growth of the residuals with fewer empties relative to their size here.
const FIT_EMPTIES: f64 = 36.0;
/// How much smaller σ is per empty square more than `FIT_EMPTIES`, relative to the fitted one: early in the game
/// the shallow search predicts the deep one far better (the same pairs' residuals on 134 positions of 22-56
/// empties, depths 3-11: 1.3-2.0 discs from 46 empties, 2.3-3.5 at 38-45, 3.4-5.2 at 20-29; 2-4 % of σ per empty
/// at every depth). Only the shrinking is applied: a σ grown below `FIT_EMPTIES` as well slowed the late midgame
/// (docs/strength.md, "Multi-prob-cut's σ by empties").
const SIGMA_SHRINK_PER_EMPTY: f64 = 0.025;
/// The factor never goes below this (the sample had few positions of over 50 empties).
const MIN_SIGMA_FACTOR: f64 = 0.5;
/// The two above with `FIT_EMPTIES`, for the fingerprint.
const SIGMA_SCALING: [f64; 3] = [FIT_EMPTIES, SIGMA_SHRINK_PER_EMPTY, MIN_SIGMA_FACTOR];

/// The fitted σ for a node of `empties` empties: as fitted up to `FIT_EMPTIES`, smaller above.
fn sigma_at(sigma: f64, empties: u32) -> f64 {
    sigma * (1.0 - SIGMA_SHRINK_PER_EMPTY * (f64::from(empties) - FIT_EMPTIES)).clamp(MIN_SIGMA_FACTOR, 1.0)
}

impl Searcher {
    /// Tries to settle a null-window node at (`alpha`, `alpha`+1) by prob-cut: `Some(bound)` if a shallow
    /// search predicts the deep result lies outside the window with the current selectivity's confidence.
    pub(crate) fn probcut(&mut self, board: &Board, depth: u32, alpha: i32) -> Option<i32> {
        if self.selectivity >= NO_SELECTIVITY || depth < MIN_DEPTH {
            return None;
        }
        let (slope, intercept, sigma) = fit(depth);
        let margin = CONFIDENCE[self.selectivity as usize] * sigma_at(sigma, board.empty_count());
        let prediction = Prediction { slope, intercept, margin };
        self.shallow_tests(board, alpha, shallow_depth(depth), prediction, Self::pvs_mid)
    }

    /// The two null-window tests of prob-cut, each a `shallow` search by `search`: `Some(beta)` if the shallow
    /// score clears the bound whose passing predicts the deep one at or above `alpha` + 1, `Some(alpha)` if it falls
    /// below the one predicting it at or below `alpha`.
    fn shallow_tests(
        &mut self,
        board: &Board,
        alpha: i32,
        shallow: u32,
        Prediction { slope, intercept, margin }: Prediction,
        search: fn(&mut Self, &Board, u32, i32, i32) -> i32,
    ) -> Option<i32> {
        let beta = alpha + 1;
        let high = ((f64::from(beta) + margin - intercept) / slope).ceil() as i32;
        if high <= MAX_SCORE && search(self, board, shallow, high - 1, high) >= high && !self.aborted {
            return Some(beta);
        }
        let low = ((f64::from(alpha) - margin - intercept) / slope).floor() as i32;
        if low >= -MAX_SCORE && search(self, board, shallow, low, low + 1) <= low && !self.aborted {
            return Some(alpha);
        }
        None
    }
}

/// A deep score predicted from a shallow one: slope·shallow + intercept, trusted within `margin` discs.
#[derive(Clone, Copy)]
struct Prediction {
    slope: f64,
    intercept: f64,
    margin: f64,
}

/// The exact search prunes by prob-cut only in a solve's selective pass (`Searcher::end_selectivity`), at nodes of
/// at least this many empties: nearer the end the shallow search would cost as much as the exact one (FFO #40-#44
/// 55.9 M nodes from 12, 57.8 M from 13, 59.0 M from 14, 67.0 M from 16).
const END_MIN_EMPTIES: u32 = 12;
/// σ in discs of the exact score predicted by a shallow search of `end_shallow_depth` plies, taken as the score
/// itself: `tests::fit_end` measured 4.1-4.6 at 12-22 empties (40 positions each), the exact score under a disc
/// below the shallow one on average. The pass's cuts only order the exact pass, so the node count is flat around
/// it (FFO #40-#49 in a first version: 446.5 M nodes at 3.5, 450.7 M at 4.5, 438.7 M at 6).
const END_SIGMA: f64 = 4.5;

/// The depth of the shallow search standing in for an exact one of `empties` empties: two plies per five empties,
/// the same parity as the empties (12→4, 16→6, 20→8, 21→9; Edax's rule).
fn end_shallow_depth(empties: u32) -> u32 {
    2 * (empties / 5) + (empties & 1)
}

impl Searcher {
    /// Prob-cut in the exact search, during a solve's selective pass only: `Some(bound)` if a shallow search
    /// predicts the exact score lies outside the null window (`alpha`, `alpha`+1) with the pass's confidence.
    pub(crate) fn probcut_end(&mut self, board: &Board, empties: u32, alpha: i32) -> Option<i32> {
        if self.end_selectivity >= NO_SELECTIVITY || empties < END_MIN_EMPTIES {
            return None;
        }
        // The shallow score is taken as the exact one itself (slope 1, no intercept).
        let prediction =
            Prediction { slope: 1.0, intercept: 0.0, margin: CONFIDENCE[self.end_selectivity as usize] * END_SIGMA };
        self.shallow_tests(board, alpha, end_shallow_depth(empties), prediction, Self::rough_mid)
    }
}

/// A fitted search pair: deep ≈ slope·shallow + intercept with residual σ over `samples` positions.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    pub deep: u32,
    pub shallow: u32,
    pub slope: f64,
    pub intercept: f64,
    pub sigma: f64,
    /// How much the residuals grow per empty square fewer, relative to their size at `FIT_EMPTIES` (the
    /// least-squares line of their absolute values against the empties).
    pub growth_per_empty: f64,
    pub samples: usize,
}

/// Measures unpruned search pairs on `positions` and fits the regression for each deep depth in `depths`
/// (shallow = `shallow_depth(deep)`), least squares.
pub fn measure(searcher: &mut Searcher, positions: &[Board], depths: std::ops::RangeInclusive<u32>) -> Vec<Fit> {
    let saved = searcher.selectivity;
    searcher.selectivity = NO_SELECTIVITY;
    let mut fits = Vec::new();
    for deep in depths {
        let shallow = shallow_depth(deep);
        let searched: Vec<(Board, f64, f64)> = positions
            .iter()
            .filter(|b| b.empty_count() > deep)
            .map(|b| {
                searcher.clear();
                let s = searcher.pvs_mid(b, shallow, -MAX_SCORE, MAX_SCORE) as f64;
                let d = searcher.pvs_mid(b, deep, -MAX_SCORE, MAX_SCORE) as f64;
                (*b, s, d)
            })
            .collect();
        let pairs: Vec<(f64, f64)> = searched.iter().map(|&(_, s, d)| (s, d)).collect();
        let (slope, intercept) = least_squares(&pairs);
        let n = pairs.len() as f64;
        let residuals: Vec<(f64, f64)> = searched
            .iter()
            .map(|&(b, s, d)| (FIT_EMPTIES - f64::from(b.empty_count()), (d - slope * s - intercept).abs()))
            .collect();
        let sse: f64 = residuals.iter().map(|&(_, r)| r * r).sum();
        let sigma = (sse / (n - 2.0).max(1.0)).sqrt();
        let (growth, at_fit_empties) = least_squares(&residuals);
        let growth_per_empty = growth / at_fit_empties;
        fits.push(Fit { deep, shallow, slope, intercept, sigma, growth_per_empty, samples: pairs.len() });
    }
    searcher.selectivity = saved;
    fits
}

/// The least-squares line y ≈ slope·x + intercept through `points` (x, y); slope 1 through the mean if all x agree.
fn least_squares(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let (mx, my) = (points.iter().map(|p| p.0).sum::<f64>() / n, points.iter().map(|p| p.1).sum::<f64>() / n);
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = points.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let slope = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    (slope, my - slope * mx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bytes_change_with_any_parameter() {
        let mut refit = FIT;
        assert_eq!(bytes_of(&refit, SIGMA_SCALING), fit_bytes());
        assert_eq!(fit_bytes().len(), (FIT.len() + 1) * 3 * 8);
        refit[4].2 += 0.001;
        assert_ne!(bytes_of(&refit, SIGMA_SCALING), fit_bytes(), "a changed σ");
        let mut swapped = FIT;
        swapped.swap(0, 1);
        assert_ne!(bytes_of(&swapped, SIGMA_SCALING), fit_bytes(), "rows in another order");
        let steeper = [FIT_EMPTIES, SIGMA_SHRINK_PER_EMPTY + 0.001, MIN_SIGMA_FACTOR];
        assert_ne!(bytes_of(&FIT, steeper), fit_bytes(), "another scaling of σ with the empties");
    }

    /// Positions from a game where each side plays its hand-evaluated best reply most of the time and a
    /// pseudo-random move otherwise: varied but not absurd.
    fn sample_positions(count: usize, empties: std::ops::RangeInclusive<u32>) -> Vec<Board> {
        use crate::bits::squares_of;
        use crate::eval::{Evaluator, HandEvaluator};
        use crate::rng::Rng;
        use crate::rules::random_play::{play_to_empties, random_move};
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut out = Vec::new();
        while out.len() < count {
            let target = empties.start() + (out.len() as u32 * 7) % (empties.end() - empties.start() + 1);
            let reached = play_to_empties(Board::start(), target, |board| {
                if rng.next_u64().is_multiple_of(4) {
                    random_move(board.moves(), &mut rng)
                } else {
                    let scored = squares_of(board.moves()).map(|sq| (-HandEvaluator.fine(&board.play(sq)), sq));
                    scored.fold((i32::MIN, 0), |best, move_| best.max(move_)).1
                }
            });
            out.extend(reached.filter(|board| board.moves() != 0));
        }
        out
    }

    #[test]
    fn measure_fits_each_pair_and_how_its_residuals_grow_with_the_empties() {
        let positions = sample_positions(24, 22..=56);
        let fits = measure(&mut Searcher::new(1), &positions, MIN_DEPTH..=4);
        assert_eq!(fits.iter().map(|f| (f.deep, f.shallow, f.samples)).collect::<Vec<_>>(), [(3, 1, 24), (4, 2, 24)]);
        for f in fits {
            assert!(f.slope > 0.5 && f.slope < 1.5 && f.sigma > 0.5 && f.sigma < 10.0, "{f:?}");
            assert!(f.growth_per_empty.is_finite() && f.growth_per_empty.abs() < 0.5, "{f:?}");
        }
    }

    #[test]
    fn sigma_shrinks_early_in_the_game_and_holds_as_fitted_later() {
        assert_eq!(sigma_at(3.0, FIT_EMPTIES as u32), 3.0);
        assert!((10..=FIT_EMPTIES as u32).all(|empties| sigma_at(3.0, empties) == 3.0));
        let early: Vec<f64> = (FIT_EMPTIES as u32..=60).map(|empties| sigma_at(3.0, empties)).collect();
        assert!(early.windows(2).all(|w| w[0] >= w[1]), "{early:?}");
        assert!(early[10] < 3.0 && early.iter().all(|&sigma| sigma >= 3.0 * MIN_SIGMA_FACTOR), "{early:?}");
    }

    #[test]
    fn endgame_shallow_depths_keep_the_parity_of_the_empties() {
        for empties in END_MIN_EMPTIES..=40 {
            let s = end_shallow_depth(empties);
            assert!(2 * s <= empties && (empties - s).is_multiple_of(2), "empties {empties} -> {s}");
        }
    }

    #[test]
    fn shallow_depths_keep_the_parity() {
        for depth in MIN_DEPTH..=20 {
            let s = shallow_depth(depth);
            assert!(s < depth && (depth - s).is_multiple_of(2), "depth {depth} -> {s}");
        }
    }

    /// Prints the fitted parameters (release: a few minutes on one core).
    #[test]
    #[ignore = "measurement: cargo test --release -p engine --lib probcut::tests::fit -- --ignored --nocapture"]
    fn fit() {
        let positions = sample_positions(200, 24..=48);
        let mut searcher = Searcher::new(16);
        print_fits(&measure(&mut searcher, &positions, MIN_DEPTH..=12));
    }

    /// Prints the pairs past the fitted depths, which `FIT` serves with its 12/6 row (docs/strength.md, "Prob-cut
    /// past depth 12"; release: about half an hour on one core).
    #[test]
    #[ignore = "measurement: cargo test --release -p engine --lib probcut::tests::fit_deep -- --ignored --nocapture"]
    fn fit_deep() {
        let positions = sample_positions(60, 28..=44);
        print_fits(&measure(&mut Searcher::new(64), &positions, 12..=16));
    }

    /// Prints the same pairs' fit on positions from the early midgame to the endgame, with how the residuals grow
    /// with fewer empties (docs/strength.md, "Multi-prob-cut's σ by empties"; release: about an hour on one core of
    /// a busy machine).
    #[test]
    #[ignore = "measurement: cargo test --release -p engine --lib probcut::tests::sigma_by_empties -- --ignored --nocapture"]
    fn sigma_by_empties() {
        let positions = sample_positions(200, 22..=56);
        print_fits(&measure(&mut Searcher::new(16), &positions, MIN_DEPTH..=11));
    }

    /// Prints how far the shallow searches of the selective pass land from the exact score, per empties (release:
    /// a few minutes on one core).
    #[test]
    #[ignore = "measurement: cargo test --release -p engine --lib probcut::tests::fit_end -- --ignored --nocapture"]
    fn fit_end() {
        let mut searcher = Searcher::new(16);
        println!("empties shallow  mean(exact - shallow)  sigma  samples");
        for empties in (END_MIN_EMPTIES..=22).step_by(2) {
            let positions = sample_positions(40, empties..=empties);
            let errors: Vec<f64> = positions
                .iter()
                .map(|board| {
                    searcher.clear();
                    let shallow = searcher.rough_mid(board, end_shallow_depth(empties), -MAX_SCORE, MAX_SCORE);
                    f64::from(searcher.pvs_end(board, -MAX_SCORE, MAX_SCORE) - shallow)
                })
                .collect();
            let n = errors.len() as f64;
            let mean = errors.iter().sum::<f64>() / n;
            let sigma = (errors.iter().map(|e| e * e).sum::<f64>() / n).sqrt();
            println!("{empties:7} {:7} {mean:22.2} {sigma:6.2} {:8}", end_shallow_depth(empties), errors.len());
        }
    }

    fn print_fits(fits: &[Fit]) {
        println!("deep shallow  slope  intercept  sigma  growth/empty  samples");
        for f in fits {
            println!(
                "{:4} {:7} {:6.3} {:10.3} {:6.3} {:13.4} {:8}",
                f.deep, f.shallow, f.slope, f.intercept, f.sigma, f.growth_per_empty, f.samples
            );
        }
    }
}
