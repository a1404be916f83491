//! Find an opponent: a public lobby on the same Nostr relays as one-link invitations. A seeker makes a throwaway
//! key (its seek's random id) and announces, as an ephemeral event with a NIP-40 expiry, only its clock choice and
//! an optional display name, tagged with the lobby: the app, the protocol version and the variant, in plain text
//! (there are a handful of variants, so a hash would hide nothing from anyone who tried them all, and plain text
//! lets a relay's operator see what it carries). It announces again while it waits, at once when a newcomer
//! appears (relays keep no ephemeral events, so a newcomer learns of earlier seekers only from their next
//! announcement), and withdraws when it is paired or cancels.
//!
//! Pairing is deterministic: the seeker with the lowest id in the lobby (among those with the same clock choice)
//! invites the next lowest, and a guest accepts only an invitation from a lower id, and only while it is free. The
//! two then signal as a one-link invitation does, in a [`Room`] whose id and key come from an ECDH secret between
//! their two throwaway keys: only the paired peer can read the offer, and a relay sees a random topic.
//!
//! [`Lobby`] reads what the relays deliver and ignores, without panicking and with a reason for the log, anything
//! malformed, forged, of another lobby, stale, replayed, its own, addressed to another, withdrawn or too frequent.

use crate::clock::LIMITS_MINUTES;
use crate::nostr_event::{subscribe, Draft, Event, Keys, RelayMessage};
use crate::protocol::PROTOCOL_VERSION;
use crate::relay_room::{Heard, Room, RoomKey, FUTURE_SECONDS, ROOM_KIND};
use crate::signal::Signal;
use game::{Opening, Variant};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::VecDeque;

/// The ephemeral event kind of seeks (a room's messages are [`ROOM_KIND`]).
pub const SEEK_KIND: u32 = 25_051;
/// A seek lives this long at the relays and in other seekers' lists unless announced again.
pub const SEEK_TTL_SECONDS: u64 = 45;
/// A waiting seeker announces again this often.
pub const REANNOUNCE_SECONDS: u64 = 20;
/// A seek gives up by itself after this long: nobody else is looking.
pub const SEEK_LIFETIME_SECONDS: u64 = 180;
/// A host waits this long for the answer to its invitation before it tries someone else.
pub const INVITE_WAIT_SECONDS: u64 = 12;
/// A display name's length, in characters.
pub const MAX_NAME_CHARS: usize = 20;
/// A seeker that did not answer an invitation (busy with another, or gone) is not invited again for this long.
const BUSY_SECONDS: u64 = 60;
const MAX_SEEKERS: usize = 64;
const MAX_ROOMS: usize = 8;
const REMEMBERED: usize = 512;

/// The lobby's tag: the app, the protocol version and the variant.
pub fn lobby_tag(variant: Variant) -> String {
    let opening = match variant.opening {
        Opening::Standard => "standard",
        Opening::EmptyCentre => "empty-centre",
    };
    let first = variant.first.name().to_lowercase();
    format!("reversi-lobby/{PROTOCOL_VERSION}/{n}x{n}-{opening}-{first}-first", n = variant.size.n())
}

/// A display name as typed: trimmed, at most [`MAX_NAME_CHARS`] letters, digits, spaces and `-_.'`; empty for none.
pub fn check_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name has at most {MAX_NAME_CHARS} characters"));
    }
    if !name.chars().all(|c| c.is_alphanumeric() || " -_.'".contains(c)) {
        return Err("a name has only letters, digits, spaces and - _ . '".into());
    }
    Ok(name.to_string())
}

/// What a seek announces besides its id and lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    /// Minutes per side, or no clock.
    pub clock_minutes: Option<u8>,
    pub name: String,
}

impl Seek {
    fn check(clock: u8, name: &str) -> Result<Seek, String> {
        if clock != 0 && !LIMITS_MINUTES.contains(&u64::from(clock)) {
            return Err(format!("a seek with a clock of {clock} minutes"));
        }
        let checked = check_name(name)?;
        if checked != name {
            return Err("a seek whose name has spaces around it".into());
        }
        Ok(Seek { clock_minutes: (clock > 0).then_some(clock), name: checked })
    }
}

/// A seek's content, as it travels.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekContent {
    clock: u8,
    #[serde(default)]
    name: String,
    /// The seeker is paired or has cancelled.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    gone: bool,
}

struct Seeker {
    id: String,
    seek: Seek,
    /// When its last announcement stops counting.
    expires: u64,
    /// When this side last heard it (its own time), for the rate limit.
    heard_at: u64,
}

