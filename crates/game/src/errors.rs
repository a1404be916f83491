//! Why a move or an action was refused.

/// The reason a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    NotOnBoard,
    Occupied,
    NoFlips,
    /// The empty-centre opening: the first four discs go on the centre squares.
    CentreFirst,
    GameOver,
    /// Online: the other player is to move.
    NotYourTurn,
    /// Online with clocks: this side's time has run out.
    OutOfTime,
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reason::NotOnBoard => "not a square of this board",
            Reason::Occupied => "square is occupied",
            Reason::NoFlips => "no discs to flip",
            Reason::CentreFirst => "the first four discs go on the centre squares",
            Reason::GameOver => "the game is over",
            Reason::NotYourTurn => "it is the other player's turn",
            Reason::OutOfTime => "your time has run out",
        })
    }
}

/// A refused move: "f7: no discs to flip".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The square's name ("f7"), or its index when it is off the board.
    pub square: String,
    pub reason: Reason,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.square, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// An action other than a move that the game cannot take now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    GameOver,
    NoDrawOffer,
    /// A side offered a draw and the offer is still open.
    DrawAlreadyOffered,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refused::GameOver => "the game is over",
            Refused::NoDrawOffer => "no draw has been offered",
            Refused::DrawAlreadyOffered => "a draw offer is already open",
        })
    }
}

impl std::error::Error for Refused {}
