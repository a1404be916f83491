//! Links to this page that carry something in their fragment: an invitation (`#join=`) or a game (`#game=`), and
//! sending them on (the Web Share sheet where the browser has one, else the clipboard).

use super::{Invited, Online};
use crate::model::event::Event;
use crate::model::state::{AppState, Dialog};
use game::notation::{read_link, write_link, LinkError};
use game::{Color, Game, PlayerKind};
use leptos::prelude::*;
use net::relay_room::{read_room_fragment, room_fragment, Invitation};
use net::signal::Signal;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;

const JOIN: &str = "#join=";
const GAME: &str = "#game=";

/// This page's address without query or fragment (the site may live in a sub-folder).
fn page() -> String {
    let location = window().location();
    format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default())
}

/// The one-link invitation: the room and its terms, then the offer code (see `net::relay_room::room_fragment`).
pub fn invitation_url(invitation: &Invitation, offer: &Signal) -> String {
    format!("{}{}", page(), room_fragment(invitation, offer))
}

/// A link that opens this game (variant, a set-up start and the moves so far).
pub fn game_url(game: &Game) -> String {
    format!("{}{GAME}{}", page(), write_link(game))
}

/// Acts on the fragment the page was opened with: a game link loads that game (or its valid part, saying where it
/// breaks), asking first if it would replace a game under way; a one-link invitation opens the online dialog at its
/// Join button (nothing is sent anywhere before the guest presses it); an invitation code opens the dialog with the
/// code filled in. The fragment is then cleared so a reload keeps the saved game.
fn open_from_fragment(state: AppState, online: Online) {
    let hash = window().location().hash().unwrap_or_default();
    if let Some(read) = read_room_fragment(&hash) {
        match read {
            Ok((invitation, offer)) => {
                online.arrived_code.set(offer.encode());
                online.invited.set(Some(Invited { invitation, offer }));
                state.open(Dialog::Online);
            }
            Err(why) => state.show_error(format!("This invitation link does not open: {why}.")),
        }
    } else if let Some(code) = hash.strip_prefix(JOIN) {
        online.arrived_code.set(code.to_string());
        state.open(Dialog::Online);
    } else if let Some(code) = hash.strip_prefix(GAME) {
        let Ok(text) = js_sys::decode_uri_component(code).map(String::from) else {
            state.show_error(
                "This game link is malformed (a %-escape in it is broken: copied only in part?). The saved game is kept.",
            );
            return clear_fragment();
        };
        let linked = match read_link(&text) {
            Ok(game) => LinkedGame { game, problem: None },
            Err(LinkError { error, valid_part: Some(game) }) => LinkedGame { game, problem: Some(error.to_string()) },
            Err(LinkError { error, valid_part: None }) => {
                state.show_error(format!("This game link does not open: {error}. The saved game is kept."));
                return clear_fragment();
            }
        };
        let replaces = state.table.with_untracked(|t| {
            let under_way = t.online.is_some() || (!t.game.history().played().is_empty() && !t.game.is_over());
            under_way && t.game != linked.game
        });
        if replaces {
            online.arrived_game.set(Some(linked));
            state.open(Dialog::OpenLink);
        } else {
            open_linked_game(state, linked);
        }
    } else {
        return;
    }
    clear_fragment();
}

/// Acts on the fragment whenever it changes too: a link pasted into the address bar of the open page, or opened
/// from another page while this one is open, navigates within it without loading it again.
pub fn follow_fragment(state: AppState, online: Online) {
    open_from_fragment(state, online);
    let on_change = Closure::<dyn FnMut()>::new(move || open_from_fragment(state, online));
    // Listening lasts as long as the page.
    let _ = window().add_event_listener_with_callback("hashchange", on_change.as_ref().unchecked_ref());
    on_change.forget();
}

/// A game that arrived in the page's link, with why the link broke off if it did.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedGame {
    pub game: Game,
    pub problem: Option<String>,
}

/// Puts a linked game on the table, for two people at this device (the sender plays their move elsewhere).
pub fn open_linked_game(state: AppState, linked: LinkedGame) {
    let moves = linked.game.history().played().len();
    state.options.update(|o| {
        o.set_player(Color::Black, PlayerKind::Human);
        o.set_player(Color::White, PlayerKind::Human);
    });
    state.load_game(linked.game);
    match linked.problem {
        None => state.show_info(format!(
            "Game opened from a link ({moves} moves). Play your move, then send it back with Play a friend online → Send by link."
        )),
        Some(why) => state.show_error(format!(
            "This game link is broken ({why}): the {moves} valid moves before it are shown."
        )),
    }
}

/// The decoded values of the page address's query parameter `name` (`?relay=a&relay=b`: both), in order; the
/// end-to-end tests set the page's servers this way on the shipped site.
pub fn page_query(name: &str) -> Vec<String> {
    let search = window().location().search().unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
        .filter_map(|value| js_sys::decode_uri_component(value).ok().map(String::from))
        .collect()
}

fn clear_fragment() {
    // The query stays: `?stun=`, `?turn=` and `?relay=` still apply to this page.
    let search = window().location().search().unwrap_or_default();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{}{search}", page())));
    }
}

/// Offers `url` through the system's share sheet, or copies it (and says so).
pub fn share_or_copy(state: AppState, title: &str, url: &str, share: bool) {
    let navigator = window().navigator();
    let can_share = js_sys::Reflect::has(&navigator, &"share".into()).unwrap_or(false);
    if share && can_share {
        let data = web_sys::ShareData::new();
        data.set_title(title);
        data.set_url(url);
        let _ = navigator.share_with_data(&data);
        return;
    }
    // Not awaited: the text stays on screen to copy by hand if the clipboard refuses.
    let _ = navigator.clipboard().write_text(url);
    state.show_info(format!("{title} copied."));
}

/// Share game link follows its event: the game so far as a link, to the share sheet or else the clipboard.
pub fn follow_shared_links(state: AppState) {
    Effect::new(move |_| {
        if state.event.with(|last| last.as_ref().is_some_and(|last| last.event == Event::GameLinkShared)) {
            let url = state.table.with_untracked(|t| game_url(&t.game));
            share_or_copy(state, "Game link", &url, true);
        }
    });
}
