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
/// breaks), a one-link invitation opens the online dialog at its Join button (nothing is sent anywhere before the
/// guest presses it), an invitation code opens the dialog with the code filled in. The fragment is then cleared so a
/// reload keeps the saved game.
pub fn open_from_fragment(state: AppState, online: Online) {
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
        let text = js_sys::decode_uri_component(code).map(String::from).unwrap_or_default();
        let (game, problem) = match read_link(&text) {
            Ok(game) => (Some(game), None),
            Err(LinkError { error, valid_part }) => (valid_part, Some(error)),
        };
        if let Some(game) = game {
            let moves = game.history().played().len();
            state.options.update(|o| {
                o.set_player(Color::Black, PlayerKind::Human);
                o.set_player(Color::White, PlayerKind::Human);
            });
            state.load_game(game);
            match problem {
                None => state.show_info(format!(
                    "Game opened from a link ({moves} moves). Play your move, then send it back with Play a friend online → Send by link."
                )),
                Some(why) => state.show_error(format!(
                    "This game link is broken ({why}): the {moves} valid moves before it are shown."
                )),
            }
        } else if let Some(why) = problem {
            state.show_error(format!("This game link does not open: {why}. The saved game is kept."));
        }
    } else {
        return;
    }
    // The query stays: `?stun=` and `?relay=` still apply to this page.
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
