//! The status area: a card per side (discs, who plays it, whose turn) and a line saying what happens now, with
//! the controls that belong to that moment (Move now/Stop while thinking, Accept/Decline for a draw offer); and the
//! notices that answer the player's actions, shown next to the board.

use super::player_controls::PlayerControls;
use super::toolbar::{icons, ActionButton};
use crate::model::actions::Action;
use crate::model::state::AppState;
use crate::online::ClockFace;
use game::Color;
use leptos::prelude::*;

#[component]
pub fn Status() -> impl IntoView {
    view! {
        <section class="status" aria-label="Game status">
            <div class="score-cards">
                <ScoreCard color=Color::Black />
                <ScoreCard color=Color::White />
            </div>
            <StatusLine />
            <super::later_panels::OpeningName />
        </section>
    }
}

/// The answers to the player's actions and the game's passes, next to the board (under it on phones, at the top of
/// the side column on wider screens), where the eye is.
#[component]
pub fn Notices() -> impl IntoView {
    view! {
        <div class="notices">
            <PassNotice />
            <NoticeLine />
        </div>
    }
}

#[component]
fn ScoreCard(color: Color) -> impl IntoView {
    let state = AppState::get();
    // After the game the card shows the result's count (empties to the winner, every square after a resignation).
    let count = move || state.table.with(|t| t.game.result().map_or(t.game.count(color), |r| r.discs(color)));
    let to_move = move || state.table.with(|t| t.game.side_to_move() == Some(color));
    let thinking = move || state.thinking.get() == Some(color);
    let winner = move || state.table.with(|t| t.game.result().is_some_and(|r| r.winner() == Some(color)));
    let colour = color.name().to_lowercase();
    view! {
        <div class=format!("score-card {colour}") class:to-move=to_move class:winner=winner>
            <svg class="card-disc" viewBox="0 0 20 20" aria-hidden="true">
                <circle cx="10" cy="10" r="8.5" class=format!("disc {colour}") />
            </svg>
            <div class="card-text">
                <span class="card-name">{color.name()}</span>
                <span class="card-count">{count}<span class="visually-hidden">" discs"</span></span>
            </div>
            <span class="thinking-dots" class:visible=thinking aria-hidden="true"><i></i><i></i><i></i></span>
            <ClockFace color=color />
            <PlayerControls color=color />
        </div>
    }
}

/// One sentence about the game right now, plus the controls for that moment.
#[component]
fn StatusLine() -> impl IntoView {
    let state = AppState::get();
    let line = move || {
        let players = state.players();
        let thinking = state.thinking.get();
        state.table.with(|t| {
            let game = &t.game;
            if let Some(result) = game.result() {
                return format!("Game over: {result}.");
            }
            if let Some(by) = game.draw_offer() {
                return format!("{by} offers a draw.");
            }
            // A pass has its own notice (PassNotice), which stays after the next move.
            let side = game.to_move();
            if thinking == Some(side) {
                let level = state.options.with(|o| o.level(side));
                // Only until the engine's data files arrive, a moment after the first visit's board.
                let doing = if state.engine_ready.get() { "thinking" } else { "preparing" };
                format!("{side} ({}) is {doing}…", level.name())
            } else if t.can_resume(&players) {
                format!("Paused: {side} (computer) to move. {}", t.pause_advice(&players))
            } else {
                format!("{side} to move.")
            }
        })
    };
    let over = move || state.table.with(|t| t.game.is_over());
    let human_answers_draw = move || {
        let players = state.players();
        state.table.with(|t| t.human_answers_draw(&players))
    };
    let thinking = move || state.thinking.get().is_some();
    view! {
        <div class="status-line" class:over=over>
            <p class="status-text" data-testid="status">{line}</p>
            <div class="status-actions">
                <Show when=thinking>
                    <ActionButton action=Action::MoveNow icon=icons::FAST />
                    <ActionButton action=Action::Stop icon=icons::STOP />
                </Show>
                <Show when=human_answers_draw>
                    <button type="button" class="action primary" on:click=move |_| state.accept_draw()>
                        "Accept draw"
                    </button>
                    <button type="button" class="action" on:click=move |_| state.decline_draw()>
                        "Decline draw"
                    </button>
                </Show>
            </div>
        </div>
    }
}

/// The warnings about lost or unusable data (each until dismissed), then the message from the last action (import
/// result, draw declined, copied transcript) with the command it offers.
#[component]
fn NoticeLine() -> impl IntoView {
    let state = AppState::get();
    let warnings = move || {
        state
            .warnings
            .get()
            .into_iter()
            .map(|text| {
                let dismissed = text.clone();
                view! {
                    <p class="notice error warning" role="alert">
                        <span>{text}</span>
                        <button type="button" class="icon-button" aria-label="Dismiss"
                            on:click=move |_| state.dismiss_warning(&dismissed)>
                            "✕"
                        </button>
                    </p>
                }
            })
            .collect_view()
    };
    let notice = move || {
        state.notice.get().map(|notice| {
            let offer = notice.offer.map(|(action, words)| {
                view! {
                    <button type="button" class="action primary" on:click=move |_| state.run(action)>{words}</button>
                }
            });
            view! {
                <p class="notice" class:error=notice.is_error role=if notice.is_error { "alert" } else { "status" }>
                    <span>{notice.text}</span>
                    {offer}
                    <button type="button" class="icon-button" aria-label="Dismiss" on:click=move |_| state.notice.set(None)>
                        "✕"
                    </button>
                </p>
            }
        })
    };
    view! { {warnings} {notice} }
}

/// A side had to pass: said until the next human move, or with two humans until someone presses OK.
#[component]
fn PassNotice() -> impl IntoView {
    let state = AppState::get();
    move || {
        state.pass_notice.get().map(|passer| {
            view! {
                <p class="pass-notice" role="status" data-testid="pass-notice">
                    <span>{format!("{passer} has no move and must pass.")}</span>
                    <button type="button" class="action" on:click=move |_| state.pass_notice.set(None)>"OK"</button>
                </p>
            }
        })
    }
}
