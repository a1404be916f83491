//! The built `reversi-engine` on bad or unusual command lines: each ends with a clear message and a fitting exit
//! code, within seconds, and never with a panic.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Longer than any command here needs in a debug build; a command still running then has hung.
const HANG: Duration = Duration::from_secs(60);

/// Runs the engine with `args` and `stdin`, killing it (and failing) if it is still running after `HANG`.
fn engine(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    // A writer thread, so a child that stops reading cannot block the test.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    std::thread::spawn(move || input.write_all(&stdin));
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > HANG {
            child.kill().unwrap();
            panic!("reversi-engine {args:?} still running after {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// No panic message, backtrace or abort: what a crash leaves on stderr.
fn assert_no_crash(output: &Output) {
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "crashed: {stderr}");
}

#[test]
fn match_says_when_fewer_openings_exist_than_it_needs() {
    // Issue 11: each of these looped forever with no output.
    for args in
        [["--plies", "3", "--games", "200"], ["--plies", "0", "--games", "200"], ["--plies", "100", "--games", "2"]]
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
