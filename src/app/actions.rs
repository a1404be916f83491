//! Every command of the app with its label and keyboard shortcut: one table that the toolbar, the shortcut
//! overlay and the keyboard handler all read.

/// A command a button or a key can give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    NewGame,
    Undo,
    Redo,
    UndoAll,
    RedoAll,
    ResumePlay,
    Resign,
    OfferDraw,
    MoveNow,
    Stop,
    CopyTranscript,
    ShareLink,
    Import,
    Options,
    Statistics,
    Help,
    About,
    Shortcuts,
    Hints,
    PlayOnline,
}

/// A key as the keyboard handler sees it: `KeyboardEvent.key` and the modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key<'a> {
    pub key: &'a str,
    pub shift: bool,
    /// Ctrl or Cmd.
    pub command: bool,
    pub alt: bool,
}

impl Action {
    pub const ALL: [Action; 20] = [
        Action::NewGame,
        Action::Undo,
        Action::Redo,
        Action::UndoAll,
        Action::RedoAll,
        Action::ResumePlay,
        Action::Resign,
        Action::OfferDraw,
        Action::MoveNow,
        Action::Stop,
        Action::CopyTranscript,
        Action::ShareLink,
        Action::Import,
        Action::Options,
        Action::Statistics,
        Action::Help,
        Action::About,
        Action::Shortcuts,
        Action::Hints,
        Action::PlayOnline,
    ];

    /// The button's accessible name.
    pub fn label(self) -> &'static str {
        match self {
            Action::NewGame => "New game",
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::UndoAll => "Undo all",
            Action::RedoAll => "Redo all",
            Action::ResumePlay => "Resume play",
            Action::Resign => "Resign",
            Action::OfferDraw => "Offer draw",
            Action::MoveNow => "Move now",
            Action::Stop => "Stop",
            Action::CopyTranscript => "Copy transcript",
            Action::ShareLink => "Share game link",
            Action::Import => "Import",
            Action::Options => "Options",
            Action::Statistics => "Statistics",
            Action::Help => "Help",
            Action::About => "About",
            Action::Shortcuts => "Keyboard shortcuts",
            Action::Hints => "Hints",
            Action::PlayOnline => "Play a friend online",
        }
    }

    /// The shortcuts as shown to the player. Letters a–j are kept free for typing coordinates, and no shortcut
    /// needs a key the browser keeps for itself (Ctrl+N, Ctrl+W, Ctrl+T).
    pub fn shortcuts(self) -> &'static [&'static str] {
        match self {
            Action::NewGame => &["N"],
            Action::Undo => &["U", "Ctrl+Z"],
            Action::Redo => &["R", "Ctrl+Y"],
            Action::UndoAll => &["Shift+U", "Home"],
            Action::RedoAll => &["Shift+R", "End"],
            Action::ResumePlay => &["P"],
            Action::Resign => &["Q"],
            Action::OfferDraw => &["="],
            Action::MoveNow => &["M"],
            Action::Stop => &["Esc"],
            Action::CopyTranscript => &["T"],
            Action::ShareLink => &["K"],
            Action::Import => &["L"],
            Action::Options => &["O"],
            Action::Statistics => &["S"],
            Action::Help => &["F1"],
            Action::About => &["V"],
            Action::Shortcuts => &["?"],
            // Shift: the plain letter h types a column.
            Action::Hints => &["Shift+H"],
            Action::PlayOnline => &["W"],
        }
    }

    /// The first shortcut, for a button's tooltip.
    pub fn hint(self) -> String {
        format!("{} ({})", self.label(), self.shortcuts().join(", "))
    }

    /// The action a key press asks for.
    pub fn for_key(key: Key) -> Option<Action> {
        if key.alt {
            return None;
        }
        if key.command {
            return match key.key {
                "z" | "Z" if key.shift => Some(Action::Redo),
                "z" | "Z" => Some(Action::Undo),
                "y" | "Y" => Some(Action::Redo),
                _ => None,
            };
        }
        let action = match key.key {
            "n" | "N" => Action::NewGame,
            "u" | "U" if key.shift => Action::UndoAll,
            "u" | "U" => Action::Undo,
            "r" | "R" if key.shift => Action::RedoAll,
            "r" | "R" => Action::Redo,
            "Home" => Action::UndoAll,
            "End" => Action::RedoAll,
            "p" | "P" => Action::ResumePlay,
            "q" | "Q" => Action::Resign,
            "=" => Action::OfferDraw,
            "m" | "M" => Action::MoveNow,
            "Escape" => Action::Stop,
            "t" | "T" => Action::CopyTranscript,
            "k" | "K" => Action::ShareLink,
            "l" | "L" => Action::Import,
            "o" | "O" => Action::Options,
            "s" | "S" => Action::Statistics,
            "F1" => Action::Help,
            "v" | "V" => Action::About,
            "?" => Action::Shortcuts,
            "H" if key.shift => Action::Hints,
            "w" | "W" => Action::PlayOnline,
            _ => return None,
        };
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(key: &str) -> Key<'_> {
        Key { key, shift: false, command: false, alt: false }
    }

    #[test]
    fn every_shown_shortcut_triggers_its_action() {
        for action in Action::ALL {
            for shown in action.shortcuts() {
                let (shift, command, name) = match shown.split_once('+') {
                    Some(("Shift", rest)) => (true, false, rest),
                    Some(("Ctrl", rest)) => (false, true, rest),
                    _ => (false, false, *shown),
                };
                let name = match name {
                    "Esc" => "Escape".to_string(),
                    letter if letter.len() == 1 && !shift && !command => letter.to_lowercase(),
                    other => other.to_string(),
                };
                let pressed = Key { key: &name, shift, command, alt: false };
                assert_eq!(Action::for_key(pressed), Some(action), "{shown}");
            }
        }
    }

    #[test]
    fn column_letters_stay_free_for_coordinates() {
        for letter in 'a'..='j' {
            let name = letter.to_string();
            assert_eq!(Action::for_key(key(&name)), None, "{letter}");
            assert_eq!(Action::for_key(key(&name.to_uppercase())), None, "{letter}");
        }
    }

    #[test]
    fn browser_reserved_keys_are_left_alone() {
        for reserved in ["n", "w", "t"] {
            assert_eq!(Action::for_key(Key { key: reserved, shift: false, command: true, alt: false }), None);
        }
        assert_eq!(Action::for_key(Key { key: "n", shift: false, command: false, alt: true }), None);
    }

    #[test]
    fn labels_are_unique() {
        let mut labels: Vec<_> = Action::ALL.iter().map(|a| a.label()).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), Action::ALL.len());
    }
}
