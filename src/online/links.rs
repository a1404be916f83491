//! Links to this page that carry something in their fragment: an invitation (`#join=`) or a game (`#game=`), and
//! sending them on (the Web Share sheet where the browser has one, else the clipboard).

use super::Online;
use crate::model::event::Event;
use crate::model::state::{AppState, Dialog};
use game::notation::{read_link, write_link, LinkError};
use game::{Color, Game, PlayerKind};
use leptos::prelude::*;

const JOIN: &str = "#join=";
const GAME: &str = "#game=";

/// This page's address without query or fragment (the site may live in a sub-folder).
fn page() -> String {
    let location = window().location();
    format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default())
}

pub fn invitation_url(code: &str) -> String {
    format!("{}{JOIN}{code}", page())
}

/// A link that opens this game (variant, a set-up start and the moves so far).
pub fn game_url(game: &Game) -> String {
    format!("{}{GAME}{}", page(), write_link(game))
}

/// Acts on the fragment the page was opened with: a game link loads that game (or its valid part, saying where it
/// breaks), an invitation opens the online dialog with the code filled in. The fragment is then cleared so a
/// reload keeps the saved game.
pub fn open_from_fragment(state: AppState, online: Online) {
    let hash = window().location().hash().unwrap_or_default();
    if let Some(code) = hash.strip_prefix(JOIN) {
        online.arrived_code.set(code.to_string());
        state.open(Dialog::Online);
    } else if let Some(code) = hash.strip_prefix(GAME) {
        let Ok(text) = js_sys::decode_uri_component(code).map(String::from) else {
            state.show_error(
                "This game link is malformed (a %-escape in it is broken: copied only in part?). The saved game is kept.",
            );
            return clear_fragment();
        };
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
    clear_fragment();
}

fn clear_fragment() {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&page()));
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
