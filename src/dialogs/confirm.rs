//! "Are you sure?" before something that cannot be taken back: one [`Confirmation`] (the question and two named
//! buttons; Enter goes ahead, Escape keeps things as they are) for every such moment, whether it has a dialog of
//! its own (New game and Resign on a game in progress) or appears inside one (Import replacing moves, Statistics'
//! reset).

use super::Modal;
use crate::model::actions::Action;
use crate::model::state::AppState;
use leptos::prelude::*;

/// The question, with the words of the button that keeps things as they are and the one that goes ahead.
#[component]
pub fn Confirmation(
    #[prop(into)] question: String,
    keep: &'static str,
    go_ahead: &'static str,
    /// Called with the answer: `true` to go ahead.
    on_answer: Callback<bool>,
) -> impl IntoView {
    let go_button = NodeRef::<leptos::html::Button>::new();
    // The focus goes to the answer that goes ahead, so Enter gives it (the button that asked may have gone).
    Effect::new(move |_| {
        if let Some(button) = go_button.get() {
            let _ = button.focus();
        }
    });
    view! {
        <p class="confirm" role="alert">{question}</p>
        <div class="dialog-buttons">
            <button type="button" on:click=move |_| on_answer.run(false)>{keep}</button>
            <button type="button" class="danger" node_ref=go_button on:click=move |_| on_answer.run(true)>
                {go_ahead}
            </button>
        </div>
    }
}

/// The dialog's title, the consequence and the go-ahead button's words for a command that ends a game.
fn wording(action: Action) -> (&'static str, &'static str, &'static str) {
    match action {
        Action::Resign => ("Resign this game?", "The game ends now and counts as a loss.", "Resign"),
        _ => ("Start a new game?", "The game in progress will be lost.", "Start new game"),
    }
}

/// New game or Resign on a game in progress asks first (AppState::perform opens this).
#[component]
pub fn ConfirmDialog(action: Action) -> impl IntoView {
    let state = AppState::get();
    let (title, consequence, go_ahead) = wording(action);
    let answer = Callback::new(move |yes: bool| if yes { state.confirm(action) } else { state.close_dialog() });
    view! {
        <Modal title=title class="confirm-dialog">
            <Confirmation question=consequence keep="Cancel" go_ahead on_answer=answer />
        </Modal>
    }
}
