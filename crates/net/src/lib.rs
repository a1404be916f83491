//! Online play with no server: the codes two players pass between them to connect (signal), the messages their
//! apps exchange (protocol), one side's view of the game between them (session) and its optional clocks (clock);
//! the one-link invitation whose answer comes back through Nostr relays (relay_room over nostr_event), the public
//! lobby where strangers find each other on the same relays (lobby), and the STUN and TURN servers a connection asks
//! and the route it took (ice). Plain Rust, tested natively; the browser's WebRTC and WebSocket glue is in the app.

pub mod clock;
pub mod ice;
pub mod lobby;
pub mod nostr_event;
pub mod protocol;
pub mod relay_room;
pub mod session;
pub mod signal;
