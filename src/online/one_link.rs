//! One link is enough: the host listens in the invitation's room on several Nostr relays at once, the guest who
//! presses Join publishes the answer there, and the first answer any relay delivers connects the two. Nothing goes
//! to a relay before a player makes or accepts an invitation, and the sockets close once the players are
//! connected. When no relay can be reached, or no answer arrives in time, the page says so and the answer code is
//! passed by hand as before.

use super::relay_pool::{log_relay_note, RelayEvent, RelayPool};
use super::{Online, Phase};
use crate::effects::lazy_code::{run_loaded, split_fn};
use crate::model::state::AppState;
use leptos::prelude::*;
use net::nostr_event::{publish, Keys, RelayMessage};
use net::relay_room::{Room, RoomKey};
use net::signal::Role;
use std::cell::RefCell;
use std::rc::Rc;

/// The guest waits this long after sending its answer before saying the relays did not deliver it.
const ANSWER_WAIT_MS: u32 = 15_000;
const SUBSCRIPTION: &str = "reversi-room";

/// How the relays are doing, for the dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayStatus {
    /// No relay is asked (no invitation yet, or the list is empty).
    Off,
    /// `open` of `total` relays are reachable so far.
    Reaching { open: usize, total: usize },
    /// None of them could be reached.
    Unreachable,
    /// The guest's answer went out but no connection followed in time.
    NoAnswer,
}

struct Signalling {
    pool: RelayPool,
    room: RefCell<Room>,
    host: bool,
    /// Whether each relay is open (`Some(true)`), failed (`Some(false)`) or still connecting.
    relays: RefCell<Vec<Option<bool>>>,
    /// The guest's published answer, sent to each relay as it opens.
    answer: RefCell<Option<String>>,
}

thread_local! {
    static SIGNALLING: RefCell<Option<Rc<Signalling>>> = const { RefCell::new(None) };
}

fn current() -> Option<Rc<Signalling>> {
    SIGNALLING.with(|slot| slot.borrow().clone())
}

/// Closes the relay sockets (a new invitation, or the players are connected).
pub fn stop() {
    SIGNALLING.with(|slot| slot.borrow_mut().take());
}

/// The relays this page uses: `?relay=URL` (repeatable, or comma-separated) replaces the list, else the options'.
pub fn relay_urls(state: AppState) -> Vec<String> {
    let asked = super::links::page_query("relay");
    let mut options = state.options.get_untracked();
    if !asked.is_empty() && options.set_relays(&asked.join(",")).is_ok() {
        return options.relays;
    }
    state.options.with_untracked(|o| o.relays.clone())
}

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    let filled = window().crypto().and_then(|crypto| crypto.get_random_values_with_u8_array(&mut bytes).map(drop));
    // Every browser that runs WebAssembly has crypto.getRandomValues; without it, fail loudly rather than weakly.
    filled.expect("crypto.getRandomValues");
    bytes
}

/// A fresh room id and key for an invitation.
pub fn new_room() -> RoomKey {
    RoomKey { id: random_bytes(), secret: random_bytes() }
}

pub fn now_seconds() -> u64 {
    (js_sys::Date::now() / 1000.0) as u64
}

pub fn throwaway_keys() -> Keys {
    loop {
        if let Some(keys) = Keys::from_random(random_bytes()) {
            return keys;
        }
    }
}

/// The host listens in `room` for the guest's answer.
pub fn host_listen(state: AppState, online: Online, room: RoomKey) {
    start(state, online, room, true);
}

/// The guest opens the relays of `room`; its answer is published once ready (see [`install`]).
pub fn guest_join(state: AppState, online: Online, room: RoomKey) {
    start(state, online, room, false);
}

