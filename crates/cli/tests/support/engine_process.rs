//! The built `reversi-engine` run as a child process by the tests that drive its command line (tests/cli.rs,
//! tests/nboard.rs, tests/match_nboard.rs, tests/audit.rs).

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Longer than any command here needs in a debug build; a command still running then has hung.
const HANG: Duration = Duration::from_secs(60);

/// Runs the engine with `args` and `stdin`, killing it (and failing) if it is still running after `HANG`.
pub fn engine(args: &[&str], stdin: &[u8]) -> Output {
    engine_writing_to(Stdio::piped(), args, stdin)
}

/// `engine` with its standard output sent to `stdout` (a file, `/dev/full`) instead of captured.
#[allow(dead_code)] // Only tests/cli.rs sends an output elsewhere.
pub fn engine_writing_to(stdout: Stdio, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
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

/// A process's output as text, any invalid UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
