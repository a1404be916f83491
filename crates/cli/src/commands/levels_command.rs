//! `reversi-engine levels [<slice nodes>|auto [<level,level..>]]`: each level's thinking time and slice length on
//! positions of every board, thinking as the browser makes it think.

use super::{percentile, TT_MEGABYTES};
use engine::ai::think_job::slice_nodes;
use engine::{Ai, Level, Opening, ThinkJob, VariantBoard};
use std::io::{self, Write};
use std::time::Instant;

/// Positions from a game of the given board, every `every` plies, played by Intermediate with a fixed seed.
fn sample_positions(size: usize, opening: Opening, every: usize, ai: &mut Ai) -> Vec<VariantBoard> {
    let (black, white) = VariantBoard::start_discs(size, opening);
    let mut board = VariantBoard::new(size, black, white);
    let mut positions = Vec::new();
    for ply in 0.. {
        if board.is_game_over() {
            break;
        }
        if ply % every == 0 && board.moves() != 0 {
            positions.push(board);
        }
        board = match ThinkJob::new(&board, Level::Intermediate.settings(), ply as u64).run(ai).mv {
            Some(sq) => board.play(sq),
            None => board.pass(),
        };
    }
    positions
}

/// Each level thinks on positions of every board as the browser would: in slices of `slice` nodes, cut short at
/// the level's time budget. Prints the time per move and the longest slice.
pub fn bench_levels(slice: Option<u64>, levels: &[Level], out: &mut impl Write) -> io::Result<()> {
    let mut ai = Ai::new(TT_MEGABYTES);
    let boards = [(8, Opening::Standard), (6, Opening::Standard), (10, Opening::Standard), (8, Opening::EmptyCentre)];
    writeln!(out, "slices of {} nodes", slice.map_or("auto".to_string(), |n| n.to_string()))?;
    writeln!(
        out,
        "{:<14} {:<13} {:>5} {:>9} {:>9} {:>8} {:>10} {:>9} {:>9} {:>9}",
        "level", "board", "moves", "mean s", "max s", "forced", "Mnodes/s", "slice ms", "p99 ms", "max ms"
    )?;
    for (size, opening) in boards {
        let positions = sample_positions(size, opening, 7, &mut ai);
        let board_name = format!("{size}x{size}{}", if opening == Opening::EmptyCentre { " centre" } else { "" });
        for &level in levels {
            let settings = level.settings();
            ai.clear();
            let (mut nodes, mut total, mut longest_move, mut forced) = (0, 0.0f64, 0.0f64, 0);
            let mut slices = Vec::new();
            for (i, board) in positions.iter().enumerate() {
                let mut job = ThinkJob::new(board, settings, i as u64);
                let start = Instant::now();
                let decision = loop {
                    let slice_start = Instant::now();
                    let step = job.step(&mut ai, slice.unwrap_or_else(|| slice_nodes(board)));
                    slices.push(slice_start.elapsed().as_secs_f64() * 1e3);
                    if let Some(decision) = step {
                        break decision;
                    }
                    if start.elapsed().as_millis() >= settings.time_budget_ms as u128 {
                        forced += 1;
                        break job.force_move_now();
                    }
                };
                let seconds = start.elapsed().as_secs_f64();
                nodes += decision.nodes;
                total += seconds;
                longest_move = longest_move.max(seconds);
            }
            writeln!(
                out,
                "{:<14} {board_name:<13} {:>5} {:>9.3} {:>9.3} {forced:>8} {:>10.2} {:>9.1} {:>9.1} {:>9.1}",
                settings.name,
                positions.len(),
                total / positions.len() as f64,
                longest_move,
                nodes as f64 / total / 1e6,
                percentile(&mut slices, 0.5),
                percentile(&mut slices, 0.99),
                percentile(&mut slices, 1.0)
            )?;
        }
    }
    Ok(())
}
