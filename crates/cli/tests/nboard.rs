//! A scripted NBoard session against the built `reversi-engine nboard`: the replies a GUI relies on, and bad input
//! that must be reported without ending the session.

use engine::VariantBoard;
use game::{parse_square, Game};

mod support {
    pub mod engine_process;
}

use support::engine_process::{engine, text};

const START: &str = "---------------------------O*------*O--------------------------- *";

/// Runs the engine on `script` (raw bytes, so broken encodings can be sent) and returns its stdout and stderr.
fn session(script: &[u8]) -> (String, String) {
    session_with(&[], script)
}

/// `session` with more command-line arguments after `nboard`.
fn session_with(args: &[&str], script: &[u8]) -> (String, String) {
    let output = engine(&[&["nboard"], args].concat(), script);
    assert!(output.status.success(), "the engine exited with {}", output.status);
    (String::from_utf8(output.stdout).unwrap(), text(&output.stderr))
}

/// The position after `moves` from the standard start.
fn board_after(moves: &[&str]) -> VariantBoard {
    let mut game = Game::default();
    for mv in moves {
        game.play(parse_square(mv, 8).unwrap()).unwrap();
    }
    *game.position().board()
}

fn assert_legal(board: &VariantBoard, mv: &str) {
    let square = parse_square(mv, 8).unwrap_or_else(|| panic!("{mv:?} is not a square"));
    assert!(board.is_legal(square), "{mv} is not legal");
}

/// The move of a `=== <move>/<eval>/<time>` line.
fn played(line: &str) -> &str {
    line.strip_prefix("=== ").and_then(|rest| rest.split('/').next()).unwrap()
}

#[test]
fn a_gui_session_gets_pongs_moves_and_hints() {
    let script = format!(
        "nboard 2\nping 1\nset depth 4\nset contempt 0\n\
         set game (;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 {START}]B[F5]W[f6//0.1];)\n\
         go\nhint 3\nmove E6/0.5/1.2\ngo\nlearn\nping 2\nquit\nping 3\n"
    );
    let (out, _) = session(script.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "set myname reversi-engine");
    assert_eq!(lines[1], "pong 1");
    assert!(lines.contains(&"learned"));
    assert_eq!(lines.last(), Some(&"pong 2"), "quit ends the session: {lines:?}");

    let moves: Vec<&str> = lines.iter().filter(|l| l.starts_with("=== ")).map(|l| played(l)).collect();
    assert_eq!(moves.len(), 2, "{lines:?}");
    assert_legal(&board_after(&["f5", "f6"]), moves[0]);
    assert_legal(&board_after(&["f5", "f6", "e6"]), moves[1]);

    let hints: Vec<Vec<&str>> =
        lines.iter().filter(|l| l.starts_with("search ")).map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(hints.len(), 3, "{lines:?}");
    let evals: Vec<f64> = hints.iter().map(|h| h[2].parse().unwrap()).collect();
    for hint in &hints {
        assert_legal(&board_after(&["f5", "f6"]), hint[1]);
        assert_eq!((hint[3], hint[4]), ("0", "4"), "search <move> <eval> 0 <depth>");
    }
    assert!(evals.windows(2).all(|w| w[0] >= w[1]), "best hint first: {evals:?}");
    assert!(lines.iter().any(|l| l.starts_with("nodestats ")) && lines.contains(&"status thinking"));
}

#[test]
fn bad_input_is_reported_and_the_session_goes_on() {
    let mut script = Vec::new();
    script.extend_from_slice(b"nboard 2\nset depth 2\n");
    script.extend_from_slice(b"set game (;GM[Othello]BO[8 not-a-board *];)\n");
    script.extend_from_slice(b"set game (;GM[Othello]BO[8 ----\n");
    script.extend_from_slice(format!("set game (;GM[Othello]BO[8 {START}]B[a1];)\n").as_bytes());
    script.extend_from_slice(b"move z9\nmove a1\nmove PA\nset depth many\nhint -1\nfrobnicate now\n");
    script.extend_from_slice(b"\xff\xfe broken bytes\n\nping 7\nmove f5\ngo\nping 8\n");
    let (out, err) = session(&script);
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("status error: ")).collect();
    for expected in [
        "64 squares",
        "starts with",
        "a1: no discs to flip",
        "\"z9\" is not a move",
        "illegal move a1",
        "pass while a move is possible",
        "depth must be",
        "hint needs",
    ] {
        assert!(errors.iter().any(|e| e.contains(expected)), "no error mentioning {expected:?} in {errors:?}");
    }
    assert_eq!(errors.len(), 8, "{errors:?}");
    assert!(err.contains("unknown command \"frobnicate\""), "{err}");
    assert!(out.contains("pong 7") && out.trim_end().ends_with("pong 8"), "{out}");
    // The failed commands left the start position: after f5 the engine answers for White there.
    let reply = out.lines().find(|l| l.starts_with("=== ")).expect("a move");
    assert_legal(&board_after(&["f5"]), played(reply));
}

