//! Opening names in the app: the game's opening under the status line (or, while the pointer is on a legal
//! square, the opening that move would reach), and the name on the move that reached it in the move list.

use crate::model::state::AppState;
use analysis::Openings;
use game::square_name;
use leptos::prelude::*;

/// The name of the opening whose position the move that made ply `ply` (1-based) reached, if named.
pub fn opening_reached_at(ply: usize) -> Option<&'static str> {
    let state = AppState::get();
    state.table.with(|t| Some(Openings::get().at(t.game.history().position_at(ply)?)?.name))
}

/// The game's opening, or the one the hovered legal square would reach (tracked), from the later panels' module (the
/// line under the status that shows it: later_panels.rs's `OpeningName`).
pub fn opening_text() -> Option<String> {
    let state = AppState::get();
    let hovered = state.hover.get();
    state.table.with(|t| {
        let position = t.game.position();
        let openings = Openings::get();
        if let Some(reached) = hovered.and_then(|sq| openings.reached_by(position, sq).map(|o| (sq, o))) {
            let n = position.size().n();
            return Some(format!("{} would reach: {}", square_name(reached.0, n), reached.1.name));
        }
        openings.of_game(&t.game).map(|o| format!("Opening: {}", o.name))
    })
}
