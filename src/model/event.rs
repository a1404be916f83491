//! What just happened to the game: the actions publish it once, and the side effects follow it (sound, the
//! statistics, the clipboard, the refused square's flash), so no action calls an effect by hand.

/// Something an action did that an effect may answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A disc was placed on `square` (by a human or the computer); `ended` when that move finished the game,
    /// `passed` when it left the other side without a move, so that side must pass.
    Placed { square: usize, ended: bool, passed: bool },
    /// A square was clicked or typed that may not be played now.
    Refused { square: usize },
    /// A resignation or an agreed draw ended the game.
    Ended,
    /// Text for the clipboard: the moves so far as a transcript, or one of the Export dialog's formats.
    Copied(String),
    /// The Hints command (the keyboard's): the analysis shows or hides the hints.
    HintsToggled,
    /// Share game link: the game so far goes to the share sheet as a link, else to the clipboard.
    GameLinkShared,
}

impl Event {
    /// The event finished a game played in the app, which so counts in the statistics (an imported game that is
    /// already over, or a step through the history onto the end, finishes nothing).
    pub fn ends_game(&self) -> bool {
        matches!(self, Event::Placed { ended: true, .. } | Event::Ended)
    }
}

/// The last event with its serial number, so that the same event twice in a row (the same square refused twice)
/// is still two events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastEvent {
    pub serial: u64,
    pub event: Event,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_move_or_a_choice_that_finishes_the_game_ends_it() {
        assert!(Event::Placed { square: 19, ended: true, passed: false }.ends_game());
        assert!(Event::Ended.ends_game());
        assert!(!Event::Placed { square: 19, ended: false, passed: true }.ends_game());
        assert!(!Event::Refused { square: 0 }.ends_game());
        assert!(!Event::Copied("f5".into()).ends_game());
    }
}
