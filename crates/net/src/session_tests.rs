//! Two sessions talking to each other through their messages, and one talking to a hostile peer.

use super::*;
use engine::rng::Rng;
use game::{squares_of, EndReason};
use testkit::text_mutations::{mutate, random_text};

/// Both sides of a game: each with its own seat and its own copy of the game.
struct Pair {
    host: (Session, Game),
    guest: (Session, Game),
    /// The time both sides read (one clock: the messages arrive at once unless a test says otherwise).
    now: u64,
}

impl Pair {
    fn connect(host_plays: Color) -> Pair {
        Pair::connect_with(host_plays, None)
    }

    fn connect_with(host_plays: Color, clock: Option<Clock>) -> Pair {
        let host = Session::host(host_plays, 7, clock);
        let game = Game::default();
        let (guest, guest_game) = Session::join(&host.hello(&game, 0).to_text()).unwrap();
        let mut pair = Pair { host: (host, game), guest: (guest, guest_game), now: 0 };
        let hello = pair.guest.0.hello(&pair.guest.1, 0).to_text();
        assert_eq!(pair.host.0.receive(&mut pair.host.1, &hello, 0), Ok(Event::Greeted { new_game: false }));
        pair
    }

    /// Both sides' clocks follow their games while connected.
    fn tick(&mut self) -> (Option<Message>, Option<Message>) {
        let now = self.now;
        (self.host.0.tick(&mut self.host.1, now, true), self.guest.0.tick(&mut self.guest.1, now, true))
    }

    fn side(&mut self, color: Color) -> (&mut (Session, Game), &mut (Session, Game)) {
        if self.host.0.me == color {
            (&mut self.host, &mut self.guest)
        } else {
            (&mut self.guest, &mut self.host)
        }
    }

    /// `color` acts; its message goes to the other side, whose event is returned.
    fn send(&mut self, color: Color, act: impl FnOnce(&mut Session, &mut Game) -> Option<Message>) -> Event {
        let now = self.now;
        let (me, them) = self.side(color);
        let message = act(&mut me.0, &mut me.1).expect("the action applies");
        them.0.receive(&mut them.1, &message.to_text(), now).unwrap()
    }

    fn agree(&self) {
        assert_eq!(self.host.1, self.guest.1);
    }
}

fn first_legal(game: &Game) -> usize {
    squares_of(game.legal_moves()).next().unwrap()
}

#[test]
fn the_guest_takes_variant_and_colour_from_the_hosts_hello() {
    let variant = Variant { size: game::BoardSize::Six, ..Variant::default() };
    let host = Session::host(Color::White, 99, None);
    let (guest, game) = Session::join(&host.hello(&Game::new(variant), 0).to_text()).unwrap();
    assert_eq!((guest.me, guest.host, guest.game_id), (Color::Black, false, 99));
    assert_eq!(game, Game::new(variant));
    assert!(Session::join(&Message::KeepAlive.to_text()).is_err());
    assert!(Session::join("{").is_err());
}

#[test]
fn a_whole_game_with_a_pass_offers_take_back_resignation_and_rematch() {
    let mut pair = Pair::connect(Color::Black);
    // A draw offer declined, then a take-back: White asks after its move and Black agrees.
    let square = first_legal(&pair.host.1);
    assert_eq!(pair.send(Color::Black, |s, g| s.play(g, square, 0).ok()), Event::Moved(square));
    let square = first_legal(&pair.guest.1);
    pair.send(Color::White, |s, g| s.play(g, square, 0).ok());
    assert_eq!(pair.send(Color::White, |s, g| s.offer_draw(g)), Event::DrawOffered);
    assert!(!pair.host.0.my_turn(&pair.host.1), "no move while an offer waits");
    assert_eq!(pair.send(Color::Black, |s, g| s.answer_draw(g, false)), Event::DrawDeclined);
    assert_eq!(pair.send(Color::White, |s, g| s.request_undo(g)), Event::UndoRequested);
    assert_eq!(pair.send(Color::Black, |s, g| s.answer_undo(g, true)), Event::UndoAccepted);
    assert_eq!(pair.host.1.history().cursor(), 1, "back to White to move");
    pair.agree();
    // Then first legal moves to the end, which on 8×8 passes once (see game_tests).
    while let Some(side) = pair.host.1.side_to_move() {
        let square = first_legal(&pair.host.1);
        let (me, _) = pair.side(side);
        assert!(me.0.my_turn(&me.1));
        pair.send(side, |s, g| s.play(g, square, 0).ok());
        pair.agree();
    }
    assert!(pair.host.1.history().moves().contains(&Move::Pass), "the line has a forced pass");
    // A rematch swaps colours; the new game ends by an accepted draw, the next by resignation.
    assert_eq!(pair.send(Color::Black, |s, g| s.offer_rematch(g, 8)), Event::RematchOffered);
    assert_eq!(pair.send(Color::White, |s, g| s.accept_rematch(g)), Event::RematchStarted);
    assert_eq!((pair.host.0.me, pair.guest.0.me, pair.guest.0.game_id), (Color::White, Color::Black, 8));
    pair.agree();
    pair.send(Color::Black, |s, g| s.offer_draw(g));
    assert_eq!(pair.send(Color::White, |s, g| s.answer_draw(g, true)), Event::DrawAccepted);
    assert_eq!(pair.guest.1.result().unwrap().reason, EndReason::AgreedDraw);
    pair.send(Color::Black, |s, g| s.offer_rematch(g, 9));
    pair.send(Color::White, |s, g| s.accept_rematch(g));
    assert_eq!(pair.send(Color::Black, |s, g| s.resign(g)), Event::Resigned);
    assert_eq!(pair.guest.1.result().unwrap().reason, EndReason::Resigned(Color::Black));
    pair.agree();
}

