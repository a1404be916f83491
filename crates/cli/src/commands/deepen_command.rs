//! `reversi-engine deepen …`: how Master's iterative deepening spends its time, measured by the search's own node
//! counts: per depth, how many positions reached it within the time, the time to finish it, its nodes and nodes per
//! second. Run with slices of the app's size and in one go, or with two table sizes, it shows what each costs.
//! Times are this thread's CPU time, so other programs on a shared machine do not stretch them.

use engine::ai::match_play::openings;
use engine::search::Limits;
use engine::{Ai, Level, VariantBoard};
use std::io::{self, Write};

/// What `deepen` measures: `positions` positions after random plays down to `empties` empties (from `seed`), each
/// deepened from a cleared table of `table_mb` MB until `seconds` are spent, every search call `slice` nodes at most.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepenOptions {
    pub positions: usize,
    pub empties: u32,
    pub seconds: f64,
    pub slice: u64,
    pub table_mb: usize,
    pub seed: u64,
}

impl Default for DeepenOptions {
    fn default() -> Self {
        DeepenOptions { positions: 20, empties: 40, seconds: 1.0, slice: 20_000, table_mb: 16, seed: 1 }
    }
}

/// This thread's CPU time in seconds (on Unix; elsewhere the wall clock since the first call).
#[cfg(unix)]
fn cpu_seconds() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec to write to; the clock id is a constant the system knows.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

#[cfg(not(unix))]
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

/// One depth's totals over the positions that finished it.
#[derive(Clone, Default)]
struct DepthTotals {
    positions: usize,
    /// Each position's time from the start of its thinking to the end of this iteration, in ms.
    ends_ms: Vec<f64>,
    nodes: u64,
    seconds: f64,
}

/// Deepens each position as Master does (its prob-cut, exact and win/loss/draw bands), iteration after iteration
/// sliced like the app's thinking, until the time is up; prints the per-depth table.
pub fn run_deepen(options: &DeepenOptions, out: &mut impl Write) -> io::Result<()> {
    let DeepenOptions { positions, empties, seconds, slice, table_mb, seed } = *options;
    let settings = Level::Master.settings();
    let list = openings(positions, 60u32.saturating_sub(empties), seed);
    let mut ai = Ai::new(table_mb);
    ai.set_selectivity(settings.selectivity);
    let mut depths: Vec<DepthTotals> = Vec::new();
    for board in &list {
        let board = VariantBoard::new(8, board.player.into(), board.opponent.into());
        ai.clear();
        let start = cpu_seconds();
        for depth in 1..=board.empty_count() {
            let limits = Limits {
                depth,
                exact_empties: settings.exact_empties,
                wld_empties: settings.wld_empties,
                node_budget: Some(slice),
            };
            let (iteration_start, mut nodes) = (cpu_seconds(), 0);
            let finished = loop {
                let outcome = ai.search(&board, &limits);
                nodes += ai.last_call_nodes(&board);
                match outcome {
                    Ok(result) => break Some(result),
                    Err(_) if (cpu_seconds() - start) >= seconds => break None,
                    Err(_) => {}
                }
            };
            let Some(result) = finished else { break };
            if depths.len() < depth as usize {
                depths.resize(depth as usize, DepthTotals::default());
            }
            let totals = &mut depths[depth as usize - 1];
            totals.positions += 1;
            totals.ends_ms.push((cpu_seconds() - start) * 1e3);
            totals.nodes += nodes;
            totals.seconds += cpu_seconds() - iteration_start;
            if result.exact || result.win_loss_draw || (cpu_seconds() - start) >= seconds {
                break;
            }
        }
    }
    writeln!(
        out,
        "Master's deepening on {} positions of {empties} empties (random plies, seed {seed}), {seconds} s of CPU each, \
         table {table_mb} MB, calls of {slice} nodes",
        list.len()
    )?;
    writeln!(out, "{:>5} {:>9} {:>12} {:>14} {:>12}", "depth", "finished", "median end", "nodes (mean)", "nodes/s")?;
    for (i, totals) in depths.iter_mut().enumerate() {
        let median = super::percentile(&mut totals.ends_ms, 0.5);
        writeln!(
            out,
            "{:>5} {:>9} {:>9.1} ms {:>12.3} M {:>10.2} M",
            i + 1,
            totals.positions,
            median,
            totals.nodes as f64 / totals.positions.max(1) as f64 / 1e6,
            totals.nodes as f64 / totals.seconds.max(1e-9) / 1e6
        )?;
    }
    Ok(())
}
