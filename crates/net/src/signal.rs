//! Invitations and answers: what one side's WebRTC connection needs from the other (ICE credentials, the DTLS
//! fingerprint, candidates) in a compact, versioned binary form, written in base64url so a chat app, a link or a
//! QR code carries it. About 110 characters for an offer with two candidates, where the SDP is some 600.
//!
//! Layout (version 2, all integers big-endian):
//!
//! | bytes | what |
//! | --- | --- |
//! | 1 | version (1) |
//! | 1 | flags: bit 0 answer, bit 1 DTLS role passive (else actpass for an offer, active for an answer) |
//! | 1 + n | ICE user fragment: length, ASCII |
//! | 1 + n | ICE password: length, ASCII |
//! | 32 | SHA-256 certificate fingerprint |
//! | 1 | number of candidates, then per candidate: a kind byte (bits 0-1 host/srflx/prflx/relay, bits 2-3 IPv4, IPv6 or an mDNS name `<uuid>.local`), the address (4, 16 or 16 bytes) and the port (2) |
//! | 4 | an answer only: the [`Signal::tag`] of the invitation it answers (version 2) |
//! | 2 | check: FNV-1a of everything before, folded to 16 bits (catches a character edited by hand) |
//!
//! Only UDP candidates are kept: a browser's TCP candidates add length and rarely help two browsers meet.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use std::fmt::Write;

/// 2: an answer names the invitation it answers, so an answer to another one is refused at once.
const VERSION: u8 = 2;
const MAX_CANDIDATES: usize = 8;

/// The offer (the host's invitation) or the answer (the guest's reply).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Offer,
    Answer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateKind {
    Host,
    ServerReflexive,
    PeerReflexive,
    Relay,
}

const KINDS: [(CandidateKind, &str, u32); 4] = [
    (CandidateKind::Host, "host", 126),
    (CandidateKind::ServerReflexive, "srflx", 100),
    (CandidateKind::PeerReflexive, "prflx", 110),
    (CandidateKind::Relay, "relay", 0),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    /// A host address hidden behind an mDNS name, `<uuid>.local`.
    Mdns([u8; 16]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: CandidateKind,
    pub address: Address,
    pub port: u16,
}

/// One side's connection details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    pub role: Role,
    /// The DTLS role is passive (a rare answer); otherwise actpass (offer) or active (answer).
    pub passive: bool,
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
    /// An answer's mark of the invitation it answers (that offer's [`Signal::tag`]); 0 in an offer.
    pub answers: u32,
}

/// Why a pasted code could not be read; the text is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignalError(pub String);

impl std::fmt::Display for SignalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SignalError {}

fn error<T>(why: impl Into<String>) -> Result<T, SignalError> {
    Err(SignalError(why.into()))
}

impl Signal {
    /// Reads what a connection needs from a browser's session description (after ICE gathering).
    pub fn from_sdp(role: Role, sdp: &str) -> Result<Signal, SignalError> {
        let attribute = |name: &str| sdp.lines().find_map(|line| line.trim().strip_prefix(name).map(str::to_owned));
        let Some(ufrag) = attribute("a=ice-ufrag:") else { return error("the description has no ICE user fragment") };
        let Some(pwd) = attribute("a=ice-pwd:") else { return error("the description has no ICE password") };
        let Some(fingerprint) = attribute("a=fingerprint:sha-256 ").and_then(|hex| parse_fingerprint(&hex)) else {
            return error("the description has no SHA-256 fingerprint");
        };
        let passive = attribute("a=setup:").as_deref() == Some("passive");
        let mut candidates = Vec::new();
        for line in sdp.lines() {
            if let Some(candidate) = line.trim().strip_prefix("a=candidate:").and_then(parse_candidate) {
                if !candidates.contains(&candidate) && candidates.len() < MAX_CANDIDATES {
                    candidates.push(candidate);
                }
            }
        }
        let signal = Signal { role, passive, ufrag, pwd, fingerprint, candidates, answers: 0 };
        signal.check_credentials()?;
        Ok(signal)
    }

