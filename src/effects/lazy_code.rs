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

/// A part's code could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotLoaded;

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for NotLoaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        NotLoaded
    }
}

/// Runs a split function whose module is here already (the caller holds something only that module makes: a
/// relay signalling, a seek) in a task of its own. Not at once even so: each split function asks for its module
/// once, and hears back in a later turn of the event loop.
pub fn run_loaded(call: impl Future<Output = Result<(), NotLoaded>> + 'static) {
    leptos::task::spawn_local(async move {
        // It cannot fail: the module came for the thing the caller holds.
        let _ = call.await;
    });
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

/// Room in the linked read-only data for `wasm-split-cli` 0.2.3 (scripts/split-wasm.mjs). It packs each module's data
/// apart, each aligned, and when that comes out longer than the linker's segment it leaves every module's data in the
/// main module ("Overlong segment 0 by N after relocation", in the build log): with the saves' reader and the side
/// panels' module it did, by 100 bytes. Nothing refers to these bytes, so the splitter puts them in no module: they
/// only lengthen the linker's segment, and the site carries none of them.
#[cfg(feature = "split")]
#[used]
static SPLIT_DATA_ROOM: [u8; 1024] = [0x5a; 1024];
