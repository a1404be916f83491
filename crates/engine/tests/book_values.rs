//! The shipped opening book (`crates/engine/data/book.bin`, built by `reversi-engine book`): every covered position has every
//! legal move valued, the covered positions hang together from the start, inner values are backed up from their
//! moves, Master's book moves are legal and within a disc of the best, and a sample of the searched values
//! matches a fresh search at the book's depth with the shipped weights, which the book records it was built with
//! (release only: those searches take a second each in a release build, far longer in a debug one).

use engine::ai::think_job::BOOK_TOLERANCE;
use engine::book::book::fingerprint;
use engine::book::book_build::{search_value, BOOK_TABLE_MEGABYTES};
use engine::book::{key, Book, Key};
use engine::eval::PatternEvaluator;
use engine::{Board, Level, Searcher, ThinkJob, VariantBoard};
use std::collections::HashSet;

/// Every covered position reachable from the start through covered positions, each once.
fn covered_positions(book: &Book) -> Vec<Board> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut stack = vec![Board::start()];
    while let Some(board) = stack.pop() {
        if !book.covers(&board) || !seen.insert(key(&board)) {
            continue;
        }
        found.push(board);
        let mut moves = board.moves();
        while moves != 0 {
            stack.push(board.play(moves.trailing_zeros() as usize));
            moves &= moves - 1;
        }
    }
    found
}

/// The positions with a searched value: valued, not covered.
fn searched_positions(book: &Book, covered: &[Board]) -> Vec<Board> {
    let mut seen: HashSet<Key> = HashSet::new();
    let mut leaves = Vec::new();
    for board in covered {
        let mut moves = board.moves();
        while moves != 0 {
            let child = board.play(moves.trailing_zeros() as usize);
            moves &= moves - 1;
            if !book.covers(&child) && seen.insert(key(&child)) {
                leaves.push(child);
            }
        }
    }
    leaves
}

#[test]
fn the_book_covers_the_openings_with_every_move_valued() {
    let book = Book::get();
    let covered = covered_positions(book);
    assert_eq!(covered.len(), book.covered(), "every covered position is reached from the start");
    assert!(
        book.covered() >= 300 && book.deepest_ply() >= 8,
        "{} positions to ply {}",
        book.covered(),
        book.deepest_ply()
    );
    for board in &covered {
        let values = book.move_values(board).expect("covered");
        assert_eq!(values.len() as u32, board.moves().count_ones());
        assert!(values.iter().all(|&(sq, v)| board.moves() >> sq & 1 == 1 && v.abs() <= 64));
        assert!(values.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        // A covered position's own value (as a move's result) is its best move's.
        assert!(book.value(board).is_none_or(|v| v == values[0].1), "backed up: {board:?}");
    }
    // The named lines are in: the Tiger (f5 d6 c3 d3 c4) and what follows it.
    let tiger = [37, 43, 18, 19, 26].iter().fold(Board::start(), |b, &sq| b.play(sq));
    assert!(book.covers(&tiger));
}

#[test]
fn master_plays_legal_book_moves_within_a_disc_of_the_best_at_once() {
    let book = Book::get();
    let master = Level::Master.settings();
    let mut ai = engine::Ai::new(1);
    let mut played = HashSet::new();
    for board in covered_positions(book).iter().take(200) {
        let best = book.move_values(board).expect("covered")[0].1;
        let position = VariantBoard::new(8, board.player as u128, board.opponent as u128);
        for seed in 0..6 {
            let decision = ThinkJob::new(&position, master, seed).run(&mut ai);
            let mv = decision.mv.expect("a move");
            assert!(board.moves() >> mv & 1 == 1, "illegal book move");
            assert_eq!(decision.nodes, 0, "from the book, without a search");
            assert!(decision.score >= best - BOOK_TOLERANCE && decision.score <= best);
            played.insert((key(board), mv));
        }
    }
    assert!(played.len() > 200, "book play varies: {} distinct choices", played.len());
}

#[test]
fn the_book_was_built_with_the_shipped_weights() {
    let weights = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/eval.weights"));
    assert_eq!(
        Book::get().provenance.weights,
        fingerprint(&weights.expect("crates/engine/data/eval.weights")),
        "new weights shipped since the book was built: rebuild it with reversi-engine book"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: cargo test --release -p engine --test book_values")]
fn searched_values_match_a_fresh_search_with_the_shipped_weights() {
    let book = Book::get();
    let evaluator = PatternEvaluator::shipped();
    let mut searcher = Searcher::with_evaluator(BOOK_TABLE_MEGABYTES, Box::new(evaluator));
    let leaves = searched_positions(book, &covered_positions(book));
    let (depth, selectivity) = (book.provenance.depth.into(), book.provenance.selectivity);
    let sample: Vec<&Board> = leaves.iter().step_by(leaves.len() / 8).collect();
    for leaf in &sample {
        let fresh = search_value(&mut searcher, leaf, depth, selectivity);
        assert_eq!(book.value(leaf), Some(i32::from(fresh)), "{leaf:?}");
    }
    assert!(sample.len() >= 8);
}
