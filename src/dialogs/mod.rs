//! Every dialog the app opens (at most one at a time), each inside the [`Modal`] frame.
//!
//! Rule: dialogs and the form pieces they share ([`Modal`], [`Confirmation`], [`ExportField`], [`PastedText`]; the
//! set-up panel borrows the last two). Imports the model, the crates below, the board (the strategy guide's
//! diagrams), the panels (the player controls' paces) and online (the online dialog, the game's link).

mod about;
mod confirm;
mod connection_settings;
mod export;
mod help;
mod import;
mod modal;
mod online_dialog;
mod open_link;
mod options_dialog;
mod pasted_text;
mod shortcuts;
mod stats_dialog;
mod strategy;

use crate::model::state::{AppState, Dialog};
use leptos::prelude::*;

pub use confirm::Confirmation;
pub use export::ExportField;
pub use modal::Modal;
pub use pasted_text::PastedText;

/// The open dialog, if any.
#[component]
pub fn OpenDialog() -> impl IntoView {
    let state = AppState::get();
    move || match state.dialog.get()? {
        Dialog::Shortcuts => Some(view! { <shortcuts::ShortcutsDialog /> }.into_any()),
        Dialog::Import => Some(view! { <import::ImportDialog /> }.into_any()),
        Dialog::Export => Some(view! { <export::ExportDialog /> }.into_any()),
        Dialog::Options => Some(view! { <options_dialog::OptionsDialog /> }.into_any()),
        Dialog::Statistics => Some(view! { <stats_dialog::StatisticsDialog /> }.into_any()),
        Dialog::Help => Some(view! { <help::HelpDialog /> }.into_any()),
        Dialog::About => Some(view! { <about::AboutDialog /> }.into_any()),
        Dialog::Online => Some(view! { <online_dialog::OnlineDialog /> }.into_any()),
        Dialog::Confirm(action) => Some(view! { <confirm::ConfirmDialog action /> }.into_any()),
        Dialog::OpenLink => Some(view! { <open_link::OpenLinkDialog /> }.into_any()),
    }
}
