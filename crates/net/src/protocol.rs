//! The messages two players' apps exchange over the data channel: each is the protocol's version, a dot, and the
//! message in postcard's compact binary form as base64 (`3.AQIA`). Reading checks the version first, then refuses
//! anything oversized, malformed or of an unknown kind before it reaches the game.
//!
//! Why not JSON any more: the sends and reads on an open connection are in the first board's wasm (a split
//! function would answer a turn late, delaying a connection's first message), and JSON's parser and printer were
//! most of what serde_json put there; the saves use the same format (game's save.rs).

use super::clock::Clock;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine;
use game::{Color, Variant};
use serde::{Deserialize, Serialize};

/// Bumped when a message changes meaning or layout (postcard's layout is the order of the variants and fields:
/// add at the end and bump); a peer speaking another version is told so, whatever message it sends.
/// 2: clocks (in the hello and the moves) and the time-out claim. 3: postcard in base64 instead of JSON.
pub const PROTOCOL_VERSION: u32 = 3;
/// No honest message comes near this (a hello with a 100-move game is about 300 bytes).
pub const MAX_MESSAGE_BYTES: usize = 4096;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// Sent by both sides on every (re)connection: who the sender is and the game as the sender has it.
    Hello {
        protocol: u32,
        app: String,
        /// The host's hello defines a new game; a guest's hello with the same id offers its moves for a resume.
        host: bool,
        game_id: u64,
        variant: Variant,
        /// The colour the sender plays.
        plays: Color,
        /// The moves so far as a game-link code (notation::write_link).
        moves: String,
        /// The game's clocks as the sender counts them now; none in a game without a time limit.
        clock: Option<Clock>,
    },
    /// A disc placed: `ply` is the number of moves (passes included) before it, so a stale move shows.
    Move {
        ply: u32,
        square: u32,
        /// With clocks: the mover's time left after the move, as the mover measured it.
        clock_ms: Option<u64>,
    },
    /// The time of the side to move after `ply` moves ran out: sent by that side, or by the other as a claim.
    TimeOut {
        ply: u32,
    },
    /// Take back to the point after `ply` moves.
    UndoRequest {
        ply: u32,
    },
    UndoAccept,
    UndoDecline,
    DrawOffer,
    DrawAccept,
    DrawDecline,
    Resign,
    /// A new game with colours swapped; the other side starts it by accepting.
    Rematch {
        game_id: u64,
    },
    RematchAccept {
        game_id: u64,
    },
    KeepAlive,
}

impl Message {
    pub fn to_text(&self) -> String {
        let bytes = postcard::to_allocvec(self).expect("messages always serialise");
        format!("{PROTOCOL_VERSION}.{}", STANDARD_NO_PAD.encode(bytes))
    }

    /// A message from the peer, or why it was refused.
    pub fn from_text(text: &str) -> Result<Message, String> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(format!("a message of {} bytes (more than {MAX_MESSAGE_BYTES})", text.len()));
        }
        if let Some(protocol) = other_version(text) {
            return Err(version_mismatch(protocol));
        }
        let not_understood = |why: &str| {
            let shown: String = text.chars().take(40).collect();
            format!("a message that is not understood ('{shown}': {why})")
        };
        let data = text.strip_prefix(&format!("{PROTOCOL_VERSION}.")).ok_or_else(|| not_understood("no version"))?;
        let bytes = STANDARD_NO_PAD.decode(data).map_err(|_| not_understood("not base64"))?;
        match postcard::take_from_bytes(&bytes) {
            Ok((message, [])) => Ok(message),
            Ok(_) => Err(not_understood("more than one message")),
            Err(postcard::Error::DeserializeUnexpectedEnd) => Err(not_understood("cut short")),
            Err(_) => Err(not_understood("not a message of this version")),
        }
    }
}

