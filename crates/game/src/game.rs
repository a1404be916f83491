//! A game in progress: the rules applied to a history, with undo and redo, passes, resignation and draw offers.

use super::color::Color;
use super::errors::{IllegalMove, Reason, Refused};
use super::game_move::Move;
use super::history::History;
use super::position::Position;
use super::result::{Ending, GameResult};
use super::square::square_name;
use super::variant::{Opening, Variant};
use engine::bits::squares_of;

/// One game of any variant, with its whole history. Passes are played automatically: after a move, if the side
/// to move has no legal move (and the game is not over), a pass is recorded for it.
/// Saved as its record (`record.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    variant: Variant,
    history: History,
    /// A resignation, agreed draw or loss on time at the current point; navigating the history withdraws it.
    pub(super) ending: Option<Ending>,
    pub(super) draw_offer: Option<Color>,
    /// The result has been counted in the statistics (so it is counted once).
    pub(super) recorded: bool,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Variant::default())
    }
}

impl Game {
    pub fn new(variant: Variant) -> Game {
        Game::starting_at(variant, Position::start(variant))
    }

    /// A game that starts from any position (an imported board). Its variant takes the position's size and side
    /// to move, and the empty-centre opening when the centre is still empty.
    pub fn from_position(start: Position) -> Game {
        let centre = start.board().geometry.centre();
        let opening =
            if (start.black() | start.white()) & centre == 0 { Opening::EmptyCentre } else { Opening::Standard };
        Game::starting_at(Variant { size: start.size(), opening, first: start.to_move() }, start)
    }

