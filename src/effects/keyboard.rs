//! Keyboard play: type a square ("f5", "j10"), move the focus cursor with the arrows and play it with Enter or
//! Space, and the shortcuts of every command.
//!
//! The rules of typing a square are plain Rust, compiled where they are read: by the browser's key handler and by
//! the native tests; what each key press does is read by the browser alone.

use crate::model::state::AppState;
#[cfg(any(test, target_arch = "wasm32"))]
use game::Coordinates;
#[cfg(target_arch = "wasm32")]
use {
    crate::model::actions::{Action, Key},
    leptos::prelude::*,
};

/// A square being typed: a column letter, then the row's digits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg(any(test, target_arch = "wasm32"))]
pub struct CoordinateEntry {
    typed: String,
}

/// What a typed character did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg(any(test, target_arch = "wasm32"))]
pub enum Typed {
    /// Not part of a square name; the entry is cleared.
    Ignored,
    /// A column letter, or a row that a further digit could extend ("j1" may become "j10").
    Pending,
    /// A whole square name.
    Square(usize),
}

#[cfg(any(test, target_arch = "wasm32"))]
impl CoordinateEntry {
    /// Adds a typed character; `coordinates` says which square a name stands for.
    pub fn push(&mut self, c: char, size: usize, coordinates: Coordinates) -> Typed {
        let c = c.to_ascii_lowercase();
        let last_column = (b'a' + size as u8 - 1) as char;
        if ('a'..=last_column).contains(&c) {
            self.typed = c.to_string();
            return Typed::Pending;
        }
        if !c.is_ascii_digit() || self.typed.is_empty() {
            self.typed.clear();
            return Typed::Ignored;
        }
        self.typed.push(c);
        match coordinates.parse(&self.typed, size) {
            // Row 1 on a 10×10 board might be the start of row 10.
            Some(_) if size >= 10 && self.typed.len() == 2 && c == '1' => Typed::Pending,
            Some(square) => {
                self.typed.clear();
                Typed::Square(square)
            }
            None => {
                self.typed.clear();
                Typed::Ignored
            }
        }
    }

    /// Ends the entry (after a pause or Enter): a complete square waiting for a possible second digit.
    pub fn finish(&mut self, size: usize, coordinates: Coordinates) -> Option<usize> {
        let square = coordinates.parse(&self.typed, size);
        self.typed.clear();
        square
    }
}

/// Installs the page-wide key handler (browser only).
pub fn install(state: AppState) {
    #[cfg(target_arch = "wasm32")]
    web::install(state);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = state;
}

/// What a key press means for the board, apart from the command shortcuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg(target_arch = "wasm32")]
enum BoardKey {
    Cursor(i32, i32),
    PlayCursor,
}

#[cfg(target_arch = "wasm32")]
fn board_key(key: &str) -> Option<BoardKey> {
    Some(match key {
        "ArrowLeft" => BoardKey::Cursor(-1, 0),
        "ArrowRight" => BoardKey::Cursor(1, 0),
        "ArrowUp" => BoardKey::Cursor(0, -1),
        "ArrowDown" => BoardKey::Cursor(0, 1),
        "Enter" | " " => BoardKey::PlayCursor,
        _ => return None,
    })
}

/// What a key press comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg(target_arch = "wasm32")]
enum Handled {
    Cursor(i32, i32),
    Play(usize),
    /// Part of a square name; the rest may follow.
    Pending,
    Action(Action),
}

