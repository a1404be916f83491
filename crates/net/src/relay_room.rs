//! One link is enough: an invitation link carries a room (a random id and a secret key, in the fragment, which no
//! browser sends to any server) beside the host's offer code, and the guest's answer comes back through public Nostr
//! relays as an ephemeral event (kind 20000-29999: relays forward it and keep nothing), tagged with a hash of the
//! room id and sealed with the room's key (XChaCha20-Poly1305). A relay sees a random tag, a throwaway key and
//! ciphertext.
//!
//! [`Room`] reads what the relays deliver: it ignores, without panicking and with a reason for the log, anything
//! malformed, forged, of another room, stale, replayed (the same event from a second relay included: the first
//! to deliver wins), its own, addressed to someone else, or past a sender's share.

use crate::nostr_event::{hex, subscribe, Draft, Event, Keys, RelayMessage};
use crate::signal::Signal;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use game::{BoardSize, Color, Opening, Variant};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::VecDeque;

/// The ephemeral event kind of a room's messages.
pub const ROOM_KIND: u32 = 25_050;
/// Events older than this (by their own time, or before the room was opened) are ignored: nobody waits that long
/// for an answer, and an old one is a replay.
pub const STALE_SECONDS: u64 = 120;
/// Clocks differ; an event from further in the future than this is ignored too (in rooms and in the lobby).
pub(crate) const FUTURE_SECONDS: u64 = 60;
/// The events one sender may have read in a room (an answer, sent again a few times), and the senders a room tracks.
const SENDER_SHARE: u32 = 6;
const MAX_SENDERS: usize = 32;
const REMEMBERED_IDS: usize = 256;
const INVITATION_VERSION: u8 = 1;

/// The room's id and secret key, both random.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomKey {
    pub id: [u8; 12],
    pub secret: [u8; 32],
}

impl RoomKey {
    /// The tag a room's events carry: a hash of its id, so a relay cannot tell which link it came from.
    pub fn topic(&self) -> String {
        let mut hash = Sha256::new();
        hash.update(b"reversi room v1:");
        hash.update(self.id);
        hex(&hash.finalize())
    }
}

/// What the guest is invited to, shown before they join.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub variant: Variant,
    pub guest_plays: Color,
    pub clock_minutes: Option<u8>,
}

impl Terms {
    /// "8×8, four-disc start, Black moves first · you play White · 5 min per side"
    pub fn describe(&self) -> String {
        let v = self.variant;
        let opening = match v.opening {
            Opening::Standard => "four-disc start",
            Opening::EmptyCentre => "empty centre",
        };
        let clock = match self.clock_minutes {
            Some(minutes) => format!("{minutes} min per side"),
            None => "no clock".into(),
        };
        format!("{n}×{n}, {opening}, {} moves first · you play {} · {clock}", v.first, self.guest_plays, n = v.size.n())
    }
}

/// The room and the terms, as the link's `#room=` part carries them (base64url, 50 bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub room: RoomKey,
    pub terms: Terms,
}

impl Invitation {
    pub fn encode(&self) -> String {
        let mut bytes = vec![INVITATION_VERSION];
        bytes.extend_from_slice(&self.room.id);
        bytes.extend_from_slice(&self.room.secret);
        let v = self.terms.variant;
        bytes.push(v.size.n() as u8);
        bytes.push(u8::from(v.opening == Opening::EmptyCentre));
        bytes.push(u8::from(v.first == Color::White));
        bytes.push(u8::from(self.terms.guest_plays == Color::White));
        bytes.push(self.terms.clock_minutes.unwrap_or(0));
        URL_SAFE_NO_PAD.encode(bytes)
    }

    pub fn decode(text: &str) -> Result<Invitation, String> {
        let damaged = || "the invitation's room is damaged (cut short?): ask for the link again".to_string();
        let bytes = URL_SAFE_NO_PAD.decode(text.trim()).map_err(|_| damaged())?;
        if bytes.first() != Some(&INVITATION_VERSION) {
            return Err("this invitation is from another version of the app: reload both pages".into());
        }
        let [_, rest @ ..] = bytes.as_slice() else { return Err(damaged()) };
        let Some((id, rest)) = rest.split_first_chunk::<12>() else { return Err(damaged()) };
        let Some((secret, rest)) = rest.split_first_chunk::<32>() else { return Err(damaged()) };
        let &[size, empty_centre, white_first, guest_white, clock] = rest else { return Err(damaged()) };
        let size = BoardSize::from_n(usize::from(size)).ok_or_else(damaged)?;
        if empty_centre > 1 || white_first > 1 || guest_white > 1 || clock > 60 {
            return Err(damaged());
        }
        let colour = |white: u8| if white == 1 { Color::White } else { Color::Black };
        let opening = if empty_centre == 1 { Opening::EmptyCentre } else { Opening::Standard };
        Ok(Invitation {
            room: RoomKey { id: *id, secret: *secret },
            terms: Terms {
                variant: Variant { size, opening, first: colour(white_first) },
                guest_plays: colour(guest_white),
                clock_minutes: (clock > 0).then_some(clock),
            },
        })
    }
}

