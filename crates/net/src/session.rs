//! One side of an online game: which colour this side plays and what is pending between the two players, with
//! every message from the peer checked against the local game before it changes anything.
//!
//! The game itself stays where the app keeps it (the table); each method takes it by reference, so the table
//! saves the game and this seat together and a reload resumes both.

use super::clock::{mm_ss, Clock, TOLERANCE_MS};
use super::protocol::{version_mismatch, Message, PROTOCOL_VERSION};
use game::notation::{read_link, write_link};
use game::{square_name, Color, Ending, Game, IllegalMove, Move, Reason, Variant};
use serde::{Deserialize, Serialize};

/// This side's seat at an online game. Requests in flight are not saved: a reload withdraws them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// The colour this side plays.
    pub me: Color,
    /// This side made the invitation.
    pub host: bool,
    pub game_id: u64,
    /// The clocks of a game with a time limit (saved with the time left; they run only while connected). Version
    /// 1's JSON saves left it out when there was none.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// An open take-back request: who asked, and the number of moves to go back to.
    #[serde(skip)]
    pub undo_request: Option<(Color, usize)>,
    /// An open rematch offer: who offered, and the new game's id.
    #[serde(skip)]
    pub rematch_offer: Option<(Color, u64)>,
}

/// What a valid message from the peer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The peer's hello: a new game from the host, or the same game resumed.
    Greeted {
        new_game: bool,
    },
    Moved(usize),
    UndoRequested,
    UndoAccepted,
    UndoDeclined,
    DrawOffered,
    DrawAccepted,
    DrawDeclined,
    Resigned,
    RematchOffered,
    RematchStarted,
    /// The given side's time ran out: the game is over.
    OutOfTime(Color),
    /// A message that crossed the end on time (the claim stands): nothing to do or say.
    AlreadyOutOfTime,
    KeepAlive,
}

/// A peer message that was refused, with the reason for the notice. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Refused from the other player: {}", self.0)
    }
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

impl Session {
    /// The host's seat for a new game, with clocks or without.
    pub fn host(me: Color, game_id: u64, clock: Option<Clock>) -> Session {
        Session { me, host: true, game_id, clock, undo_request: None, rematch_offer: None }
    }

    /// A guest's seat and game from the host's hello.
    pub fn join(text: &str) -> Result<(Session, Game), Refusal> {
        let Message::Hello { protocol, host: true, game_id, variant, plays, moves, clock, .. } =
            Message::from_text(text).map_err(Refusal)?
        else {
            return refuse("the first message was not the host's hello");
        };
        check_protocol(protocol)?;
        let game = read_game(&moves, variant)?;
        let session =
            Session { me: plays.opponent(), host: false, game_id, clock, undo_request: None, rematch_offer: None };
        Ok((session, game))
    }

    pub fn opponent(&self) -> Color {
        self.me.opponent()
    }

    /// The hello this side sends on every connection, with the clocks as they read at `now`.
    pub fn hello(&self, game: &Game, now: u64) -> Message {
        Message::Hello {
            protocol: PROTOCOL_VERSION,
            app: env!("CARGO_PKG_VERSION").into(),
            host: self.host,
            game_id: self.game_id,
            variant: game.variant(),
            plays: self.me,
            moves: write_link(game),
            clock: self.clock.map(|clock| clock.at(now)),
        }
    }

    /// It is this side's turn to place a disc.
    pub fn my_turn(&self, game: &Game) -> bool {
        game.side_to_move() == Some(self.me) && game.draw_offer().is_none()
    }

