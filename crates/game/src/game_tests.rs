//! Unit tests of `Game`: moves, passes, history navigation, endings.

use super::*;

fn sq(name: &str) -> usize {
    parse_square(name, 8).unwrap()
}

fn play_all(game: &mut Game, moves: &str) {
    for pair in moves.as_bytes().chunks(2) {
        let name = std::str::from_utf8(pair).unwrap();
        game.play(parse_square(name, game.variant().size.n()).unwrap()).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The first game (in a fixed pseudo-random sequence of games) whose history holds a forced pass.
fn game_with_a_pass() -> Game {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    loop {
        let mut game = Game::default();
        while !game.is_over() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let moves: Vec<usize> = squares_of(game.legal_moves()).collect();
            game.play(moves[seed as usize % moves.len()]).unwrap();
        }
        if game.history().moves().contains(&Move::Pass) {
            return game;
        }
    }
}

#[test]
fn a_move_flips_and_hands_the_turn_over() {
    let mut game = Game::default();
    assert_eq!(game.side_to_move(), Some(Color::Black));
    assert_eq!(game.flips(sq("f5")), 1 << sq("e5"));
    game.play(sq("f5")).unwrap();
    assert_eq!(game.counts(), (4, 1));
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.last_move(), Some(Move::Play(sq("f5"))));
    assert_eq!(game.last_flips(), vec![sq("e5")]);
    assert_eq!(game.position().cell(4, 4), Some(Color::Black));
}

#[test]
fn illegal_moves_say_why() {
    let mut game = Game::default();
    assert_eq!(game.play(sq("d4")).unwrap_err().to_string(), "d4: square is occupied");
    assert_eq!(game.play(sq("a1")).unwrap_err().to_string(), "a1: no discs to flip");
    assert_eq!(game.play(64).unwrap_err().to_string(), "square 64: not a square of this board");
    assert_eq!(game.play(500).unwrap_err().reason, Reason::NotOnBoard);
    assert_eq!(game.counts(), (2, 2), "a refused move changes nothing");
    assert!(game.history().moves().is_empty());

    let mut empty = Game::new(Variant { opening: Opening::EmptyCentre, ..Variant::default() });
    assert_eq!(empty.play(sq("c3")).unwrap_err().to_string(), "c3: the first four discs go on the centre squares");
}

fn discs(names: &str) -> u128 {
    names.split_whitespace().map(|name| 1u128 << sq(name)).sum()
}

#[test]
fn flips_of_the_last_move_come_nearest_first() {
    let centre = discs("d4 e4 d5 e5");
    let start = Position::from_discs(BoardSize::Eight, discs("a1") | centre, discs("b1 c1"), Color::Black);
    let mut game = Game::from_position(start);
    game.play(sq("d1")).unwrap();
    assert_eq!(game.last_flips(), vec![sq("c1"), sq("b1")]);
    assert_eq!(game.last_placed(), Some(sq("d1")));

    // Every reply in a real game: as many flips as the preview showed, never farther before nearer.
    let mut game = Game::default();
    play_all(&mut game, "f5f6e6f4");
    for square in squares_of(game.legal_moves()) {
        let mut copy = game.clone();
        copy.play(square).unwrap();
        let distance = |s: usize| (s % 8).abs_diff(square % 8).max((s / 8).abs_diff(square / 8));
        let flips = copy.last_flips();
        assert_eq!(flips.iter().map(|&s| 1u128 << s).sum::<u128>(), game.flips(square));
        assert!(flips.windows(2).all(|w| distance(w[0]) <= distance(w[1])), "{flips:?} from {square}");
    }
}

#[test]
fn undo_redo_and_a_new_move_drops_the_redo_tail() {
    let mut game = Game::default();
    assert!(!game.can_undo());
    play_all(&mut game, "f5d6c3");
    let after_three = game.clone();
    assert!(game.undo());
    assert_eq!(game.counts(), (3, 3));
    assert_eq!(game.to_move(), Color::Black);
    assert!(game.can_redo());
    assert!(game.redo());
    assert_eq!(game, after_three);
    assert!(!game.redo());
    assert!(game.undo_all());
    assert_eq!(game.position(), game.start_position());
    assert!(game.redo_all());
    assert_eq!(game, after_three);
    game.undo();
    game.undo();
    game.play(sq("f6")).unwrap();
    assert_eq!(game.history().moves(), &[Move::Play(sq("f5")), Move::Play(sq("f6"))]);
    assert!(!game.can_redo());
}

#[test]
fn go_to_reaches_any_point() {
    let mut game = Game::default();
    play_all(&mut game, "f5d6c3d3c4");
    assert!(game.go_to(2));
    assert_eq!(game.history().cursor(), 2);
    assert_eq!(game.last_move(), Some(Move::Play(sq("d6"))));
    assert!(!game.go_to(2));
    assert!(game.go_to(99));
    assert_eq!(game.history().cursor(), 5);
}

#[test]
fn passes_are_automatic_and_stepped_over() {
    let mut game = game_with_a_pass();
    let moves = game.history().moves().to_vec();
    let pass = moves.iter().position(|&mv| mv == Move::Pass).unwrap();
    // The pass is recorded right after the move that left the opponent without a move.
    assert!(game.history().position_at(pass).unwrap().must_pass());
    let passer = game.history().position_at(pass).unwrap().to_move();
    game.go_to(pass + 1);
    assert_eq!(game.passed(), Some(passer));
    assert_eq!(game.last_placed(), moves[pass - 1].square());
    // Jumping onto the forced pass lands just past it.
    game.go_to(pass);
    assert_eq!(game.history().cursor(), pass + 1);
    // Undo from past the pass goes back before the move that forced it.
    game.undo();
    assert_eq!(game.history().cursor(), pass - 1);
    game.redo();
    assert_eq!(game.history().cursor(), pass + 1);
    // Walking the whole history never rests on a forced pass.
    game.undo_all();
    while game.redo() {
        assert!(!game.position().must_pass());
    }
    while game.undo() {
        assert!(!game.position().must_pass());
    }
}

