//! One module per subcommand of `reversi-engine`, each running what `command_line` read.

pub mod audit_command;
pub mod bench_command;
pub mod book_command;
pub mod deepen_command;
pub mod levels_command;
pub mod match_command;
pub mod nboard_command;
pub mod pace_command;
pub mod perft_command;
pub mod solve_command;

/// The transposition table of `solve`, `bench`, `nboard` and `levels`, in MB.
pub const TT_MEGABYTES: usize = 64;
/// The table of `nboard --level`, in MB: the app's (`src/effects/thinking.rs`) and a `match` side's, so a level over
/// NBoard thinks exactly as it does in a match.
pub const LEVEL_TT_MEGABYTES: usize = 16;

/// How a command failed: the exit status and what to say on stderr (nothing if it has said it already).
#[derive(Debug, PartialEq)]
pub struct Failure {
    pub status: u8,
    pub message: Option<String>,
}

impl Failure {
    /// Exit status `status` after printing `message` on stderr.
    pub fn new(status: u8, message: String) -> Failure {
        Failure { status, message: Some(message) }
    }

    /// Exit status `status`, the reason already printed.
    pub fn quiet(status: u8) -> Failure {
        Failure { status, message: None }
    }

    /// Exit status 2 with `message` about `command`'s input or files: `reversi-engine <command>: <message>`.
    pub fn of(command: &str, message: impl std::fmt::Display) -> Failure {
        Failure::new(2, format!("reversi-engine {command}: {message}"))
    }
}

/// The output could not be written (a full disk): status 2 with the reason. A closed pipe never gets here on Unix,
/// where SIGPIPE ends the program quietly first.
impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Failure {
        Failure::new(2, format!("reversi-engine: cannot write the output: {error}"))
    }
}

/// The `q` quantile (0 to 1) of some durations, nearest rank.
pub fn percentile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(((values.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0)
}
