//! The built `reversi-engine` on bad or unusual command lines: each ends with a clear message and a fitting exit
//! code, within seconds, and never with a panic.

use game::notation::write_board;
use game::Game;
use std::process::{Command, Output, Stdio};

mod support {
    pub mod engine_process;
    pub mod temp_file;
}

use support::engine_process::{engine, engine_writing_to, text};
use support::temp_file::temp_file;

/// No panic message, backtrace or abort: what a crash leaves on stderr.
fn assert_no_crash(output: &Output) {
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "crashed: {stderr}");
}

#[test]
fn match_says_when_fewer_openings_exist_than_it_needs() {
    // Issue 11: each of these looped forever with no output.
    for args in
        [["--plies", "3", "--games", "200"], ["--plies", "0", "--games", "200"], ["--plies", "60", "--games", "2"]]
    {
        let output = engine(&[&["match", "--a", "hand:1", "--b", "hand:1"][..], &args].concat(), b"");
        assert_no_crash(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains("openings") || stderr.contains("no game"), "{args:?}: {stderr}");
    }
    let output = engine(&["match", "--a", "hand:1", "--b", "hand:1", "--plies", "0", "--games", "2"], b"");
    assert!(output.status.success(), "the one 0-ply opening is enough for 2 games: {}", text(&output.stderr));
    assert!(text(&output.stdout).contains("2 games from 1 openings"), "{}", text(&output.stdout));
}

/// An OBF line quick to solve even in a debug build: the lowest legal square each move until 10 empties are left.
fn easy_obf_line() -> String {
    let mut game = Game::default();
    while game.position().board().empty_count() > 10 {
        game.play(game.legal_moves().trailing_zeros() as usize).expect("a legal move");
    }
    let board = write_board(game.position());
    let (squares, side) = board.split_at(board.len() - 1);
    format!("{squares} {side};")
}

