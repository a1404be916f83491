//! The online game's panel beside the board: the connection, whose turn, and the requests between the players
//! (take back, rematch) with their answers; after a game found in the lobby, Find another opponent.

use super::{Online, Phase};
use crate::model::state::{AppState, Dialog};
use game::Color;
use leptos::prelude::*;
use net::session::Session;

#[component]
pub fn OnlinePanel() -> impl IntoView {
    let state = AppState::get();
    // Rebuilt when the seat changes (a new game or a rematch swaps colours), not at every move.
    let seat = Memo::new(move |_| state.table.with(|t| t.online.as_ref().map(|s| (s.me, s.game_id))));
    view! {
        {move || seat.get().map(|(me, _)| view! { <SeatView me /> })}
        <SetAsideOffer />
    }
}

/// The local game an online game set aside, with the button that brings it back once no game is under way: the
/// online one over or cut off, and no new local one begun.
#[component]
fn SetAsideOffer() -> impl IntoView {
    let state = AppState::get();
    let online = Online::get();
    let kept_moves = move || state.set_aside.with(|a| a.as_ref().map(|a| a.table.game.history().played().len()));
    let free = move || {
        let connected = online.phase.get() == Phase::Connected;
        state.table.with(|t| {
            let under_way = !t.game.history().played().is_empty() && !t.game.is_over();
            if t.online.is_some() {
                !(connected && under_way)
            } else {
                !under_way
            }
        })
    };
    let bring_back = move |_| {
        online.leave();
        state.bring_back_set_aside();
    };
    move || {
        kept_moves().filter(|_| free()).map(|moves| {
            view! {
                <section class="online-panel set-aside" aria-label="Game set aside">
                    <p class="online-line">{format!("Your game from before going online ({moves} moves) is kept.")}</p>
                    <div class="online-actions">
                        <button type="button" class="action primary" on:click=bring_back>"Back to my game"</button>
                    </div>
                </section>
            }
        })
    }
}

#[component]
fn SeatView(me: Color) -> impl IntoView {
    let state = AppState::get();
    let online = Online::get();
    let phase = move || online.phase.get();
    let line = move || {
        let theirs_to_move = state.table.with(|t| t.game.side_to_move() == Some(me.opponent()));
        // "Connected directly" or "through a relay server", once the browser's statistics say which.
        let connected = online.route.get().map_or("Connected", |route| route.describe());
        match phase() {
            Phase::Connected if theirs_to_move => format!("{connected} · opponent thinking…"),
            Phase::Connected => connected.to_string(),
            Phase::Lost => "Connection lost: the game is kept".to_string(),
            Phase::Failed(_) => "Not connected: the connection failed".to_string(),
            _ => "Not connected".to_string(),
        }
    };
    let check = move || online.check.get().map(|n| format!(" · check number {n}"));
    let connected = move || phase() == Phase::Connected;
    let pending = move || state.table.with(|t| t.online.as_ref().map(|s| (s.undo_request, s.rematch_offer)));
    let they_ask_undo = move || pending().and_then(|p| p.0).is_some_and(|(by, _)| by != me);
    let they_offer_rematch = move || pending().and_then(|p| p.1).is_some_and(|(by, _)| by != me);
    let i_offer_rematch = move || pending().and_then(|p| p.1).is_some_and(|(by, _)| by == me);
    let over = move || state.table.with(|t| t.game.is_over());
    let from_lobby = move || online.lobby_choice.with(Option::is_some);
    let may_ask_undo =
        move || state.table.with(|t| t.online.as_ref().is_some_and(|s| s.undo_target(&t.game).is_some()));
    let act = move |f: fn(&mut Session, &mut game::Game) -> Option<net::protocol::Message>| {
        let mut done = false;
        state.table.update(|t| done = t.act_online(f));
        done
    };
    let ask_undo = move |_| {
        if act(|s, g| s.request_undo(g)) {
            state.show_info("Take-back requested: waiting for your opponent.");
        }
    };
    let answer_undo = move |accept: bool| {
        state.table.update(|t| {
            t.act_online(|s, g| s.answer_undo(g, accept));
        });
        state.peer_acted(if accept { "Move taken back.".into() } else { "Take-back declined.".into() }, None);
    };
    let rematch = move |_| {
        let id = super::random_id();
        state.table.update(|t| {
            t.act_online(|s, g| s.offer_rematch(g, id));
        });
        state.show_info("Rematch offered: waiting for your opponent.");
    };
    let accept_rematch = move |_| {
        if act(|s, g| s.accept_rematch(g)) {
            let me = state.table.with_untracked(|t| t.online.as_ref().map(|s| s.me)).unwrap_or(Color::Black);
            state.peer_acted(format!("Rematch: a new game. You play {me}."), None);
        }
    };
    view! {
        <section class="online-panel" aria-label="Online game">
            <p class="online-line">
                <span class="online-you">
                    {format!("Online: you play {me}")}
                    {move || online.opponent.get().map(|name| format!(" against {name}"))}
                </span>
                <span data-connection=move || phase().key()>{line}{check}</span>
            </p>
            <div class="online-actions">
                <Show when=move || !connected()>
                    <button type="button" class="action primary" on:click=move |_| state.open(Dialog::Online)>
                        "Reconnect"
                    </button>
                </Show>
                <Show when=move || connected() && may_ask_undo()>
                    <button type="button" class="action" on:click=ask_undo>"Ask to take back"</button>
                </Show>
                <Show when=they_ask_undo>
                    <span class="online-request">"Your opponent asks to take back their last move."</span>
                    <button type="button" class="action primary" on:click=move |_| answer_undo(true)>
                        "Accept take-back"
                    </button>
                    <button type="button" class="action" on:click=move |_| answer_undo(false)>
                        "Decline take-back"
                    </button>
                </Show>
                <Show when=move || connected() && over() && !i_offer_rematch() && !they_offer_rematch()>
                    <button type="button" class="action primary" on:click=rematch>"Rematch"</button>
                </Show>
                <Show when=they_offer_rematch>
                    <button type="button" class="action primary" on:click=accept_rematch>"Accept rematch"</button>
                </Show>
                <Show when=move || over() && from_lobby()>
                    <button type="button" class="action" on:click=move |_| online.seek_again(state)>
                        "Find another opponent"
                    </button>
                </Show>
            </div>
        </section>
    }
}
