//! The messages two players' apps exchange over the data channel: small JSON objects with a `type`, versioned by
//! the hello. Reading refuses anything oversized, malformed or of an unknown type before it reaches the game.

use crate::game::{Color, Variant};
use serde::{Deserialize, Serialize};

/// Bumped when a message changes meaning; a peer speaking another version is told so in the hello.
pub const PROTOCOL_VERSION: u32 = 1;
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
    },
    /// A disc placed: `ply` is the number of moves (passes included) before it, so a stale move shows.
    Move {
        ply: u32,
        square: u32,
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
            let shown: String = text.chars().take(40).collect();
            format!("a message that is not understood ('{shown}': {e})")
        })
    }
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
        };
        for message in [hello, Message::Move { ply: 3, square: 19 }, Message::DrawOffer, Message::KeepAlive] {
            let text = message.to_text();
            assert!(text.len() < 200, "{text}");
            assert_eq!(Message::from_text(&text), Ok(message));
        }
        assert_eq!(Message::Move { ply: 0, square: 37 }.to_text(), r#"{"type":"move","ply":0,"square":37}"#);
    }

    #[test]
    fn junk_unknown_types_and_oversized_messages_are_refused() {
        for junk in ["", "null", "{}", r#"{"type":"teleport"}"#, r#"{"type":"move","ply":-1,"square":3}"#, "[1,2]"] {
            assert!(Message::from_text(junk).unwrap_err().contains("not understood"), "{junk}");
        }
        let extra = r#"{"type":"move","ply":1,"square":19,"by":"me"}"#;
        assert!(Message::from_text(extra).is_err(), "unknown fields are refused");
        let huge = format!(r#"{{"type":"keep_alive","pad":"{}"}}"#, "x".repeat(1 << 20));
        assert!(Message::from_text(&huge).unwrap_err().contains("more than 4096"));
    }
}
