//! `reversi-test-event RELAY [--kind N] [--tag NAME=VALUE]... [--content TEXT | --content-bytes N] [--age SECONDS]`
//! or `reversi-test-event RELAY --event JSON [--copies N]`: publishes one Nostr event to RELAY (`ws://…`) and prints
//! the relay's answer as one JSON line, `{"id":…,"accepted":…,"message":…}`. The first form signs a new event with
//! throwaway keys (created AGE seconds ago, or in the future if AGE is negative; the content repeated to N bytes
//! for an oversized one); the second sends an event already signed, as captured, N times back to back on one
//! socket (a replay that arrives while the first copy is still being read), with one answer line per copy. The end-to-end tests publish junk with it to see the app ignore it:
//! node has no secp256k1 Schnorr signatures, and a relay refuses unsigned events. A test tool, never part of the
//! site.

use futures_util::{SinkExt, StreamExt};
use nostr_relay_builder::prelude::*;
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const USAGE: &str = "usage: reversi-test-event RELAY [--kind N] [--tag NAME=VALUE]... \
    [--content TEXT | --content-bytes N] [--age SECONDS] | RELAY --event JSON [--copies N]";

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let event = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [relay, rest @ ..] => read_event(rest).map(|event| (relay.clone(), event)),
        [] => Err(USAGE.to_string()),
    };
    let (relay, (event, copies)) = event.unwrap_or_else(|why| fail(&why, 2));
    match publish(&relay, &event, copies).await {
        Ok(answers) => answers.iter().for_each(|answer| println!("{answer}")),
        Err(why) => fail(&format!("{relay}: {why}"), 1),
    }
}

fn fail(why: &str, code: i32) -> ! {
    eprintln!("reversi-test-event: {why}");
    std::process::exit(code)
}

/// The event the arguments ask for, given whole (`--event`, with how many copies to send) or signed here from its
/// parts (one copy).
fn read_event(args: &[String]) -> Result<(Event, usize), String> {
    let given = |json: &str| Event::from_json(json).map_err(|e| format!("--event: {e}"));
    match args {
        [flag, json] if flag == "--event" => return Ok((given(json)?, 1)),
        [flag, json, copies_flag, copies] if flag == "--event" && copies_flag == "--copies" => {
            let copies = copies.parse().ok().filter(|n| (1..=10).contains(n));
            return Ok((given(json)?, copies.ok_or("--copies: a number from 1 to 10")?));
        }
        _ => {}
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
    let event = EventBuilder::new(Kind::from(kind), content)
        .tags(tags)
        .custom_created_at(created_at)
        .sign_with_keys(&Keys::generate())
        .map_err(|e| format!("signing: {e}"))?;
    Ok((event, 1))
}

/// Sends `copies` of `event` back to back and waits (a few seconds at most) for the relay's `OK` to each.
async fn publish(relay: &str, event: &Event, copies: usize) -> Result<Vec<String>, String> {
    let (mut socket, _) = tokio_tungstenite::connect_async(relay).await.map_err(|e| format!("cannot connect: {e}"))?;
    let message = ClientMessage::event(event.clone()).as_json();
    for _ in 0..copies {
        socket.send(Message::text(message.clone())).await.map_err(|e| format!("cannot send: {e}"))?;
    }
    let answers = async {
        let mut answers = Vec::new();
        while let Some(Ok(Message::Text(text))) = socket.next().await {
            if let Ok(RelayMessage::Ok { event_id, status, message }) = RelayMessage::from_json(text.as_str()) {
                answers.push(json!({ "id": event_id.to_hex(), "accepted": status, "message": message }).to_string());
                if answers.len() == copies {
                    return Ok(answers);
                }
            }
        }
        Err("the relay closed without answering".to_string())
    };
    let answers = tokio::time::timeout(Duration::from_secs(5), answers).await.map_err(|_| "no answer in 5 s")?;
    let _ = socket.close(None).await;
    answers
}
