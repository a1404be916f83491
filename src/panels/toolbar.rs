//! The header: the name and the app's dialogs, every one a real button named by its action (the game commands are
//! in the game bar next to the board). Also the button every command uses, with its tooltip.

use crate::model::actions::Action;
use crate::model::state::AppState;
use leptos::prelude::*;

/// A button for one command, disabled when the command does not apply. The visible text is its accessible name
/// (hidden on small screens for icon-only buttons); the icon is decoration; the name and shortcuts show as a tooltip on
/// hover, on keyboard focus and after a long press on a touch screen (which then does not also press the button).
#[component]
pub fn ActionButton(
    action: Action,
    /// A symbol shown before the text: a character, or SVG path data (24×24) when it starts with "M".
    #[prop(optional)]
    icon: &'static str,
    /// Extra classes ("primary", "icon-only", "narrow-icon-only", "phone-icon-only").
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let state = AppState::get();
    let keys =
        move || action.shortcuts(state.classic_keys()).join(" ").replace("Ctrl", "Control").replace("Esc", "Escape");
    let long_press = LongPress::new();
    view! {
        <button
            type="button"
            class=format!("action {class}")
            class:tip-shown=move || long_press.tip_shown.get()
            aria-keyshortcuts=keys
            disabled=move || !state.is_enabled(action)
            on:pointerdown=move |ev| long_press.start(&ev)
            on:pointerup=move |_| long_press.end()
            on:pointercancel=move |_| long_press.end()
            on:pointerleave=move |_| long_press.end()
            on:contextmenu=move |ev| long_press.suppress_menu(&ev)
            on:click=move |_| {
                if !long_press.take_fired() {
                    state.perform(action);
                }
            }
        >
            {icon_view(icon)}
            <span class="label">{action.label()}</span>
            // Hidden from the accessibility tree: the name is the label, the keys are in aria-keyshortcuts.
            <span class="tip" aria-hidden="true">{move || action.hint(state.classic_keys())}</span>
        </button>
    }
}

/// A finger held on a button shows its tooltip instead of pressing it.
#[derive(Clone, Copy)]
struct LongPress {
    tip_shown: RwSignal<bool>,
    /// The press lasted long enough: the click that follows the lift is swallowed.
    fired: StoredValue<bool>,
    /// Counts presses, so a timer from an earlier press does nothing.
    press: StoredValue<u32>,
}

impl LongPress {
    /// How long a finger stays down before the tooltip shows, and how long it stays after the finger lifts.
    const HOLD_MS: u32 = 500;
    const LINGER_MS: u32 = 1500;

    fn new() -> LongPress {
        LongPress { tip_shown: RwSignal::new(false), fired: StoredValue::new(false), press: StoredValue::new(0) }
    }

    fn start(self, event: &leptos::ev::PointerEvent) {
        self.fired.set_value(false);
        if event.pointer_type() != "touch" {
            return;
        }
        self.press.update_value(|n| *n += 1);
        let press = self.press.get_value();
        self.later(Self::HOLD_MS, move |this| {
            if this.press.get_value() == press {
                this.fired.set_value(true);
                this.tip_shown.set(true);
            }
        });
    }

    fn end(self) {
        self.press.update_value(|n| *n += 1);
        if self.tip_shown.get_untracked() {
            let press = self.press.get_value();
            self.later(Self::LINGER_MS, move |this| {
                if this.press.get_value() == press {
                    this.tip_shown.set(false);
                }
            });
        }
    }

    fn suppress_menu(self, event: &leptos::ev::MouseEvent) {
        if self.fired.get_value() || self.tip_shown.get_untracked() {
            event.prevent_default();
        }
    }

    fn take_fired(self) -> bool {
        let fired = self.fired.get_value();
        self.fired.set_value(false);
        fired
    }

    fn later(self, ms: u32, then: impl FnOnce(LongPress) + 'static) {
        #[cfg(target_arch = "wasm32")]
        gloo_timers::callback::Timeout::new(ms, move || then(self)).forget();
        #[cfg(not(target_arch = "wasm32"))]
        let _ = (ms, then);
    }
}

/// Drawn icons (the symbol fonts of phones and headless browsers lack many glyphs).
pub mod icons {
    pub const NEW: &str = "M12 5v14M5 12h14";
    pub const PLAY: &str = "M8 5l11 7-11 7z";
    pub const FLAG: &str = "M6 21V4M6 4h11l-2.5 4L17 12H6";
    /// Three sliders with their knobs: settings, and unlike a gear drawn small, no sun.
    pub const SLIDERS: &str = "M4 6h8M16 6h4M4 12h2M10 12h10M4 18h10M18 18h2M12 6a2 2 0 1 0 4 0a2 2 0 1 0-4 0M6 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M14 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0";
    pub const BARS: &str = "M5 20V11M12 20V4M19 20v-6";
    pub const HELP: &str = "M9 9a3 3 0 1 1 4 2.8c-.7.3-1 1-1 1.7V15M12 18.5v.5";
    pub const INFO: &str = "M12 8v.5M12 11v6M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18";
    pub const KEYS: &str = "M3 7h18v10H3zM7 11h.01M11 11h.01M15 11h.01M8 14h8";
    pub const FIRST: &str = "M6 5v14M18 6l-8 6 8 6z";
    /// Curved arrows back and forward: taking back and replaying, unlike Resume play's triangle.
    pub const UNDO: &str = "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3";
    pub const REDO: &str = "M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3";
    pub const LAST: &str = "M18 5v14M6 6l8 6-8 6z";
    pub const COPY: &str = "M9 9h10v10H9zM5 15V5h10";
    pub const SHARE: &str = "M5 13v7h14v-7M12 3v12M7 8l5-5 5 5";
    pub const IMPORT: &str = "M12 4v11M7 10l5 5 5-5M5 20h14";
    pub const EXPORT: &str = "M12 15V4M7 9l5-5 5 5M5 20h14";
    pub const FAST: &str = "M4 6l7 6-7 6zM12 6l7 6-7 6z";
    pub const STOP: &str = "M7 7h10v10H7z";
    /// A board with a disc on it: setting up a position.
    pub const GRID: &str = "M4 4h16v16H4zM4 12h16M12 4v16M14.5 8a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0";
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

/// The header: the name and, in `children`, the app's buttons (built in a later task of the start than the header,
/// whose toolbar keeps their row's height meanwhile).
#[component]
pub fn Toolbar(children: Children) -> impl IntoView {
    view! {
        <header class="app-header">
            <div class="brand">
                <svg class="brand-mark" viewBox="0 0 20 20" aria-hidden="true">
                    <circle cx="7" cy="10" r="6" class="disc black" />
                    <circle cx="13" cy="10" r="6" class="disc white" />
                </svg>
                <h1>"Reversi"</h1>
            </div>
            <nav class="toolbar" aria-label="App">
                {children()}
            </nav>
        </header>
    }
}

/// The header's buttons: the app's dialogs.
#[component]
pub fn ToolbarButtons() -> impl IntoView {
    view! {
        <ActionButton action=Action::Options icon=icons::SLIDERS class="narrow-icon-only" />
        <ActionButton action=Action::Statistics icon=icons::BARS class="narrow-icon-only" />
        <ActionButton action=Action::Help icon=icons::HELP class="narrow-icon-only" />
        <ActionButton action=Action::About icon=icons::INFO class="narrow-icon-only" />
        // Keyboard shortcuts mean nothing on a phone: its slot goes (the ? key still opens them).
        <ActionButton action=Action::Shortcuts icon=icons::KEYS class="narrow-icon-only not-on-phones" />
    }
}
