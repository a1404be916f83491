//! Solving a suite of test positions (an OBF file, read by the game crate): each position exactly, in slices so
//! that progress shows and a limit can stop it with its best guess, checked against the scores the file lists.

use crate::commands::TT_MEGABYTES;
use engine::search::{Interrupted, SolveSlices};
use engine::{Board, Limits, Searcher};
use game::notation::read_obf_file;
use game::{square_name, Move};
use std::io::{self, Write};
use std::time::Instant;

/// A text file, without the byte-order mark some editors put at its start.
pub fn read_text(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text))
}

/// Totals of a solved suite.
pub struct SuiteTotals {
    pub positions: usize,
    pub nodes: u64,
    pub seconds: f64,
    /// Positions solved to another score than the file's, or whose best move the file scores lower.
    pub mismatches: usize,
    /// Positions the limit stopped before their solve finished.
    pub unfinished: usize,
    /// Lines that are not OBF positions.
    pub unreadable: usize,
    /// Positions read but not solved: not 8×8 with the centre filled.
    pub skipped: usize,
}

/// When `solve` gives up on a position: after this long or this many nodes (none: never).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SolveLimit {
    pub seconds: Option<f64>,
    pub nodes: Option<u64>,
}

/// Seconds between progress lines of a long solve.
const PROGRESS_EVERY: f64 = 5.0;

/// How a solve ended: exactly, or stopped by the limit with its best guess.
enum Solved {
    Exact(engine::SearchResult),
    Unfinished(Interrupted),
}

/// Solves `board` in slices of nodes, so it can print progress (on stderr) and stop at `limit`.
fn solve_within(searcher: &mut Searcher, board: &Board, line: usize, limit: SolveLimit) -> Solved {
    let start = Instant::now();
    let (mut slices, mut last_progress) = (SolveSlices::default(), 0.0);
    loop {
        let spent = searcher.interrupted().map_or(0, |so_far| so_far.nodes);
        let mut budget = slices.next_budget().min(limit.nodes.map_or(u64::MAX, |most| most.saturating_sub(spent)));
        if let Some(seconds) = limit.seconds {
            // Nodes this solve visits per second so far, to end a slice near the time limit.
            let rate = spent as f64 / start.elapsed().as_secs_f64().max(1e-3);
            let left = (seconds - start.elapsed().as_secs_f64()).max(0.0);
            budget = budget.min((rate * left) as u64 + SolveSlices::FIRST);
        }
        if let Ok(result) = searcher.search(board, &Limits { node_budget: Some(budget.max(1)), ..Limits::exact() }) {
            return Solved::Exact(result);
        }
        let so_far = searcher.interrupted().expect("an aborted search waits to resume");
        let elapsed = start.elapsed().as_secs_f64();
        if limit.seconds.is_some_and(|most| elapsed >= most) || limit.nodes.is_some_and(|most| so_far.nodes >= most) {
            return Solved::Unfinished(so_far);
        }
        if elapsed - last_progress >= PROGRESS_EVERY {
            last_progress = elapsed;
            let midgame = so_far.midgame.map_or("no midgame iteration done yet".to_string(), |(depth, score)| {
                format!("midgame depth {depth} done: {score:+}")
            });
            note!(
                "line {line}: {} empties, {elapsed:.0} s, {:.0} M nodes, {midgame}, best so far {}, still solving",
                board.empty_count(),
                so_far.nodes as f64 / 1e6,
                so_far.best_move.map_or("pass".to_string(), |sq| square_name(sq, 8))
            );
        }
    }
}

/// Solves every position of an OBF file's `text` (a fresh table for each), writing one line per position and the
/// totals to `out`. A position the limit stops gets the best move and midgame score found so far, marked as not
/// exact.
pub fn solve_suite(text: &str, limit: SolveLimit, out: &mut impl Write) -> io::Result<SuiteTotals> {
    let mut searcher = Searcher::new(TT_MEGABYTES);
    let mut totals =
        SuiteTotals { positions: 0, nodes: 0, seconds: 0.0, mismatches: 0, unfinished: 0, unreadable: 0, skipped: 0 };
    writeln!(
        out,
        "{:>5} {:>4} {:>6} {:>8} {:>14} {:>9} {:>9}",
        "line", "move", "score", "expected", "nodes", "time s", "Mnodes/s"
    )?;
    for (line, parsed) in read_obf_file(text) {
        let position = match parsed {
            Ok(position) => position,
            Err(why) => {
                writeln!(out, "{line:>5} line {line} unreadable: {why}")?;
                totals.unreadable += 1;
                continue;
            }
        };
        let Some(board) = position.position.board().as_board() else {
            writeln!(out, "{line:>5} skipped: only 8×8 positions with the centre filled are solved")?;
            totals.skipped += 1;
            continue;
        };
        searcher.clear();
        let start = Instant::now();
        let solved = solve_within(&mut searcher, &board, line, limit);
        let seconds = start.elapsed().as_secs_f64();
        let expected = position.expected_score();
        let expected_text = expected.map_or("-".to_string(), |e| format!("{e:+}"));
        let (best_move, score, nodes, flag) = match solved {
            Solved::Exact(result) => {
                let mut problems = Vec::new();
                if expected.is_some_and(|e| e != result.score) {
                    problems.push("score");
                }
                let listed =
                    result.best_move.and_then(|sq| position.scores.iter().find(|&&(m, _)| m == Move::Play(sq)));
                if expected.is_some() && listed.is_some_and(|&(_, score)| Some(score) != expected) {
                    problems.push("move");
                }
                totals.mismatches += !problems.is_empty() as usize;
                let flag =
                    if problems.is_empty() { String::new() } else { format!("  MISMATCH ({})", problems.join(", ")) };
                (result.best_move, format!("{:+}", result.score), result.nodes, flag)
            }
            Solved::Unfinished(so_far) => {
                totals.unfinished += 1;
                let (score, flag) = match so_far.midgame {
                    Some((depth, score)) => {
                        (format!("~{score:+}"), format!("  NOT EXACT (limit reached; midgame depth {depth})"))
                    }
                    None => ("?".to_string(), "  NOT EXACT (limit reached before any search finished)".to_string()),
                };
                (so_far.best_move, score, so_far.nodes, flag)
            }
        };
        let mv = best_move.map_or("pass".to_string(), |sq| square_name(sq, 8));
        writeln!(
            out,
            "{line:>5} {mv:>4} {score:>6} {expected_text:>8} {nodes:>14} {seconds:>9.3} {:>9.1}{flag}",
            nodes as f64 / seconds / 1e6
        )?;
        totals.positions += 1;
        totals.nodes += nodes;
        totals.seconds += seconds;
    }
    let mut verdict = Vec::new();
    if totals.mismatches > 0 {
        verdict.push(format!("{} MISMATCH", totals.mismatches));
    }
    if totals.unfinished > 0 {
        verdict.push(format!("{} NOT EXACT (limit reached)", totals.unfinished));
    }
    if totals.unreadable > 0 {
        verdict.push(format!("{} unreadable line{}", totals.unreadable, if totals.unreadable == 1 { "" } else { "s" }));
    }
    if totals.skipped > 0 {
        verdict.push(format!("{} skipped", totals.skipped));
    }
    writeln!(
        out,
        "total: {} positions, {} nodes, {:.3} s, {:.1} Mnodes/s, {}",
        totals.positions,
        totals.nodes,
        totals.seconds,
        totals.nodes as f64 / totals.seconds.max(1e-9) / 1e6,
        if verdict.is_empty() { "all as expected".to_string() } else { verdict.join(", ") }
    )?;
    Ok(totals)
}
