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
    Export,
    Import,
    Options,
    Statistics,
    Help,
    About,
    Shortcuts,
    Hints,
    PlayOnline,
    SetUpPosition,
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
    pub const ALL: [Action; 22] = [
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
        Action::Export,
        Action::Import,
        Action::Options,
        Action::Statistics,
        Action::Help,
        Action::About,
        Action::Shortcuts,
        Action::Hints,
        Action::PlayOnline,
        Action::SetUpPosition,
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
            Action::Export => "Export",
            Action::Import => "Import",
            Action::Options => "Options",
            Action::Statistics => "Statistics",
            Action::Help => "Help",
            Action::About => "About",
            Action::Shortcuts => "Keyboard shortcuts",
            Action::Hints => "Hints",
            Action::PlayOnline => "Play a friend online",
            Action::SetUpPosition => "Set up position",
        }
    }

    /// Every shortcut of the command: a single key, Ctrl+Z and Ctrl+Y, and the Ctrl keys of the classic Windows
    /// Reversi ([`is_classic`]). Letters a–j are kept free for typing coordinates; Ctrl+N, which most browsers keep
    /// for themselves, is listed with that warning ([`Action::browser_keeps`]) next to N.
    fn all_shortcuts(self) -> &'static [&'static str] {
        match self {
            Action::NewGame => &["N", "Ctrl+N"],
            Action::Undo => &["U", "Ctrl+Z"],
            Action::Redo => &["R", "Ctrl+Y"],
            Action::UndoAll => &["Shift+U", "Home", "Ctrl+Shift+Z"],
            Action::RedoAll => &["Shift+R", "End", "Ctrl+Shift+Y"],
            Action::ResumePlay => &["P", "Ctrl+P"],
            Action::Resign => &["Q", "Ctrl+R"],
            Action::OfferDraw => &["="],
            Action::MoveNow => &["M"],
            Action::Stop => &["Esc"],
            Action::CopyTranscript => &["T"],
            Action::ShareLink => &["K"],
            Action::Export => &["X"],
            Action::Import => &["L"],
            Action::Options => &["O", "Ctrl+O"],
            Action::Statistics => &["S", "Ctrl+S"],
            Action::Help => &["F1", "Ctrl+H"],
            Action::About => &["V", "Ctrl+A"],
            Action::Shortcuts => &["?"],
            // Shift: the plain letter h types a column.
            Action::Hints => &["Shift+H"],
            Action::PlayOnline => &["W"],
            Action::SetUpPosition => &["Shift+S"],
        }
    }

    /// The shortcuts that work now, as shown to the player: with `classic` the classic Ctrl keys too.
    pub fn shortcuts(self, classic: bool) -> Vec<&'static str> {
        self.all_shortcuts().iter().copied().filter(|shortcut| classic || !is_classic(shortcut)).collect()
    }

    /// Why a shown shortcut may never reach the page: the browser acts on it first.
    pub fn browser_keeps(shortcut: &str) -> Option<&'static str> {
        match shortcut {
            "Ctrl+N" => Some("Most browsers keep Ctrl+N for a new window: use N."),
            _ => None,
        }
    }

    /// The commands that still apply while a position is being set up (the dialogs that do not touch the game).
    pub fn works_while_setting_up(self) -> bool {
        matches!(
            self,
            Action::SetUpPosition
                | Action::Options
                | Action::Statistics
                | Action::Help
                | Action::About
                | Action::Shortcuts
        )
    }

    /// The label with its shortcuts, for a button's tooltip.
    pub fn hint(self, classic: bool) -> String {
        format!("{} ({})", self.label(), self.shortcuts(classic).join(", "))
    }

    /// The action a key press asks for; with `classic` the classic Ctrl keys count too, else the browser keeps
    /// them (Ctrl+R reloads, Ctrl+P prints).
    pub fn for_key(key: Key, classic: bool) -> Option<Action> {
        if key.alt {
            return None;
        }
        if key.command {
            // Ctrl+Z and Ctrl+Y always; the key handler calls preventDefault so Ctrl+S then saves no page.
            let action = match key.key {
                "z" | "Z" if key.shift => Action::UndoAll,
                "y" | "Y" if key.shift => Action::RedoAll,
                "z" | "Z" => Action::Undo,
                "y" | "Y" => Action::Redo,
                _ if !classic => return None,
                "n" | "N" => Action::NewGame,
                "r" | "R" => Action::Resign,
                "o" | "O" => Action::Options,
                "s" | "S" => Action::Statistics,
                "p" | "P" => Action::ResumePlay,
                "h" | "H" => Action::Help,
                "a" | "A" => Action::About,
                _ => return None,
            };
            return (!key.shift || matches!(action, Action::UndoAll | Action::RedoAll)).then_some(action);
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
            "x" | "X" => Action::Export,
            "l" | "L" => Action::Import,
            "o" | "O" => Action::Options,
            "S" if key.shift => Action::SetUpPosition,
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

/// A Ctrl key of the classic Windows Reversi's set, which a browser tab keeps for itself (Ctrl+R reload, Ctrl+P
/// print, ...): only Ctrl+Z, Ctrl+Y and their Shift forms are the app's everywhere.
fn is_classic(shortcut: &str) -> bool {
    shortcut.starts_with("Ctrl+") && !matches!(shortcut, "Ctrl+Z" | "Ctrl+Y" | "Ctrl+Shift+Z" | "Ctrl+Shift+Y")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(key: &str) -> Key<'_> {
        Key { key, shift: false, command: false, alt: false }
    }

    #[test]
    fn every_shown_shortcut_triggers_its_action() {
        for (action, classic) in Action::ALL.into_iter().flat_map(|a| [(a, true), (a, false)]) {
            for shown in action.shortcuts(classic) {
                let mut parts: Vec<&str> = shown.split('+').collect();
                let name = parts.pop().unwrap();
                let (shift, command) = (parts.contains(&"Shift"), parts.contains(&"Ctrl"));
                let name = match name {
                    "Esc" => "Escape".to_string(),
                    letter if letter.len() == 1 && !shift => letter.to_lowercase(),
                    other => other.to_string(),
                };
                let pressed = Key { key: &name, shift, command, alt: false };
                assert_eq!(Action::for_key(pressed, classic), Some(action), "{shown}");
            }
        }
    }

    #[test]
    fn the_classic_ctrl_keys() {
        let ctrl = |key, shift| Action::for_key(Key { key, shift, command: true, alt: false }, true);
        assert_eq!(ctrl("z", false), Some(Action::Undo));
        assert_eq!(ctrl("Z", true), Some(Action::UndoAll), "Shift makes the key upper case");
        assert_eq!(ctrl("Y", true), Some(Action::RedoAll));
        assert_eq!(ctrl("s", false), Some(Action::Statistics));
        assert_eq!(ctrl("S", true), None, "Ctrl+Shift+S is not Ctrl+S");
        assert!(Action::browser_keeps("Ctrl+N").is_some());
        assert_eq!(Action::browser_keeps("Ctrl+S"), None);
    }

    #[test]
    fn a_browser_tab_keeps_its_own_ctrl_keys_but_undo_and_redo() {
        let ctrl = |key, shift| Action::for_key(Key { key, shift, command: true, alt: false }, false);
        for browsers in ["r", "p", "s", "o", "h", "a", "n"] {
            assert_eq!(ctrl(browsers, false), None, "Ctrl+{browsers}");
        }
        assert_eq!(ctrl("z", false), Some(Action::Undo));
        assert_eq!(ctrl("y", false), Some(Action::Redo));
        assert_eq!(ctrl("Z", true), Some(Action::UndoAll));
        assert_eq!(ctrl("Y", true), Some(Action::RedoAll));
        assert_eq!(Action::Resign.shortcuts(false), vec!["Q"]);
        assert_eq!(Action::Resign.shortcuts(true), vec!["Q", "Ctrl+R"]);
        assert_eq!(Action::UndoAll.shortcuts(false), vec!["Shift+U", "Home", "Ctrl+Shift+Z"]);
        assert_eq!(Action::Resign.hint(false), "Resign (Q)");
    }

    #[test]
    fn column_letters_stay_free_for_coordinates() {
        for letter in 'a'..='j' {
            let name = letter.to_string();
            assert_eq!(Action::for_key(key(&name), true), None, "{letter}");
            assert_eq!(Action::for_key(key(&name.to_uppercase()), true), None, "{letter}");
        }
    }

    #[test]
    fn browser_reserved_keys_are_left_alone() {
        for reserved in ["w", "t", "c", "v", "f", "l"] {
            assert_eq!(Action::for_key(Key { key: reserved, shift: false, command: true, alt: false }, true), None);
        }
        assert_eq!(Action::for_key(Key { key: "n", shift: false, command: false, alt: true }, true), None);
    }

    #[test]
    fn labels_are_unique() {
        let mut labels: Vec<_> = Action::ALL.iter().map(|a| a.label()).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), Action::ALL.len());
    }
}
