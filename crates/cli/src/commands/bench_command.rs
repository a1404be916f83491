//! `reversi-engine bench [<file.obf>]`: perft 12 from the start, then the endgame suite's solve totals.

use super::perft_command::run_perft;
use super::solve_command::verdict;
use super::Failure;
use crate::suite_solve::{solve_suite, SolveLimit};

const BENCH_PERFT_DEPTH: u32 = 12;

/// Runs perft 12 and solves the suite at `path` (skipped, with the reason, if it cannot be read).
pub fn run_bench(path: &str) -> Result<(), Failure> {
    run_perft(BENCH_PERFT_DEPTH);
    match solve_suite(path, SolveLimit::default()) {
        Ok(totals) => verdict(&totals),
        Err(message) => {
            println!("endgame suite skipped: {message}");
            Ok(())
        }
    }
}
