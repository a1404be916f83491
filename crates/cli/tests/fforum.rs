//! Per-move exactness of the solver on the FForum endgame problems (`../shared/reference/`): every move listed for
//! #1-#19 (14-19 empties, each move with its exact score) solves to its listed score, and #20-#39 (20-24 empties)
//! solve to the best listed score with one of the moves that reach it.
//!
//! Release only (`cargo test --release -p cli --test fforum -- --nocapture` prints each file's totals): a debug build
//! solves far too slowly. Skipped, saying so, when the shared files are not beside the project.

use engine::{Board, Searcher};
use game::notation::{read_obf_file, ObfLine};
use game::Move;
use std::time::Instant;

use testkit::reference::reference_text;

/// Every position of the shared file `name`, each with its number in the FForum series (`first` for line 1).
fn positions(name: &str, first: usize) -> Option<Vec<(usize, ObfLine, Board)>> {
    let text = reference_text(name)?;
    let read = read_obf_file(&text).into_iter().map(|(line, obf)| {
        let number = first + line - 1;
        let obf = obf.unwrap_or_else(|e| panic!("FForum #{number}: {e}"));
        let board = obf.position.board().as_board().unwrap_or_else(|| panic!("FForum #{number}: not 8×8"));
        (number, obf, board)
    });
    Some(read.collect())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: cargo test --release -p cli --test fforum")]
fn every_listed_move_of_fforum_1_to_19_solves_to_its_score() {
    let Some(positions) = positions("fforum-1-19.obf", 1) else { return };
    let mut searcher = Searcher::new(64);
    let (start, mut moves, mut nodes) = (Instant::now(), 0, 0);
    for (number, obf, board) in &positions {
        for &(mv, listed) in &obf.scores {
            let Move::Play(square) = mv else { panic!("FForum #{number}: a pass is listed") };
            assert!(board.moves() >> square & 1 == 1, "FForum #{number}: {square} is not legal");
            let child = searcher.solve(&board.play(square));
            assert!(child.exact);
            assert_eq!(-child.score, listed, "FForum #{number}, move {square}");
            (moves, nodes) = (moves + 1, nodes + child.nodes);
        }
    }
    println!("FForum #1-#19: {moves} moves solved, {nodes} nodes, {:.1} s", start.elapsed().as_secs_f64());
    assert_eq!(positions.len(), 19);
    assert!(moves > 100, "every listed move: {moves}");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: cargo test --release -p cli --test fforum")]
fn fforum_20_to_39_solve_to_the_best_score_with_a_best_move() {
    let Some(positions) = positions("fforum-20-39.obf", 20) else { return };
    let mut searcher = Searcher::new(64);
    let (start, mut nodes) = (Instant::now(), 0);
    for (number, obf, board) in &positions {
        let best = obf.expected_score().unwrap_or_else(|| panic!("FForum #{number}: no score listed"));
        let result = searcher.solve(board);
        assert!(result.exact);
        assert_eq!(result.score, best, "FForum #{number}");
        let played = result.best_move.map_or(Move::Pass, Move::Play);
        assert!(obf.scores.contains(&(played, best)), "FForum #{number}: {played:?} is not a best move");
        nodes += result.nodes;
    }
    println!(
        "FForum #20-#39: {} positions solved, {nodes} nodes, {:.1} s",
        positions.len(),
        start.elapsed().as_secs_f64()
    );
    assert_eq!(positions.len(), 20);
}
