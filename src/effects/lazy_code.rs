//! Code loaded on first use (issue 28). What the first board does not need (the dialogs, online play's connections,
//! the editor, the analysis panels) is declared with [`split_fn!`]: the site's build (the `split` feature, which
//! index.html turns on) moves each such function, and whatever only it reaches, into a wasm module of its own that
//! the page fetches the first time the function is called (scripts/split-wasm.mjs cuts the linked wasm). Every other
//! build (the tests, native code) keeps one module, and the call is ready at once.
//!
//! A module that cannot be fetched (offline before the service worker had it, a server error) is a
//! [`NotLoaded`]: the caller says so and lets the player try again; the failure is not remembered, so the next
//! call fetches afresh.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// A part's code could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotLoaded;

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for NotLoaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        NotLoaded
    }
}

/// Runs a split function whose module is here already, without waiting: for code that holds something only that
/// module makes (a connection, a seek), so its module came before. `None` if it had not (nothing is done then).
pub fn ready_now<T>(call: impl Future<Output = Result<T, NotLoaded>>) -> Option<T> {
    let mut call = pin!(call);
    match call.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(result) => result.ok(),
        Poll::Pending => None,
    }
}

/// What a player reads when a part's code could not be fetched.
pub const NOT_LOADED: &str = "This part of Reversi could not be loaded: the connection may be down. Nothing is lost; \
    try again once you are online.";

/// `split_fn!(module, fn name(args) -> T { body })` declares `async fn name(args) -> Result<T, NotLoaded>` whose body
/// the site's build puts in the wasm module `module` (functions naming the same module share it).
macro_rules! split_fn {
    ($module:ident, $(#[$attr:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {
        $(#[$attr])*
        #[cfg(feature = "split")]
        #[::leptos::wasm_split::wasm_split($module, fallible, wasm_split_path = ::leptos::wasm_split)]
        $vis fn $name($($arg: $ty),*) -> Result<$ret, $crate::effects::lazy_code::NotLoaded> {
            Ok($body)
        }
        $(#[$attr])*
        #[cfg(not(feature = "split"))]
        $vis async fn $name($($arg: $ty),*) -> Result<$ret, $crate::effects::lazy_code::NotLoaded> {
            Ok($body)
        }
    };
}
pub(crate) use split_fn;
