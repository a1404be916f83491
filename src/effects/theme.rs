//! The page's look from the options: the light or dark palette (or the system's), and the board and marker colours.
//!
//! style/main.css holds the palettes; this sets `data-theme` on `<html>` to pick one and the options' colours as
//! CSS variables on `<html>`, so every stylesheet can use them.

use crate::model::options::{Options, Theme};
use crate::model::state::AppState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The `data-theme` value: "system" leaves the choice to prefers-color-scheme.
pub fn theme_attribute(theme: Theme) -> &'static str {
    match theme {
        Theme::Light => "light",
        Theme::Dark => "dark",
        Theme::System => "system",
    }
}

/// Applies the options' look now and whenever they change.
pub fn follow_options(state: AppState) {
    Effect::new(move |_| state.options.with(apply));
}

fn apply(options: &Options) {
    let Some(root) = document().document_element() else { return };
    let _ = root.set_attribute("data-theme", theme_attribute(options.theme));
    if let Some(root) = root.dyn_ref::<web_sys::HtmlElement>() {
        for (name, value) in options.colour_variables() {
            let _ = root.style().set_property(name, value);
        }
    }
}
