//! Random and mutated input for every text parser and decoder of the engine, the game model and the NBoard side:
//! none may panic, and what is written reads back the same (parse(format(x)) = x).
//!
//! Each test prints how many inputs it tried. `FUZZ_ITERATIONS=N cargo test -p cli --test fuzz -- --nocapture` runs N
//! rounds instead of the default (`DEFAULT_ROUNDS`, a few seconds in a debug build).

use cli::nboard::ggf::{parse_ggf, parse_move};
use cli::nboard::nboard_session::Session;
use engine::eval::weights::Weights;
use engine::rng::Rng;
use engine::rules::random_play::random_move;
use game::notation::{
    read_board, read_game, read_link, read_obf, read_obf_file, read_transcript, write_board, write_link,
    write_transcript,
};
use game::{parse_square, square_name, BoardSize, Color, Game, Position, SetupPosition, Variant};
use std::time::Duration;

use testkit::fuzz_input::{mutate, random_text, rounds};

/// A game of random legal moves on a random variant, stopped at a random ply (maybe at its end).
fn random_game(rng: &mut Rng) -> Game {
    let size = BoardSize::ALL[(rng.next_u64() % 3) as usize];
    let variant = Variant {
        size,
        first: if rng.next_u64().is_multiple_of(2) { Color::Black } else { Color::White },
        ..Variant::default()
    };
    let mut game = Game::new(variant);
    let plies = rng.next_u64() % 120;
    for _ in 0..plies {
        let moves = game.legal_moves();
        if game.is_over() || moves == 0 {
            break;
        }
        game.play(random_move(moves, rng)).expect("a legal move");
    }
    game
}

/// A game from a set-up position: a random game's position with the other side to move, played on at random.
fn set_up_game(rng: &mut Rng) -> Game {
    let at = *random_game(rng).position();
    let mut game =
        Game::from_position(Position::from_discs(at.size(), at.black(), at.white(), at.to_move().opponent()));
    for _ in 0..rng.next_u64() % 20 {
        if game.is_over() {
            break;
        }
        game.play(random_move(game.legal_moves(), rng)).expect("a legal move");
    }
    game
}

/// `rounds` rounds of `round` on one generator seeded with `seed`; each round says how many inputs it tried, and the
/// total is printed under `what`.
fn fuzz(what: &str, seed: u64, rounds: usize, mut round: impl FnMut(&mut Rng) -> usize) {
    let mut rng = Rng::new(seed);
    let inputs: usize = (0..rounds).map(|_| round(&mut rng)).sum();
    println!("{what}: {inputs} inputs");
}

#[test]
fn transcripts_and_board_strings_read_back_and_survive_mutation() {
    fuzz("transcripts and board strings", 11, rounds(), |rng| {
        let game = random_game(rng);
        let variant = game.variant();
        for with_passes in [false, true] {
            let text = write_transcript(&game, with_passes);
            let read = read_transcript(&text, variant).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(read.position(), game.position(), "{text:?}");
            let _ = read_transcript(&mutate(&text, rng), variant);
        }
        let board = write_board(game.position());
        assert_eq!(read_board(&board).unwrap_or_else(|e| panic!("{board:?}: {e}")), *game.position());
        let _ = read_board(&mutate(&board, rng));
        let _ = read_transcript(&random_text(rng, 40), variant);
        let _ = read_board(&random_text(rng, 110));
        8
    });
}

#[test]
fn set_up_positions_and_their_games_read_back_and_survive_mutation() {
    fuzz("set-up positions: transcripts, links, pasted positions", 15, rounds(), |rng| {
        let game = set_up_game(rng);
        let transcript = write_transcript(&game, rng.next_u64() % 2 == 0);
        assert_eq!(read_game(&transcript, game.variant()).unwrap_or_else(|e| panic!("{transcript:?}: {e}")), game);
        let link = write_link(&game);
        assert_eq!(read_link(&link).unwrap_or_else(|e| panic!("{link:?}: {e}")), game);
        let setup = SetupPosition::from_position(game.start_position());
        let start_link = setup.link_code().expect("a start with discs");
        for text in [setup.board_string(), setup.obf(), start_link] {
            assert_eq!(SetupPosition::read(&text), Ok(setup), "{text:?}");
        }
        for text in [mutate(&transcript, rng), mutate(&link, rng), mutate(&setup.obf(), rng), random_text(rng, 70)] {
            let _ = read_game(&text, Variant::default());
            let _ = read_link(&text);
            if let Ok(read) = SetupPosition::read(&text) {
                assert_eq!(SetupPosition::read(&read.board_string()), Ok(read), "{text:?}");
            }
        }
        6
    });
}

