//! The engine's data files (its evaluation weights and opening book) are not in the app's wasm, so the first visit
//! downloads only what the first board needs: they are fetched here once the board is interactive, checked by the
//! engine against the fingerprints built into it (`engine::shipped`) and installed. The player can move meanwhile;
//! the computer's moves and hints wait for them (`AppState::engine_ready`). The service worker keeps them for
//! offline visits like every other file of the site.

use crate::model::state::AppState;

/// The window event that tells `public/start.js` the page has what it needs, so the service worker may now cache
/// the site without competing with the page's own downloads.
#[cfg(target_arch = "wasm32")]
const READY_EVENT: &str = "reversi-data-ready";
/// The wait before asking again after a failed download (ms).
#[cfg(target_arch = "wasm32")]
const RETRY_MS: u32 = 10_000;

/// Starts the download after the first frame (browser only; natively the files are compiled in).
pub fn install(state: AppState) {
    #[cfg(target_arch = "wasm32")]
    leptos::prelude::request_animation_frame(move || {
        gloo_timers::callback::Timeout::new(0, move || wasm_bindgen_futures::spawn_local(web::load(state))).forget();
    });
    #[cfg(not(target_arch = "wasm32"))]
    let _ = state;
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use engine::shipped::DataFile;
    use gloo_timers::future::TimeoutFuture;
    use leptos::prelude::*;
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    /// The warning shown while the files cannot be had, with the reason.
    fn failure_warning(reason: &str) -> String {
        format!("The computer cannot play yet: {reason}. Trying again every few seconds; the board is yours meanwhile.")
    }

    /// Fetches and installs every file not yet here (all at once), retrying until all are; then tells the state
    /// and the page.
    pub async fn load(state: AppState) {
        let mut warned: Option<String> = None;
        loop {
            let requests: Vec<_> = DataFile::ALL
                .into_iter()
                .filter(|file| file.bytes().is_none())
                .map(|file| (file, request(file)))
                .collect();
            if requests.is_empty() {
                break;
            }
            let mut failure = None;
            for (file, request) in requests {
                let installed = receive(request).await.and_then(|bytes| file.install(bytes).map_err(|e| e.to_string()));
                if let Err(reason) = installed {
                    failure.get_or_insert(reason);
                }
            }
            if let Some(reason) = failure {
                let warning = failure_warning(&reason);
                if warned.as_ref() != Some(&warning) {
                    warned.iter().for_each(|old| state.dismiss_warning(old));
                    state.warn(warning.clone());
                    warned = Some(warning);
                }
                TimeoutFuture::new(RETRY_MS).await;
            }
        }
        warned.iter().for_each(|old| state.dismiss_warning(old));
        state.engine_ready.set(true);
        if let Ok(event) = web_sys::Event::new(READY_EVENT) {
            let _ = window().dispatch_event(&event);
        }
    }

    /// A download under way: its URL and the browser's promise of a response.
    struct Request {
        url: String,
        response: js_sys::Promise,
    }

    fn request(file: DataFile) -> Request {
        let url = format!("data/{}", file.file_name());
        let response = window().fetch_with_str(&url);
        Request { url, response }
    }

    async fn receive(Request { url, response }: Request) -> Result<Vec<u8>, String> {
        let failed = |e: JsValue| format!("{url} could not be downloaded ({})", describe(&e));
        let response: web_sys::Response = JsFuture::from(response)
            .await
            .map_err(failed)?
            .dyn_into()
            .map_err(|_| format!("{url} gave no response"))?;
        if !response.ok() {
            return Err(format!("{url} answered HTTP {}", response.status()));
        }
        let buffer = JsFuture::from(response.array_buffer().map_err(failed)?).await.map_err(failed)?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    fn describe(error: &JsValue) -> String {
        error.dyn_ref::<js_sys::Error>().map_or_else(|| format!("{error:?}"), |e| String::from(e.message()))
    }
}
