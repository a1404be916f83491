//! Random legal play, reproducible from a seed: the one source of random moves, games and positions for the tests,
//! the match runner's openings and the training's self-play.

use super::{Board, Opening, VariantBoard};
use crate::rng::Rng;

/// One of the squares of `moves` (not empty), uniformly: skip a random number of lowest set bits.
pub fn random_move(moves: impl Into<u128>, rng: &mut Rng) -> usize {
    let moves = moves.into();
    let skip = rng.next_u64() % moves.count_ones() as u64;
    (0..skip).fold(moves, |m, _| m & (m - 1)).trailing_zeros() as usize
}

/// The position `plies` random legal moves into a game of `size` and `opening` (forced passes are played and count
/// as plies; a game that ends sooner stops at its end).
pub fn random_position(size: usize, opening: Opening, plies: usize, seed: u64) -> VariantBoard {
    let (black, white) = VariantBoard::start_discs(size, opening);
    let mut board = VariantBoard::new(size, black, white);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let moves = board.moves();
        if moves == 0 {
            if board.is_game_over() {
                break;
            }
            board = board.pass();
            continue;
        }
        board = board.play(random_move(moves, &mut rng));
    }
    board
}

/// The 8×8 position with `empties` empty squares that `pick` plays to from `board` (it is asked for a move in each
/// position that has one; forced passes are played in between), or `None` if the game ends before.
pub fn play_to_empties(mut board: Board, empties: u32, mut pick: impl FnMut(&Board) -> usize) -> Option<Board> {
    while board.empty_count() > empties {
        if board.moves() == 0 {
            board = board.pass();
            if board.moves() == 0 {
                return None;
            }
        }
        board = board.play(pick(&board));
    }
    Some(board)
}

/// An 8×8 position with `empties` empty squares reached by random legal moves from the start, or `None` if the game
/// ends before.
pub fn random_board(empties: u32, rng: &mut Rng) -> Option<Board> {
    play_to_empties(Board::start(), empties, |board| random_move(board.moves(), rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_moves_are_legal_uniform_and_reproducible() {
        let mut rng = Rng::new(3);
        let moves = Board::start().moves();
        let mut counts = [0u32; 64];
        for _ in 0..4000 {
            counts[random_move(moves, &mut rng)] += 1;
        }
        assert!(counts.iter().enumerate().all(|(sq, &n)| (moves >> sq & 1 == 1) == (n > 0)), "only legal squares");
        assert!(counts.iter().filter(|&&n| n > 0).all(|&n| (850..1150).contains(&n)), "{counts:?}");
        let board = |seed| random_position(10, Opening::EmptyCentre, 30, seed);
        assert_eq!(board(5), board(5));
        assert_ne!(board(5), board(6));
    }

    #[test]
    fn positions_have_the_plies_or_empties_asked_for() {
        for seed in 0..20 {
            let position = random_position(8, Opening::Standard, 10, seed);
            // Ten plies from four discs: ten more discs, less one for each forced pass (none this early).
            assert_eq!(position.empty_count(), 50);
            let board = random_board(30, &mut Rng::new(seed)).expect("no game ends 30 empties before its end");
            assert_eq!(board.empty_count(), 30);
        }
        assert!(random_board(0, &mut Rng::new(1)).is_none_or(|b| b.moves() | b.opponent_moves() == 0));
    }
}