#[test]
fn end_of_input_ends_the_session() {
    let (out, _) = session(b"nboard 2\nping 1");
    assert!(out.ends_with("pong 1\n"), "{out}");
}

#[test]
fn go_and_hint_answer_within_the_time_per_move_at_any_depth() {
    // Issue 11: at depth 60 the search from the start never ended, so `go` never answered.
    let start = std::time::Instant::now();
    let (out, _) = session_with(&["--movetime", "1"], b"nboard 2\nset depth 60\ngo\nhint 2\nping 1\n");
    let seconds = start.elapsed().as_secs_f64();
    let reply = out.lines().find(|l| l.starts_with("=== ")).unwrap_or_else(|| panic!("no move in {out}"));
    assert_legal(&board_after(&[]), played(reply));
    assert!(out.trim_end().ends_with("pong 1"), "{out}");
    // Two answers of about a second each, the last slice's overshoot and a debug build's start.
    assert!(seconds < 20.0, "{seconds:.1} s for two one-second answers");
}

#[test]
fn set_movetime_is_taken_and_bad_times_are_refused() {
    let (out, err) =
        session(b"nboard 2\nset depth 60\nset movetime 0\nset movetime soon\nset movetime 0.5\ngo\nping 1\n");
    assert_eq!(out.matches("status error: ").count(), 2, "{out}");
    assert_eq!(out.matches("status error: movetime is a positive number of seconds").count(), 2, "{out}");
    assert!(err.contains("\"soon\""), "{err}");
    let reply = out.lines().find(|l| l.starts_with("=== ")).unwrap_or_else(|| panic!("no move in {out}"));
    assert_legal(&board_after(&[]), played(reply));
    assert!(out.trim_end().ends_with("pong 1"), "{out}");
}

#[test]
fn a_huge_bad_line_is_echoed_shortened() {
    let junk = "x".repeat(5_000_000);
    let (out, err) = session(format!("move {junk}\n{junk}\nping 1\n").as_bytes());
    assert!(out.contains("status error: ") && out.trim_end().ends_with("pong 1"), "{}", &out[..out.len().min(300)]);
    assert!(out.len() < 1_000 && err.len() < 1_000, "echoed {} bytes on stdout, {} on stderr", out.len(), err.len());
}

/// White to move with no move (its one disc on b1 hemmed in by Black's row), while Black has a1.
const WHITE_MUST_PASS: &str =
    "(;GM[Othello]PC[x]TY[8]BO[8 -O******-------------------**------**--------------------------- O];)";

