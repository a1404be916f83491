//! The player's preferences: plain Rust, every value checked on the way in.
//!
//! Saved options (saves.rs keeps them in the game model's versioned envelope) are brought back into range by
//! [`Options::validated`]; version 1's JSON options are read field by field and migrated by saves_v1.rs.

use engine::Level;
use game::{BoardSize, Color, Coordinates, Opening, PlayerKind, Variant};
use net::ice::{is_stun_url, TurnServer, MAX_TURN_SERVERS};
use serde::{Deserialize, Serialize};

/// Light or dark page colours, or whichever the system prefers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Theme {
    Light,
    Dark,
    #[default]
    System,
}

/// When the classic Windows Reversi's Ctrl keys (Ctrl+R resign, Ctrl+O options, ...) are the app's rather than
/// the browser's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ClassicKeys {
    /// Where the app runs as an installed app, in a window of its own; in a browser tab the browser keeps them.
    #[default]
    InstalledApp,
    Always,
    Never,
}

impl ClassicKeys {
    /// Whether the Ctrl set is on, given whether the app runs installed (display-mode standalone).
    pub fn active(self, installed: bool) -> bool {
        match self {
            ClassicKeys::InstalledApp => installed,
            ClassicKeys::Always => true,
            ClassicKeys::Never => false,
        }
    }
}

pub const ANIMATION_SPEEDS: std::ops::RangeInclusive<u8> = 1..=5;

/// Everything the Options dialog sets. Saved in this order (a field added changes the save format: game's
/// `SAVE_VERSION`); version 1's JSON took a missing field's default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// First, so public/theme.js reads it from a save's first byte before the app loads (no flash of the light page).
    pub theme: Theme,
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
    pub first_move: Color,
    pub black: PlayerKind,
    pub white: PlayerKind,
    /// The computer's level when it plays Black, and when it plays White: two computers may differ.
    #[serde(with = "game::SavedLevel")]
    pub black_level: Level,
    #[serde(with = "game::SavedLevel")]
    pub white_level: Level,
    /// The pause in milliseconds before each computer move when the computer plays both sides (the pace at which
    /// a computer-against-computer game can be watched).
    pub computer_pause_ms: u32,
    /// Saved as 6, 8 or 10.
    pub board_size: BoardSize,
    #[serde(with = "game::SavedOpening")]
    pub opening: Opening,
    pub sound: bool,
    /// The STUN servers online play asks for this device's public address (`stun:host:port`); none is fine on
    /// one network.
    pub stun_servers: Vec<String>,
    /// The TURN servers (relays for the connection itself, when the networks block a direct one), with their
    /// credentials; none by default: the project ships no third-party credentials.
    pub turn_servers: Vec<TurnServer>,
    /// The Nostr relays that carry a one-link invitation's answer (`wss://host`), asked only once the player
    /// makes or accepts an invitation.
    pub relays: Vec<String>,
    /// Where a1 is on screen: top-left (standard) or bottom-left (Reversy).
    pub coordinates: Coordinates,
    /// Undo takes back a whole turn (the computer's reply and the player's move) instead of one move.
    pub undo_whole_turn: bool,
    /// When the classic Ctrl keys are on.
    pub classic_keys: ClassicKeys,
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
            first_move: Color::Black,
            black: PlayerKind::Human,
            white: PlayerKind::Computer,
            black_level: Level::default(),
            white_level: Level::default(),
            computer_pause_ms: 0,
            board_size: BoardSize::Eight,
            opening: Opening::Standard,
            sound: true,
            theme: Theme::System,
            stun_servers: vec![DEFAULT_STUN_SERVER.into()],
            turn_servers: Vec::new(),
            relays: DEFAULT_RELAYS.map(String::from).to_vec(),
            coordinates: Coordinates::Standard,
            undo_whole_turn: false,
            classic_keys: ClassicKeys::InstalledApp,
        }
    }
}

const DEFAULT_BOARD_COLOUR: &str = "#2e7d4f";
/// A public STUN server (it only tells a browser its public address; no game data passes through it).
pub const DEFAULT_STUN_SERVER: &str = "stun:stun.l.google.com:19302";
const MAX_STUN_SERVERS: usize = 4;
/// Well-known public Nostr relays that forward ephemeral events; index.html's content security policy lists the
/// same (a relay added here must be added there too).
pub const DEFAULT_RELAYS: [&str; 4] =
    ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net", "wss://relay.snort.social"];
