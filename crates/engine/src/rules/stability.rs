//! Stable discs (never flippable again) and the stability cutoff: the opponent's stable discs cap the best
//! final score the side to move can reach, so a null-window search above that cap fails low at once.

use std::sync::OnceLock;

const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const BORDER: u64 = 0xFF81_8181_8181_81FF;
const ROW_1: u64 = 0xFF;
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Stable discs of an 8-square edge (bit i = square i of the line) for every pair (player, opponent):
/// a disc is stable if it stays the player's whatever sequence of discs either side adds to the edge.
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u8; 1 << 16];
        let mut done = vec![false; 1 << 16];
        for p in 0..256u32 {
            for o in 0..256u32 {
                if p & o == 0 {
                    edge_stable(p as u8, o as u8, &mut table, &mut done);
                }
            }
        }
        table
    })
}

/// Discs flipped on a line when the side owning `p` puts a disc on `x` (one-dimensional rules).
fn line_flips(p: u8, o: u8, x: u32) -> u8 {
    let mut flipped = 0u8;
    for step in [-1i32, 1] {
        let (mut run, mut i) = (0u8, x as i32 + step);
        while (0..8).contains(&i) && (o >> i) & 1 == 1 {
            run |= 1 << i;
            i += step;
        }
        if (0..8).contains(&i) && (p >> i) & 1 == 1 {
            flipped |= run;
        }
    }
    flipped
}

/// Memoised recursion over every way the edge can fill up: a disc is stable if it is stable after any
/// disc (either colour, legal or not: the move may be legal through another line) lands on any empty square.
fn edge_stable(p: u8, o: u8, table: &mut [u8], done: &mut [bool]) -> u8 {
    let index = (p as usize) << 8 | o as usize;
    if done[index] {
        return table[index];
    }
    let mut stable = p;
    let empty = !(p | o);
    for x in 0..8 {
        if stable == 0 {
            break;
        }
        if (empty >> x) & 1 == 0 {
            continue;
        }
        let mine = line_flips(p, o, x);
        stable &= edge_stable(p | mine | 1 << x, o & !mine, table, done);
        let theirs = line_flips(o, p, x);
        stable &= edge_stable(p & !theirs, o | theirs | 1 << x, table, done);
    }
    table[index] = stable;
    done[index] = true;
    stable
}

