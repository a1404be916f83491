//! `reversi-engine`: the engine's command line. Reads the arguments (`command_line`), runs the subcommand
//! (`commands`, one module each) and exits with its status.

mod command_line;
mod commands;
mod suite_solve;

use command_line::{parse_command, Command, USAGE};
use commands::{
    bench_command, book_command, levels_command, match_command, nboard_command, pace_command, perft_command,
    solve_command, Failure,
};
use std::process::ExitCode;

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

/// Runs `command`.
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Help => println!("{USAGE}"),
        Command::Perft(depth) => perft_command::run_perft(depth),
        Command::Solve { path, limit } => return solve_command::run_solve(&path, limit),
        Command::Bench(path) => return bench_command::run_bench(&path),
        Command::Nboard { move_time } => nboard_command::run_nboard(move_time),
        Command::Levels { slice, levels } => levels_command::bench_levels(slice, &levels),
        Command::Pace { games, level, seed } => pace_command::run_pace(games, level, seed),
        Command::Book(options) => {
            book_command::build_book(&options).map_err(|m| Failure::new(2, format!("reversi-engine book: {m}")))?
        }
        Command::Match(options) => {
            match_command::run_match(&options).map_err(|m| Failure::new(2, format!("reversi-engine match: {m}")))?
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    die_quietly_on_closed_pipes();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match parse_command(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("reversi-engine: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if let Some(message) = failure.message {
                eprintln!("{message}");
            }
            ExitCode::from(failure.status)
        }
    }
}
