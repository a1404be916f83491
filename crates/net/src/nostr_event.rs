//! Nostr events and relay messages (NIP-01), as much as signalling through public relays needs: signing and checking
//! an event, the three messages a client sends (`REQ`, `EVENT`, `CLOSE`) and reading what a relay says back. Every
//! text from a relay is size-limited and checked (the event's id is recomputed and its signature verified) before
//! anything reads its content.

use k256::elliptic_curve::point::AffineCoordinates;
use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use k256::ProjectivePoint;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A relay message larger than this is dropped unread: a signalling event is under 2 KB.
pub const MAX_RELAY_MESSAGE_BYTES: usize = 8192;
/// The content of an event this app accepts (an offer or answer code, sealed and in base64, is about 400 bytes).
pub const MAX_CONTENT_BYTES: usize = 2048;
const MAX_TAGS: usize = 8;

/// A signed event, as relays carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub id: String,
    pub pubkey: String,
    pub created_at: u64,
    pub kind: u32,
    pub tags: Vec<Vec<String>>,
    pub content: String,
    pub sig: String,
}

/// A throwaway signing key: this app makes a new one for every room or seek, so events link to no one.
#[derive(Clone)]
pub struct Keys {
    secret: SigningKey,
}

impl Keys {
    /// Keys from 32 random bytes; `None` for the rare bytes that are no valid secret key (zero or above the order).
    pub fn from_random(bytes: [u8; 32]) -> Option<Keys> {
        SigningKey::from_bytes(&bytes).ok().map(|secret| Keys { secret })
    }

    /// The public key in hex, as events name their author.
    pub fn public_hex(&self) -> String {
        hex(&self.secret.verifying_key().to_bytes())
    }

    /// The x-coordinate of this secret times `other`'s public key (ECDH): the same on both sides, since a point
    /// and its negation share their x (BIP-340 keys name only x), and unknown to anyone holding neither secret.
    /// `None` for text that is no public key.
    pub fn shared_secret(&self, other: &str) -> Option<[u8; 32]> {
        let other = VerifyingKey::from_bytes(&unhex::<32>(other)?).ok()?;
        let shared = (ProjectivePoint::from(*other.as_affine()) * **self.secret.as_nonzero_scalar()).to_affine();
        Some(shared.x().into())
    }
}

/// What an event is about to carry, before it is signed.
pub struct Draft<'a> {
    pub created_at: u64,
    pub kind: u32,
    pub tags: Vec<Vec<String>>,
    pub content: &'a str,
}

impl Event {
    /// Signs `draft` with `keys`; `aux_rand` is fresh randomness for the signature (BIP-340).
    pub fn sign(keys: &Keys, draft: Draft, aux_rand: &[u8; 32]) -> Event {
        let pubkey = keys.public_hex();
        let id = event_id(&pubkey, draft.created_at, draft.kind, &draft.tags, draft.content);
        let sig = keys.secret.sign_raw(&id, aux_rand).expect("signing a 32-byte id cannot fail").to_bytes();
        Event {
            id: hex(&id),
            pubkey,
            created_at: draft.created_at,
            kind: draft.kind,
            tags: draft.tags,
            content: draft.content.to_string(),
            sig: hex(&sig),
        }
    }

    /// The event's id matches its fields and its signature is its author's; its sizes are within this app's.
    pub fn verify(&self) -> Result<(), String> {
        if self.content.len() > MAX_CONTENT_BYTES || self.tags.len() > MAX_TAGS {
            return Err("an oversized event".into());
        }
        if self.tags.iter().any(|tag| tag.len() > 3 || tag.iter().any(|part| part.len() > 128)) {
            return Err("an event with oversized tags".into());
        }
        let (Some(id), Some(pubkey), Some(sig)) =
            (unhex::<32>(&self.id), unhex::<32>(&self.pubkey), unhex::<64>(&self.sig))
        else {
            return Err("an event whose id, key or signature is not hex of the right length".into());
        };
        if event_id(&self.pubkey, self.created_at, self.kind, &self.tags, &self.content) != id {
            return Err("an event whose id does not match its content".into());
        }
        let key = VerifyingKey::from_bytes(&pubkey).map_err(|_| "an event signed by no valid key".to_string())?;
        let sig = Signature::try_from(sig.as_slice()).map_err(|_| "a malformed signature".to_string())?;
        key.verify_raw(&id, &sig).map_err(|_| "an event with a forged signature".to_string())
    }

