//! A part of the page whose code comes on first use (effects/lazy_code.rs): shown as soon as its code is here (at
//! once when it already is), "Loading…" meanwhile, and if the code could not be fetched, a message that says so
//! with a Try again button. The page around it, and the game, stay as they were.

use crate::effects::lazy_code::{NotLoaded, NOT_LOADED};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;

/// Puts the waiting or the failure message in its place on the page (a dialog's frame, a panel's box).
pub type Frame = fn(AnyView) -> AnyView;

#[component]
pub fn LazyPart<L, F>(
    /// Fetches the part's code if it is not here yet, then builds its view.
    load: L,
    /// Where "Loading…" goes; as it is by default.
    #[prop(optional)]
    loading_frame: Option<Frame>,
    /// Where the failure message goes; as it is by default.
    #[prop(optional)]
    failed_frame: Option<Frame>,
) -> impl IntoView
where
    L: Fn() -> F + Send + Sync + 'static,
    F: Future<Output = Result<AnyView, NotLoaded>> + 'static,
{
    let attempt = RwSignal::new(0_u32);
    let waiting = RwSignal::new(false);
    let part = move || {
        attempt.track();
        waiting.set(true);
        // The future stays on the one thread the page has; the wrapper only satisfies `Suspend`'s bound.
        let loaded = SendWrapper::new(load());
        Suspend::new(async move {
            let loaded = loaded.await;
            waiting.set(false);
            match loaded {
                Ok(view) => view,
                Err(NotLoaded) => framed(failed_frame, failure(attempt).into_any()),
            }
        })
    };
    view! {
        {move || waiting.get().then(|| framed(loading_frame, view! { <p class="lazy-loading" role="status">"Loading…"</p> }.into_any()))}
        {part}
    }
}

fn framed(frame: Option<Frame>, content: AnyView) -> AnyView {
    match frame {
        Some(frame) => frame(content),
        None => content,
    }
}

/// The message of a failed fetch and the button that fetches again.
fn failure(attempt: RwSignal<u32>) -> impl IntoView {
    view! {
        <div class="lazy-failed" role="alert">
            <p>{NOT_LOADED}</p>
            <button type="button" class="action primary" on:click=move |_| attempt.update(|n| *n += 1)>
                "Try again"
            </button>
        </div>
    }
}
