//! `reversi-test-event RELAY [--kind N] [--tag NAME=VALUE]... [--content TEXT | --content-bytes N] [--age SECONDS]`
//! or `reversi-test-event RELAY --event JSON`: publishes one Nostr event to RELAY (`ws://…`) and prints the relay's
//! answer as one JSON line, `{"id":…,"accepted":…,"message":…}`. The first form signs a new event with throwaway
//! keys (created AGE seconds ago, or in the future if AGE is negative; the content repeated to N bytes for an oversized one); the second sends an event
//! already signed, as captured, for a replay. The end-to-end tests publish junk with it to see the app ignore it:
//! node has no secp256k1 Schnorr signatures, and a relay refuses unsigned events. A test tool, never part of the
//! site.

use futures_util::{SinkExt, StreamExt};
use nostr_relay_builder::prelude::*;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const USAGE: &str = "usage: reversi-test-event RELAY [--kind N] [--tag NAME=VALUE]... \
    [--content TEXT | --content-bytes N] [--age SECONDS] | RELAY --event JSON";

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let event = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [relay, rest @ ..] => read_event(rest).map(|event| (relay.clone(), event)),
        [] => Err(USAGE.to_string()),
    };
    let (relay, event) = event.unwrap_or_else(|why| fail(&why, 2));
    match publish(&relay, &event).await {
        Ok(answer) => println!("{answer}"),
        Err(why) => fail(&format!("{relay}: {why}"), 1),
    }
}

fn fail(why: &str, code: i32) -> ! {
    eprintln!("reversi-test-event: {why}");
    std::process::exit(code)
}

/// The event the arguments ask for: given whole (`--event`), or signed here from its parts.
fn read_event(args: &[String]) -> Result<Event, String> {
    if let [flag, json] = args {
        if flag == "--event" {
            return Event::from_json(json).map_err(|e| format!("--event: {e}"));
        }
    }
    let (mut kind, mut tags, mut content, mut age) = (25_050_u16, Vec::new(), String::new(), 0_i64);
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = || value.parse::<u64>().map_err(|_| format!("{flag}: not a number: {value}"));
        match flag.as_str() {
            "--kind" => kind = u16::try_from(number()?).map_err(|_| format!("--kind: {value} is too big"))?,
            "--tag" => {
                let (name, text) = value.split_once('=').ok_or_else(|| format!("--tag NAME=VALUE, not {value}"))?;
                tags.push(Tag::parse([name, text]).map_err(|e| format!("--tag {value}: {e}"))?);
            }
            "--content" => content = value.clone(),
            "--content-bytes" => content = "x".repeat(number()? as usize),
            "--age" => age = value.parse().map_err(|_| format!("--age: not a number of seconds: {value}"))?,
            _ => return Err(format!("unknown flag {flag}\n{USAGE}")),
        }
    }
    let created_at = Timestamp::from(Timestamp::now().as_secs().saturating_add_signed(-age));
    EventBuilder::new(Kind::from(kind), content)
        .tags(tags)
        .custom_created_at(created_at)
        .sign_with_keys(&Keys::generate())
        .map_err(|e| format!("signing: {e}"))
}

/// Sends `event` and waits (a few seconds at most) for the relay's `OK`.
async fn publish(relay: &str, event: &Event) -> Result<String, String> {
    let (mut socket, _) = tokio_tungstenite::connect_async(relay).await.map_err(|e| format!("cannot connect: {e}"))?;
    let message = ClientMessage::event(event.clone()).as_json();
    socket.send(Message::text(message)).await.map_err(|e| format!("cannot send: {e}"))?;
    let answer = async {
        while let Some(Ok(Message::Text(text))) = socket.next().await {
            if let Ok(RelayMessage::Ok { event_id, status, message }) = RelayMessage::from_json(text.as_str()) {
                let answer = serde_json::json!({ "id": event_id.to_hex(), "accepted": status, "message": message });
                return Ok(answer.to_string());
            }
        }
        Err("the relay closed without answering".to_string())
    };
    let answer = tokio::time::timeout(Duration::from_secs(5), answer).await.map_err(|_| "no answer in 5 s")?;
    let _ = socket.close(None).await;
    answer
}
