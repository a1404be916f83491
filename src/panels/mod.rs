//! The panels: the components around the board. The toolbar, the game bar, the status with the player controls,
//! the move list, the result, the analysis panels (hints, evaluation graph, opening name, review) and the update
//! notice.
//!
//! Rule: components that read the model through context and act through `AppState`'s actions; imports the model,
//! the crates below, each other (the toolbar's button and icons), the online clocks shown on the status cards and
//! the online panel in the side column, the start's stages and effects' code loaded on first use (`lazy_part`,
//! `later_panels`).

pub(crate) mod eval_graph;
pub(crate) mod game_bar;
pub(crate) mod hints_panel;
pub(crate) mod later_panels;
pub(crate) mod lazy_part;
pub(crate) mod move_list;
pub(crate) mod opening_name;
pub(crate) mod player_controls;
pub(crate) mod result_panel;
pub(crate) mod review_panel;
pub(crate) mod status;
pub(crate) mod toolbar;
pub(crate) mod update_notice;