    /// A session description a browser accepts as the remote side's (a data channel only).
    pub fn to_sdp(&self) -> String {
        let setup = match (self.passive, self.role) {
            (true, _) => "passive",
            (false, Role::Offer) => "actpass",
            (false, Role::Answer) => "active",
        };
        let fingerprint: Vec<String> = self.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
        let mut sdp = String::from("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n");
        sdp.push_str(
            "a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n",
        );
        for (index, candidate) in self.candidates.iter().enumerate() {
            let (_, name, type_preference) = KINDS.iter().find(|(kind, ..)| *kind == candidate.kind).unwrap();
            // RFC 8445 priority: type preference, a local preference that keeps the written order, component 1.
            let priority = type_preference << 24 | (65_535 - index as u32) << 8 | 255;
            let _ = write!(
                sdp,
                "a=candidate:{} 1 udp {priority} {} {} typ {name}",
                index + 1,
                address_text(&candidate.address),
                candidate.port
            );
            if candidate.kind != CandidateKind::Host {
                sdp.push_str(" raddr 0.0.0.0 rport 0");
            }
            sdp.push_str("\r\n");
        }
        let _ = write!(
            sdp,
            "a=end-of-candidates\r\na=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\n\
             a=fingerprint:sha-256 {}\r\na=setup:{setup}\r\na=mid:0\r\na=sctp-port:5000\r\n\
             a=max-message-size:262144\r\n",
            self.ufrag,
            self.pwd,
            fingerprint.join(":")
        );
        sdp
    }

    /// The base64url code.
    pub fn encode(&self) -> String {
        let mut bytes = vec![VERSION, u8::from(self.role == Role::Answer) | u8::from(self.passive) << 1];
        for text in [&self.ufrag, &self.pwd] {
            bytes.push(text.len() as u8);
            bytes.extend_from_slice(text.as_bytes());
        }
        bytes.extend_from_slice(&self.fingerprint);
        bytes.push(self.candidates.len() as u8);
        for candidate in &self.candidates {
            let kind = KINDS.iter().position(|(kind, ..)| *kind == candidate.kind).unwrap() as u8;
            let (family, address): (u8, &[u8]) = match &candidate.address {
                Address::V4(a) => (0, a),
                Address::V6(a) => (1, a),
                Address::Mdns(a) => (2, a),
            };
            bytes.push(kind | family << 2);
            bytes.extend_from_slice(address);
            bytes.extend_from_slice(&candidate.port.to_be_bytes());
        }
        if self.role == Role::Answer {
            bytes.extend_from_slice(&self.answers.to_be_bytes());
        }
        bytes.extend_from_slice(&check(&bytes).to_be_bytes());
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// Reads a code (or a whole invitation link: whatever follows its last '=' or '#').
    pub fn decode(text: &str) -> Result<Signal, SignalError> {
        let code = text.trim().rsplit(['=', '#']).next().unwrap_or_default();
        if code.is_empty() {
            return error("the code is empty: paste the whole invitation or answer");
        }
        let Ok(bytes) = URL_SAFE_NO_PAD.decode(code) else {
            if code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
                return error("the code is damaged (cut short?): copy it again");
            }
            return error("this is not an invitation or answer code (it has characters a code never has)");
        };
        let Some((body, sum)) = bytes.split_last_chunk::<2>() else { return error("the code is too short") };
        if body.first() != Some(&VERSION) {
            return error(format!(
                "this code is of another version ({}); both players need the same version of the app",
                body.first().copied().unwrap_or_default()
            ));
        }
        if check(body) != u16::from_be_bytes(*sum) {
            return error("the code is damaged (cut short or changed): copy it again");
        }
        let mut reader = Reader { bytes: &body[1..] };
        let signal = reader.signal().ok_or_else(|| SignalError("the code is damaged: copy it again".into()))?;
        if !reader.bytes.is_empty() {
            return error("the code is damaged (extra data): copy it again");
        }
        signal.check_credentials()?;
        Ok(signal)
    }

    /// What an answer carries of this offer to show which invitation it answers: a hash of the credentials and
    /// fingerprint, which differ in every invitation.
    pub fn tag(&self) -> u32 {
        let mut bytes = Vec::with_capacity(self.ufrag.len() + self.pwd.len() + 32);
        bytes.extend_from_slice(self.ufrag.as_bytes());
        bytes.extend_from_slice(self.pwd.as_bytes());
        bytes.extend_from_slice(&self.fingerprint);
        fnv1a(&bytes)
    }

    fn check_credentials(&self) -> Result<(), SignalError> {
        let ice_chars = |s: &str| s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/');
        if !(4..=255).contains(&self.ufrag.len()) || !ice_chars(&self.ufrag) {
            return error("the ICE user fragment is malformed");
        }
        if !(22..=255).contains(&self.pwd.len()) || !ice_chars(&self.pwd) {
            return error("the ICE password is malformed");
        }
        Ok(())
    }
}