    /// This side places a disc at `now`.
    pub fn play(&mut self, game: &mut Game, square: usize, now: u64) -> Result<Message, IllegalMove> {
        let n = game.variant().size.n();
        let refused = |reason| Err(IllegalMove { square: square_name(square % (n * n), n), reason });
        if !self.my_turn(game) {
            return refused(Reason::NotYourTurn);
        }
        let clock_ms = self.clock.map(|clock| clock.left(self.me, now));
        if clock_ms == Some(0) {
            return refused(Reason::OutOfTime);
        }
        let ply = game.history().cursor() as u32;
        game.play(square)?;
        self.undo_request = None;
        if let (Some(clock), Some(left)) = (&mut self.clock, clock_ms) {
            clock.set_left(self.me, left, now);
            clock.pass_turn(game.side_to_move(), now);
        }
        Ok(Message::Move { ply, square: square as u32, clock_ms })
    }

    /// Keeps the clocks in step with the game at `now` (the side to move runs while `connected`) and, when that
    /// side's time has run out, ends the game on time and says so to the peer (a claim, or this side's own loss).
    pub fn tick(&mut self, game: &mut Game, now: u64, connected: bool) -> Option<Message> {
        let clock = self.clock.as_mut()?;
        clock.run(game.side_to_move().filter(|_| connected), now);
        let loser = clock.fallen(now)?;
        clock.run(None, now);
        game.lose_on_time(loser).ok()?;
        self.undo_request = None;
        Some(Message::TimeOut { ply: game.history().cursor() as u32 })
    }

    /// Asks to take back this side's last disc (and the reply to it); `None` when it has placed none.
    pub fn request_undo(&mut self, game: &Game) -> Option<Message> {
        let ply = self.undo_target(game)?;
        self.undo_request = Some((self.me, ply));
        Some(Message::UndoRequest { ply: ply as u32 })
    }

    /// Where a take-back request would go back to now: before this side's last disc, while the game is on and no
    /// request is open.
    pub fn undo_target(&self, game: &Game) -> Option<usize> {
        if game.is_over() || self.undo_request.is_some() {
            return None;
        }
        let history = game.history();
        (0..history.cursor()).rev().find(|&ply| {
            history.moves()[ply] != Move::Pass && history.position_at(ply).map(|p| p.to_move()) == Some(self.me)
        })
    }

    /// Answers the other side's take-back request.
    pub fn answer_undo(&mut self, game: &mut Game, accept: bool) -> Option<Message> {
        let (_, ply) = self.undo_request.filter(|(by, _)| *by == self.opponent())?;
        self.undo_request = None;
        if accept {
            game.go_to(ply);
            Some(Message::UndoAccept)
        } else {
            Some(Message::UndoDecline)
        }
    }

    pub fn offer_draw(&mut self, game: &mut Game) -> Option<Message> {
        game.offer_draw(self.me).ok().map(|()| Message::DrawOffer)
    }

    /// Answers the other side's draw offer.
    pub fn answer_draw(&mut self, game: &mut Game, accept: bool) -> Option<Message> {
        if game.draw_offer() != Some(self.opponent()) {
            return None;
        }
        if accept {
            game.accept_draw().ok().map(|()| Message::DrawAccept)
        } else {
            game.decline_draw().ok().map(|()| Message::DrawDecline)
        }
    }

    pub fn resign(&mut self, game: &mut Game) -> Option<Message> {
        game.resign(self.me).ok().map(|()| Message::Resign)
    }

    /// Offers a new game with colours swapped, once this one is over.
    pub fn offer_rematch(&mut self, game: &Game, new_id: u64) -> Option<Message> {
        if !game.is_over() || self.rematch_offer.is_some() {
            return None;
        }
        self.rematch_offer = Some((self.me, new_id));
        Some(Message::Rematch { game_id: new_id })
    }

    /// Accepts the other side's rematch offer and starts the new game.
    pub fn accept_rematch(&mut self, game: &mut Game) -> Option<Message> {
        let (by, game_id) = self.rematch_offer?;
        if by != self.opponent() {
            return None;
        }
        self.start_rematch(game, game_id);
        Some(Message::RematchAccept { game_id })
    }

