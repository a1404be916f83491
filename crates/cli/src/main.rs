//! `reversi-engine`: the engine's command line.

use engine::ai::match_play::{openings, play_match, EvalKind, MatchRules, Setting};
use engine::ai::think_job::slice_nodes;
use engine::book::book::fingerprint;
use engine::book::book_build::{BookBuild, BuildSettings, BOOK_TABLE_MEGABYTES};
use engine::book::{Book, Key};
use engine::eval::weights::Weights;
use engine::eval::PatternEvaluator;
use engine::rules::perft::perft;
use engine::search::probcut::fit_bytes;
use engine::search::{Interrupted, SolveSlices};
use engine::Ai;
use engine::Level;
use engine::ThinkJob;
use engine::{Board, Limits, Opening, Searcher, VariantBoard};
use game::notation::read_obf_file;
use game::{square_name, Move};
use cli::nboard::nboard_session::{parse_move_time, Session, DEFAULT_MOVE_SECONDS};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// FFO #40-#49 (the benchmark's copy), relative to the project directory.
const DEFAULT_SUITE: &str = "bench/ffo40-49.obf";
const TT_MEGABYTES: usize = 64;
const BENCH_PERFT_DEPTH: u32 = 12;
/// A perft deeper than a game is the same count as one to its end.
const PERFT_MAX_DEPTH: u32 = 60;

const USAGE: &str = "usage: reversi-engine perft <depth>
       reversi-engine solve <file.obf> [--time SECONDS] [--nodes N]
                                             exact solve of every position, checked against the file's scores;
                                             a position not solved within the limit gets the best guess so far
       reversi-engine bench [<file.obf>]     perft 12 and the solve totals (default bench/ffo40-49.obf)
       reversi-engine nboard [--movetime SECONDS]
                                             the NBoard protocol on stdin/stdout, each go or hint answered
                                             within SECONDS (default 10)
       reversi-engine levels [<slice nodes>|auto [<level,level..>]]
                                             each level's thinking time and slice length on every board
       reversi-engine match [--games N] [--a SIDE] [--b SIDE] [--exact E] [--plies P] [--seed S] [--weights FILE]
                            [--a-weights FILE] [--b-weights FILE] [--movetime 100ms]
                                             SIDE = hand:DEPTH, pattern:DEPTH, level:NAME (its settings, on
                                             its node budget), clock:NAME[:SCALE] (on the clock as the app
                                             plays it, times scaled), fixed:NAME:MS (MS every move, no book
                                             nor time management) or novice (a corner if it can, else the
                                             most discs flipped); with --movetime DEPTH is the cap of a
                                             timed search
       reversi-engine pace [--games N] [--level NAME] [--seed S]
                                             the level (default Master) plays N games (1) against itself from
                                             the start on the clock as in the app (slices, time management, book):
                                             each move's time, then the median, 90th percentile and longest
       reversi-engine book [--depth D] [--plies P] [--margin M] [--positions N] [--weights FILE]
                           [--cache FILE] [--out FILE]
                                             builds the opening book (default crates/engine/data/book.bin) with searches of
                                             depth D (10) from the start, following moves within M discs (2) of
                                             the best up to ply P (8) and the named lines, at most N positions
                                             (500), with crates/engine/data/eval.weights (--weights): the shipped book's
                                             settings; the searched values go to --cache as they come (default
                                             target/book-cache.txt) and a rerun resumes from them
       reversi-engine help                   this text (also --help, -h)";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    Help,
    Perft(u32),
    Solve { path: String, limit: SolveLimit },
    Bench(String),
    Nboard { move_time: Duration },
    Levels { slice: Option<u64>, levels: Vec<Level> },
    Match(MatchOptions),
    Book(BookOptions),
    Pace { games: usize, level: Level, seed: u64 },
}

/// What `match` is asked to play: `games` games (both colours of `games / 2` openings of `plies` random plies from
/// `seed`), side A against side B, each searching side with the pattern weights of its file if one is given.
#[derive(Debug, PartialEq)]
struct MatchOptions {
    games: usize,
    a: Setting,
    b: Setting,
    plies: u32,
    seed: u64,
    /// `--weights`: both sides' pattern weights instead of the shipped ones.
    weights: Option<String>,
    /// `--a-weights`, `--b-weights`: one side's own, over `weights`.
    side_weights: [Option<String>; 2],
    /// `--movetime`: searching sides deepen until this is spent on a move, their depth being the cap.
    movetime: Option<Duration>,
}

/// `reversi-engine book`: what to cover, how deep, and the files.
#[derive(Debug, PartialEq)]
struct BookOptions {
    settings: BuildSettings,
    weights: String,
    cache: String,
    out: String,
}

impl Default for BookOptions {
    fn default() -> Self {
        BookOptions {
            settings: BuildSettings { depth: 10, selectivity: 1, margin: 2, max_ply: 8, max_positions: 500 },
            weights: "crates/engine/data/eval.weights".into(),
            cache: "target/book-cache.txt".into(),
            out: "crates/engine/data/book.bin".into(),
        }
    }
}

/// Reads `book`'s options.
fn parse_book_options(rest: &[String]) -> Result<BookOptions, String> {
    let mut options = BookOptions::default();
    let mut args = rest.iter();
    while let Some(option) = args.next() {
        let value = args.next().ok_or(format!("book: {option} needs a value"))?;
        let number = |most: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or(format!("book: {option} is 1 to {most}, not {value:?}"))
        };
        let settings = &mut options.settings;
        match option.as_str() {
            "--depth" => settings.depth = number(30)? as u32,
            "--plies" => settings.max_ply = number(40)? as u32,
            "--margin" => settings.margin = number(64)? as i32,
            "--positions" => settings.max_positions = number(1_000_000)? as usize,
            "--weights" => options.weights = value.clone(),
            "--cache" => options.cache = value.clone(),
            "--out" => options.out = value.clone(),
            _ => return Err(format!("book: unexpected argument {option:?}")),
        }
    }
    Ok(options)
}

