//! The Options, Statistics, Help and About dialogs, each inside the app's [`Modal`](super::Modal) frame.

mod about;
mod help;
mod options_dialog;
mod stats_dialog;
mod strategy;

pub use about::AboutDialog;
pub use help::HelpDialog;
pub use options_dialog::OptionsDialog;
pub use stats_dialog::StatisticsDialog;
