//! A model of a novice who knows the rules and nothing more than the first lesson everyone learns (corners are
//! good): it looks one move ahead, takes a corner when it can, and otherwise flips the most discs. The match
//! runner plays it against a level to measure whether a beginner can beat that level (`novice` as a side).

use crate::bits::squares_of;
use crate::rng::Rng;
use crate::rules::{Board, CORNERS};

/// The novice's move in `board` (which has one): a corner if any, else a move flipping the most discs, ties
/// broken at random by `rng` so its games vary.
pub fn novice_move(board: &Board, rng: &mut Rng) -> usize {
    let moves = board.moves();
    let candidates = if moves & CORNERS != 0 { moves & CORNERS } else { moves };
    let flipped: Vec<(usize, u32)> = squares_of(candidates).map(|sq| (sq, board.flips(sq).count_ones())).collect();
    let most = flipped.iter().map(|&(_, n)| n).max().expect("a legal move");
    let greediest: Vec<usize> = flipped.iter().filter(|&&(_, n)| n == most).map(|&(sq, _)| sq).collect();
    greediest[(rng.next_u64() % greediest.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::match_play::openings;

    #[test]
    fn takes_a_corner_when_it_can() {
        // a1 flips b1 (one disc); a3 would flip b3-e3 (four).
        let (b1, c1, f3) = (1u64 << 1, 1u64 << 2, 1u64 << 21);
        let b3_to_e3 = 0b1111u64 << 17;
        let board = Board::new(c1 | f3, b1 | b3_to_e3);
        assert_eq!((board.flips(0).count_ones(), board.flips(16).count_ones()), (1, 4));
        let mut rng = Rng::new(1);
        for _ in 0..10 {
            assert_eq!(novice_move(&board, &mut rng), 0);
        }
    }

    #[test]
    fn otherwise_flips_the_most_discs_and_varies_among_equals() {
        for opening in openings(20, 10, 3).iter().filter(|b| b.moves() & CORNERS == 0) {
            let most = squares_of(opening.moves()).map(|sq| opening.flips(sq).count_ones()).max().unwrap();
            let mut rng = Rng::new(9);
            for _ in 0..5 {
                assert_eq!(opening.flips(novice_move(opening, &mut rng)).count_ones(), most);
            }
        }
        // From the start every move flips one disc: over a few seeds it plays more than one of them.
        let mut rng = Rng::new(2);
        let chosen: std::collections::HashSet<usize> =
            (0..20).map(|_| novice_move(&Board::start(), &mut rng)).collect();
        assert!(chosen.len() > 1, "{chosen:?}");
    }
}