#[test]
fn a_reconnection_continues_from_the_longer_agreeing_move_list() {
    let mut pair = Pair::connect(Color::Black);
    for _ in 0..3 {
        let side = pair.host.1.to_move();
        let square = first_legal(&pair.host.1);
        pair.send(side, |s, g| s.play(g, square, 0).ok());
    }
    // White's move is lost with the connection: only White has it.
    let square = first_legal(&pair.guest.1);
    pair.guest.0.play(&mut pair.guest.1, square, 0).unwrap();
    let guest_hello = pair.guest.0.hello(&pair.guest.1, 0).to_text();
    let host_hello = pair.host.0.hello(&pair.host.1, 0).to_text();
    assert_eq!(pair.host.0.receive(&mut pair.host.1, &guest_hello, 0), Ok(Event::Greeted { new_game: false }));
    assert_eq!(pair.guest.0.receive(&mut pair.guest.1, &host_hello, 0), Ok(Event::Greeted { new_game: false }));
    pair.agree();
    assert_eq!(pair.host.1.history().cursor(), 4);
}

/// Issue 30, fault 4: a hello with another move list, or with a new id, replaced the guest's game mid-game (its own
/// moves included). Neither side's game is rewritten: both refuse and keep theirs.
#[test]
fn a_hello_never_rewrites_a_game_under_way() {
    let mut pair = Pair::connect(Color::Black);
    for _ in 0..4 {
        let side = pair.host.1.to_move();
        let square = first_legal(&pair.host.1);
        pair.send(side, |s, g| s.play(g, square, 0).ok());
    }
    let kept = pair.guest.1.clone();
    let mut other = Game::default();
    for _ in 0..4 {
        other.play(squares_of(other.legal_moves()).last().unwrap()).unwrap();
    }
    assert_ne!(other.history().played()[0], kept.history().played()[0]);
    for (host_game, game_id) in [(&other, 7), (&other, 8), (&Game::default(), 8)] {
        let hello = pair.host.0.hello(host_game, 0);
        let Message::Hello { protocol, app, host, variant, plays, moves, clock, .. } = hello else { unreachable!() };
        let hello = Message::Hello { protocol, app, host, game_id, variant, plays, moves, clock }.to_text();
        let refusal = pair.guest.0.receive(&mut pair.guest.1, &hello, 0).unwrap_err().to_string();
        let expected = if game_id == 7 { "differs from this one at move 1" } else { "is still on: it is kept" };
        assert!(refusal.contains(expected), "{refusal}");
        assert_eq!((&pair.guest.1, pair.guest.0.game_id), (&kept, 7), "the guest's game is kept");
        // The host, handed the guest's own hello for a game of another id, refuses in turn.
        let mut host = pair.host.0.clone();
        host.game_id = game_id;
        let mut host_game = host_game.clone();
        let guest_hello = pair.guest.0.hello(&pair.guest.1, 0).to_text();
        assert!(host.receive(&mut host_game, &guest_hello, 0).is_err(), "{game_id}");
    }
    // Once the game is over, a new game from the host is taken.
    pair.send(Color::Black, |s, g| s.resign(g));
    let new_hello = Session::host(Color::White, 9, None).hello(&Game::default(), 0).to_text();
    assert_eq!(pair.guest.0.receive(&mut pair.guest.1, &new_hello, 0), Ok(Event::Greeted { new_game: true }));
    assert_eq!((pair.guest.0.me, pair.guest.1.history().played().len()), (Color::Black, 0));
}