/// What a relay's message told the lobby.
#[derive(Debug, PartialEq, Eq)]
pub enum LobbyNews {
    /// A seek; `new` when its seeker was not known (this side announces again so that the newcomer learns of it).
    Seeker { new: bool },
    /// A seeker withdrew (paired or cancelled).
    Gone,
    /// A connection code sealed for this side by another seeker.
    Message(Heard),
}

/// One seeker's view of the lobby.
pub struct Lobby {
    keys: Keys,
    id: String,
    tag: String,
    mine: Seek,
    started_at: u64,
    seekers: Vec<Seeker>,
    /// Seekers that withdrew: a late copy of their seek does not bring them back.
    gone: VecDeque<String>,
    seen: VecDeque<String>,
    /// Seekers not invited again until the time beside them.
    busy: Vec<(String, u64)>,
    /// The room shared with each seeker this side has exchanged codes with, most recent last.
    rooms: VecDeque<(String, Room)>,
}

impl Lobby {
    /// Enters the lobby of `variant` at `now` (seconds since 1970) with throwaway `keys`.
    pub fn new(keys: Keys, variant: Variant, clock_minutes: Option<u8>, name: &str, now: u64) -> Result<Lobby, String> {
        let mine = Seek::check(clock_minutes.unwrap_or(0), &check_name(name)?)?;
        Ok(Lobby {
            id: keys.public_hex(),
            keys,
            tag: lobby_tag(variant),
            mine,
            started_at: now,
            seekers: Vec::new(),
            gone: VecDeque::new(),
            seen: VecDeque::new(),
            busy: Vec::new(),
            rooms: VecDeque::new(),
        })
    }

    /// This seek's id: its throwaway public key, so no one else can announce or withdraw it.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The `REQ`s for the lobby's seeks and for the codes sealed for this side.
    pub fn subscriptions(&self) -> [String; 2] {
        let since = self.started_at.saturating_sub(FUTURE_SECONDS);
        [
            subscribe("reversi-lobby", SEEK_KIND, ('t', &self.tag), since),
            subscribe("reversi-lobby-codes", ROOM_KIND, ('p', &self.id), since),
        ]
    }

    /// This side's seek, announced (again) at `now`; `aux_rand` is fresh randomness.
    pub fn announcement(&self, now: u64, aux_rand: [u8; 32]) -> Event {
        self.seek_event(false, now, aux_rand)
    }

    /// Withdraws this side's seek: the others drop it at once.
    pub fn withdrawal(&self, now: u64, aux_rand: [u8; 32]) -> Event {
        self.seek_event(true, now, aux_rand)
    }

    fn seek_event(&self, gone: bool, now: u64, aux_rand: [u8; 32]) -> Event {
        let content = SeekContent { clock: self.mine.clock_minutes.unwrap_or(0), name: self.mine.name.clone(), gone };
        let content = serde_json::to_string(&content).expect("plain values");
        let tags =
            vec![vec!["t".into(), self.tag.clone()], vec!["expiration".into(), (now + SEEK_TTL_SECONDS).to_string()]];
        Event::sign(&self.keys, Draft { created_at: now, kind: SEEK_KIND, tags, content: &content }, &aux_rand)
    }

    /// The seek gave up: nobody was paired with it within [`SEEK_LIFETIME_SECONDS`].
    pub fn expired(&self, now: u64) -> bool {
        now >= self.started_at + SEEK_LIFETIME_SECONDS
    }

    /// Seekers waiting for a game like this side's, this side included.
    pub fn seeking(&self, now: u64) -> usize {
        1 + self.seekers.iter().filter(|s| s.expires > now && s.seek.clock_minutes == self.mine.clock_minutes).count()
    }

    /// The pairing rule: the lowest id among the waiting seekers with this side's clock choice invites the next
    /// lowest. `Some(peer)` when this side is the lowest and should invite `peer`; seekers that did not answer an
    /// invitation lately are passed over.
    pub fn partner(&self, now: u64) -> Option<String> {
        let free = |s: &&Seeker| {
            s.expires > now
                && s.seek.clock_minutes == self.mine.clock_minutes
                && !self.busy.iter().any(|(id, until)| *id == s.id && *until > now)
        };
        let lowest = self.seekers.iter().filter(free).min_by(|a, b| a.id.cmp(&b.id))?;
        (self.id < lowest.id).then(|| lowest.id.clone())
    }

