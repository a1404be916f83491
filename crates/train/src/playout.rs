//! What the self-play generators share: each game's own random stream and opening length, and the loop that plays
//! a game from the start to its end.

use engine::rng::Rng;
use engine::Board;

/// The random stream of game number `game` and how many uniformly random moves open it (drawn from the inclusive
/// range `random_moves`): from the seed and the number alone, so any game can be replayed on its own.
pub fn game_randomness(seed: u64, game: u32, random_moves: (u32, u32)) -> (Rng, u32) {
    let mut rng = Rng::new(seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let span = random_moves.1.saturating_sub(random_moves.0) as u64 + 1;
    let opening = random_moves.0 + (rng.next_u64() % span) as u32;
    (rng, opening)
}

/// Plays a game from the start to its end: `choose` picks the move in each position that has one (and is told
/// whether Black is to move there); forced passes are played in between. The final position, and whether Black
/// would be to move in it.
pub fn play_to_end(mut choose: impl FnMut(&Board, bool) -> usize) -> (Board, bool) {
    let (mut board, mut black_to_move) = (Board::start(), true);
    loop {
        if board.moves() == 0 {
            if board.opponent_moves() == 0 {
                return (board, black_to_move);
            }
            board = board.pass();
        } else {
            board = board.play(choose(&board, black_to_move));
        }
        black_to_move = !black_to_move;
    }
}
