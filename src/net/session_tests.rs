//! Two sessions talking to each other through their messages, and one talking to a hostile peer.

use super::*;
use crate::engine::rng::Rng;
use crate::fuzzing::mutate;
use crate::game::{squares_of, EndReason};

/// Both sides of a game: each with its own seat and its own copy of the game.
struct Pair {
    host: (Session, Game),
    guest: (Session, Game),
}

impl Pair {
    fn connect(host_plays: Color) -> Pair {
        let host = Session::host(host_plays, 7);
        let game = Game::default();
        let (guest, guest_game) = Session::join(&host.hello(&game).to_text()).unwrap();
        let mut pair = Pair { host: (host, game), guest: (guest, guest_game) };
        let hello = pair.guest.0.hello(&pair.guest.1).to_text();
        assert_eq!(
            pair.host.0.receive(&mut pair.host.1, &hello),
            Ok(Event::Greeted { new_game: false, replaced: false })
        );
        pair
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
        let (me, them) = self.side(color);
        let message = act(&mut me.0, &mut me.1).expect("the action applies");
        them.0.receive(&mut them.1, &message.to_text()).unwrap()
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
    let variant = Variant { size: crate::game::BoardSize::Six, ..Variant::default() };
    let host = Session::host(Color::White, 99);
    let (guest, game) = Session::join(&host.hello(&Game::new(variant)).to_text()).unwrap();
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
    assert_eq!(pair.send(Color::Black, |s, g| s.play(g, square).ok()), Event::Moved(square));
    let square = first_legal(&pair.guest.1);
    pair.send(Color::White, |s, g| s.play(g, square).ok());
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
        pair.send(side, |s, g| s.play(g, square).ok());
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
        pair.send(side, |s, g| s.play(g, square).ok());
    }
    // White's move is lost with the connection: only White has it.
    let square = first_legal(&pair.guest.1);
    pair.guest.0.play(&mut pair.guest.1, square).unwrap();
    let guest_hello = pair.guest.0.hello(&pair.guest.1).to_text();
    let host_hello = pair.host.0.hello(&pair.host.1).to_text();
    assert_eq!(
        pair.host.0.receive(&mut pair.host.1, &guest_hello),
        Ok(Event::Greeted { new_game: false, replaced: false })
    );
    assert_eq!(
        pair.guest.0.receive(&mut pair.guest.1, &host_hello),
        Ok(Event::Greeted { new_game: false, replaced: false })
    );
    pair.agree();
    assert_eq!(pair.host.1.history().cursor(), 4);
    // Move lists that differ: the guest follows the host.
    let square = first_legal(&pair.host.1);
    pair.host.0.play(&mut pair.host.1, square).unwrap();
    let other = squares_of(pair.guest.1.legal_moves()).last().unwrap();
    assert_ne!(other, square);
    pair.guest.1.play(other).unwrap();
    let host_hello = pair.host.0.hello(&pair.host.1).to_text();
    assert_eq!(
        pair.guest.0.receive(&mut pair.guest.1, &host_hello),
        Ok(Event::Greeted { new_game: false, replaced: true })
    );
    pair.agree();
}

#[test]
fn hostile_messages_are_refused_and_change_nothing() {
    let mut pair = Pair::connect(Color::Black);
    let square = first_legal(&pair.host.1);
    pair.send(Color::Black, |s, g| s.play(g, square).ok());
    let (host, game) = &mut pair.host;
    let before = (host.clone(), game.clone());
    let white_move = first_legal(&pair.guest.1);
    // A guest's hello that resumes the game with White's move and then one for Black (the host) as well.
    let mut forged = game.clone();
    forged.play(white_move).unwrap();
    forged.play(first_legal(&forged)).unwrap();
    let hostile = [
        pair.guest.0.hello(&forged).to_text(),
        Message::Move { ply: 1, square: 0 }.to_text(),
        Message::Move { ply: 0, square: white_move as u32 }.to_text(),
        Message::Move { ply: 5, square: white_move as u32 }.to_text(),
        Message::Move { ply: 1, square: 64 }.to_text(),
        Message::Move { ply: 1, square: u32::MAX }.to_text(),
        Message::UndoRequest { ply: 0 }.to_text(),
        Message::UndoRequest { ply: 9 }.to_text(),
        Message::UndoAccept.to_text(),
        Message::DrawAccept.to_text(),
        Message::DrawDecline.to_text(),
        Message::Rematch { game_id: 1 }.to_text(),
        Message::RematchAccept { game_id: 1 }.to_text(),
        Session::host(Color::White, 7).hello(game).to_text(),
        r#"{"type":"move","ply":1}"#.into(),
        r#"{"type":"move","ply":1,"square":"d3"}"#.into(),
        r#"{"type":"castle"}"#.into(),
        "\u{0}\u{1}garbage".into(),
        "x".repeat(1 << 20),
    ];
    for text in &hostile {
        let refusal = host.receive(game, text).unwrap_err();
        assert!(!refusal.0.is_empty());
        assert_eq!((&*host, &*game), (&before.0, &before.1), "{text:.60} changed the game");
    }
    assert_eq!(
        host.receive(game, &Message::Move { ply: 1, square: white_move as u32 }.to_text()),
        Ok(Event::Moved(white_move))
    );
}

#[test]
fn a_hundred_thousand_mutated_messages_never_panic_or_break_the_rules() {
    let mut pair = Pair::connect(Color::White);
    let mut rng = Rng::new(5);
    let samples: Vec<String> = vec![
        pair.guest.0.hello(&pair.guest.1).to_text(),
        Message::Move { ply: 0, square: 19 }.to_text(),
        Message::UndoRequest { ply: 0 }.to_text(),
        Message::DrawOffer.to_text(),
        Message::DrawAccept.to_text(),
        Message::Resign.to_text(),
        Message::Rematch { game_id: 3 }.to_text(),
        Message::KeepAlive.to_text(),
    ];
    let alphabet: Vec<char> = "{}[]\":,0123456789abcdefghijklmnopqrstuvwxyz_-é \\".chars().collect();
    let (host, game) = &mut pair.host;
    for round in 0..100_000 {
        let text = mutate(&samples[round % samples.len()], &alphabet, 0..=3, &mut rng);
        let before = game.clone();
        match host.receive(game, &text) {
            Ok(_) => {
                // Whatever was accepted left a game the rules can replay.
                let replayed = read_link(&write_link(game)).unwrap();
                assert_eq!(replayed.history().played(), game.history().played());
            }
            Err(_) => assert_eq!(*game, before, "a refused message changed the game: {text}"),
        }
        if game.is_over() || round % 500 == 0 {
            *game = Game::default();
            host.undo_request = None;
            host.rematch_offer = None;
            host.me = Color::White;
            host.game_id = 7;
        }
    }
}
