//! `reversi-engine solve <file.obf> [--time SECONDS] [--nodes N]`: every position of the file solved exactly and
//! checked against the scores it lists.

use super::Failure;
use crate::suite_solve::{read_text, solve_suite, SolveLimit, SuiteTotals};
use std::io::Write;

/// Solves the suite at `path`; fails with status 2 if the file cannot be read, else as `verdict` says.
pub fn run_solve(path: &str, limit: SolveLimit, out: &mut impl Write) -> Result<(), Failure> {
    let text = read_text(path).map_err(|why| Failure::of("solve", why))?;
    verdict(&solve_suite(&text, limit, out)?)
}

/// Exit status of a solved suite: 1 if a line was unreadable or not solvable here, a position was solved
/// differently from the file or not within the limit, or if there was nothing to solve.
pub fn verdict(totals: &SuiteTotals) -> Result<(), Failure> {
    let passed_over = totals.unreadable + totals.skipped;
    if totals.positions == 0 && passed_over == 0 {
        return Err(Failure::new(1, "reversi-engine: no position to solve in the file".to_string()));
    }
    if totals.mismatches > 0 || totals.unfinished > 0 || passed_over > 0 {
        return Err(Failure::quiet(1));
    }
    Ok(())
}