    pub(super) fn starting_at(variant: Variant, start: Position) -> Game {
        let mut history = History::new(start);
        if start.must_pass() {
            history.record(Move::Pass, start.pass());
        }
        Game { variant, history, ending: None, draw_offer: None, recorded: false }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The position on the board now (at the history cursor).
    pub fn position(&self) -> &Position {
        self.history.current()
    }

    pub fn start_position(&self) -> &Position {
        self.history.start()
    }

    /// The game starts from a position of its own (set up or imported) rather than its variant's start: its
    /// transcript and link then carry that position.
    pub fn has_set_up_start(&self) -> bool {
        *self.start_position() != Position::start(self.variant)
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// The side whose turn it is (after a finished game: the side that would move).
    pub fn to_move(&self) -> Color {
        self.position().to_move()
    }

    /// The side to move while the game goes on; `None` once it is over.
    pub fn side_to_move(&self) -> Option<Color> {
        (!self.is_over()).then(|| self.to_move())
    }

    pub fn count(&self, color: Color) -> u32 {
        self.position().count(color)
    }

    /// (black, white) discs on the board.
    pub fn counts(&self) -> (u32, u32) {
        (self.count(Color::Black), self.count(Color::White))
    }

    /// Legal moves as a bit set; empty once the game is over.
    pub fn legal_moves(&self) -> u128 {
        if self.is_over() {
            0
        } else {
            self.position().legal_moves()
        }
    }

    pub fn is_legal(&self, square: usize) -> bool {
        square < 128 && self.legal_moves() >> square & 1 == 1
    }

    /// The discs a move on `square` would flip, for a hover preview (empty if it is not a legal move now).
    pub fn flips(&self, square: usize) -> u128 {
        if self.is_legal(square) {
            self.position().flips(square)
        } else {
            0
        }
    }

    /// Plays a disc on `square` for the side to move, then a pass for the other side if it has to.
    pub fn play(&mut self, square: usize) -> Result<(), IllegalMove> {
        let position = *self.position();
        let n = position.size().n();
        let refuse = |reason| {
            let square = if square < n * n { square_name(square, n) } else { format!("square {square}") };
            Err(IllegalMove { square, reason })
        };
        if square >= n * n {
            return refuse(Reason::NotOnBoard);
        }
        if self.is_over() {
            return refuse(Reason::GameOver);
        }
        if position.at(square).is_some() {
            return refuse(Reason::Occupied);
        }
        if !position.is_legal(square) {
            let centre = position.board().geometry.centre();
            let filling_centre = (position.black() | position.white()) & centre != centre;
            return refuse(if filling_centre { Reason::CentreFirst } else { Reason::NoFlips });
        }
        self.draw_offer = None;
        let after = position.play(square);
        self.history.record(Move::Play(square), after);
        if after.must_pass() {
            self.history.record(Move::Pass, after.pass());
        }
        Ok(())
    }

    /// The last move that led to the current position (a pass if the last side had to pass).
    pub fn last_move(&self) -> Option<Move> {
        self.history.played().last().copied()
    }

    /// The side that just had to pass, when the last move was a forced pass.
    pub fn passed(&self) -> Option<Color> {
        (self.last_move() == Some(Move::Pass)).then(|| self.to_move().opponent())
    }

    /// The square of the last disc placed, looking past a forced pass.
    pub fn last_placed(&self) -> Option<usize> {
        self.history.played().iter().rev().find_map(|mv| mv.square())
    }

    /// The discs the last placed disc flipped, nearest first (for the flip animation).
    pub fn last_flips(&self) -> Vec<usize> {
        let played = self.history.played();
        let Some(ply) = played.iter().rposition(|mv| mv.square().is_some()) else {
            return Vec::new();
        };
        let Move::Play(square) = played[ply] else { unreachable!("rposition found a placed disc") };
        let before = self.history.position_at(ply).expect("every played move has the position before it");
        let n = before.size().n();
        let distance = |s: usize| (s % n).abs_diff(square % n).max((s / n).abs_diff(square / n));
        let mut flipped: Vec<usize> = squares_of(before.flips(square)).collect();
        // The squares are distinct: an unstable sort gives the stable order, with less code in the wasm.
        flipped.sort_unstable_by_key(|&s| (distance(s), s));
        flipped
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Takes back the last move (and a forced pass before it). Withdraws a resignation, agreed draw or open offer.
    pub fn undo(&mut self) -> bool {
        self.navigated(|history| history.undo())
    }

    pub fn redo(&mut self) -> bool {
        self.navigated(|history| history.redo())
    }

    pub fn undo_all(&mut self) -> bool {
        self.navigated(|history| history.undo_all())
    }

    pub fn redo_all(&mut self) -> bool {
        self.navigated(|history| history.redo_all())
    }

    /// Goes to the point after `ply` moves of the history (past a forced pass), e.g. from a clicked move list.
    pub fn go_to(&mut self, ply: usize) -> bool {
        self.navigated(|history| history.go_to(ply))
    }

    fn navigated(&mut self, step: impl FnOnce(&mut History) -> bool) -> bool {
        let moved = step(&mut self.history);
        if moved {
            self.ending = None;
            self.draw_offer = None;
        }
        moved
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.position().is_game_over()
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The result once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.is_over().then(|| GameResult::new(self.position(), self.ending))
    }

    /// `loser` resigns: the other side wins with every square.
    pub fn resign(&mut self, loser: Color) -> Result<(), Refused> {
        self.end(Ending::Resigned(loser))
    }

    /// `loser`'s time ran out: the other side wins with every square, as after a resignation.
    pub fn lose_on_time(&mut self, loser: Color) -> Result<(), Refused> {
        self.end(Ending::LostOnTime(loser))
    }

    /// `by` offers a draw; the other side accepts or declines.
    pub fn offer_draw(&mut self, by: Color) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if self.draw_offer.is_some() {
            return Err(Refused::DrawAlreadyOffered);
        }
        self.draw_offer = Some(by);
        Ok(())
    }

    /// The side whose draw offer is open. A move or a step through the history lets the offer lapse.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    pub fn accept_draw(&mut self) -> Result<(), Refused> {
        if self.draw_offer.is_none() {
            return Err(Refused::NoDrawOffer);
        }
        self.end(Ending::AgreedDraw)
    }

    /// Declines the open offer; the game goes on with the same side to move.
    pub fn decline_draw(&mut self) -> Result<(), Refused> {
        self.draw_offer.take().map(|_| ()).ok_or(Refused::NoDrawOffer)
    }

    fn end(&mut self, ending: Ending) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        self.draw_offer = None;
        self.ending = Some(ending);
        Ok(())
    }

    /// The result has already been counted in the statistics.
    pub fn is_recorded(&self) -> bool {
        self.recorded
    }
}
