//! Quadrant parity: endgame ordering plays first in the 4×4 quadrants holding an odd number of empties, where the
//! side to move is more likely to get the last move.

/// Row 1 of the low quadrants and row 5 of the high ones hold, after the folds below, each quadrant's parity in
/// its first square (a1, e1, a5, e5).
const QUADRANT_CORNERS: u64 = 0x0000_0011_0000_0011;
/// The a1-d4 quadrant: multiplying the corner bits by it spreads each over its own quadrant (the four products
/// are disjoint, so no carry crosses them).
const LOW_QUADRANT: u64 = 0x0F0F_0F0F;

/// The empty squares lying in quadrants with an odd number of empties. Branch-free and without a population count
/// (a software one on plain x86-64): xor-folding the four rows, then the four columns, of every quadrant leaves its
/// parity in its first square.
#[inline]
pub fn odd_quadrant_squares(empty: u64) -> u64 {
    let rows = empty ^ (empty >> 8) ^ (empty >> 16) ^ (empty >> 24);
    let quadrants = rows ^ (rows >> 1) ^ (rows >> 2) ^ (rows >> 3);
    empty & (quadrants & QUADRANT_CORNERS).wrapping_mul(LOW_QUADRANT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_quadrants_match_a_count_per_quadrant() {
        const QUADRANTS: [u64; 4] =
            [0x0000_0000_0F0F_0F0F, 0x0000_0000_F0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let empty = seed & seed.rotate_left(17);
            let counted =
                QUADRANTS.iter().filter(|&&q| (empty & q).count_ones() % 2 == 1).fold(0, |odd, &q| odd | (empty & q));
            assert_eq!(odd_quadrant_squares(empty), counted, "{empty:#x}");
        }
        assert_eq!(odd_quadrant_squares(1 << 63 | 1 << 62), 0);
        assert_eq!(odd_quadrant_squares(1 << 63 | 1 << 0), 1 << 63 | 1 << 0);
    }
}
