//! `reversi-test-relay [PORT]`: a Nostr relay (rust-nostr's relay builder, events in memory) on 127.0.0.1, for the
//! end-to-end tests of online signalling. Prints its `ws://` address on one line once it listens (PORT 0 or none:
//! a free port), then serves until it is killed.

use nostr_relay_builder::prelude::*;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port = match std::env::args().nth(1).map(|arg| arg.parse::<u16>()) {
        None => 0,
        Some(Ok(port)) => port,
        Some(Err(_)) => {
            eprintln!("usage: reversi-test-relay [PORT]");
            std::process::exit(2);
        }
    };
    let mut builder = RelayBuilder::default().addr(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if port != 0 {
        builder = builder.port(port);
    }
    let relay = LocalRelay::new(builder);
    if let Err(error) = relay.run().await {
        eprintln!("reversi-test-relay: cannot listen: {error}");
        std::process::exit(1);
    }
    println!("{}", relay.url().await);
    let _ = std::io::stdout().flush();
    std::future::pending::<()>().await;
}