#[test]
fn a_finished_game_has_a_result_with_empties_to_the_winner() {
    // One of the shortest games: Black wipes White out in nine moves, 13 discs to none.
    let mut game = Game::default();
    play_all(&mut game, "d3c3b3d2e1d6d7e3f4");
    assert!(game.is_over());
    assert_eq!(game.counts(), (13, 0));
    assert_eq!(game.side_to_move(), None);
    assert_eq!(game.legal_moves(), 0);
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white), (64, 0));
    assert_eq!(result.winner(), Some(Color::Black));
    assert_eq!(result.to_string(), "Black wins 64–0, a wipeout");
    assert_eq!(game.play(sq("a1")).unwrap_err().reason, Reason::GameOver);
}

#[test]
fn resigning_gives_every_square_to_the_winner() {
    for (size, all) in [(BoardSize::Six, 36), (BoardSize::Eight, 64), (BoardSize::Ten, 100)] {
        let mut game = Game::new(Variant { size, ..Variant::default() });
        game.resign(Color::Black).unwrap();
        let result = game.result().unwrap();
        assert_eq!((result.black, result.white), (0, all));
        assert_eq!(result.winner(), Some(Color::White));
        assert_eq!(result.reason, EndReason::Resigned(Color::Black));
        assert_eq!(game.resign(Color::White), Err(Refused::GameOver));
    }
    let mut game = Game::default();
    game.play(sq("f5")).unwrap();
    game.resign(Color::White).unwrap();
    assert_eq!(game.result().unwrap().to_string(), "Black wins by resignation 64–0");
    assert!(game.undo(), "undo withdraws the resignation");
    assert!(!game.is_over());
}

#[test]
fn a_loss_on_time_scores_like_a_resignation_and_is_saved() {
    let mut game = Game::default();
    game.play(sq("f5")).unwrap();
    game.lose_on_time(Color::White).unwrap();
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white, result.reason), (64, 0, EndReason::LostOnTime(Color::White)));
    assert_eq!(result.to_string(), "Black wins on time 64–0");
    assert_eq!(game.lose_on_time(Color::Black), Err(Refused::GameOver));
    let loaded: Game = crate::load(&crate::save(&game)).unwrap();
    assert_eq!(loaded.result(), Some(result), "the ending survives a reload");
    let mut stats = crate::Statistics::default();
    let mut counted = loaded.clone();
    let human = crate::PlayerKind::Human;
    assert!(stats.record(&mut counted, human, human));
    assert_eq!((stats.black_vs_white.wins, stats.black_vs_white.discs), (1, 64), "counted as a win for Black");
}

#[test]
fn draw_offers_are_accepted_or_declined() {
    let mut game = Game::default();
    assert_eq!(game.accept_draw(), Err(Refused::NoDrawOffer));
    game.offer_draw(Color::Black).unwrap();
    assert_eq!(game.offer_draw(Color::White), Err(Refused::DrawAlreadyOffered));
    game.decline_draw().unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.side_to_move(), Some(Color::Black), "the offering side is still to move");
    assert!(!game.is_over());

    game.offer_draw(Color::Black).unwrap();
    game.accept_draw().unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner(), None);
    assert_eq!(result.reason, EndReason::AgreedDraw);
    assert_eq!((result.black, result.white), (2, 2));
    assert_eq!(game.offer_draw(Color::White), Err(Refused::GameOver));
}

#[test]
fn a_move_lets_an_open_draw_offer_lapse() {
    let mut game = Game::default();
    game.offer_draw(Color::White).unwrap();
    game.play(sq("f5")).unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.accept_draw(), Err(Refused::NoDrawOffer));
}

#[test]
fn white_can_move_first_on_every_size() {
    for size in BoardSize::ALL {
        for opening in [Opening::Standard, Opening::EmptyCentre] {
            let mut game = Game::new(Variant { size, opening, first: Color::White });
            assert_eq!(game.to_move(), Color::White);
            let first = squares_of(game.legal_moves()).next().unwrap();
            game.play(first).unwrap();
            assert_eq!(game.position().at(first), Some(Color::White));
            assert_eq!(game.to_move(), Color::Black);
        }
    }
}

#[test]
fn the_empty_centre_opening_fills_the_centre_without_flipping() {
    let mut game = Game::new(Variant { opening: Opening::EmptyCentre, ..Variant::default() });
    play_all(&mut game, "d4e4d5");
    assert_eq!(game.counts(), (2, 1));
    play_all(&mut game, "e5");
    assert_eq!(game.counts(), (2, 2));
    assert_eq!(game.position().cell(3, 3), Some(Color::Black));
    assert_eq!(game.position().cell(4, 4), Some(Color::White));
    // Normal rules from now on: some move flips.
    assert!(squares_of(game.legal_moves()).all(|s| game.flips(s) != 0));
}

#[test]
fn a_start_where_the_first_side_must_pass_records_the_pass() {
    // White's only disc, b2, is boxed in by Black's a1-h8 diagonal: White must pass, Black can play a1.
    let black = discs("c3 d4 e4 d5 e5 f6 g7 h8");
    let start = Position::from_discs(BoardSize::Eight, black, discs("b2"), Color::White);
    let game = Game::from_position(start);
    assert_eq!(game.history().moves(), &[Move::Pass]);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!game.can_undo(), "the cursor never rests on a forced pass");
}
