//! `reversi-engine perft <depth>`: the number of move sequences of that many plies from the start, and the speed.

use engine::rules::perft::perft;
use engine::Board;
use std::io::{self, Write};
use std::time::Instant;

/// Counts the leaves of the game tree `depth` plies deep from the start and prints the count and the speed.
pub fn run_perft(depth: u32, out: &mut impl Write) -> io::Result<()> {
    let start = Instant::now();
    let leaves = perft(&Board::start(), depth);
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "perft {depth}: {leaves} leaves in {secs:.3} s ({:.1} M leaves/s)", leaves as f64 / secs / 1e6)
}
