//! Online play in the browser: the connection's phases, the codes on screen, and the glue that feeds the peer's
//! messages to the table (which checks them) and sends the table's outbox. The rules are in the `net` crate.
//!
//! Rule: online play's browser side (the WebRTC connection, links and QR codes, its panel and clocks); imports the
//! model, the crates below and effects' code loaded on first use (the connections' code comes with online play's
//! module: what the first board reaches calls it through split functions).

mod connection;
mod find_opponent;
mod links;
mod one_link;
mod online_clocks;
mod online_panel;
mod qr;
mod relay_pool;

pub use find_opponent::{SeekChoice, SeekStatus};
pub use links::{follow_fragment, game_url, open_linked_game, share_or_copy, LinkedGame};
pub use one_link::RelayStatus;
pub use online_clocks::ClockFace;
pub use online_panel::OnlinePanel;
pub use qr::QrImage;

use crate::effects::lazy_code::NOT_LOADED;
use crate::model::page_clock::now_ms;
use crate::model::saves::SetAside;
use crate::model::state::AppState;
use crate::model::table::Table;
use connection::{Peer, PeerEvent};
use game::{Color, Game, PlayerKind};
use leptos::prelude::*;
use net::clock::Clock;
use net::ice::{IceConfig, Route};
use net::protocol::Message;
use net::relay_room::{Invitation, Terms};
use net::session::{Event, Session};
use net::signal::{check_number, Role, Signal};
use std::cell::RefCell;
use std::rc::Rc;

const KEEP_ALIVE_MS: u32 = 10_000;

/// Where the connection stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    Idle,
    /// Gathering this side's connection details for a code.
    Preparing,
    /// Host: the invitation is ready and the answer awaited.
    Invited,
    /// Guest: the answer is ready; the host pastes it.
    Answered,
    Connecting,
    Connected,
    Lost,
    Failed(String),
}

impl Phase {
    /// The `data-connection` value (a stable contract for automated players).
    pub fn key(&self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Preparing => "preparing",
            Phase::Invited => "invited",
            Phase::Answered => "answered",
            Phase::Connecting => "connecting",
            Phase::Connected => "connected",
            Phase::Lost => "lost",
            Phase::Failed(_) => "failed",
        }
    }
}

/// The colour the host asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    Black,
    White,
    Random,
}

/// The online connection's state, shared through context.
#[derive(Clone, Copy)]
pub struct Online {
    pub phase: RwSignal<Phase>,
    /// The host's invitation link.
    pub invitation: RwSignal<Option<String>>,
    /// The guest's answer code.
    pub answer: RwSignal<Option<String>>,
    /// The 4-digit number both sides see once connected.
    pub check: RwSignal<Option<String>>,
    /// How the open connection goes (directly or through a TURN server), once the browser says.
    pub route: RwSignal<Option<Route>>,
    /// When the clocks were last read (`now_ms`): the clocks on screen follow it.
    pub now: RwSignal<u64>,
    /// A code that arrived in the page's link (`#join=`), for the dialog's text box.
    pub arrived_code: RwSignal<String>,
    /// A one-link invitation this page was opened with, until the guest joins.
    pub invited: RwSignal<Option<Invited>>,
    /// The relays carrying a one-link invitation's answer.
    pub relays: RwSignal<RelayStatus>,
    /// A game that arrived in the page's link (`#game=`) while another was under way, until the player chooses.
    pub arrived_game: RwSignal<Option<LinkedGame>>,
    /// The lobby, while this side seeks an opponent.
    pub seeking: RwSignal<SeekStatus>,
    /// What this side asked the lobby for, while it seeks or plays a game found there.
    pub lobby_choice: RwSignal<Option<SeekChoice>>,
    /// The name a lobby opponent announced, for the online panel.
    pub opponent: RwSignal<Option<String>>,
    /// A lobby's guest takes the next host's hello as a new game, even with an online game on the table.
    joining_new: StoredValue<bool>,
    /// This side's code and the other's, for the check number.
    codes: StoredValue<(Option<Signal>, Option<Signal>)>,
    /// This side is the host of the connection being made.
    hosting: StoredValue<bool>,
    /// The host's new game, started when the channel opens (a reconnection keeps the game on the table).
    planned: StoredValue<Option<Session>>,
}

