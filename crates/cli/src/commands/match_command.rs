//! `reversi-engine match …`: two settings play each other from random openings, both colours each, and the result
//! with its confidence interval.

use super::Failure;
use crate::command_line::MatchOptions;
use engine::ai::match_play::{openings, play_match, MatchRules};
use engine::eval::weights::Weights;
use engine::eval::PatternEvaluator;
use std::io::Write;
use std::time::Instant;

/// The pattern evaluator of the weights file at `path`.
fn read_weights(path: &str) -> Result<PatternEvaluator, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(PatternEvaluator::new(Weights::decode(&bytes).map_err(|e| format!("{path}: {e}"))?))
}

/// Plays the match, printing progress every 20 games on stderr and the result with its confidence interval.
pub fn run_match(options: &MatchOptions, out: &mut impl Write) -> Result<(), Failure> {
    let MatchOptions { games, a, b, plies, seed, movetime, .. } = *options;
    let list = openings(games / 2, plies, seed);
    if list.len() < games / 2 {
        let why = match list.len() {
            0 => format!("no game from the start is still going after {plies} random plies: use fewer --plies"),
            found => format!(
                "only {found} distinct openings (up to symmetry) with a move to play exist after {plies} random plies, \
                 {} wanted: use --games {} or more --plies",
                games / 2,
                2 * found
            ),
        };
        return Err(Failure::of("match", why));
    }
    let read = |path: &str| read_weights(path).map_err(|why| Failure::of("match", why));
    let both = options.weights.as_deref().map_or_else(|| Ok(PatternEvaluator::shipped()), read)?;
    let side = |path: &Option<String>| path.as_deref().map_or_else(|| Ok(both.clone()), read);
    let rules = MatchRules { weights: [side(&options.side_weights[0])?, side(&options.side_weights[1])?], movetime };
    let start = Instant::now();
    let result = play_match(&a, &b, &list, &rules, |r| {
        if r.games() % 20 == 0 {
            note!("{} games: +{} ={} -{}", r.games(), r.wins, r.draws, r.losses);
        }
    });
    let (lo, hi) = result.confidence_95();
    let [name_a, name_b] = options
        .side_weights
        .each_ref()
        .map(|w| w.as_ref().map(|name| format!(" (weights {name})")).unwrap_or_default());
    writeln!(out, "A: {a}{name_a}\nB: {b}{name_b}")?;
    if let Some(t) = movetime {
        writeln!(out, "time per move: {} ms", t.as_millis())?;
    }
    writeln!(
        out,
        "{} games from {} openings ({plies} random plies, seed {seed}), each with both colours, {:.0} s",
        result.games(),
        list.len(),
        start.elapsed().as_secs_f64()
    )?;
    writeln!(out, "A: {} wins, {} draws, {} losses", result.wins, result.draws, result.losses)?;
    writeln!(
        out,
        "A's score {:.1} % (95 % CI {:.1}-{:.1} %), mean disc difference {:+.2}",
        100.0 * result.score_rate(),
        100.0 * lo,
        100.0 * hi,
        result.mean_disc_difference()
    )?;
    Ok(())
}
