//! The effects: what follows the state and the events instead of being called by each action. `App` installs
//! each once: autosave, sound, the clipboard, the keyboard, the theme, the engine's data download, the computer's
//! thinking, the analysis loop, the viewport (what answers the player kept in view) and the start's stages (the page
//! built a part per task, each part in a task of its own: `next_task`).
//!
//! Rule: no components, and where the browser APIs the state reaches for live (storage, audio, the clipboard, key
//! events, the page's style, its scrolling, the engine's data files; online play's WebRTC and links are in `online/`).
//! Imports the model, the crates below
//! and other effects (the analysis loop paces its slices as `thinking` does).

pub(crate) mod analysis_driver;
pub(crate) mod autosave;
pub(crate) mod clipboard;
pub(crate) mod engine_data;
pub(crate) mod keyboard;
pub(crate) mod lazy_code;
#[cfg(target_arch = "wasm32")]
pub(crate) mod next_task;
pub(crate) mod sound;
pub(crate) mod start_stages;
pub(crate) mod theme;
pub(crate) mod thinking;
pub(crate) mod viewport;
