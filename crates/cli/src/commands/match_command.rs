//! `reversi-engine match …`: two settings (or another engine over NBoard) play each other from random openings,
//! both colours each, at each time per move given: the result with its confidence interval, and how deep and how
//! long each side thought per move.

use super::{percentile, Failure};
use crate::command_line::{MatchOptions, MatchSide};
use crate::match_record::game_line;
use cli::nboard::nboard_player::NboardPlayer;
use engine::ai::match_play::{balanced_openings, openings, play_match, MatchResult, MoveDepth, Player, BALANCE_DEPTH};
use engine::eval::weights::Weights;
use engine::eval::PatternEvaluator;
use std::io::Write;
use std::time::{Duration, Instant};

/// The pattern evaluator of the weights file at `path`.
fn read_weights(path: &str) -> Result<PatternEvaluator, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(PatternEvaluator::new(Weights::decode(&bytes).map_err(|e| format!("{path}: {e}"))?))
}

/// Plays the match at each time per move (once without one when none is given), printing progress every 20 games
/// on stderr and each result with its confidence interval and the depths. A match stopped by an NBoard engine's
/// failure prints the games played so far, then fails with why.
pub fn run_match(options: &MatchOptions, out: &mut impl Write) -> Result<(), Failure> {
    let MatchOptions { games, plies, seed, balanced, .. } = *options;
    let (list, chosen) = match balanced {
        Some(discs) => {
            let (list, searched) = balanced_openings(games / 2, plies, seed, discs);
            let chosen = format!(
                ", the {} of the first {searched} within {discs} discs of even by a depth-{BALANCE_DEPTH} search",
                list.len()
            );
            (list, chosen)
        }
        None => (openings(games / 2, plies, seed), String::new()),
    };
    if list.len() < games / 2 {
        let why = match list.len() {
            0 if balanced.is_some() => format!("no opening of {plies} random plies is balanced within --balanced"),
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
    let fail = |why: String| Failure::of("match", why);
    let read = |path: &str| read_weights(path).map_err(fail);
    let both = options.weights.as_deref().map_or_else(|| Ok(PatternEvaluator::shipped()), read)?;
    let side = |path: &Option<String>| path.as_deref().map_or_else(|| Ok(both.clone()), read);
    let weights = [side(&options.side_weights[0])?, side(&options.side_weights[1])?];
    let controls: Vec<Option<Duration>> = match &options.movetimes[..] {
        [] => vec![None],
        times => times.iter().copied().map(Some).collect(),
    };
    // NBoard engines start once and are told each time per move in turn (the parser saw to it there is one).
    let mut external = [None, None];
    for (slot, spec) in external.iter_mut().zip([&options.a, &options.b]) {
        if let (MatchSide::Nboard(command), Some(time)) = (spec, controls[0]) {
            *slot = Some(NboardPlayer::start(command, time).map_err(fail)?);
        }
    }
    let [name_a, name_b] = options
        .side_weights
        .each_ref()
        .map(|w| w.as_ref().map(|name| format!(" (weights {name})")).unwrap_or_default());
    // The record is opened before any game is played, so a path it cannot write to costs no games.
    let record_path = options.record.as_deref().unwrap_or_default();
    let record_failure = |error: std::io::Error| fail(format!("cannot write the record {record_path}: {error}"));
    let mut record = match &options.record {
        Some(path) => Some(std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(record_failure)?),
        None => None,
    };
    writeln!(out, "A: {}{name_a}\nB: {}{name_b}", options.a, options.b)?;
    for movetime in controls {
        let mut internal: [Option<Box<dyn Player>>; 2] = [None, None];
        for (i, spec) in [&options.a, &options.b].into_iter().enumerate() {
            match (spec, &mut external[i]) {
                (MatchSide::Engine(setting), _) => internal[i] = Some(setting.player(&weights[i], movetime)),
                (MatchSide::Nboard(_), Some(engine)) => {
                    engine.set_move_time(movetime.expect("NBoard sides need --movetime")).map_err(fail)?
                }
                (MatchSide::Nboard(_), None) => unreachable!("started above"),
            }
        }
        let [a, b] = internal;
        let [ext_a, ext_b] = &mut external;
        let (mut a, mut b) = (either(a, ext_a), either(b, ext_b));
        let time = movetime.map(|t| format!(" at {} ms a move", t.as_millis())).unwrap_or_default();
        if let Some(file) = &mut record {
            let control = movetime.map_or("no time per move".into(), |t| format!("time per move {} ms", t.as_millis()));
            writeln!(file, "% {control}").map_err(record_failure)?;
        }
        let mut unrecorded = None;
        let start = Instant::now();
        let played = play_match(&mut *a, &mut *b, &list, |r| {
            // Each game as it ends, so a match stopped half way keeps the games it played.
            if let (Some(file), Some(game)) = (&mut record, r.games.last()) {
                if let Err(error) = writeln!(file, "{}", game_line(game)) {
                    unrecorded.get_or_insert(error);
                }
            }
            if r.games() % 20 == 0 {
                note!("{} games{time}: +{} ={} -{}", r.games(), r.wins, r.draws, r.losses);
            }
        });
        let seconds = start.elapsed().as_secs_f64();
        match played {
            Ok(result) => report(out, options, &result, movetime, list.len(), &chosen, seconds)?,
            Err(stopped) => {
                report(out, options, &stopped.partial, movetime, list.len(), &chosen, seconds)?;
                return Err(fail(stopped.why));
            }
        }
        if let Some(error) = unrecorded {
            return Err(record_failure(error));
        }
    }
    Ok(())
}

/// A side's player for one time control: its own engine, or else the NBoard engine it borrows.
fn either<'a>(own: Option<Box<dyn Player>>, external: &'a mut Option<NboardPlayer>) -> Box<dyn Player + 'a> {
    match own {
        Some(own) => own,
        None => Box::new(external.as_mut().expect("an NBoard side has its engine")),
    }
}

