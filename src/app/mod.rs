//! The Leptos app: components over plain-Rust state shared through context.

mod board;
pub mod options;

use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    view! {
        <main class="app">
            <h1 class="title">"Reversi"</h1>
            <board::Board />
        </main>
    }
}