const MAX_RELAYS: usize = 6;
const DEFAULT_VALID_MOVE_COLOUR: &str = "#f5d90a";
const DEFAULT_ACTIVE_SQUARE_COLOUR: &str = "#4aa3ff";
const DEFAULT_MOVE_INDICATOR_COLOUR: &str = "#e5484d";
/// The longest pause before a computer move that a save may ask for.
pub const MAX_COMPUTER_PAUSE_MS: u32 = 10_000;

impl Options {
    /// The same options with every value in its allowed range: the animation speed is clamped and a colour that is
    /// not `#rrggbb` returns to its default. (An unknown board size or level is already refused by serde.)
    pub fn validated(mut self) -> Options {
        self.animation_speed = self.animation_speed.clamp(*ANIMATION_SPEEDS.start(), *ANIMATION_SPEEDS.end());
        self.computer_pause_ms = self.computer_pause_ms.min(MAX_COMPUTER_PAUSE_MS);
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
        self.stun_servers.retain(|url| is_stun_url(url));
        self.stun_servers.truncate(MAX_STUN_SERVERS);
        self.turn_servers.retain(|server| server.check().is_ok());
        self.turn_servers.truncate(MAX_TURN_SERVERS);
        self.relays.retain(|url| is_relay_url(url));
        self.relays.truncate(MAX_RELAYS);
        self
    }

    /// Sets the STUN servers from a typed list ("stun:host:port", separated by commas or spaces; empty or
    /// "none" for none).
    pub fn set_stun_servers(&mut self, text: &str) -> Result<(), String> {
        self.stun_servers = address_list(
            text,
            is_stun_url,
            "a STUN server address such as stun:stun.example.org:3478",
            MAX_STUN_SERVERS,
        )?;
        Ok(())
    }

    /// Adds a TURN server typed in the settings (replacing one at the same address), or says why not.
    pub fn add_turn_server(&mut self, url: &str, username: &str, credential: &str) -> Result<(), String> {
        let server = TurnServer::new(url, username, credential)?;
        self.turn_servers.retain(|old| old.url != server.url);
        if self.turn_servers.len() >= MAX_TURN_SERVERS {
            return Err(format!("at most {MAX_TURN_SERVERS} TURN servers: remove one first"));
        }
        self.turn_servers.push(server);
        Ok(())
    }

    /// Sets the Nostr relays from a typed list ("wss://host", separated by commas or spaces; empty or "none" for
    /// none: invitations then go by code alone).
    pub fn set_relays(&mut self, text: &str) -> Result<(), String> {
        self.relays = address_list(text, is_relay_url, "a relay address such as wss://relay.example.org", MAX_RELAYS)?;
        Ok(())
    }

    pub fn set_player(&mut self, color: Color, kind: PlayerKind) {
        match color {
            Color::Black => self.black = kind,
            Color::White => self.white = kind,
        }
    }

    /// The computer's level when it plays `color`.
    pub fn level(&self, color: Color) -> Level {
        match color {
            Color::Black => self.black_level,
            Color::White => self.white_level,
        }
    }

    pub fn set_level(&mut self, color: Color, level: Level) {
        match color {
            Color::Black => self.black_level = level,
            Color::White => self.white_level = level,
        }
    }

    /// The variant the next new game takes: size, opening and first move, which a game in progress keeps.
    pub fn variant(&self) -> Variant {
        Variant { size: self.board_size, opening: self.opening, first: self.first_move }
    }

    /// Milliseconds between one disc turning over and the next: speed 1 is 5× slower than speed 5.
    pub fn flip_step_ms(&self) -> u32 {
        if self.animate_moves {
            (6 - u32::from(self.animation_speed.clamp(1, 5))) * 40
        } else {
            0
        }
    }