    fn start_rematch(&mut self, game: &mut Game, game_id: u64) {
        *game = Game::new(game.variant());
        if let Some(clock) = &mut self.clock {
            clock.reset();
        }
        self.me = self.opponent();
        self.game_id = game_id;
        self.undo_request = None;
        self.rematch_offer = None;
    }

    /// Applies a message from the peer, received at `now`, to `game` after checking it; on a refusal nothing has
    /// changed.
    pub fn receive(&mut self, game: &mut Game, text: &str, now: u64) -> Result<Event, Refusal> {
        let message = Message::from_text(text).map_err(Refusal)?;
        let them = self.opponent();
        match message {
            Message::Hello { protocol, host, game_id, variant, plays, moves, clock, .. } => {
                check_protocol(protocol)?;
                self.greet(game, Hello { host, game_id, variant, plays, moves: &moves, clock }, now)
            }
            Message::Move { ply, square, clock_ms } => {
                if game.ending() == Some(Ending::LostOnTime(them)) && ply as usize == game.history().cursor() {
                    return Ok(Event::AlreadyOutOfTime);
                }
                if game.side_to_move() != Some(them) {
                    return refuse(format!("a move on {}, but it is not their turn", describe_square(game, square)));
                }
                if ply as usize != game.history().cursor() {
                    return refuse(format!(
                        "a move for move number {} while this game is at {}",
                        ply + 1,
                        game.history().cursor() + 1
                    ));
                }
                match (self.clock, clock_ms) {
                    (Some(clock), Some(reported)) => {
                        if let Some(doubt) = clock.doubt(them, reported, now) {
                            return refuse(doubt);
                        }
                    }
                    (Some(_), None) => return refuse("a move without their time left, in a game with clocks"),
                    (None, Some(_)) => return refuse("a move with a time left, in a game without clocks"),
                    (None, None) => {}
                }
                game.play(square as usize).map_err(|illegal| Refusal(format!("the move {illegal}")))?;
                self.undo_request = None;
                if let (Some(clock), Some(reported)) = (&mut self.clock, clock_ms) {
                    clock.set_left(them, reported, now);
                    clock.pass_turn(game.side_to_move(), now);
                }
                Ok(Event::Moved(square as usize))
            }
            Message::TimeOut { ply } => self.time_out(game, ply as usize, now),
            Message::UndoRequest { ply } => {
                let ply = ply as usize;
                let history = game.history();
                let theirs = history.position_at(ply).map(|p| p.to_move()) == Some(them);
                if game.is_over() || ply >= history.cursor() || !theirs || history.moves()[ply] == Move::Pass {
                    return refuse("a take-back request that does not fit this game");
                }
                self.undo_request = Some((them, ply));
                Ok(Event::UndoRequested)
            }
            Message::UndoAccept | Message::UndoDecline => {
                let Some((_, ply)) = self.undo_request.filter(|(by, _)| *by == self.me) else {
                    return refuse("an answer to a take-back request that was not made");
                };
                self.undo_request = None;
                if message == Message::UndoAccept {
                    game.go_to(ply);
                    Ok(Event::UndoAccepted)
                } else {
                    Ok(Event::UndoDeclined)
                }
            }
            Message::DrawOffer => game
                .offer_draw(them)
                .map(|()| Event::DrawOffered)
                .map_err(|refused| Refusal(format!("a draw offer ({refused})"))),
            Message::DrawAccept | Message::DrawDecline => {
                if game.draw_offer() != Some(self.me) {
                    return refuse("an answer to a draw offer that was not made");
                }
                if message == Message::DrawAccept {
                    game.accept_draw().map(|()| Event::DrawAccepted)
                } else {
                    game.decline_draw().map(|()| Event::DrawDeclined)
                }
                .map_err(|refused| Refusal(refused.to_string()))
            }
            Message::Resign => game
                .resign(them)
                .map(|()| Event::Resigned)
                .map_err(|refused| Refusal(format!("a resignation ({refused})"))),
            Message::Rematch { game_id } => {
                if !game.is_over() {
                    return refuse("a rematch offer while the game is still on");
                }
                self.rematch_offer = Some((them, game_id));
                Ok(Event::RematchOffered)
            }
            Message::RematchAccept { game_id } => {
                if self.rematch_offer != Some((self.me, game_id)) {
                    return refuse("an answer to a rematch that was not offered");
                }
                self.start_rematch(game, game_id);
                Ok(Event::RematchStarted)
            }
            Message::KeepAlive => Ok(Event::KeepAlive),
        }
    }

