//! A game link opened while another game is under way: the link's game replaces it only if the player says so.

use super::{Confirmation, Modal};
use crate::model::state::AppState;
use crate::online::{open_linked_game, Online};
use leptos::prelude::*;

#[component]
pub fn OpenLinkDialog() -> impl IntoView {
    let state = AppState::get();
    let online = Online::get();
    let question = move || {
        let linked = online.arrived_game.with(|g| g.as_ref().map(|g| g.game.history().played().len()));
        let (here, online_here) = state.table.with(|t| (t.game.history().played().len(), t.online.is_some()));
        let kind = if online_here { "online game" } else { "game" };
        format!(
            "This link opens a game of {} moves. It would replace your {kind} in progress ({here} moves here), and \
             set both players to people at this device. Open the linked game?",
            linked.unwrap_or_default()
        )
    };
    let answer = Callback::new(move |open: bool| {
        state.close_dialog();
        match online.arrived_game.try_update(Option::take).flatten() {
            Some(linked) if open => open_linked_game(state, linked),
            _ => state.show_info("The link's game was not opened: your game is kept."),
        }
    });
    view! {
        <Modal title="Open the linked game?" class="confirm-dialog">
            <Confirmation question=question() keep="Keep my game" go_ahead="Open linked game" on_answer=answer />
        </Modal>
    }
}
