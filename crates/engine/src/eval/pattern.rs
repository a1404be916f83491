//! The evaluation's features: Logistello/Edax-style patterns (edges with X-squares, corner blocks, lines and
//! diagonals), all symmetric instances of a shape sharing one weight table, plus mobility, potential mobility and a
//! per-empties bias.
//!
//! Technique: instead of gathering every instance's squares one by one, the board is mirrored by the eight
//! symmetries of the square once, and each shape is read in its one canonical place (near a1) from the mirrored
//! boards with a few shifts and masks (a magic multiply for diagonals). The binary occupancy of each side is then
//! turned into a base-3 index with one table look-up per side.

use crate::bits::neighbours;
use crate::rules::board::{symmetry, Board};

/// One shape: its canonical squares read from a mirrored board, and which mirrorings give distinct instances.
struct Shape {
    /// Number of squares (the table holds 3^squares weights).
    squares: u32,
    /// Gathers the canonical squares of a (mirrored) bitboard into the low `squares` bits.
    gather: fn(u64) -> u32,
    /// Symmetry indices (see `board::symmetry`) whose mirrored board shows a new instance at the canonical place.
    symmetries: &'static [usize],
    /// For a shape that a symmetry maps onto itself: where that symmetry sends each gathered bit, so the two
    /// readings of one configuration share a weight.
    mirror: Option<fn(u32) -> u32>,
}

/// a1-c3 corner block.
fn corner_3x3(x: u64) -> u32 {
    ((x & 0x7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0)) as u32
}

/// a1-e1 and a2-e2.
fn corner_2x5(x: u64) -> u32 {
    ((x & 0x1F) | ((x >> 3) & 0x3E0)) as u32
}

/// The first row plus its two X-squares b2 (bit 9) and g2 (bit 14).
fn edge_with_x(x: u64) -> u32 {
    ((x & 0xFF) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200)) as u32
}

fn row<const R: u32>(x: u64) -> u32 {
    ((x >> (8 * R)) & 0xFF) as u32
}

/// The diagonal of squares (r, r + D): masked, then one multiply by 0x0101…01 stacks every row onto the top byte
/// (the squares lie in distinct columns, so no carries), leaving the diagonal's bits in column order.
fn diagonal<const D: u32>(x: u64) -> u32 {
    (((x & DIAGONALS[D as usize]).wrapping_mul(0x0101_0101_0101_0101) >> 56) >> D) as u32
}

/// Squares (r, r + d) for d = 0..=4.
const DIAGONALS: [u64; 5] = diagonal_masks();

const fn diagonal_masks() -> [u64; 5] {
    let mut masks = [0u64; 5];
    let mut d = 0;
    while d < 5 {
        let mut r = 0;
        while r + d < 8 {
            masks[d] |= 1 << (8 * r + r + d);
            r += 1;
        }
        d += 1;
    }
    masks
}

fn reverse<const N: u32>(bits: u32) -> u32 {
    bits.reverse_bits() >> (32 - N)
}

/// An edge read from the other corner: the row reversed and the two X-squares swapped.
fn mirror_edge_with_x(bits: u32) -> u32 {
    reverse::<8>(bits & 0xFF) | ((bits >> 1) & 0x100) | ((bits << 1) & 0x200)
}

/// The a1-c3 block transposed: bit 3r + c goes to 3c + r.
fn mirror_corner_3x3(bits: u32) -> u32 {
    (0..9).filter(|i| bits & (1 << i) != 0).fold(0, |m, i| m | 1 << (3 * (i % 3) + i / 3))
}

const ALL_EIGHT: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7];
/// A row read from the mirrorings that bring each of the four sides to the first rows.
const FOUR_SIDES: &[usize] = &[0, 2, 4, 5];
const FOUR_CORNERS: &[usize] = &[0, 1, 2, 3];
/// A diagonal off the main one: both sides of both main diagonals.
const FOUR_DIAGONALS: &[usize] = &[0, 1, 4, 5];