/// The command the arguments (after the program name) ask for, or what is wrong with them.
fn parse_command(args: &[String]) -> Result<Command, String> {
    let (name, rest) = match args.split_first() {
        Some((name, rest)) => (name.as_str(), rest),
        None => return Err("no command given".to_string()),
    };
    let at_most = |count: usize| match rest.get(count) {
        Some(extra) => Err(format!("{name}: unexpected argument {extra:?}")),
        None => Ok(()),
    };
    let command = match name {
        "help" | "--help" | "-h" => Command::Help,
        "perft" => {
            let depth = rest.first().ok_or("perft: give a depth")?;
            match depth.parse::<u32>() {
                Ok(depth) if depth <= PERFT_MAX_DEPTH => Command::Perft(depth),
                _ => return Err(format!("perft: the depth is 0 to {PERFT_MAX_DEPTH}, not {depth:?}")),
            }
        }
        "solve" => {
            let path = rest.first().ok_or("solve: give an OBF file")?.clone();
            let mut limit = SolveLimit::default();
            let mut options = rest[1..].iter();
            while let Some(option) = options.next() {
                let value = options.next();
                match (option.as_str(), value) {
                    ("--time", Some(value)) => {
                        let seconds = value.parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0);
                        let why = format!("solve: --time is a positive number of seconds, not {value:?}");
                        limit.seconds = Some(seconds.ok_or(why)?);
                    }
                    ("--nodes", Some(value)) => {
                        let nodes = value.parse::<u64>().ok().filter(|&n| n > 0);
                        limit.nodes = Some(nodes.ok_or(format!("solve: --nodes is a positive number, not {value:?}"))?);
                    }
                    ("--time" | "--nodes", None) => return Err(format!("solve: {option} needs a value")),
                    _ => return Err(format!("solve: unexpected argument {option:?}")),
                }
            }
            return Ok(Command::Solve { path, limit });
        }
        "bench" => Command::Bench(rest.first().map_or(DEFAULT_SUITE, String::as_str).to_string()),
        "nboard" => {
            let move_time = match rest {
                [] => Duration::from_secs_f64(DEFAULT_MOVE_SECONDS),
                [option, value] if option == "--movetime" => parse_move_time(value)
                    .ok_or(format!("nboard: --movetime is a positive number of seconds, not {value:?}"))?,
                [option] if option == "--movetime" => return Err("nboard: --movetime needs a value".into()),
                [other, ..] => return Err(format!("nboard: unexpected argument {other:?}")),
            };
            return Ok(Command::Nboard { move_time });
        }
        "levels" => {
            // "auto" (the default): the slice size the app uses for each board.
            let slice = match rest.first().map(String::as_str) {
                None | Some("auto") => None,
                Some(n) => Some(
                    n.parse::<u64>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(format!("levels: a slice is a positive number of nodes or auto, not {n:?}"))?,
                ),
            };
            let levels = match rest.get(1) {
                None => Level::ALL.to_vec(),
                Some(names) => names
                    .split(',')
                    .map(|n| Level::from_name(n).ok_or(format!("levels: no level called {n:?}")))
                    .collect::<Result<_, _>>()?,
            };
            at_most(2)?;
            Command::Levels { slice, levels }
        }
        "match" => return parse_match(rest).map(Command::Match).map_err(|message| format!("match: {message}")),
        "book" => return parse_book_options(rest).map(Command::Book),
        "pace" => {
            let (mut games, mut level, mut seed) = (1, Level::Master, 1);
            let mut args = rest.iter();
            while let Some(option) = args.next() {
                let value = args.next().ok_or(format!("pace: {option} needs a value"))?;
                let bad = || format!("pace: bad value {value:?} for {option}");
                match option.as_str() {
                    "--games" => games = value.parse().ok().filter(|&n| (1..=10_000).contains(&n)).ok_or_else(bad)?,
                    "--level" => level = Level::from_name(value).ok_or_else(bad)?,
                    "--seed" => seed = value.parse().map_err(|_| bad())?,
                    _ => return Err(format!("pace: unexpected argument {option:?}")),
                }
            }
            return Ok(Command::Pace { games, level, seed });
        }
        _ => return Err(format!("unknown command {name:?}")),
    };
    let takes = match command {
        Command::Help => 0,
        Command::Levels { .. } => 2,
        _ => 1,
    };
    at_most(takes)?;
    Ok(command)
}

