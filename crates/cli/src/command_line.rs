//! The command line read: which subcommand with which options, or what is wrong with the arguments; and the usage
//! text that says what they may be.

use crate::commands::deepen_command::DeepenOptions;
use crate::suite_solve::SolveLimit;
use cli::nboard::nboard_session::{parse_move_time, DEFAULT_MOVE_SECONDS};
use engine::ai::match_play::{EvalKind, Setting};
use engine::book::book_build::BuildSettings;
use engine::Level;
use std::time::Duration;

/// FFO #40-#49 (the benchmark's copy), relative to the project directory.
pub const DEFAULT_SUITE: &str = "bench/ffo40-49.obf";
/// A perft deeper than a game is the same count as one to its end.
pub const PERFT_MAX_DEPTH: u32 = 60;

pub const USAGE: &str = "usage: reversi-engine perft <depth>
       reversi-engine solve <file.obf> [--time SECONDS] [--nodes N]
                                             exact solve of every position, checked against the file's scores;
                                             a position not solved within the limit gets the best guess so far
       reversi-engine bench [<file.obf>]     perft 12 and the solve totals (default bench/ffo40-49.obf)
       reversi-engine nboard [--movetime SECONDS] [--level NAME]
                                             the NBoard protocol on stdin/stdout, each go or hint answered
                                             within SECONDS (default 10); with --level each go is that
                                             level's move with SECONDS on every move (no book), as
                                             match's fixed:NAME:MS side plays
       reversi-engine levels [<slice nodes>|auto [<level,level..>]]
                                             each level's thinking time and slice length on every board
       reversi-engine match [--games N] [--a SIDE] [--b SIDE] [--exact E] [--plies P] [--seed S] [--weights FILE]
                            [--a-weights FILE] [--b-weights FILE] [--movetime 100ms[,300ms..]] [--depths]
                            [--balanced DISCS] [--record FILE]
                                             SIDE = hand:DEPTH, pattern:DEPTH, level:NAME (its settings, on
                                             its node budget), clock:NAME[:SCALE] (on the clock as the app
                                             plays it, times scaled), fixed:NAME:MS (MS every move, no book
                                             nor time management; fixed:NAME with --movetime: each time per
                                             move), novice (a corner if it can, else the most discs flipped)
                                             or 'nboard:PROGRAM ARGS..' (another engine over NBoard, told
                                             each --movetime; e.g. the baseline of scripts/baseline.sh);
                                             with --movetime DEPTH is the cap of a timed search, and the
                                             match is played at each time per move in turn; each side's
                                             depth per move is summed up, --depths lists every move's;
                                             --balanced keeps only openings a depth-12 search scores
                                             within DISCS of even (as XOT's are chosen); --record
                                             appends each game to FILE (openings and moves) for audit
       reversi-engine audit <record> --engine 'PROGRAM ARGS..' --engine .. [--empties 25-28] [--movetime 1s]
                                             each position side A was to move in within the empties of a
                                             match --record file, put to every NBoard engine at the time per
                                             move; where their moves differ, the positions after them solved
                                             for win/loss/draw: each engine's classes behind the best move
       reversi-engine pace [--games N] [--level NAME] [--seed S]
                                             the level (default Master) plays N games (1) against itself from
                                             the start on the clock as in the app (slices, time management, book):
                                             each move's time, then the median, 90th percentile and longest
       reversi-engine deepen [--positions N] [--empties E] [--seconds S] [--slice NODES] [--table MB] [--seed S]
                                             Master's iterative deepening on N (20) positions of E (40)
                                             empties, S (1) s each, in search calls of NODES (20000, the
                                             app's slice) with a table of MB (16): per depth the positions
                                             that finished it, when, its nodes and nodes per second
       reversi-engine book [--depth D] [--plies P] [--margin M] [--positions N] [--weights FILE]
                           [--cache FILE] [--out FILE]
                                             builds the opening book (default crates/engine/data/book.bin) with searches of
                                             depth D (10) from the start, following moves within M discs (2) of
                                             the best up to ply P (8) and the named lines, at most N positions
                                             (500), with crates/engine/data/eval.weights (--weights): the shipped book's
                                             settings; the searched values go to --cache as they come (default
                                             target/book-cache.txt) and a rerun with the same settings resumes from
                                             them; a file there that is not such a cache is left alone and refused
       reversi-engine help                   this text (also --help, -h)";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Command {
    Help,
    Perft(u32),
    Solve { path: String, limit: SolveLimit },
    Bench(String),
    Nboard { move_time: Duration, level: Option<Level> },
    Levels { slice: Option<u64>, levels: Vec<Level> },
    Match(MatchOptions),
    Book(BookOptions),
    Pace { games: usize, level: Level, seed: u64 },
    Deepen(DeepenOptions),
    Audit(AuditOptions),
}

/// A side of a match: one of the engine's own settings, or another program over NBoard (its command line).
#[derive(Debug, PartialEq)]
pub enum MatchSide {
    Engine(Setting),
    Nboard(Vec<String>),
}

impl std::fmt::Display for MatchSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchSide::Engine(setting) => write!(f, "{setting}"),
            MatchSide::Nboard(command) => write!(f, "NBoard engine `{}`", command.join(" ")),
        }
    }
}

