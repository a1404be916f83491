//! The keyboard shortcut overlay (`?`): every command with its keys, and how to play from the keyboard.

use super::Modal;
use crate::model::actions::Action;
use crate::model::state::AppState;
use leptos::prelude::*;

#[component]
pub fn ShortcutsDialog() -> impl IntoView {
    view! {
        // Nothing in the list takes the focus, so the body itself does, for the arrow keys to scroll it.
        <Modal title="Keyboard shortcuts" class="shortcuts" focusable_body=true>
            <ShortcutTable />
        </Modal>
    }
}

/// Every key the app answers to now, and which Ctrl set is on; also shown in Help.
#[component]
pub fn ShortcutTable() -> impl IntoView {
    let state = AppState::get();
    let classic = untrack(|| state.classic_keys());
    let installed = state.installed.get_untracked();
    let keys = |keys: &[&str]| keys.iter().map(|k| view! { <kbd>{k.to_string()}</kbd> }).collect_view();
    let ctrl_set = match (classic, installed) {
        (true, true) => "The classic Windows Reversi Ctrl keys are on in this installed app (Options › Keyboard).",
        (true, false) => "The classic Windows Reversi Ctrl keys are on, as Options › Keyboard says: Ctrl+R resigns here \
            instead of reloading the page.",
        (false, _) => "The browser keeps its own Ctrl keys (Ctrl+R reload, Ctrl+P print, ...): only Ctrl+Z and Ctrl+Y \
            are the game's. The classic Windows Reversi Ctrl keys are on in the installed app, or with Options › Keyboard.",
    };
    view! {
        <p class="ctrl-set" data-testid="ctrl-set">{ctrl_set}</p>
        <table class="shortcut-table">
            <tbody>
                <tr><th scope="row">"Play a square"</th><td>"type its name: " {keys(&["f", "5"])}</td></tr>
                <tr><th scope="row">"Move the cursor"</th><td>{keys(&["←", "↑", "→", "↓"])}</td></tr>
                <tr><th scope="row">"Play the cursor's square"</th><td>{keys(&["Enter", "Space"])}</td></tr>
                {Action::ALL
                    .map(|action| {
                        let shortcuts = action.shortcuts(classic);
                        let notes = shortcuts.iter().filter_map(|k| Action::browser_keeps(k));
                        let notes = notes.map(|note| view! { <small class="key-note">{note}</small> }).collect_view();
                        view! {
                            <tr><th scope="row">{action.label()}</th><td>{keys(&shortcuts)}{notes}</td></tr>
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
    }
}
