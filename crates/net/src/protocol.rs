//! The messages two players' apps exchange over the data channel: small JSON objects with a `type`, versioned by
//! the hello. Reading refuses anything oversized, malformed or of an unknown type before it reaches the game.

use super::clock::Clock;
use game::{Color, Variant};
use serde::{Deserialize, Serialize};

/// Bumped when a message changes meaning; a peer speaking another version is told so in the hello.
/// 2: clocks (in the hello and the moves) and the time-out claim.
pub const PROTOCOL_VERSION: u32 = 2;
/// No honest message comes near this (a hello with a 100-move game is about 300 bytes).
pub const MAX_MESSAGE_BYTES: usize = 4096;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<Clock>,
    },
    /// A disc placed: `ply` is the number of moves (passes included) before it, so a stale move shows.
    Move {
        ply: u32,
        square: u32,
        /// With clocks: the mover's time left after the move, as the mover measured it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
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
        serde_json::to_string(self).expect("messages always serialise")
    }

    /// A message from the peer, or why it was refused.
    pub fn from_text(text: &str) -> Result<Message, String> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(format!("a message of {} bytes (more than {MAX_MESSAGE_BYTES})", text.len()));
        }
        serde_json::from_str(text).map_err(|e| {
            if let Some(protocol) = other_version(text) {
                return version_mismatch(protocol);
            }
            let shown: String = text.chars().take(40).collect();
            format!("a message that is not understood ('{shown}': {e})")
        })
    }
}

/// The version of a hello that does not read as this version's hello, if it is another's: its other fields may
/// differ, so the version is read alone to say so plainly.
fn other_version(text: &str) -> Option<u32> {
    #[derive(Deserialize)]
    struct AnyHello {
        #[serde(rename = "type")]
        kind: String,
        protocol: u32,
    }
    let hello: AnyHello = serde_json::from_str(text).ok()?;
    (hello.kind == "hello" && hello.protocol != PROTOCOL_VERSION).then_some(hello.protocol)
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

    #[test]
    fn messages_round_trip_as_small_json() {
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
            assert!(text.len() < 300, "{text}");
            assert_eq!(Message::from_text(&text), Ok(message));
        }
        let untimed = Message::Move { ply: 0, square: 37, clock_ms: None };
        assert_eq!(untimed.to_text(), r#"{"type":"move","ply":0,"square":37}"#, "no clock, no field");
    }

    #[test]
    fn another_versions_hello_is_named_as_such_even_with_fields_this_one_lacks() {
        let newer = r#"{"type":"hello","protocol":3,"app":"9.0","increment_ms":2000}"#;
        assert!(Message::from_text(newer).unwrap_err().contains("their app speaks protocol 3, this one 2"));
        let older = r#"{"type":"hello","protocol":1,"app":"0.1.0","host":true,"game_id":1,"variant":0,"plays":"Black","moves":""}"#;
        assert!(Message::from_text(older).unwrap_err().contains("protocol 1"));
        let broken_clock = r#"{"type":"hello","protocol":2,"clock":{"limit_ms":7}}"#;
        assert!(Message::from_text(broken_clock).unwrap_err().contains("not understood"));
    }

    #[test]
    fn junk_unknown_types_and_oversized_messages_are_refused() {
        for junk in [
            "",
            "null",
            "{}",
            r#"{"type":"teleport"}"#,
            r#"{"type":"move","ply":-1,"square":3}"#,
            r#"{"type":"move","ply":1,"square":3,"clock_ms":-5}"#,
            r#"{"type":"time_out"}"#,
            "[1,2]",
        ] {
            assert!(Message::from_text(junk).unwrap_err().contains("not understood"), "{junk}");
        }
        let extra = r#"{"type":"move","ply":1,"square":19,"by":"me"}"#;
        assert!(Message::from_text(extra).is_err(), "unknown fields are refused");
        let huge = format!(r#"{{"type":"keep_alive","pad":"{}"}}"#, "x".repeat(1 << 20));
        assert!(Message::from_text(&huge).unwrap_err().contains("more than 4096"));
    }
}