/// What `match` is asked to play: `games` games (both colours of `games / 2` openings of `plies` random plies from
/// `seed`), side A against side B, each searching side with the pattern weights of its file if one is given.
#[derive(Debug, PartialEq)]
pub struct MatchOptions {
    pub games: usize,
    pub a: MatchSide,
    pub b: MatchSide,
    pub plies: u32,
    pub seed: u64,
    /// `--weights`: both sides' pattern weights instead of the shipped ones.
    pub weights: Option<String>,
    /// `--a-weights`, `--b-weights`: one side's own, over `weights`.
    pub side_weights: [Option<String>; 2],
    /// `--movetime`: searching sides deepen until this is spent on a move, their depth being the cap; the match is
    /// played once per time given. Empty: no time per move.
    pub movetimes: Vec<Duration>,
    /// `--depths`: list each move's depth, game by game.
    pub depths: bool,
    /// `--balanced DISCS`: only openings a search scores within this many discs of even
    /// (`match_play::balanced_openings`).
    pub balanced: Option<i32>,
    /// `--record FILE`: the file each game's line is appended to (`match_record`).
    pub record: Option<String>,
}

/// `reversi-engine audit`: the match record to read, the NBoard engines to ask (each a command line), the band of
/// empties of the positions put to them and their time per move.
#[derive(Debug, PartialEq)]
pub struct AuditOptions {
    pub record: String,
    pub engines: Vec<Vec<String>>,
    pub empties: std::ops::RangeInclusive<u32>,
    pub movetime: Duration,
}

