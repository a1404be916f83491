//! Time management for a level that thinks on the clock (Master): deepen while it pays. Each finished iteration
//! reports when it ended; the plan predicts when the next would end from how the iterations have been growing,
//! and stops early on an easy move (the best move has not changed for a few iterations) once the next iteration
//! would end past the soft target, but goes on towards the hard cap while the best move or its score still moves:
//! time is spent where the search is still changing its mind, not on every move alike.

/// A finished iteration: when it ended, its best move and score.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Iteration {
    ended_ms: f64,
    best_move: Option<usize>,
    score: i32,
}

/// Iterations in a row with the same best move (and a steady score) that make a move easy.
const STABLE_ITERATIONS: usize = 3;
/// A score that moves by more than this many discs from one iteration to the next is not steady (consecutive
/// depths differ by a disc or two as the side to move at the horizon alternates).
const STEADY_DISCS: i32 = 3;
/// Bounds of the growth factor from one iteration's time to the next's.
const GROWTH: (f64, f64) = (1.5, 6.0);
/// The growth assumed before two iterations have been timed.
const FIRST_GROWTH: f64 = 3.0;

#[derive(Clone, Debug, PartialEq)]
pub struct TimePlan {
    target_ms: f64,
    cap_ms: f64,
    iterations: Vec<Iteration>,
}

impl TimePlan {
    /// A plan aiming at `target_ms` for an easy move and never past `cap_ms`.
    pub fn new(target_ms: u32, cap_ms: u32) -> TimePlan {
        TimePlan { target_ms: f64::from(target_ms), cap_ms: f64::from(cap_ms.max(target_ms)), iterations: Vec::new() }
    }

    pub fn target_ms(&self) -> f64 {
        self.target_ms
    }

    pub fn cap_ms(&self) -> f64 {
        self.cap_ms
    }

    /// Records an iteration that ended `ended_ms` after the thinking began; whether to start the next one.
    pub fn deepen_after(&mut self, ended_ms: f64, best_move: Option<usize>, score: i32) -> bool {
        self.iterations.push(Iteration { ended_ms, best_move, score });
        let predicted_end = ended_ms + self.next_duration();
        let limit = if self.is_stable() { self.target_ms } else { self.cap_ms };
        predicted_end <= limit
    }

    /// How long the next iteration should take, from the last two.
    fn next_duration(&self) -> f64 {
        let ends: Vec<f64> = self.iterations.iter().rev().take(3).map(|i| i.ended_ms).collect();
        match ends[..] {
            [last, before, earlier] => {
                let (latest, previous) = (last - before, before - earlier);
                latest * (latest / previous.max(0.01)).clamp(GROWTH.0, GROWTH.1)
            }
            [last, before] => (last - before) * FIRST_GROWTH,
            _ => ends[0] * FIRST_GROWTH,
        }
    }

    /// Whether the last iterations agree on the move and roughly on its score.
    fn is_stable(&self) -> bool {
        let last = &self.iterations[self.iterations.len().saturating_sub(STABLE_ITERATIONS)..];
        last.len() == STABLE_ITERATIONS
            && last
                .windows(2)
                .all(|w| w[0].best_move == w[1].best_move && (w[0].score - w[1].score).abs() <= STEADY_DISCS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds iterations ending at `ends` with the given best moves and scores; how many were started.
    fn iterations_run(plan: &mut TimePlan, ends: &[f64], moves: &[usize], scores: &[i32]) -> usize {
        for (i, &end) in ends.iter().enumerate() {
            if !plan.deepen_after(end, Some(moves[i]), scores[i]) {
                return i + 1;
            }
        }
        ends.len()
    }

    // Iterations growing threefold: they end at 10, 40, 130, 400, 1210, 3640 ms.
    const ENDS: [f64; 6] = [10.0, 40.0, 130.0, 400.0, 1210.0, 3640.0];

    #[test]
    fn an_easy_move_stops_before_the_target() {
        let mut plan = TimePlan::new(1500, 4000);
        let done = iterations_run(&mut plan, &ENDS, &[5; 6], &[2, 3, 2, 3, 2, 3]);
        // After 400 ms the next would end near 1210 (<= 1500): go on; after 1210 it would end near 3640: stop.
        assert_eq!(done, 5);
        assert!(ENDS[done - 1] <= 1500.0);
    }

    #[test]
    fn a_changing_mind_thinks_on_towards_the_cap() {
        let mut plan = TimePlan::new(1500, 4000);
        let done = iterations_run(&mut plan, &ENDS, &[5, 6, 5, 6, 5, 6], &[2; 6]);
        assert_eq!(done, 6, "the iteration ending at 3640 ms fits under the 4000 ms cap");
        let mut plan = TimePlan::new(1500, 3000);
        assert_eq!(iterations_run(&mut plan, &ENDS, &[5, 6, 5, 6, 5, 6], &[2; 6]), 5, "but never past the cap");
        let mut plan = TimePlan::new(1500, 4000);
        let swinging = iterations_run(&mut plan, &ENDS, &[5; 6], &[2, 3, 2, 3, 9, 3]);
        assert_eq!(swinging, 6, "a score that jumps is not an easy move");
    }

    #[test]
    fn quick_iterations_never_stop_the_deepening() {
        let mut plan = TimePlan::new(1500, 4000);
        assert!((1..=8).all(|i| plan.deepen_after(i as f64 * 0.5, Some(1), 0)));
    }
}