/// The fragment of a one-link invitation: `#room=<invitation>&join=<offer code>`. The offer code is last, so the
/// manual flow (which reads whatever follows the last `=`) takes the same link.
pub fn room_fragment(invitation: &Invitation, offer: &Signal) -> String {
    format!("#room={}&join={}", invitation.encode(), offer.encode())
}

/// Reads a `#room=…&join=…` fragment: `None` if it is not one, else the invitation and offer or why not.
pub fn read_room_fragment(fragment: &str) -> Option<Result<(Invitation, Signal), String>> {
    let rest = fragment.strip_prefix("#room=")?;
    let Some((room, offer)) = rest.split_once("&join=") else {
        return Some(Err("the invitation link is cut short: ask for it again".into()));
    };
    Some(Invitation::decode(room).and_then(|invitation| {
        let offer = Signal::decode(offer).map_err(|e| e.to_string())?;
        Ok((invitation, offer))
    }))
}

/// What a room's message holds once opened.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sealed {
    /// The public key it is for, or empty for anyone in the room.
    to: String,
    /// An offer or answer code (signal.rs).
    code: String,
}

/// A message heard in the room: who sent it and the connection details it carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    pub from: String,
    pub signal: Signal,
}

/// One side's presence in a room: its throwaway keys and what it has already read.
pub struct Room {
    key: RoomKey,
    keys: Keys,
    topic: String,
    opened_at: u64,
    seen: VecDeque<String>,
    senders: Vec<(String, u32)>,
}

impl Room {
    /// `now`: seconds since 1970 when the room is opened.
    pub fn new(key: RoomKey, keys: Keys, now: u64) -> Room {
        let topic = key.topic();
        Room { key, keys, topic, opened_at: now, seen: VecDeque::new(), senders: Vec::new() }
    }

    pub fn public_key(&self) -> String {
        self.keys.public_hex()
    }

    /// The `REQ` that asks a relay for the room's events from now on.
    pub fn subscription(&self, id: &str) -> String {
        subscribe(id, ROOM_KIND, ('t', &self.topic), self.opened_at.saturating_sub(FUTURE_SECONDS))
    }

    /// An event carrying `signal` to `to` (or anyone in the room), sealed with the room's key; `nonce` and
    /// `aux_rand` are fresh random bytes.
    pub fn seal(&self, signal: &Signal, to: Option<&str>, now: u64, nonce: [u8; 24], aux_rand: [u8; 32]) -> Event {
        let sealed = Sealed { to: to.unwrap_or_default().to_string(), code: signal.encode() };
        let plaintext = serde_json::to_vec(&sealed).expect("plain values");
        let aad = self.associated_data(&self.keys.public_hex());
        let ciphertext = self
            .cipher()
            .encrypt(XNonce::from_slice(&nonce), Payload { msg: &plaintext, aad: &aad })
            .expect("sealing a short message cannot fail");
        let content = URL_SAFE_NO_PAD.encode([nonce.as_slice(), &ciphertext].concat());
        let expiration = (now + STALE_SECONDS).to_string();
        let mut tags = vec![vec!["t".into(), self.topic.clone()], vec!["expiration".into(), expiration]];
        // Addressed messages name their reader, so a lobby seeker can ask for what is sent to it (lobby.rs).
        tags.extend(to.map(|to| vec!["p".into(), to.to_string()]));
        Event::sign(&self.keys, Draft { created_at: now, kind: ROOM_KIND, tags, content: &content }, &aux_rand)
    }

