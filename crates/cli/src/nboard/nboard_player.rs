//! The other end of the NBoard protocol: another Othello program (Edax, Egaroucid, a pinned build of this one)
//! as a `match` player. It is started once, told the time per move (`set movetime`), and for each move given the
//! position (`set game` with the board and the side to move) and asked to `go`; the `=== <move>` reply is its move.
//! The depth comes from its `status` lines where it reports one the way `reversi-engine nboard` does (`status depth
//! 12`, `status solved 20 empties exactly`); otherwise it is unknown. An engine that will not start, exits, answers
//! junk or an illegal move, or is silent past its time, ends the match with a message saying which and why (a silent
//! one is killed, never waited for).

use engine::ai::match_play::{MoveDepth, Pick, Player};
use engine::Board;
use game::parse_square;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long an engine may take to start and answer its first `ping` (a large table to clear, a debug build).
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// Beyond its time per move, how long an engine may take before it counts as hung: its last slice's overshoot, an
/// exact solve it insists on finishing, a loaded machine.
const GRACE: Duration = Duration::from_secs(10);
/// Lines of the engine's stderr kept to quote when it fails.
const STDERR_LINES: usize = 5;

pub struct NboardPlayer {
    /// The command line, to name the engine in messages.
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    move_time: Duration,
    pings: u32,
}

impl NboardPlayer {
    /// Starts `command` (program and arguments) and waits until it answers a `ping`.
    pub fn start(command: &[String], move_time: Duration) -> Result<NboardPlayer, String> {
        let (program, args) = command.split_first().ok_or("nboard: give the engine's command line")?;
        let name = command.join(" ");
        ignore_closed_pipes();
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the NBoard engine `{name}`: {e}"))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            unreachable!("spawned with stdin, stdout and stderr piped")
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let Ok(mut tail) = tail.lock() else { break };
                if tail.len() == STDERR_LINES {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        });
        let mut player =
            NboardPlayer { command: name, child, stdin, lines, stderr_tail, move_time: Duration::ZERO, pings: 0 };
        player.send("nboard 2")?;
        player.set_move_time(move_time)?;
        player.ping(START_TIMEOUT)?;
        Ok(player)
    }

    /// The time the engine is told to think on each move from now on (`set movetime`).
    pub fn set_move_time(&mut self, move_time: Duration) -> Result<(), String> {
        self.move_time = move_time;
        self.send(&format!("set movetime {}", move_time.as_secs_f64()))
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|_| self.gone("take a command"))
    }

    /// `ping` and wait for its `pong` (answers to earlier commands may come before it).
    fn ping(&mut self, timeout: Duration) -> Result<(), String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings))?;
        while self.next_line(timeout, "answer ping")? != pong {}
        Ok(())
    }

    /// The engine's next line within `timeout`; a silent engine is killed.
    fn next_line(&mut self, timeout: Duration, doing: &str) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                Err(format!(
                    "the NBoard engine `{}` did not {doing} within {:.1} s: stopped it",
                    self.command,
                    timeout.as_secs_f64()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.gone(doing)),
        }
    }

    /// Why the engine cannot answer: it has exited (with its status and last words on stderr).
    fn gone(&mut self, doing: &str) -> String {
        // Its stderr is read to the end once it exits; give the reader a moment.
        std::thread::sleep(Duration::from_millis(100));
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!("exited ({status})"),
            _ => "closed its output".to_string(),
        };
        let tail = self.stderr_tail.lock().map(|t| Vec::from(t.clone())).unwrap_or_default();
        let said = if tail.is_empty() { String::new() } else { format!("; its stderr ended: {}", tail.join(" / ")) };
        format!("the NBoard engine `{}` {status} instead of being able to {doing}{said}", self.command)
    }
}

