//! Sound effects synthesised with WebAudio: short filtered clicks and tones, nothing downloaded.

use crate::model::event::Event;
use crate::model::state::AppState;
use leptos::prelude::*;

/// A disc placed: a short woody click.
const PLACED: &[Tone] = &[Tone { frequency: 520.0, start: 0.0, length: 0.05, volume: 0.25 }];
/// A square that cannot be played: a low buzz.
const REFUSED: &[Tone] = &[Tone { frequency: 140.0, start: 0.0, length: 0.12, volume: 0.15 }];
/// The other side must pass: a falling pair of soft notes, unlike any move.
const PASSED: &[Tone] = &[
    Tone { frequency: 392.0, start: 0.0, length: 0.12, volume: 0.18 },
    Tone { frequency: 294.0, start: 0.13, length: 0.2, volume: 0.18 },
];
/// The game ended: a rising pair of notes.
const GAME_OVER: &[Tone] = &[
    Tone { frequency: 440.0, start: 0.0, length: 0.15, volume: 0.2 },
    Tone { frequency: 660.0, start: 0.16, length: 0.25, volume: 0.2 },
];
/// The game-over or pass notes after a move wait for its click.
const AFTER_THE_CLICK: f64 = 0.12;

/// The notes an event sounds: a move that ends the game clicks, then plays the game-over notes; one that forces
/// a pass clicks, then plays the pass notes.
fn tones_for(event: &Event) -> Vec<Tone> {
    let click_then = |notes: &[Tone]| {
        PLACED
            .iter()
            .copied()
            .chain(notes.iter().map(|tone| Tone { start: tone.start + AFTER_THE_CLICK, ..*tone }))
            .collect()
    };
    match event {
        Event::Placed { ended: true, .. } => click_then(GAME_OVER),
        Event::Placed { passed: true, .. } => click_then(PASSED),
        Event::Placed { .. } => PLACED.to_vec(),
        Event::Refused { .. } => REFUSED.to_vec(),
        Event::Ended => GAME_OVER.to_vec(),
        Event::Copied(_) | Event::HintsToggled | Event::GameLinkShared => Vec::new(),
    }
}

/// Plays each event's sound while sound is on, and makes the audio context early, so that its one-off cost
/// (70-140 ms measured in Chromium) falls neither in the start-up, nor in a click, nor in the computer's thinking:
/// in the first task after the engine's data files arrive when sound is on (installed before the thinking driver,
/// it runs before the engine is built and so before any search), else at the first click, tap or key press after
/// sound is turned on. Browsers start audio
/// only from a gesture, so each gesture resumes the context.
pub fn install(state: AppState) {
    Effect::new(move |_| {
        let Some(last) = state.event.get() else { return };
        if state.options.with_untracked(|o| o.sound) {
            play(&tones_for(&last.event));
        }
    });
    #[cfg(target_arch = "wasm32")]
    web::prepare(state);
}

/// One enveloped oscillator note; times in seconds from now.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tone {
    frequency: f32,
    start: f64,
    length: f64,
    volume: f32,
}

fn play(tones: &[Tone]) {
    #[cfg(target_arch = "wasm32")]
    web::play(tones);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = tones;
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::Tone;
    use crate::model::state::AppState;
    use gloo_timers::callback::Timeout;
    use leptos::prelude::*;
    use std::cell::RefCell;
    use web_sys::{AudioContext, OscillatorType};

    thread_local! {
        /// One context for the page's life.
        static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    }

    fn with_context(f: impl FnOnce(&AudioContext)) {
        CONTEXT.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.is_none() {
                *cell = AudioContext::new().ok();
            }
            if let Some(context) = cell.as_ref() {
                f(context);
            }
        });
    }

    pub fn prepare(state: AppState) {
        // Making the context takes 70-140 ms: not in the first click, and not at start-up either, but in a task of
        // its own once the page has what it needs (the engine's data files, downloaded after the first board).
        Effect::new(move |_| {
            if state.engine_ready.get() {
                Timeout::new(0, move || {
                    if state.options.with_untracked(|o| o.sound) {
                        with_context(|_| {});
                    }
                })
                .forget();
            }
        });
        for event in ["pointerup", "keydown"] {
            // The listener lives for the page (dropping the handle keeps it). A context made before any gesture
            // starts suspended; resuming a running one does nothing. With sound off no context is made at all.
            // pointerup, not pointerdown: a touch grants the right to start audio only when the finger lifts.
            let _ = window_event_listener_untyped(event, move |_| {
                if state.options.with_untracked(|o| o.sound) {
                    with_context(|context| {
                        let _ = context.resume();
                    })
                }
            });
        }
    }

    pub fn play(tones: &[Tone]) {
        // Sound is a nicety: a browser that refuses audio just stays silent.
        with_context(|context| {
            let _ = tones.iter().try_for_each(|tone| schedule(context, tone));
        });
    }

    fn schedule(context: &AudioContext, tone: &Tone) -> Result<(), wasm_bindgen::JsValue> {
        let now = context.current_time() + tone.start;
        let oscillator = context.create_oscillator()?;
        oscillator.set_type(OscillatorType::Triangle);
        oscillator.frequency().set_value(tone.frequency);
        let gain = context.create_gain()?;
        // A fast attack and exponential decay make a click rather than a beep.
        gain.gain().set_value_at_time(0.0001, now)?;
        gain.gain().exponential_ramp_to_value_at_time(tone.volume, now + 0.005)?;
        gain.gain().exponential_ramp_to_value_at_time(0.0001, now + tone.length)?;
        oscillator.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&context.destination())?;
        oscillator.start_with_when(now)?;
        oscillator.stop_with_when(now + tone.length + 0.02)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 10: a game that ended on the board played no game-over sound, only resignations and agreed draws.
    #[test]
    fn a_last_move_clicks_then_sounds_the_end_of_the_game() {
        let last = tones_for(&Event::Placed { square: 37, ended: true, passed: false });
        assert_eq!(last[0], PLACED[0]);
        assert_eq!(last.len(), 1 + GAME_OVER.len());
        assert!(last[1..].iter().zip(GAME_OVER).all(|(heard, notes)| heard.frequency == notes.frequency));
        assert!(last[1].start > PLACED[0].start + PLACED[0].length, "the end notes follow the click");
        assert_eq!(tones_for(&Event::Placed { square: 37, ended: false, passed: false }), PLACED);
        let forcing = tones_for(&Event::Placed { square: 37, ended: false, passed: true });
        assert_eq!(forcing[0], PLACED[0]);
        assert_eq!(forcing[1..].iter().map(|tone| tone.frequency).collect::<Vec<_>>(), [392.0, 294.0]);
        assert!(forcing[1].start > PLACED[0].start + PLACED[0].length, "the pass notes follow the click");
        assert_eq!(tones_for(&Event::Ended), GAME_OVER);
        assert_eq!(tones_for(&Event::Refused { square: 0 }), REFUSED);
        assert!(tones_for(&Event::Copied("f5".into())).is_empty());
    }
}