/// One time control's result (`chosen`: how the openings were chosen, if not all taken): the score with its
/// interval, the disc difference, and per side the depths and times.
fn report(
    out: &mut impl Write,
    options: &MatchOptions,
    result: &MatchResult,
    movetime: Option<Duration>,
    openings: usize,
    chosen: &str,
    seconds: f64,
) -> std::io::Result<()> {
    let MatchOptions { plies, seed, .. } = *options;
    writeln!(out)?;
    if let Some(t) = movetime {
        writeln!(out, "time per move: {} ms", t.as_millis())?;
    }
    writeln!(
        out,
        "{} games from {openings} openings ({plies} random plies, seed {seed}{chosen}), each with both colours, \
         {seconds:.0} s",
        result.games(),
    )?;
    writeln!(out, "A: {} wins, {} draws, {} losses", result.wins, result.draws, result.losses)?;
    let (lo, hi) = result.confidence_95();
    writeln!(
        out,
        "A's score {:.1} % (95 % CI {:.1}-{:.1} %), mean disc difference {:+.2}",
        100.0 * result.score_rate(),
        100.0 * lo.max(0.0),
        100.0 * hi.min(1.0),
        result.mean_disc_difference()
    )?;
    for (side, name) in ["A", "B"].into_iter().enumerate() {
        writeln!(out, "{name}'s moves: {}", depth_summary(result, side))?;
    }
    if options.depths {
        for (number, game) in result.games.iter().enumerate() {
            let first = if game.a_first { "A" } else { "B" };
            let moves: Vec<String> =
                game.moves.iter().map(|m| format!("{}{}", ["A", "B"][m.side], depth_label(m.depth))).collect();
            writeln!(out, "game {} ({first} first, A {:+}): {}", number + 1, game.disc_difference, moves.join(" "))?;
        }
    }
    Ok(())
}

/// A move's depth as `--depths` lists it: plies, `=N` for a solve of N empties, `f` forced, `?` unknown.
fn depth_label(depth: MoveDepth) -> String {
    match depth {
        MoveDepth::Midgame(plies) => plies.to_string(),
        MoveDepth::Solved(empties) => format!("={empties}"),
        MoveDepth::Forced => "f".into(),
        MoveDepth::Unknown => "?".into(),
    }
}

/// Mean and median midgame depth of one side's moves, its solves, forced moves and time per move.
pub fn depth_summary(result: &MatchResult, side: usize) -> String {
    let moves: Vec<_> = result.moves_of(side).collect();
    if moves.is_empty() {
        return "none played".into();
    }
    let mut midgame: Vec<f64> = Vec::new();
    let (mut solved, mut forced, mut unknown, mut solved_empties) = (0usize, 0usize, 0usize, 0u64);
    for m in &moves {
        match m.depth {
            MoveDepth::Midgame(plies) => midgame.push(f64::from(plies)),
            MoveDepth::Solved(empties) => {
                solved += 1;
                solved_empties += u64::from(empties);
            }
            MoveDepth::Forced => forced += 1,
            MoveDepth::Unknown => unknown += 1,
        }
    }
    let mut times: Vec<f64> = moves.iter().map(|m| m.seconds).collect();
    let mean_time = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let longest = percentile(&mut times, 1.0);
    let mut parts = Vec::new();
    if !midgame.is_empty() {
        let mean = midgame.iter().sum::<f64>() / midgame.len() as f64;
        let median = percentile(&mut midgame, 0.5);
        parts.push(format!("midgame depth mean {mean:.1}, median {median} over {} moves", midgame.len()));
    }
    if solved > 0 {
        parts.push(format!("{solved} solved (from {:.1} empties on average)", solved_empties as f64 / solved as f64));
    }
    if unknown > 0 {
        parts.push(format!("{unknown} of unknown depth (not reported)"));
    }
    parts.push(format!("{forced} forced"));
    parts.push(format!("{mean_time:.3} s a move (longest {longest:.3} s)"));
    // Nodes per second over the moves that say their nodes (forced moves aside: a one-ply search says little).
    let counted: Vec<_> =
        moves.iter().filter(|m| m.depth != MoveDepth::Forced).filter_map(|m| Some((m.nodes?, m.seconds))).collect();
    if !counted.is_empty() {
        let nodes = counted.iter().map(|&(n, _)| n as f64).sum::<f64>();
        let seconds = counted.iter().map(|&(_, s)| s).sum::<f64>();
        parts.push(format!(
            "{:.2} M nodes a move, {:.1} M nodes/s",
            nodes / counted.len() as f64 / 1e6,
            nodes / seconds.max(1e-9) / 1e6
        ));
    }
    parts.join("; ")
}
