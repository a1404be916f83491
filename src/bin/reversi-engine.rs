//! `reversi-engine`: the engine's command line.

use reversi::engine::{perft::perft, Board};
use std::time::Instant;

fn usage() -> ! {
    eprintln!("usage: reversi-engine perft <depth>");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => {
            let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or_else(|| usage());
            let start = Instant::now();
            let leaves = perft(&Board::start(), depth);
            let secs = start.elapsed().as_secs_f64();
            println!("perft {depth}: {leaves} leaves in {secs:.3} s ({:.1} M leaves/s)", leaves as f64 / secs / 1e6);
        }
        Some("match") => {
            if let Err(message) = reversi::engine::match_play::run_command(&args[1..]) {
                eprintln!("reversi-engine match: {message}");
                std::process::exit(2);
            }
        }
        _ => usage(),
    }
}