/// What a one-link invitation holds: the room, the terms, and the host's offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invited {
    pub invitation: Invitation,
    pub offer: Signal,
}

thread_local! {
    static PEER: RefCell<Option<Rc<Peer>>> = const { RefCell::new(None) };
}

impl Online {
    pub fn get() -> Online {
        expect_context::<Online>()
    }

    /// The STUN and TURN servers and the transport policy: the options', or what the page's address says for
    /// this visit (`?stun=none` or `?stun=URL,URL`; `?turn=URL&turnuser=…&turncred=…`; `?ice=relay`).
    fn ice_config(state: AppState) -> Result<IceConfig, String> {
        let mut options = state.options.get_untracked();
        if let Some(list) = links::page_query("stun").first() {
            if let Err(why) = options.set_stun_servers(list) {
                return Err(format!("stun= in the address: {why}"));
            }
        }
        let param = |name: &str| links::page_query(name).into_iter().next();
        let (turn, policy) = net::ice::overrides_from_query(param, &options.turn_servers)?;
        Ok(IceConfig::new(&options.stun_servers, &turn, policy))
    }

    /// Starts seeking an opponent in the lobby (ending any connection under way).
    pub fn find_opponent(&self, state: AppState, choice: SeekChoice) {
        find_opponent::start(state, *self, choice);
    }

    /// Stops seeking at once.
    pub fn cancel_seek(&self) {
        find_opponent::cancel(*self);
    }

    /// Find another opponent at the end of a lobby game (online play's code may have to be fetched first).
    pub fn seek_again(&self, state: AppState) {
        let online = *self;
        leptos::task::spawn_local(async move {
            if find_opponent::seek_again(state, online).await.is_err() {
                state.show_error(NOT_LOADED);
            }
        });
    }

    /// Ends the connection and any seek, and forgets its codes: the player has left online play.
    pub fn leave(&self) {
        find_opponent::stop(*self);
        self.reset();
        self.phase.set(Phase::Idle);
    }

    fn reset(&self) {
        PEER.with(|peer| peer.borrow_mut().take());
        one_link::stop();
        self.relays.set(RelayStatus::Off);
        self.invitation.set(None);
        self.answer.set(None);
        self.check.set(None);
        self.route.set(None);
        self.opponent.set(None);
        self.codes.set_value((None, None));
        self.planned.set_value(None);
    }

    fn open_peer(&self, state: AppState) -> Result<(), String> {
        let online = *self;
        let peer = Peer::new(&Online::ice_config(state)?, move |event| online.on_event(state, event))?;
        PEER.with(|slot| *slot.borrow_mut() = Some(Rc::new(peer)));
        Ok(())
    }

    fn fail(&self, why: String) {
        self.phase.set(Phase::Failed(why));
    }

    /// The host makes an invitation: for the online game on the table if this side hosts it (a reconnection),
    /// else for a new game of the options' variant with the chosen colour and clocks.
    pub fn invite(&self, state: AppState, colour: ColourChoice, clock: Option<Clock>) {
        find_opponent::cancel(*self);
        self.reset();
        let resumes = state.table.with_untracked(|t| t.online.as_ref().is_some_and(|s| s.host));
        let mut terms = state.table.with_untracked(|t| {
            t.online.as_ref().filter(|_| resumes).map(|s| Terms {
                variant: t.game.variant(),
                guest_plays: s.opponent(),
                clock_minutes: s.clock.map(|c| c.limit_minutes() as u8),
            })
        });
        if !resumes {
            let me = match colour {
                ColourChoice::Black => Color::Black,
                ColourChoice::White => Color::White,
                ColourChoice::Random if js_sys::Math::random() < 0.5 => Color::Black,
                ColourChoice::Random => Color::White,
            };
            self.planned.set_value(Some(Session::host(me, random_id(), clock)));
            terms = Some(Terms {
                variant: state.options.with_untracked(|o| o.variant()),
                guest_plays: me.opponent(),
                clock_minutes: clock.map(|c| c.limit_minutes() as u8),
            });
        }
        let invitation = Invitation { room: one_link::new_room(), terms: terms.expect("a new game or a resumed one") };
        self.make_offer(state, move |online, signal| {
            online.invitation.set(Some(links::invitation_url(&invitation, &signal)));
            one_link::host_listen(state, online, invitation.room);
        });
    }

