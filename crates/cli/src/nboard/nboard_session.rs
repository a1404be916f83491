//! The NBoard protocol (Chris Welty's, spoken by the NBoard GUI, Edax and Egaroucid): one command per line on
//! stdin, replies on stdout.
//!
//! Commands: `nboard <version>`, `set depth <n>`, `set movetime <seconds>`, `set game <GGF>`, `set contempt <n>`,
//! `move <mv>[/eval/time]`,
//! `go` (reply `=== <mv>/<eval>/<time>`, or `=== PA` when the side to move has to pass), `hint <n>`
//! (`search <mv> <eval> 0 <depth>` lines, the best first; `search PA …` for a side that has to pass), `ping <n>`
//! (`pong <n>`), `learn` (`learned`; nothing is learnt), `quit`. Thinking is bracketed by `status` lines and
//! followed by `nodestats <nodes> <seconds>`. A malformed record or an illegal move is reported on a `status`
//! line and on stderr, and the session goes on with its position unchanged; unknown commands are ignored.
//!
//! Every `go` and `hint` answers within the session's time per move (`set movetime S`, or `reversi-engine nboard
//! --movetime S`, 10 s by default): a search the depth asks for that is not done by then gives its deepest finished
//! answer, and a hint the moves of its deepest finished iteration (depth 1 at least). A session playing as a level
//! (`reversi-engine nboard --level master`) answers each `go` as that level does with that time on every move (no
//! book, no time management; `match --a fixed:master:MS` plays the same), whatever depth is set. Before its `===`
//! line each `go` says how deep it searched: `status depth <plies>`, or `status solved <empties> empties exactly`
//! (or `… win/loss/draw`) for an endgame solve.
//!
//! The game passes by itself for a side with no move, but the GUI still has that side to move until it sends
//! `move PA`: until then the session answers for the side that passes.

use super::ggf::{parse_ggf, parse_move};
use engine::ai::think_job::slice_nodes;
use engine::search::NO_SELECTIVITY;
use engine::Ai;
use engine::{Decision, ThinkJob, VariantBoard};
use engine::{Level, LevelSettings};
use game::{square_name, Game, Move};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// At most `most` characters of `text`, marked when cut.
fn shortened(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

pub const ENGINE_NAME: &str = "reversi-engine";
/// Depth until the GUI sets one.
const DEFAULT_DEPTH: u32 = 10;
const MAX_DEPTH: u32 = 60;
/// Time per `go` or `hint` until told otherwise.
pub const DEFAULT_MOVE_SECONDS: f64 = 10.0;
/// Characters of a bad line echoed on stderr, and of an error message (which may quote the line), at most: a line
/// can be megabytes of junk.
const ECHO_CHARS: usize = 80;
const MESSAGE_CHARS: usize = 240;

/// A time per move given in seconds (`set movetime`, `--movetime`): positive and finite.
pub fn parse_move_time(seconds: &str) -> Option<Duration> {
    seconds.parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9).map(Duration::from_secs_f64)
}

pub struct Session {
    ai: Ai,
    game: Game,
    /// The game has recorded a forced pass the GUI has not sent yet (`move PA`): for the GUI the side that passes is
    /// still to move, so `go` answers `PA` and `hint` hints the pass.
    pass_pending: bool,
    depth: u32,
    move_time: Duration,
    /// Plays each `go` as this level on the session's time per move, instead of at the set depth.
    level: Option<Level>,
}

/// The search settings for an NBoard depth: midgame `depth` plies, solving exactly from about 1.5 × depth + 4
/// empties (capped at 24, FFO-size endgames) and for win/loss/draw two empties earlier.
pub fn depth_settings(depth: u32) -> LevelSettings {
    let exact_empties = (depth + depth / 2 + 4).min(24);
    LevelSettings {
        name: "NBoard",
        depth,
        exact_empties,
        wld_empties: exact_empties + 2,
        node_budget: u64::MAX,
        time_budget_ms: 0,
        target_ms: None,
        book: false,
        temperature: 0.0,
        endgame_temperature: 0.0,
        selectivity: NO_SELECTIVITY,
    }
}

