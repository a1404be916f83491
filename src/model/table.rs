//! The game on the table: the game model plus whether play is suspended, and the game-control rules the menu
//! follows (who resigns, who answers a draw offer, when the computer may move). Plain Rust, tested natively.

use super::actions::Action;
use super::options::Options;
use game::notation::read_game;
use game::{square_name, Color, Coordinates, Game, IllegalMove, Move, PlayerKind, Reason, Refused, Variant};
use net::protocol::Message;
use net::session::{Event, Refusal, Session};
use serde::{Deserialize, Serialize};

/// Who plays each colour, read from the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    pub black: PlayerKind,
    pub white: PlayerKind,
}

impl Players {
    pub fn from_options(options: &Options) -> Players {
        Players { black: options.black, white: options.white }
    }

    pub fn kind(&self, color: Color) -> PlayerKind {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    pub fn is_computer(&self, color: Color) -> bool {
        self.kind(color) == PlayerKind::Computer
    }

    /// A person plays at least one side.
    pub fn has_human(&self) -> bool {
        !self.is_computer(Color::Black) || !self.is_computer(Color::White)
    }

    /// The side a menu action such as Resign or Offer draw speaks for: the only human, or with two humans the
    /// side to move. Two computers have nobody to speak for.
    pub fn acting_side(&self, to_move: Color) -> Option<Color> {
        match (self.is_computer(Color::Black), self.is_computer(Color::White)) {
            (false, true) => Some(Color::Black),
            (true, false) => Some(Color::White),
            (false, false) => Some(to_move),
            (true, true) => None,
        }
    }
}

/// A game and whether the computer is held back from moving. Saved as the game's own record, `suspended` and the
/// online seat (version 1's JSON had the record's fields flattened beside them: saves_v1.rs).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Table {
    pub game: Game,
    /// Play is suspended (after undo/redo onto the computer's turn, or Stop): the computer waits for Resume play.
    pub suspended: bool,
    /// This side's seat when the game is played online: the other colour is played by the peer.
    pub online: Option<Session>,
    /// Messages for the peer, sent (and drained) by the online connection.
    #[serde(skip)]
    pub outbox: Vec<Message>,
}

/// What a draw offer leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The computer answers after its search says who is ahead.
    ComputerDecides { computer: Color },
    /// The other human accepts or declines on this device.
    HumanDecides { responder: Color },
    /// The other player, online, answers.
    PeerDecides,
}

impl Table {
    pub fn new(variant: Variant) -> Table {
        Table::from_game(Game::new(variant))
    }

    pub fn from_game(game: Game) -> Table {
        Table { game, suspended: false, online: None, outbox: Vec::new() }
    }

    /// An online game from its seat: both sides are people, so play is never suspended.
    pub fn online(game: Game, session: Session) -> Table {
        Table { online: Some(session), ..Table::from_game(game) }
    }

    /// Plays a move for the side to move and lets play continue; online, only on this side's turn, and the move
    /// goes to the peer (with this side's time left at `now` in a game with clocks).
    pub fn play(&mut self, square: usize, now: u64) -> Result<(), IllegalMove> {
        match &mut self.online {
            Some(session) => {
                if !session.my_turn(&self.game) {
                    let square = square_name(square, self.game.variant().size.n());
                    return Err(IllegalMove { square, reason: Reason::NotYourTurn });
                }
                let message = session.play(&mut self.game, square, now)?;
                self.outbox.push(message);
            }
            None => self.game.play(square)?,
        }
        self.suspended = false;
        Ok(())
    }

    /// A message from the peer, received at `now`, checked against the game before it changes anything.
    pub fn receive(&mut self, text: &str, now: u64) -> Result<Event, Refusal> {
        let Some(session) = &mut self.online else { return Err(Refusal("this game is not played online".into())) };
        session.receive(&mut self.game, text, now)
    }

    /// Online with clocks: keeps them in step at `now`; true when a side's time ran out just now (the game is over
    /// and the peer told).
    pub fn tick_clock(&mut self, now: u64, connected: bool) -> bool {
        let Some(message) = self.online.as_mut().and_then(|session| session.tick(&mut self.game, now, connected))
        else {
            return false;
        };
        self.outbox.push(message);
        true
    }

