//! The Options dialog: edits a draft of the options; OK saves it, Cancel drops it, Restore defaults resets the draft.

use super::Modal;
use crate::model::actions::Action;
use crate::model::options::{ClassicKeys, Options, Theme, ANIMATION_SPEEDS};
use crate::model::state::AppState;
use crate::panels::player_controls::PACES;
use engine::Level;
use game::{BoardSize, Color, Coordinates, Opening, PlayerKind};
use leptos::prelude::*;

#[component]
pub fn OptionsDialog() -> impl IntoView {
    let state = AppState::get();
    let draft = RwSignal::new(state.options.get_untracked());
    let ok = move || {
        let next = draft.get_untracked().validated();
        let waits_for_new_game = state.table.with_untracked(|t| t.game.variant()) != next.variant();
        state.options.set(next);
        state.close_dialog();
        if waits_for_new_game {
            let text = "Board size, opening and first move apply to the next game.";
            state.offer(text, Action::NewGame, "Start a new game now");
        }
    };
    let players = [(PlayerKind::Human, "Human"), (PlayerKind::Computer, "Computer")];
    view! {
        <Modal title="Options" class="options-dialog">
            <form class="options-form" on:submit=move |ev| { ev.prevent_default(); ok(); }>
                <fieldset>
                    <legend>"Players"</legend>
                    <Choice draft label="Black" choices=players.to_vec() get=|o| o.black set=|o, v| o.black = v />
                    <Choice draft label="Black level" choices=levels() get=|o| o.black_level
                        set=|o, v| o.black_level = v />
                    <Choice draft label="White" choices=players.to_vec() get=|o| o.white set=|o, v| o.white = v />
                    <Choice draft label="White level" choices=levels() get=|o| o.white_level
                        set=|o, v| o.white_level = v />
                    <Choice draft label="Computer pace"
                        choices=PACES.to_vec()
                        get=|o| o.computer_pause_ms set=|o, v| o.computer_pause_ms = v />
                    <p class="field-note">"A level applies when the computer plays that side; the pace slows a game "
                        "between two computers. Players and levels change at once, also in a game in progress."</p>
                    <Toggle draft label="Undo takes back a whole turn"
                        get=|o| o.undo_whole_turn set=|o, v| o.undo_whole_turn = v />
                    <p class="field-note">"On: one Undo takes back the computer's reply and your move. Off: one move "
                        "at a time, pausing on the computer's turn until you undo again or choose Resume play."</p>
                </fieldset>
                <fieldset>
                    <legend>"Keyboard"</legend>
                    <Choice draft label="Classic Ctrl keys"
                        choices=vec![
                            (ClassicKeys::InstalledApp, "In the installed app"),
                            (ClassicKeys::Always, "Always"),
                            (ClassicKeys::Never, "Never"),
                        ]
                        get=|o| o.classic_keys set=|o, v| o.classic_keys = v />
                    <p class="field-note">"The Windows Reversi keys Ctrl+R resign, Ctrl+O options, Ctrl+S statistics, "
                        "Ctrl+P resume, Ctrl+H help and Ctrl+A about. In a browser tab the browser keeps them (reload, "
                        "print, ...) unless this says Always. Ctrl+Z and Ctrl+Y undo and redo everywhere."</p>
                </fieldset>
                <fieldset>
                    <legend>"New game"</legend>
                    <Choice draft label="First move" choices=vec![(Color::Black, "Black"), (Color::White, "White")]
                        get=|o| o.first_move set=|o, v| o.first_move = v />
                    <Choice draft label="Board size" choices=BoardSize::ALL.map(|s| (s, size_name(s))).to_vec()
                        get=|o| o.board_size set=|o, v| o.board_size = v />
                    <Choice draft label="Opening"
                        choices=vec![(Opening::Standard, "Standard"), (Opening::EmptyCentre, "Empty centre")]
                        get=|o| o.opening set=|o, v| o.opening = v />
                    <p class="field-note">"These apply when you start a new game; the game in progress keeps its own."</p>
                </fieldset>
                <fieldset>
                    <legend>"Board"</legend>
                    <Toggle draft label="Show valid moves" get=|o| o.show_valid_moves set=|o, v| o.show_valid_moves = v />
                    <Toggle draft label="Preview moves" get=|o| o.preview_moves set=|o, v| o.preview_moves = v />
                    <Toggle draft label="Animate moves" get=|o| o.animate_moves set=|o, v| o.animate_moves = v />
                    <Choice draft label="Coordinates"
                        choices=vec![
                            (Coordinates::Standard, "a1 top-left (standard)"),
                            (Coordinates::Reversy, "a1 bottom-left (Reversy)"),
                        ]
                        get=|o| o.coordinates set=|o, v| o.coordinates = v />
                    <label class="field">
                        <span>"Animation speed"</span>
                        <input
                            type="range"
                            min=*ANIMATION_SPEEDS.start()
                            max=*ANIMATION_SPEEDS.end()
                            prop:value=move || draft.with(|o| o.animation_speed.to_string())
                            prop:disabled=move || draft.with(|o| !o.animate_moves)
                            on:input=move |ev| {
                                if let Ok(speed) = event_target_value(&ev).parse() {
                                    draft.update(|o| o.animation_speed = speed);
                                }
                            }
                        />
                    </label>
                </fieldset>
                <fieldset class="colours">
                    <legend>"Colours"</legend>
                    <ColourField draft label="Board" get=|o| &o.board_colour set=|o| &mut o.board_colour />
                    <ColourField draft label="Valid moves" get=|o| &o.valid_move_colour set=|o| &mut o.valid_move_colour />
                    <ColourField draft label="Active square" get=|o| &o.active_square_colour
                        set=|o| &mut o.active_square_colour />
                    <ColourField draft label="Move indicator" get=|o| &o.move_indicator_colour
                        set=|o| &mut o.move_indicator_colour />
                </fieldset>
                <fieldset>
                    <legend>"Sound and theme"</legend>
                    <Toggle draft label="Sound" get=|o| o.sound set=|o, v| o.sound = v />
                    <Choice draft label="Theme"
                        choices=vec![(Theme::System, "Follow the system"), (Theme::Light, "Light"), (Theme::Dark, "Dark")]
                        get=|o| o.theme set=|o, v| o.theme = v />
                </fieldset>
                <div class="dialog-buttons">
                    <button type="button" on:click=move |_| draft.set(Options::default())>"Restore defaults"</button>
                    <span class="spacer"></span>
                    <button type="button" on:click=move |_| state.close_dialog()>"Cancel"</button>
                    <button type="submit" class="primary">"OK"</button>
                </div>
            </form>
        </Modal>
    }
}

