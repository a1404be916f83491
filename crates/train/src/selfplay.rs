//! Self-play: games from varied openings (uniformly random first moves), continued by the searcher with
//! softmax slips, solved exactly near the end. Every position of a game becomes a sample.

use super::playout::{game_randomness, play_to_end};
use super::samples::Sample;
use engine::ai::level::choose_with_slips;
use engine::eval::Evaluator;
use engine::rules::random_play::random_move;
use engine::search::{Limits, Searcher};
use engine::Board;

#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub seed: u64,
    /// Random opening length, inclusive range.
    pub random_moves: (u32, u32),
    /// Midgame search depth of the players.
    pub depth: u32,
    /// From this many empties on the players solve exactly, and the positions' labels are exact.
    pub exact_empties: u32,
    /// Softmax temperature in discs for the midgame move choice (0: always a best move).
    pub temperature: f64,
}

/// Plays game number `game` (its randomness comes from the seed and the number alone, so any game can be
/// replayed on its own) and labels each position with the final disc difference from its side to move's view.
/// Play after `exact_empties` is perfect, so those labels are exact values.
pub fn play_game(config: &SelfPlay, game: u32, searcher: &mut Searcher) -> Vec<Sample> {
    let (mut rng, random_moves) = game_randomness(config.seed, game, config.random_moves);
    let limits = Limits {
        depth: config.depth,
        exact_empties: config.exact_empties,
        wld_empties: config.exact_empties,
        node_budget: None,
    };
    // Each position, whether Black is to move there, and whether its move came from an exact solve.
    let mut seen: Vec<(Board, bool, bool)> = Vec::new();
    let mut played = 0;
    let (board, black_to_move) = play_to_end(|board, black_to_move| {
        let solved = played >= random_moves && board.empty_count() <= config.exact_empties;
        seen.push((*board, black_to_move, solved));
        let square = if played < random_moves {
            random_move(board.moves(), &mut rng)
        } else if solved || config.temperature <= 0.0 {
            searcher.search(board, &limits).expect("no node budget").best_move.expect("a legal move")
        } else {
            let scored = searcher.score_moves(board, &limits).expect("no node budget");
            choose_with_slips(&scored, config.temperature, &mut rng).0
        };
        played += 1;
        square
    });
    let black_result = if black_to_move { board.final_score() } else { -board.final_score() };
    // Once a position is solved every later move is perfect too, so its final result is its exact value.
    seen.iter()
        .map(|&(board, black, solved)| Sample {
            board,
            game,
            score: (if black { black_result } else { -black_result }) as i8,
            exact: solved,
        })
        .collect()
}

/// Replace the labels of the positions that are not exact by a search of `depth` plies (exact from
/// `exact_empties`), with `evaluator` at the leaves: the bootstrap step once a first evaluation exists.
pub fn relabel(
    samples: &mut [Sample],
    evaluator: Box<dyn Evaluator>,
    depth: u32,
    exact_empties: u32,
    mut progress: impl FnMut(usize),
) {
    let mut searcher = Searcher::with_evaluator(16, evaluator);
    let limits = Limits { depth, exact_empties, wld_empties: exact_empties, node_budget: None };
    for (i, s) in samples.iter_mut().enumerate() {
        if !s.exact {
            s.score = searcher.search(&s.board, &limits).expect("no node budget").score.clamp(-64, 64) as i8;
            s.exact = s.board.empty_count() <= exact_empties;
        }
        progress(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_reproducible_and_end_labels_are_exact() {
        let config = SelfPlay { seed: 1, random_moves: (8, 12), depth: 1, exact_empties: 8, temperature: 1.0 };
        let mut searcher = Searcher::new(1);
        let a = play_game(&config, 3, &mut searcher);
        assert_eq!(a, play_game(&config, 3, &mut searcher));
        assert_ne!(a, play_game(&config, 4, &mut searcher));
        assert_eq!(a[0].board, Board::start());
        for s in a.iter().filter(|s| s.exact) {
            assert!(s.board.empty_count() <= 8);
            assert_eq!(s.score as i32, searcher.solve(&s.board).score, "label of an exact sample");
        }
        assert!(a.iter().filter(|s| s.exact).count() >= 4);
    }
}