    /// An online action (take-back request, rematch, ...) whose message goes to the peer; false if it does not
    /// apply now.
    pub fn act_online(&mut self, act: impl FnOnce(&mut Session, &mut Game) -> Option<Message>) -> bool {
        let Some(message) = self.online.as_mut().and_then(|session| act(session, &mut self.game)) else {
            return false;
        };
        self.outbox.push(message);
        true
    }

    /// The side the computer should move for now, if any: its turn, the game on, play not suspended and no draw
    /// offer waiting for an answer.
    pub fn computer_to_move(&self, players: &Players) -> Option<Color> {
        let side = self.game.side_to_move().filter(|_| self.online.is_none())?;
        (players.is_computer(side) && !self.suspended && self.game.draw_offer().is_none()).then_some(side)
    }

    /// The computer that owes an answer to an open draw offer: the offer went to a side the computer plays.
    pub fn computer_weighs_draw(&self, players: &Players) -> Option<Color> {
        let responder = self.game.draw_offer()?.opponent();
        players.is_computer(responder).then_some(responder)
    }

    /// Hints, the evaluation graph and review are for games against the computer and finished ones: during an
    /// online game against a person they are off (play is play), and they return once it ends.
    pub fn analysis_allowed(&self) -> bool {
        self.online.is_none() || self.game.is_over()
    }

    /// A human may place a disc now.
    pub fn human_to_move(&self, players: &Players) -> Option<Color> {
        if let Some(session) = &self.online {
            return session.my_turn(&self.game).then_some(session.me);
        }
        let side = self.game.side_to_move()?;
        (!players.is_computer(side)).then_some(side)
    }

    /// Takes back one move, or with `whole_turn` every move back to a human's turn (the computer's reply and the
    /// player's move together, as lichess and Egaroucid do).
    pub fn undo(&mut self, players: &Players, whole_turn: bool) -> bool {
        self.navigate(players, |game| step_turn(game, players, whole_turn, Game::undo))
    }

    /// Replays one move, or with `whole_turn` every move up to the next human's turn.
    pub fn redo(&mut self, players: &Players, whole_turn: bool) -> bool {
        self.navigate(players, |game| step_turn(game, players, whole_turn, Game::redo))
    }

    pub fn undo_all(&mut self, players: &Players) -> bool {
        self.navigate(players, Game::undo_all)
    }

    pub fn redo_all(&mut self, players: &Players) -> bool {
        self.navigate(players, Game::redo_all)
    }

    /// Goes to the point after `ply` moves (a click in the move list).
    pub fn go_to(&mut self, players: &Players, ply: usize) -> bool {
        self.navigate(players, |game| game.go_to(ply))
    }

    /// Steps through the history; landing on the computer's turn suspends play so it does not answer at once.
    fn navigate(&mut self, players: &Players, step: impl FnOnce(&mut Game) -> bool) -> bool {
        if self.online.is_some() {
            return false; // Both sides keep one move list: taking back is asked of the peer.
        }
        let moved = step(&mut self.game);
        if moved {
            self.suspended = self.game.side_to_move().is_some_and(|side| players.is_computer(side));
        }
        moved
    }

    /// A game is under way: moves played and no end anywhere in its history (a finished game browsed back is not
    /// in progress: starting another loses nothing).
    pub fn in_progress(&self) -> bool {
        let history = self.game.history();
        let finished = history.position_at(history.moves().len()).is_some_and(|p| p.is_game_over());
        !history.played().is_empty() && !self.game.is_over() && !finished
    }