/// A write to an engine that has exited must fail with an error to report, not kill the match with SIGPIPE (whose
/// default action `main` restores so that `reversi-engine … | head` ends quietly; a match against an NBoard engine
/// piped into `head` says instead that it cannot write its output).
#[cfg(unix)]
fn ignore_closed_pipes() {
    // SAFETY: setting a signal's action to ignore has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

#[cfg(not(unix))]
fn ignore_closed_pipes() {}

/// The GGF board of `board` with its side to move as Black: 64 squares a1, b1, … h8 and the side to move.
pub fn ggf_board(board: &Board) -> String {
    let squares: String = (0..64)
        .map(|sq| match (board.player >> sq & 1, board.opponent >> sq & 1) {
            (1, _) => '*',
            (_, 1) => 'O',
            _ => '-',
        })
        .collect();
    format!("(;GM[Othello]PC[reversi-engine match]TY[8]BO[8 {squares} *];)")
}

/// The nodes of a `nodestats <nodes> <seconds>` line (what follows `nodestats `).
fn node_count(stats: &str) -> Option<u64> {
    stats.split_whitespace().next()?.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0).map(|n| n as u64)
}

/// The depth an engine's `status` line reports, if it says one the way `reversi-engine nboard` does.
pub fn reported_depth(status: &str) -> Option<MoveDepth> {
    let number = |text: &str| text.split_whitespace().next()?.parse::<u32>().ok();
    if let Some(rest) = status.strip_prefix("depth ") {
        return number(rest).map(MoveDepth::Midgame);
    }
    status.strip_prefix("solved ").and_then(number).map(MoveDepth::Solved)
}

impl Player for NboardPlayer {
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }

    fn pick(&mut self, board: &Board, _seed: u64) -> Result<Pick, String> {
        self.send(&format!("set game {}", ggf_board(board)))?;
        self.send("go")?;
        let timeout = self.move_time + GRACE;
        let (mut depth, mut nodes) = (MoveDepth::Unknown, None);
        loop {
            let line = self.next_line(timeout, "answer go")?;
            if let Some(stats) = line.strip_prefix("nodestats ") {
                nodes = node_count(stats);
            }
            if let Some(found) = line.strip_prefix("status ").and_then(reported_depth) {
                depth = found;
            }
            if let Some(error) = line.strip_prefix("status error") {
                return Err(format!("the NBoard engine `{}` refused the position{error}", self.command));
            }
            if let Some(reply) = line.strip_prefix("=== ") {
                let mv = reply.split('/').next().unwrap_or_default().to_string();
                let square = parse_square(&mv, 8)
                    .ok_or_else(|| format!("the NBoard engine `{}` answered {mv:?}, not a square", self.command))?;
                // What it says after its move (its node count) comes before the answer to a ping.
                self.pings += 1;
                let pong = format!("pong {}", self.pings);
                self.send(&format!("ping {}", self.pings))?;
                loop {
                    let line = self.next_line(GRACE, "answer ping")?;
                    if line == pong {
                        return Ok(Pick { square, depth, nodes });
                    }
                    if let Some(stats) = line.strip_prefix("nodestats ") {
                        nodes = node_count(stats);
                    }
                }
            }
        }
    }
}

impl Drop for NboardPlayer {
    /// Asks the engine to quit, and stops it if it has not within a second.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::square_name;

    #[test]
    fn the_board_is_written_with_the_side_to_move_as_black() {
        let text = ggf_board(&Board::start());
        assert!(text.contains("BO[8 ---------------------------O*------*O--------------------------- *]"), "{text}");
        // The square names agree with the engine's bit numbering.
        assert_eq!(parse_square("d3", 8).map(|sq| Board::start().moves() >> sq & 1), Some(1));
        assert_eq!(square_name(19, 8), "d3");
    }

    #[test]
    fn depths_are_read_from_status_lines_the_way_this_engine_reports_them() {
        assert_eq!(reported_depth("depth 12"), Some(MoveDepth::Midgame(12)));
        assert_eq!(reported_depth("solved 20 empties exactly"), Some(MoveDepth::Solved(20)));
        assert_eq!(reported_depth("solved 24 empties win/loss/draw"), Some(MoveDepth::Solved(24)));
        for other in ["thinking", "", "depth", "depth x", "solved", "12"] {
            assert_eq!(reported_depth(other), None, "{other:?}");
        }
    }
}