/// Column a as an 8-bit line (a1 = bit 0), by a magic multiplication.
#[inline]
fn file_a_to_line(x: u64) -> usize {
    (((x & FILE_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as usize
}

/// An 8-bit line back onto column a: spread the bits apart in three halving steps.
#[inline]
fn line_to_file_a(line: u8) -> u64 {
    let mut x = line as u64;
    x = (x | x << 28) & 0x0000_000F_0000_000F;
    x = (x | x << 14) & 0x0003_0003_0003_0003;
    (x | x << 7) & FILE_A
}

/// Stable discs of `p` on the four edges.
fn edge_stable_discs(p: u64, o: u64) -> u64 {
    let t = edge_table();
    let look = |pl: usize, ol: usize| t[pl << 8 | ol];
    let bottom = look((p & ROW_1) as usize, (o & ROW_1) as usize) as u64;
    let top = (look((p >> 56) as usize, (o >> 56) as usize) as u64) << 56;
    let left = line_to_file_a(look(file_a_to_line(p), file_a_to_line(o)));
    let right = line_to_file_a(look(file_a_to_line(p >> 7), file_a_to_line(o >> 7))) << 7;
    bottom | top | left | right
}

/// The squares reached from `from` by sliding any distance in one direction: `shift` moves a square one step
/// (`step` bits left when positive, right when negative) and `allowed` holds the squares a step may land on without
/// wrapping round the board. Kogge-Stone fill: three doublings cover seven steps.
#[inline]
fn slide(from: u64, step: i32, allowed: u64) -> u64 {
    let shift = |x: u64, n: i32| if n > 0 { x << n } else { x >> -n };
    let (mut reached, mut open) = (from, allowed);
    reached |= open & shift(reached, step);
    open &= shift(open, step);
    reached |= open & shift(reached, 2 * step);
    open &= shift(open, 2 * step);
    reached | (open & shift(reached, 4 * step))
}

/// Squares on completely filled lines, per direction: horizontal, vertical, and the two diagonals. A square's line
/// is full when no empty square slides onto it along that line, either way: a few shifts, no loop over the lines
/// (the stability cutoff asks this at every null-window node it tries).
#[inline]
fn full_lines(filled: u64) -> [u64; 4] {
    let empty = !filled;
    let line = |step: i32, forward: u64, backward: u64| {
        filled & !(slide(empty, step, forward) | slide(empty, -step, backward))
    };
    [line(1, NOT_A, NOT_H), line(8, !0, !0), line(9, NOT_A, NOT_H), line(7, NOT_H, NOT_A)]
}

/// A lower bound on the stable discs of `p`: stable edges, then discs that in each of the four directions
/// either lie on a full line, touch the border, or touch a stable disc of their own colour; repeated until
/// nothing changes.
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let [h, v, d9, d7] = full_lines(p | o);
    let mut stable = edge_stable_discs(p, o) | (p & h & v & d9 & d7);
    if stable == 0 {
        return 0;
    }
    loop {
        let horizontal = h | FILE_A | FILE_A << 7 | (stable << 1 & NOT_A) | (stable >> 1 & NOT_H);
        let vertical = v | (ROW_1 | ROW_1 << 56) | stable << 8 | stable >> 8;
        let diagonal = d9 | BORDER | (stable << 9 & NOT_A) | (stable >> 9 & NOT_H);
        let anti = d7 | BORDER | (stable << 7 & NOT_H) | (stable >> 7 & NOT_A);
        let next = stable | (p & horizontal & vertical & diagonal & anti);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Alpha from which the stability cutoff is worth trying, by empties: Edax's table lowered by 8 discs. With stable
/// discs found by shifts instead of a loop over the lines, trying more often pays: FFO #40-#49 took 974 M nodes with
/// Edax's thresholds, 911 M with these (16 lower: no fewer on #40-#44). At 4 empties (the last solvers' entry) 2:
/// FFO #40-#49 614.2 M nodes, against 612.1 M from -2, but 0.99x the time of -2 in wasm (FFO #40-#44 in Node, 3
/// alternated pairs), where fewer tries pay more; FFO #40-#44 from 6, Edax's, took 85.1 M, from -10 82.1 M.
pub const STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 2, 0, 2, 4, 6, 8, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 40, 42, 42, 44, 44,
    46, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56,
    56, 56, 56, 56, 56, 56,
];

/// The best score the side to move (`p`) can still reach: every stable opponent disc ends as the opponent's.
#[inline]
pub fn score_cap(p: u64, o: u64) -> i32 {
    64 - 2 * stable_discs(o, p).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_full_edges_are_stable_and_open_discs_are_not() {
        assert_eq!(stable_discs(1, 0), 1, "a lone corner");
        assert_eq!(stable_discs(0b10, 0), 0, "b1 alone can be flipped");
        assert_eq!(stable_discs(0b11, 0), 0b11, "a1 and b1 together");
        let full = u64::MAX;
        assert_eq!(stable_discs(full & 0x5555_5555_5555_5555, full & !0x5555_5555_5555_5555).count_ones(), 32);
        // Column a filled from a1 upwards: all stable.
        assert_eq!(stable_discs(FILE_A & 0xFF_FFFF, 0), FILE_A & 0xFF_FFFF);
        assert_eq!(stable_discs(FILE_A << 7 & 0xFFFF_FF00_0000_0000, 0), FILE_A << 7 & 0xFFFF_FF00_0000_0000);
    }

    /// The line-by-line definition `full_lines` computes by shifts.
    fn full_lines_by_masks(filled: u64) -> [u64; 4] {
        let lines = line_masks();
        let mut full = [0u64; 4];
        for (dir, masks) in lines.iter().enumerate() {
            for &m in masks.iter() {
                if filled & m == m {
                    full[dir] |= m;
                }
            }
        }
        full
    }

    /// Every line of the board by direction (rows, columns, a1-h8 diagonals, h1-a8 diagonals).
    fn line_masks() -> &'static [Vec<u64>; 4] {
        static LINES: OnceLock<[Vec<u64>; 4]> = OnceLock::new();
        LINES.get_or_init(|| {
            let mut lines: [Vec<u64>; 4] = Default::default();
            for i in 0..8 {
                lines[0].push(ROW_1 << (8 * i));
                lines[1].push(FILE_A << i);
            }
            for d in -7i32..=7 {
                let (mut diag, mut anti) = (0u64, 0u64);
                for x in 0..8i32 {
                    let (y1, y2) = (x + d, 7 - x + d);
                    if (0..8).contains(&y1) {
                        diag |= 1 << (y1 * 8 + x);
                    }
                    if (0..8).contains(&y2) {
                        anti |= 1 << (y2 * 8 + x);
                    }
                }
                lines[2].push(diag);
                lines[3].push(anti);
            }
            lines
        })
    }

    #[test]
    fn full_lines_match_a_check_of_every_line() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Mostly filled boards, where full lines exist, and a few sparse ones.
            let filled = if round % 4 == 0 { seed } else { seed | seed.rotate_left(23) | seed.rotate_left(41) };
            assert_eq!(full_lines(filled), full_lines_by_masks(filled), "{filled:#x}");
        }
        assert_eq!(full_lines(!0), [!0; 4]);
        assert_eq!(full_lines(0), [0; 4]);
    }

    #[test]
    fn columns_round_trip_through_lines() {
        for line in 0..=255u8 {
            let col = line_to_file_a(line);
            assert_eq!(col & !FILE_A, 0);
            assert_eq!(file_a_to_line(col), line as usize);
        }
    }
}
