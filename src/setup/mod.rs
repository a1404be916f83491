//! Setting up a position ("Set up position"): the editor's actions on `AppState` (`setup_actions`) and its palette
//! and panel (`setup_panel`). The editor's plain state is `model/editor.rs` rather than here, because `AppState`
//! holds it and the model imports only the model.
//!
//! Rule: the set-up feature only; `setup_actions` keeps to the model's rule (no web-sys). Imports the model, the
//! crates below, and what the feature shares with the rest of the app: the player controls (panels), the export
//! and paste fields (dialogs) and the game link (online).

mod setup_actions;
pub(crate) mod setup_panel;