/// Decides what one key press does, so that the browser glue only reads the event and acts.
#[cfg(target_arch = "wasm32")]
fn interpret(state: &AppState, entry: &mut CoordinateEntry, key: Key, on_board: bool) -> Option<Handled> {
    let classic = untrack(|| state.classic_keys());
    let size = state.size_untracked();
    let coordinates = state.options.with_untracked(|o| o.coordinates);
    if let Some(board) = board_key(key.key).filter(|_| !key.command && !key.alt) {
        return match board {
            BoardKey::Cursor(dx, dy) => Some(Handled::Cursor(dx, dy)),
            BoardKey::PlayCursor if on_board => Some(Handled::Play(state.cursor.get_untracked())),
            BoardKey::PlayCursor => entry.finish(size, coordinates).map(Handled::Play),
        };
    }
    if let Some(action) = Action::for_key(key, classic) {
        entry.finish(size, coordinates);
        return Some(Handled::Action(action));
    }
    let mut chars = key.key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    if key.command || key.alt {
        return None;
    }
    match entry.push(c, size, coordinates) {
        Typed::Square(square) => Some(Handled::Play(square)),
        Typed::Pending => Some(Handled::Pending),
        Typed::Ignored => None,
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use crate::model::state::Dialog;
    use leptos::ev;
    use send_wrapper::SendWrapper;
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::JsCast;

    /// How long a typed "j1" waits for a "0" before it is played as j1.
    const SECOND_DIGIT_MS: u32 = 700;

    pub fn install(state: AppState) {
        // An installed app has the classic Ctrl keys on by default; a browser tab keeps them for the browser.
        let standalone = window().match_media("(display-mode: standalone)").ok().flatten();
        state.installed.set(standalone.is_some_and(|query| query.matches()));
        let entry = Rc::new(RefCell::new(CoordinateEntry::default()));
        let pending = Rc::new(RefCell::new(None::<gloo_timers::callback::Timeout>));
        let handler = SendWrapper::new(move |event: ev::KeyboardEvent| {
            if event.default_prevented() || event.is_composing() {
                return;
            }
            let dialog = state.dialog.get_untracked();
            if let Some(open) = dialog {
                // Escape closes a dialog from anywhere in it, one of its fields included; Enter answers a
                // confirmation yes unless a button (Cancel) has the focus.
                match event.key().as_str() {
                    "Escape" => state.close_dialog(),
                    "Enter" if !focused_control(&event) => {
                        if let Dialog::Confirm(action) = open {
                            event.prevent_default();
                            state.confirm(action);
                        }
                    }
                    // The browser's own Ctrl+S, Ctrl+O, ... stay off while a dialog is open too.
                    _ if (event.ctrl_key() || event.meta_key()) && !typing_in_a_field(&event) => {
                        let key = event.key();
                        let pressed = Key { key: &key, shift: event.shift_key(), command: true, alt: event.alt_key() };
                        if Action::for_key(pressed, untrack(|| state.classic_keys())).is_some() {
                            event.prevent_default();
                        }
                    }
                    _ => {}
                }
                return;
            }
            if typing_in_a_field(&event) {
                return;
            }
            let key = event.key();
            let pressed = Key {
                key: &key,
                shift: event.shift_key(),
                command: event.ctrl_key() || event.meta_key(),
                alt: event.alt_key(),
            };
            let on_board = target_square(&event);
            // Enter and Space on a focused button activate the button, not the board.
            if matches!(key.as_str(), "Enter" | " ") && !on_board && focused_control(&event) {
                return;
            }
            let handled = interpret(&state, &mut entry.borrow_mut(), pressed, on_board);
            pending.borrow_mut().take();
            let Some(handled) = handled else { return };
            event.prevent_default();
            match handled {
                Handled::Cursor(dx, dy) => {
                    state.move_cursor(dx, dy);
                    focus_cursor(&state);
                }
                Handled::Play(square) => {
                    state.cursor.set(square);
                    state.human_plays(square);
                }
                Handled::Action(Action::Stop) if state.thinking.get_untracked().is_none() => {
                    state.notice.set(None);
                }
                Handled::Action(action) => {
                    if action == Action::Shortcuts && dialog == Some(Dialog::Shortcuts) {
                        state.close_dialog();
                    } else {
                        state.perform(action);
                    }
                }
                Handled::Pending => {
                    let entry = entry.clone();
                    *pending.borrow_mut() = Some(gloo_timers::callback::Timeout::new(SECOND_DIGIT_MS, move || {
                        let size = state.size_untracked();
                        let coordinates = state.options.with_untracked(|o| o.coordinates);
                        if let Some(square) = entry.borrow_mut().finish(size, coordinates) {
                            state.cursor.set(square);
                            state.human_plays(square);
                        }
                    }));
                }
            }
        });
        let listener = window_event_listener(ev::keydown, move |event| (*handler)(event));
        on_cleanup(move || listener.remove());
    }

    fn typing_in_a_field(event: &ev::KeyboardEvent) -> bool {
        let Some(element) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return false };
        matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
            || element.has_attribute("contenteditable")
    }

    fn target_square(event: &ev::KeyboardEvent) -> bool {
        event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| e.has_attribute("data-square"))
    }

    fn focused_control(event: &ev::KeyboardEvent) -> bool {
        event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
    }

    /// Moves keyboard focus to the cursor's square so screen readers read it.
    pub fn focus_cursor(state: &AppState) {
        let name = state.square_name(state.cursor.get_untracked());
        if let Ok(Some(element)) = document().query_selector(&format!("[data-square=\"{name}\"]")) {
            if let Ok(svg) = element.dyn_into::<web_sys::SvgElement>() {
                let _ = svg.focus();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: Coordinates = Coordinates::Standard;

    #[test]
    fn a_letter_and_a_digit_make_a_square() {
        let mut entry = CoordinateEntry::default();
        assert_eq!(entry.push('f', 8, STANDARD), Typed::Pending);
        assert_eq!(entry.push('5', 8, STANDARD), Typed::Square(37));
        assert_eq!(entry.push('F', 8, STANDARD), Typed::Pending, "capitals work too");
        assert_eq!(entry.push('5', 8, STANDARD), Typed::Square(37));
    }

    #[test]
    fn off_board_and_stray_keys_are_ignored() {
        let mut entry = CoordinateEntry::default();
        assert_eq!(entry.push('5', 8, STANDARD), Typed::Ignored, "a row needs a column first");
        assert_eq!(entry.push('i', 8, STANDARD), Typed::Ignored, "no column i on 8×8");
        entry.push('a', 8, STANDARD);
        assert_eq!(entry.push('9', 8, STANDARD), Typed::Ignored);
        assert_eq!(entry.push('g', 6, STANDARD), Typed::Ignored, "no column g on 6×6");
    }

    #[test]
    fn reversy_names_count_rows_from_the_bottom() {
        let mut entry = CoordinateEntry::default();
        entry.push('f', 8, Coordinates::Reversy);
        assert_eq!(entry.push('4', 8, Coordinates::Reversy), Typed::Square(37), "Reversy f4 is standard f5");
        entry.push('a', 10, Coordinates::Reversy);
        entry.push('1', 10, Coordinates::Reversy);
        assert_eq!(entry.finish(10, Coordinates::Reversy), Some(90), "a1 is bottom-left");
    }

    #[test]
    fn a_new_letter_restarts_the_entry() {
        let mut entry = CoordinateEntry::default();
        entry.push('a', 8, STANDARD);
        entry.push('c', 8, STANDARD);
        assert_eq!(entry.push('3', 8, STANDARD), Typed::Square(18));
    }

    #[test]
    fn ten_by_ten_waits_for_a_second_digit_after_one() {
        let mut entry = CoordinateEntry::default();
        entry.push('j', 10, STANDARD);
        assert_eq!(entry.push('1', 10, STANDARD), Typed::Pending);
        assert_eq!(entry.push('0', 10, STANDARD), Typed::Square(99));
        entry.push('b', 10, STANDARD);
        assert_eq!(entry.push('1', 10, STANDARD), Typed::Pending);
        assert_eq!(entry.finish(10, STANDARD), Some(1), "b1 after a pause");
        entry.push('b', 10, STANDARD);
        assert_eq!(entry.push('2', 10, STANDARD), Typed::Square(11));
    }
}
