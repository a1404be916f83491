//! Find an opponent: this side seeks in the public lobby on the relays (net::lobby holds the rules: the seek, its
//! checks and expiry, who pairs with whom), and once paired signals as a one-link invitation does, the offer and
//! the answer sealed in a room only the two seekers share. Nothing goes to a relay before the player asks; Cancel
//! withdraws the seek at once, pairing withdraws it too, and the sockets close once the players are connected.

use super::one_link::{now_seconds, random_bytes, relay_urls, throwaway_keys};
use super::relay_pool::{log_relay_note, RelayEvent, RelayPool};
use super::{Online, Phase};
use crate::effects::lazy_code::{run_loaded, split_fn};
use crate::model::state::{AppState, Dialog};
use leptos::prelude::*;
use net::clock::Clock;
use net::lobby::{Lobby, LobbyNews, INVITE_WAIT_SECONDS, REANNOUNCE_SECONDS};
use net::nostr_event::publish;
use net::signal::{Role, Signal};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A guest that answered waits this long for the connection before it seeks again (the host may have given up).
const ANSWER_WAIT_SECONDS: u64 = 20;
const TICK_MS: u32 = 1000;

/// The lobby as the dialog shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeekStatus {
    Off,
    /// Waiting, with the number of seekers for the same game (this side included).
    Waiting(usize),
    /// Paired with a seeker (named, or not): connecting.
    Paired(Option<String>),
    /// The seek gave up by itself.
    NotFound,
    /// No relay could be reached.
    Unreachable,
    /// The seek could not start (a bad name).
    Refused(String),
}

/// What the player asked the lobby for, kept for Try again and Find another opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekChoice {
    pub clock: Option<Clock>,
    pub name: String,
}

/// Where this side stands with a peer.
#[derive(Clone, PartialEq, Eq)]
enum Pairing {
    Free,
    /// Host: invited `peer` at `since` and awaits its answer.
    Inviting {
        peer: String,
        since: u64,
    },
    /// Guest: answering `peer`'s invitation since `since`.
    Answering {
        peer: String,
        since: u64,
    },
}

struct Seeking {
    pool: RelayPool,
    lobby: RefCell<Lobby>,
    choice: SeekChoice,
    pairing: RefCell<Pairing>,
    announced_at: Cell<u64>,
    /// A newcomer appeared in the second of this side's last announcement: announce again in the next second
    /// (other seekers read one announcement a second), and invite no one before that.
    announce_due: Cell<bool>,
    _tick: gloo_timers::callback::Interval,
}

thread_local! {
    static SEEKING: RefCell<Option<Rc<Seeking>>> = const { RefCell::new(None) };
}

fn current() -> Option<Rc<Seeking>> {
    SEEKING.with(|slot| slot.borrow().clone())
}

/// Starts seeking (again) with `choice`, ending whatever connection was under way.
pub fn start(state: AppState, online: Online, choice: SeekChoice) {
    online.leave();
    online.lobby_choice.set(Some(choice.clone()));
    let minutes = choice.clock.map(|c| c.limit_minutes() as u8);
    let variant = state.options.with_untracked(|o| o.variant());
    let lobby = match Lobby::new(throwaway_keys(), variant, minutes, &choice.name, now_seconds()) {
        Ok(lobby) => lobby,
        Err(why) => return online.seeking.set(SeekStatus::Refused(why)),
    };
    let urls = relay_urls(state);
    if urls.is_empty() {
        return online.seeking.set(SeekStatus::Unreachable);
    }
    online.seeking.set(SeekStatus::Waiting(1));
    let failed = Rc::new(Cell::new(0));
    let total = urls.len();
    let failures = failed.clone();
    let pool = RelayPool::open(&urls, move |event| on_event(state, online, event, &failures, total));
    if failed.get() >= total {
        return; // every address refused at once: on_event said so
    }
    let tick = gloo_timers::callback::Interval::new(TICK_MS, move || tick(state, online));
    let seeking = Rc::new(Seeking {
        pool,
        lobby: RefCell::new(lobby),
        choice,
        pairing: RefCell::new(Pairing::Free),
        announced_at: Cell::new(now_seconds()),
        announce_due: Cell::new(false),
        _tick: tick,
    });
    SEEKING.with(|slot| *slot.borrow_mut() = Some(seeking));
}