/// `match` options: `--games N` (even), `--a SIDE`, `--b SIDE` (`EVAL:DEPTH` or `level:NAME`), `--exact E`,
/// `--plies P` (random opening length), `--seed S`, `--weights FILE`, `--a-weights FILE`, `--b-weights FILE`,
/// `--movetime T`. The files are read when the match starts.
fn parse_match(args: &[String]) -> Result<MatchOptions, String> {
    let (mut games, mut a, mut b, mut exact, mut plies, mut seed) =
        (200usize, "pattern:4", "hand:4", 10u32, 8u32, 1u64);
    let (mut weights, mut side_weights, mut movetime) = (None, [None, None], None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        // Read in the option's own type, so a number out of its range is refused rather than wrapped.
        fn number<T>(flag: &str, v: &str, most: T) -> Result<T, String>
        where
            T: std::str::FromStr + PartialOrd + std::fmt::Display,
        {
            v.parse::<T>().ok().filter(|n| *n <= most).ok_or(format!("{flag}: {v:?} is not a number from 0 to {most}"))
        }
        match flag.as_str() {
            "--games" => games = number(flag, value, 1_000_000)?,
            "--a" => a = value,
            "--b" => b = value,
            "--exact" => exact = number(flag, value, 64)?,
            "--plies" => plies = number(flag, value, 60)?,
            "--seed" => seed = number(flag, value, u64::MAX)?,
            "--weights" => weights = Some(value.clone()),
            "--a-weights" => side_weights[0] = Some(value.clone()),
            "--b-weights" => side_weights[1] = Some(value.clone()),
            "--movetime" => movetime = Some(parse_movetime(value)?),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if games == 0 || games % 2 == 1 {
        return Err("--games must be even: each opening is played with both colours".into());
    }
    let (a, b) = (parse_side(a, exact)?, parse_side(b, exact)?);
    Ok(MatchOptions { games, a, b, plies, seed, weights, side_weights, movetime })
}

/// A match side: `hand:4` or `pattern:6` (evaluation and depth, solving exactly from `exact_empties`),
/// `level:advanced`, `clock:master[:SCALE]` (on the clock with its time target and cap times SCALE),
/// `fixed:master:MS` (on the clock, thinking MS on every move without book or time management, as Master did
/// before it managed its time) or `novice` (a corner if it can, else the most discs flipped).
fn parse_side(spec: &str, exact_empties: u32) -> Result<Setting, String> {
    if spec == "novice" {
        return Ok(Setting::Novice);
    }
    let (kind, value) =
        spec.split_once(':').ok_or(format!("{spec:?}: expected EVAL:DEPTH, level:NAME or novice, e.g. pattern:4"))?;
    if kind == "clock" || kind == "fixed" {
        return parse_clocked_side(kind == "fixed", value);
    }
    let eval = match kind {
        "hand" | "handset" => EvalKind::Hand,
        "pattern" => EvalKind::Pattern,
        "level" => return Level::from_name(value).map(Setting::Level).ok_or(format!("{value:?}: no such level")),
        _ => return Err(format!("{kind:?}: evaluation is hand or pattern, or level:NAME")),
    };
    let depth = value.parse().ok().filter(|d| (1..=30).contains(d)).ok_or(format!("{value:?}: depth is 1-30"))?;
    Ok(Setting::Search { eval, depth, exact_empties })
}

/// The level of a `clock:` or `fixed:` side (`value` is what follows the colon) with its times.
fn parse_clocked_side(fixed: bool, value: &str) -> Result<Setting, String> {
    let (name, number) = value.split_once(':').map_or((value, None), |(n, x)| (n, Some(x)));
    let level = Level::from_name(name).ok_or(format!("{name:?}: no such level"))?;
    let settings = level.settings();
    let number = match number {
        None if fixed => return Err(format!("fixed:{name}: give the time per move in ms, e.g. fixed:{name}:1000")),
        None => 1.0,
        Some(x) => {
            x.parse::<f64>().ok().filter(|x| *x > 0.0 && *x <= 1e6).ok_or(format!("{x:?}: not a positive number"))?
        }
    };
    let scaled = |ms: u32| ((f64::from(ms) * number).round() as u32).max(1);
    Ok(if fixed {
        Setting::Clocked { level, target_ms: None, cap_ms: number.round().max(1.0) as u32, book: false }
    } else {
        Setting::Clocked {
            level,
            target_ms: settings.target_ms.map(scaled),
            cap_ms: scaled(settings.time_budget_ms),
            book: settings.book,
        }
    })
}

/// Reads a time per move: `100ms`, `0.5s` or a number of milliseconds.
fn parse_movetime(text: &str) -> Result<Duration, String> {
    let (number, unit) = match text.strip_suffix("ms") {
        Some(ms) => (ms, 1e-3),
        None => text.strip_suffix('s').map_or((text, 1e-3), |s| (s, 1.0)),
    };
    number
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0 && v * unit <= 3600.0)
        .map(|v| Duration::from_secs_f64(v * unit))
        // A time below a nanosecond (1e-300) is no time at all.
        .filter(|t| !t.is_zero())
        .ok_or(format!("--movetime: {text:?} is not a time such as 100ms or 0.5s"))
}

/// Writes to a closed pipe (`reversi-engine solve … | head -1`) end the program quietly, as they end Unix tools,
/// instead of panicking in `println!`: the default action of SIGPIPE, which Rust's runtime sets to ignore.
#[cfg(unix)]
fn die_quietly_on_closed_pipes() {
    // SAFETY: restoring a signal's default action has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn die_quietly_on_closed_pipes() {}

/// A text file, without the byte-order mark some editors put at its start.
fn read_text(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text))
}

fn run_perft(depth: u32) {
    let start = Instant::now();
    let leaves = perft(&Board::start(), depth);
    let secs = start.elapsed().as_secs_f64();
    println!("perft {depth}: {leaves} leaves in {secs:.3} s ({:.1} M leaves/s)", leaves as f64 / secs / 1e6);
}

/// Totals of a solved suite.
struct SuiteTotals {
    positions: usize,
    nodes: u64,
    seconds: f64,
    mismatches: usize,
    /// Positions the limit stopped before their solve finished.
    unfinished: usize,
}

/// When `solve` gives up on a position: after this long or this many nodes (none: never).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct SolveLimit {
    seconds: Option<f64>,
    nodes: Option<u64>,
}

/// Seconds between progress lines of a long solve.
const PROGRESS_EVERY: f64 = 5.0;

/// How a solve ended: exactly, or stopped by the limit with its best guess.
enum Solved {
    Exact(engine::SearchResult),
    Unfinished(Interrupted),
}