/// How deep a `go` searched, as its status line says it.
pub fn searched_depth(decision: &Decision) -> String {
    let depth = decision.depth;
    match (decision.exact, decision.win_loss_draw) {
        (true, _) => format!("solved {depth} empties exactly"),
        (false, true) => format!("solved {depth} empties win/loss/draw"),
        _ => format!("depth {depth}"),
    }
}

impl Session {
    /// A session on the standard start whose 8×8 table takes about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Self {
        Session {
            ai: Ai::new(tt_megabytes),
            game: Game::default(),
            pass_pending: false,
            depth: DEFAULT_DEPTH,
            move_time: Duration::from_secs_f64(DEFAULT_MOVE_SECONDS),
            level: None,
        }
    }

    /// The same session answering each `go` as `level` would with the time per move on every move.
    pub fn playing_as(self, level: Option<Level>) -> Self {
        Session { level, ..self }
    }

    /// The same session answering each `go` and `hint` within `move_time`.
    pub fn with_move_time(self, move_time: Duration) -> Self {
        Session { move_time, ..self }
    }

    /// The game as the session knows it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Handles one line. Returns `Ok(false)` after `quit`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write, err: &mut impl Write) -> io::Result<bool> {
        // A byte-order mark some tools put before the first line is not part of the command.
        let line = line.trim_start_matches('\u{feff}').trim();
        let (command, argument) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let argument = argument.trim();
        let outcome = match command {
            "" => Ok(()),
            "quit" => return Ok(false),
            "nboard" => {
                if argument != "2" {
                    writeln!(err, "warning: NBoard protocol version {argument:?}, expected 2")?;
                }
                writeln!(out, "set myname {ENGINE_NAME}")?;
                Ok(())
            }
            "set" => self.set(argument),
            "move" => self.play(argument),
            "go" => self.go(out),
            "hint" => match argument.parse::<usize>() {
                Ok(count) if count > 0 => self.hint(count, out),
                _ => Err(format!("hint needs a positive number of moves, not {argument:?}")),
            },
            "ping" => {
                writeln!(out, "pong {argument}")?;
                Ok(())
            }
            "learn" => {
                writeln!(out, "learned")?;
                Ok(())
            }
            _ => {
                writeln!(err, "ignoring unknown command {:?}", shortened(command, ECHO_CHARS))?;
                Ok(())
            }
        };
        match outcome {
            Ok(()) => {}
            Err(message) => {
                let message = shortened(&message, MESSAGE_CHARS);
                writeln!(out, "status error: {message}")?;
                writeln!(err, "error: {message} (in {:?})", shortened(line, ECHO_CHARS))?;
            }
        }
        out.flush()?;
        Ok(true)
    }

    fn set(&mut self, argument: &str) -> Result<(), String> {
        let (name, value) = argument.split_once(char::is_whitespace).unwrap_or((argument, ""));
        let value = value.trim();
        match name {
            "depth" => match value.parse::<u32>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => {
                    self.depth = depth;
                    Ok(())
                }
                _ => Err(format!("depth must be 1 to {MAX_DEPTH}, not {value:?}")),
            },
            "movetime" => {
                self.move_time =
                    parse_move_time(value).ok_or(format!("movetime is a positive number of seconds, not {value:?}"))?;
                Ok(())
            }
            "game" => {
                let record = parse_ggf(value).map_err(|e| e.to_string())?;
                let game = record.replay().map_err(|e| e.to_string())?;
                // The GUI's side to move follows the record; the game has passed for it if it had no move.
                let gui_to_move = record.moves.last().map_or(record.start.to_move(), |&(color, _)| color.opponent());
                self.pass_pending = !game.is_over() && game.to_move() != gui_to_move;
                self.game = game;
                Ok(())
            }
            // The score of a draw to the engine; this engine plays for the disc difference and ignores it.
            "contempt" => {
                value.parse::<i32>().map(|_| ()).map_err(|_| format!("contempt must be a number, not {value:?}"))
            }
            _ => Err(format!("cannot set {name:?}")),
        }
    }

    fn play(&mut self, argument: &str) -> Result<(), String> {
        let n = self.game.position().size().n();
        match parse_move(argument, n) {
            Some(Move::Play(square)) => {
                self.game.play(square).map_err(|e| format!("illegal move {e}"))?;
                self.pass_pending = self.game.last_move() == Some(Move::Pass);
                Ok(())
            }
            // The game passes by itself when a side has no move, so a pass is only acknowledged.
            Some(Move::Pass) if self.pass_pending => {
                self.pass_pending = false;
                Ok(())
            }
            Some(Move::Pass) if self.game.is_over() => Err("the game is over: no pass to make".to_string()),
            Some(Move::Pass) => Err("pass while a move is possible".to_string()),
            None => Err(format!("{argument:?} is not a move on {n}×{n}")),
        }
    }

    fn go(&mut self, out: &mut impl Write) -> Result<(), String> {
        if self.game.is_over() {
            return Err("the game is over: no move to make".to_string());
        }
        if self.pass_pending {
            let _ = writeln!(out, "=== PA");
            return Ok(());
        }
        let (board, n) = (*self.game.position().board(), self.game.position().size().n());
        self.status(out, "thinking");
        let start = Instant::now();
        let decision = match self.level {
            Some(level) => {
                let cap_ms = self.move_time_ms();
                let settings =
                    LevelSettings { target_ms: None, time_budget_ms: cap_ms, book: false, ..*level.settings() };
                ThinkJob::new(&board, &settings, 0).run_on_clock(&mut self.ai, cap_ms, slice_nodes(&board))
            }
            None => {
                // The time per move as the cap, so the midgame iterations before a solve get their share of it.
                let settings = LevelSettings { time_budget_ms: self.move_time_ms(), ..depth_settings(self.depth) };
                let mut job = ThinkJob::evaluation(&board, &settings);
                self.within_move_time(&mut job, &board)
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        self.status(out, &searched_depth(&decision));
        let mv = decision.mv.map_or("PA".to_string(), |sq| square_name(sq, n).to_uppercase());
        let _ = writeln!(out, "=== {mv}/{:.2}/{seconds:.2}", decision.score as f64);
        self.finish(out, decision.nodes, seconds);
        Ok(())
    }

    fn hint(&mut self, count: usize, out: &mut impl Write) -> Result<(), String> {
        if self.game.is_over() {
            return Err("the game is over: no moves to hint".to_string());
        }
        let (board, n) = (*self.game.position().board(), self.game.position().size().n());
        self.status(out, "thinking");
        let start = Instant::now();
        let (scored, depth, nodes) = self.scored_iterations(&board);
        if self.pass_pending {
            // The GUI's side has no move: its one hint is the pass, worth the opponent's best move negated.
            let best = scored.first().map_or(0, |&(_, score)| score);
            let _ = writeln!(out, "search PA {:.2} 0 {depth}", -best as f64);
        } else {
            for &(sq, score) in scored.iter().take(count) {
                let _ = writeln!(out, "search {} {:.2} 0 {depth}", square_name(sq, n).to_uppercase(), score as f64);
            }
        }
        self.finish(out, nodes, start.elapsed().as_secs_f64());
        Ok(())
    }

    /// Every legal move of `board` scored in iterations of growing depth until the set depth is done or the time
    /// per move is up: the moves of the deepest finished iteration, best first, with its depth as NBoard shows it
    /// ("100%" for an exact solve), and the nodes of all iterations. The first iteration (depth 1, a few nodes a
    /// move) always finishes, so a hint always has its moves.
    fn scored_iterations(&mut self, board: &VariantBoard) -> (Vec<(usize, i32)>, String, u64) {
        let start = Instant::now();
        // Ten of the app's slices: a few tens of milliseconds natively, so the time is kept closely.
        let slice = 10 * slice_nodes(board);
        let (mut deepest, mut nodes) = ((Vec::new(), String::new()), 0);
        for depth in 1..=self.depth {
            let settings = depth_settings(depth);
            let mut job = ThinkJob::scoring(board, &settings);
            let finished = loop {
                if job.step(&mut self.ai, slice).is_some() {
                    break true;
                }
                if depth > 1 && start.elapsed() >= self.move_time {
                    break false;
                }
            };
            nodes += job.nodes();
            if !finished {
                break;
            }
            let mut scored = job.scored().to_vec();
            scored.sort_by_key(|&(sq, score)| (-score, sq));
            // Children are searched one ply shallower: the depth seen from here is the iteration's.
            let exact = board.empty_count() <= settings.exact_empties;
            deepest = (scored, if exact { "100%".to_string() } else { depth.to_string() });
            // Deeper iterations of an exact solve are the same solve.
            if exact || start.elapsed() >= self.move_time {
                break;
            }
        }
        let (scored, depth) = deepest;
        (scored, depth, nodes)
    }

    /// The time per move in whole milliseconds (at least one).
    fn move_time_ms(&self) -> u32 {
        (self.move_time.as_secs_f64() * 1e3).round().clamp(1.0, f64::from(u32::MAX)) as u32
    }

    /// Runs `job` in slices until it decides or the time per move is up, then takes its deepest finished answer.
    fn within_move_time(&mut self, job: &mut ThinkJob, board: &VariantBoard) -> Decision {
        let start = Instant::now();
        // Ten of the app's slices: a few tens of milliseconds natively, so the time is kept closely.
        let slice = 10 * slice_nodes(board);
        loop {
            // On the clock: a solve takes over from the midgame iterations once they have had their share.
            if let Some(decision) = job.step_timed(&mut self.ai, slice, start.elapsed().as_secs_f64() * 1e3) {
                return decision;
            }
            if start.elapsed() >= self.move_time {
                return job.force_move_now();
            }
        }
    }

    fn status(&self, out: &mut impl Write, text: &str) {
        let _ = writeln!(out, "status {text}");
        let _ = out.flush();
    }

    fn finish(&self, out: &mut impl Write, nodes: u64, seconds: f64) {
        let _ = writeln!(out, "nodestats {nodes} {seconds:.3}");
        let _ = writeln!(out, "status");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::rng::Rng;
    use engine::rules::random_play::random_move;

    /// The move of the `=== <move>/<eval>/<time>` line of `out`.
    fn answer(out: &[u8]) -> String {
        let text = String::from_utf8_lossy(out);
        let line = text.lines().find_map(|l| l.strip_prefix("=== ")).unwrap_or_else(|| panic!("no answer in {text}"));
        line.split('/').next().unwrap().to_string()
    }

    #[test]
    fn after_a_move_that_forces_a_pass_the_engine_answers_pa_until_the_gui_passes() {
        // Fault 12: the engine answered with the opponent's move for the side that has to pass.
        let mut session = Session::new(1).with_move_time(Duration::from_millis(50));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut passes = 0;
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            session
                .handle(
                    "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)",
                    &mut out,
                    &mut err,
                )
                .unwrap();
            session.handle("set depth 1", &mut out, &mut err).unwrap();
            while !session.game().is_over() {
                let square = random_move(session.game().legal_moves(), &mut rng);
                session.handle(&format!("move {}", square_name(square, 8)), &mut out, &mut err).unwrap();
                if session.game().last_move() == Some(Move::Pass) && !session.game().is_over() {
                    passes += 1;
                    out.clear();
                    session.handle("go", &mut out, &mut err).unwrap();
                    assert_eq!(answer(&out), "PA", "seed {seed}");
                    session.handle("move PA", &mut out, &mut err).unwrap();
                    out.clear();
                    session.handle("go", &mut out, &mut err).unwrap();
                    let square = parse_move(&answer(&out), 8);
                    assert!(matches!(square, Some(Move::Play(sq)) if session.game().is_legal(sq)), "seed {seed}");
                }
            }
        }
        assert!(passes >= 3, "only {passes} forced passes in the games");
        assert!(!String::from_utf8_lossy(&out).contains("error"), "{}", String::from_utf8_lossy(&err));
    }

    #[test]
    fn set_movetime_changes_the_time_per_move_and_junk_leaves_it() {
        let mut session = Session::new(1);
        assert_eq!(session.move_time, Duration::from_secs_f64(DEFAULT_MOVE_SECONDS));
        session.set("movetime 0.25").unwrap();
        assert_eq!(session.move_time, Duration::from_millis(250));
        for junk in ["movetime", "movetime 0", "movetime -3", "movetime NaN", "movetime inf", "movetime 1e12"] {
            assert!(session.set(junk).is_err(), "{junk}");
            assert_eq!(session.move_time, Duration::from_millis(250), "{junk}");
        }
    }
}