    /// The value of the event's first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.first().is_some_and(|n| n == name))
            .and_then(|tag| tag.get(1))
            .map(String::as_str)
    }
}

/// NIP-01's id: the SHA-256 of `[0, pubkey, created_at, kind, tags, content]` serialised without spaces.
fn event_id(pubkey: &str, created_at: u64, kind: u32, tags: &[Vec<String>], content: &str) -> [u8; 32] {
    let serialised = serde_json::to_string(&(0, pubkey, created_at, kind, tags, content)).expect("plain values");
    Sha256::digest(serialised.as_bytes()).into()
}

/// `["REQ", id, filter]`: the events of `kind` with the tag `tag` (a single letter, as relays index: `t` a topic,
/// `p` the key an event is for) set to `value`, from `since` on.
pub fn subscribe(subscription: &str, kind: u32, (tag, value): (char, &str), since: u64) -> String {
    let filter = serde_json::json!({ "kinds": [kind], format!("#{tag}"): [value], "since": since });
    serde_json::json!(["REQ", subscription, filter]).to_string()
}

/// `["EVENT", event]`: publishes an event.
pub fn publish(event: &Event) -> String {
    serde_json::json!(["EVENT", event]).to_string()
}

/// `["CLOSE", id]`: ends a subscription.
pub fn unsubscribe(subscription: &str) -> String {
    serde_json::json!(["CLOSE", subscription]).to_string()
}

/// What a relay said, as far as a client cares.
#[derive(Debug, PartialEq, Eq)]
pub enum RelayMessage {
    /// An event for one of our subscriptions (not yet checked: see [`Event::verify`]).
    Event {
        subscription: String,
        event: Box<Event>,
    },
    /// Whether the relay took an event we published, and why not.
    Accepted {
        id: String,
        accepted: bool,
        why: String,
    },
    /// The stored events are all sent (ephemeral ones never are: what follows is live).
    EndOfStored,
    /// The relay ended a subscription, or said something to the client.
    Closed(String),
    Notice(String),
}

impl RelayMessage {
    /// Reads one relay message, or says why it is dropped.
    pub fn parse(text: &str) -> Result<RelayMessage, String> {
        if text.len() > MAX_RELAY_MESSAGE_BYTES {
            return Err(format!("a relay message of {} bytes", text.len()));
        }
        let Ok(Value::Array(parts)) = serde_json::from_str::<Value>(text) else {
            return Err("a relay message that is not a JSON array".into());
        };
        let text_at = |i: usize| parts.get(i).and_then(Value::as_str).map(str::to_string);
        match parts.first().and_then(Value::as_str) {
            Some("EVENT") if parts.len() == 3 => {
                let event = serde_json::from_value(parts[2].clone()).map_err(|e| format!("a malformed event: {e}"))?;
                let subscription = text_at(1).ok_or("an event for no subscription")?;
                Ok(RelayMessage::Event { subscription, event: Box::new(event) })
            }
            Some("OK") if parts.len() >= 3 => Ok(RelayMessage::Accepted {
                id: text_at(1).unwrap_or_default(),
                accepted: parts[2].as_bool().unwrap_or(false),
                why: text_at(3).unwrap_or_default(),
            }),
            Some("EOSE") => Ok(RelayMessage::EndOfStored),
            Some("CLOSED") => Ok(RelayMessage::Closed(text_at(2).unwrap_or_default())),
            Some("NOTICE") => Ok(RelayMessage::Notice(text_at(1).unwrap_or_default())),
            _ => Err("a relay message of an unknown type".into()),
        }
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Lower-case hex of exactly `N` bytes.
pub fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return None;
    }
    let mut bytes = [0; N];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(seed: u8) -> Keys {
        Keys::from_random([seed; 32]).unwrap()
    }