/// Solves `board` in slices of nodes, so it can print progress (on stderr) and stop at `limit`.
fn solve_within(searcher: &mut Searcher, board: &Board, line: usize, limit: SolveLimit) -> Solved {
    let start = Instant::now();
    let (mut slices, mut last_progress) = (SolveSlices::default(), 0.0);
    loop {
        let spent = searcher.interrupted().map_or(0, |so_far| so_far.nodes);
        let mut budget = slices.next_budget().min(limit.nodes.map_or(u64::MAX, |most| most.saturating_sub(spent)));
        if let Some(seconds) = limit.seconds {
            // Nodes this solve visits per second so far, to end a slice near the time limit.
            let rate = spent as f64 / start.elapsed().as_secs_f64().max(1e-3);
            let left = (seconds - start.elapsed().as_secs_f64()).max(0.0);
            budget = budget.min((rate * left) as u64 + SolveSlices::FIRST);
        }
        if let Ok(result) = searcher.search(board, &Limits { node_budget: Some(budget.max(1)), ..Limits::exact() }) {
            return Solved::Exact(result);
        }
        let so_far = searcher.interrupted().expect("an aborted search waits to resume");
        let elapsed = start.elapsed().as_secs_f64();
        if limit.seconds.is_some_and(|most| elapsed >= most) || limit.nodes.is_some_and(|most| so_far.nodes >= most) {
            return Solved::Unfinished(so_far);
        }
        if elapsed - last_progress >= PROGRESS_EVERY {
            last_progress = elapsed;
            let midgame = so_far.midgame.map_or("no midgame iteration done yet".to_string(), |(depth, score)| {
                format!("midgame depth {depth} done: {score:+}")
            });
            eprintln!(
                "line {line}: {} empties, {elapsed:.0} s, {:.0} M nodes, {midgame}, best so far {}, still solving",
                board.empty_count(),
                so_far.nodes as f64 / 1e6,
                so_far.best_move.map_or("pass".to_string(), |sq| square_name(sq, 8))
            );
        }
    }
}

/// Solves every position of an OBF file (a fresh table for each), printing one line per position and the totals.
/// A position the limit stops gets the best move and midgame score found so far, marked as not exact.
fn solve_suite(path: &str, limit: SolveLimit) -> Result<SuiteTotals, String> {
    let text = read_text(path)?;
    let mut searcher = Searcher::new(TT_MEGABYTES);
    let mut totals = SuiteTotals { positions: 0, nodes: 0, seconds: 0.0, mismatches: 0, unfinished: 0 };
    println!(
        "{:>5} {:>4} {:>6} {:>8} {:>14} {:>9} {:>9}",
        "line", "move", "score", "expected", "nodes", "time s", "Mnodes/s"
    );
    for (line, parsed) in read_obf_file(&text) {
        let parsed = parsed.map_err(|e| e.to_string()).and_then(|obf| match obf.position.board().as_board() {
            Some(board) => Ok((obf, board)),
            None => Err("only 8×8 positions with the centre filled are solved".to_string()),
        });
        let (position, board) = match parsed {
            Ok(found) => found,
            Err(message) => {
                println!("{line:>5} skipped: {message}");
                totals.mismatches += 1;
                continue;
            }
        };
        searcher.clear();
        let start = Instant::now();
        let solved = solve_within(&mut searcher, &board, line, limit);
        let seconds = start.elapsed().as_secs_f64();
        let expected = position.expected_score();
        let expected_text = expected.map_or("-".to_string(), |e| format!("{e:+}"));
        let (best_move, score, nodes, flag) = match solved {
            Solved::Exact(result) => {
                let mut problems = Vec::new();
                if expected.is_some_and(|e| e != result.score) {
                    problems.push("score");
                }
                let listed =
                    result.best_move.and_then(|sq| position.scores.iter().find(|&&(m, _)| m == Move::Play(sq)));
                if expected.is_some() && listed.is_some_and(|&(_, score)| Some(score) != expected) {
                    problems.push("move");
                }
                totals.mismatches += !problems.is_empty() as usize;
                let flag =
                    if problems.is_empty() { String::new() } else { format!("  MISMATCH ({})", problems.join(", ")) };
                (result.best_move, format!("{:+}", result.score), result.nodes, flag)
            }
            Solved::Unfinished(so_far) => {
                totals.unfinished += 1;
                let (score, flag) = match so_far.midgame {
                    Some((depth, score)) => {
                        (format!("~{score:+}"), format!("  NOT EXACT (limit reached; midgame depth {depth})"))
                    }
                    None => ("?".to_string(), "  NOT EXACT (limit reached before any search finished)".to_string()),
                };
                (so_far.best_move, score, so_far.nodes, flag)
            }
        };
        let mv = best_move.map_or("pass".to_string(), |sq| square_name(sq, 8));
        println!(
            "{line:>5} {mv:>4} {score:>6} {expected_text:>8} {nodes:>14} {seconds:>9.3} {:>9.1}{flag}",
            nodes as f64 / seconds / 1e6
        );
        totals.positions += 1;
        totals.nodes += nodes;
        totals.seconds += seconds;
    }
    let mut verdict = Vec::new();
    if totals.mismatches > 0 {
        verdict.push(format!("{} MISMATCH", totals.mismatches));
    }
    if totals.unfinished > 0 {
        verdict.push(format!("{} NOT EXACT (limit reached)", totals.unfinished));
    }
    println!(
        "total: {} positions, {} nodes, {:.3} s, {:.1} Mnodes/s, {}",
        totals.positions,
        totals.nodes,
        totals.seconds,
        totals.nodes as f64 / totals.seconds.max(1e-9) / 1e6,
        if verdict.is_empty() { "all as expected".to_string() } else { verdict.join(", ") }
    );
    Ok(totals)
}