const SHAPES: [Shape; 11] = [
    Shape { squares: 10, gather: edge_with_x, symmetries: FOUR_SIDES, mirror: Some(mirror_edge_with_x) },
    Shape { squares: 10, gather: corner_2x5, symmetries: ALL_EIGHT, mirror: None },
    Shape { squares: 9, gather: corner_3x3, symmetries: FOUR_CORNERS, mirror: Some(mirror_corner_3x3) },
    Shape { squares: 8, gather: row::<1>, symmetries: FOUR_SIDES, mirror: Some(reverse::<8>) },
    Shape { squares: 8, gather: row::<2>, symmetries: FOUR_SIDES, mirror: Some(reverse::<8>) },
    Shape { squares: 8, gather: row::<3>, symmetries: FOUR_SIDES, mirror: Some(reverse::<8>) },
    Shape { squares: 8, gather: diagonal::<0>, symmetries: &[0, 1], mirror: Some(reverse::<8>) },
    Shape { squares: 7, gather: diagonal::<1>, symmetries: FOUR_DIAGONALS, mirror: Some(reverse::<7>) },
    Shape { squares: 6, gather: diagonal::<2>, symmetries: FOUR_DIAGONALS, mirror: Some(reverse::<6>) },
    Shape { squares: 5, gather: diagonal::<3>, symmetries: FOUR_DIAGONALS, mirror: Some(reverse::<5>) },
    Shape { squares: 4, gather: diagonal::<4>, symmetries: FOUR_DIAGONALS, mirror: Some(reverse::<4>) },
];

/// Entries of the mobility tables (move counts are clamped to this minus one).
const MOBILITY_SIZE: u32 = 32;
/// Entries of the bias table: one per empties count 0..=60 (a board with fewer than the four starting discs, which
/// no game reaches but a test position may hold, reads the entry of 60).
const BIAS_SIZE: u32 = 61;
/// Entries of the potential mobility tables (counts of empty squares beside the other side's discs, at most 60).
const POTENTIAL_SIZE: u32 = 61;
/// The tables after the shapes': own and opponent mobility, the bias, own and opponent potential mobility.
const TABLE_SIZES: [u32; 5] = [MOBILITY_SIZE, MOBILITY_SIZE, BIAS_SIZE, POTENTIAL_SIZE, POTENTIAL_SIZE];

const fn pow3(n: u32) -> u32 {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

const fn count_instances() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < SHAPES.len() {
        n += SHAPES[i].symmetries.len();
        i += 1;
    }
    n
}

/// Pattern instances, then one feature per table of `TABLE_SIZES`.
pub const FEATURES: usize = count_instances() + TABLE_SIZES.len();

const TABLES: usize = SHAPES.len() + TABLE_SIZES.len();

/// Start of each shape's table, then of the tables of `TABLE_SIZES`, inside one phase's weights; the end last.
const fn table_offsets() -> [u32; TABLES + 1] {
    let mut offsets = [0; TABLES + 1];
    let mut i = 0;
    while i < TABLES {
        let size = if i < SHAPES.len() { pow3(SHAPES[i].squares) } else { TABLE_SIZES[i - SHAPES.len()] };
        offsets[i + 1] = offsets[i] + size;
        i += 1;
    }
    offsets
}

const OFFSETS: [u32; TABLES + 1] = table_offsets();

/// Weights per phase: every table laid end to end.
pub const PHASE_SIZE: usize = OFFSETS[TABLES] as usize;

/// Weights per phase of the files made before the potential mobility tables (issue 31): read with those tables
/// zero, so older weights still play (and are measured against) in the same program.
pub const PHASE_SIZE_WITHOUT_POTENTIAL: usize = OFFSETS[SHAPES.len() + 3] as usize;

/// Game phases of the weights `reversi-train fit` makes by default (a weights file names its own count): one per
/// five empties, 60-56 is phase 0, …, 5-1 is phase 11 (and 0 empties joins it). 30 phases (`fit --phases 30`) fitted
/// no better on this project's data and played no better (docs/training.md), in a file twice the size.
pub const PHASES: usize = 12;

/// The phase of a position with `empties` empty squares among `phases` equal slices of the empties 60..1 (0 joins
/// the last; the boards with fewer than four discs that only tests make read phase 0).
pub fn phase(empties: u32, phases: usize) -> usize {
    ((60 - empties.min(60)) as usize * phases / 60).min(phases - 1)
}

/// For each table (shapes, two mobility tables, bias): its first entry and length within a phase.
pub fn tables() -> impl Iterator<Item = std::ops::Range<usize>> {
    OFFSETS.windows(2).map(|w| w[0] as usize..w[1] as usize)
}

