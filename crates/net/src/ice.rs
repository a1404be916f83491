//! The servers a WebRTC connection asks for help: STUN servers (which tell a browser its public address) and TURN
//! servers (relays that carry the traffic when the two networks block a direct connection), checked as typed, put
//! together into the list an `RTCPeerConnection` takes, and the route a connection took, read from the candidate
//! pair the browser selected.

use serde::{Deserialize, Serialize};

/// The most TURN servers the settings keep (each one is asked at every connection).
pub const MAX_TURN_SERVERS: usize = 3;
const MAX_URL: usize = 200;
const MAX_CREDENTIAL: usize = 128;

/// A TURN server with its long-term credentials, as typed in the connection settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnServer {
    /// `turn:host[:port]` or `turns:host[:port]`, with an optional `?transport=udp` or `?transport=tcp`.
    pub url: String,
    pub username: String,
    pub credential: String,
}

impl TurnServer {
    /// A TURN server from typed fields (trimmed), or why not, in words for the player.
    pub fn new(url: &str, username: &str, credential: &str) -> Result<TurnServer, String> {
        let server = TurnServer {
            url: url.trim().into(),
            username: username.trim().into(),
            credential: credential.trim().into(),
        };
        server.check()?;
        Ok(server)
    }

    /// Why this server cannot be used, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if !is_turn_url(&self.url) {
            return Err(format!(
                "'{}' is not a TURN server address: it starts with turn: or turns: and names a host, such as \
                 turn:turn.example.org:3478",
                self.url
            ));
        }
        for (field, name) in [(&self.username, "username"), (&self.credential, "credential")] {
            if field.is_empty() {
                return Err(format!("a TURN server needs its {name} (the server's operator gives it)"));
            }
            if field.chars().count() > MAX_CREDENTIAL || field.chars().any(char::is_control) {
                return Err(format!("the TURN {name} is too long or holds control characters"));
            }
        }
        Ok(())
    }
}

/// `stun:` or `stuns:` and a host (with an optional port): what `RTCPeerConnection` accepts as a STUN server.
pub fn is_stun_url(url: &str) -> bool {
    let host = url.strip_prefix("stun:").or_else(|| url.strip_prefix("stuns:")).unwrap_or_default();
    url.len() <= MAX_URL && is_host_and_port(host)
}

/// `turn:` or `turns:`, a host (with an optional port) and at most a `?transport=udp|tcp` query: what
/// `RTCPeerConnection` accepts as a TURN server (RFC 7065).
pub fn is_turn_url(url: &str) -> bool {
    let rest = url.strip_prefix("turn:").or_else(|| url.strip_prefix("turns:")).unwrap_or_default();
    let (host, query) = rest.split_once('?').unwrap_or((rest, ""));
    let query_ok = matches!(query, "" | "transport=udp" | "transport=tcp") && !rest.ends_with('?');
    url.len() <= MAX_URL && query_ok && is_host_and_port(host)
}

/// A host name, an IPv4 address or a bracketed IPv6 one, with an optional port: no scheme, path or user.
fn is_host_and_port(text: &str) -> bool {
    let starts_well = text.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'[');
    starts_well && text.bytes().all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
}

/// Which candidates a connection may use: any (direct first), or relays alone (`iceTransportPolicy: "relay"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TransportPolicy {
    #[default]
    All,
    Relay,
}

/// One entry of `RTCConfiguration.iceServers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceServer {
    pub url: String,
    /// A TURN server's username and credential; none for STUN.
    pub login: Option<(String, String)>,
}

/// What an `RTCPeerConnection` is configured with.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct IceConfig {
    pub servers: Vec<IceServer>,
    pub policy: TransportPolicy,
}

impl IceConfig {
    /// The STUN servers, then the TURN servers with their credentials.
    pub fn new(stun: &[String], turn: &[TurnServer], policy: TransportPolicy) -> IceConfig {
        let stun = stun.iter().map(|url| IceServer { url: url.clone(), login: None });
        let turn = turn
            .iter()
            .map(|t| IceServer { url: t.url.clone(), login: Some((t.username.clone(), t.credential.clone())) });
        IceConfig { servers: stun.chain(turn).collect(), policy }
    }

    /// Whether any TURN server is configured (without one, a relay-only connection can gather nothing).
    pub fn has_turn(&self) -> bool {
        self.servers.iter().any(|s| s.login.is_some())
    }
}

/// What a page's address may set for one visit (the end-to-end tests use it on the shipped site): `turn=URL` with
/// `turnuser=` and `turncred=` replaces the saved TURN servers (`turn=none` removes them), and `ice=relay` forces
/// relay-only connections. `param` gives a query parameter's decoded value.
pub fn overrides_from_query(
    param: impl Fn(&str) -> Option<String>,
    saved_turn: &[TurnServer],
) -> Result<(Vec<TurnServer>, TransportPolicy), String> {
    let turn = match param("turn") {
        None => saved_turn.to_vec(),
        Some(url) if url.eq_ignore_ascii_case("none") => Vec::new(),
        Some(url) => {
            vec![TurnServer::new(&url, &param("turnuser").unwrap_or_default(), &param("turncred").unwrap_or_default())?]
        }
    };
    let policy = match param("ice").as_deref() {
        None | Some("all") => TransportPolicy::All,
        Some("relay") => TransportPolicy::Relay,
        Some(other) => return Err(format!("ice={other} in the address: use ice=relay or ice=all")),
    };
    Ok((turn, policy))
}