    /// A lobby's host offers a new game to the seeker it was paired with: a random colour, the seek's clock.
    fn offer_lobby_game(&self, state: AppState, clock: Option<Clock>, then: impl FnOnce(Online, Signal) + 'static) {
        self.reset();
        let me = if js_sys::Math::random() < 0.5 { Color::Black } else { Color::White };
        self.planned.set_value(Some(Session::host(me, random_id(), clock)));
        self.make_offer(state, then);
    }

    /// This side hosts: it gathers its connection details into an offer, then `then` passes it on.
    fn make_offer(&self, state: AppState, then: impl FnOnce(Online, Signal) + 'static) {
        self.hosting.set_value(true);
        self.phase.set(Phase::Preparing);
        if let Err(why) = self.open_peer(state) {
            return self.fail(why);
        }
        let online = *self;
        leptos::task::spawn_local(async move {
            let Some(peer) = current_peer() else { return };
            match peer.offer().await {
                Ok(signal) => {
                    online.codes.set_value((Some(signal.clone()), None));
                    online.phase.set(Phase::Invited);
                    then(online, signal);
                }
                Err(why) => online.fail(why),
            }
        });
    }

    /// The guest presses Join on a one-link invitation: the answer is made as for a pasted code, and goes back
    /// through the relays.
    pub fn join(&self, state: AppState) {
        let Some(invited) = self.invited.get_untracked() else { return };
        find_opponent::cancel(*self);
        if let Err(why) = self.connect(state, &invited.offer.encode()) {
            return self.fail(why);
        }
        one_link::guest_join(state, *self, invited.invitation.room);
    }

    /// A pasted invitation (this side becomes the guest) or answer (this side hosts and connects). An answer to
    /// another invitation, or this side's own invitation pasted back, is refused at once and the invitation on
    /// screen stays usable.
    pub fn connect(&self, state: AppState, text: &str) -> Result<(), String> {
        let signal = Signal::decode(text).map_err(|e| e.to_string())?;
        let own = self.codes.with_value(|(own, _)| own.clone()).filter(|_| self.hosting.get_value());
        match signal.role {
            Role::Offer if own.as_ref() == Some(&signal) => Err(OWN_INVITATION.into()),
            Role::Offer => {
                self.reset();
                self.hosting.set_value(false);
                self.phase.set(Phase::Preparing);
                self.open_peer(state)?;
                let online = *self;
                leptos::task::spawn_local(async move {
                    let Some(peer) = current_peer() else { return };
                    match peer.answer(&signal).await {
                        Ok(answer) => {
                            online.answer.set(Some(answer.encode()));
                            online.check.set(Some(check_number(&signal, &answer)));
                            online.codes.set_value((Some(answer), Some(signal)));
                            online.phase.set(Phase::Answered);
                            online.give_up_after(Phase::Answered, HOST_WAIT_MS, HOST_NEVER_CAME);
                        }
                        Err(why) => online.fail(why),
                    }
                });
                Ok(())
            }
            Role::Answer => {
                let Some(offer) = own.filter(|_| self.phase.get_untracked() == Phase::Invited) else {
                    return Err("this is an answer: it goes into the window that made the invitation".into());
                };
                if signal.answers != offer.tag() {
                    return Err(OTHER_INVITATION.into());
                }
                self.check.set(Some(check_number(&offer, &signal)));
                self.phase.set(Phase::Connecting);
                self.give_up_after(Phase::Connecting, CONNECTING_MS, NO_CONNECTION);
                let online = *self;
                leptos::task::spawn_local(async move {
                    let Some(peer) = current_peer() else { return };
                    if let Err(why) = peer.accept(&signal).await {
                        online.fail(why);
                    }
                });
                Ok(())
            }
        }
    }