/// The protocol of a message from another version of the app: the number before today's dot, or a hello of
/// versions 1 and 2, which were JSON beginning `{"type":"hello","protocol":N` (as serde_json wrote them).
fn other_version(text: &str) -> Option<u32> {
    const JSON_HELLO: &str = r#"{"type":"hello","protocol":"#;
    let digits = match text.strip_prefix(JSON_HELLO) {
        Some(rest) => rest.split(|c: char| !c.is_ascii_digit()).next()?,
        None => text.split_once('.')?.0,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&protocol| protocol != PROTOCOL_VERSION)
}

pub fn version_mismatch(protocol: u32) -> String {
    format!(
        "their app speaks protocol {protocol}, this one {PROTOCOL_VERSION}: both need the same version (reload both \
         pages to get the newest)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn messages_round_trip_small() {
        let hello = Message::Hello {
            protocol: PROTOCOL_VERSION,
            app: "0.1.0".into(),
            host: true,
            game_id: 42,
            variant: Variant::default(),
            plays: Color::White,
            moves: "1Elr".into(),
            clock: None,
        };
        let timed = match hello.clone() {
            Message::Hello { protocol, app, host, game_id, variant, plays, moves, .. } => {
                let clock = Clock::with_minutes(5);
                Message::Hello { protocol, app, host, game_id, variant, plays, moves, clock }
            }
            _ => unreachable!(),
        };
        let timed_move = Message::Move { ply: 3, square: 19, clock_ms: Some(291_345) };
        for message in [hello, timed, Message::Move { ply: 3, square: 19, clock_ms: None }, timed_move]
            .into_iter()
            .chain([Message::TimeOut { ply: 7 }, Message::DrawOffer, Message::KeepAlive])
        {
            let text = message.to_text();
            assert!(text.len() < 60, "{text}");
            assert_eq!(Message::from_text(&text), Ok(message));
        }
        // The variant's place, the ply and the square as varints, and no clock.
        assert_eq!(Message::Move { ply: 0, square: 37, clock_ms: None }.to_text(), "3.AQAlAA");
    }

    #[test]
    fn another_versions_messages_are_named_as_such_even_with_fields_this_one_lacks() {
        let older = r#"{"type":"hello","protocol":2,"app":"0.1.0","host":true,"game_id":1,"variant":{"size":8,"opening":"Standard","first":"Black"},"plays":"Black","moves":""}"#;
        assert!(Message::from_text(older).unwrap_err().contains("their app speaks protocol 2, this one 3"));
        let first = r#"{"type":"hello","protocol":1,"app":"0.1.0","host":true,"game_id":1,"variant":0,"plays":"Black","moves":""}"#;
        assert!(Message::from_text(first).unwrap_err().contains("protocol 1"));
        for newer in ["4.AAECAwQ", "4.", "12.anything at all"] {
            assert!(Message::from_text(newer).unwrap_err().contains("their app speaks protocol"), "{newer}");
        }
    }

    #[test]
    fn junk_unknown_kinds_and_oversized_messages_are_refused() {
        let hello_text = Session::host(Color::Black, 1, None).hello(&game::Game::default(), 0).to_text();
        let cut = &hello_text[..hello_text.len() - 3];
        let padded = format!("{hello_text}AAAA");
        for junk in [
            "",
            "null",
            "{}",
            r#"{"type":"teleport"}"#,
            r#"{"type":"move","ply":-1,"square":3}"#,
            r#"{"type":"hello","protocol":3}"#,
            "[1,2]",
            "3.",
            "3.!!!!",
            "3./w",
            "3.DwAA",
            "3.AQAlAQ",
            cut,
            &padded,
            "(binary data)",
        ] {
            assert!(Message::from_text(junk).unwrap_err().contains("not understood"), "{junk}");
        }
        let huge = format!("3.{}", "A".repeat(1 << 20));
        assert!(Message::from_text(&huge).unwrap_err().contains("more than 4096"));
    }
}