/// Withdraws the seek (the other seekers drop it at once) and closes the relays.
pub fn stop(online: Online) {
    if let Some(seeking) = SEEKING.with(|slot| slot.borrow_mut().take()) {
        run_loaded(withdraw(seeking));
    }
    if online.seeking.get_untracked() != SeekStatus::Off {
        online.seeking.set(SeekStatus::Off);
    }
}

split_fn!(
    online,
    /// The withdrawal, signed (online play's module: a seek is made there).
    fn withdraw(seeking: Rc<Seeking>) -> () {
        let withdrawal = seeking.lobby.borrow().withdrawal(now_seconds(), random_bytes());
        seeking.pool.broadcast(&publish(&withdrawal));
    }
);

/// Cancel (or a game with a friend instead): the seek stops at once, and a connection half made with a paired
/// seeker is dropped.
pub fn cancel(online: Online) {
    let pairing = current().map(|s| s.pairing.borrow().clone());
    stop(online);
    if pairing.is_some_and(|p| p != Pairing::Free) {
        online.leave();
    }
    online.lobby_choice.set(None);
}

fn on_event(state: AppState, online: Online, event: RelayEvent, failed: &Cell<usize>, total: usize) {
    // A relay refused at once reports before the seek is installed; the count still holds.
    let seeking = current();
    match event {
        RelayEvent::Opened(index) => {
            let Some(seeking) = seeking else { return };
            for subscription in seeking.lobby.borrow().subscriptions() {
                seeking.pool.send_to(index, &subscription);
            }
            let seek = seeking.lobby.borrow().announcement(now_seconds(), random_bytes());
            seeking.pool.send_to(index, &publish(&seek));
        }
        RelayEvent::Failed(_) => {
            failed.set(failed.get() + 1);
            if failed.get() >= total {
                stop(online);
                online.seeking.set(SeekStatus::Unreachable);
            }
        }
        RelayEvent::Text(text) => {
            let Some(seeking) = seeking else { return };
            let news = seeking.lobby.borrow_mut().read(&text, now_seconds());
            match news {
                Ok(LobbyNews::Seeker { new: true }) => seeking.announce(),
                Ok(LobbyNews::Message(heard)) => seeking.heard(state, online, heard.from, heard.signal),
                Ok(_) => {}
                Err(why) => log_relay_note(&format!("lobby event ignored: {why}")),
            }
            seeking.report(online);
        }
    }
}

/// Once a second: the seek's expiry, its announcements, and the pairing's timeouts.
fn tick(state: AppState, online: Online) {
    let Some(seeking) = current() else { return };
    let now = now_seconds();
    let pairing = seeking.pairing.borrow().clone();
    match pairing {
        Pairing::Free if seeking.lobby.borrow().expired(now) => {
            stop(online);
            online.seeking.set(SeekStatus::NotFound);
            return;
        }
        Pairing::Free => {
            if seeking.announce_due.get() || now >= seeking.announced_at.get() + REANNOUNCE_SECONDS {
                seeking.announce();
            }
            // The guest hears this side's seek (and its name) before its invitation.
            let partner = seeking.lobby.borrow().partner(now).filter(|_| !seeking.announce_due.get());
            if let Some(peer) = partner {
                seeking.invite(state, online, peer, now);
            }
        }
        // The host waits for the answer, then (connecting) for the connection's own timeout.
        Pairing::Inviting { peer, since } => {
            let phase = online.phase.get_untracked();
            let unanswered = matches!(phase, Phase::Preparing | Phase::Invited) && now >= since + INVITE_WAIT_SECONDS;
            if unanswered {
                seeking.lobby.borrow_mut().not_answering(&peer, now);
            }
            if unanswered || matches!(phase, Phase::Failed(_)) {
                seeking.give_up_pairing(online);
            }
        }
        Pairing::Answering { since, .. } => {
            if now >= since + ANSWER_WAIT_SECONDS || matches!(online.phase.get_untracked(), Phase::Failed(_)) {
                seeking.give_up_pairing(online);
            }
        }
    }
    seeking.report(online);
}

impl Seeking {
    fn announce(&self) {
        let now = now_seconds();
        if *self.pairing.borrow() != Pairing::Free {
            return;
        }
        self.announce_due.set(self.announced_at.get() == now);
        if !self.announce_due.get() {
            self.announced_at.set(now);
            let seek = self.lobby.borrow().announcement(now, random_bytes());
            self.pool.broadcast(&publish(&seek));
        }
    }

