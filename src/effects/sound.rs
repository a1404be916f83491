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

/// Plays each event's sound while sound is on. The audio context is made at the first sound after the player's
/// first click, tap or key press, not at start: making it takes 70-140 ms on a phone (issue 28: at start it was
/// one of the long tasks after the board), and before any gesture a browser starts it suspended, silent anyway.
/// Each later gesture resumes it, should the browser have suspended it.
pub fn install(state: AppState) {
    Effect::new(move |_| {
        let Some(last) = state.event.get() else { return };
        if state.options.with_untracked(|o| o.sound) {
            play(&tones_for(&last.event));
        }
    });
    #[cfg(target_arch = "wasm32")]
    web::follow_gestures();
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
    use leptos::prelude::*;
    use std::cell::{Cell, RefCell};
    use web_sys::{AudioContext, OscillatorType};

    thread_local! {
        /// One context for the page's life, made at the first sound that can be heard.
        static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
        /// Whether the player has clicked, tapped or pressed a key on the page: browsers start audio only then.
        static GESTURED: Cell<bool> = const { Cell::new(false) };
    }

    pub fn follow_gestures() {
        for event in ["pointerup", "keydown"] {
            // The listener lives for the page (dropping the handle keeps it). Resuming a running context does
            // nothing, and without a context (sound off, or no sound yet) a gesture makes none.
            // pointerup, not pointerdown: a touch grants the right to start audio only when the finger lifts.
            let _ = window_event_listener_untyped(event, move |_| {
                GESTURED.set(true);
                CONTEXT.with_borrow(|context| {
                    if let Some(context) = context {
                        let _ = context.resume();
                    }
                });
            });
        }
    }

    pub fn play(tones: &[Tone]) {
        // Before any gesture a new context would start suspended: the sound would not be heard, so none is made.
        if !GESTURED.get() {
            return;
        }
        CONTEXT.with_borrow_mut(|context| {
            if context.is_none() {
                *context = AudioContext::new().ok();
            }
            // Sound is a nicety: a browser that refuses audio just stays silent.
            if let Some(context) = context.as_ref() {
                let _ = tones.iter().try_for_each(|tone| schedule(context, tone));
            }
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