    /// The peer says the time of the side to move after `ply` moves ran out. Its own: the game ends. This side's:
    /// believed if this side's time is within the tolerance of running out, also when this side's move crossed
    /// the claim on the way (it is taken back: the claim came first on the other side).
    fn time_out(&mut self, game: &mut Game, ply: usize, now: u64) -> Result<Event, Refusal> {
        let (me, them) = (self.me, self.opponent());
        let Some(clock) = &mut self.clock else { return refuse("a time-out in a game without clocks") };
        let history = game.history();
        let cursor = history.cursor();
        let Some(loser) = history.position_at(ply).filter(|_| ply <= cursor).map(|p| p.to_move()) else {
            return refuse("a time-out that does not fit this game");
        };
        if game.ending() == Some(Ending::LostOnTime(loser)) && ply == cursor {
            return Ok(Event::AlreadyOutOfTime);
        }
        if game.is_over() {
            return refuse("a time-out after the game ended");
        }
        if loser == them && ply != cursor {
            return refuse("a time-out that does not fit this game");
        }
        if loser == me {
            // Only this side's disc at `ply` and forced passes after it may have crossed the claim.
            let crossed = &history.moves()[ply..cursor];
            if crossed.first().is_some_and(|mv| *mv == Move::Pass) || crossed.iter().skip(1).any(|mv| *mv != Move::Pass)
            {
                return refuse("a time-out that does not fit this game");
            }
            let left = clock.left(me, now);
            if left > TOLERANCE_MS {
                return refuse(format!("a claim that your time ran out, with {} left here", mm_ss(left)));
            }
            game.go_to(ply);
        }
        clock.run(None, now);
        clock.set_left(loser, 0, now);
        game.lose_on_time(loser).map_err(|refused| Refusal(refused.to_string()))?;
        self.undo_request = None;
        Ok(Event::OutOfTime(loser))
    }

