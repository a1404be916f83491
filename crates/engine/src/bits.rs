//! Bit-set helpers every part of the engine uses: walking the squares of a set, and the 8×8 neighbourhood of a set.

/// A set of squares, one bit each: the 8×8 board's `u64` or the other sizes' `u128`.
pub trait SquareSet: Copy {
    fn is_empty(self) -> bool;
    /// The lowest square of a non-empty set.
    fn lowest(self) -> usize;
    /// The set without its lowest square.
    fn without_lowest(self) -> Self;
}

macro_rules! square_set {
    ($bits:ty) => {
        impl SquareSet for $bits {
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            /// `x & (x - 1)` clears the lowest set bit: no loop, no branch.
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

square_set!(u64);
square_set!(u128);

/// The squares of a set in increasing order (pop-lowest-bit iteration: a trailing-zero count, then clearing
/// that bit).
#[derive(Clone, Copy, Debug)]
pub struct Squares<S>(S);

impl<S: SquareSet> Iterator for Squares<S> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let square = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(square)
    }
}

/// The squares of `set` in increasing order.
#[inline(always)]
pub fn squares_of<S: SquareSet>(set: S) -> Squares<S> {
    Squares(set)
}

/// Squares next to any square of `x` in the eight directions, on the 8×8 board (column masks stop the
/// sideways shifts wrapping from one row into the next).
#[inline]
pub fn neighbours(x: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    let row = x | sideways;
    sideways | (row << 8) | (row >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_come_lowest_first_on_both_widths() {
        assert_eq!(squares_of(0b1010_0001u64).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(squares_of((1u128 << 99) | (1 << 64) | 2).collect::<Vec<_>>(), vec![1, 64, 99]);
        assert_eq!(squares_of(0u64).next(), None);
        assert_eq!(squares_of(1u64 << 63).collect::<Vec<_>>(), vec![63]);
    }

    #[test]
    fn neighbours_do_not_wrap_around_the_edges() {
        assert_eq!(neighbours(1 << 7), (1 << 6) | (1 << 14) | (1 << 15));
        assert_eq!(neighbours(1 << 8), 1 | 2 | (1 << 9) | (1 << 16) | (1 << 17));
    }
}