    /// A guest accepts an invitation only from a seeker whose id is lower (the one the rule makes its host) and
    /// who has not withdrawn.
    pub fn may_host_me(&self, peer: &str) -> bool {
        peer < self.id.as_str() && !self.gone.iter().any(|g| g == peer)
    }

    /// `peer` did not answer this side's invitation in time: try others first for a while.
    pub fn not_answering(&mut self, peer: &str, now: u64) {
        self.busy.retain(|(_, until)| *until > now);
        self.busy.push((peer.to_string(), now + BUSY_SECONDS));
    }

    /// The display name `peer` announced, if any.
    pub fn name_of(&self, peer: &str) -> Option<&str> {
        let seeker = self.seekers.iter().find(|s| s.id == peer)?;
        (!seeker.seek.name.is_empty()).then_some(seeker.seek.name.as_str())
    }

    /// `signal` sealed for `peer` in the room the two share (`None` if `peer` is no public key).
    pub fn seal_for(&mut self, peer: &str, signal: &Signal, now: u64, nonce: [u8; 24], aux: [u8; 32]) -> Option<Event> {
        Some(self.room_with(peer, now)?.seal(signal, Some(peer), now, nonce, aux))
    }

    /// Reads a relay's message at `now`: what it tells, or why it is ignored.
    pub fn read(&mut self, relay_text: &str, now: u64) -> Result<LobbyNews, String> {
        let event = match RelayMessage::parse(relay_text)? {
            RelayMessage::Event { event, .. } => event,
            other => return Err(format!("not an event: {other:?}")),
        };
        if event.pubkey == self.id {
            return Err("this side's own event".into());
        }
        match event.kind {
            SEEK_KIND => self.read_seek(&event, now),
            ROOM_KIND if event.tag("p") == Some(self.id.as_str()) => {
                let room = self.room_with(&event.pubkey, now).ok_or("a code from no valid key")?;
                room.open(relay_text, now).map(LobbyNews::Message)
            }
            ROOM_KIND => Err("a code addressed to another".into()),
            kind => Err(format!("an event of kind {kind}")),
        }
    }

    fn read_seek(&mut self, event: &Event, now: u64) -> Result<LobbyNews, String> {
        if event.tag("t") != Some(self.tag.as_str()) {
            return Err("a seek of another lobby".into());
        }
        if event.created_at + SEEK_TTL_SECONDS <= now || event.created_at > now + FUTURE_SECONDS {
            return Err("a stale seek (or one from the future)".into());
        }
        if self.seen.contains(&event.id) {
            return Err("a seek already read (a replay, or the same one from another relay)".into());
        }
        if self.gone.contains(&event.pubkey) {
            return Err("a seek of a seeker who withdrew".into());
        }
        event.verify()?;
        remember(&mut self.seen, event.id.clone());
        let content: SeekContent =
            serde_json::from_str(&event.content).map_err(|e| format!("a malformed seek: {e}"))?;
        let seek = Seek::check(content.clock, &content.name)?;
        let known = self.seekers.iter().position(|s| s.id == event.pubkey);
        if content.gone {
            if let Some(index) = known {
                self.seekers.remove(index);
            }
            remember(&mut self.gone, event.pubkey.clone());
            return Ok(LobbyNews::Gone);
        }
        let expires = event.created_at + SEEK_TTL_SECONDS;
        match known {
            Some(index) => {
                let seeker = &mut self.seekers[index];
                if seeker.heard_at + 1 > now {
                    return Err("a seeker announcing too often".into());
                }
                *seeker =
                    Seeker { id: event.pubkey.clone(), seek, expires: expires.max(seeker.expires), heard_at: now };
                Ok(LobbyNews::Seeker { new: false })
            }
            None => {
                self.seekers.retain(|s| s.expires > now);
                if self.seekers.len() >= MAX_SEEKERS {
                    return Err("a full lobby".into());
                }
                self.seekers.push(Seeker { id: event.pubkey.clone(), seek, expires, heard_at: now });
                Ok(LobbyNews::Seeker { new: true })
            }
        }
    }