fn levels() -> Vec<(Level, &'static str)> {
    Level::ALL.map(|level| (level, level.name())).to_vec()
}

fn size_name(size: BoardSize) -> &'static str {
    match size {
        BoardSize::Six => "6 × 6",
        BoardSize::Eight => "8 × 8",
        BoardSize::Ten => "10 × 10",
    }
}

/// A labelled check box for one on/off option of the draft.
#[component]
fn Toggle(
    draft: RwSignal<Options>,
    label: &'static str,
    get: fn(&Options) -> bool,
    set: fn(&mut Options, bool),
) -> impl IntoView {
    view! {
        <label class="field toggle">
            <input
                type="checkbox"
                aria-label=label
                prop:checked=move || draft.with(get)
                on:change=move |ev| draft.update(|o| set(o, event_target_checked(&ev)))
            />
            <span>{label}</span>
        </label>
    }
}

/// A labelled drop-down choosing one value of the draft.
#[component]
fn Choice<T>(
    draft: RwSignal<Options>,
    label: &'static str,
    choices: Vec<(T, &'static str)>,
    get: fn(&Options) -> T,
    set: fn(&mut Options, T),
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let values: Vec<T> = choices.iter().map(|(value, _)| *value).collect();
    let options = choices
        .into_iter()
        .enumerate()
        .map(|(i, (value, name))| {
            view! { <option value=i.to_string() prop:selected=move || draft.with(get) == value>{name}</option> }
        })
        .collect_view();
    view! {
        <label class="field">
            <span>{label}</span>
            <select aria-label=label on:change=move |ev| {
                if let Some(&value) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| values.get(i)) {
                    draft.update(|o| set(o, value));
                }
            }>{options}</select>
        </label>
    }
}

/// A labelled colour picker for one `#rrggbb` colour of the draft.
#[component]
fn ColourField(
    draft: RwSignal<Options>,
    label: &'static str,
    get: fn(&Options) -> &String,
    set: fn(&mut Options) -> &mut String,
) -> impl IntoView {
    view! {
        <label class="field colour">
            <input
                type="color"
                aria-label=label
                prop:value=move || draft.with(|o| get(o).clone())
                on:input=move |ev| draft.update(|o| *set(o) = event_target_value(&ev))
            />
            <span>{label}</span>
        </label>
    }
}
