//! `reversi-engine match` against another program over NBoard (here the built engine itself, and scripts that
//! misbehave): both time controls played with each side's depth per move, and a broken engine reported in words
//! within seconds, never waited for.

mod support {
    pub mod engine_process;
    pub mod temp_file;
}

use support::engine_process::{engine, text};
use support::temp_file::temp_file;

const SELF: &str = env!("CARGO_BIN_EXE_reversi-engine");

#[test]
fn the_engine_plays_itself_over_nboard_at_two_times_per_move_with_the_depths() {
    let nboard = format!("nboard:{SELF} nboard --level master");
    let args = ["match", "--games", "2", "--a", "fixed:master", "--b", &nboard, "--movetime", "20ms,40ms", "--depths"];
    let output = engine(&args, b"");
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{out}\n{err}");
    assert_eq!(out.matches("2 games from 1 openings").count(), 2, "{out}");
    assert!(out.contains("time per move: 20 ms") && out.contains("time per move: 40 ms"), "{out}");
    // The NBoard side's depths come from its status lines, as do its solves of the endgame.
    let b_moves: Vec<&str> = out.lines().filter(|l| l.starts_with("B's moves: midgame depth mean")).collect();
    assert_eq!(b_moves.len(), 2, "{out}");
    assert!(b_moves.iter().all(|l| l.contains("solved")), "{out}");
    // Both sides' nodes per second, B's from its nodestats lines.
    assert_eq!(out.matches("M nodes/s").count(), 4, "{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    assert!(games[0].starts_with("game 1 (A first") && games[1].starts_with("game 2 (B first"), "{out}");
    assert!(games.iter().all(|g| g.contains(" B=") && g.contains(" A=")), "{out}");
}

/// A shell script speaking just enough NBoard to start (it answers `ping`), doing `on_go` when asked to move.
fn fake_engine(name: &str, on_go: &str) -> String {
    let script = format!(
        "while read line; do case \"$line\" in ping*) echo \"pong ${{line#ping }}\";; go) {on_go};; esac; done\n"
    );
    format!("nboard:sh {}", temp_file(name, &script))
}

#[test]
fn a_broken_nboard_engine_stops_the_match_with_why_and_never_hangs() {
    let cases = [
        ("nboard:/no/such/engine".to_string(), "cannot start the NBoard engine `/no/such/engine`"),
        (fake_engine("exits", "echo 'giving up' >&2; exit 3"), "exited (exit status: 3)"),
        (fake_engine("hangs", "sleep 600"), "did not answer go within 10.1 s: stopped it"),
        (fake_engine("illegal", "echo '=== D4/0/0'"), "illegal move"),
        (fake_engine("junk", "echo '=== Z9/0/0'"), "answered \"Z9\", not a square"),
    ];
    for (side, why) in cases {
        let start = std::time::Instant::now();
        let output =
            engine(&["match", "--games", "2", "--a", "fixed:master", "--b", &side, "--movetime", "100ms"], b"");
        let (out, err) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(2), "{side}: {out}\n{err}");
        assert!(err.contains(why), "{side}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(start.elapsed().as_secs() < 40, "{side} took {:?}", start.elapsed());
        if side.contains("exits") {
            assert!(err.contains("giving up"), "the engine's last words are quoted: {err}");
        }
        if !side.contains("no/such") {
            assert!(out.contains("0 games from 1 openings"), "what was played is printed: {out}");
        }
    }
}
