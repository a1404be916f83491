//! The generic searcher's hand-set evaluation, on any board size: corners, X- and C-squares next to empty corners,
//! mobility and parity, in sixteenths of a disc, with the 8×8 hand-set evaluation's weights.

use crate::eval::hand::HAND_WEIGHTS;
use crate::rules::{Geometry, VariantBoard};

/// Squares that matter around one corner.
#[derive(Clone, Copy, Debug, Default)]
pub struct CornerZone {
    pub corner: u128,
    /// The diagonal neighbour: taking it while the corner is empty usually gives the corner away.
    x_square: u128,
    /// The two edge neighbours, a milder version of the same risk.
    c_squares: u128,
}

pub fn corner_zones(g: &Geometry) -> [CornerZone; 4] {
    let last = g.size - 1;
    let bit = |column: usize, row: usize| 1u128 << g.index(column, row);
    [(0, 0, 1, 1), (last, 0, last - 1, 1), (0, last, 1, last - 1), (last, last, last - 1, last - 1)].map(
        |(cx, cy, nx, ny)| CornerZone {
            corner: bit(cx, cy),
            x_square: bit(nx, ny),
            c_squares: bit(nx, cy) | bit(cx, ny),
        },
    )
}

/// The hand-set evaluation for the side to move, in sixteenths of a disc.
pub fn evaluate_fine(board: &VariantBoard, zones: &[CornerZone; 4]) -> i32 {
    let (p, o) = (board.player, board.opponent);
    let empty = board.geometry.full() & !(p | o);
    let mobility = board.moves().count_ones() as i32 - board.pass().moves().count_ones() as i32;
    let (mut corners, mut x_squares, mut c_squares) = (0, 0, 0);
    for zone in zones {
        corners += (p & zone.corner != 0) as i32 - (o & zone.corner != 0) as i32;
        if empty & zone.corner != 0 {
            x_squares += (p & zone.x_square != 0) as i32 - (o & zone.x_square != 0) as i32;
            c_squares += (p & zone.c_squares).count_ones() as i32 - (o & zone.c_squares).count_ones() as i32;
        }
    }
    // Parity: with an odd number of empties the side to move expects the last move of the game.
    let parity = (empty.count_ones() & 1) as i32;
    let w = &HAND_WEIGHTS;
    w.mobility * mobility + w.corner * corners + w.x_square * x_squares + w.c_square * c_squares + w.parity * parity
}
