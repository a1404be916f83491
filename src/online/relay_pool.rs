//! WebSockets to several Nostr relays at once: each relay's text goes to one handler (which checks everything), and
//! what this side publishes goes to every relay that is open. A relay that fails is dropped; one that floods is
//! closed.

use net::nostr_event::MAX_RELAY_MESSAGE_BYTES;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};

/// More messages than this from one relay in one room is a flood: honest traffic is a handful.
const MAX_MESSAGES_PER_RELAY: u32 = 300;

/// What a relay did; the index is its place in the list.
pub enum RelayEvent {
    Opened(usize),
    Text(String),
    /// It could not be reached, closed, or was closed for flooding.
    Failed(usize),
}

struct Relay {
    socket: WebSocket,
    _handlers: [Closure<dyn FnMut(JsValue)>; 3],
}

pub struct RelayPool {
    relays: Vec<Relay>,
    /// Relay messages this side has sent (subscriptions and events), for the figures.
    sent: Rc<Cell<u32>>,
}

impl RelayPool {
    /// Opens a socket to each of `urls` (one the browser refuses, for its address or the page's security policy,
    /// reports `Failed` at once).
    pub fn open(urls: &[String], on_event: impl Fn(RelayEvent) + 'static) -> RelayPool {
        let on_event = Rc::new(on_event);
        let mut relays = Vec::new();
        for (index, url) in urls.iter().enumerate() {
            let Ok(socket) = WebSocket::new(url) else {
                on_event(RelayEvent::Failed(index));
                continue;
            };
            let opened = {
                let on_event = on_event.clone();
                Closure::wrap(Box::new(move |_| on_event(RelayEvent::Opened(index))) as Box<dyn FnMut(JsValue)>)
            };
            let received = {
                let on_event = on_event.clone();
                let watched = socket.clone();
                let mut count = 0;
                Closure::wrap(Box::new(move |event: JsValue| {
                    count += 1;
                    if count > MAX_MESSAGES_PER_RELAY {
                        let _ = watched.close();
                        return;
                    }
                    // Binary frames and oversized texts are dropped unread.
                    let text = event.unchecked_into::<MessageEvent>().data().as_string();
                    match text {
                        Some(text) if text.len() <= MAX_RELAY_MESSAGE_BYTES => on_event(RelayEvent::Text(text)),
                        _ => log_relay_note("relay message dropped unread: binary or oversized"),
                    }
                }) as Box<dyn FnMut(JsValue)>)
            };
            let failed = {
                let on_event = on_event.clone();
                Closure::wrap(Box::new(move |_| on_event(RelayEvent::Failed(index))) as Box<dyn FnMut(JsValue)>)
            };
            socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
            socket.set_onmessage(Some(received.as_ref().unchecked_ref()));
            socket.set_onclose(Some(failed.as_ref().unchecked_ref()));
            relays.push(Relay { socket, _handlers: [opened, received, failed] });
        }
        RelayPool { relays, sent: Rc::new(Cell::new(0)) }
    }

    /// Sends `text` to relay `index` if it is open.
    pub fn send_to(&self, index: usize, text: &str) -> bool {
        let Some(relay) = self.relays.get(index) else { return false };
        let sent = relay.socket.ready_state() == WebSocket::OPEN && relay.socket.send_with_str(text).is_ok();
        if sent {
            self.sent.set(self.sent.get() + 1);
        }
        sent
    }

    /// Sends `text` to every open relay; how many took it.
    pub fn broadcast(&self, text: &str) -> usize {
        (0..self.relays.len()).filter(|&index| self.send_to(index, text)).count()
    }

    pub fn sent(&self) -> u32 {
        self.sent.get()
    }
}

impl Drop for RelayPool {
    fn drop(&mut self) {
        for relay in &self.relays {
            relay.socket.set_onopen(None);
            relay.socket.set_onmessage(None);
            relay.socket.set_onclose(None);
            let _ = relay.socket.close();
        }
    }
}

/// What the relays did that a player need not see (an ignored event, a refusal) goes to the console's debug level:
/// strangers' events on public relays are normal, not errors.
pub fn log_relay_note(text: &str) {
    web_sys::console::debug_1(&text.into());
}
