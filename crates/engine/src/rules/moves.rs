//! Move generation and flips on the 8×8 bitboard (bit 0 = a1, bit 7 = h1, bit 63 = h8).

/// Columns b..g: shifting a set by ±1, ±7 or ±9 through this mask stops rays wrapping around an edge.
const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Moves along one direction with a parallel-prefix (Kogge-Stone) fill: the runs of opponent discs next to
/// `p` are doubled each step, so six-disc runs are found in three steps instead of six.
#[inline(always)]
fn moves_along(p: u64, x: u64, shift: u32) -> u64 {
    let mut left = x & (p << shift);
    left |= x & (left << shift);
    let pre_left = x & (x << shift);
    left |= pre_left & (left << (2 * shift));
    left |= pre_left & (left << (2 * shift));

    let mut right = x & (p >> shift);
    right |= x & (right >> shift);
    let pre_right = x & (x >> shift);
    right |= pre_right & (right >> (2 * shift));
    right |= pre_right & (right >> (2 * shift));

    (left << shift) | (right >> shift)
}

/// Squares where the side owning `p` may play against `o`.
#[inline]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLUMNS;
    let moves = moves_along(p, inner, 1) | moves_along(p, o, 8) | moves_along(p, inner, 7) | moves_along(p, inner, 9);
    moves & !(p | o)
}

/// The eight ray masks of every square, in the order E, S, SE, SW (bits above the square) and
/// W, N, NW, NE (bits below it).
const RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    const STEPS: [(i32, i32); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = STEPS[d];
            let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                rays[sq][d] |= 1u64 << (y * 8 + x);
                x += dx;
                y += dy;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Discs flipped along a ray that runs towards higher bits: isolate the lowest non-opponent square
/// (`x & -x`); if it is ours, everything on the ray below it flips. Branch-free.
#[inline(always)]
fn flips_up(ray: u64, p: u64, o: u64) -> u64 {
    let blockers = ray & !o;
    let first = blockers & blockers.wrapping_neg();
    let between = first.wrapping_sub(1) & ray;
    between & 0u64.wrapping_sub(((first & p) != 0) as u64)
}

/// The same towards lower bits: isolate the highest non-opponent square with a leading-zero count.
#[inline(always)]
fn flips_down(ray: u64, p: u64, o: u64) -> u64 {
    let blockers = ray & !o;
    // `| 1` keeps the shift in range when the ray holds no blocker; bit 0 is then never ours on this ray
    // unless the ray reaches it, in which case it is a genuine blocker anyway.
    let first = (1u64 << 63) >> (blockers | 1).leading_zeros();
    let above = !(first << 1).wrapping_sub(1) & ray;
    above & 0u64.wrapping_sub(((first & p & ray) != 0) as u64)
}

/// Discs of `o` that flip when the side owning `p` plays on `sq` (0 if the move is illegal).
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let r = &RAYS[sq];
    flips_up(r[0], p, o)
        | flips_up(r[1], p, o)
        | flips_up(r[2], p, o)
        | flips_up(r[3], p, o)
        | flips_down(r[4], p, o)
        | flips_down(r[5], p, o)
        | flips_down(r[6], p, o)
        | flips_down(r[7], p, o)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference: walk each direction square by square.
    fn flips_by_walking(p: u64, o: u64, sq: usize) -> u64 {
        let mut all = 0;
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)] {
            let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
            let mut run = 0u64;
            while (0..8).contains(&x) && (0..8).contains(&y) {
                let bit = 1u64 << (y * 8 + x);
                if o & bit != 0 {
                    run |= bit;
                } else {
                    if p & bit != 0 {
                        all |= run;
                    }
                    break;
                }
                x += dx;
                y += dy;
            }
        }
        all
    }

    #[test]
    fn flips_and_moves_agree_with_a_square_by_square_walk() {
        // A small xorshift generator gives varied boards without a dependency.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            let (p, o) = (a & b, a & !b & next());
            let mut expected_moves = 0;
            for sq in 0..64 {
                if (p | o) >> sq & 1 == 0 {
                    let walked = flips_by_walking(p, o, sq);
                    assert_eq!(flips(p, o, sq), walked, "p={p:#x} o={o:#x} sq={sq}");
                    if walked != 0 {
                        expected_moves |= 1 << sq;
                    }
                }
            }
            assert_eq!(legal_moves(p, o), expected_moves, "p={p:#x} o={o:#x}");
        }
    }
}