    /// Reads a relay's message at `now`: a message for this side, or why it is ignored.
    pub fn open(&mut self, relay_text: &str, now: u64) -> Result<Heard, String> {
        let event = match RelayMessage::parse(relay_text)? {
            RelayMessage::Event { event, .. } => event,
            other => return Err(format!("not an event: {other:?}")),
        };
        if event.kind != ROOM_KIND || event.tag("t") != Some(self.topic.as_str()) {
            return Err("an event of another room".into());
        }
        if event.created_at + STALE_SECONDS < now
            || event.created_at + FUTURE_SECONDS < self.opened_at
            || event.created_at > now + FUTURE_SECONDS
        {
            return Err("a stale event (or one from the future)".into());
        }
        if self.seen.contains(&event.id) {
            return Err("an event already read (a replay, or the same one from another relay)".into());
        }
        if event.pubkey == self.keys.public_hex() {
            return Err("this side's own event".into());
        }
        self.count_sender(&event.pubkey)?;
        event.verify()?;
        self.seen.push_back(event.id.clone());
        if self.seen.len() > REMEMBERED_IDS {
            self.seen.pop_front();
        }
        let sealed = self.unseal(&event).ok_or("an event that the room's key does not open")?;
        if !sealed.to.is_empty() && sealed.to != self.keys.public_hex() {
            return Err("a message for someone else in the room".into());
        }
        let signal = Signal::decode(&sealed.code).map_err(|e| format!("a message with a bad code: {e}"))?;
        Ok(Heard { from: event.pubkey.clone(), signal })
    }

    fn count_sender(&mut self, sender: &str) -> Result<(), String> {
        if let Some((_, count)) = self.senders.iter_mut().find(|(key, _)| key == sender) {
            *count += 1;
            return if *count > SENDER_SHARE { Err("a sender past its share of messages".into()) } else { Ok(()) };
        }
        if self.senders.len() >= MAX_SENDERS {
            return Err("too many senders in the room".into());
        }
        self.senders.push((sender.to_string(), 1));
        Ok(())
    }

    fn unseal(&self, event: &Event) -> Option<Sealed> {
        let bytes = URL_SAFE_NO_PAD.decode(&event.content).ok()?;
        let (nonce, ciphertext) = bytes.split_at_checked(24)?;
        let aad = self.associated_data(&event.pubkey);
        let plaintext =
            self.cipher().decrypt(XNonce::from_slice(nonce), Payload { msg: ciphertext, aad: &aad }).ok()?;
        serde_json::from_slice(&plaintext).ok()
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new(&self.key.secret.into())
    }