/// For every weight of a phase, the representative of its symmetry class (the smaller of an index and its
/// mirror image): training fits one value per class and the tables copy it to both entries.
pub fn canonical_indices() -> Vec<u32> {
    let mut canonical: Vec<u32> = (0..PHASE_SIZE as u32).collect();
    for (shape, &offset) in SHAPES.iter().zip(OFFSETS.iter()) {
        let Some(mirror) = shape.mirror else { continue };
        // The index's base-3 digits as two bit sets (digit 1: p, digit 2: o), counted up like an odometer: about
        // 1.5 digits change per index, where dividing every digit out was a 40 ms task on a phone's CPU at start.
        let (mut p, mut o) = (0_u32, 0_u32);
        for index in 0..pow3(shape.squares) {
            let mirrored = TERNARY[mirror(p) as usize] as u32 + 2 * TERNARY[mirror(o) as usize] as u32;
            canonical[(offset + index) as usize] = offset + index.min(mirrored);
            let mut digit = 1;
            while o & digit != 0 {
                o &= !digit;
                digit <<= 1;
            }
            if p & digit != 0 {
                p &= !digit;
                o |= digit;
            } else {
                p |= digit;
            }
        }
    }
    canonical
}

/// `x` under the eight symmetries, numbered as `board::symmetry`, each built from an earlier one by a single
/// transform.
fn all_symmetries(x: u64) -> [u64; 8] {
    let horizontal = symmetry(x, 1);
    let (vertical, both) = (x.swap_bytes(), horizontal.swap_bytes());
    [x, horizontal, vertical, both, symmetry(x, 4), symmetry(horizontal, 4), symmetry(vertical, 4), symmetry(both, 4)]
}

/// Sum of 3^i over the set bits i: a binary occupancy turned into base-3 digits of 1.
static TERNARY: [u16; 1024] = ternary_table();

const fn ternary_table() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut value = 0u32;
        let mut i = 0;
        while i < 10 {
            if bits & (1 << i) != 0 {
                value += pow3(i);
            }
            i += 1;
        }
        table[bits] = value as u16;
        bits += 1;
    }
    table
}

