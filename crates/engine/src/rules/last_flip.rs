//! How many discs the last move of the game flips, counted without making the move.
//!
//! With one empty square left every other square is taken, so the flips along a line through it depend only on
//! which squares of that line are the mover's: each of the four lines is gathered into a byte (a shift, or a
//! mask and a multiplication) and looked up in a table of flip counts.

const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Multiplying a masked column by this gathers it into the top byte, row 1 as bit 0.
const COLUMN_TO_BYTE: u64 = 0x0102_0408_1020_4080;

/// Discs flipped on an 8-square line by a disc placed at `x`, the others being the mover's (bit set) or the
/// opponent's: for each position in the line and each byte of the mover's squares.
const COUNT: [[u8; 256]; 8] = build_counts();

const fn build_counts() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut mine = 0;
        while mine < 256 {
            let mut count = 0;
            // Towards higher positions, then lower: a run of opponent squares closed by one of the mover's.
            let mut i = x + 1;
            while i < 8 && (mine >> i) & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - x - 1;
            }
            let mut i = x as i32 - 1;
            while i >= 0 && (mine >> i) & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += x - i as usize - 1;
            }
            table[x][mine] = count as u8;
            mine += 1;
        }
        x += 1;
    }
    table
}

/// The two diagonals through each square: a1-h8 direction, then a8-h1.
const DIAGONALS: [[u64; 2]; 64] = build_diagonals();

const fn build_diagonals() -> [[u64; 2]; 64] {
    let mut masks = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (r, c) = (other / 8, other % 8);
            if c - r == col - row {
                masks[sq][0] |= 1 << other;
            }
            if c + r == col + row {
                masks[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    masks
}

/// Discs flipped by the side owning `mine` playing on `sq`, the only empty square (0 if it cannot play there).
/// Out-of-board squares of a short diagonal read as the opponent's, harmlessly: they lie beyond the board's
/// edge, so no disc of the mover's can close a run through them.
#[inline]
pub fn count_last_flips(mine: u64, sq: usize) -> i32 {
    let (row, col) = (sq / 8, sq % 8);
    let row_byte = (mine >> (8 * row)) as u8 as usize;
    let column_byte = (((mine >> col) & FILE_A).wrapping_mul(COLUMN_TO_BYTE) >> 56) as usize;
    // Each row holds one square of a diagonal, so the multiplication adds them into the top byte by column.
    let [diagonal, anti_diagonal] = DIAGONALS[sq];
    let diagonal_byte = ((mine & diagonal).wrapping_mul(FILE_A) >> 56) as usize;
    let anti_byte = ((mine & anti_diagonal).wrapping_mul(FILE_A) >> 56) as usize;
    (COUNT[col][row_byte] + COUNT[row][column_byte] + COUNT[col][diagonal_byte] + COUNT[col][anti_byte]) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::flips;

    #[test]
    fn counts_match_the_flips_of_the_move() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let sq = (seed >> 58) as usize;
            let mine = seed & !(1 << sq);
            let theirs = !mine & !(1 << sq);
            assert_eq!(count_last_flips(mine, sq), flips(mine, theirs, sq).count_ones() as i32, "{mine:#x} {sq}");
            assert_eq!(count_last_flips(theirs, sq), flips(theirs, mine, sq).count_ones() as i32, "{theirs:#x} {sq}");
        }
    }
}
