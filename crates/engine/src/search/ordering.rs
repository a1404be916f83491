//! Move lists and move ordering: the table's move first, then fastest-first (fewest opponent replies, corners
//! counted twice), parity and potential mobility in the endgame; evaluation-based ordering in the midgame.

use super::parity::odd_quadrant_squares;
use crate::bits::{neighbours, squares_of};
use crate::eval::Evaluator;
use crate::rules::{Board, CORNERS};

/// A legal move of a search node with what it flips and its ordering key (the game's `Move`, a played square or a
/// pass, is another thing).
#[derive(Clone, Copy, Debug, Default)]
pub struct Candidate {
    pub square: usize,
    pub flipped: u64,
    /// Higher is tried first.
    pub key: i32,
}

/// The legal moves of one node, sorted lazily: `pick(i)` selects the best of the untried moves, so a cutoff
/// after the first move costs no sort.
pub struct MoveList {
    moves: [Candidate; 32],
    len: usize,
}

impl MoveList {
    pub fn new(board: &Board, moves: u64) -> Self {
        let mut list = MoveList { moves: [Candidate::default(); 32], len: 0 };
        for square in squares_of(moves) {
            list.moves[list.len] = Candidate { square, flipped: board.flips(square), key: 0 };
            list.len += 1;
        }
        list
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Candidate> {
        self.moves[..self.len].iter_mut()
    }

    #[inline]
    pub fn nth(&self, i: usize) -> Candidate {
        self.moves[i]
    }

    /// Puts the move on `square` first, to be tried before the others are ordered; false if it is not in the list.
    pub fn move_to_front(&mut self, square: u8) -> bool {
        let Some(i) = self.moves[..self.len].iter().position(|m| m.square as u8 == square) else { return false };
        self.moves.swap(0, i);
        true
    }

    /// Move the best-keyed of the moves from `i` on to position `i` and return it (selection sort, one step).
    #[inline]
    pub fn pick(&mut self, i: usize) -> Candidate {
        let mut best = i;
        for j in i + 1..self.len {
            if self.moves[j].key > self.moves[best].key {
                best = j;
            }
        }
        self.moves.swap(i, best);
        self.moves[i]
    }
}

/// Opponent replies with corners counted twice: fewer is better for the side that just moved.
#[inline]
pub fn weighted_mobility(moves: u64) -> i32 {
    (moves.count_ones() + (moves & CORNERS).count_ones()) as i32
}

/// Empty squares next to the side to move's discs: the opponent's potential moves.
#[inline]
fn potential_mobility(board: &Board) -> i32 {
    (neighbours(board.player) & board.empties()).count_ones() as i32
}

/// The table's move goes first, whatever the other keys say.
const TT_MOVE_KEY: i32 = 1 << 30;

/// Endgame keys, per unit: an opponent reply (corners count twice) outweighs everything but the evaluation; a
/// square next to the mover's discs (potential mobility handed to the opponent) and parity break ties; playing
/// a corner is worth half a reply (FFO #40-#49: 901.5 M nodes at a quarter, 894.2 M at a half, about 0.94 G at
/// 5/8 or a whole reply).
const REPLY_WEIGHT: i32 = 256;
const POTENTIAL_MOBILITY_WEIGHT: i32 = 16;
const PARITY_WEIGHT: i32 = 8;
const CORNER_WEIGHT: i32 = 128;

/// Weight of a sixteenth of a disc of evaluation against one opponent reply (`REPLY_WEIGHT`): eight discs of the
/// evaluation count as one reply, and a search's score counts more the deeper it looks (FFO #40-#49 751.6 M nodes
/// without the extra weight, 739.7 M with it; FForum #20-#39 140.3 M and 137.1 M). Re-tuned for today's weights
/// with `DEEPER_ORDER_EMPTIES` (`reversi-engine solve`, one run each, times comparable within a batch;
/// docs/benchmarks.md, "The ordering's weights"): at 8 and 4 (two discs a reply) FFO #40-#49 took 447.7 M nodes
/// and 24.5-24.9 s, and FFO #50-#53, never tuned on, 2.27 G in 132.4 s; at 2 and 2 with `DEEPER_ORDER_EMPTIES` 17,
/// 422.1 M in 20.1 s and 1.79 G in 91.5 s. Around it the time is flat (FFO #40-#49: 2 and 1, 19.2 s; 3 and 2,
/// 19.9 s; 2 and 3, 20.1 s).
const EVAL_WEIGHT: i32 = 2;
const EVAL_WEIGHT_PER_PLY: i32 = 2;

/// Midgame keys: a sixteenth of a disc of evaluation counts 1, an opponent reply this much.
const MID_REPLY_WEIGHT: i32 = 8;

/// From this many empties the endgame ordering adds the children's evaluation to fastest-first.
const EVAL_ORDER_EMPTIES: u32 = 12;
/// Beyond `EVAL_ORDER_EMPTIES`, the children are searched one ply deeper per this many empties (and from
/// `DEEPER_ORDER_EMPTIES` one more per two, see `ordering_depth`). Re-tuned by solver
/// nodes and time once endgame nodes stopped following midgame table moves (FFO #40-#49 natively, one run each):
/// from 12 empties and one ply per 4, 0.98 G nodes in 35.0 s; from 16 and one per 8 (the earlier setting), 1.85 G in
/// 53.5 s; 12 and 3, 1.08 G in 41.5 s; 12 and 5, 1.14 G in 40.0 s; 11 and 4, 1.10 G in 44.0 s; 13 and 4, 1.14 G
/// in 37.8 s. FForum #20-#39 agrees (153 M nodes against 200 M), and so do FFO #50-#52 (1.19 G against 1.78 G).
const EMPTIES_PER_ORDER_PLY: u32 = 4;
/// From this many empties the ordering searches also deepen one ply per two empties: near the root of a solve a
/// node's first move decides a large subtree, and these searches prune by prob-cut (`Searcher::ordering_estimate`),
/// so they stay cheap. FFO #40-#49 from 16: 751.6 M nodes (790.9 M without prob-cut, 894.2 M without the extra
/// plies). With prob-cut: from 14, 902.0 M; two more plies from 20 empties, 967.5 M; one more at 18-19 empties,
/// 786.3 M; one more at 14-15, 769.6 M. Without: from 18, 855.5 M. Deeper is not always better: the first move
/// chosen near the root swings single positions by 2x either way (#43 32 M or 77 M, #48 97 M or 210 M). From 17 since
/// the evaluation weighs less in the keys (`EVAL_WEIGHT`).
const DEEPER_ORDER_EMPTIES: u32 = 17;

/// The depth of the searches that order the children of an endgame node, if any (0: the evaluation alone).
fn ordering_depth(empties: u32) -> Option<u32> {
    (empties >= EVAL_ORDER_EMPTIES).then(|| {
        (empties - EVAL_ORDER_EMPTIES) / EMPTIES_PER_ORDER_PLY + empties.saturating_sub(DEEPER_ORDER_EMPTIES) / 2
    })
}

/// Endgame ordering: the table's move, then fastest-first with parity and potential mobility as tie-breaks;
/// far from the end the children's evaluation joins in: `estimate(child, depth)` is the child's score in
/// sixteenths of a disc from a search `depth` plies deep (0: the evaluation itself). The searcher passes it in,
/// so ordering needs nothing of the search.
pub fn order_end(
    list: &mut MoveList,
    board: &Board,
    tt_move: u8,
    empties: u32,
    mut estimate: impl FnMut(&Board, u32) -> i32,
) {
    let odd = odd_quadrant_squares(board.empties());
    let sort_depth = ordering_depth(empties);
    for m in list.iter_mut() {
        if m.square as u8 == tt_move {
            m.key = TT_MOVE_KEY;
            continue;
        }
        let child = board.play_with(m.square, m.flipped);
        let parity = ((odd >> m.square) & 1) as i32;
        let corner = ((CORNERS >> m.square) & 1) as i32;
        m.key = -weighted_mobility(child.moves()) * REPLY_WEIGHT
            - potential_mobility(&child.pass()) * POTENTIAL_MOBILITY_WEIGHT
            + parity * PARITY_WEIGHT
            + corner * CORNER_WEIGHT;
        if let Some(depth) = sort_depth {
            m.key -= estimate(&child, depth) * (EVAL_WEIGHT + EVAL_WEIGHT_PER_PLY * depth as i32);
        }
    }
}

/// From this depth the midgame orders a node's children by their evaluation; a node of depth 2 orders them by their
/// replies alone. Its grandchildren are leaves, so evaluating the children cost as much as the search it ordered:
/// `deepen --positions 12 --seconds 2`, seeds 11 and 12, reached each depth from 12 to 18 in about a sixth less CPU
/// time (more nodes, faster ones); replies alone at depths 3 and 4 as well gained nothing more, no ordering at
/// depth 2 lost.
const EVAL_ORDER_DEPTH: u32 = 3;

/// Midgame ordering: the child's evaluation from our side and its mobility (its mobility alone below
/// `EVAL_ORDER_DEPTH`). The table's move is not keyed: the search tries it first, alone, and orders the others only
/// if it does not cut (most of the time it does, and the children's evaluations would be wasted).
pub fn order_mid(evaluator: &dyn Evaluator, list: &mut MoveList, board: &Board, depth: u32) {
    for m in list.iter_mut() {
        let child = board.play_with(m.square, m.flipped);
        let replies = weighted_mobility(child.moves());
        m.key = if depth < EVAL_ORDER_DEPTH { -replies } else { -evaluator.fine(&child) - replies * MID_REPLY_WEIGHT };
    }
}