#[test]
fn help_exits_zero_and_bad_command_lines_exit_two_with_the_reason() {
    let help = engine(&["--help"], b"");
    assert!(help.status.success() && text(&help.stdout).contains("usage: reversi-engine"));
    for (args, reason) in [
        (&["solve", "a.obf", "b.obf"][..], "unexpected argument \"b.obf\""),
        (&["perft", "4294967297"], "depth is 0 to 60"),
        (&["match", "--exact", "4294967297"], "--exact: \"4294967297\" is not a number from 0 to 64"),
        (&["match", "--games", "-2"], "--games"),
        (&["match", "extra"], "extra"),
        (&["levels", "auto", "expert", "more"], "unexpected argument"),
        (&["frobnicate"], "unknown command"),
        (&[], "no command"),
    ] {
        let output = engine(args, b"");
        assert_no_crash(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(text(&output.stderr).contains(reason), "{args:?}: {}", text(&output.stderr));
    }
}

#[test]
fn solve_says_when_a_file_has_nothing_to_solve_and_skips_a_byte_order_mark() {
    let empty = engine(&["solve", &temp_file("empty.obf", b"% only a comment\n\n")], b"");
    assert_eq!(empty.status.code(), Some(1));
    assert!(text(&empty.stderr).contains("no position to solve"), "{}", text(&empty.stderr));

    let bom = engine(&["solve", &temp_file("bom.obf", format!("\u{feff}{}\n", easy_obf_line()).as_bytes())], b"");
    assert!(bom.status.success(), "{}{}", text(&bom.stdout), text(&bom.stderr));
    assert!(text(&bom.stdout).contains("total: 1 positions"), "{}", text(&bom.stdout));

    // Fewer than four discs (issue 11: the evaluation indexed past its tables and the engine aborted).
    let few = format!("XO{} X;\n", "-".repeat(62));
    let output = engine(&["solve", &temp_file("few.obf", few.as_bytes())], b"");
    assert_no_crash(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("skipped"), "{}", text(&output.stdout));
}

/// Starts the engine, reads one line of its output and closes the pipe, as `| head -1` does: the engine must end
/// quietly (by SIGPIPE, as Unix tools do, or successfully), not with a panic about the broken pipe.
#[cfg(unix)]
fn closes_the_pipe_after_one_line(args: &[&str]) {
    use std::io::BufRead;
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    // The reader is dropped here: the pipe is closed.
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("Broken pipe") && !stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(output.status.success() || output.status.signal() == Some(13), "{args:?}: {}", output.status);
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_solve_levels_and_match_quietly() {
    // Issue 11: "failed printing to stdout: Broken pipe", a backtrace and exit 134.
    let suite = temp_file("pipe.obf", format!("{}\n", easy_obf_line()).repeat(400).as_bytes());
    closes_the_pipe_after_one_line(&["solve", &suite]);
    closes_the_pipe_after_one_line(&["levels", "20000", "beginner"]);
    closes_the_pipe_after_one_line(&["match", "--games", "2", "--a", "hand:1", "--b", "hand:1"]);
}

#[test]
fn solve_stops_at_its_limit_and_says_the_result_is_not_exact() {
    // Issue 11: the start position (60 empties) ran forever with no output.
    let start = temp_file("start.obf", b"---------------------------OX------XO--------------------------- X;\n");
    for limit in [["--time", "1"], ["--nodes", "100000"]] {
        let output = engine(&[&["solve", &start][..], &limit].concat(), b"");
        assert_no_crash(&output);
        assert_eq!(output.status.code(), Some(1), "{limit:?}: an unfinished solve is not a success");
        let stdout = text(&output.stdout);
        let row = stdout.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap_or_else(|| panic!("{stdout}"));
        assert!(row.contains("NOT EXACT") && row.contains('~'), "{limit:?}: {row}");
        let mv = row.split_whitespace().nth(1).unwrap();
        assert!(["d3", "c4", "f5", "e6"].contains(&mv), "{limit:?}: {mv} is not an opening move");
    }
    // Within the limit the solve is exact as before.
    let easy = temp_file("easy.obf", format!("{}\n", easy_obf_line()).as_bytes());
    let output = engine(&["solve", &easy, "--time", "60"], b"");
    assert!(output.status.success() && !text(&output.stdout).contains("NOT EXACT"), "{}", text(&output.stdout));
}

/// Each command writing to a full disk says so on stderr and exits with status 2: no panic, no abort.
#[cfg(unix)]
#[test]
fn a_full_disk_is_reported_and_ends_with_status_two() {
    use std::os::unix::process::ExitStatusExt;
    // Fault 10: "failed printing to stdout: No space left on device", a panic and exit 134 (101 in a debug build).
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let suite = temp_file("full.obf", format!("{}\n", easy_obf_line()).as_bytes());
    let match_args = ["match", "--a", "hand:1", "--b", "hand:1", "--plies", "0", "--games", "2"];
    for (args, stdin) in [
        (&["help"][..], &b""[..]),
        (&["perft", "3"], b""),
        (&["solve", &suite], b""),
        (&match_args, b""),
        (&["nboard"], b"nboard 2\nping 1\n"),
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let output = engine_writing_to(Stdio::from(full), args, stdin);
        assert_no_crash(&output);
        assert_eq!((output.status.code(), output.status.signal()), (Some(2), None), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains("cannot write the output") && stderr.contains("No space left"), "{args:?}: {stderr}");
    }
}

#[test]
fn bench_on_a_missing_suite_fails_at_once_as_solve_does() {
    // Fault 14: bench said "endgame suite skipped" and exited 0 after its perft, where solve exits 2.
    let missing = std::env::temp_dir().join("reversi-cli-no-such-dir/missing.obf");
    let missing = missing.to_string_lossy();
    let (bench, solve) = (engine(&["bench", &missing], b""), engine(&["solve", &missing], b""));
    for output in [&bench, &solve] {
        assert_no_crash(output);
        assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    }
    let reason = |output: &Output| text(&output.stderr).split_once(": ").map(|(_, why)| why.to_string());
    assert!(reason(&bench).is_some_and(|why| why.starts_with(&format!("cannot read {missing}"))), "{bench:?}");
    assert_eq!(reason(&bench), reason(&solve));
    assert!(text(&bench.stdout).is_empty(), "no perft before the suite is read: {}", text(&bench.stdout));
}

#[test]
fn solve_says_which_lines_are_unreadable_and_why_not_mismatch() {
    // Fault 15: an unreadable line was counted as a "MISMATCH".
    let suite = temp_file("unreadable.obf", format!("junk\n{}\n", easy_obf_line()).as_bytes());
    let output = engine(&["solve", &suite], b"");
    assert_no_crash(&output);
    assert_eq!(output.status.code(), Some(1), "an unreadable line is not a success");
    let stdout = text(&output.stdout);
    assert!(!stdout.contains("MISMATCH"), "{stdout}");
    let row = stdout.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(row.contains("line 1 unreadable: ") && row.contains("board string"), "{row}");
    let total = stdout.lines().last().unwrap();
    assert!(total.contains("1 positions") && total.contains("1 unreadable line"), "{total}");
}

#[test]
fn book_refuses_a_cache_path_holding_another_file_and_leaves_it_alone() {
    // Fault 11: the shipped book given as --cache was cut to a 123-byte header, a text file wiped, with no error.
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/eval.weights");
    let book = include_bytes!("../../engine/data/book.bin");
    for (name, contents) in [("cache-book.bin", &book[..]), ("cache-notes.txt", b"notes worth keeping\n")] {
        let cache = temp_file(name, contents);
        let out = format!("{cache}.out");
        let output = engine(&["book", "--depth", "1", "--weights", weights, "--cache", &cache, "--out", &out], b"");
        assert_no_crash(&output);
        assert_eq!(output.status.code(), Some(2), "{name}: {}", text(&output.stderr));
        let stderr = text(&output.stderr);
        assert!(stderr.contains(&cache) && stderr.contains("not a book cache"), "{name}: {stderr}");
        assert_eq!(std::fs::read(&cache).unwrap(), contents, "{name}: the file was changed");
        assert!(!std::path::Path::new(&out).exists(), "{name}: a book was written");
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_without_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    // std::env::args panicked on it: "called `Result::unwrap()` on an `Err` value: \"\xFF\"", exit 101.
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args([std::ffi::OsStr::new("perft"), std::ffi::OsStr::from_bytes(b"\xff3")])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_no_crash(&output);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("not UTF-8"), "{}", text(&output.stderr));
}

#[test]
fn deepen_prints_each_depth_with_the_positions_that_finished_it() {
    let output = engine(&["deepen", "--positions", "3", "--empties", "30", "--seconds", "0.05"], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    let rows: Vec<Vec<&str>> = out.lines().skip(2).map(|l| l.split_whitespace().collect()).collect();
    assert!(rows.len() >= 2, "{out}");
    // Depth 1 always finishes on every position; later depths on no more positions than the one before.
    assert_eq!((rows[0][0], rows[0][1]), ("1", "3"), "{out}");
    let finished: Vec<usize> = rows.iter().map(|r| r[1].parse().unwrap()).collect();
    assert!(finished.windows(2).all(|w| w[0] >= w[1]), "{out}");
    let output = engine(&["deepen", "--seconds", "0"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("deepen: --seconds"), "{}", text(&output.stderr));
}
