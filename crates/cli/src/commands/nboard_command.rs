//! `reversi-engine nboard [--movetime SECONDS]`: the NBoard protocol on stdin and stdout (the session itself is
//! `cli::nboard::nboard_session`).

use super::TT_MEGABYTES;
use cli::nboard::nboard_session::Session;
use std::io::{BufRead, Write};
use std::time::Duration;

/// The NBoard protocol until `quit` or the end of stdin. Lines that are not UTF-8 are read lossily.
pub fn run_nboard(move_time: Duration) {
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
