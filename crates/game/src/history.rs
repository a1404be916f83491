//! The moves of a game with the position after each, and a cursor for undo, redo and jumping.
//!
//! A forced pass is recorded like a move, but the cursor never rests on the position before it (where the side
//! to move has nothing to do but pass): undo, redo and jumps step over it.

use super::game_move::Move;
use super::position::Position;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// `positions[i]` is the position after the first `i` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// How many moves lead to the current position; `moves[cursor..]` is the redo tail.
    cursor: usize,
}

impl History {
    pub(super) fn new(start: Position) -> History {
        History { positions: vec![start], moves: Vec::new(), cursor: 0 }
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn current(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// Every recorded move, including the redo tail after the cursor.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves that lead to the current position.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// Appends a move at the cursor, dropping the redo tail.
    pub(super) fn record(&mut self, mv: Move, after: Position) {
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.moves.push(mv);
        self.positions.push(after);
        self.cursor += 1;
    }

    /// The position after `ply` moves is one where the side to move could only pass.
    fn is_forced_pass(&self, ply: usize) -> bool {
        self.moves.get(ply) == Some(&Move::Pass)
    }

    /// The earliest point the cursor may rest on (1 only if the game starts with a forced pass).
    fn first_stop(&self) -> usize {
        usize::from(self.is_forced_pass(0))
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > self.first_stop()
    }

    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    pub(super) fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.cursor -= 1;
        while self.cursor > self.first_stop() && self.is_forced_pass(self.cursor) {
            self.cursor -= 1;
        }
        true
    }

    pub(super) fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.go_to(self.cursor + 1);
        true
    }

    pub(super) fn undo_all(&mut self) -> bool {
        let moved = self.can_undo();
        self.cursor = self.first_stop();
        moved
    }

    pub(super) fn redo_all(&mut self) -> bool {
        let moved = self.can_redo();
        self.cursor = self.moves.len();
        moved
    }

    /// Moves the cursor to the point after `ply` moves (clamped to the history), or just past the pass when that
    /// point is a forced pass. Returns whether the cursor moved.
    pub(super) fn go_to(&mut self, ply: usize) -> bool {
        let mut target = ply.min(self.moves.len());
        while self.is_forced_pass(target) {
            target += 1;
        }
        let moved = target != self.cursor;
        self.cursor = target;
        moved
    }
}
