//! A modal dialog frame: a titled panel over a dimmed page that closes on Escape or a click outside.
//! Every dialog (import, shortcuts, options, statistics, help, about) renders inside one.

use crate::model::state::AppState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What had the keyboard focus when a dialog was asked for (`OpenDialog` provides it): a dialog whose code comes
/// on first use is built after the inert page behind it has let the focus go.
#[derive(Clone)]
pub struct Opener(send_wrapper::SendWrapper<Option<web_sys::Element>>);

impl Opener {
    pub fn now() -> Opener {
        Opener(send_wrapper::SendWrapper::new(document().active_element()))
    }
}

#[component]
pub fn Modal(
    /// The dialog's heading and accessible name.
    title: &'static str,
    /// Extra class on the panel, for per-dialog layout.
    #[prop(optional)]
    class: &'static str,
    /// The body takes the keyboard focus itself (a scrolling body with nothing focusable in it).
    #[prop(optional)]
    focusable_body: bool,
    children: Children,
) -> impl IntoView {
    let state = AppState::get();
    let heading_id = format!("dialog-{}", title.to_lowercase().replace(' ', "-"));
    let panel = NodeRef::<leptos::html::Div>::new();
    // Focus moves into the dialog so that keyboard users land in it.
    Effect::new(move |_| {
        if let Some(panel) = panel.get() {
            let _ = panel.focus();
        }
    });
    // ...and returns to whatever had it (a toolbar button, a square) when the dialog closes.
    let opener = use_context::<Opener>().unwrap_or_else(Opener::now);
    on_cleanup(move || {
        let Some(opener) = opener.0.take() else { return };
        let _ = match opener.dyn_into::<web_sys::HtmlElement>() {
            Ok(html) => html.focus(),
            Err(other) => other.dyn_into::<web_sys::SvgElement>().map_or(Ok(()), |svg| svg.focus()),
        };
    });
    view! {
        <div class="modal-backdrop" on:click=move |_| state.close_dialog()>
            <div
                class=format!("modal {class}")
                role="dialog"
                aria-modal="true"
                aria-labelledby=heading_id.clone()
                tabindex="-1"
                node_ref=panel
                on:click=|ev| ev.stop_propagation()
            >
                <header class="modal-header">
                    <h2 id=heading_id.clone()>{title}</h2>
                    <button class="icon-button" aria-label="Close" title="Close (Esc)" on:click=move |_| state.close_dialog()>
                        "✕"
                    </button>
                </header>
                <div
                    class="modal-body"
                    tabindex=focusable_body.then_some("0")
                    role=focusable_body.then_some("region")
                    aria-labelledby=focusable_body.then(|| heading_id.clone())
                >
                    {children()}
                </div>
            </div>
        </div>
    }
}
