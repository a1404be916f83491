//! Online play with no server: the codes two players pass between them to connect (signal), the messages their
//! apps exchange (protocol) and one side's view of the game between them (session). Plain Rust, tested natively;
//! the browser's WebRTC glue is in the app.

pub mod protocol;
pub mod session;
pub mod signal;