    /// A (re)connection: agree on the game. A hello with a new id starts that game here (the host's) or expects the
    /// guest to take this one, unless either side has a game with moves still on: that game is kept. With the same
    /// id the longer of two agreeing move lists wins; lists that differ are refused, so neither side's game is ever
    /// rewritten. The clocks take each side's lower count.
    fn greet(&mut self, game: &mut Game, hello: Hello, now: u64) -> Result<Event, Refusal> {
        if hello.host == self.host {
            return refuse(if self.host { "both players made an invitation" } else { "both players answered" });
        }
        if hello.plays != self.opponent() && hello.game_id == self.game_id {
            return refuse(format!("both players play {}", self.me));
        }
        let theirs = read_game(hello.moves, hello.variant)?;
        let under_way = |game: &Game| !game.history().played().is_empty() && !game.is_over();
        if hello.game_id != self.game_id {
            if under_way(game) {
                return refuse(format!(
                    "their hello is for another game, and this one ({} moves) is still on: it is kept. To play \
                     theirs, start a New game here and connect again",
                    game.history().played().len()
                ));
            }
            if !hello.host {
                if under_way(&theirs) {
                    return refuse(
                        "their app still has another online game on: it is kept there. They can start a New game \
                         and connect again",
                    );
                }
                // The guest had another game, over or not begun: it takes this one from the host's hello.
                return Ok(Event::Greeted { new_game: false });
            }
            self.me = hello.plays.opponent();
            self.game_id = hello.game_id;
            self.clock = hello.clock;
            self.undo_request = None;
            self.rematch_offer = None;
            *game = theirs;
            return Ok(Event::Greeted { new_game: true });
        }
        let clock = match (self.clock, hello.clock) {
            (None, None) => None,
            (Some(mine), Some(theirs)) => match mine.agree(&theirs, now) {
                Some(agreed) => Some(agreed),
                None => return refuse("the two sides' clocks have different time limits"),
            },
            _ => return refuse("one side's game has clocks and the other's has none"),
        };
        let mine = game.history().played().to_vec();
        let their_moves = theirs.history().played();
        if let Some(ply) = mine.iter().zip(their_moves).position(|(x, y)| x != y) {
            return refuse(format!(
                "their game differs from this one at move {}: this game is kept, and theirs is not taken",
                ply + 1
            ));
        }
        if their_moves.len() > mine.len() {
            // Only the sender's own moves can be missing here (played as the connection dropped), passes aside:
            // a longer list with a move for this side would be the sender playing for it.
            let mut replay = theirs.clone();
            let for_me = (mine.len()..their_moves.len()).find(|&ply| {
                replay.go_to(ply);
                replay.to_move() == self.me && their_moves[ply] != Move::Pass
            });
            if let Some(ply) = for_me {
                return refuse(format!("their game has a move {} for {} that was not played here", ply + 1, self.me));
            }
            *game = theirs;
        }
        self.clock = clock;
        Ok(Event::Greeted { new_game: false })
    }
}

struct Hello<'a> {
    host: bool,
    game_id: u64,
    variant: Variant,
    plays: Color,
    moves: &'a str,
    clock: Option<Clock>,
}

fn check_protocol(protocol: u32) -> Result<(), Refusal> {
    if protocol == PROTOCOL_VERSION {
        Ok(())
    } else {
        refuse(version_mismatch(protocol))
    }
}

/// The game a hello carries, checked move by move.
fn read_game(moves: &str, variant: Variant) -> Result<Game, Refusal> {
    let game = read_link(moves).map_err(|e| Refusal(format!("their game does not read: {e}")))?;
    if game.variant() != variant {
        return refuse("their game's moves and variant disagree");
    }
    Ok(game)
}

fn describe_square(game: &Game, square: u32) -> String {
    let n = game.variant().size.n();
    if (square as usize) < n * n {
        square_name(square as usize, n)
    } else {
        format!("square {square}")
    }
}

impl Event {
    /// What happened, for the notice and the screen reader ("Your opponent played f5.").
    pub fn describe(self, game: &Game) -> String {
        let n = game.variant().size.n();
        match self {
            Event::Greeted { new_game: true, .. } => "Connected: a new game.".into(),
            Event::Greeted { .. } => "Connected: the game goes on.".into(),
            Event::Moved(square) => format!("Your opponent played {}.", square_name(square, n)),
            Event::UndoRequested => "Your opponent asks to take back their last move.".into(),
            Event::UndoAccepted => "Your opponent agreed: your move is taken back.".into(),
            Event::UndoDeclined => "Your opponent declined to take back your move.".into(),
            Event::DrawOffered => "Your opponent offers a draw.".into(),
            Event::DrawAccepted => "Your opponent accepts the draw.".into(),
            Event::DrawDeclined => "Your opponent declines the draw. Play on.".into(),
            Event::Resigned => "Your opponent resigned.".into(),
            Event::RematchOffered => "Your opponent offers a rematch with colours swapped.".into(),
            Event::RematchStarted => "Rematch: a new game with colours swapped.".into(),
            Event::OutOfTime(loser) => format!("{loser}'s time ran out: {} wins on time.", loser.opponent()),
            Event::AlreadyOutOfTime | Event::KeepAlive => String::new(),
        }
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
