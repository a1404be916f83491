//! Online play with no server: the codes two players pass between them to connect (signal), the messages their
//! apps exchange (protocol), one side's view of the game between them (session) and its optional clocks (clock). Plain Rust, tested natively;
//! the browser's WebRTC glue is in the app.

pub mod clock;
pub mod protocol;
pub mod session;
pub mod signal;
