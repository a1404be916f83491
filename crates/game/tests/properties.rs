//! Properties of the game model over random games of every variant, with random steps through the history.
//! Native only: proptest is a native dev-dependency (its random source does not build for wasm32).
#![cfg(not(target_arch = "wasm32"))]

use game::notation::{read_transcript, write_transcript};
use game::{load, save, squares_of, BoardSize, Color, Game, Move, Opening, Variant};
use proptest::prelude::*;

fn variants() -> impl Strategy<Value = Variant> {
    let size = prop_oneof![Just(BoardSize::Six), Just(BoardSize::Eight), Just(BoardSize::Ten)];
    let opening = prop_oneof![Just(Opening::Standard), Just(Opening::EmptyCentre)];
    let first = prop_oneof![Just(Color::Black), Just(Color::White)];
    (size, opening, first).prop_map(|(size, opening, first)| Variant { size, opening, first })
}

/// Something a player does: play the nth legal move (modulo their number), or step through the history.
#[derive(Clone, Debug)]
enum Action {
    Play(usize),
    Undo,
    Redo,
    GoTo(usize),
}

fn actions() -> impl Strategy<Value = Vec<Action>> {
    let action = prop_oneof![
        8 => any::<usize>().prop_map(Action::Play),
        1 => Just(Action::Undo),
        1 => Just(Action::Redo),
        1 => any::<usize>().prop_map(|ply| Action::GoTo(ply % 120)),
    ];
    prop::collection::vec(action, 0..160)
}

fn apply(game: &mut Game, action: &Action) {
    match *action {
        Action::Play(choice) => {
            let moves: Vec<usize> = squares_of(game.legal_moves()).collect();
            if !moves.is_empty() {
                game.play(moves[choice % moves.len()]).unwrap();
            }
        }
        Action::Undo => {
            game.undo();
        }
        Action::Redo => {
            game.redo();
        }
        Action::GoTo(ply) => {
            game.go_to(ply);
        }
    }
}

/// The board is consistent: counts match the bit sets, no square holds both colours, nothing lies off the board,
/// `cell` agrees with the bit sets, and the cursor never rests where the side to move could only pass.
fn assert_consistent(game: &Game) {
    let position = game.position();
    let (black, white) = (position.black(), position.white());
    let n = game.variant().size.n();
    assert_eq!(black & white, 0, "a square holds both colours");
    assert_eq!((black | white) >> (n * n), 0, "a disc off the board");
    assert_eq!(game.counts(), (black.count_ones(), white.count_ones()));
    for row in 0..n {
        for column in 0..n {
            let bit = 1u128 << (row * n + column);
            let expected = if black & bit != 0 {
                Some(Color::Black)
            } else if white & bit != 0 {
                Some(Color::White)
            } else {
                None
            };
            assert_eq!(position.cell(column, row), expected);
        }
    }
    assert!(!position.must_pass(), "the cursor rests on a forced pass");
    assert_eq!(game.legal_moves() & (black | white), 0, "a legal move on an occupied square");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_reachable_state_is_consistent(variant in variants(), actions in actions()) {
        let mut game = Game::new(variant);
        for action in &actions {
            apply(&mut game, action);
            assert_consistent(&game);
        }
    }

    #[test]
    fn undo_then_redo_gives_the_same_state(variant in variants(), actions in actions()) {
        let mut game = Game::new(variant);
        for action in &actions {
            apply(&mut game, action);
            let before = game.clone();
            if game.undo() {
                prop_assert!(game.history().cursor() < before.history().cursor());
                prop_assert!(game.redo());
                prop_assert_eq!(&game, &before);
            }
        }
        let end = game.clone();
        game.undo_all();
        game.redo_all();
        game.go_to(end.history().cursor());
        prop_assert_eq!(game, end);
    }

    #[test]
    fn a_written_transcript_replays_the_same_game(variant in variants(), actions in actions(), passes: bool) {
        let mut game = Game::new(variant);
        for action in &actions {
            apply(&mut game, action);
        }
        let text = write_transcript(&game, passes);
        let read = read_transcript(&text, variant).unwrap();
        prop_assert_eq!(read.position(), game.position());
        prop_assert_eq!(read.history().moves(), game.history().played());
        prop_assert_eq!(text.contains("pa"), passes && game.history().played().contains(&Move::Pass));
        prop_assert_eq!(read_transcript(&text.to_uppercase(), variant).unwrap(), read);
    }

    #[test]
    fn save_then_load_gives_the_same_game(variant in variants(), actions in actions(), resign: bool) {
        let mut game = Game::new(variant);
        for action in &actions {
            apply(&mut game, action);
        }
        if resign && !game.is_over() {
            game.resign(game.to_move()).unwrap();
        }
        let loaded: Game = load(&save(&game)).unwrap();
        prop_assert_eq!(loaded, game);
    }
}
