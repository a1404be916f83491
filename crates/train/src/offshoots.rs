//! Positions off the played line: from each position of a recorded game a few uniformly random plies, and the
//! position reached labelled by a search on the current weights (or an exact solve near the end). A self-played
//! game yields about 48 labelled positions for a search of every move and its whole playing; an offshoot costs one
//! search, so the same CPU-hour labels many more positions, and positions the searches' own play would never reach
//! (which the evaluation still meets inside every search tree).

use super::samples::Sample;
use engine::rng::Rng;
use engine::rules::random_play::random_move;
use engine::search::{Limits, Searcher};
use engine::Board;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Offshoots {
    pub seed: u64,
    /// How many random plies lead off the recorded position, inclusive range.
    pub plies: (u32, u32),
    /// Midgame search depth of the labels.
    pub depth: u32,
    /// Positions with at most this many empties are labelled by exact solves.
    pub exact_empties: u32,
    /// Prob-cut level of the label searches (`Searcher::set_selectivity`; `NO_SELECTIVITY`, unpruned, by default).
    pub selectivity: u8,
    /// Only the offshoots with this many empties (inclusive) are labelled. The others are still drawn and then dropped,
    /// so the kept ones are the positions a run without the range makes. With `exact_empties` at the top of the range:
    /// exact solves of the endgame alone.
    pub empties: (u32, u32),
}

/// The position `plies` uniformly random moves on from `board`, forced passes played (and not counted), with a
/// move for its side to move; `None` when the game ends first.
pub fn random_branch(board: Board, plies: u32, rng: &mut Rng) -> Option<Board> {
    let mut board = board;
    for ply in 0..=plies {
        if board.moves() == 0 {
            if board.opponent_moves() == 0 {
                return None;
            }
            board = board.pass();
        }
        if ply < plies {
            board = board.play(random_move(board.moves(), rng));
        }
    }
    Some(board)
}

/// One offshoot of each source position that has one, labelled: each keeps its source's game number, so offshoots
/// of held-out games stay held out. Stream `stream` of the seed draws the plies, and the table is cleared first, so
/// the same sources and stream give the same positions and labels in any thread or run.
pub fn label_offshoots(config: &Offshoots, sources: &[Sample], stream: u64, searcher: &mut Searcher) -> Vec<Sample> {
    let mut rng = Rng::new(config.seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let span = config.plies.1.saturating_sub(config.plies.0) as u64 + 1;
    let midgame = Limits { depth: config.depth, exact_empties: 0, wld_empties: 0, node_budget: None };
    searcher.clear();
    searcher.set_selectivity(config.selectivity);
    sources
        .iter()
        .filter_map(|source| {
            let plies = config.plies.0 + (rng.next_u64() % span) as u32;
            let board = random_branch(source.board, plies, &mut rng)?;
            if !(config.empties.0..=config.empties.1).contains(&board.empty_count()) {
                return None;
            }
            let exact = board.empty_count() <= config.exact_empties;
            // With no plies off the line (`--plies 0-0`, a relabelling of the games) a source already solved keeps
            // its score: the solve would only repeat it.
            let score = match exact {
                true if source.exact && board == source.board => source.score as i32,
                true => searcher.solve(&board).score,
                false => searcher.search(&board, &midgame).expect("no node budget").score,
            };
            Some(Sample { board, game: source.game, score: score.clamp(-64, 64) as i8, exact })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_leave_the_line_by_legal_moves_and_stop_at_the_end() {
        let mut rng = Rng::new(5);
        let start = Board::start();
        let one = random_branch(start, 1, &mut rng).unwrap();
        assert!((0..64).any(|sq| start.moves() & (1 << sq) != 0 && start.play(sq) == one));
        let three = random_branch(start, 3, &mut rng).unwrap();
        assert_eq!(three.empty_count(), 57);
        assert_ne!(three.moves(), 0, "the side to move has a move");
        // A full board has no move for either side.
        assert_eq!(random_branch(Board::new(u64::MAX, 0), 1, &mut rng), None);
    }

    /// The positions of a game of random moves, each with a move for its side to move.
    fn random_line(seed: u64) -> Vec<Board> {
        let (mut board, mut line, mut rng) = (Board::start(), Vec::new(), Rng::new(seed));
        while let Some(next) = random_branch(board, 1, &mut rng) {
            line.push(board);
            board = next;
        }
        line
    }

    #[test]
    fn offshoots_are_reproducible_keep_their_games_and_exact_labels_are_solves() {
        let config =
            Offshoots { seed: 4, plies: (1, 3), depth: 2, exact_empties: 10, selectivity: 1, empties: (0, 60) };
        let sources: Vec<Sample> = random_line(9)
            .into_iter()
            .enumerate()
            .map(|(i, board)| Sample { board, game: 30 + i as u32 % 3, score: 0, exact: false })
            .collect();
        let mut searcher = Searcher::new(1);
        let labelled = label_offshoots(&config, &sources, 2, &mut searcher);
        assert_eq!(labelled, label_offshoots(&config, &sources, 2, &mut searcher));
        assert_ne!(labelled, label_offshoots(&config, &sources, 3, &mut searcher));
        assert!(labelled.len() + 4 >= sources.len(), "only the last few positions may have no offshoot");
        assert!(labelled.iter().all(|s| (30..33).contains(&s.game)));
        let exact: Vec<_> = labelled.iter().filter(|s| s.exact).collect();
        assert!(exact.len() >= 5);
        for s in exact {
            assert!(s.board.empty_count() <= 10);
            assert_eq!(s.score as i32, searcher.solve(&s.board).score);
        }
    }

    #[test]
    fn an_empties_range_keeps_the_other_offshoots_where_they_were() {
        let all = Offshoots { seed: 4, plies: (1, 3), depth: 2, exact_empties: 12, selectivity: 1, empties: (0, 60) };
        let endgame = Offshoots { empties: (6, 12), ..all };
        let sources: Vec<Sample> =
            random_line(13).into_iter().map(|board| Sample { board, game: 5, score: 0, exact: false }).collect();
        let mut searcher = Searcher::new(1);
        let every = label_offshoots(&all, &sources, 1, &mut searcher);
        let kept = label_offshoots(&endgame, &sources, 1, &mut searcher);
        let in_range: Vec<Sample> = every.into_iter().filter(|s| (6..=12).contains(&s.board.empty_count())).collect();
        assert!(in_range.len() >= 5);
        assert_eq!(kept, in_range);
        assert!(kept.iter().all(|s| s.exact));
    }

    #[test]
    fn no_plies_relabel_the_line_and_keep_its_solved_scores() {
        let config =
            Offshoots { seed: 4, plies: (0, 0), depth: 2, exact_empties: 10, selectivity: 1, empties: (0, 60) };
        let sources: Vec<Sample> = random_line(11)
            .into_iter()
            .map(|board| {
                let exact = board.empty_count() <= 10;
                // A score no search gives this line: a kept one shows no solve ran.
                Sample { board, game: 7, score: if exact { 63 } else { 0 }, exact }
            })
            .collect();
        let labelled = label_offshoots(&config, &sources, 1, &mut Searcher::new(1));
        let boards = |samples: &[Sample]| samples.iter().map(|s| s.board).collect::<Vec<_>>();
        assert_eq!(boards(&labelled), boards(&sources), "every position of the line, none off it");
        assert!(labelled.iter().filter(|s| s.exact).all(|s| s.score == 63));
        assert!(labelled.iter().filter(|s| !s.exact).any(|s| s.score != 0), "the midgame ones are searched");
    }
}
