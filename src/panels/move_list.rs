//! The moves so far, numbered in pairs as in a scoresheet, passes written "pass", and the result once the game is
//! over; a click goes to that point.
//! Below it the transcript commands and the game's link to share for viewing (the history controls sit next to the
//! board, in the game bar).

use super::player_controls::PaceControl;
use super::toolbar::{icons, ActionButton};
use crate::model::actions::Action;
use crate::model::state::AppState;
use crate::model::table::move_number;
use analysis::Class;
use game::{Color, Coordinates, Move};
use leptos::prelude::*;

/// One entry of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Plies from the start up to and including this move.
    pub ply: usize,
    pub color: Color,
    /// "f5" or "pass".
    pub text: String,
    /// The move is after the current point (a redo tail).
    pub undone: bool,
}

/// The history as scoresheet rows: (move number, the first mover's entry, the second's). Colours alternate
/// because forced passes are recorded as moves.
pub fn rows(
    moves: &[Move],
    first: Color,
    size: usize,
    cursor: usize,
    coordinates: Coordinates,
) -> Vec<(usize, Vec<Entry>)> {
    let entries: Vec<Entry> = moves
        .iter()
        .enumerate()
        .map(|(i, mv)| Entry {
            ply: i + 1,
            color: if i % 2 == 0 { first } else { first.opponent() },
            text: match mv {
                Move::Play(square) => coordinates.name(*square, size),
                Move::Pass => "pass".into(),
            },
            undone: i >= cursor,
        })
        .collect();
    entries.chunks(2).enumerate().map(|(i, pair)| (i + 1, pair.to_vec())).collect()
}

#[component]
pub fn MoveList() -> impl IntoView {
    let state = AppState::get();
    let rows = move || {
        let coordinates = state.options.with(|o| o.coordinates);
        state.table.with(|t| {
            let game = &t.game;
            let first = game.start_position().to_move();
            rows(game.history().moves(), first, game.variant().size.n(), game.history().cursor(), coordinates)
        })
    };
    let current = move || state.table.with(|t| t.game.history().cursor());
    let first = move || state.table.with(|t| t.game.start_position().to_move());
    let list = NodeRef::<leptos::html::Ol>::new();
    // How the game ended, under its last move (a resignation or a loss on time leaves no trace on the board).
    let result = Memo::new(move |_| state.table.with(|t| t.game.result().map(|r| r.to_string())));
    // Keep the latest move (and the result) in view as the list grows.
    Effect::new(move |_| {
        current();
        result.track();
        if let Some(list) = list.get() {
            list.set_scroll_top(list.scroll_height());
        }
    });
    view! {
        <section class="moves" aria-label="Moves">
            <div class="moves-header">
                <h2>"Moves"</h2>
                <span class="moves-columns" aria-hidden="true">
                    {move || first().name()} " · " {move || first().opponent().name()}
                </span>
            </div>
            <ol class="move-list" node_ref=list>
                <li class="move-row start">
                    <button
                        type="button"
                        class="move"
                        class:current=move || current() == 0
                        on:click=move |_| state.go_to(0)
                    >
                        "Start"
                    </button>
                </li>
                {move || {
                    rows()
                        .into_iter()
                        .map(|(number, pair)| {
                            view! {
                                <li class="move-row">
                                    <span class="move-number" aria-hidden="true">{number}"."</span>
                                    {pair.into_iter().map(|entry| move_button(state, entry, current)).collect_view()}
                                </li>
                            }
                        })
                        .collect_view()
                }}
                {move || result.get().map(|text| view! { <li class="move-row result">{text}</li> })}
            </ol>
            <div class="transcript-controls">
                <ActionButton action=Action::CopyTranscript icon=icons::COPY />
                <ActionButton action=Action::ShareLink icon=icons::SHARE />
                <ActionButton action=Action::Export icon=icons::EXPORT />
                <ActionButton action=Action::Import icon=icons::IMPORT />
                <ActionButton action=Action::SetUpPosition icon=icons::GRID />
                <PaceControl />
            </div>
        </section>
    }
}

fn move_button(state: AppState, entry: Entry, current: impl Fn() -> usize + Send + Sync + 'static) -> impl IntoView {
    let ply = entry.ply;
    let is_pass = entry.text == "pass";
    let number = move_number(ply);
    let label = if is_pass {
        format!("{number} {} passes", entry.color.name())
    } else {
        format!("{number} {} {}", entry.color.name(), entry.text)
    };
    let mark = Memo::new(move |_| super::review_panel::move_mark(ply));
    let opening = Memo::new(move |_| super::opening_name::opening_reached_at(ply));
    let label = move || {
        let mark = mark.get().filter(|&class| class != Class::Good).map(|class| format!(", {}", class.name()));
        let opening = opening.get().map(|name| format!(", {name}"));
        format!("{label}{}{}", mark.unwrap_or_default(), opening.unwrap_or_default())
    };
    view! {
        <button
            type="button"
            class=format!("move {}", entry.color.name().to_lowercase())
            class:undone=entry.undone
            class:pass=is_pass
            class:current=move || current() == ply
            aria-label=label
            title=move || opening.get()
            on:click=move |_| state.go_to(ply)
        >
            {entry.text}
            {move || mark.get().map(|class| view! { <span class=format!("mark {}", class.name()) aria-hidden="true">{class.symbol()}</span> })}
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pair_up_with_passes_written_out() {
        let moves = [Move::Play(37), Move::Play(43), Move::Pass, Move::Play(0)];
        let rows = rows(&moves, Color::Black, 8, 3, Coordinates::Standard);
        assert_eq!(rows.len(), 2);
        let texts: Vec<Vec<&str>> =
            rows.iter().map(|(_, pair)| pair.iter().map(|e| e.text.as_str()).collect()).collect();
        assert_eq!(texts, vec![vec!["f5", "d6"], vec!["pass", "a1"]]);
        assert_eq!(rows[1].1[0].color, Color::Black);
        assert_eq!(rows[1].1[1].color, Color::White);
        assert!(!rows[1].1[0].undone && rows[1].1[1].undone, "the cursor stands after three moves");
        assert_eq!(rows[1].1[1].ply, 4);
    }

    #[test]
    fn a_move_is_numbered_by_its_row_with_an_ellipsis_for_the_second() {
        assert_eq!(move_number(1), "1.");
        assert_eq!(move_number(2), "1…");
        assert_eq!(move_number(29), "15.");
        assert_eq!(move_number(30), "15…");
        let rows = rows(&[Move::Play(37); 30], Color::Black, 8, 30, Coordinates::Standard);
        let (row, pair) = &rows[14];
        assert_eq!((*row, pair[1].ply), (15, 30), "the move list's row 15 holds move 30, written 15…");
    }

    #[test]
    fn white_first_heads_each_row_with_white() {
        let rows = rows(&[Move::Play(20)], Color::White, 8, 1, Coordinates::Standard);
        assert_eq!(rows[0].1[0].color, Color::White);
        assert_eq!(rows[0].1[0].text, "e3");
    }
}
