//! The commands a player uses most, next to the board: New game and the history (Undo all, Undo, Redo, Redo all:
//! Undo and Redo in words everywhere, with curved arrows unlike Resume play's triangle), then Resume play, Offer
//! draw and Resign, each with its name in words, and Play online (its globe alone on phones).

use super::toolbar::{icons, ActionButton};
use crate::model::actions::Action;
use leptos::prelude::*;

#[component]
pub fn GameBar() -> impl IntoView {
    view! {
        <nav class="game-bar" aria-label="Game">
            <div class="bar-group history-controls" role="group" aria-label="History">
                <ActionButton action=Action::NewGame icon=icons::NEW class="primary" />
                <ActionButton action=Action::UndoAll icon=icons::FIRST class="icon-only" />
                <ActionButton action=Action::Undo icon=icons::UNDO />
                <ActionButton action=Action::Redo icon=icons::REDO />
                <ActionButton action=Action::RedoAll icon=icons::LAST class="icon-only" />
            </div>
            <div class="bar-group">
                <ActionButton action=Action::ResumePlay icon=icons::PLAY />
                <ActionButton action=Action::OfferDraw icon="½" />
                <ActionButton action=Action::Resign icon=icons::FLAG />
                <ActionButton action=Action::PlayOnline icon=icons::GLOBE class="phone-icon-only" />
            </div>
        </nav>
    }
}
