//! FFO endgame test positions #40-#49 (20-26 empties): every exact score and a best move.
//!
//! Release only (`cargo test --release --test ffo`): in a debug build the solve takes far too long.
//! `cargo test --release --test ffo -- --include-ignored --nocapture` also solves #45-#49 and prints the table.

use reversi::engine::{Board, Searcher};
use std::time::Instant;

/// Position (64 squares a1..h8, `X` black, `O` white), side to move, exact score, every best move.
const FFO: [(&str, char, i32, &[&str]); 10] = [
    ("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------", 'X', 38, &["a2"]),
    ("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O-", 'X', 0, &["h4"]),
    ("--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO--", 'X', 6, &["g2"]),
    ("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX-", 'O', -12, &["g3", "c7"]),
    ("--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX--", 'O', -14, &["d2", "b8"]),
    ("---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO--", 'X', 6, &["b2"]),
    ("---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O-", 'X', -8, &["b3"]),
    ("-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX--", 'O', 4, &["g2"]),
    ("-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX-", 'O', 28, &["f6"]),
    ("--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O---", 'X', 16, &["e1"]),
];

fn board(squares: &str, side: char) -> Board {
    let bits = |c: char| squares.chars().enumerate().filter(|&(_, s)| s == c).fold(0u64, |b, (i, _)| b | 1 << i);
    let (black, white) = (bits('X'), bits('O'));
    if side == 'X' {
        Board::new(black, white)
    } else {
        Board::new(white, black)
    }
}

fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// Solves positions `first..=last` (FFO numbering), checks each, and prints the table with totals.
fn solve_and_check(first: usize, last: usize) {
    let mut searcher = Searcher::new(64);
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    println!("  #  move  score         nodes     time      nodes/s");
    for number in first..=last {
        let (squares, side, score, best) = FFO[number - 40];
        searcher.clear();
        let start = Instant::now();
        let result = searcher.solve(&board(squares, side));
        let secs = start.elapsed().as_secs_f64();
        let mv = result.best_move.map_or("pass".to_string(), square_name);
        println!(
            "{number:3}  {mv:>4}  {:+5}  {:12}  {secs:7.2} s  {:11.0}",
            result.score,
            result.nodes,
            result.nodes as f64 / secs
        );
        assert!(result.exact);
        assert_eq!(result.score, score, "FFO #{number}: wrong score");
        assert!(best.contains(&mv.as_str()), "FFO #{number}: {mv} is not a best move ({best:?})");
        total_nodes += result.nodes;
        total_secs += secs;
    }
    println!(
        "total #{first}-#{last}: {total_nodes} nodes, {total_secs:.2} s, {:.0} nodes/s",
        total_nodes as f64 / total_secs
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: cargo test --release --test ffo")]
fn ffo_40_to_44_exact() {
    solve_and_check(40, 44);
}

#[test]
#[ignore = "about a minute or more: cargo test --release --test ffo -- --include-ignored --nocapture"]
fn ffo_45_to_49_exact() {
    solve_and_check(45, 49);
}
