//! A box for pasted text (a transcript, a board string, an OBF line, a link) with its error line under it.

use leptos::prelude::*;

/// The text box and error line of a paste form: the form owns `text` and `error` and reads them on submit. Typing
/// clears the error, and `on_edit` lets the form forget more (a question it was asking about the old text).
#[component]
pub fn PastedText(
    id: &'static str,
    rows: u32,
    text: RwSignal<String>,
    error: RwSignal<Option<String>>,
    #[prop(optional)] on_edit: Option<Callback<()>>,
) -> impl IntoView {
    view! {
        <textarea
            id=id
            rows=rows
            spellcheck="false"
            prop:value=move || text.get()
            on:input=move |ev| {
                text.set(event_target_value(&ev));
                error.set(None);
                if let Some(on_edit) = on_edit {
                    on_edit.run(());
                }
            }
        ></textarea>
        <p class="form-error" role="alert">{move || error.get()}</p>
    }
}
