//! Who plays each colour, changeable mid-game: Human or Computer, the computer's level, and the pace of
//! computer-against-computer games.

use crate::model::state::AppState;
use engine::Level;
use game::Color;
use game::PlayerKind;
use leptos::prelude::*;

/// The pauses offered between computer moves, in milliseconds, with their names.
pub const PACES: [(u32, &str); 3] = [(0, "Normal"), (1_000, "Slow"), (3_000, "Very slow")];

#[component]
pub fn PlayerControls(color: Color) -> impl IntoView {
    let state = AppState::get();
    let kind = move || state.options.with(|o| if color == Color::Black { o.black } else { o.white });
    let is_computer = move || kind() == PlayerKind::Computer;
    let id = format!("player-{}", color.name().to_lowercase());
    view! {
        <div class="player-controls">
            <label class="visually-hidden" for=id.clone()>{format!("{} player", color.name())}</label>
            <select
                id=id
                prop:value=move || if is_computer() { "computer" } else { "human" }
                on:change=move |ev| {
                    let kind = if event_target_value(&ev) == "computer" { PlayerKind::Computer } else { PlayerKind::Human };
                    state.set_player(color, kind);
                }
            >
                <option value="human">"Human"</option>
                <option value="computer">"Computer"</option>
            </select>
            <Show when=is_computer>
                <LevelSelect color=color />
            </Show>
        </div>
    }
}

/// The computer's level for this colour (each side has its own, so two computers can be matched unevenly).
#[component]
fn LevelSelect(color: Color) -> impl IntoView {
    let state = AppState::get();
    let id = format!("level-{}", color.name().to_lowercase());
    view! {
        <label class="visually-hidden" for=id.clone()>{format!("{} computer level", color.name())}</label>
        <select
            id=id
            prop:value=move || state.options.with(|o| o.level(color).name().to_string())
            on:change=move |ev| {
                if let Some(level) = Level::from_name(&event_target_value(&ev)) {
                    state.set_level(color, level);
                }
            }
        >
            {Level::ALL.map(|level| view! { <option value=level.name()>{level.name()}</option> })}
        </select>
    }
}

/// The pause between moves when the computer plays both sides.
#[component]
pub fn PaceControl() -> impl IntoView {
    let state = AppState::get();
    let both_computers =
        move || state.options.with(|o| o.black == PlayerKind::Computer && o.white == PlayerKind::Computer);
    view! {
        <Show when=both_computers>
            <label class="pace">
                "Pace "
                <select
                    prop:value=move || state.options.with(|o| o.computer_pause_ms.to_string())
                    on:change=move |ev| {
                        let pause = event_target_value(&ev).parse().unwrap_or(0);
                        state.options.update(|o| o.computer_pause_ms = pause);
                    }
                >
                    {PACES.map(|(ms, name)| view! { <option value=ms.to_string()>{name}</option> })}
                </select>
            </label>
        </Show>
    }
}
