//! The pattern features of a node's children derived from the node's own, instead of gathered from each child's
//! board (Edax's `eval_update`): a move changes only the digits of the squares it fills and flips.
//!
//! Technique: a per-square table lists the pattern instances reading the square with the power of 3 of its digit
//! there (at most `PER_SQUARE`; the rest of a square's slots add zero to spare lanes past the instances, one lane
//! per slot, so every square takes the same branch-free adds and no chain of them waits on one lane). The
//! node's indices seen from its opponent's side are the starting point: in the child the mover becomes the
//! opponent, so its discs already read 2, the placed square adds 2 × its power and every flipped square (1 → 2 in
//! that view) adds its power once.

use super::pattern::{pattern_features, INSTANCES, INSTANCE_OFFSETS};
use crate::rules::Board;
use std::sync::OnceLock;

/// The most pattern instances that share one square (b2, g2, b7, g7: two edges, two 2×5 corners, a 3×3 corner,
/// a row, a column and the main diagonal).
const PER_SQUARE: usize = 8;

/// For each square, (instance, power of 3 of the square's digit in it) for every instance reading it, then (spare
/// lane of the slot, 0).
type SquarePowers = [[(u8, u16); PER_SQUARE]; 64];

/// The instances' lanes, then a spare lane per slot of `SquarePowers`.
const LANES: usize = INSTANCES + PER_SQUARE;

static SQUARE_POWERS: OnceLock<SquarePowers> = OnceLock::new();

/// Built from the patterns' own gathers: a board with the side to move's one disc on the square reads its power
/// in each instance.
fn square_powers() -> &'static SquarePowers {
    SQUARE_POWERS.get_or_init(|| {
        std::array::from_fn(|square| {
            let mut powers: [(u8, u16); PER_SQUARE] = std::array::from_fn(|slot| ((INSTANCES + slot) as u8, 0));
            let reading = powers_of(square);
            let instances = (0..INSTANCES).filter(|&i| reading[i] != 0);
            for (slot, i) in powers.iter_mut().zip(instances) {
                *slot = (i as u8, reading[i] as u16);
            }
            powers
        })
    })
}

/// The power of 3 of `square`'s digit in each instance (0 in those that do not read it).
fn powers_of(square: usize) -> [u32; INSTANCES] {
    let features = pattern_features(&Board::new(1 << square, 0));
    std::array::from_fn(|i| features[i] - INSTANCE_OFFSETS[i])
}

/// A node's pattern features (indices into a phase's weights, as `pattern::features`) from its opponent's view
/// (digit 1 for the opponent, 2 for the side to move), from which each child's own are a few adds away.
pub struct ChildPatterns {
    /// The node's features, then the spare lanes at 0.
    node: [u32; LANES],
    square_powers: &'static SquarePowers,
}

impl ChildPatterns {
    pub fn new(board: &Board) -> Self {
        let opponent_view = pattern_features(&board.pass());
        let node = std::array::from_fn(|i| if i < INSTANCES { opponent_view[i] } else { 0 });
        ChildPatterns { node, square_powers: square_powers() }
    }

    /// The sum of the weights in `tables` (one phase's) of the pattern features of the child where the side to
    /// move plays `square`, flipping `flipped`: of those `pattern::features` gathers from the child.
    #[inline]
    pub fn child_weight(&self, tables: &[i16], square: usize, flipped: u64) -> i32 {
        self.child(square, flipped)[..INSTANCES].iter().map(|&f| tables[f as usize] as i32).sum()
    }

    /// The child's pattern features, then the spare lanes. Whole 32-bit indices, each read back as it was written
    /// (a vector load of freshly scattered 16-bit stores would stall on store forwarding).
    #[inline]
    fn child(&self, square: usize, flipped: u64) -> [u32; LANES] {
        let mut lanes = self.node;
        let mut add = |square: usize, times: u32| {
            for &(lane, power) in &self.square_powers[square] {
                lanes[lane as usize] += times * power as u32;
            }
        };
        add(square, 2);
        // Bit-scan loop: each flipped square in turn, lowest first.
        let mut rest = flipped;
        while rest != 0 {
            add(rest.trailing_zeros() as usize, 1);
            rest &= rest - 1;
        }
        lanes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::squares_of;
    use crate::eval::pattern::{features, PHASE_SIZE};
    use crate::shipped::DataFile;

    #[test]
    fn no_square_is_read_by_more_instances_than_its_slots() {
        for square in 0..64 {
            let readers = powers_of(square).iter().filter(|&&power| power != 0).count();
            assert!((1..=PER_SQUARE).contains(&readers), "square {square}: {readers} instances");
        }
        assert_eq!(powers_of(9).iter().filter(|&&power| power != 0).count(), PER_SQUARE, "b2");
    }

    /// Every child of every position of random games, with random tables (any wrong index shows) and the shipped
    /// weights: the derived sum is the sum over the features gathered from the child.
    #[test]
    fn children_weights_equal_the_gathered_ones_along_random_games() {
        let mut rng = crate::rng::Rng::new(31);
        let random: Vec<i16> = (0..PHASE_SIZE).map(|_| rng.next_u64() as i16).collect();
        let shipped = crate::eval::weights::Weights::decode(DataFile::Weights.bytes().expect("compiled in")).unwrap();
        let mut children = 0;
        for game in 0..60 {
            let tables = if game % 2 == 0 { &random[..] } else { &shipped.values[PHASE_SIZE * 5..][..PHASE_SIZE] };
            let mut board = Board::start();
            while !board.is_game_over() {
                if board.moves() == 0 {
                    board = board.pass();
                    continue;
                }
                let parent = ChildPatterns::new(&board);
                for square in squares_of(board.moves()) {
                    let flipped = board.flips(square);
                    let gathered = features(&board.play_with(square, flipped));
                    let expected: i32 = gathered[..INSTANCES].iter().map(|&f| tables[f as usize] as i32).sum();
                    assert_eq!(parent.child(square, flipped)[..INSTANCES], gathered[..INSTANCES], "{board:?} {square}");
                    assert_eq!(parent.child_weight(tables, square, flipped), expected, "{board:?} {square}");
                    children += 1;
                }
                let moves: Vec<usize> = squares_of(board.moves()).collect();
                board = board.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
        assert!(children > 10_000, "{children} children checked");
    }
}