/// The NBoard protocol until `quit` or the end of stdin. Lines that are not UTF-8 are read lossily.
fn run_nboard(move_time: Duration) {
    let mut session = Session::new(TT_MEGABYTES).with_move_time(move_time);
    let (stdin, stdout, stderr) = (std::io::stdin(), std::io::stdout(), std::io::stderr());
    let (mut input, mut out, mut err) = (stdin.lock(), stdout.lock(), stderr.lock());
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(err, "error: reading stdin: {e}");
                break;
            }
        }
        match session.handle(&String::from_utf8_lossy(&bytes), &mut out, &mut err) {
            Ok(true) => {}
            Ok(false) => break,
            // stdout is gone (the GUI closed the pipe): nobody is listening any more.
            Err(_) => break,
        }
    }
}

/// Positions from a game of the given board, every `every` plies, played by Intermediate with a fixed seed.
fn sample_positions(size: usize, opening: Opening, every: usize, ai: &mut Ai) -> Vec<VariantBoard> {
    let (black, white) = VariantBoard::start_discs(size, opening);
    let mut board = VariantBoard::new(size, black, white);
    let mut positions = Vec::new();
    for ply in 0.. {
        if board.is_game_over() {
            break;
        }
        if ply % every == 0 && board.moves() != 0 {
            positions.push(board);
        }
        board = match ThinkJob::new(&board, Level::Intermediate.settings(), ply as u64).run(ai).mv {
            Some(sq) => board.play(sq),
            None => board.pass(),
        };
    }
    positions
}

/// Each level thinks on positions of every board as the browser would: in slices of `slice` nodes, cut short at
/// the level's time budget. Prints the time per move and the longest slice.
fn bench_levels(slice: Option<u64>, levels: &[Level]) {
    let mut ai = Ai::new(TT_MEGABYTES);
    let boards = [(8, Opening::Standard), (6, Opening::Standard), (10, Opening::Standard), (8, Opening::EmptyCentre)];
    println!("slices of {} nodes", slice.map_or("auto".to_string(), |n| n.to_string()));
    println!(
        "{:<14} {:<13} {:>5} {:>9} {:>9} {:>8} {:>10} {:>9} {:>9} {:>9}",
        "level", "board", "moves", "mean s", "max s", "forced", "Mnodes/s", "slice ms", "p99 ms", "max ms"
    );
    for (size, opening) in boards {
        let positions = sample_positions(size, opening, 7, &mut ai);
        let board_name = format!("{size}x{size}{}", if opening == Opening::EmptyCentre { " centre" } else { "" });
        for &level in levels {
            let settings = level.settings();
            ai.clear();
            let (mut nodes, mut total, mut longest_move, mut forced) = (0, 0.0f64, 0.0f64, 0);
            let mut slices = Vec::new();
            for (i, board) in positions.iter().enumerate() {
                let mut job = ThinkJob::new(board, settings, i as u64);
                let start = Instant::now();
                let decision = loop {
                    let slice_start = Instant::now();
                    let step = job.step(&mut ai, slice.unwrap_or_else(|| slice_nodes(board)));
                    slices.push(slice_start.elapsed().as_secs_f64() * 1e3);
                    if let Some(decision) = step {
                        break decision;
                    }
                    if start.elapsed().as_millis() >= settings.time_budget_ms as u128 {
                        forced += 1;
                        break job.force_move_now();
                    }
                };
                let seconds = start.elapsed().as_secs_f64();
                nodes += decision.nodes;
                total += seconds;
                longest_move = longest_move.max(seconds);
            }
            println!(
                "{:<14} {board_name:<13} {:>5} {:>9.3} {:>9.3} {forced:>8} {:>10.2} {:>9.1} {:>9.1} {:>9.1}",
                settings.name,
                positions.len(),
                total / positions.len() as f64,
                longest_move,
                nodes as f64 / total / 1e6,
                percentile(&mut slices, 0.5),
                percentile(&mut slices, 0.99),
                percentile(&mut slices, 1.0)
            );
        }
    }
}

/// The app's transposition table for the computer, in MB (`app::thinking`).
const APP_TABLE_MEGABYTES: usize = 16;

/// A level plays whole games against itself from the start as the app would make it play (on the clock, in
/// slices, with its time management and book); prints each move's time and the summary.
fn run_pace(games: usize, level: Level, seed: u64) {
    let settings = level.settings();
    let mut ai = Ai::new(APP_TABLE_MEGABYTES);
    let (mut times, mut book_moves, mut forced_moves) = (Vec::new(), 0, 0);
    println!("{} on the clock: target {:?} ms, cap {} ms", settings.name, settings.target_ms, settings.time_budget_ms);
    for game in 0..games as u64 {
        ai.clear();
        let (black, white) = VariantBoard::start_discs(8, Opening::Standard);
        let mut board = VariantBoard::new(8, black, white);
        for ply in 0u64.. {
            if board.is_game_over() {
                break;
            }
            if board.moves() == 0 {
                board = board.pass();
                continue;
            }
            let job_seed = seed.wrapping_mul(1_000_003).wrapping_add(game * 61 + ply);
            let start = Instant::now();
            let decision = ThinkJob::new(&board, settings, job_seed).run_on_clock(
                &mut ai,
                settings.time_budget_ms,
                slice_nodes(&board),
            );
            let seconds = start.elapsed().as_secs_f64();
            let mv = decision.mv.expect("a position with a move");
            let how = if board.moves().count_ones() == 1 {
                forced_moves += 1;
                "forced"
            } else if decision.nodes == 0 {
                book_moves += 1;
                "book"
            } else if decision.exact {
                "exact"
            } else if decision.win_loss_draw {
                "win/loss/draw"
            } else {
                "midgame"
            };
            println!(
                "game {} ply {ply:2} {:>3} {seconds:6.2} s  {how} depth {} score {:+}",
                game + 1,
                square_name(mv, 8),
                decision.depth,
                decision.score
            );
            times.push(seconds);
            board = board.play(mv);
        }
    }
    let moves = times.len();
    let mean = times.iter().sum::<f64>() / moves.max(1) as f64;
    println!(
        "{moves} moves ({book_moves} from the book, {forced_moves} forced): median {:.2} s, mean {mean:.2} s, 90th percentile {:.2} s, longest {:.2} s",
        percentile(&mut times, 0.5),
        percentile(&mut times, 0.9),
        percentile(&mut times, 1.0)
    );
}

