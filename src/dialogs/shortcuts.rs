//! The keyboard shortcut overlay (`?`): every command with its keys, and how to play from the keyboard.

use super::Modal;
use crate::model::actions::Action;
use leptos::prelude::*;

#[component]
pub fn ShortcutsDialog() -> impl IntoView {
    view! {
        <Modal title="Keyboard shortcuts" class="shortcuts">
            <ShortcutTable />
        </Modal>
    }
}

/// Every key the app answers to; also shown in Help.
#[component]
pub fn ShortcutTable() -> impl IntoView {
    let keys = |keys: &[&str]| keys.iter().map(|k| view! { <kbd>{k.to_string()}</kbd> }).collect_view();
    view! {
        <table class="shortcut-table">
            <tbody>
                <tr><th scope="row">"Play a square"</th><td>"type its name: " {keys(&["f", "5"])}</td></tr>
                <tr><th scope="row">"Move the cursor"</th><td>{keys(&["←", "↑", "→", "↓"])}</td></tr>
                <tr><th scope="row">"Play the cursor's square"</th><td>{keys(&["Enter", "Space"])}</td></tr>
                {Action::ALL
                    .map(|action| {
                        let notes = action.shortcuts().iter().filter_map(|k| Action::browser_keeps(k));
                        let notes = notes.map(|note| view! { <small class="key-note">{note}</small> }).collect_view();
                        view! {
                            <tr><th scope="row">{action.label()}</th><td>{keys(action.shortcuts())}{notes}</td></tr>
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
    }
}
