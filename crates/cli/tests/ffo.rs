//! FFO endgame test positions #40-#49 (20-26 empties): every exact score and a best move.
//!
//! Release only (`cargo test --release -p cli --test ffo`): in a debug build the solve takes far too long.
//! `cargo test --release -p cli --test ffo -- --include-ignored --nocapture` also solves #45-#49 and prints the table.

use engine::Searcher;
use game::notation::{read_obf, ObfLine};
use game::{square_name, Move};
use std::time::Instant;

/// FFO #40-#49, one OBF line each with every move's exact score: the benchmark's file, read by the one OBF reader.
const FFO: &str = include_str!("../../../bench/ffo40-49.obf");

/// FFO position `number` (40-49).
fn ffo(number: usize) -> ObfLine {
    let line = FFO.lines().nth(number - 40).expect("ten positions");
    read_obf(line).unwrap_or_else(|e| panic!("FFO #{number}: {e}"))
}

/// Solves positions `first..=last` (FFO numbering), checks each, and prints the table with totals.
fn solve_and_check(first: usize, last: usize) {
    let mut searcher = Searcher::new(64);
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    println!("  #  move  score         nodes     time      nodes/s");
    for number in first..=last {
        let obf = ffo(number);
        let score = obf.expected_score().expect("the file lists every move's score");
        let best: Vec<Move> = obf.scores.iter().filter(|&&(_, s)| s == score).map(|&(mv, _)| mv).collect();
        let board = obf.position.board().as_board().expect("an 8×8 endgame");
        searcher.clear();
        let start = Instant::now();
        let result = searcher.solve(&board);
        let secs = start.elapsed().as_secs_f64();
        let mv = result.best_move.map_or("pass".to_string(), |sq| square_name(sq, 8));
        println!(
            "{number:3}  {mv:>4}  {:+5}  {:12}  {secs:7.2} s  {:11.0}",
            result.score,
            result.nodes,
            result.nodes as f64 / secs
        );
        assert!(result.exact);
        assert_eq!(result.score, score, "FFO #{number}: wrong score");
        assert!(
            best.contains(&result.best_move.map_or(Move::Pass, Move::Play)),
            "FFO #{number}: {mv} is not a best move"
        );
        total_nodes += result.nodes;
        total_secs += secs;
    }
    println!(
        "total #{first}-#{last}: {total_nodes} nodes, {total_secs:.2} s, {:.0} nodes/s",
        total_nodes as f64 / total_secs
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: cargo test --release -p cli --test ffo")]
fn ffo_40_to_44_exact() {
    solve_and_check(40, 44);
}

#[test]
#[ignore = "about half a minute: cargo test --release -p cli --test ffo -- --include-ignored --nocapture"]
fn ffo_45_to_49_exact() {
    solve_and_check(45, 49);
}
