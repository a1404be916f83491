//! Every dialog the app opens (at most one at a time), each inside the [`Modal`] frame.
//!
//! Rule: dialogs and the form pieces they share ([`Modal`], [`Confirmation`], [`ExportField`], [`PastedText`]; the
//! set-up panel borrows the last two). Imports the model, the crates below, effects (code loaded on first use), the
//! board (the strategy guide's diagrams), the panels (the player controls' paces, a part loaded on first use) and
//! online (the online dialog, the game's link).

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

use crate::effects::lazy_code::split_fn;
use crate::model::state::{AppState, Dialog};
use crate::panels::lazy_part::LazyPart;
use leptos::prelude::*;

pub use confirm::Confirmation;
pub use export::ExportField;
pub use modal::Modal;
pub use pasted_text::PastedText;

/// The open dialog, if any. The two a game's flow asks for (confirming, a game link at start) are in the app's own
/// code; the others come on first use (effects/lazy_code.rs): the page behind stays inert and says "Loading…" while
/// one is fetched, and a dialog that cannot be fetched says so and offers to try again.
#[component]
pub fn OpenDialog() -> impl IntoView {
    let state = AppState::get();
    move || {
        let dialog = state.dialog.get()?;
        // The focus returns to what had it when the dialog was asked for: by the time a fetched dialog is built, the
        // inert page has let it go.
        provide_context(modal::Opener::now());
        Some(match dialog {
            Dialog::Confirm(action) => view! { <confirm::ConfirmDialog action /> }.into_any(),
            Dialog::OpenLink => view! { <open_link::OpenLinkDialog /> }.into_any(),
            Dialog::Online => {
                view! { <LazyPart load=online_play_dialog loading_frame=waiting_frame failed_frame=failed_frame /> }
                    .into_any()
            }
            other => view! {
                <LazyPart load=move || rare_dialog(other) loading_frame=waiting_frame failed_frame=failed_frame />
            }
            .into_any(),
        })
    }
}

split_fn!(
    dialogs,
    /// The dialogs opened now and then: their code is in a module of its own.
    fn rare_dialog(dialog: Dialog) -> AnyView {
        match dialog {
            Dialog::Shortcuts => view! { <shortcuts::ShortcutsDialog /> }.into_any(),
            Dialog::Import => view! { <import::ImportDialog /> }.into_any(),
            Dialog::Export => view! { <export::ExportDialog /> }.into_any(),
            Dialog::Options => view! { <options_dialog::OptionsDialog /> }.into_any(),
            Dialog::Statistics => view! { <stats_dialog::StatisticsDialog /> }.into_any(),
            Dialog::Help => view! { <help::HelpDialog /> }.into_any(),
            Dialog::About => view! { <about::AboutDialog /> }.into_any(),
            // Built by `OpenDialog` itself, never asked of this module.
            Dialog::Online | Dialog::Confirm(_) | Dialog::OpenLink => ().into_any(),
        }
    }
);

split_fn!(
    online,
    /// Playing a friend online: the dialog, and with it the connections it makes (online/), in a module of its own.
    fn online_play_dialog() -> AnyView {
        view! { <online_dialog::OnlineDialog /> }.into_any()
    }
);

/// "Loading…" over the page while a dialog's code is fetched.
fn waiting_frame(content: AnyView) -> AnyView {
    view! { <div class="modal-backdrop">{content}</div> }.into_any()
}

/// A dialog whose code could not be fetched says so in a dialog of its own, which closes as any other.
fn failed_frame(content: AnyView) -> AnyView {
    view! { <Modal title="Not loaded">{content}</Modal> }.into_any()
}