    /// What the player may do while play waits on the computer's turn: undo back to their own move, or let the
    /// computer go on.
    pub fn pause_advice(&self, players: &Players) -> &'static str {
        if players.has_human() && self.game.can_undo() {
            "Undo again to go back to your move, or Resume play."
        } else {
            "Choose Resume play for the computer to move."
        }
    }

    pub fn can_resume(&self, players: &Players) -> bool {
        self.suspended && self.game.side_to_move().is_some_and(|side| players.is_computer(side))
    }

    pub fn resume(&mut self) {
        self.suspended = false;
    }

    /// Holds the computer back (Stop, or Pause in computer-against-computer games).
    pub fn suspend(&mut self) {
        self.suspended = true;
    }

    /// The side that would resign from the menu now.
    pub fn resigning_side(&self, players: &Players) -> Option<Color> {
        let side = self.game.side_to_move()?;
        match &self.online {
            Some(session) => Some(session.me),
            None => players.acting_side(side),
        }
    }

    pub fn resign(&mut self, players: &Players) -> Result<Color, Refused> {
        let loser = self.resigning_side(players).ok_or(Refused::GameOver)?;
        if !self.act_online(Session::resign) {
            self.game.resign(loser)?;
        }
        Ok(loser)
    }

    /// Offers a draw for the acting side and says who must answer it.
    pub fn offer_draw(&mut self, players: &Players) -> Result<DrawOffer, Refused> {
        let by = self.resigning_side(players).ok_or(Refused::GameOver)?;
        if self.online.is_some() {
            return if self.act_online(Session::offer_draw) {
                Ok(DrawOffer::PeerDecides)
            } else {
                Err(Refused::GameOver)
            };
        }
        self.game.offer_draw(by)?;
        let responder = by.opponent();
        Ok(if players.is_computer(responder) {
            DrawOffer::ComputerDecides { computer: responder }
        } else {
            DrawOffer::HumanDecides { responder }
        })
    }

    /// A person on this device may answer the open draw offer (online: only the peer's offer).
    pub fn human_answers_draw(&self, players: &Players) -> bool {
        match (&self.online, self.game.draw_offer()) {
            (_, None) => false,
            (Some(session), Some(by)) => by == session.opponent(),
            (None, Some(by)) => !players.is_computer(by.opponent()),
        }
    }

    /// A person's answer to the open draw offer (online, sent to the peer).
    pub fn answer_draw_here(&mut self, accept: bool) -> bool {
        if self.online.is_some() {
            return self.act_online(|session, game| session.answer_draw(game, accept));
        }
        self.answer_draw(accept).is_ok()
    }

    /// The computer's answer to an open offer (it accepts when its search says it is not ahead).
    pub fn answer_draw(&mut self, accept: bool) -> Result<bool, Refused> {
        if accept {
            self.game.accept_draw().map(|()| true)
        } else {
            self.game.decline_draw().map(|()| false)
        }
    }

    /// Whether a menu command makes sense now (`thinking`: the computer is searching).
    pub fn allows(&self, players: &Players, thinking: bool, action: Action) -> bool {
        let game = &self.game;
        let offline = self.online.is_none();
        match action {
            Action::Undo | Action::UndoAll => offline && game.can_undo(),
            Action::Redo | Action::RedoAll => offline && game.can_redo(),
            Action::ResumePlay => offline && self.can_resume(players),
            Action::Resign => self.resigning_side(players).is_some(),
            Action::OfferDraw => self.resigning_side(players).is_some() && game.draw_offer().is_none(),
            Action::MoveNow | Action::Stop => thinking,
            Action::CopyTranscript => !game.history().played().is_empty(),
            Action::ShareLink => !game.history().played().is_empty(),
            Action::SetUpPosition => offline,
            _ => true,
        }
    }
}

/// One step through the history, or with `whole_turn` as many as it takes to reach a human's turn (or the end of
/// the history); true if it moved at all.
fn step_turn(game: &mut Game, players: &Players, whole_turn: bool, step: fn(&mut Game) -> bool) -> bool {
    let moved = step(game);
    // Two computers have no human's turn to stop at: a step is one move.
    if moved && whole_turn && players.has_human() {
        while game.side_to_move().is_some_and(|side| players.is_computer(side)) && step(game) {}
    }
    moved
}

/// What importing a pasted text would do to the game on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Import {
    /// Nothing was pasted: nothing to do.
    Empty,
    /// The text reads as no game; why.
    Unreadable(String),
    /// The same game as on the table: nothing to do.
    Unchanged,
    /// A game that replaces the one on the table, whose `loses` moves would go.
    Replaces { game: Game, loses: usize },
}