/// The `q` quantile (0 to 1) of some durations, nearest rank.
fn percentile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(((values.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0)
}

fn read_weights(path: &str) -> Result<PatternEvaluator, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(PatternEvaluator::new(Weights::decode(&bytes).map_err(|e| format!("{path}: {e}"))?))
}

/// Plays the match, printing progress every 20 games on stderr and the result with its confidence interval.
fn run_match(options: &MatchOptions) -> Result<(), String> {
    let MatchOptions { games, a, b, plies, seed, movetime, .. } = *options;
    let list = openings(games / 2, plies, seed);
    if list.len() < games / 2 {
        return Err(match list.len() {
            0 => format!("no game from the start is still going after {plies} random plies: use fewer --plies"),
            found => format!(
                "only {found} distinct openings (up to symmetry) with a move to play exist after {plies} random plies, \
                 {} wanted: use --games {} or more --plies",
                games / 2,
                2 * found
            ),
        });
    }
    let both = options.weights.as_deref().map_or_else(|| Ok(PatternEvaluator::embedded()), read_weights)?;
    let side = |path: &Option<String>| path.as_deref().map_or_else(|| Ok(both.clone()), read_weights);
    let rules = MatchRules { weights: [side(&options.side_weights[0])?, side(&options.side_weights[1])?], movetime };
    let start = Instant::now();
    let result = play_match(&a, &b, &list, &rules, |r| {
        if r.games() % 20 == 0 {
            eprintln!("{} games: +{} ={} -{}", r.games(), r.wins, r.draws, r.losses);
        }
    });
    let (lo, hi) = result.confidence_95();
    let [name_a, name_b] = options
        .side_weights
        .each_ref()
        .map(|w| w.as_ref().map(|name| format!(" (weights {name})")).unwrap_or_default());
    println!("A: {a}{name_a}\nB: {b}{name_b}");
    if let Some(t) = movetime {
        println!("time per move: {} ms", t.as_millis());
    }
    println!(
        "{} games from {} openings ({plies} random plies, seed {seed}), each with both colours, {:.0} s",
        result.games(),
        list.len(),
        start.elapsed().as_secs_f64()
    );
    println!("A: {} wins, {} draws, {} losses", result.wins, result.draws, result.losses);
    println!(
        "A's score {:.1} % (95 % CI {:.1}-{:.1} %), mean disc difference {:+.2}",
        100.0 * result.score_rate(),
        100.0 * lo,
        100.0 * hi,
        result.mean_disc_difference()
    );
    Ok(())
}

/// The first line of a book cache: the settings, weights and prob-cut fit its values belong to.
fn cache_header(settings: &BuildSettings, weights: u64) -> String {
    format!(
        "# book values: depth {} selectivity {} weights {weights:016x} probcut {:016x}",
        settings.depth,
        settings.selectivity,
        fingerprint(&fit_bytes())
    )
}

/// The values a stopped build with the same depth, selectivity, weights and prob-cut fit searched (none if none).
fn read_book_cache(path: &str, header: &str) -> Result<HashMap<Key, i8>, String> {
    let Ok(text) = std::fs::read_to_string(path) else { return Ok(HashMap::new()) };
    let mut lines = text.lines();
    if lines.next() != Some(header) {
        eprintln!("{path}: other settings, weights or prob-cut fit, starting afresh");
        return Ok(HashMap::new());
    }
    let mut values = HashMap::new();
    for (number, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let parsed = match fields[..] {
            [player, opponent, value] => u64::from_str_radix(player, 16)
                .ok()
                .zip(u64::from_str_radix(opponent, 16).ok())
                .zip(value.parse::<i8>().ok()),
            _ => None,
        };
        match parsed {
            Some((key, value)) => values.insert(key, value),
            // A build stopped mid-write leaves a cut last line: that value is searched again.
            None => {
                eprintln!("{path}: line {} unreadable, ignored", number + 2);
                None
            }
        };
    }
    Ok(values)
}

