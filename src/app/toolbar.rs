//! The header: game commands on the left, dialogs on the right, every one a real button named by its action.

use super::actions::Action;
use super::state::AppState;
use leptos::prelude::*;

/// A button for one command, disabled when the command does not apply. The visible text is its accessible name;
/// the icon is decoration and the shortcut is in the tooltip and `aria-keyshortcuts`.
#[component]
pub fn ActionButton(
    action: Action,
    /// A symbol shown before the text.
    #[prop(optional)]
    icon: &'static str,
    /// Extra classes ("primary", "icon-only").
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let state = AppState::get();
    let keys = action.shortcuts().join(" ").replace("Ctrl", "Control").replace("Esc", "Escape");
    view! {
        <button
            type="button"
            class=format!("action {class}")
            title=action.hint()
            aria-keyshortcuts=keys
            disabled=move || !state.is_enabled(action)
            on:click=move |_| state.perform(action)
        >
            {(!icon.is_empty()).then(|| view! { <span class="icon" aria-hidden="true">{icon}</span> })}
            <span class="label">{action.label()}</span>
        </button>
    }
}

#[component]
pub fn Toolbar() -> impl IntoView {
    view! {
        <header class="app-header">
            <div class="brand">
                <svg class="brand-mark" viewBox="0 0 20 20" aria-hidden="true">
                    <circle cx="7" cy="10" r="6" class="disc black" />
                    <circle cx="13" cy="10" r="6" class="disc white" />
                </svg>
                <h1>"Reversi"</h1>
            </div>
            <nav class="toolbar" aria-label="Game">
                <ActionButton action=Action::NewGame icon="＋" class="primary" />
                <ActionButton action=Action::ResumePlay icon="▶" />
                <ActionButton action=Action::OfferDraw icon="½" />
                <ActionButton action=Action::Resign icon="⚑" />
            </nav>
            <nav class="toolbar secondary" aria-label="App">
                <ActionButton action=Action::Options icon="⚙" class="icon-only" />
                <ActionButton action=Action::Statistics icon="📊" class="icon-only" />
                <ActionButton action=Action::Help icon="?" class="icon-only" />
                <ActionButton action=Action::About icon="ℹ" class="icon-only" />
                <ActionButton action=Action::Shortcuts icon="⌨" class="icon-only" />
            </nav>
        </header>
    }
}