#[test]
fn the_engine_passes_when_its_side_has_no_move() {
    // Fault 12: go answered "=== A1/64.00", Black's move, and hint listed A1, for White who must pass.
    let script = format!("nboard 2\nset depth 4\nset game {WHITE_MUST_PASS}\ngo\nhint 3\nmove PA\ngo\nping 1\n");
    let (out, _) = session(script.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    assert!(!out.contains("status error"), "{lines:?}");
    let moves: Vec<&str> = lines.iter().filter(|l| l.starts_with("=== ")).map(|l| played(l)).collect();
    assert_eq!(moves, ["PA", "A1"], "White passes, then after move PA Black plays a1: {lines:?}");
    let hints: Vec<&str> = lines.iter().filter(|l| l.starts_with("search ")).copied().collect();
    assert_eq!(hints.len(), 1, "{lines:?}");
    let fields: Vec<&str> = hints[0].split_whitespace().collect();
    assert_eq!((fields[1], fields[3]), ("PA", "0"), "{lines:?}");
    // Black takes b1 and every disc then: White's pass is worth -64 to White.
    assert_eq!(fields[2].parse::<f64>().unwrap(), -64.0, "{lines:?}");
    assert!(out.trim_end().ends_with("pong 1"), "{out}");
}

#[test]
fn a_hint_lists_the_moves_of_the_deepest_finished_iteration_when_time_is_short() {
    // Fault 13: at depth 18 with 1 s (depth 14 with 0.1 s) hint printed no search line at all.
    let legal = board_after(&["f5", "d6"]).moves().count_ones() as usize;
    for (depth, seconds) in [(18, "1"), (14, "0.1"), (30, "0.05")] {
        let script = format!("nboard 2\nset depth {depth}\nset movetime {seconds}\nmove f5\nmove d6\nhint 5\nping 1\n");
        let (out, _) = session(script.as_bytes());
        let hints: Vec<Vec<&str>> =
            out.lines().filter(|l| l.starts_with("search ")).map(|l| l.split_whitespace().collect()).collect();
        assert_eq!(hints.len(), legal.min(5), "depth {depth} in {seconds} s: {out}");
        let reached: u32 = hints[0][4].parse().unwrap_or_else(|_| panic!("a depth: {out}"));
        assert!((1..=depth).contains(&reached), "{out}");
        for hint in &hints {
            assert_legal(&board_after(&["f5", "d6"]), hint[1]);
            assert_eq!(hint[4], hints[0][4], "one iteration's moves: {out}");
        }
        let evals: Vec<f64> = hints.iter().map(|h| h[2].parse().unwrap()).collect();
        assert!(evals.windows(2).all(|w| w[0] >= w[1]), "best hint first: {evals:?}");
        assert!(out.trim_end().ends_with("pong 1"), "{out}");
    }
}

#[test]
fn a_pass_in_a_finished_game_is_refused_as_the_game_being_over() {
    // Fault 15: "move PA" after the game's end was refused as "pass while a move is possible".
    let over = "(;GM[Othello]PC[x]TY[8]BO[8 ---------------------------**------**--------------------------- O];)";
    let (out, _) = session(format!("nboard 2\nset game {over}\nmove PA\nmove f5\nping 1\n").as_bytes());
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("status error: ")).collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(errors.iter().all(|e| e.contains("the game is over")), "{errors:?}");
}

/// `move` commands for a game of random moves from the start with `empties` empty squares left and a move to play
/// (the passes sent as `move PA`), and the position they reach.
fn random_game_to(empties: u32, seed: u64) -> (String, VariantBoard) {
    let mut rng = engine::rng::Rng::new(seed);
    let mut game = Game::default();
    let mut script = String::new();
    while game.position().board().empty_count() > empties {
        let square = engine::rules::random_play::random_move(game.legal_moves(), &mut rng);
        script += &format!("move {}\n", game::square_name(square, 8));
        game.play(square).unwrap();
        if game.last_move() == Some(game::Move::Pass) {
            script += "move PA\n";
        }
        if game.is_over() {
            return random_game_to(empties, seed + 1);
        }
    }
    (script, *game.position().board())
}

#[test]
fn as_a_level_each_go_is_its_timed_move_with_the_depth_it_reached() {
    let (late_moves, late) = random_game_to(10, 3);
    let script =
        format!("nboard 2\nmove f5\nmove d6\ngo\nset game (;GM[Othello]BO[8 {START}];)\n{late_moves}go\nping 1\n");
    let start = std::time::Instant::now();
    let (out, _) = session_with(&["--level", "master", "--movetime", "0.3"], script.as_bytes());
    let seconds = start.elapsed().as_secs_f64();
    let lines: Vec<&str> = out.lines().collect();
    let moves: Vec<&str> = lines.iter().filter(|l| l.starts_with("=== ")).map(|l| played(l)).collect();
    assert_eq!(moves.len(), 2, "{out}");
    assert_legal(&board_after(&["f5", "d6"]), moves[0]);
    assert_legal(&late, moves[1]);
    // Depth 60 with no time would not answer: the level's time is what ends the midgame move.
    let depths: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("status depth ")).collect();
    assert_eq!(depths.len(), 1, "{out}");
    assert!(depths[0].parse::<u32>().is_ok_and(|d| (1..60).contains(&d)), "{out}");
    assert!(lines.contains(&"status solved 10 empties exactly"), "Master solves 10 empties: {out}");
    assert!(seconds < 20.0, "{seconds:.1} s for two 0.3-second answers");
    assert!(out.trim_end().ends_with("pong 1"), "{out}");
}
