//! `reversi-engine bench [<file.obf>]`: perft 12 from the start, then the endgame suite's solve totals.

use super::perft_command::run_perft;
use super::solve_command::verdict;
use super::Failure;
use crate::suite_solve::{read_text, solve_suite, SolveLimit};
use std::io::Write;

const BENCH_PERFT_DEPTH: u32 = 12;

/// Runs perft 12 and solves the suite at `path`. A suite that cannot be read fails at once with status 2, as
/// `solve` does: a benchmark without its endgame part is not one.
pub fn run_bench(path: &str, out: &mut impl Write) -> Result<(), Failure> {
    let text = read_text(path).map_err(|why| Failure::of("bench", why))?;
    run_perft(BENCH_PERFT_DEPTH, out)?;
    verdict(&solve_suite(&text, SolveLimit::default(), out)?)
}