fn left(side: &(Session, Game), color: Color, now: u64) -> u64 {
    side.0.clock.unwrap().left(color, now)
}

#[test]
fn clocks_travel_in_the_hello_and_the_moves_and_both_sides_agree_on_a_loss_on_time() {
    let mut pair = Pair::connect_with(Color::Black, Clock::with_minutes(1));
    assert_eq!(pair.guest.0.clock, Clock::with_minutes(1), "the guest takes the host's clocks");
    assert_eq!(pair.tick(), (None, None));
    // Black thinks 10 s; the move takes 300 ms to arrive, so the guest counts 300 ms more than Black reports.
    pair.now = 10_000;
    let square = first_legal(&pair.host.1);
    let message = pair.host.0.play(&mut pair.host.1, square, 10_000).unwrap();
    assert_eq!(message, Message::Move { ply: 0, square: square as u32, clock_ms: Some(50_000) });
    pair.guest.0.receive(&mut pair.guest.1, &message.to_text(), 10_300).unwrap();
    assert_eq!((left(&pair.host, Color::Black, 10_300), left(&pair.guest, Color::Black, 10_300)), (50_000, 50_000));
    // White thinks 20 s: both take White's report; its move, too, takes 300 ms.
    let square = first_legal(&pair.guest.1);
    let message = pair.guest.0.play(&mut pair.guest.1, square, 30_300).unwrap();
    assert_eq!(pair.host.0.receive(&mut pair.host.1, &message.to_text(), 30_600), Ok(Event::Moved(square)));
    assert_eq!(left(&pair.host, Color::White, 30_600), 40_000);
    pair.agree();
    // Black runs out at 80.3 s on the guest's count: the guest claims, and Black (at 0.3 s left) agrees.
    pair.now = 80_299;
    assert_eq!(pair.tick(), (None, None));
    pair.now = 80_300;
    let (None, Some(claim)) = pair.tick() else { panic!("the guest's count of Black's time ran out first") };
    assert_eq!(claim, Message::TimeOut { ply: 2 });
    assert_eq!(pair.host.0.receive(&mut pair.host.1, &claim.to_text(), 80_300), Ok(Event::OutOfTime(Color::Black)));
    pair.agree();
    assert_eq!(pair.host.1.result().unwrap().to_string(), "White wins on time 64–0");
    // Black's own count runs out too, but the game is over: nothing more is said.
    pair.now = 90_000;
    assert_eq!(pair.tick(), (None, None));
    let late = Message::TimeOut { ply: 2 }.to_text();
    assert_eq!(pair.guest.0.receive(&mut pair.guest.1, &late, 90_000), Ok(Event::AlreadyOutOfTime));
    // A rematch starts with full clocks.
    pair.send(Color::Black, |s, g| s.offer_rematch(g, 8));
    pair.send(Color::White, |s, g| s.accept_rematch(g));
    assert_eq!((pair.host.0.clock, pair.guest.0.clock), (Clock::with_minutes(1), Clock::with_minutes(1)));
}

#[test]
fn a_move_that_crosses_a_time_claim_is_taken_back_and_the_claim_stands() {
    let mut pair = Pair::connect_with(Color::White, Clock::with_minutes(1));
    pair.tick();
    // Black (the guest) moves with 1 s left as it counts; the host counted 2 s more and claims meanwhile.
    let square = first_legal(&pair.guest.1);
    let late_move = pair.guest.0.play(&mut pair.guest.1, square, 59_000).unwrap();
    pair.now = 60_000;
    let (Some(claim), None) = pair.tick() else { panic!("the host claims") };
    assert_eq!(
        pair.host.0.receive(&mut pair.host.1, &late_move.to_text(), 61_000),
        Ok(Event::AlreadyOutOfTime),
        "the claim came first here"
    );
    assert_eq!(pair.guest.0.receive(&mut pair.guest.1, &claim.to_text(), 61_000), Ok(Event::OutOfTime(Color::Black)));
    assert_eq!(pair.guest.1.history().played(), pair.host.1.history().played(), "the crossed move is taken back");
    assert_eq!(pair.guest.1.result(), pair.host.1.result());
}