/// The 4-digit number both players see once connected, from both sides' fingerprints: equal numbers mean each
/// side holds the other's code, so a swapped or stale code shows.
pub fn check_number(offer: &Signal, answer: &Signal) -> String {
    let mut bytes = offer.fingerprint.to_vec();
    bytes.extend_from_slice(&answer.fingerprint);
    format!("{:04}", fnv1a(&bytes) % 10_000)
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash, &b| (hash ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

fn check(bytes: &[u8]) -> u16 {
    let hash = fnv1a(bytes);
    (hash >> 16) as u16 ^ hash as u16
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let (head, rest) = self.bytes.split_at_checked(n)?;
        self.bytes = rest;
        Some(head)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn text(&mut self) -> Option<String> {
        let len = self.byte()? as usize;
        String::from_utf8(self.take(len)?.to_vec()).ok()
    }

    fn signal(&mut self) -> Option<Signal> {
        let flags = self.byte()?;
        if flags > 3 {
            return None;
        }
        let role = if flags & 1 == 1 { Role::Answer } else { Role::Offer };
        let ufrag = self.text()?;
        let pwd = self.text()?;
        let fingerprint = self.take(32)?.try_into().ok()?;
        let count = self.byte()? as usize;
        if count > MAX_CANDIDATES {
            return None;
        }
        let candidates = (0..count).map(|_| self.candidate()).collect::<Option<Vec<_>>>()?;
        let answers = match role {
            Role::Offer => 0,
            Role::Answer => u32::from_be_bytes(self.take(4)?.try_into().ok()?),
        };
        Some(Signal { role, passive: flags & 2 == 2, ufrag, pwd, fingerprint, candidates, answers })
    }

    fn candidate(&mut self) -> Option<Candidate> {
        let kind_byte = self.byte()?;
        let kind = KINDS.get(usize::from(kind_byte & 3))?.0;
        let address = match kind_byte >> 2 {
            0 => Address::V4(self.take(4)?.try_into().ok()?),
            1 => Address::V6(self.take(16)?.try_into().ok()?),
            2 => Address::Mdns(self.take(16)?.try_into().ok()?),
            _ => return None,
        };
        let port = u16::from_be_bytes(self.take(2)?.try_into().ok()?);
        Some(Candidate { kind, address, port })
    }
}

fn parse_fingerprint(hex: &str) -> Option<[u8; 32]> {
    let bytes: Vec<u8> = hex.trim().split(':').map(|pair| u8::from_str_radix(pair, 16).ok()).collect::<Option<_>>()?;
    bytes.try_into().ok()
}

/// `foundation component transport priority address port typ kind ...`: a UDP candidate, or `None`.
fn parse_candidate(line: &str) -> Option<Candidate> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 8 || !fields[2].eq_ignore_ascii_case("udp") || fields[1] != "1" || fields[6] != "typ" {
        return None;
    }
    let kind = KINDS.iter().find(|(_, name, _)| *name == fields[7])?.0;
    let port = fields[5].parse().ok()?;
    Some(Candidate { kind, address: parse_address(fields[4])?, port })
}

fn parse_address(text: &str) -> Option<Address> {
    if let Some(uuid) = text.strip_suffix(".local") {
        let hex: String = uuid.chars().filter(|&c| c != '-').collect();
        if hex.len() != 32 || uuid.len() != 36 {
            return None;
        }
        let bytes: Vec<u8> =
            (0..16).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect::<Option<_>>()?;
        return Some(Address::Mdns(bytes.try_into().ok()?));
    }
    match text.parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(v4) => Some(Address::V4(v4.octets())),
        std::net::IpAddr::V6(v6) => Some(Address::V6(v6.octets())),
    }
}