/// Builds the opening book, resuming from the cache, and writes it.
fn build_book(options: &BookOptions) -> Result<(), String> {
    let bytes = std::fs::read(&options.weights).map_err(|e| format!("cannot read {}: {e}", options.weights))?;
    let weights = Weights::decode(&bytes).map_err(|e| format!("{}: {e}", options.weights))?;
    let print = fingerprint(&bytes);
    let header = cache_header(&options.settings, print);
    let known = read_book_cache(&options.cache, &header)?;
    if let Some(folder) = std::path::Path::new(&options.cache).parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    }
    let resumed = known.len();
    let mut cache = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.cache)
        .map_err(|e| format!("cannot write {}: {e}", options.cache))?;
    if resumed == 0 {
        cache.set_len(0).map_err(|e| format!("cannot write {}: {e}", options.cache))?;
        writeln!(cache, "{header}").map_err(|e| e.to_string())?;
    }
    let lines: Vec<Vec<usize>> = analysis::Openings::get().iter().map(|o| o.moves.clone()).collect();
    let searcher = Searcher::with_evaluator(BOOK_TABLE_MEGABYTES, Box::new(PatternEvaluator::new(weights)));
    let mut build = BookBuild::new(options.settings, &lines, searcher);
    build.searched = known;
    let start = Instant::now();
    let mut failed = None;
    let root = build.run(|(player, opponent), value, build| {
        if let Err(e) = writeln!(cache, "{player:016x} {opponent:016x} {value}") {
            failed.get_or_insert(e.to_string());
        }
        let searched = build.searched.len() - resumed;
        if searched % 25 == 0 {
            eprintln!("{searched} searches in {:.0} s", start.elapsed().as_secs_f64());
        }
    });
    if let Some(e) = failed {
        return Err(format!("cannot write {}: {e}", options.cache));
    }
    let file = Book::write(build.provenance(print), &root);
    let book = Book::read(&file).map_err(|e| e.to_string())?;
    std::fs::write(&options.out, &file).map_err(|e| format!("cannot write {}: {e}", options.out))?;
    println!(
        "{}: {} bytes, {} positions covered (every move valued, {} values), up to ply {}; {} searches ({} resumed) in {:.0} s",
        options.out,
        file.len(),
        book.covered(),
        book.valued(),
        book.deepest_ply(),
        build.searched.len(),
        resumed,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Exit status of a solved suite: 1 if a position was unreadable, solved differently from the file or not solved
/// within the limit, or if there was nothing to solve.
fn exit_on_mismatch(totals: &SuiteTotals) {
    if totals.positions == 0 && totals.mismatches == 0 {
        eprintln!("reversi-engine: no position to solve in the file");
        std::process::exit(1);
    }
    if totals.mismatches > 0 || totals.unfinished > 0 {
        std::process::exit(1);
    }
}

fn main() {
    die_quietly_on_closed_pipes();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = parse_command(&args).unwrap_or_else(|message| {
        eprintln!("reversi-engine: {message}\n{USAGE}");
        std::process::exit(2);
    });
    match command {
        Command::Help => println!("{USAGE}"),
        Command::Perft(depth) => run_perft(depth),
        Command::Solve { path, limit } => match solve_suite(&path, limit) {
            Ok(totals) => exit_on_mismatch(&totals),
            Err(message) => {
                eprintln!("reversi-engine solve: {message}");
                std::process::exit(2);
            }
        },
        Command::Bench(path) => {
            run_perft(BENCH_PERFT_DEPTH);
            match solve_suite(&path, SolveLimit::default()) {
                Ok(totals) => exit_on_mismatch(&totals),
                Err(message) => println!("endgame suite skipped: {message}"),
            }
        }
        Command::Nboard { move_time } => run_nboard(move_time),
        Command::Levels { slice, levels } => bench_levels(slice, &levels),
        Command::Pace { games, level, seed } => run_pace(games, level, seed),
        Command::Book(options) => {
            if let Err(message) = build_book(&options) {
                eprintln!("reversi-engine book: {message}");
                std::process::exit(2);
            }
        }
        Command::Match(options) => {
            if let Err(message) = run_match(&options) {
                eprintln!("reversi-engine match: {message}");
                std::process::exit(2);
            }
        }
    }
}

/// The fuzz tests' random text and command lines.
#[cfg(test)]
mod tests {
    use testkit::fuzz_args::fuzz_command_lines;
    use testkit::fuzz_input::rounds;
    use super::*;

    fn parse(line: &str) -> Result<Command, String> {
        parse_command(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn commands_take_their_arguments_and_refuse_more() {
        assert_eq!(parse("perft 5"), Ok(Command::Perft(5)));
        assert_eq!(parse("solve a.obf"), Ok(Command::Solve { path: "a.obf".into(), limit: SolveLimit::default() }));
        let limit = SolveLimit { seconds: Some(2.5), nodes: Some(1000) };
        assert_eq!(parse("solve a.obf --nodes 1000 --time 2.5"), Ok(Command::Solve { path: "a.obf".into(), limit }));
        assert_eq!(parse("bench"), Ok(Command::Bench(DEFAULT_SUITE.into())));
        assert_eq!(parse("levels 5000 expert"), Ok(Command::Levels { slice: Some(5000), levels: vec![Level::Expert] }));
        assert_eq!(parse("--help"), Ok(Command::Help));
        assert_eq!(parse("nboard --movetime 0.5"), Ok(Command::Nboard { move_time: Duration::from_millis(500) }));
        assert_eq!(
            parse("pace --games 3 --level expert"),
            Ok(Command::Pace { games: 3, level: Level::Expert, seed: 1 })
        );
        let book = BookOptions::default();
        let deeper = BookOptions { settings: BuildSettings { depth: 8, margin: 3, ..book.settings }, ..book };
        assert_eq!(parse("book --depth 8 --margin 3"), Ok(Command::Book(deeper)));
        for bad in [
            "",
            "perft",
            "perft 5 6",
            "perft 4294967297",
            "perft -1",
            "perft 61",
            "solve",
            "solve a b",
            "bench a b",
            "nboard x",
            "levels 0",
            "levels auto expert x",
            "levels auto grandmaster",
            "pace --games 0",
            "pace --level nobody",
            "pace --games",
            "book --depth 0",
            "book --plies x",
            "book --colour red",
            "frobnicate",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn match_options_are_read_with_their_defaults_and_junk_is_refused() {
        let defaults = MatchOptions {
            games: 200,
            a: Setting::Search { eval: EvalKind::Pattern, depth: 4, exact_empties: 10 },
            b: Setting::Search { eval: EvalKind::Hand, depth: 4, exact_empties: 10 },
            plies: 8,
            seed: 1,
            weights: None,
            side_weights: [None, None],
            movetime: None,
        };
        assert_eq!(parse("match"), Ok(Command::Match(defaults)));
        let Ok(Command::Match(options)) =
            parse("match --b level:Expert --exact 12 --a handset:6 --games 10 --b-weights w --movetime 0.5s")
        else {
            panic!("a good match line was refused")
        };
        assert_eq!(options.a, Setting::Search { eval: EvalKind::Hand, depth: 6, exact_empties: 12 });
        assert_eq!(options.b, Setting::Level(Level::Expert));
        assert_eq!((options.games, options.side_weights), (10, [None, Some("w".to_string())]));
        assert_eq!(options.movetime, Some(Duration::from_millis(500)));
        let master = Level::Master.settings();
        assert_eq!(
            parse_side("clock:master:0.5", 10),
            Ok(Setting::Clocked {
                level: Level::Master,
                target_ms: master.target_ms.map(|t| t / 2),
                cap_ms: master.time_budget_ms / 2,
                book: true
            })
        );
        let fixed = Setting::Clocked { level: Level::Master, target_ms: None, cap_ms: 1000, book: false };
        assert_eq!(parse_side("fixed:master:1000", 10), Ok(fixed));
        assert_eq!(parse_side("novice", 10), Ok(Setting::Novice));
        for bad in [
            "match --a fixed:master",
            "match --a clock:master:-1",
            "match --a clock:master:x",
            "match --a clock:nobody",
            "match --games 3",
            "match --games 0",
            "match --a alpha:5",
            "match --a hand:x",
            "match --b hand:31",
            "match --a level:grandmaster",
            "match --a novice:2",
            "match --b Novice",
            "match --a pattern",
            "match --exact 65",
            "match --plies 61",
            "match --seed -1",
            "match --movetime",
            "match --colour white",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn times_per_move_are_read_with_their_unit_and_junk_is_refused() {
        assert_eq!(parse_movetime("100ms"), Ok(Duration::from_millis(100)));
        assert_eq!(parse_movetime("0.5s"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_movetime("250"), Ok(Duration::from_millis(250)));
        for junk in ["", "ms", "fast", "0ms", "-5ms", "1e9s", "NaNs", "1e-300"] {
            assert!(parse_movetime(junk).is_err(), "{junk:?}");
        }
    }

    /// What each command may hold once read: the ranges its usage and messages promise.
    fn in_range(command: &Command) -> bool {
        let positive_seconds = |s: f64| s.is_finite() && s > 0.0;
        match command {
            Command::Help | Command::Bench(_) => true,
            Command::Perft(depth) => *depth <= PERFT_MAX_DEPTH,
            Command::Solve { limit, .. } => limit.seconds.is_none_or(positive_seconds) && limit.nodes != Some(0),
            Command::Nboard { move_time } => *move_time < Duration::from_secs(1_000_000_000),
            Command::Levels { slice, levels } => *slice != Some(0) && !levels.is_empty(),
            Command::Match(m) => {
                let side_in_range = |side: &Setting| match *side {
                    Setting::Search { depth, exact_empties, .. } => (1..=30).contains(&depth) && exact_empties <= 64,
                    Setting::Level(_) | Setting::Novice => true,
                    Setting::Clocked { target_ms, cap_ms, .. } => cap_ms > 0 && target_ms.is_none_or(|t| t > 0),
                };
                (2..=1_000_000).contains(&m.games)
                    && m.games % 2 == 0
                    && m.plies <= 60
                    && side_in_range(&m.a)
                    && side_in_range(&m.b)
                    && m.movetime.is_none_or(|t| !t.is_zero() && t <= Duration::from_secs(3600))
            }
            Command::Pace { games, .. } => (1..=10_000).contains(games),
            Command::Book(b) => {
                let s = &b.settings;
                (1..=30).contains(&s.depth) && s.max_ply >= 1 && s.margin >= 1 && s.max_positions >= 1
            }
        }
    }

    #[test]
    fn random_and_mutated_command_lines_are_read_in_range_or_refused_never_panic() {
        const WORDS: &[&str] = &[
            "perft",
            "solve",
            "bench",
            "nboard",
            "levels",
            "match",
            "pace",
            "book",
            "help",
            "--help",
            "-h",
            "--time",
            "--nodes",
            "--movetime",
            "--games",
            "--a",
            "--b",
            "--exact",
            "--plies",
            "--seed",
            "--weights",
            "--a-weights",
            "--b-weights",
            "auto",
            "expert",
            "beginner,master",
            "hand:4",
            "pattern:30",
            "level:advanced",
            "clock:master:0.1",
            "fixed:master:500",
            "fixed:master",
            "novice",
            "novice:3",
            "--depth",
            "--positions",
            "level:",
            "hand:0",
            "handset:31",
            "a.obf",
        ];
        const GOOD: &[&str] = &[
            "perft 5",
            "solve a.obf --time 2.5 --nodes 1000",
            "bench a.obf",
            "nboard --movetime 0.5",
            "levels 5000 expert,master",
            "match --games 10 --a hand:2 --b level:beginner --exact 12 --plies 8 --seed 3 --weights w --a-weights x \
             --b-weights y --movetime 100ms",
            "match --a novice --b level:beginner",
            "pace --games 2 --level expert --seed 4",
            "book --depth 6 --plies 4 --margin 2 --positions 50 --cache c --out o --weights w",
            "help",
        ];
        fuzz_command_lines("reversi-engine", 31, 20 * rounds(), (WORDS, GOOD), parse_command, in_range);
    }
}