    /// Binds the ciphertext to the room and to its sender: a relay cannot re-sign it as someone else's.
    fn associated_data(&self, sender: &str) -> Vec<u8> {
        [self.topic.as_bytes(), b":", sender.as_bytes()].concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nostr_event::publish;
    use crate::signal::{Address, Candidate, CandidateKind, Role};

    const NOW: u64 = 1_800_000_000;

    fn signal(role: Role) -> Signal {
        Signal {
            role,
            passive: false,
            ufrag: "Xk3v".into(),
            pwd: "9qR2mC8vLz4TnYp0sWb7eFgH".into(),
            fingerprint: [7; 32],
            candidates: vec![Candidate { kind: CandidateKind::Host, address: Address::V4([127, 0, 0, 1]), port: 5000 }],
            answers: 0,
        }
    }

    fn room_key(seed: u8) -> RoomKey {
        RoomKey { id: [seed; 12], secret: [seed.wrapping_add(1); 32] }
    }

    fn room(seed: u8, key_seed: u8) -> Room {
        Room::new(room_key(seed), Keys::from_random([key_seed; 32]).unwrap(), NOW)
    }

    /// What a relay sends a subscriber for `event`.
    fn delivered(event: &Event) -> String {
        publish(event).replacen("[\"EVENT\",", "[\"EVENT\",\"sub\",", 1)
    }

    #[test]
    fn the_invitation_round_trips_and_says_what_it_is() {
        let invitation = Invitation {
            room: room_key(5),
            terms: Terms {
                variant: Variant { size: BoardSize::Ten, opening: Opening::EmptyCentre, first: Color::White },
                guest_plays: Color::Black,
                clock_minutes: Some(5),
            },
        };
        let text = invitation.encode();
        assert_eq!(text.len(), 67);
        assert_eq!(Invitation::decode(&text).unwrap(), invitation);
        assert_eq!(
            invitation.terms.describe(),
            "10×10, empty centre, White moves first · you play Black · 5 min per side"
        );
        let fragment = room_fragment(&invitation, &signal(Role::Offer));
        let (read, offer) = read_room_fragment(&fragment).unwrap().unwrap();
        assert_eq!((read, offer), (invitation, signal(Role::Offer)));
        assert_eq!(Signal::decode(&fragment).unwrap(), signal(Role::Offer), "the manual flow reads the same link");
        assert!(read_room_fragment("#join=abc").is_none());
        for broken in ["#room=", "#room=abc&join=", &fragment[..40], &fragment.replace("&join=", "&jo=")] {
            assert!(read_room_fragment(broken).unwrap().is_err(), "{broken}");
        }
        assert!(Invitation::decode(&text[..60]).is_err());
        let mut other_version = URL_SAFE_NO_PAD.decode(&text).unwrap();
        other_version[0] = 9;
        assert!(Invitation::decode(&URL_SAFE_NO_PAD.encode(other_version)).unwrap_err().contains("another version"));
    }

    #[test]
    fn an_answer_sealed_by_one_side_opens_on_the_other() {
        let (mut host, guest) = (room(1, 10), room(1, 11));
        let event = guest.seal(&signal(Role::Answer), Some(&host.public_key()), NOW + 2, [3; 24], [4; 32]);
        assert!(!event.content.contains("Xk3v"), "the relay sees no connection details");
        assert_ne!(event.tag("t"), Some(hex(&[1; 12]).as_str()), "nor the room id");
        let heard = host.open(&delivered(&event), NOW + 3).unwrap();
        assert_eq!(heard, Heard { from: guest.public_key(), signal: signal(Role::Answer) });
        assert!(host.open(&delivered(&event), NOW + 4).unwrap_err().contains("already read"), "a replay");
        assert!(host.subscription("s").contains(&host.topic));
    }

    #[test]
    fn foreign_stale_forged_own_misaddressed_and_junk_events_are_ignored() {
        let mut host = room(1, 10);
        let guest = room(1, 11);
        let stranger = room(2, 12);
        let answer = signal(Role::Answer);
        let reject = |host: &mut Room, text: &str, why: &str| {
            let error = host.open(text, NOW + 5).unwrap_err();
            assert!(error.contains(why), "{error} (expected {why})");
        };
        reject(&mut host, &delivered(&stranger.seal(&answer, None, NOW, [0; 24], [0; 32])), "another room");
        reject(&mut host, &delivered(&guest.seal(&answer, None, NOW - 600, [0; 24], [0; 32])), "stale");
        reject(&mut host, &delivered(&guest.seal(&answer, None, NOW + 600, [0; 24], [0; 32])), "future");
        let own = delivered(&host.seal(&answer, None, NOW, [0; 24], [0; 32]));
        reject(&mut host, &own, "own");
        reject(&mut host, &delivered(&guest.seal(&answer, Some("ab"), NOW, [1; 24], [0; 32])), "someone else");
        // The right topic but another key: a guess at the room that cannot read or write it.
        let mut impostor =
            Room::new(RoomKey { id: [1; 12], secret: [99; 32] }, Keys::from_random([13; 32]).unwrap(), NOW);
        reject(&mut host, &delivered(&impostor.seal(&answer, None, NOW, [0; 24], [0; 32])), "does not open");
        let mut forged = guest.seal(&answer, None, NOW, [2; 24], [0; 32]);
        forged.content = forged.content.replace('A', "B");
        reject(&mut host, &delivered(&forged), "id does not match");
        for junk in ["", "[", "null", r#"["EVENT","s",{}]"#, r#"["NOTICE","<script>alert(1)</script>"]"#] {
            assert!(host.open(junk, NOW).is_err(), "{junk}");
        }
        assert!(impostor.open(&delivered(&guest.seal(&answer, None, NOW, [5; 24], [0; 32])), NOW).is_err());
        // And the honest answer still gets through after all that.
        let honest = guest.seal(&answer, Some(&host.public_key()), NOW, [6; 24], [0; 32]);
        assert_eq!(host.open(&delivered(&honest), NOW + 1).unwrap().signal, answer);
    }

    #[test]
    fn a_flooding_sender_is_cut_off_after_its_share() {
        let mut host = room(1, 10);
        let guest = room(1, 11);
        for i in 0..SENDER_SHARE {
            let event = guest.seal(&signal(Role::Answer), None, NOW, [i as u8; 24], [0; 32]);
            host.open(&delivered(&event), NOW).unwrap();
        }
        let one_more = guest.seal(&signal(Role::Answer), None, NOW, [200; 24], [0; 32]);
        assert!(host.open(&delivered(&one_more), NOW).unwrap_err().contains("share"));
    }
}