/// `reversi-engine book`: what to cover, how deep, and the files.
#[derive(Debug, PartialEq)]
pub struct BookOptions {
    pub settings: BuildSettings,
    pub weights: String,
    pub cache: String,
    pub out: String,
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
pub fn parse_command(args: &[String]) -> Result<Command, String> {
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
            let (mut move_time, mut level) = (Duration::from_secs_f64(DEFAULT_MOVE_SECONDS), None);
            let mut args = rest.iter();
            while let Some(option) = args.next() {
                let value = args.next();
                match (option.as_str(), value) {
                    ("--movetime", Some(value)) => {
                        move_time = parse_move_time(value)
                            .ok_or(format!("nboard: --movetime is a positive number of seconds, not {value:?}"))?
                    }
                    ("--level", Some(value)) => {
                        level = Some(Level::from_name(value).ok_or(format!("nboard: no level called {value:?}"))?)
                    }
                    ("--movetime" | "--level", None) => return Err(format!("nboard: {option} needs a value")),
                    _ => return Err(format!("nboard: unexpected argument {option:?}")),
                }
            }
            return Ok(Command::Nboard { move_time, level });
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
        "deepen" => return parse_deepen(rest).map(Command::Deepen).map_err(|message| format!("deepen: {message}")),
        "audit" => return parse_audit(rest).map(Command::Audit).map_err(|message| format!("audit: {message}")),
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

/// `deepen` options, each a positive number in its range.
fn parse_deepen(args: &[String]) -> Result<DeepenOptions, String> {
    let mut options = DeepenOptions::default();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let whole = |most: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or(format!("{flag} is 1 to {most}, not {value:?}"))
        };
        match flag.as_str() {
            "--positions" => options.positions = whole(100_000)? as usize,
            "--empties" => options.empties = whole(59)? as u32,
            "--seconds" => {
                let seconds = value.parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0);
                options.seconds = seconds.ok_or(format!("--seconds is a time up to 3600, not {value:?}"))?;
            }
            "--slice" => options.slice = whole(u64::MAX)?,
            "--table" => options.table_mb = whole(4096)? as usize,
            "--seed" => options.seed = value.parse().map_err(|_| format!("--seed is a number, not {value:?}"))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

/// `audit` options: the record file first, then `--engine COMMAND` (two or more), `--empties LO-HI`,
/// `--movetime T`.
fn parse_audit(args: &[String]) -> Result<AuditOptions, String> {
    let (record, rest) = args.split_first().ok_or("give the record file of a match (match --record)")?;
    let mut options = AuditOptions {
        record: record.clone(),
        engines: Vec::new(),
        empties: 25..=28,
        movetime: Duration::from_secs(1),
    };
    let mut it = rest.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--engine" => {
                let command: Vec<String> = value.split_whitespace().map(String::from).collect();
                if command.is_empty() {
                    return Err("--engine: give the engine's command line".into());
                }
                options.engines.push(command);
            }
            "--empties" => {
                let band = value.split_once('-').and_then(|(lo, hi)| Some((lo.parse().ok()?, hi.parse().ok()?)));
                let (lo, hi) = band
                    .filter(|&(lo, hi)| 1 <= lo && lo <= hi && hi <= 59)
                    .ok_or(format!("--empties is a band LO-HI within 1-59, not {value:?}"))?;
                options.empties = lo..=hi;
            }
            "--movetime" => options.movetime = parse_movetime(value)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.engines.len() < 2 {
        return Err("give two engines or more (--engine 'PROGRAM ARGS..' each)".into());
    }
    Ok(options)
}

/// `match` options: `--games N` (even), `--a SIDE`, `--b SIDE` (`EVAL:DEPTH` or `level:NAME`), `--exact E`,
/// `--plies P` (random opening length), `--seed S`, `--weights FILE`, `--a-weights FILE`, `--b-weights FILE`,
/// `--movetime T[,T..]`, `--depths` (no value), `--balanced DISCS`, `--record FILE`. The files are read, and NBoard
/// engines started, when the match starts.
fn parse_match(args: &[String]) -> Result<MatchOptions, String> {
    let (mut games, mut a, mut b, mut exact, mut plies, mut seed) =
        (200usize, "pattern:4", "hand:4", 10u32, 8u32, 1u64);
    let (mut weights, mut side_weights, mut movetimes, mut depths, mut balanced, mut record) =
        (None, [None, None], Vec::new(), false, None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--depths" {
            depths = true;
            continue;
        }
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
            "--movetime" => movetimes = value.split(',').map(parse_movetime).collect::<Result<_, _>>()?,
            "--balanced" => balanced = Some(i32::from(number::<u8>(flag, value, 64)?)),
            "--record" => record = Some(value.clone()),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if games == 0 || games % 2 == 1 {
        return Err("--games must be even: each opening is played with both colours".into());
    }
    let timed = !movetimes.is_empty();
    let (a, b) = (parse_match_side(a, exact, timed)?, parse_match_side(b, exact, timed)?);
    Ok(MatchOptions { games, a, b, plies, seed, weights, side_weights, movetimes, depths, balanced, record })
}

/// A side of `match`: `nboard:PROGRAM ARGS..` (words split at spaces) or one of the engine's settings
/// (`parse_side`). `timed`: whether `--movetime` gives the times per move, which an NBoard engine and a `fixed:NAME`
/// side without its own time need, and a `fixed:NAME:MS` side may not be given as well.
fn parse_match_side(spec: &str, exact_empties: u32, timed: bool) -> Result<MatchSide, String> {
    if let Some(command) = spec.strip_prefix("nboard:") {
        let words: Vec<String> = command.split_whitespace().map(String::from).collect();
        if words.is_empty() {
            return Err("nboard: give the engine's command line, e.g. \"nboard:edax -nboard\"".into());
        }
        if !timed {
            return Err(format!("{spec:?} needs --movetime: the time per move the engine is told"));
        }
        return Ok(MatchSide::Nboard(words));
    }
    let setting = parse_side(spec, exact_empties)?;
    match setting {
        Setting::Timed(_) if !timed => {
            Err(format!("{spec:?}: give the time per move in ms (e.g. {spec}:1000), or --movetime"))
        }
        Setting::Clocked { .. } if timed && spec.starts_with("fixed:") => {
            Err(format!("{spec:?} with --movetime: give it without its time, and it thinks each --movetime"))
        }
        _ => Ok(MatchSide::Engine(setting)),
    }
}

/// A match side: `hand:4` or `pattern:6` (evaluation and depth, solving exactly from `exact_empties`),
/// `level:advanced`, `clock:master[:SCALE]` (on the clock with its time target and cap times SCALE),
/// `fixed:master:MS` (on the clock, thinking MS on every move without book or time management, as Master did
/// before it managed its time; `fixed:master` thinks the match's time per move) or `novice` (a corner if it can, else the most discs flipped).
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
        None if fixed => return Ok(Setting::Timed(level)),
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

/// The fuzz tests' random text and command lines.
#[cfg(test)]
mod tests {
    use super::*;
    use testkit::fuzz_args::fuzz_command_lines;
    use testkit::fuzz_input::rounds;

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
        let half = Duration::from_millis(500);
        assert_eq!(parse("nboard --movetime 0.5"), Ok(Command::Nboard { move_time: half, level: None }));
        let master = Command::Nboard { move_time: half, level: Some(Level::Master) };
        assert_eq!(parse("nboard --level master --movetime 0.5"), Ok(master));
        assert_eq!(
            parse("pace --games 3 --level expert"),
            Ok(Command::Pace { games: 3, level: Level::Expert, seed: 1 })
        );
        let book = BookOptions::default();
        let deeper = BookOptions { settings: BuildSettings { depth: 8, margin: 3, ..book.settings }, ..book };
        assert_eq!(parse("book --depth 8 --margin 3"), Ok(Command::Book(deeper)));
        let deepen = DeepenOptions { positions: 5, seconds: 0.5, table_mb: 64, ..DeepenOptions::default() };
        assert_eq!(parse("deepen --positions 5 --seconds 0.5 --table 64"), Ok(Command::Deepen(deepen)));
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
            "nboard --level",
            "nboard --level grandmaster",
            "nboard --movetime 0",
            "levels 0",
            "levels auto expert x",
            "levels auto grandmaster",
            "pace --games 0",
            "pace --level nobody",
            "pace --games",
            "book --depth 0",
            "book --plies x",
            "book --colour red",
            "deepen --positions 0",
            "deepen --seconds -1",
            "deepen --empties 60",
            "deepen --slice",
            "deepen --table x",
            "frobnicate",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn match_options_are_read_with_their_defaults_and_junk_is_refused() {
        let defaults = MatchOptions {
            games: 200,
            a: MatchSide::Engine(Setting::Search { eval: EvalKind::Pattern, depth: 4, exact_empties: 10 }),
            b: MatchSide::Engine(Setting::Search { eval: EvalKind::Hand, depth: 4, exact_empties: 10 }),
            plies: 8,
            seed: 1,
            weights: None,
            side_weights: [None, None],
            movetimes: Vec::new(),
            depths: false,
            balanced: None,
            record: None,
        };
        assert_eq!(parse("match"), Ok(Command::Match(defaults)));
        let Ok(Command::Match(options)) =
            parse("match --b level:Expert --exact 12 --a handset:6 --games 10 --b-weights w --movetime 0.5s")
        else {
            panic!("a good match line was refused")
        };
        assert_eq!(options.a, MatchSide::Engine(Setting::Search { eval: EvalKind::Hand, depth: 6, exact_empties: 12 }));
        assert_eq!(options.b, MatchSide::Engine(Setting::Level(Level::Expert)));
        assert_eq!((options.games, options.side_weights), (10, [None, Some("w".to_string())]));
        assert_eq!(options.movetimes, [Duration::from_millis(500)]);
        // Two time controls, the baseline over NBoard, every move's depth listed.
        let args =
            ["match", "--a", "fixed:master", "--b", "nboard:/x/reversi-engine  nboard", "--movetime", "100ms,0.3s"];
        let Ok(Command::Match(options)) = parse_command(&args.map(String::from)) else {
            panic!("a match against an NBoard engine at two time controls was refused")
        };
        assert_eq!(options.movetimes, [Duration::from_millis(100), Duration::from_millis(300)]);
        assert_eq!(options.a, MatchSide::Engine(Setting::Timed(Level::Master)));
        let words = ["/x/reversi-engine", "nboard"].map(String::from).to_vec();
        assert_eq!(options.b, MatchSide::Nboard(words));
        assert!(!options.depths);
        let args: Vec<String> =
            ["match", "--depths", "--b", "nboard:edax -nboard -q", "--movetime", "1s"].map(String::from).to_vec();
        let Ok(Command::Match(options)) = parse_command(&args) else { panic!("--depths was refused") };
        assert!(options.depths);
        assert_eq!(options.b, MatchSide::Nboard(["edax", "-nboard", "-q"].map(String::from).to_vec()));
        let Ok(Command::Match(options)) = parse("match --balanced 3") else { panic!("--balanced was refused") };
        assert_eq!(options.balanced, Some(3));
        let Ok(Command::Match(options)) = parse("match --record games.txt") else { panic!("--record was refused") };
        assert_eq!(options.record.as_deref(), Some("games.txt"));
        assert!(parse("match --a clock:expert --movetime 1s").is_ok(), "clock sides keep their own times");
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
            "match --balanced",
            "match --balanced -1",
            "match --balanced 65",
            "match --movetime",
            "match --movetime 100ms,",
            "match --movetime 100ms,x",
            "match --a fixed:master:100 --movetime 100ms",
            "match --a nboard:",
            "match --a nboard:edax",
            "match --colour white",
            "match --record",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn audit_options_are_read_with_their_defaults_and_junk_is_refused() {
        let args = ["audit", "games.txt", "--engine", "/x/a nboard --level master", "--engine", "/x/b  nboard"];
        let Ok(Command::Audit(options)) = parse_command(&args.map(String::from)) else {
            panic!("an audit of two engines was refused")
        };
        let words = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let engines = vec![words(&["/x/a", "nboard", "--level", "master"]), words(&["/x/b", "nboard"])];
        let expected =
            AuditOptions { record: "games.txt".into(), engines, empties: 25..=28, movetime: Duration::from_secs(1) };
        assert_eq!(options, expected);
        let Ok(Command::Audit(options)) = parse("audit g --engine a --engine b --empties 19-24 --movetime 300ms")
        else {
            panic!("an audit with a band and a time was refused")
        };
        assert_eq!((options.empties, options.movetime), (19..=24, Duration::from_millis(300)));
        for bad in [
            "audit",
            "audit g",
            "audit g --engine a",
            "audit g --engine a --engine",
            "audit g --engine a --engine b --empties 28-25",
            "audit g --engine a --engine b --empties 0-5",
            "audit g --engine a --engine b --empties 25-60",
            "audit g --engine a --engine b --empties 25",
            "audit g --engine a --engine b --movetime x",
            "audit g --engine a --engine b --colour red",
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
            Command::Nboard { move_time, .. } => *move_time < Duration::from_secs(1_000_000_000),
            Command::Levels { slice, levels } => *slice != Some(0) && !levels.is_empty(),
            Command::Match(m) => {
                let side_in_range = |side: &MatchSide| match *side {
                    MatchSide::Nboard(ref words) => !words.is_empty() && !m.movetimes.is_empty(),
                    MatchSide::Engine(setting) => match setting {
                        Setting::Search { depth, exact_empties, .. } => {
                            (1..=30).contains(&depth) && exact_empties <= 64
                        }
                        Setting::Level(_) | Setting::Novice | Setting::Timed(_) => true,
                        Setting::Clocked { target_ms, cap_ms, .. } => cap_ms > 0 && target_ms.is_none_or(|t| t > 0),
                    },
                };
                (2..=1_000_000).contains(&m.games)
                    && m.games % 2 == 0
                    && m.plies <= 60
                    && side_in_range(&m.a)
                    && side_in_range(&m.b)
                    && m.movetimes.iter().all(|t| !t.is_zero() && *t <= Duration::from_secs(3600))
            }
            Command::Pace { games, .. } => (1..=10_000).contains(games),
            Command::Audit(a) => {
                a.engines.len() >= 2
                    && a.engines.iter().all(|words| !words.is_empty())
                    && 1 <= *a.empties.start()
                    && a.empties.start() <= a.empties.end()
                    && *a.empties.end() <= 59
                    && !a.movetime.is_zero()
            }
            Command::Deepen(d) => {
                d.positions >= 1 && (1..=59).contains(&d.empties) && d.seconds > 0.0 && d.slice >= 1 && d.table_mb >= 1
            }
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
            "deepen",
            "--slice",
            "--table",
            "--empties",
            "help",
            "--help",
            "-h",
            "--time",
            "--nodes",
            "--movetime",
            "--level",
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
            "nboard:x",
            "100ms,1s",
            "--depths",
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
            "nboard --movetime 0.5 --level master",
            "levels 5000 expert,master",
            "match --games 10 --a hand:2 --b level:beginner --exact 12 --plies 8 --seed 3 --weights w --a-weights x \
             --b-weights y --movetime 100ms",
            "match --a novice --b level:beginner",
            "pace --games 2 --level expert --seed 4",
            "book --depth 6 --plies 4 --margin 2 --positions 50 --cache c --out o --weights w",
            "deepen --positions 2 --empties 40 --seconds 0.1 --slice 20000 --table 16 --seed 2",
            "help",
        ];
        fuzz_command_lines("reversi-engine", 31, 20 * rounds(), (WORDS, GOOD), parse_command, in_range);
    }
}
