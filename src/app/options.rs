//! The player's preferences: plain Rust, saved as JSON, every value checked on the way in.
//!
//! Saved options are read leniently: a missing field takes its default (so older saves still load) and an
//! out-of-range value is brought back into range by [`Options::validated`]. Only JSON that is not an options
//! object at all is an error, which the caller reports before falling back to [`Options::default`].

use crate::engine::Opening;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which colour a setting refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Side {
    #[default]
    Black,
    White,
}

/// Who makes the moves for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum PlayerKind {
    #[default]
    Human,
    Computer,
}

/// How strongly the computer plays; the engine maps each level to its search settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Difficulty {
    Beginner,
    #[default]
    Intermediate,
    Advanced,
    Expert,
    /// No deliberate mistakes, searching for the whole thinking-time budget.
    Full,
}

/// Light or dark page colours, or whichever the system prefers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Theme {
    Light,
    Dark,
    #[default]
    System,
}

pub const BOARD_SIZES: [usize; 3] = [6, 8, 10];
pub const ANIMATION_SPEEDS: std::ops::RangeInclusive<u8> = 1..=5;

/// Everything the Options dialog sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub show_valid_moves: bool,
    pub preview_moves: bool,
    pub animate_moves: bool,
    /// 1 (slow) to 5 (fast).
    pub animation_speed: u8,
    /// Colours as CSS hex, `#rrggbb`.
    pub board_colour: String,
    pub valid_move_colour: String,
    pub active_square_colour: String,
    pub move_indicator_colour: String,
    pub first_move: Side,
    pub black: PlayerKind,
    pub white: PlayerKind,
    pub difficulty: Difficulty,
    /// 6, 8 or 10.
    pub board_size: usize,
    pub opening: Opening,
    pub sound: bool,
    pub theme: Theme,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            show_valid_moves: true,
            preview_moves: true,
            animate_moves: true,
            animation_speed: 3,
            board_colour: DEFAULT_BOARD_COLOUR.into(),
            valid_move_colour: DEFAULT_VALID_MOVE_COLOUR.into(),
            active_square_colour: DEFAULT_ACTIVE_SQUARE_COLOUR.into(),
            move_indicator_colour: DEFAULT_MOVE_INDICATOR_COLOUR.into(),
            first_move: Side::Black,
            black: PlayerKind::Human,
            white: PlayerKind::Computer,
            difficulty: Difficulty::default(),
            board_size: 8,
            opening: Opening::Standard,
            sound: true,
            theme: Theme::System,
        }
    }
}

const DEFAULT_BOARD_COLOUR: &str = "#2e7d4f";
const DEFAULT_VALID_MOVE_COLOUR: &str = "#f5d90a";
const DEFAULT_ACTIVE_SQUARE_COLOUR: &str = "#4aa3ff";
const DEFAULT_MOVE_INDICATOR_COLOUR: &str = "#e5484d";

