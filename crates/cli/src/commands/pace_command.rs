//! `reversi-engine pace [--games N] [--level NAME] [--seed S]`: a level's time per move in whole games on the clock,
//! as the app plays them.

use super::percentile;
use engine::ai::think_job::slice_nodes;
use engine::{Ai, Level, Opening, ThinkJob, VariantBoard};
use game::square_name;
use std::io::{self, Write};
use std::time::Instant;

/// The app's transposition table for the computer, in MB (`app::thinking`).
const APP_TABLE_MEGABYTES: usize = 16;

/// A level plays whole games against itself from the start as the app would make it play (on the clock, in
/// slices, with its time management and book); prints each move's time and the summary.
pub fn run_pace(games: usize, level: Level, seed: u64, out: &mut impl Write) -> io::Result<()> {
    let settings = level.settings();
    let mut ai = Ai::new(APP_TABLE_MEGABYTES);
    let (mut times, mut book_moves, mut forced_moves) = (Vec::new(), 0, 0);
    writeln!(
        out,
        "{} on the clock: target {:?} ms, cap {} ms",
        settings.name, settings.target_ms, settings.time_budget_ms
    )?;
    for game in 0..games as u64 {
        ai.clear();
        let (black, white) = VariantBoard::start_discs(8, Opening::Standard);
        let mut board = VariantBoard::new(8, black, white);
        for ply in 0u64.. {
            if board.is_game_over() {
                break;
            }
            if board.moves() == 0 {
                board = board.pass();
                continue;
            }
            let job_seed = seed.wrapping_mul(1_000_003).wrapping_add(game * 61 + ply);
            let start = Instant::now();
            let decision = ThinkJob::new(&board, settings, job_seed).run_on_clock(
                &mut ai,
                settings.time_budget_ms,
                slice_nodes(&board),
            );
            let seconds = start.elapsed().as_secs_f64();
            let mv = decision.mv.expect("a position with a move");
            let how = if board.moves().count_ones() == 1 {
                forced_moves += 1;
                "forced"
            } else if decision.nodes == 0 {
                book_moves += 1;
                "book"
            } else if decision.exact {
                "exact"
            } else if decision.win_loss_draw {
                "win/loss/draw"
            } else {
                "midgame"
            };
            writeln!(
                out,
                "game {} ply {ply:2} {:>3} {seconds:6.2} s  {how} depth {} score {:+}",
                game + 1,
                square_name(mv, 8),
                decision.depth,
                decision.score
            )?;
            times.push(seconds);
            board = board.play(mv);
        }
    }
    let moves = times.len();
    let mean = times.iter().sum::<f64>() / moves.max(1) as f64;
    writeln!(
        out,
        "{moves} moves ({book_moves} from the book, {forced_moves} forced): median {:.2} s, mean {mean:.2} s, 90th percentile {:.2} s, longest {:.2} s",
        percentile(&mut times, 0.5),
        percentile(&mut times, 0.9),
        percentile(&mut times, 1.0)
    )
}
