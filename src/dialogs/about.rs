//! About: what the app is, its version and build, and its licence.

use super::Modal;
use leptos::prelude::*;

/// The build's name: the short commit hash (build.rs), unless `REVERSI_BUILD` names it otherwise at compile time
/// (the update e2e test builds the same sources again as "next", a new deploy). Read here rather than in build.rs so
/// that cargo rebuilds when it changes.
const BUILD: &str = match option_env!("REVERSI_BUILD") {
    Some(name) => name,
    None => env!("REVERSI_COMMIT"),
};

#[component]
pub fn AboutDialog() -> impl IntoView {
    view! {
        <Modal title="About Reversi" class="about-dialog">
            <p class="about-version">
                "Reversi " <span data-testid="version">{env!("CARGO_PKG_VERSION")}</span>
                <span class="about-build">" (build " <span data-testid="commit">{BUILD}</span> ")"</span>
            </p>
            <p>
                "Reversi (also sold as Othello) against the computer or a friend, on 6×6, 8×8 or 10×10 boards. "
                "Everything runs in your browser: the rules, the computer player and your saved games. "
                "After one visit it also works offline, and it can be installed as an app."
            </p>
            <p>"Written in Rust with Leptos; the computer player is a bitboard search engine compiled to WebAssembly."</p>
            <p>"Licence: " <span data-testid="licence">{env!("CARGO_PKG_LICENSE")}</span> "."</p>
        </Modal>
    }
}