    /// The room shared with `peer`: its id and key are hashes of the two keys' ECDH secret.
    fn room_with(&mut self, peer: &str, now: u64) -> Option<&mut Room> {
        if let Some(index) = self.rooms.iter().position(|(id, _)| id == peer) {
            let entry = self.rooms.remove(index)?;
            self.rooms.push_back(entry);
        } else {
            let shared = self.keys.shared_secret(peer)?;
            let derive = |label: &[u8]| -> [u8; 32] {
                Sha256::new()
                    .chain_update(b"reversi lobby room v1:")
                    .chain_update(label)
                    .chain_update(shared)
                    .finalize()
                    .into()
            };
            let id = derive(b"id");
            let key = RoomKey { id: id[..12].try_into().expect("12 of 32 bytes"), secret: derive(b"key") };
            if self.rooms.len() >= MAX_ROOMS {
                self.rooms.pop_front();
            }
            self.rooms.push_back((peer.to_string(), Room::new(key, self.keys.clone(), now)));
        }
        self.rooms.back_mut().map(|(_, room)| room)
    }
}

fn remember(list: &mut VecDeque<String>, id: String) {
    list.push_back(id);
    if list.len() > REMEMBERED {
        list.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nostr_event::publish;
    use crate::signal::{Address, Candidate, CandidateKind, Role};
    use game::{BoardSize, Color};

    const NOW: u64 = 1_800_000_000;

    fn eight() -> Variant {
        Variant { size: BoardSize::Eight, opening: Opening::Standard, first: Color::Black }
    }

    /// Lobbies of throwaway keys, sorted by id (the lowest first).
    fn seekers(count: u8, clock: Option<u8>) -> Vec<Lobby> {
        let mut lobbies: Vec<Lobby> = (1..=count)
            .map(|seed| Lobby::new(Keys::from_random([seed; 32]).unwrap(), eight(), clock, "", NOW).unwrap())
            .collect();
        lobbies.sort_by(|a, b| a.id().cmp(b.id()));
        lobbies
    }

    fn delivered(event: &Event) -> String {
        publish(event).replacen("[\"EVENT\",", "[\"EVENT\",\"sub\",", 1)
    }

    /// Every lobby hears every other's announcement at `at`.
    fn all_announce(lobbies: &mut [Lobby], at: u64) {
        let events: Vec<Event> = lobbies.iter().map(|l| l.announcement(at, [at as u8; 32])).collect();
        for event in &events {
            for lobby in lobbies.iter_mut() {
                let _ = lobby.read(&delivered(event), at);
            }
        }
    }

    fn offer() -> Signal {
        Signal {
            role: Role::Offer,
            passive: false,
            ufrag: "Xk3v".into(),
            pwd: "9qR2mC8vLz4TnYp0sWb7eFgH".into(),
            fingerprint: [7; 32],
            candidates: vec![Candidate { kind: CandidateKind::Host, address: Address::V4([127, 0, 0, 1]), port: 5000 }],
            answers: 0,
        }
    }

    #[test]
    fn the_lobby_tag_names_the_app_the_protocol_and_the_variant_and_nothing_else() {
        assert_eq!(lobby_tag(eight()), format!("reversi-lobby/{PROTOCOL_VERSION}/8x8-standard-black-first"));
        let ten = Variant { size: BoardSize::Ten, opening: Opening::EmptyCentre, first: Color::White };
        assert_eq!(lobby_tag(ten), format!("reversi-lobby/{PROTOCOL_VERSION}/10x10-empty-centre-white-first"));
        let lobby = Lobby::new(Keys::from_random([1; 32]).unwrap(), eight(), Some(5), " Ann ", NOW).unwrap();
        let event = lobby.announcement(NOW, [0; 32]);
        assert_eq!(event.content, r#"{"clock":5,"name":"Ann"}"#, "the seek carries its clock and name only");
        assert_eq!(event.tag("expiration"), Some((NOW + SEEK_TTL_SECONDS).to_string().as_str()));
        assert!((20_000..30_000).contains(&SEEK_KIND) && SEEK_KIND != ROOM_KIND, "ephemeral, and not the answer's");
        assert!(lobby.subscriptions()[0].contains(&lobby_tag(eight())));
        assert!(lobby.subscriptions()[1].contains(&format!(r##""#p":["{}"]"##, lobby.id())));
    }

    #[test]
    fn names_are_checked_when_sent_and_when_received() {
        assert_eq!(check_name("  Zoë d'Arc-2 "), Ok("Zoë d'Arc-2".into()));
        assert_eq!(check_name(""), Ok(String::new()));
        for bad in ["<b>hi</b>", "a\u{0}b", "line\nbreak", "x".repeat(MAX_NAME_CHARS + 1).as_str(), "a&amp;"] {
            assert!(check_name(bad).is_err(), "{bad:?}");
            assert!(Lobby::new(Keys::from_random([1; 32]).unwrap(), eight(), None, bad, NOW).is_err(), "{bad:?}");
        }
        assert!(Lobby::new(Keys::from_random([1; 32]).unwrap(), eight(), Some(7), "", NOW).is_err(), "no 7-min clock");
        // A hand-made seek with a bad name, clock or shape is ignored by whoever reads it.
        let keys = Keys::from_random([9; 32]).unwrap();
        let mut reader = seekers(1, None).pop().unwrap();
        for (i, content) in [
            r#"{"clock":0,"name":"<script>"}"#,
            r#"{"clock":0,"name":" padded"}"#,
            r#"{"clock":7}"#,
            r#"{"clock":0,"extra":1}"#,
            r#"not json"#,
        ]
        .into_iter()
        .enumerate()
        {
            let tags = vec![vec!["t".into(), lobby_tag(eight())]];
            let draft = Draft { created_at: NOW + i as u64, kind: SEEK_KIND, tags, content };
            let event = Event::sign(&keys, draft, &[0; 32]);
            assert!(reader.read(&delivered(&event), NOW + 5).is_err(), "{content}");
        }
        assert_eq!(reader.seeking(NOW + 5), 1);
    }

    #[test]
    fn seeks_are_counted_expire_and_withdraw_and_junk_is_ignored() {
        let mut lobbies = seekers(2, None);
        let other = lobbies.pop().unwrap();
        let mut me = lobbies.pop().unwrap();
        assert_eq!(me.seeking(NOW), 1);
        let seek = other.announcement(NOW, [1; 32]);
        assert_eq!(me.read(&delivered(&seek), NOW), Ok(LobbyNews::Seeker { new: true }));
        assert_eq!(me.seeking(NOW), 2);
        assert!(me.read(&delivered(&seek), NOW + 1).unwrap_err().contains("already read"), "a replay");
        assert!(me.read(&delivered(&other.announcement(NOW + 1, [2; 32])), NOW).unwrap_err().contains("too often"));
        assert_eq!(
            me.read(&delivered(&other.announcement(NOW + 20, [3; 32])), NOW + 20),
            Ok(LobbyNews::Seeker { new: false })
        );
        assert_eq!(me.seeking(NOW + 20 + SEEK_TTL_SECONDS - 1), 2);
        assert_eq!(me.seeking(NOW + 20 + SEEK_TTL_SECONDS), 1, "a seek not announced again expires");
        let ten = Variant { size: BoardSize::Ten, ..eight() };
        let foreign = Lobby::new(Keys::from_random([30; 32]).unwrap(), ten, None, "", NOW).unwrap();
        assert!(me.read(&delivered(&foreign.announcement(NOW, [0; 32])), NOW).unwrap_err().contains("another lobby"));
        assert!(me.read(&delivered(&other.announcement(NOW - 60, [4; 32])), NOW).unwrap_err().contains("stale"));
        assert!(me.read(&delivered(&other.announcement(NOW + 600, [5; 32])), NOW).unwrap_err().contains("future"));
        assert!(me.read(&delivered(&me.announcement(NOW, [6; 32])), NOW).unwrap_err().contains("own"));
        let mut forged = other.announcement(NOW + 2, [7; 32]);
        forged.content = forged.content.replace("0", "1");
        assert!(me.read(&delivered(&forged), NOW + 2).unwrap_err().contains("id does not match"));
        for junk in ["", "[", "null", r#"["EVENT","s",{}]"#, r#"["NOTICE","<b>x</b>"]"#, &"[".repeat(9000)] {
            assert!(me.read(junk, NOW).is_err(), "{junk}");
        }
        // Withdrawn: dropped at once, and a late copy of an earlier seek does not bring it back.
        let late = other.announcement(NOW + 25, [8; 32]);
        assert_eq!(me.read(&delivered(&other.withdrawal(NOW + 24, [9; 32])), NOW + 24), Ok(LobbyNews::Gone));
        assert_eq!(me.seeking(NOW + 25), 1);
        assert!(me.read(&delivered(&late), NOW + 25).unwrap_err().contains("withdrew"));
        assert!(!me.expired(NOW + SEEK_LIFETIME_SECONDS - 1));
        assert!(me.expired(NOW + SEEK_LIFETIME_SECONDS), "a seek gives up by itself");
    }

    #[test]
    fn the_lowest_id_invites_the_next_and_a_third_keeps_seeking() {
        let mut lobbies = seekers(3, Some(3));
        all_announce(&mut lobbies, NOW);
        let ids: Vec<String> = lobbies.iter().map(|l| l.id().to_string()).collect();
        assert_eq!(lobbies.iter().map(|l| l.seeking(NOW)).collect::<Vec<_>>(), [3, 3, 3]);
        assert_eq!(lobbies[0].partner(NOW), Some(ids[1].clone()), "the lowest hosts the next lowest");
        assert_eq!((lobbies[1].partner(NOW), lobbies[2].partner(NOW)), (None, None), "the others wait");
        assert!(lobbies[1].may_host_me(&ids[0]) && !lobbies[0].may_host_me(&ids[1]), "only a lower id hosts");
        assert!(!lobbies[2].may_host_me(&ids[2]));

        // The host seals its offer for the guest alone.
        let invitation = lobbies[0].seal_for(&ids[1], &offer(), NOW + 1, [1; 24], [0; 32]).unwrap();
        assert!(!invitation.content.contains("Xk3v"), "a relay sees no connection details");
        let heard = lobbies[1].read(&delivered(&invitation), NOW + 1).unwrap();
        assert_eq!(heard, LobbyNews::Message(Heard { from: ids[0].clone(), signal: offer() }));
        assert!(lobbies[1].read(&delivered(&invitation), NOW + 2).unwrap_err().contains("already read"));
        assert!(lobbies[2].read(&delivered(&invitation), NOW + 1).unwrap_err().contains("another"));
        // A third who puts its own key in the address still cannot open a room it does not share.
        let mut readdressed = invitation.clone();
        readdressed.tags.retain(|t| t[0] != "p");
        readdressed.tags.push(vec!["p".into(), ids[2].clone()]);
        assert!(lobbies[2].read(&delivered(&readdressed), NOW + 1).is_err());

        // Paired, both withdraw: the third sees nobody and invites nobody, and keeps seeking.
        let gone: Vec<Event> = lobbies[..2].iter().map(|l| l.withdrawal(NOW + 2, [2; 32])).collect();
        for event in &gone {
            assert_eq!(lobbies[2].read(&delivered(event), NOW + 2), Ok(LobbyNews::Gone));
        }
        assert_eq!((lobbies[2].seeking(NOW + 2), lobbies[2].partner(NOW + 2)), (1, None));
        assert!(!lobbies[2].may_host_me(&ids[0]), "a withdrawn seeker's invitation is not taken");
    }

    #[test]
    fn different_clocks_are_not_paired_and_a_silent_invitee_is_passed_over() {
        let mut lobbies = seekers(3, None);
        let odd = Lobby::new(Keys::from_random([40; 32]).unwrap(), eight(), Some(10), "", NOW).unwrap();
        lobbies.push(odd);
        all_announce(&mut lobbies, NOW);
        let (mid, high) = (lobbies[1].id().to_string(), lobbies[2].id().to_string());
        let (odd, unpaired) = lobbies.split_last_mut().unwrap();
        assert_eq!((odd.seeking(NOW), odd.partner(NOW)), (1, None), "nobody else wants a 10-minute game");
        assert_eq!(unpaired[0].seeking(NOW), 3);
        let lowest = &mut unpaired[0];
        assert_eq!(lowest.partner(NOW), Some(mid.clone()));
        lowest.not_answering(&mid, NOW + INVITE_WAIT_SECONDS);
        assert_eq!(lowest.partner(NOW + INVITE_WAIT_SECONDS), Some(high), "the next one is invited instead");
        assert_eq!(lowest.partner(NOW + INVITE_WAIT_SECONDS + BUSY_SECONDS), None, "all seeks expired by then");
    }

    #[test]
    fn codes_from_strangers_and_of_other_kinds_are_ignored() {
        let mut me = seekers(1, None).pop().unwrap();
        let tags = vec![vec!["p".into(), me.id().to_string()]];
        let keys = Keys::from_random([77; 32]).unwrap();
        let junk =
            Event::sign(&keys, Draft { created_at: NOW, kind: ROOM_KIND, tags: tags.clone(), content: "x" }, &[0; 32]);
        assert!(me.read(&delivered(&junk), NOW).unwrap_err().contains("another room"), "no room tag");
        let other_kind = Event::sign(&keys, Draft { created_at: NOW, kind: 1, tags, content: "hi" }, &[0; 32]);
        assert!(me.read(&delivered(&other_kind), NOW).unwrap_err().contains("kind 1"));
    }
}
