//! `reversi-engine nboard [--movetime SECONDS] [--level NAME]`: the NBoard protocol on stdin and stdout (the session itself is
//! `cli::nboard::nboard_session`).

use super::{LEVEL_TT_MEGABYTES, TT_MEGABYTES};
use cli::nboard::nboard_session::Session;
use engine::Level;
use std::io::{self, BufRead, ErrorKind, Write};
use std::time::Duration;

/// The NBoard protocol until `quit` or the end of stdin, replying on `out`, each `go` as `level` plays if given. Lines that are not UTF-8 are read
/// lossily. Fails if a reply cannot be written (a full disk).
pub fn run_nboard(move_time: Duration, level: Option<Level>, out: &mut impl Write) -> io::Result<()> {
    let table = if level.is_some() { LEVEL_TT_MEGABYTES } else { TT_MEGABYTES };
    let mut session = Session::new(table).with_move_time(move_time).playing_as(level);
    let (stdin, stderr) = (std::io::stdin(), std::io::stderr());
    let (mut input, mut err) = (stdin.lock(), stderr.lock());
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
        match session.handle(&String::from_utf8_lossy(&bytes), out, &mut err) {
            Ok(true) => {}
            Ok(false) => break,
            // stdout is gone (the GUI closed the pipe): nobody is listening any more.
            Err(e) if e.kind() == ErrorKind::BrokenPipe => break,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