/// Saved options that could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionsError(pub String);

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the saved options could not be read ({})", self.0)
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    /// Reads saved options; missing fields take defaults and out-of-range values are brought into range.
    pub fn from_json(json: &str) -> Result<Options, OptionsError> {
        serde_json::from_str::<Options>(json).map(Options::validated).map_err(|e| OptionsError(e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("options are plain data and always serialise")
    }

    /// The same options with every value in its allowed range: the board size snaps to the nearest supported
    /// size, the animation speed is clamped, and a colour that is not `#rrggbb` returns to its default.
    pub fn validated(mut self) -> Options {
        self.board_size = nearest_board_size(self.board_size);
        self.animation_speed = self.animation_speed.clamp(*ANIMATION_SPEEDS.start(), *ANIMATION_SPEEDS.end());
        for (colour, default) in [
            (&mut self.board_colour, DEFAULT_BOARD_COLOUR),
            (&mut self.valid_move_colour, DEFAULT_VALID_MOVE_COLOUR),
            (&mut self.active_square_colour, DEFAULT_ACTIVE_SQUARE_COLOUR),
            (&mut self.move_indicator_colour, DEFAULT_MOVE_INDICATOR_COLOUR),
        ] {
            if is_hex_colour(colour) {
                colour.make_ascii_lowercase();
            } else {
                *colour = default.into();
            }
        }
        self
    }

    pub fn player(&self, side: Side) -> PlayerKind {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    pub fn set_player(&mut self, side: Side, kind: PlayerKind) {
        match side {
            Side::Black => self.black = kind,
            Side::White => self.white = kind,
        }
    }

    /// Whether a change from `self` to `next` only takes effect when a new game starts (size, opening, first move).
    pub fn differs_in_new_game_settings(&self, next: &Options) -> bool {
        self.board_size != next.board_size || self.opening != next.opening || self.first_move != next.first_move
    }

    /// Milliseconds between one disc turning over and the next: speed 1 is 5× slower than speed 5.
    pub fn flip_step_ms(&self) -> u32 {
        if self.animate_moves {
            (6 - u32::from(self.animation_speed.clamp(1, 5))) * 40
        } else {
            0
        }
    }

    /// The colours as CSS custom properties, for the page's root element.
    pub fn colour_variables(&self) -> [(&'static str, &str); 4] {
        [
            ("--board-colour", &self.board_colour),
            ("--valid-move-colour", &self.valid_move_colour),
            ("--active-square-colour", &self.active_square_colour),
            ("--move-indicator-colour", &self.move_indicator_colour),
        ]
    }
}

fn nearest_board_size(size: usize) -> usize {
    *BOARD_SIZES.iter().min_by_key(|&&s| (s.abs_diff(size), s)).expect("BOARD_SIZES is not empty")
}

fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_a_human_black_against_the_computer_on_eight_by_eight() {
        let o = Options::default();
        assert_eq!((o.black, o.white), (PlayerKind::Human, PlayerKind::Computer));
        assert_eq!(o.board_size, 8);
        assert_eq!(o.opening, Opening::Standard);
        assert_eq!(o.first_move, Side::Black);
        assert_eq!(o.theme, Theme::System);
        assert!(o.show_valid_moves && o.animate_moves && o.sound);
        assert_eq!(o.clone().validated(), o, "the defaults are already valid");
    }

    #[test]
    fn json_round_trip_keeps_every_field() {
        let o = Options {
            show_valid_moves: false,
            preview_moves: false,
            animate_moves: false,
            animation_speed: 5,
            board_colour: "#123456".into(),
            valid_move_colour: "#abcdef".into(),
            active_square_colour: "#000000".into(),
            move_indicator_colour: "#ffffff".into(),
            first_move: Side::White,
            black: PlayerKind::Computer,
            white: PlayerKind::Human,
            difficulty: Difficulty::Expert,
            board_size: 10,
            opening: Opening::EmptyCentre,
            sound: false,
            theme: Theme::Dark,
        };
        assert_eq!(Options::from_json(&o.to_json()), Ok(o));
    }

    #[test]
    fn out_of_range_values_are_clamped() {
        let o = Options::from_json(
            r##"{"board_size": 7, "animation_speed": 99, "board_colour": "red", "valid_move_colour": "#ABCDEF"}"##,
        )
        .unwrap();
        assert_eq!(o.board_size, 6, "7 is as close to 6 as to 8; the smaller wins");
        assert_eq!(o.animation_speed, 5);
        assert_eq!(o.board_colour, DEFAULT_BOARD_COLOUR);
        assert_eq!(o.valid_move_colour, "#abcdef");
        assert_eq!(Options::from_json(r#"{"board_size": 1000, "animation_speed": 0}"#).unwrap().board_size, 10);
        assert_eq!(Options::from_json(r#"{"animation_speed": 0}"#).unwrap().animation_speed, 1);
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let o = Options::from_json(r#"{"sound": false}"#).unwrap();
        assert_eq!(o, Options { sound: false, ..Options::default() });
        assert_eq!(Options::from_json("{}"), Ok(Options::default()));
    }

    #[test]
    fn corrupted_json_is_an_error_that_says_why() {
        for bad in ["", "{", "not json", "[1, 2]", r#"{"board_size": "big"}"#, r#"{"theme": "Purple"}"#] {
            let err = Options::from_json(bad).unwrap_err();
            assert!(err.to_string().starts_with("the saved options could not be read ("), "{bad:?}: {err}");
        }
    }

    #[test]
    fn new_game_settings_are_size_opening_and_first_move() {
        let o = Options::default();
        assert!(o.differs_in_new_game_settings(&Options { board_size: 6, ..o.clone() }));
        assert!(o.differs_in_new_game_settings(&Options { opening: Opening::EmptyCentre, ..o.clone() }));
        assert!(o.differs_in_new_game_settings(&Options { first_move: Side::White, ..o.clone() }));
        assert!(!o.differs_in_new_game_settings(&Options { black: PlayerKind::Computer, sound: false, ..o.clone() }));
    }

    #[test]
    fn faster_animation_means_shorter_steps_and_none_when_off() {
        let slow = Options { animation_speed: 1, ..Options::default() };
        let fast = Options { animation_speed: 5, ..Options::default() };
        assert!(slow.flip_step_ms() > fast.flip_step_ms() && fast.flip_step_ms() > 0);
        assert_eq!(Options { animate_moves: false, ..slow }.flip_step_ms(), 0);
    }

    #[test]
    fn players_are_read_and_set_by_side() {
        let mut o = Options::default();
        o.set_player(Side::Black, PlayerKind::Computer);
        assert_eq!(o.player(Side::Black), PlayerKind::Computer);
        assert_eq!(o.player(Side::White), PlayerKind::Computer);
    }
}