#[test]
fn obf_lines_and_files_never_panic() {
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34;";
    fuzz("OBF", 12, rounds(), |rng| {
        let game = random_game(rng);
        let board = write_board(game.position());
        let (squares, side) = board.split_at(board.len() - 1);
        let line = format!("{squares} {side};");
        let read = read_obf(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(read.position, *game.position());
        for text in [mutate(&line, rng), mutate(ffo40, rng), random_text(rng, 90)] {
            let _ = read_obf(&text);
            let _ = read_obf_file(&format!("% c\n{text}\n\u{feff}{text}"));
        }
        7
    });
}

#[test]
fn ggf_records_square_names_and_weights_never_panic() {
    let record = "(;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[f6//0.1];)";
    fuzz("GGF, square names, weights", 13, rounds(), |rng| {
        for text in [mutate(record, rng), random_text(rng, 60)] {
            if let Ok(game) = parse_ggf(&text) {
                let _ = game.replay();
            }
            let _ = parse_move(&text, 8);
            let _ = parse_square(&text, (rng.next_u64() % 12) as usize);
        }
        let (index, size) = (rng.next_u64() as usize, (rng.next_u64() % 40) as usize);
        let name = square_name(index, size);
        if (6..=10).contains(&size) && index < size * size {
            assert_eq!(parse_square(&name, size), Some(index));
        }
        let bytes: Vec<u8> = (0..rng.next_u64() % 64).map(|_| rng.next_u64() as u8).collect();
        let _ = Weights::decode(&bytes);
        8
    });
}

#[test]
fn an_nboard_session_survives_random_commands() {
    let mut session = Session::new(1).with_move_time(Duration::from_millis(20));
    let commands = [
        "nboard 2",
        "set depth 2",
        "set depth 99",
        "move f5",
        "move PA",
        "go",
        "hint 2",
        "ping 3",
        "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)",
        "learn",
    ];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    fuzz("NBoard session commands", 14, rounds() / 3, |rng| {
        let base = commands[(rng.next_u64() % commands.len() as u64) as usize];
        let line = if rng.next_u64() % 2 == 0 { mutate(base, rng) } else { base.to_string() };
        if line.trim() == "quit" {
            return 0;
        }
        session.handle(&line, &mut out, &mut err).expect("writing to memory");
        out.clear();
        err.clear();
        1
    });
}

/// What is wrong with one line an NBoard session wrote on stdout for an `n`×`n` board, if anything: every reply is
/// one of the protocol's, with its fields in their formats.
fn malformed_reply(line: &str, n: usize) -> Option<String> {
    let square = |name: &str| name == "PA" || parse_square(&name.to_lowercase(), n).is_some();
    let number = |text: &str| text.parse::<f64>().is_ok_and(f64::is_finite);
    let fields: Vec<&str> = line.split(' ').collect();
    let good = match fields[..] {
        ["set", "myname", "reversi-engine"] | ["learned"] | ["status"] | ["status", "thinking"] => true,
        ["pong", ..] => true,
        ["status", "error:", _, ..] => true,
        // How deep a go searched (depth 0: nothing finished in its time).
        ["status", "depth", depth] => depth.parse::<u32>().is_ok_and(|d| d <= 60),
        ["status", "solved", empties, "empties", "exactly" | "win/loss/draw"] => {
            empties.parse::<u32>().is_ok_and(|e| (1..=60).contains(&e))
        }
        ["===", answer] => match answer.split('/').collect::<Vec<_>>()[..] {
            [mv, eval, seconds] => square(mv) && number(eval) && number(seconds),
            [mv] => mv == "PA",
            _ => false,
        },
        ["search", mv, eval, "0", depth] => {
            square(mv) && number(eval) && (depth == "100%" || depth.parse::<u32>().is_ok_and(|d| (1..=60).contains(&d)))
        }
        ["nodestats", nodes, seconds] => nodes.parse::<u64>().is_ok() && number(seconds),
        _ => false,
    };
    (!good).then(|| format!("malformed reply {line:?}"))
}

#[test]
fn an_nboard_session_answers_random_and_mutated_lines_with_well_formed_replies() {
    let start = "---------------------------O*------*O--------------------------- *";
    let white_must_pass = "-O******-------------------**------**--------------------------- O";
    let commands = [
        "nboard 2".to_string(),
        "set depth 3".to_string(),
        "set contempt 0".to_string(),
        "move f5".to_string(),
        "move d3/0.5/1.2".to_string(),
        "move PA".to_string(),
        "go".to_string(),
        "hint 4".to_string(),
        "ping 3".to_string(),
        "learn".to_string(),
        format!("set game (;GM[Othello]PC[x]TY[8]BO[8 {start}]B[F5]W[f6//0.1];)"),
        format!("set game (;GM[Othello]PC[x]TY[8]BO[8 {white_must_pass}];)"),
        "set game (;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *];)".to_string(),
    ];
    let mut session = Session::new(1).with_move_time(Duration::from_millis(20));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    fuzz("NBoard session lines and replies", 16, rounds() / 4, |rng| {
        let line = match rng.next_u64() % 3 {
            0 => random_text(rng, 40),
            1 => mutate(&commands[(rng.next_u64() % commands.len() as u64) as usize], rng),
            _ => commands[(rng.next_u64() % commands.len() as u64) as usize].clone(),
        };
        // One line, as read from stdin; `quit` would end the session.
        let line = line.replace('\n', " ");
        if line.trim() == "quit" {
            return 0;
        }
        let (over, moves) = (session.game().is_over(), session.game().legal_moves().count_ones() as usize);
        out.clear();
        assert!(session.handle(&line, &mut out, &mut err).expect("writing to memory"), "{line:?} ended the session");
        let text = String::from_utf8(out.clone()).unwrap_or_else(|e| panic!("{line:?}: replies not UTF-8: {e}"));
        let n = session.game().position().size().n();
        let replies: Vec<&str> = text.lines().collect();
        if let Some(wrong) = replies.iter().find_map(|reply| malformed_reply(reply, n)) {
            panic!("{line:?}: {wrong} in {replies:?}");
        }
        // A go or hint on a game still going always answers (the hint's moves at least one iteration deep).
        let failed = replies.iter().any(|r| r.starts_with("status error"));
        let answers = replies.iter().filter(|r| r.starts_with("=== ")).count();
        let hints = replies.iter().filter(|r| r.starts_with("search ")).count();
        match line.trim() {
            "go" if !over => assert_eq!(answers, 1, "{line:?}: {replies:?}"),
            "hint 4" if !over => assert!(!failed && (hints == moves.min(4) || hints == 1), "{line:?}: {replies:?}"),
            _ => {}
        }
        err.clear();
        1
    });
}