fn start(state: AppState, online: Online, room: RoomKey, host: bool) {
    stop();
    let urls = relay_urls(state);
    if urls.is_empty() {
        online.relays.set(RelayStatus::Unreachable);
        return;
    }
    online.relays.set(RelayStatus::Reaching { open: 0, total: urls.len() });
    let room = Room::new(room, throwaway_keys(), now_seconds());
    // The pool reports synchronously for an address the browser refuses: the signalling is installed first and
    // the pool put in afterwards, so the handler finds both.
    let pending = Rc::new(RefCell::new(Vec::new()));
    let queued = pending.clone();
    let pool = RelayPool::open(&urls, move |event| match current() {
        Some(signalling) => signalling.on_event(state, online, event),
        None => queued.borrow_mut().push(event),
    });
    let signalling = Rc::new(Signalling {
        pool,
        room: RefCell::new(room),
        host,
        relays: RefCell::new(vec![None; urls.len()]),
        answer: RefCell::new(None),
    });
    SIGNALLING.with(|slot| *slot.borrow_mut() = Some(signalling.clone()));
    for event in pending.take() {
        signalling.on_event(state, online, event);
    }
}

impl Signalling {
    fn on_event(&self, state: AppState, online: Online, event: RelayEvent) {
        match event {
            RelayEvent::Opened(index) => {
                self.relays.borrow_mut()[index] = Some(true);
                if self.host {
                    self.pool.send_to(index, &self.room.borrow().subscription(SUBSCRIPTION));
                } else if let Some(answer) = self.answer.borrow().as_ref() {
                    self.pool.send_to(index, answer);
                }
            }
            RelayEvent::Failed(index) => {
                self.relays.borrow_mut()[index] = Some(false);
            }
            RelayEvent::Text(text) if self.host => {
                let heard = self.room.borrow_mut().open(&text, now_seconds());
                match heard {
                    // The first answer connects; later ones (another relay's copy is already ignored as read)
                    // find the invitation taken and are dropped.
                    Ok(heard)
                        if heard.signal.role == Role::Answer && online.phase.get_untracked() == Phase::Invited =>
                    {
                        let _ = online.connect(state, &heard.signal.encode());
                    }
                    Ok(_) => {}
                    Err(why) => log_relay_note(&format!("relay event ignored: {why}")),
                }
            }
            RelayEvent::Text(text) => {
                if let Ok(RelayMessage::Accepted { accepted: false, why, .. }) = RelayMessage::parse(&text) {
                    log_relay_note(&format!("a relay refused the answer: {why}"));
                }
            }
        }
        self.report(online);
    }

    fn report(&self, online: Online) {
        let relays = self.relays.borrow();
        let open = relays.iter().filter(|r| **r == Some(true)).count();
        let status = if relays.iter().all(|r| *r == Some(false)) {
            RelayStatus::Unreachable
        } else {
            RelayStatus::Reaching { open, total: relays.len() }
        };
        if online.relays.get_untracked() != RelayStatus::NoAnswer {
            online.relays.set(status);
        }
    }
}

/// Follows the connection: the guest's answer goes to the relays once it is ready, the guest says so when no
/// connection follows in time, and the relays are closed once the players are connected.
pub fn install(online: Online) {
    Effect::new(move |_| {
        let Some(answer) = online.answer.get() else { return };
        let Some(signalling) = current().filter(|s| !s.host) else { return };
        run_loaded(publish_answer(online, signalling, answer));
    });
    Effect::new(move |_| {
        if online.phase.get() == Phase::Connected {
            if let Some(signalling) = current() {
                log_relay_note(&format!("connected: {} relay messages sent", signalling.pool.sent()));
            }
            stop();
            online.relays.set(RelayStatus::Off);
        }
    });
}

split_fn!(
    online,
    /// The guest's answer, sealed, goes to the relays (online play's module: the signalling is made there).
    fn publish_answer(online: Online, signalling: Rc<Signalling>, answer: String) -> () {
        let Ok(signal) = net::signal::Signal::decode(&answer) else { return Ok(()) };
        let event = signalling.room.borrow().seal(&signal, None, now_seconds(), random_bytes(), random_bytes());
        let text = publish(&event);
        signalling.pool.broadcast(&text);
        *signalling.answer.borrow_mut() = Some(text);
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(ANSWER_WAIT_MS).await;
            let waiting = matches!(online.phase.get_untracked(), Phase::Answered | Phase::Connecting);
            if waiting && current().is_some_and(|s| Rc::ptr_eq(&s, &signalling)) {
                online.relays.set(RelayStatus::NoAnswer);
            }
        });
    }
);