fn address_text(address: &Address) -> String {
    match address {
        Address::V4(a) => std::net::Ipv4Addr::from(*a).to_string(),
        Address::V6(a) => std::net::Ipv6Addr::from(*a).to_string(),
        Address::Mdns(a) => {
            let hex: String = a.iter().map(|b| format!("{b:02x}")).collect();
            format!("{}-{}-{}-{}-{}.local", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::rng::Rng;
    use testkit::text_mutations::{mutate, random_text};

    /// An offer as Chromium writes it for a data channel after gathering (one mDNS host, one public address, and
    /// a TCP candidate that is left out).
    const CHROMIUM_OFFER: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
        a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
        m=application 50127 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 203.0.113.7\r\n\
        a=candidate:2746121003 1 udp 2113937151 0b3f5a2c-41d8-4c7e-9b1a-5f6e7d8c9a0b.local 50127 typ host generation 0 network-cost 999\r\n\
        a=candidate:842163049 1 udp 1677729535 203.0.113.7 50127 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999\r\n\
        a=candidate:1 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active\r\n\
        a=ice-ufrag:Xk3v\r\na=ice-pwd:9qR2mC8vLz4TnYp0sWb7eFgH\r\na=ice-options:trickle\r\n\
        a=fingerprint:sha-256 6B:8B:5D:EA:59:04:20:23:29:C8:87:1C:CF:CC:8E:65:91:10:DA:4C:CB:3D:0A:42:8E:63:6E:7B:81:15:3B:33\r\n\
        a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn a_browser_offer_shrinks_to_a_short_code_and_back() {
        let signal = Signal::from_sdp(Role::Offer, CHROMIUM_OFFER).unwrap();
        assert_eq!(signal.candidates.len(), 2, "the TCP candidate is left out");
        assert_eq!(signal.candidates[1].address, Address::V4([203, 0, 113, 7]));
        let code = signal.encode();
        assert!(code.len() <= 130, "{} characters: {code}", code.len());
        let decoded = Signal::decode(&code).unwrap();
        assert_eq!(decoded, signal);
        let sdp = decoded.to_sdp();
        assert!(sdp.contains("a=setup:actpass\r\n"));
        assert!(sdp.contains(" 0b3f5a2c-41d8-4c7e-9b1a-5f6e7d8c9a0b.local 50127 typ host\r\n"), "{sdp}");
        assert!(sdp.contains(" 203.0.113.7 50127 typ srflx raddr 0.0.0.0 rport 0\r\n"), "{sdp}");
        assert!(sdp.contains("a=fingerprint:sha-256 6B:8B:5D:EA:"), "{sdp}");
        assert_eq!(Signal::from_sdp(Role::Offer, &sdp).unwrap(), signal, "the rebuilt description reads the same");
        assert_eq!(Signal::decode(&format!("https://example.org/reversi/#join={code}")).unwrap(), signal);
    }

    #[test]
    fn the_check_number_depends_on_both_sides() {
        let offer = Signal::from_sdp(Role::Offer, CHROMIUM_OFFER).unwrap();
        let mut answer = offer.clone();
        answer.role = Role::Answer;
        answer.fingerprint[0] ^= 1;
        answer.answers = offer.tag();
        let number = check_number(&offer, &answer);
        assert_eq!(number.len(), 4);
        assert_ne!(number, check_number(&answer, &offer));
        let decoded = Signal::decode(&answer.encode()).unwrap();
        assert!(decoded.to_sdp().contains("a=setup:active\r\n"));
        assert_eq!(decoded.answers, offer.tag(), "an answer names the invitation it answers");
        let mut another = offer.clone();
        another.ufrag.push('x');
        assert_ne!(another.tag(), offer.tag(), "and no other");
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        let code = Signal::from_sdp(Role::Offer, CHROMIUM_OFFER).unwrap().encode();
        let err = |text: &str| Signal::decode(text).unwrap_err().to_string();
        assert!(err("").contains("empty"));
        assert!(err("hello world!").contains("not an invitation"));
        assert!(err(&code[..code.len() - 5]).contains("damaged"));
        let mut edited: Vec<char> = code.chars().collect();
        edited[20] = if edited[20] == 'A' { 'B' } else { 'A' };
        assert!(err(&edited.into_iter().collect::<String>()).contains("damaged"));
        let other_version = URL_SAFE_NO_PAD.encode([1, 0, 0, 0]);
        assert!(err(&other_version).contains("another version (1)"));
        assert!(Signal::from_sdp(Role::Offer, "v=0\r\n").is_err());
    }

    #[test]
    fn random_and_mutated_codes_never_panic() {
        let code = Signal::from_sdp(Role::Offer, CHROMIUM_OFFER).unwrap().encode();
        let alphabet: Vec<char> = "ABCXYZabcxyz0189-_=#+/ é".chars().collect();
        let mut rng = Rng::new(3);
        let mut decoded = 0;
        for round in 0..100_000 {
            let base = if round % 10 == 0 { random_text(&alphabet, 199, &mut rng) } else { code.clone() };
            if let Ok(signal) = Signal::decode(&mutate(&base, &alphabet, 0..=2, &mut rng)) {
                decoded += 1;
                assert_eq!(Signal::decode(&signal.encode()).unwrap(), signal);
                let _ = signal.to_sdp();
            }
        }
        assert!(decoded > 0, "unchanged codes (no mutation drawn) still decode");
        // Random bytes that carry a valid check reach the field reader.
        for _ in 0..100_000 {
            let mut bytes: Vec<u8> = (0..rng.next_u64() % 120).map(|_| rng.next_u64() as u8).collect();
            bytes.insert(0, VERSION);
            bytes.extend_from_slice(&check(&bytes).to_be_bytes());
            if let Ok(signal) = Signal::decode(&URL_SAFE_NO_PAD.encode(&bytes)) {
                assert_eq!(Signal::decode(&signal.encode()).unwrap(), signal);
            }
        }
    }
}