#[test]
fn a_reconnection_agrees_on_the_lower_time_of_each_side() {
    let mut pair = Pair::connect_with(Color::Black, Clock::with_minutes(3));
    pair.tick();
    pair.now = 5_000;
    let square = first_legal(&pair.host.1);
    pair.send(Color::Black, |s, g| s.play(g, square, 5_000).ok());
    // White thinks; the host loses the connection at 15 s, the guest only notices at 25 s.
    pair.host.0.tick(&mut pair.host.1, 15_000, false);
    pair.guest.0.tick(&mut pair.guest.1, 25_000, false);
    // The guest reloads: its save lost the running turn, so it has White's full time; the host's count is lower.
    let saved = game::save(&pair.guest.0);
    let reloaded: Session = game::load(&saved).unwrap();
    assert_eq!(reloaded.clock.unwrap().left(Color::White, 0), 160_000, "stopped counts are saved");
    let host_hello = pair.host.0.hello(&pair.host.1, 90_000).to_text();
    let guest_hello = pair.guest.0.hello(&pair.guest.1, 90_000).to_text();
    pair.host.0.receive(&mut pair.host.1, &guest_hello, 90_000).unwrap();
    pair.guest.0.receive(&mut pair.guest.1, &host_hello, 90_000).unwrap();
    assert_eq!(pair.host.0.clock, pair.guest.0.clock);
    assert_eq!(left(&pair.host, Color::White, 90_000), 160_000, "the guest's lower count");
    assert_eq!(left(&pair.host, Color::Black, 90_000), 175_000);
}

#[test]
fn hostile_clock_messages_are_refused_and_change_nothing() {
    let mut pair = Pair::connect_with(Color::Black, Clock::with_minutes(1));
    pair.tick();
    let (host, game) = &mut pair.host;
    let square = first_legal(game);
    host.play(game, square, 10_000).unwrap();
    let before = (host.clone(), game.clone());
    let white = first_legal(game) as u32;
    let guest_with = |clock| Session { clock, ..pair.guest.0.clone() }.hello(game, 0).to_text();
    let (other_limit, no_clock) = (guest_with(Clock::with_minutes(5)), guest_with(None));
    let hostile = [
        (Message::Move { ply: 1, square: white, clock_ms: None }.to_text(), "without their time"),
        (Message::Move { ply: 1, square: white, clock_ms: Some(60_001) }.to_text(), "more than the 1:00"),
        (Message::Move { ply: 1, square: white, clock_ms: Some(59_000) }.to_text(), "where this side counts 0:50"),
        (Message::Move { ply: 1, square: white, clock_ms: Some(0) }.to_text(), "after their time ran out"),
        (Message::TimeOut { ply: 0 }.to_text(), "your time ran out, with 0:50 left here"),
        (Message::TimeOut { ply: 9 }.to_text(), "does not fit"),
        (other_limit, "different time limits"),
        (no_clock, "has no"),
    ];
    for (text, why) in &hostile {
        let refusal = host.receive(game, text, 20_000).unwrap_err();
        assert!(refusal.0.contains(why), "{text:.60}: {refusal}");
        assert_eq!((&*host, &*game), (&before.0, &before.1), "{text:.60} changed the game");
    }
    // White concedes: accepted at once (a claim against Black with its 50 s left was not, above).
    let mut conceded = (host.clone(), game.clone());
    let concession = Message::TimeOut { ply: 1 }.to_text();
    assert_eq!(conceded.0.receive(&mut conceded.1, &concession, 20_000), Ok(Event::OutOfTime(Color::White)));
    let untimed = Pair::connect(Color::White);
    let (mut host, mut game) = untimed.host;
    let timed_move = Message::Move { ply: 0, square: 19, clock_ms: Some(1_000) }.to_text();
    assert!(host.receive(&mut game, &timed_move, 0).unwrap_err().0.contains("without clocks"));
    assert!(host
        .receive(&mut game, &Message::TimeOut { ply: 0 }.to_text(), 0)
        .unwrap_err()
        .0
        .contains("without clocks"));
}

