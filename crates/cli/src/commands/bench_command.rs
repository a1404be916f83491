//! `reversi-engine bench [<file.obf>]`: perft 12 from the start, then the endgame suite's solve totals.

use super::perft_command::run_perft;
use super::solve_command::verdict;
use super::Failure;
use crate::suite_solve::{read_text, solve_suite, SolveLimit};
use std::io::Write;

const BENCH_PERFT_DEPTH: u32 = 12;

/// Runs perft 12 and solves the suite at `path` (skipped, with the reason, if it cannot be read).
pub fn run_bench(path: &str, out: &mut impl Write) -> Result<(), Failure> {
    run_perft(BENCH_PERFT_DEPTH, out)?;
    match read_text(path) {
        Ok(text) => verdict(&solve_suite(&text, SolveLimit::default(), out)?),
        Err(message) => {
            writeln!(out, "endgame suite skipped: {message}")?;
            Ok(())
        }
    }
}
