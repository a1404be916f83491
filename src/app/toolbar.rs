//! The header: game commands on the left, dialogs on the right, every one a real button named by its action.

use super::actions::Action;
use super::state::AppState;
use leptos::prelude::*;

/// A button for one command, disabled when the command does not apply. The visible text is its accessible name;
/// the icon is decoration and the shortcut is in the tooltip and `aria-keyshortcuts`.
#[component]
pub fn ActionButton(
    action: Action,
    /// A symbol shown before the text: a character, or SVG path data (24×24) when it starts with "M".
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
            {icon_view(icon)}
            <span class="label">{action.label()}</span>
        </button>
    }
}

/// Drawn icons (the symbol fonts of phones and headless browsers lack many glyphs).
pub mod icons {
    pub const NEW: &str = "M12 5v14M5 12h14";
    pub const PLAY: &str = "M8 5l11 7-11 7z";
    pub const FLAG: &str = "M6 21V4M6 4h11l-2.5 4L17 12H6";
    pub const GEAR: &str = "M12 8.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1";
    pub const BARS: &str = "M5 20V11M12 20V4M19 20v-6";
    pub const HELP: &str = "M9 9a3 3 0 1 1 4 2.8c-.7.3-1 1-1 1.7V15M12 18.5v.5";
    pub const INFO: &str = "M12 8v.5M12 11v6M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18";
    pub const KEYS: &str = "M3 7h18v10H3zM7 11h.01M11 11h.01M15 11h.01M8 14h8";
    pub const FIRST: &str = "M6 5v14M18 6l-8 6 8 6z";
    pub const BACK: &str = "M16 6l-8 6 8 6z";
    pub const FORWARD: &str = "M8 6l8 6-8 6z";
    pub const LAST: &str = "M18 5v14M6 6l8 6-8 6z";
    pub const COPY: &str = "M9 9h10v10H9zM5 15V5h10";
    pub const SHARE: &str = "M5 13v7h14v-7M12 3v12M7 8l5-5 5 5";
    pub const IMPORT: &str = "M12 4v11M7 10l5 5 5-5M5 20h14";
    pub const FAST: &str = "M4 6l7 6-7 6zM12 6l7 6-7 6z";
    pub const STOP: &str = "M7 7h10v10H7z";
    pub const GLOBE: &str = "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c-3 3-3 15 0 18M12 3c3 3 3 15 0 18";
}

fn icon_view(icon: &'static str) -> Option<AnyView> {
    if icon.is_empty() {
        None
    } else if icon.starts_with('M') {
        Some(
            view! {
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d=icon /></svg>
            }
            .into_any(),
        )
    } else {
        Some(view! { <span class="icon" aria-hidden="true">{icon}</span> }.into_any())
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
                <ActionButton action=Action::NewGame icon=icons::NEW class="primary" />
                <ActionButton action=Action::ResumePlay icon=icons::PLAY />
                <ActionButton action=Action::OfferDraw icon="½" />
                <ActionButton action=Action::Resign icon=icons::FLAG />
                <ActionButton action=Action::PlayOnline icon=icons::GLOBE />
            </nav>
            <nav class="toolbar secondary" aria-label="App">
                <ActionButton action=Action::Options icon=icons::GEAR class="icon-only" />
                <ActionButton action=Action::Statistics icon=icons::BARS class="icon-only" />
                <ActionButton action=Action::Help icon=icons::HELP class="icon-only" />
                <ActionButton action=Action::About icon=icons::INFO class="icon-only" />
                <ActionButton action=Action::Shortcuts icon=icons::KEYS class="icon-only" />
            </nav>
        </header>
    }
}