#[test]
fn hostile_messages_are_refused_and_change_nothing() {
    let mut pair = Pair::connect(Color::Black);
    let square = first_legal(&pair.host.1);
    pair.send(Color::Black, |s, g| s.play(g, square, 0).ok());
    let (host, game) = &mut pair.host;
    let before = (host.clone(), game.clone());
    let white_move = first_legal(&pair.guest.1);
    // A guest's hello that resumes the game with White's move and then one for Black (the host) as well.
    let mut forged = game.clone();
    forged.play(white_move).unwrap();
    forged.play(first_legal(&forged)).unwrap();
    let hostile = [
        pair.guest.0.hello(&forged, 0).to_text(),
        Message::Move { ply: 1, square: 0, clock_ms: None }.to_text(),
        Message::Move { ply: 0, square: white_move as u32, clock_ms: None }.to_text(),
        Message::Move { ply: 5, square: white_move as u32, clock_ms: None }.to_text(),
        Message::Move { ply: 1, square: 64, clock_ms: None }.to_text(),
        Message::Move { ply: 1, square: u32::MAX, clock_ms: None }.to_text(),
        Message::UndoRequest { ply: 0 }.to_text(),
        Message::UndoRequest { ply: 9 }.to_text(),
        Message::UndoAccept.to_text(),
        Message::DrawAccept.to_text(),
        Message::DrawDecline.to_text(),
        Message::Rematch { game_id: 1 }.to_text(),
        Message::RematchAccept { game_id: 1 }.to_text(),
        Session::host(Color::White, 7, None).hello(game, 0).to_text(),
        r#"{"type":"move","ply":1}"#.into(),
        r#"{"type":"move","ply":1,"square":"d3"}"#.into(),
        r#"{"type":"castle"}"#.into(),
        "\u{0}\u{1}garbage".into(),
        "x".repeat(1 << 20),
    ];
    for text in &hostile {
        let refusal = host.receive(game, text, 0).unwrap_err();
        assert!(!refusal.0.is_empty());
        assert_eq!((&*host, &*game), (&before.0, &before.1), "{text:.60} changed the game");
    }
    assert_eq!(
        host.receive(game, &Message::Move { ply: 1, square: white_move as u32, clock_ms: None }.to_text(), 0),
        Ok(Event::Moved(white_move))
    );
}

#[test]
fn a_hundred_thousand_random_and_mutated_messages_never_panic_or_break_the_rules() {
    // Half against a game without clocks, half with (whose moves carry times and may claim a time-out).
    for clock in [None, Clock::with_minutes(3)] {
        let mut pair = Pair::connect_with(Color::White, clock);
        pair.tick();
        let mut rng = Rng::new(5);
        let clock_ms = clock.map(|_| 170_000);
        let samples: Vec<String> = vec![
            pair.guest.0.hello(&pair.guest.1, 0).to_text(),
            Message::Move { ply: 0, square: 19, clock_ms }.to_text(),
            Message::UndoRequest { ply: 0 }.to_text(),
            Message::DrawOffer.to_text(),
            Message::DrawAccept.to_text(),
            Message::Resign.to_text(),
            Message::Rematch { game_id: 3 }.to_text(),
            Message::TimeOut { ply: 0 }.to_text(),
            Message::KeepAlive.to_text(),
        ];
        let alphabet: Vec<char> = "{}[]\":,0123456789abcdefghijklmnopqrstuvwxyz_-é \\".chars().collect();
        let (host, game) = &mut pair.host;
        for round in 0..50_000u64 {
            // One round in ten starts from random text instead of a message.
            let base = match round % 10 {
                0 => random_text(&alphabet, 200, &mut rng),
                _ => samples[round as usize % samples.len()].clone(),
            };
            let text = mutate(&base, &alphabet, 0..=3, &mut rng);
            let before = (host.clone(), game.clone());
            match host.receive(game, &text, round * 10) {
                Ok(_) => {
                    // Whatever was accepted left a game the rules can replay, and clocks within their limit.
                    let replayed = read_link(&write_link(game)).unwrap();
                    assert_eq!(replayed.history().played(), game.history().played());
                    if let Some(clock) = host.clock {
                        assert!(
                            clock.left(Color::Black, 0).max(clock.left(Color::White, 0)) <= clock.minutes() * 60_000
                        );
                    }
                }
                Err(_) => {
                    assert_eq!((&*host, &*game), (&before.0, &before.1), "a refused message changed the game: {text}")
                }
            }
            if game.is_over() || round % 500 == 0 {
                *game = Game::default();
                host.undo_request = None;
                host.rematch_offer = None;
                host.me = Color::White;
                host.game_id = 7;
                host.clock = clock;
                host.tick(game, round * 10, true);
            }
        }
    }
}
