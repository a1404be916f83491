//! The model: the app's state and its rules in plain Rust, tested natively (`cargo test -p reversi`).
//!
//! Rule: no DOM and no web-sys (Leptos signals and context are fine); imports only other model modules and the
//! crates below (game, engine, net, analysis). The one exception is `page_clock`, the page's monotonic clock that
//! stamps the moves, which the native tests never read.
//!
//! `state` holds `AppState`: the signals every component shares and the actions every control calls (its set-up
//! actions live with that feature, in `setup/setup_actions.rs`). `table`, `actions`, `options`, `editor` and
//! `saves` over `store` are the plain-Rust rules behind it, and `analysis_state` the hints and review the analysis
//! loop fills. The actions publish what happened as an `event`; the effects follow it.

pub mod actions;
pub(crate) mod analysis_state;
pub(crate) mod editor;
pub mod event;
pub mod options;
pub(crate) mod page_clock;
pub mod saves;
pub mod saves_v1;
pub mod state;
pub mod store;
pub mod table;