    /// Ends the attempt with `why` if it is still in `phase` after `ms` (the same attempt: a new one has a new
    /// peer), dropping its connection so nothing arrives late.
    fn give_up_after(&self, phase: Phase, ms: u32, why: &'static str) {
        let online = *self;
        // Weak: a replaced connection must close when dropped, not live on in this timer and report itself lost.
        let attempt = current_peer().map(|peer| Rc::downgrade(&peer));
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(ms).await;
            let then = attempt.and_then(|weak| weak.upgrade());
            let same_attempt = then.zip(current_peer()).is_some_and(|(then, now)| Rc::ptr_eq(&then, &now));
            if same_attempt && online.phase.get_untracked() == phase {
                PEER.with(|peer| peer.borrow_mut().take());
                online.fail(why.into());
            }
        });
    }

    fn on_event(&self, state: AppState, event: PeerEvent) {
        match event {
            PeerEvent::Open => self.opened(state),
            PeerEvent::Message(text) => self.received(state, &text),
            PeerEvent::Lost => {
                if self.phase.get_untracked() == Phase::Connected {
                    self.phase.set(Phase::Lost);
                    state.show_error("The connection to your opponent was lost. The game is kept: choose Reconnect.");
                    state.announcement.set("Connection lost.".into());
                } else if self.phase.get_untracked() != Phase::Lost {
                    self.fail(FAILED.into());
                }
            }
        }
    }

    fn opened(&self, state: AppState) {
        self.phase.set(Phase::Connected);
        let route = self.route;
        leptos::task::spawn_local(async move {
            if let Some(peer) = current_peer() {
                route.set(peer.route().await);
            }
        });
        let check = self.check.get_untracked().unwrap_or_default();
        state.announcement.set(format!("Connected. Check number {check}."));
        if let Some(session) = self.planned.try_update_value(Option::take).flatten() {
            set_aside_local_game(state);
            let variant = state.options.with_untracked(|o| o.variant());
            state.table.set(Table::online(Game::new(variant), session));
            state.close_dialog();
        }
        if self.hosting.get_value() || state.table.with_untracked(|t| t.online.as_ref().is_some_and(|s| !s.host)) {
            self.send_hello(state);
        }
        if self.hosting.get_value() {
            state.close_dialog();
        }
    }

    fn send_hello(&self, state: AppState) {
        let hello = state.table.with_untracked(|t| t.online.as_ref().map(|s| s.hello(&t.game, now_ms())));
        if let Some(hello) = hello {
            send(&hello);
        }
    }

    fn received(&self, state: AppState, text: &str) {
        // A guest without this host's game takes it from the host's hello.
        let joining = !self.hosting.get_value()
            && (self.joining_new.get_value()
                || state.table.with_untracked(|t| t.online.as_ref().is_none_or(|s| s.host)));
        if joining {
            match Session::join(text) {
                Ok((session, game)) => {
                    self.joining_new.set_value(false);
                    set_aside_local_game(state);
                    state.table.set(Table::online(game, session));
                    play_as_people(state);
                    self.send_hello(state);
                    state.close_dialog();
                    let me = state.table.with_untracked(|t| t.online.as_ref().map(|s| s.me)).unwrap_or_default();
                    state.peer_acted(format!("Connected: a new game. You play {me}."), None);
                }
                Err(refusal) => state.show_error(refusal.to_string()),
            }
            return;
        }
        let mut outcome = None;
        let now = now_ms();
        state.table.update(|t| outcome = Some(t.receive(text, now)));
        match outcome {
            Some(Ok(Event::KeepAlive | Event::AlreadyOutOfTime)) | None => {}
            Some(Ok(event)) => {
                if matches!(event, Event::Greeted { .. }) {
                    play_as_people(state);
                    state.close_dialog();
                }
                let said = state.table.with_untracked(|t| event.describe(&t.game));
                let placed = match event {
                    Event::Moved(square) => Some(square),
                    _ => None,
                };
                state.peer_acted(said.clone(), placed);
                if !matches!(event, Event::Moved(_)) {
                    state.show_info(said);
                }
            }
            Some(Err(refusal)) => state.show_error(refusal.to_string()),
        }
    }
}