/// How a connection reached the other player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// Straight between the two browsers (host, server-reflexive or peer-reflexive candidates on both sides).
    Direct,
    /// Through a TURN server: either side's selected candidate is a relay one.
    Relayed,
}

impl Route {
    /// The route of a selected candidate pair, from the two candidates' `candidateType` (`getStats`).
    pub fn of_pair(local_type: &str, remote_type: &str) -> Route {
        if local_type == "relay" || remote_type == "relay" {
            Route::Relayed
        } else {
            Route::Direct
        }
    }

    /// What the dialog says once connected.
    pub fn describe(self) -> &'static str {
        match self {
            Route::Direct => "Connected directly",
            Route::Relayed => "Connected through a relay server",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_addresses_are_checked() {
        for good in [
            "turn:turn.example.org",
            "turn:turn.example.org:3478",
            "turns:turn.example.org:5349",
            "turn:127.0.0.1:40000?transport=udp",
            "turn:[2001:db8::1]:3478?transport=tcp",
        ] {
            assert!(is_turn_url(good), "{good}");
        }
        for bad in [
            "",
            "turn:",
            "stun:stun.example.org",
            "https://turn.example.org",
            "turn://turn.example.org",
            "turn:user@turn.example.org",
            "turn:turn.example.org/path",
            "turn:turn.example.org?transport=sctp",
            "turn:turn.example.org?",
            "turn:<b>",
            &format!("turn:{}", "a".repeat(MAX_URL)),
        ] {
            assert!(!is_turn_url(bad), "{bad}");
        }
        assert!(is_stun_url("stun:stun.example.org:3478") && is_stun_url("stuns:[2001:db8::1]:5349"));
        assert!(!is_stun_url("turn:x") && !is_stun_url("stun:") && !is_stun_url("stun:a/b"));
    }

    #[test]
    fn a_turn_server_needs_a_good_address_and_both_credentials() {
        let server = TurnServer::new(" turn:turn.example.org:3478 ", " u ", "p").unwrap();
        assert_eq!((server.url.as_str(), server.username.as_str()), ("turn:turn.example.org:3478", "u"));
        let err = TurnServer::new("turn.example.org", "u", "p").unwrap_err();
        assert!(err.contains("'turn.example.org' is not a TURN server address"), "{err}");
        assert!(err.contains("turn: or turns:"), "{err}");
        assert!(TurnServer::new("turn:t.example", "", "p").unwrap_err().contains("needs its username"));
        assert!(TurnServer::new("turn:t.example", "u", " ").unwrap_err().contains("needs its credential"));
        assert!(TurnServer::new("turn:t.example", "u", &"x".repeat(200)).unwrap_err().contains("too long"));
        assert!(TurnServer::new("turn:t.example", "u\n", "p").is_ok(), "trimmed");
        assert!(TurnServer::new("turn:t.example", "u\u{7}", "p").unwrap_err().contains("control characters"));
    }

    #[test]
    fn the_config_lists_stun_then_turn_with_its_login() {
        let turn = TurnServer::new("turn:t.example:3478", "u", "p").unwrap();
        let config = IceConfig::new(&["stun:s.example".into()], &[turn], TransportPolicy::Relay);
        assert_eq!(
            config.servers,
            vec![
                IceServer { url: "stun:s.example".into(), login: None },
                IceServer { url: "turn:t.example:3478".into(), login: Some(("u".into(), "p".into())) },
            ]
        );
        assert_eq!(config.policy, TransportPolicy::Relay);
        assert!(config.has_turn());
        assert!(!IceConfig::new(&["stun:s.example".into()], &[], TransportPolicy::All).has_turn());
    }

    #[test]
    fn the_address_may_replace_the_turn_servers_and_force_relays() {
        let saved = vec![TurnServer::new("turn:saved.example", "a", "b").unwrap()];
        let query = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(overrides_from_query(query(&[]), &saved), Ok((saved.clone(), TransportPolicy::All)));
        let (turn, policy) = overrides_from_query(
            query(&[("turn", "turn:127.0.0.1:3478"), ("turnuser", "u"), ("turncred", "p"), ("ice", "relay")]),
            &saved,
        )
        .unwrap();
        assert_eq!(turn, vec![TurnServer::new("turn:127.0.0.1:3478", "u", "p").unwrap()]);
        assert_eq!(policy, TransportPolicy::Relay);
        assert_eq!(overrides_from_query(query(&[("turn", "none")]), &saved), Ok((vec![], TransportPolicy::All)));
        assert!(overrides_from_query(query(&[("turn", "turn:x.example")]), &saved).unwrap_err().contains("username"));
        assert!(overrides_from_query(query(&[("ice", "direct")]), &saved).unwrap_err().contains("ice=relay"));
    }

    #[test]
    fn a_relay_candidate_on_either_side_means_the_route_is_relayed() {
        assert_eq!(Route::of_pair("host", "host"), Route::Direct);
        assert_eq!(Route::of_pair("srflx", "prflx"), Route::Direct);
        assert_eq!(Route::of_pair("relay", "host"), Route::Relayed);
        assert_eq!(Route::of_pair("srflx", "relay"), Route::Relayed);
        assert_eq!(Route::Relayed.describe(), "Connected through a relay server");
    }
}