/// Reads pasted text (a board string, or a transcript of a game of `variant`) as an import over `current`.
pub fn read_import(text: &str, current: &Game, variant: Variant) -> Import {
    let text = text.trim();
    if text.is_empty() {
        return Import::Empty;
    }
    match read_game(text, variant) {
        Err(why) => Import::Unreadable(why.to_string()),
        Ok(game) if same_game(&game, current) => Import::Unchanged,
        Ok(game) => Import::Replaces { game, loses: current.history().moves().len() },
    }
}

/// The same start, moves and point in them.
fn same_game(a: &Game, b: &Game) -> bool {
    a.start_position() == b.start_position()
        && a.history().moves() == b.history().moves()
        && a.history().cursor() == b.history().cursor()
}

/// What the live region says after a move: "Black f5." plus a forced pass, then whose turn it is or the result.
pub fn describe_last_move(game: &Game, coordinates: Coordinates) -> String {
    let n = game.variant().size.n();
    let played = game.history().played();
    let mut words = Vec::new();
    if let Some(ply) = played.iter().rposition(|mv| *mv != Move::Pass) {
        let mover = game.history().position_at(ply).expect("a position before every move").to_move();
        let square = played[ply].square().expect("rposition found a placed disc");
        words.push(format!("{mover} {}.", coordinates.name(square, n)));
    }
    if let Some(passer) = game.passed() {
        words.push(format!("{passer} has no move and must pass."));
    }
    words.push(describe_position(game));
    words.join(" ")
}

/// The state of play in words: whose turn, or the result.
pub fn describe_position(game: &Game) -> String {
    match (game.result(), game.side_to_move()) {
        (Some(result), _) => format!("Game over: {result}."),
        (None, Some(side)) => format!("{side} to move."),
        (None, None) => String::new(),
    }
}

