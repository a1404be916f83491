//! The engine's functions for JavaScript: what the browser benchmark (this folder) and the wasm tests call.
//!
//! Each export takes and returns plain JS values (numbers, strings; JSON text for structured results), so a bench
//! loop stays a one-liner in JS and nothing here depends on the app. Compiled natively too, so its tests run
//! without a browser (`cargo test -p engine-wasm`, part of `make test`).

use engine::rules::perft;
use engine::search::{Limits, SolveSlices};
use engine::{Board, Searcher};
use game::notation::read_obf;
use game::square_name;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The solver's table: 64 MB, as natively, so browser and native figures compare like for like.
const SOLVE_TT_MEGABYTES: usize = 64;

thread_local! {
    /// One searcher for the page's life: the table is allocated once, not per position.
    static SOLVER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

/// Leaves of the perft tree from the standard start position, `depth` plies deep (pass = ply).
/// An f64 holds every count up to depth 14 exactly (< 2^53) and arrives in JS as a plain number.
#[wasm_bindgen]
pub fn perft(depth: u32) -> f64 {
    perft::perft(&Board::start(), depth) as f64
}

/// Exact solve of one OBF line (an 8×8 board string, the side to move, optional `move:score` fields) with a
/// cleared table. JSON: `{"score", "move", "nodes", "ms", "expected"}` (`move` is null when the side to move
/// must pass, `expected` the line's best listed score or null), or `{"error": "..."}` for a line that cannot be
/// solved.
#[wasm_bindgen]
pub fn solve_obf(line: &str) -> String {
    let answer = match obf_board(line) {
        Ok((board, expected)) => {
            let start = now_ms();
            let result = SOLVER.with_borrow_mut(|solver| {
                let searcher = solver.get_or_insert_with(|| Searcher::new(SOLVE_TT_MEGABYTES));
                searcher.clear();
                // The native `solve`'s slices, so both visit the same nodes.
                let mut slices = SolveSlices::default();
                loop {
                    let limits = Limits { node_budget: Some(slices.next_budget()), ..Limits::exact() };
                    if let Ok(result) = searcher.search(&board, &limits) {
                        break result;
                    }
                }
            });
            serde_json::json!({
                "score": result.score,
                "move": result.best_move.map(|sq| square_name(sq, 8)),
                "nodes": result.nodes,
                "ms": now_ms() - start,
                "expected": expected,
            })
        }
        Err(error) => serde_json::json!({ "error": error }),
    };
    answer.to_string()
}

/// The 8×8 position of an OBF line and the best score the line lists.
fn obf_board(line: &str) -> Result<(Board, Option<i32>), String> {
    let obf = read_obf(line).map_err(|e| format!("not an OBF line: {e}"))?;
    let board = obf.position.board().as_board().ok_or("the solver takes 8×8 positions with the centre filled")?;
    Ok((board, obf.scores.iter().map(|&(_, score)| score).max()))
}

/// Milliseconds from an arbitrary origin: the page's clock in the browser, the process's natively.
#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn parse(json: &str) -> serde_json::Value {
        serde_json::from_str(json).expect("solve_obf answers JSON")
    }

    #[test]
    fn solves_a_line_and_reports_the_listed_score() {
        // FFO #40 with its last row filled: 12 empties, quick even in a debug build.
        let squares = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--XOOOOXXXX";
        let board = obf_board(&format!("{squares} X;")).unwrap().0;
        let exact = Searcher::new(1).solve(&board);
        let best = square_name(exact.best_move.unwrap(), 8);
        let answer = parse(&solve_obf(&format!("{squares} X; {}:{:+};", best.to_uppercase(), exact.score)));
        assert_eq!(answer["score"], exact.score, "{answer}");
        assert_eq!(answer["expected"], exact.score);
        assert_eq!(answer["move"], best);
        assert!(answer["nodes"].as_u64().unwrap() > 0);
        assert!(answer["ms"].as_f64().unwrap() >= 0.0);
    }

    #[test]
    fn explains_a_bad_line() {
        for line in
            ["", "garbage X;", "O--OOOOX X;", &format!("{} X;", "-".repeat(64)), &format!("{} X;", "-".repeat(36))]
        {
            let answer = parse(&solve_obf(line));
            let error = answer["error"].as_str().unwrap_or_else(|| panic!("no error for {line:?}: {answer}"));
            assert!(!error.is_empty());
        }
    }
}