    fn draft(content: &str) -> Draft<'_> {
        Draft { created_at: 1_700_000_000, kind: 25_050, tags: vec![vec!["t".into(), "abc".into()]], content }
    }

    #[test]
    fn a_signed_event_verifies_and_any_change_breaks_it() {
        let event = Event::sign(&keys(7), draft("hello"), &[1; 32]);
        assert_eq!(event.id.len(), 64);
        assert_eq!(event.sig.len(), 128);
        event.verify().unwrap();
        let mut changed = event.clone();
        changed.content = "hellO".into();
        assert!(changed.verify().unwrap_err().contains("id does not match"));
        let mut stolen = event.clone();
        stolen.pubkey = keys(8).public_hex();
        assert!(stolen.verify().is_err(), "another author's key");
        let mut resigned = event.clone();
        resigned.sig = Event::sign(&keys(9), draft("hello"), &[1; 32]).sig;
        assert!(resigned.verify().unwrap_err().contains("forged"));
        let mut junk = event;
        junk.sig = "zz".into();
        assert!(junk.verify().unwrap_err().contains("hex"));
    }

    /// BIP-340's test vector 0, and the text NIP-01 hashes for an id.
    #[test]
    fn ids_and_signatures_match_other_implementations() {
        let secret = unhex::<32>("0000000000000000000000000000000000000000000000000000000000000003").unwrap();
        let keys = Keys::from_random(secret).unwrap();
        assert_eq!(keys.public_hex(), "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9");
        let signature = keys.secret.sign_raw(&[0; 32], &[0; 32]).unwrap().to_bytes();
        assert_eq!(
            hex(&signature).to_uppercase(),
            "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0"
        );
        // NIP-01 hashes exactly this text (relays check it: the end-to-end tests publish to a real one).
        let tags = vec![vec!["t".to_string(), "a\"b".to_string()]];
        let serialised = serde_json::to_string(&(0, "ab", 1_700_000_000u64, 1u32, &tags, "hi\n")).unwrap();
        assert_eq!(serialised, r#"[0,"ab",1700000000,1,[["t","a\"b"]],"hi\n"]"#);
        assert_eq!(event_id("ab", 1_700_000_000, 1, &tags, "hi\n"), <[u8; 32]>::from(Sha256::digest(serialised)));
    }

    #[test]
    fn relay_messages_are_read_and_junk_refused() {
        let event = Event::sign(&keys(3), draft("x"), &[2; 32]);
        let text = format!(r#"["EVENT","sub1",{}]"#, serde_json::to_string(&event).unwrap());
        assert_eq!(
            RelayMessage::parse(&text).unwrap(),
            RelayMessage::Event { subscription: "sub1".into(), event: Box::new(event.clone()) }
        );
        assert_eq!(
            RelayMessage::parse(r#"["OK","ab",false,"rate-limited: slow down"]"#).unwrap(),
            RelayMessage::Accepted { id: "ab".into(), accepted: false, why: "rate-limited: slow down".into() }
        );
        assert_eq!(RelayMessage::parse(r#"["EOSE","sub1"]"#).unwrap(), RelayMessage::EndOfStored);
        for junk in ["", "{}", "[]", "[1]", r#"["EVENT","s",{"id":1}]"#, r#"["WHAT"]"#, "[\"EVENT\",\"s\",null]"] {
            assert!(RelayMessage::parse(junk).is_err(), "{junk}");
        }
        let huge = format!(r#"["NOTICE","{}"]"#, "x".repeat(MAX_RELAY_MESSAGE_BYTES));
        assert!(RelayMessage::parse(&huge).unwrap_err().contains("bytes"));
        assert!(publish(&event).starts_with(r#"["EVENT",{"#));
        assert_eq!(subscribe("s", 25_050, ('t', "ab"), 9), r##"["REQ","s",{"#t":["ab"],"kinds":[25050],"since":9}]"##);
        assert_eq!(unsubscribe("s"), r#"["CLOSE","s"]"#);
    }

    #[test]
    fn both_sides_of_an_exchange_compute_the_same_secret_and_a_third_another() {
        let (a, b, c) = (keys(1), keys(2), keys(3));
        let shared = a.shared_secret(&b.public_hex()).unwrap();
        assert_eq!(b.shared_secret(&a.public_hex()), Some(shared));
        assert_ne!(c.shared_secret(&a.public_hex()), Some(shared));
        assert_eq!(a.shared_secret("not a key"), None);
        assert_eq!(a.shared_secret(&"f".repeat(64)), None, "x beyond the field is no point");
    }

    #[test]
    fn oversized_events_are_refused_before_any_hashing() {
        let big = "x".repeat(MAX_CONTENT_BYTES + 1);
        let event = Event::sign(&keys(4), draft(&big), &[0; 32]);
        assert!(event.verify().unwrap_err().contains("oversized"));
        assert!(Keys::from_random([0; 32]).is_none(), "zero is no secret key");
        assert_eq!(unhex::<2>("0aFF"), None, "upper case is not NIP-01 hex");
        assert_eq!(unhex::<2>("0aff"), Some([10, 255]));
    }
}
