//! Positions for tests: random legal games of any size and opening, reproducible from a seed.

use super::rng::Rng;
use super::rules::{Opening, VariantBoard};

/// The position `plies` random legal moves into a game (forced passes are played and count as plies).
pub fn random_position(size: usize, opening: Opening, plies: usize, seed: u64) -> VariantBoard {
    let (black, white) = VariantBoard::start_discs(size, opening);
    let mut board = VariantBoard::new(size, black, white);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let mut moves = board.moves();
        if moves == 0 {
            if board.is_game_over() {
                break;
            }
            board = board.pass();
            continue;
        }
        for _ in 0..rng.next_u64() % moves.count_ones() as u64 {
            moves &= moves - 1;
        }
        board = board.play(moves.trailing_zeros() as usize);
    }
    board
}
