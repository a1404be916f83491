//! The board editor's controls: the palette, Clear and Start position next to the board (in the game bar's place),
//! and beside it what the position comes to, the side to move, the players, Play from here, Analyse, and the
//! position's import and export.

use crate::dialogs::{ExportField, PastedText};
use crate::model::editor::Editor;
use crate::model::state::AppState;
use crate::online::game_url;
use crate::panels::player_controls::PlayerControls;
use game::{Color, SetupPosition};
use leptos::prelude::*;

/// The palette and the whole-board commands, where the game bar is while playing.
#[component]
pub fn SetupBar() -> impl IntoView {
    let state = AppState::get();
    let start = move |_| {
        let variant = state.table.with_untracked(|t| t.game.variant());
        state.edit_setup(|e| {
            e.setup = SetupPosition::start(variant);
            "The start position.".into()
        });
    };
    view! {
        <nav class="game-bar setup-bar" aria-label="Set up">
            <div class="bar-group" role="group" aria-label="Palette">
                <PaletteButton disc=Some(Color::Black) />
                <PaletteButton disc=Some(Color::White) />
                <PaletteButton disc=None />
            </div>
            <div class="bar-group">
                <button type="button" class="action" on:click=move |_| state.edit_setup(|e| {
                    e.setup.clear();
                    "Board cleared.".into()
                })>
                    "Clear"
                </button>
                <button type="button" class="action" on:click=start>"Start position"</button>
            </div>
        </nav>
    }
}

/// One colour of the palette: pressed, a tap puts it on a square; pressed again, taps cycle again.
#[component]
fn PaletteButton(disc: Option<Color>) -> impl IntoView {
    let state = AppState::get();
    let name = disc.map_or("Empty", Color::name);
    let pressed = move || state.setup.with(|e| e.is_some_and(|e| e.paints(disc)));
    let class = disc.map_or("disc empty".to_string(), |c| format!("disc {}", c.name().to_lowercase()));
    let choose = move |_| {
        state.edit_setup(|e| {
            e.choose(disc);
            if e.paints(disc) {
                format!("Taps place {}.", name.to_lowercase())
            } else {
                "Taps cycle empty, black, white.".to_string()
            }
        })
    };
    view! {
        <button
            type="button"
            class="action palette"
            aria-pressed=move || pressed().to_string()
            on:click=choose
        >
            <svg class="icon" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="8" class=class /></svg>
            <span class="label">{name}</span>
        </button>
    }
}

/// What the position comes to and what to do with it, in the side panel's place.
#[component]
pub fn SetupPanel() -> impl IntoView {
    let state = AppState::get();
    let analysis = crate::model::analysis_state::Analysis::get();
    let setup = Memo::new(move |_| state.setup.with(|e| e.map(|e: Editor| e.setup)));
    let playable = move || setup.with(|s| s.is_some_and(|s| s.check().is_ok()));
    let verdict = move || setup.with(|s| s.map(|s| s.verdict()).unwrap_or_default());
    view! {
        <section class="setup-panel" aria-labelledby="setup-heading">
            <h2 id="setup-heading">"Set up position"</h2>
            <p class="setup-verdict" class:error=move || !playable() role="status" data-testid="setup-verdict">
                {verdict}
            </p>
            <div class="bar-group" role="group" aria-label="Side to move">
                <SideButton color=Color::Black />
                <SideButton color=Color::White />
            </div>
            <div class="setup-players">
                <div class="setup-player"><span aria-hidden="true">"Black"</span><PlayerControls color=Color::Black /></div>
                <div class="setup-player"><span aria-hidden="true">"White"</span><PlayerControls color=Color::White /></div>
            </div>
            <div class="bar-group">
                <button type="button" class="action primary" disabled=move || !playable() on:click=move |_| state.play_from_setup()>
                    "Play from here"
                </button>
                <button
                    type="button"
                    class="action"
                    disabled=move || !playable()
                    on:click=move |_| state.analyse_setup(analysis.hints_on)
                >
                    "Analyse"
                </button>
                <button type="button" class="action" on:click=move |_| state.close_setup()>"Cancel"</button>
            </div>
            <details class="setup-exchange">
                <summary>"Import or export the position"</summary>
                <SetupImport />
                {move || setup.get().map(|s| view! { <SetupExport setup=s /> })}
            </details>
        </section>
    }
}

#[component]
fn SideButton(color: Color) -> impl IntoView {
    let state = AppState::get();
    let pressed = move || state.setup.with(|e| e.is_some_and(|e| e.setup.to_move() == color));
    view! {
        <button
            type="button"
            class="action"
            aria-pressed=move || pressed().to_string()
            on:click=move |_| state.edit_setup(|e| {
                e.setup.set_to_move(color);
                format!("{color} to move.")
            })
        >
            {format!("{color} to move")}
        </button>
    }
}

/// A pasted board string, OBF line or game link replaces the position being set up.
#[component]
fn SetupImport() -> impl IntoView {
    let state = AppState::get();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let load = move || match SetupPosition::read(&text.get_untracked()) {
        Ok(setup) => {
            error.set(None);
            state.edit_setup(|e| {
                e.setup = setup;
                "Position loaded.".into()
            });
        }
        Err(why) => error.set(Some(format!("Cannot load: {why}"))),
    };
    view! {
        <form class="setup-import" on:submit=move |ev| { ev.prevent_default(); load(); }>
            <label for="setup-import-text">"Paste a board string, an OBF line or a game link"</label>
            <PastedText id="setup-import-text" rows=2 text error />
            <button type="submit" class="action">"Load position"</button>
        </form>
    }
}

/// The position as a board string, an OBF line and (once playable) a link, each with Copy.
#[component]
fn SetupExport(setup: SetupPosition) -> impl IntoView {
    let link = setup.game().ok().map(|game| game_url(&game));
    view! {
        <ExportField label="Board string" text=setup.board_string() />
        <ExportField label="OBF" text=setup.obf() />
        {match link {
            Some(link) => view! { <ExportField label="Link" text=link /> }.into_any(),
            None => view! { <p class="field-note">"A link needs a position that can be played."</p> }.into_any(),
        }}
    }
}
