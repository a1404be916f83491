//! Self-play labelled by deep searches: games from randomised openings, continued by the searcher with
//! occasional random moves (noise, so the positions are varied), every position labelled by a search of a
//! fixed midgame depth or, near the end, by an exact solve. The labelled game is a [`GameRecord`].

use super::playout::{game_randomness, play_to_end};
use super::records::GameRecord;
use engine::rules::random_play::random_move;
use engine::search::{Limits, Searcher};

#[derive(Clone, Copy, Debug)]
pub struct LabelledPlay {
    pub seed: u64,
    /// Length of the uniformly random opening, inclusive range.
    pub random_moves: (u32, u32),
    /// Midgame search depth of the labels (and of the moves played).
    pub depth: u32,
    /// From this many empties on positions are solved exactly and play is perfect.
    pub exact_empties: u32,
    /// Chance that a midgame move after the opening is a uniformly random one instead of the searched best.
    pub noise: f64,
}

/// Plays and labels game number `game`. Its randomness comes from the seed and the number alone and the table
/// is cleared first, so any game is reproduced on its own, in any order or thread.
pub fn play_labelled_game(config: &LabelledPlay, game: u32, searcher: &mut Searcher) -> GameRecord {
    let (mut rng, random_moves) = game_randomness(config.seed, game, config.random_moves);
    let midgame = Limits { depth: config.depth, exact_empties: 0, wld_empties: 0, node_budget: None };
    searcher.clear();
    let mut record = GameRecord { moves: Vec::new(), labels: Vec::new() };
    play_to_end(|board, _| {
        let exact = board.empty_count() <= config.exact_empties;
        let result =
            if exact { searcher.solve(board) } else { searcher.search(board, &midgame).expect("no node budget") };
        let played = record.moves.len() as u32;
        let square = if played < random_moves || (!exact && rng.next_f64() < config.noise) {
            random_move(board.moves(), &mut rng)
        } else {
            result.best_move.expect("a legal move")
        };
        record.moves.push(square as u8);
        record.labels.push(result.score.clamp(-64, 64) as i8);
        square
    });
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_reproducible_and_end_labels_are_exact() {
        let config = LabelledPlay { seed: 3, random_moves: (6, 10), depth: 2, exact_empties: 10, noise: 0.2 };
        let mut searcher = Searcher::new(1);
        let a = play_labelled_game(&config, 5, &mut searcher);
        assert_eq!(a, play_labelled_game(&config, 5, &mut searcher));
        assert_ne!(a, play_labelled_game(&config, 6, &mut searcher));
        let positions = a.positions().expect("legal moves");
        let mut solved = 0;
        for (board, &label) in positions.iter().zip(&a.labels) {
            if board.empty_count() <= 10 {
                assert_eq!(label as i32, searcher.solve(board).score, "exact label");
                solved += 1;
            }
        }
        assert!(solved >= 5, "{solved} solved positions");
        // Play from the solved part on is perfect, so the last label is the final result for the last mover.
        let end = positions.last().unwrap().play(*a.moves.last().unwrap() as usize);
        assert_eq!(end.moves() | end.opponent_moves(), 0, "the game was played to its end");
        assert_eq!(*a.labels.last().unwrap() as i32, -end.final_score());
    }
}