    /// The colours as CSS custom properties, for the page's root element; the coordinates' colour follows the
    /// board's, so they keep their contrast on any board.
    pub fn colour_variables(&self) -> [(&'static str, &str); 5] {
        [
            ("--board-colour", &self.board_colour),
            ("--valid-move-colour", &self.valid_move_colour),
            ("--active-square-colour", &self.active_square_colour),
            ("--move-indicator-colour", &self.move_indicator_colour),
            ("--coordinate-colour", label_colour_on(&self.board_colour)),
        ]
    }
}

/// A typed list of server addresses, each checked by `valid`; "none" or nothing for none.
fn address_list(text: &str, valid: fn(&str) -> bool, example: &str, max: usize) -> Result<Vec<String>, String> {
    let urls: Vec<String> = text.split([',', ' ', '\n']).filter(|u| !u.is_empty()).map(str::to_owned).collect();
    if urls.len() == 1 && urls[0].eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    if let Some(bad) = urls.iter().find(|url| !valid(url)) {
        return Err(format!("'{bad}' is not {example}"));
    }
    if urls.len() > max {
        return Err(format!("at most {max} addresses"));
    }
    Ok(urls)
}

/// `wss://` (or `ws://`, for a relay on this machine) and a host with an optional port and path.
pub fn is_relay_url(url: &str) -> bool {
    let rest = url.strip_prefix("wss://").or_else(|| url.strip_prefix("ws://")).unwrap_or_default();
    !rest.is_empty() && url.len() <= 200 && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b".-:[]/_".contains(&b))
}

/// White or black, whichever reads better on `background` (`#rrggbb`): the one with the higher contrast
/// ratio (WCAG's relative luminance).
pub fn label_colour_on(background: &str) -> &'static str {
    const LIGHT: &str = "#ffffff";
    const DARK: &str = "#000000";
    let (Some(background), Some(light), Some(dark)) = (luminance(background), luminance(LIGHT), luminance(DARK)) else {
        return LIGHT;
    };
    if contrast(background, light) >= contrast(background, dark) {
        LIGHT
    } else {
        DARK
    }
}

/// WCAG's contrast ratio of two relative luminances.
fn contrast(a: f64, b: f64) -> f64 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// WCAG's relative luminance of a `#rrggbb` colour.
fn luminance(colour: &str) -> Option<f64> {
    let hex = colour.strip_prefix('#').filter(|hex| hex.len() == 6)?;
    let channel = |i: usize| -> Option<f64> {
        let c = f64::from(u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()?) / 255.0;
        Some(if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) })
    };
    Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
}

fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::saves_v1::read_options_v1;

    #[test]
    fn defaults_are_a_human_black_against_the_computer_in_the_standard_game() {
        let o = Options::default();
        assert_eq!((o.black, o.white), (PlayerKind::Human, PlayerKind::Computer));
        assert_eq!(o.variant(), Variant::default());
        assert_eq!(o.theme, Theme::System);
        assert!(o.show_valid_moves && o.animate_moves && o.sound);
        assert_eq!(o.clone().validated(), o, "the defaults are already valid");
    }

    #[test]
    fn stun_servers_are_checked_and_none_is_allowed() {
        let mut o = Options::default();
        assert_eq!(o.stun_servers, vec![DEFAULT_STUN_SERVER.to_string()]);
        o.set_stun_servers("stun:a.example:3478, stuns:[2001:db8::1]:5349").unwrap();
        assert_eq!(o.stun_servers.len(), 2);
        let err = o.set_stun_servers("stun:ok.example http://evil.example").unwrap_err();
        assert!(err.contains("'http://evil.example' is not a STUN server"), "{err}");
        assert_eq!(o.stun_servers.len(), 2, "a refused list changes nothing");
        o.set_stun_servers("none").unwrap();
        assert!(o.stun_servers.is_empty());
        o.stun_servers = vec!["turn:x".into(), "stun:".into(), "stun:fine.example".into()];
        assert_eq!(o.validated().stun_servers, vec!["stun:fine.example".to_string()]);
    }

    #[test]
    fn turn_servers_are_checked_replaced_by_address_and_capped() {
        let mut o = Options::default();
        assert!(o.turn_servers.is_empty(), "no third-party TURN credentials are shipped");
        o.add_turn_server("turn:a.example:3478", "u", "p").unwrap();
        o.add_turn_server("turn:a.example:3478", "u2", "p2").unwrap();
        assert_eq!(o.turn_servers.len(), 1, "the same address is replaced");
        assert_eq!(o.turn_servers[0].username, "u2");
        let err = o.add_turn_server("stun:b.example", "u", "p").unwrap_err();
        assert!(err.contains("is not a TURN server address"), "{err}");
        o.add_turn_server("turn:b.example", "u", "p").unwrap();
        o.add_turn_server("turns:c.example", "u", "p").unwrap();
        assert!(o.add_turn_server("turn:d.example", "u", "p").unwrap_err().contains("at most 3"));
        o.turn_servers[0].url = "http://evil.example".into();
        assert_eq!(o.validated().turn_servers.len(), 2, "a bad saved server is dropped");
    }

    #[test]
    fn relays_are_checked_and_none_is_allowed() {
        let mut o = Options::default();
        assert_eq!(o.relays.len(), DEFAULT_RELAYS.len());
        o.set_relays("wss://relay.example.org,ws://127.0.0.1:7777").unwrap();
        assert_eq!(o.relays, vec!["wss://relay.example.org".to_string(), "ws://127.0.0.1:7777".to_string()]);
        let err = o.set_relays("wss://ok.example https://web.example").unwrap_err();
        assert!(err.contains("'https://web.example' is not a relay address"), "{err}");
        assert_eq!(o.relays.len(), 2, "a refused list changes nothing");
        assert!(o.set_relays(&"wss://a.example ".repeat(MAX_RELAYS + 1)).unwrap_err().contains("at most"));
        o.set_relays("none").unwrap();
        assert!(o.relays.is_empty());
        o.relays = vec!["wss://<b>".into(), "wss://fine.example".into()];
        assert_eq!(o.validated().relays, vec!["wss://fine.example".to_string()]);
    }

    #[test]
    fn coordinates_read_on_any_board_colour() {
        assert_eq!(label_colour_on(DEFAULT_BOARD_COLOUR), "#ffffff");
        let default = luminance(DEFAULT_BOARD_COLOUR).unwrap();
        assert!(contrast(default, 1.0) >= 4.5, "white on the default green: {:.2}", contrast(default, 1.0));
        assert_eq!(label_colour_on("#e8f5c8"), "#000000", "a pale board gets dark labels");
        assert_eq!(label_colour_on("#0a1f12"), "#ffffff");
        for grey in (0..=255).step_by(5) {
            let background = format!("#{grey:02x}{grey:02x}{grey:02x}");
            let label = luminance(label_colour_on(&background)).unwrap();
            let ratio = contrast(luminance(&background).unwrap(), label);
            assert!(ratio >= 4.5, "{background}: {ratio:.2}");
        }
    }

    #[test]
    fn a_save_round_trip_keeps_every_field() {
        let o = Options {
            show_valid_moves: false,
            preview_moves: false,
            animate_moves: false,
            animation_speed: 5,
            board_colour: "#123456".into(),
            valid_move_colour: "#abcdef".into(),
            active_square_colour: "#000000".into(),
            move_indicator_colour: "#ffffff".into(),
            first_move: Color::White,
            black: PlayerKind::Computer,
            white: PlayerKind::Human,
            black_level: Level::Expert,
            white_level: Level::Beginner,
            computer_pause_ms: 1_000,
            board_size: BoardSize::Ten,
            opening: Opening::EmptyCentre,
            sound: false,
            theme: Theme::Dark,
            stun_servers: vec!["stun:stun.example.org:3478".into()],
            turn_servers: vec![TurnServer::new("turns:turn.example.org:5349", "player", "s3cret").unwrap()],
            relays: vec!["ws://127.0.0.1:7777".into()],
            coordinates: Coordinates::Reversy,
            undo_whole_turn: true,
            classic_keys: ClassicKeys::Never,
        };
        assert_eq!(game::load::<Options>(&game::save(&o)), Ok(o.clone()));
        assert_eq!(read(&serde_json::to_string(&o).unwrap()), Ok(o), "and version 1's JSON of them");
    }

    /// public/theme.js applies the saved theme before the app loads: it decodes the first base64 letters after
    /// the version tag (as `atob` does) and takes the first byte as the theme's place in the enum.
    #[test]
    fn the_saved_options_begin_with_the_theme_for_the_page_to_read_first() {
        const BASE64: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (theme, first_byte) in [(Theme::Light, 0), (Theme::Dark, 1), (Theme::System, 2)] {
            let text = game::save(&Options { theme, board_colour: "#000000".into(), ..Options::default() });
            let letters = text.strip_prefix("v2:").unwrap().as_bytes();
            let sextet = |at: usize| BASE64.bytes().position(|b| b == letters[at]).unwrap();
            assert_eq!((sextet(0) << 2) | (sextet(1) >> 4), first_byte, "{theme:?}: {text}");
        }
    }

    /// The options read from a version-1 save holding `json`, if every field read.
    fn read(json: &str) -> Result<Options, String> {
        match read_options_v1(&format!(r#"{{"version":1,"data":{json}}}"#)) {
            Ok((options, unreadable)) if unreadable.is_empty() => Ok(options),
            Ok((_, unreadable)) => Err(unreadable.join(", ")),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn out_of_range_values_are_clamped() {
        let o = read(r##"{"animation_speed": 99, "board_colour": "red", "valid_move_colour": "#ABCDEF"}"##).unwrap();
        assert_eq!(o.animation_speed, 5);
        assert_eq!(o.board_colour, DEFAULT_BOARD_COLOUR);
        assert_eq!(o.valid_move_colour, "#abcdef");
        assert_eq!(read(r#"{"animation_speed": 0}"#).unwrap().animation_speed, 1);
        assert_eq!(read(r#"{"computer_pause_ms": 4000000000}"#).unwrap().computer_pause_ms, MAX_COMPUTER_PAUSE_MS);
        assert_eq!(
            read(r##"{"move_indicator_colour": "#12345"}"##).unwrap().move_indicator_colour,
            DEFAULT_MOVE_INDICATOR_COLOUR
        );
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let o = read(r#"{"sound": false}"#).unwrap();
        assert_eq!(o, Options { sound: false, ..Options::default() });
        assert_eq!(read("{}").unwrap(), Options::default());
    }

    #[test]
    fn values_of_the_wrong_kind_are_refused() {
        for json in ["", "[1, 2]", r#"{"board_size": 7}"#, r#"{"theme": "Purple"}"#, r#"{"sound": 1}"#] {
            assert!(read(json).is_err(), "{json:?}");
        }
        assert_eq!(read(r#"{"board_size": 7}"#), Err("board_size".into()));
    }

    /// Issue 11, defect 6: one wrongly typed option reset every option.
    #[test]
    fn one_unreadable_option_loses_only_itself() {
        let text = r#"{"version":1,"data":{"sound":"yes","animation_speed":999,"theme":"Dark","board_size":10}}"#;
        let (options, unreadable) = read_options_v1(text).unwrap();
        assert_eq!(unreadable, ["animation_speed", "sound"]);
        assert_eq!(options, Options { theme: Theme::Dark, board_size: BoardSize::Ten, ..Options::default() });
    }

    #[test]
    fn the_variant_is_size_opening_and_first_move() {
        let o = Options {
            board_size: BoardSize::Six,
            opening: Opening::EmptyCentre,
            first_move: Color::White,
            black: PlayerKind::Computer,
            ..Options::default()
        };
        assert_eq!(o.variant(), Variant { size: BoardSize::Six, opening: Opening::EmptyCentre, first: Color::White });
    }

    #[test]
    fn players_are_set_by_colour() {
        let mut o = Options::default();
        o.set_player(Color::Black, PlayerKind::Computer);
        o.set_player(Color::White, PlayerKind::Human);
        assert_eq!((o.black, o.white), (PlayerKind::Computer, PlayerKind::Human));
    }

    #[test]
    fn each_side_has_its_own_level() {
        let mut o = Options::default();
        o.set_level(Color::Black, Level::Master);
        o.set_level(Color::White, Level::Beginner);
        assert_eq!((o.level(Color::Black), o.level(Color::White)), (Level::Master, Level::Beginner));
        assert_eq!(game::load::<Options>(&game::save(&o)), Ok(o.clone()));
        assert_eq!(read(&serde_json::to_string(&o).unwrap()).unwrap(), o);
    }

    #[test]
    fn an_old_save_with_one_difficulty_gives_both_sides_that_level() {
        let old = r#"{"black": "Computer", "white": "Computer", "difficulty": "Expert", "sound": false}"#;
        let o = read(old).unwrap();
        assert_eq!((o.black, o.white), (PlayerKind::Computer, PlayerKind::Computer));
        assert_eq!((o.black_level, o.white_level), (Level::Expert, Level::Expert));
        assert!(!o.sound, "the other fields still load");
        assert_eq!(read(r#"{"difficulty": "Grandmaster"}"#), Err("difficulty".into()), "refused, not guessed");
    }

    #[test]
    fn faster_animation_means_shorter_steps_and_none_when_off() {
        let slow = Options { animation_speed: 1, ..Options::default() };
        let fast = Options { animation_speed: 5, ..Options::default() };
        assert!(slow.flip_step_ms() > fast.flip_step_ms() && fast.flip_step_ms() > 0);
        assert_eq!(Options { animate_moves: false, ..slow }.flip_step_ms(), 0);
    }
}