    /// The pairing rule made this side the host of `peer`: it offers a game, sealed for `peer` alone.
    fn invite(&self, state: AppState, online: Online, peer: String, now: u64) {
        *self.pairing.borrow_mut() = Pairing::Inviting { peer: peer.clone(), since: now };
        online.seeking.set(SeekStatus::Paired(self.lobby.borrow().name_of(&peer).map(str::to_string)));
        online.offer_lobby_game(state, self.choice.clock, move |_, offer| {
            let Some(seeking) = current() else { return };
            if !matches!(&*seeking.pairing.borrow(), Pairing::Inviting { peer: p, .. } if *p == peer) {
                return;
            }
            seeking.send_sealed(&peer, &offer);
        });
    }

    fn send_sealed(&self, peer: &str, signal: &Signal) {
        let event = self.lobby.borrow_mut().seal_for(peer, signal, now_seconds(), random_bytes(), random_bytes());
        if let Some(event) = event {
            self.pool.broadcast(&publish(&event));
        }
    }

    /// A code sealed for this side: an invitation it takes only while free and only from the host the rule
    /// names, or the answer to its own invitation.
    fn heard(&self, state: AppState, online: Online, from: String, signal: Signal) {
        let pairing = self.pairing.borrow().clone();
        match (signal.role, pairing) {
            (Role::Offer, Pairing::Free) if self.lobby.borrow().may_host_me(&from) => {
                online.seeking.set(SeekStatus::Paired(self.lobby.borrow().name_of(&from).map(str::to_string)));
                *self.pairing.borrow_mut() = Pairing::Answering { peer: from, since: now_seconds() };
                online.joining_new.set_value(true);
                if let Err(why) = online.connect(state, &signal.encode()) {
                    log_relay_note(&format!("an invitation from the lobby could not be answered: {why}"));
                    self.give_up_pairing(online);
                }
            }
            (Role::Answer, Pairing::Inviting { peer, .. }) if peer == from => {
                if let Err(why) = online.connect(state, &signal.encode()) {
                    log_relay_note(&format!("an answer from the lobby could not be used: {why}"));
                }
            }
            (role, _) => log_relay_note(&format!("lobby {role:?} ignored: this side is not free for it")),
        }
    }

    /// The pairing did not come to a connection: drop it and seek on.
    fn give_up_pairing(&self, online: Online) {
        *self.pairing.borrow_mut() = Pairing::Free;
        online.reset();
        online.phase.set(Phase::Idle);
        online.seeking.set(SeekStatus::Waiting(self.lobby.borrow().seeking(now_seconds())));
        self.announce();
    }

    fn report(&self, online: Online) {
        if *self.pairing.borrow() == Pairing::Free {
            let status = SeekStatus::Waiting(self.lobby.borrow().seeking(now_seconds()));
            if online.seeking.get_untracked() != status {
                online.seeking.set(status);
            }
        }
    }
}

/// Follows the connection: the guest's answer goes to its host once ready, and once the players are connected the
/// seek is withdrawn and the relays closed.
pub fn install(online: Online) {
    Effect::new(move |_| {
        let Some(answer) = online.answer.get() else { return };
        let Some(seeking) = current() else { return };
        run_loaded(send_sealed_answer(seeking, answer));
    });
    Effect::new(move |_| {
        if online.phase.get() == Phase::Connected && current().is_some() {
            if let SeekStatus::Paired(name) = online.seeking.get_untracked() {
                online.opponent.set(name);
            }
            stop(online);
        }
    });
}

split_fn!(
    online,
    /// A paired guest's answer goes to its host, sealed (online play's module: a seek is made there).
    fn send_sealed_answer(seeking: Rc<Seeking>, answer: String) -> () {
        let Pairing::Answering { peer, .. } = seeking.pairing.borrow().clone() else { return Ok(()) };
        if let Ok(signal) = Signal::decode(&answer) {
            seeking.send_sealed(&peer, &signal);
        }
    }
);

split_fn!(
    online,
    /// Find another opponent, at the end of a lobby game: the same choice, a new seek, shown in the online dialog.
    pub fn seek_again(state: AppState, online: Online) -> () {
        let Some(choice) = online.lobby_choice.get_untracked() else { return Ok(()) };
        start(state, online, choice);
        state.open(Dialog::Online);
    }
);