/// A move's number as the move list writes it, for move `ply` (1-based): "15." for the first move of row 15,
/// "15…" for the second, as chess sites write "15… g7". Everything that names a move uses it.
pub fn move_number(ply: usize) -> String {
    let row = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{row}.")
    } else {
        format!("{row}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{parse_square, BoardSize};
    use net::clock::Clock;

    const HUMAN_VS_COMPUTER: Players = Players { black: PlayerKind::Human, white: PlayerKind::Computer };
    const TWO_HUMANS: Players = Players { black: PlayerKind::Human, white: PlayerKind::Human };
    const TWO_COMPUTERS: Players = Players { black: PlayerKind::Computer, white: PlayerKind::Computer };

    fn sq(name: &str) -> usize {
        parse_square(name, 8).unwrap()
    }

    #[test]
    fn the_computer_moves_on_its_turn_only() {
        let mut table = Table::default();
        assert_eq!(table.computer_to_move(&HUMAN_VS_COMPUTER), None);
        assert_eq!(table.human_to_move(&HUMAN_VS_COMPUTER), Some(Color::Black));
        table.play(sq("f5"), 0).unwrap();
        assert_eq!(table.computer_to_move(&HUMAN_VS_COMPUTER), Some(Color::White));
        assert_eq!(table.human_to_move(&HUMAN_VS_COMPUTER), None);
        assert_eq!(table.computer_to_move(&TWO_HUMANS), None);
    }

    #[test]
    fn undo_onto_the_computers_turn_suspends_until_resume_or_a_human_move() {
        let mut table = Table::default();
        for name in ["f5", "d6", "c3"] {
            table.play(sq(name), 0).unwrap();
        }
        assert!(table.undo(&HUMAN_VS_COMPUTER, false), "back to after f5 d6: Black (human) to move");
        assert!(!table.suspended);
        assert!(table.undo(&HUMAN_VS_COMPUTER, false), "back to after f5: White (computer) to move");
        assert!(table.suspended && table.can_resume(&HUMAN_VS_COMPUTER));
        assert_eq!(table.computer_to_move(&HUMAN_VS_COMPUTER), None, "suspended");
        assert_eq!(table.human_to_move(&HUMAN_VS_COMPUTER), None, "the computer's side is not the player's to move");
        table.resume();
        assert_eq!(table.computer_to_move(&HUMAN_VS_COMPUTER), Some(Color::White));

        assert!(table.redo(&HUMAN_VS_COMPUTER, false));
        assert!(!table.suspended, "redo landed on the human's turn");
        table.undo(&HUMAN_VS_COMPUTER, false);
        assert!(table.suspended);
        table.play(sq("f6"), 0).unwrap();
        assert!(!table.suspended, "a move lets play continue");
        assert!(!table.game.can_redo(), "the redo tail is gone");
    }

    #[test]
    fn whole_turn_undo_takes_back_the_reply_and_the_move_together() {
        let mut table = Table::default();
        for name in ["f5", "d6", "c3", "f4"] {
            table.play(sq(name), 0).unwrap();
        }
        assert!(table.undo(&HUMAN_VS_COMPUTER, true));
        assert_eq!(table.game.history().cursor(), 2, "f4 and c3 went: Black (human) to move after f5 d6");
        assert!(!table.suspended);
        assert!(table.redo(&HUMAN_VS_COMPUTER, true));
        assert_eq!(table.game.history().cursor(), 4, "c3 and the reply f4 came back");
        assert!(table.undo(&TWO_HUMANS, true));
        assert_eq!(table.game.history().cursor(), 3, "two humans: one move is a turn");
        assert!(table.undo(&TWO_COMPUTERS, true));
        assert_eq!(table.game.history().cursor(), 2, "two computers: one move at a time");
    }

    #[test]
    fn a_game_is_in_progress_until_it_ends_even_when_browsed_back() {
        let mut table = Table::default();
        assert!(!table.in_progress(), "nothing played yet");
        table.play(sq("f5"), 0).unwrap();
        assert!(table.in_progress());
        // The shortest game: Black wipes White out in nine moves.
        let mut table = Table::from_game(read_game("d3c3b3d2e1d6d7e3f4", Variant::default()).unwrap());
        assert!(table.game.is_over() && !table.in_progress());
        table.undo(&TWO_HUMANS, false);
        assert!(!table.game.is_over() && !table.in_progress(), "browsing a finished game");
        let mut resigned = Table::default();
        resigned.play(sq("f5"), 0).unwrap();
        resigned.game.resign(Color::White).unwrap();
        assert!(!resigned.in_progress(), "a resigned game is over");
    }

    #[test]
    fn the_human_resigns_and_offers_draws_whoever_is_to_move() {
        let mut table = Table::default();
        table.play(sq("f5"), 0).unwrap();
        assert_eq!(table.resigning_side(&HUMAN_VS_COMPUTER), Some(Color::Black), "even on White's turn");
        assert_eq!(table.resigning_side(&TWO_HUMANS), Some(Color::White), "two humans: the side to move");
        assert_eq!(table.resigning_side(&TWO_COMPUTERS), None);
        assert!(!table.allows(&TWO_COMPUTERS, false, Action::Resign));
        assert_eq!(table.resign(&HUMAN_VS_COMPUTER), Ok(Color::Black));
        assert_eq!(table.game.result().unwrap().winner(), Some(Color::White));
        assert!(!table.allows(&HUMAN_VS_COMPUTER, false, Action::Resign), "the game is over");
    }

    #[test]
    fn a_draw_offer_goes_to_the_computer_or_the_other_human() {
        let mut table = Table::default();
        assert_eq!(table.offer_draw(&HUMAN_VS_COMPUTER), Ok(DrawOffer::ComputerDecides { computer: Color::White }));
        assert_eq!(table.computer_to_move(&HUMAN_VS_COMPUTER), None, "no move while the offer is open");
        assert!(!table.allows(&HUMAN_VS_COMPUTER, false, Action::OfferDraw), "one offer at a time");
        assert_eq!(table.answer_draw(false), Ok(false));
        assert!(!table.game.is_over());
        assert_eq!(table.offer_draw(&TWO_HUMANS), Ok(DrawOffer::HumanDecides { responder: Color::White }));
        assert_eq!(table.answer_draw(true), Ok(true));
        assert_eq!(table.game.result().map(|r| r.winner()), Some(None), "an agreed draw has no winner");
        assert!(table.offer_draw(&TWO_HUMANS).is_err(), "the game is over");
    }

    #[test]
    fn commands_apply_only_when_they_make_sense() {
        let mut table = Table::default();
        let players = HUMAN_VS_COMPUTER;
        assert!(!table.allows(&players, false, Action::Undo));
        assert!(!table.allows(&players, false, Action::CopyTranscript));
        assert!(!table.allows(&players, false, Action::MoveNow));
        assert!(table.allows(&players, false, Action::NewGame));
        table.play(sq("f5"), 0).unwrap();
        assert!(table.allows(&players, false, Action::Undo) && !table.allows(&players, false, Action::Redo));
        assert!(table.allows(&players, true, Action::MoveNow) && table.allows(&players, true, Action::Stop));
        assert!(!table.allows(&players, false, Action::ResumePlay));
        table.suspend();
        assert!(table.allows(&players, false, Action::ResumePlay));
    }

    #[test]
    fn a_game_has_a_link_to_share_once_it_has_moves() {
        let mut table = Table::default();
        assert!(!table.allows(&TWO_HUMANS, false, Action::ShareLink), "nothing to share yet");
        table.play(sq("f5"), 0).unwrap();
        assert!(table.allows(&TWO_HUMANS, false, Action::ShareLink));
        let mut from_board = Table::from_game(Game::from_position(*table.game.position()));
        from_board.play(sq("d6"), 0).unwrap();
        assert!(from_board.allows(&TWO_HUMANS, false, Action::ShareLink), "a link carries a set-up start too");
    }

    /// Issue 11, defect 5: an empty import threw the game in progress away.
    #[test]
    fn an_empty_or_unchanged_import_does_nothing_and_a_replacing_one_says_what_it_loses() {
        let mut table = Table::default();
        for name in ["f5", "d6", "c3"] {
            table.play(sq(name), 0).unwrap();
        }
        let variant = Variant::default();
        assert_eq!(read_import("", &table.game, variant), Import::Empty);
        assert_eq!(read_import(" \n\t", &table.game, variant), Import::Empty);
        assert_eq!(read_import("f5d6c3", &table.game, variant), Import::Unchanged);
        assert!(
            matches!(read_import("f5 q", &table.game, variant), Import::Unreadable(why) if why == "move 2: 'q' is not a square")
        );
        match read_import("f5d6", &table.game, variant) {
            Import::Replaces { game, loses } => assert_eq!((game.history().moves().len(), loses), (2, 3)),
            other => panic!("{other:?}"),
        }
        table.undo(&HUMAN_VS_COMPUTER, false);
        assert!(matches!(read_import("f5d6c3", &table.game, variant), Import::Replaces { .. }), "another point in it");
        assert!(matches!(read_import("f5", &Game::default(), variant), Import::Replaces { loses: 0, .. }));
    }

    #[test]
    fn online_the_peer_plays_its_colour_and_every_action_goes_out_as_a_message() {
        let mut table = Table::online(Game::default(), Session::host(Color::White, 1, None));
        assert_eq!(table.human_to_move(&TWO_HUMANS), None, "Black is the peer's");
        assert_eq!(table.computer_to_move(&TWO_COMPUTERS), None, "no computer online");
        assert_eq!(table.play(sq("f5"), 0).unwrap_err().reason, Reason::NotYourTurn);
        let f5 = Message::Move { ply: 0, square: sq("f5") as u32, clock_ms: None };
        assert_eq!(table.receive(&f5.to_text(), 0), Ok(Event::Moved(37)));
        assert_eq!(table.human_to_move(&TWO_HUMANS), Some(Color::White));
        table.play(sq("d6"), 0).unwrap();
        assert_eq!(table.outbox, vec![Message::Move { ply: 1, square: sq("d6") as u32, clock_ms: None }]);
        assert!(
            !table.undo(&TWO_HUMANS, false) && !table.allows(&TWO_HUMANS, false, Action::Undo),
            "take-backs are asked"
        );
        assert_eq!(table.offer_draw(&HUMAN_VS_COMPUTER), Ok(DrawOffer::PeerDecides));
        assert!(!table.human_answers_draw(&TWO_HUMANS), "only the peer answers this side's offer");
        assert_eq!(table.receive(&Message::DrawDecline.to_text(), 0), Ok(Event::DrawDeclined));
        assert_eq!(table.resign(&TWO_HUMANS), Ok(Color::White));
        assert_eq!(table.outbox.last(), Some(&Message::Resign));
        let saved = game::save(&table);
        let restored: Table = game::load(&saved).unwrap();
        assert_eq!(restored.online, table.online, "the seat is saved with the game");
    }

    #[test]
    fn analysis_is_off_during_an_online_game_and_back_when_it_ends() {
        assert!(Table::default().analysis_allowed(), "against the computer");
        let mut table = Table::online(Game::default(), Session::host(Color::Black, 1, None));
        assert!(!table.analysis_allowed(), "play is play");
        table.play(sq("f5"), 0).unwrap();
        assert!(!table.analysis_allowed());
        table.resign(&TWO_HUMANS).unwrap();
        assert!(table.analysis_allowed(), "the finished game may be reviewed");
    }

    #[test]
    fn online_clocks_run_while_connected_end_the_game_on_time_and_are_saved() {
        let clock = Clock::with_minutes(1);
        let mut table = Table::online(Game::default(), Session::host(Color::Black, 1, clock));
        assert!(!table.tick_clock(0, true));
        table.play(sq("f5"), 20_000).unwrap();
        assert_eq!(table.outbox.pop(), Some(Message::Move { ply: 0, square: 37, clock_ms: Some(40_000) }));
        assert!(!table.tick_clock(30_000, false), "stopped while the connection is lost");
        let saved = game::save(&table);
        let mut restored: Table = game::load(&saved).unwrap();
        let left = |t: &Table, side| t.online.as_ref().and_then(|s| s.clock).map(|c| c.left(side, 0));
        assert_eq!((left(&restored, Color::Black), left(&restored, Color::White)), (Some(40_000), Some(50_000)));
        assert!(!restored.tick_clock(100_000, true));
        assert!(restored.tick_clock(150_000, true), "White's minute is up");
        assert_eq!(restored.outbox, vec![Message::TimeOut { ply: 1 }]);
        assert_eq!(describe_position(&restored.game), "Game over: Black wins on time 64–0.");
        let reloaded: Table = game::load(&game::save(&restored)).unwrap();
        assert_eq!(reloaded.game.result(), restored.game.result(), "the result is kept");
    }

    /// Plays the first legal move (in square order) until the game is over, on every board size.
    fn first_move_games() -> impl Iterator<Item = Game> {
        BoardSize::ALL.into_iter().map(|size| {
            let mut game = Game::new(Variant { size, ..Variant::default() });
            while let Some(square) = game::squares_of(game.legal_moves()).next() {
                game.play(square).unwrap();
            }
            game
        })
    }

    #[test]
    fn the_live_region_names_the_move_the_pass_and_the_result() {
        let mut table = Table::default();
        table.play(sq("f5"), 0).unwrap();
        assert_eq!(describe_last_move(&table.game, Coordinates::Standard), "Black f5. White to move.");
        assert_eq!(describe_last_move(&table.game, Coordinates::Reversy), "Black f4. White to move.");
        let finished: Vec<Game> = first_move_games().collect();
        for game in &finished {
            let text = describe_last_move(game, Coordinates::Standard);
            assert!(text.contains("Game over: "), "{text}");
        }
        // Find a forced pass in one of these games and check that it is announced.
        let mut announced_pass = false;
        for mut game in finished {
            while game.undo() {
                if let Some(passer) = game.passed() {
                    let text = describe_last_move(&game, Coordinates::Standard);
                    assert!(text.contains(&format!("{passer} has no move and must pass.")), "{text}");
                    announced_pass = true;
                }
            }
        }
        assert!(announced_pass, "the first-move games contain a forced pass");
    }
}