/// The index of every feature of `board` (side to move's view) into its phase's weights.
/// Each pattern digit is 0 for empty, 1 for the side to move, 2 for the opponent.
pub fn features(board: &Board) -> [u32; FEATURES] {
    let (p, o) = (all_symmetries(board.player), all_symmetries(board.opponent));
    let mut out = [0u32; FEATURES];
    let mut n = 0;
    // Shape by shape with a constant index, so each gather is a direct call the compiler inlines (a loop over
    // `SHAPES` would call through function pointers).
    macro_rules! gather_shape {
        ($($i:literal)*) => {$(
            for &s in SHAPES[$i].symmetries {
                let gather = SHAPES[$i].gather;
                let digits = TERNARY[gather(p[s]) as usize] as u32 + 2 * TERNARY[gather(o[s]) as usize] as u32;
                out[n] = OFFSETS[$i] + digits;
                n += 1;
            }
        )*};
    }
    gather_shape!(0 1 2 3 4 5 6 7 8 9 10);
    let clamp = |moves: u64| moves.count_ones().min(MOBILITY_SIZE - 1);
    let tables = &OFFSETS[SHAPES.len()..];
    out[n] = tables[0] + clamp(board.moves());
    out[n + 1] = tables[1] + clamp(board.opponent_moves());
    out[n + 2] = tables[2] + board.empty_count().min(BIAS_SIZE - 1);
    // Potential mobility (the frontier seen from the other side): empty squares beside the opponent's discs are
    // the side to move's future moves, and the reverse. Shifts and a popcount, no branch.
    let empty = board.empties();
    out[n + 3] = tables[3] + (neighbours(board.opponent) & empty).count_ones().min(POTENTIAL_SIZE - 1);
    out[n + 4] = tables[4] + (neighbours(board.player) & empty).count_ones().min(POTENTIAL_SIZE - 1);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The original squares an instance reads: those that the mirroring `s` sends into the canonical shape.
    fn instance_squares(shape: &Shape, s: usize) -> u64 {
        (0..64).filter(|&sq| (shape.gather)(symmetry(1u64 << sq, s)) != 0).fold(0, |m, sq| m | (1u64 << sq))
    }

    #[test]
    fn every_shape_reads_its_square_count_and_instances_are_distinct() {
        let expected_masks: [u64; 4] = [
            0x0000_0000_0000_42FF, // a1-h1 with b2, g2
            0x0000_0000_0000_1F1F, // a1-e1, a2-e2
            0x0000_0000_0007_0707, // a1-c3
            0x0000_0000_0000_FF00, // row 2
        ];
        for (shape, mask) in SHAPES.iter().zip(expected_masks) {
            assert_eq!(instance_squares(shape, 0), mask);
        }
        for shape in &SHAPES {
            let instances: Vec<u64> = shape.symmetries.iter().map(|&s| instance_squares(shape, s)).collect();
            for (i, a) in instances.iter().enumerate() {
                assert_eq!(a.count_ones(), shape.squares);
                assert!(instances[i + 1..].iter().all(|b| b != a), "duplicate instance {a:#x}");
            }
            // The chosen mirrorings cover the whole orbit of the shape.
            for s in 0..8 {
                assert!(instances.contains(&instance_squares(shape, s)));
            }
        }
    }

    #[test]
    fn gathered_bits_are_dense_and_diagonals_follow_their_squares() {
        for shape in &SHAPES {
            assert_eq!((shape.gather)(u64::MAX), (1 << shape.squares) - 1);
        }
        // h5 (row 4, column 7) ends the diagonal d1-h5 (D = 3) as its fifth square; h4 is off it.
        assert_eq!(diagonal::<3>(1 << 39), 1 << 4);
        assert_eq!(diagonal::<3>(1 << 31), 0);
    }

    #[test]
    fn features_of_the_start_are_symmetric_and_in_range() {
        let start = features(&Board::start());
        for (f, table) in start.iter().zip(feature_tables()) {
            assert!(table.contains(&(*f as usize)));
        }
        // A mirrored position has the same multiset of features once mirror readings are folded together.
        let canonical = canonical_indices();
        let folded = |b: &Board| features(b).map(|f| canonical[f as usize]);
        let b = Board::start().play(19).play(18).play(17).play(9);
        let mut a = folded(&b);
        for s in 1..8 {
            let mut m = folded(&b.symmetry(s));
            a.sort_unstable();
            m.sort_unstable();
            assert_eq!(a, m, "symmetry {s}");
        }
    }

    #[test]
    fn mirror_images_fold_to_the_same_features_along_random_games() {
        let canonical = canonical_indices();
        let folded = |b: &Board| {
            let mut f = features(b).map(|f| canonical[f as usize]);
            f.sort_unstable();
            f
        };
        let mut rng = crate::rng::Rng::new(31);
        for _ in 0..30 {
            let mut b = Board::start();
            while !b.is_game_over() {
                for s in 1..8 {
                    assert_eq!(folded(&b), folded(&b.symmetry(s)), "symmetry {s} of {b:?}");
                }
                let moves = b.moves();
                b = if moves == 0 {
                    b.pass()
                } else {
                    let pick = rng.next_u64() % u64::from(moves.count_ones());
                    let sq = (0..64).filter(|&sq| moves >> sq & 1 != 0).nth(pick as usize).unwrap();
                    b.play(sq)
                };
            }
        }
    }

    #[test]
    fn ternary_digits_mark_player_one_and_opponent_two() {
        // Player on a1, opponent on b1: edge digits 1 + 2·3 = 7 in the a1-side instance.
        let f = features(&Board::new(1, 2));
        assert_eq!(f[0], 7);
    }

    #[test]
    fn potential_mobility_counts_the_empties_beside_the_other_side() {
        // Player on a1, opponent on b1: c1, a2, b2, c2 are beside the opponent; a2, b2 beside the player.
        let f = features(&Board::new(1, 2));
        let starts: Vec<usize> = tables().map(|t| t.start).collect();
        assert_eq!(f[FEATURES - 2] as usize - starts[SHAPES.len() + 3], 4);
        assert_eq!(f[FEATURES - 1] as usize - starts[SHAPES.len() + 4], 2);
    }

    #[test]
    fn phases_are_equal_slices_of_the_empties() {
        assert_eq!((phase(60, 12), phase(56, 12), phase(55, 12), phase(1, 12), phase(0, 12)), (0, 0, 1, 11, 11));
        assert_eq!((phase(60, 30), phase(59, 30), phase(58, 30), phase(1, 30), phase(0, 30)), (0, 0, 1, 29, 29));
        assert_eq!((phase(64, 30), phase(0, 1)), (0, 0));
    }

    #[test]
    fn boards_with_fewer_than_four_discs_stay_in_range() {
        // 64 down to 61 empties: only test positions have them (issue 11: they indexed past the bias table).
        for (player, opponent) in [(0, 0), (1, 0), (0, 1 << 63), (1, 2), (1 << 27, 1 << 28 | 1 << 36)] {
            for (f, table) in features(&Board::new(player, opponent)).iter().zip(feature_tables()) {
                assert!(table.contains(&(*f as usize)), "{player:#x} {opponent:#x}: {f} outside {table:?}");
            }
        }
    }

    fn feature_tables() -> Vec<std::ops::Range<usize>> {
        let ranges: Vec<_> = tables().collect();
        let mut out = Vec::new();
        for (shape, range) in SHAPES.iter().zip(&ranges) {
            out.extend(std::iter::repeat_n(range.clone(), shape.symmetries.len()));
        }
        out.extend(ranges[SHAPES.len()..].iter().cloned());
        out
    }
}
