//! `reversi-engine match --record` and `reversi-engine audit`: a match's games written down, then A's positions
//! put again to engines over NBoard (here the built engine at two levels), their differing moves judged by solves.

mod support {
    pub mod engine_process;
    pub mod temp_file;
}

use support::engine_process::{engine, text};
use support::temp_file::temp_file;

const SELF: &str = env!("CARGO_BIN_EXE_reversi-engine");

#[test]
fn a_recorded_match_is_audited_and_the_solving_engine_never_falls_behind() {
    let record = temp_file("games.txt", "");
    // 48 random plies leave 12 empties: short games whose every position the judge solves at once.
    let args = ["match", "--games", "4", "--plies", "48", "--a", "level:beginner", "--b", "level:beginner"];
    let output = engine(&[&args[..], &["--record", &record]].concat(), b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = std::fs::read_to_string(&record).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines[0], "% no time per move", "{written}");
    assert_eq!(lines.len(), 5, "a comment and four games: {written}");
    assert!(lines[1].contains("; A first; ") && lines[2].contains("; B first; "), "{written}");

    // Master solves these positions exactly within the second, so its moves are never behind; Beginner's may be.
    let master = format!("{SELF} nboard --level master");
    let beginner = format!("{SELF} nboard --level beginner");
    let audit = ["audit", &record, "--engine", &master, "--engine", &beginner, "--empties", "1-12", "--movetime", "1s"];
    let output = engine(&audit, b"");
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{out}\n{err}");
    let summary = out.lines().find(|l| l.contains("positions of A's with 1-12 empties in 4 games")).expect(&out);
    let positions: usize = summary.split_whitespace().next().unwrap().parse().unwrap();
    let split: usize = summary.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(positions >= 4 && split <= positions, "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), split, "one line per split position: {out}");
    let row = |n: usize| -> Vec<String> {
        let line = out.lines().find(|l| l.trim_start().starts_with(&format!("#{n} "))).expect(&out);
        line.split_whitespace().map(String::from).collect()
    };
    assert_eq!(row(1)[1..3], ["0", "0"], "Master differs from itself in nothing and is never behind: {out}");
    assert_eq!(row(2)[1], split.to_string(), "Beginner differs wherever the moves split: {out}");
    assert!(row(2)[4..].join(" ").ends_with("--level beginner"), "{out}");
}

#[test]
fn an_unreadable_record_is_refused_with_its_line_and_nothing_is_started() {
    let record = temp_file("junk.txt", "% a comment\nnot a game\n");
    let audit = ["audit", &record, "--engine", "/no/such/engine", "--engine", "/no/such/engine"];
    let output = engine(&audit, b"");
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2: expected three fields") && !err.contains("cannot start"), "{err}");
    let missing = ["audit", "/no/such/record", "--engine", "a", "--engine", "b"];
    let output = engine(&missing, b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("/no/such/record"), "{}", text(&output.stderr));
}

#[test]
fn a_record_that_cannot_be_written_stops_the_match_before_its_first_game() {
    let args =
        ["match", "--games", "2", "--plies", "48", "--a", "hand:1", "--b", "hand:1", "--record", "/no/such/dir/g"];
    let output = engine(&args, b"");
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(2), "{out}\n{err}");
    assert!(err.contains("cannot write the record /no/such/dir/g"), "{err}");
    assert!(!out.contains("games from"), "no game was played: {out}");
}
