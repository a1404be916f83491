//! `reversi-engine`: the engine's command line. Reads the arguments (`command_line`), runs the subcommand
//! (`commands`, one module each) and exits with its status.

/// `eprintln!` that never panics: with stderr gone (a full disk) there is nobody left to tell.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod command_line;
mod commands;
mod match_record;
mod suite_solve;

use command_line::{parse_command, Command, USAGE};
use commands::{
    audit_command, bench_command, book_command, deepen_command, levels_command, match_command, nboard_command,
    pace_command, perft_command, solve_command, Failure,
};
use std::io::Write;
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

/// Runs `command`, writing its results to `out`.
fn run(command: Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Help => writeln!(out, "{USAGE}")?,
        Command::Perft(depth) => perft_command::run_perft(depth, out)?,
        Command::Solve { path, limit } => solve_command::run_solve(&path, limit, out)?,
        Command::Bench(path) => bench_command::run_bench(&path, out)?,
        Command::Nboard { move_time, level } => nboard_command::run_nboard(move_time, level, out)?,
        Command::Levels { slice, levels } => levels_command::bench_levels(slice, &levels, out)?,
        Command::Pace { games, level, seed } => pace_command::run_pace(games, level, seed, out)?,
        Command::Book(options) => book_command::run_book(&options, out)?,
        Command::Match(options) => match_command::run_match(&options, out)?,
        Command::Deepen(options) => deepen_command::run_deepen(&options, out)?,
        Command::Audit(options) => audit_command::run_audit(&options, out)?,
    }
    // The last lines may still wait in the buffer: a full disk shows here.
    Ok(out.flush()?)
}

fn main() -> ExitCode {
    die_quietly_on_closed_pipes();
    // Read as OS strings: std::env::args panics on an argument that is not UTF-8.
    let args: Result<Vec<String>, String> = std::env::args_os()
        .skip(1)
        .map(|arg| arg.into_string().map_err(|arg| format!("{:?} is not UTF-8", arg.to_string_lossy())))
        .collect();
    let command = match args.and_then(|args| parse_command(&args)) {
        Ok(command) => command,
        Err(message) => {
            note!("reversi-engine: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(command, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if let Some(message) = failure.message {
                note!("{message}");
            }
            ExitCode::from(failure.status)
        }
    }
}