/// The host waits this long from taking the answer (pasted, or carried by a relay) for the channel to open: on one
/// network it opens in under a second, across the internet in a few.
const CONNECTING_MS: u32 = 30_000;
/// The guest waits this long for the host to paste the answer (sent by hand, through a chat app or a QR code).
const HOST_WAIT_MS: u32 = 5 * 60_000;

const OWN_INVITATION: &str = "this is your own invitation: send it to your friend, and paste their answer here. \
    The invitation stays open.";
const OTHER_INVITATION: &str = "this answer is to another invitation (an earlier one, or another game's), not the \
    one on screen. The invitation on screen stays open: ask your friend to answer it and paste that answer.";
const NO_CONNECTION: &str = "No direct connection within 30 seconds of receiving the answer: the answer may be out \
    of date, or the networks block a direct connection. Choose New invitation to try again.";
const HOST_NEVER_CAME: &str = "No direct connection within 5 minutes of your answer: your friend may not have \
    pasted it, someone else may have answered the invitation first, or the networks block a direct connection. Ask \
    your friend for a new invitation.";
/// The connection failed (the browser gave up on every route between the two).
const FAILED: &str = "No direct connection could be made: both players' networks must let it through, and a \
    strict firewall or NAT (common on mobile data and offices) blocks it.";
/// What to do when no connection comes, said after each of the reasons above (and in Help).
pub const NO_CONNECTION_HELP: &str = "A relay (TURN) server in Connection settings may help, or play on by link.";

fn current_peer() -> Option<Rc<Peer>> {
    PEER.with(|slot| slot.borrow().clone())
}

fn send(message: &Message) {
    if let Some(peer) = current_peer() {
        peer.send(&message.to_text());
    }
}

/// Keeps the local game and its players aside before an online game takes the table (the online panel brings them
/// back); an online game, or one without moves, is not worth keeping.
fn set_aside_local_game(state: AppState) {
    let table = state.table.get_untracked();
    if table.online.is_some() || table.game.history().moves().is_empty() {
        return;
    }
    let players = state.players_untracked();
    state.set_aside.set(Some(SetAside { table, black: players.black, white: players.white }));
}

/// Online games are between two people: the computer plays neither side (so the statistics count them with
/// human-against-human games).
fn play_as_people(state: AppState) {
    state.options.update(|o| {
        o.set_player(Color::Black, PlayerKind::Human);
        o.set_player(Color::White, PlayerKind::Human);
    });
}

fn random_id() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64
}

/// Provides the online state and sends whatever the table queues for the peer, plus a keep-alive.
pub fn install(state: AppState) -> Online {
    let online = Online {
        phase: RwSignal::new(Phase::Idle),
        invitation: RwSignal::new(None),
        answer: RwSignal::new(None),
        check: RwSignal::new(None),
        route: RwSignal::new(None),
        now: RwSignal::new(now_ms()),
        arrived_code: RwSignal::new(String::new()),
        invited: RwSignal::new(None),
        relays: RwSignal::new(RelayStatus::Off),
        arrived_game: RwSignal::new(None),
        seeking: RwSignal::new(SeekStatus::Off),
        lobby_choice: RwSignal::new(None),
        joining_new: StoredValue::new(false),
        opponent: RwSignal::new(None),
        codes: StoredValue::new((None, None)),
        hosting: StoredValue::new(false),
        planned: StoredValue::new(None),
    };
    provide_context(online);
    Effect::new(move |_| {
        if state.table.with(|t| t.outbox.is_empty()) {
            return;
        }
        let mut outbox = Vec::new();
        state.table.update_untracked(|t| outbox = std::mem::take(&mut t.outbox));
        for message in &outbox {
            send(message);
        }
    });
    let keep_alive = gloo_timers::callback::Interval::new(KEEP_ALIVE_MS, move || {
        if online.phase.get_untracked() == Phase::Connected {
            send(&Message::KeepAlive);
        }
    });
    keep_alive.forget();
    online_clocks::start_ticking(state, online);
    one_link::install(online);
    find_opponent::install(online);
    links::follow_shared_links(state);
    online
}
