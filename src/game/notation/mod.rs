//! Text formats: square names, transcripts, board strings and OBF lines, with errors that say where and why.

mod board_text;
mod error;
mod obf;
mod transcript;

pub use board_text::{is_board_text, read_board, write_board};
pub use error::{Location, NotationError};
pub use obf::{read_obf, read_obf_file, write_obf, ObfLine};
pub use transcript::{read_transcript, replay, write_moves, write_transcript};

use crate::game::{Game, Variant};

/// Reads pasted text as a board string (a game starting from that position) or else as a transcript of a game
/// of `variant`.
pub fn read_game(text: &str, variant: Variant) -> Result<Game, NotationError> {
    if is_board_text(text) {
        read_board(text).map(Game::from_position)
    } else {
        read_transcript(text, variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Color, Move};

    #[test]
    fn pasted_text_is_told_apart() {
        let from_moves = read_game("f5 d6", Variant::default()).unwrap();
        assert_eq!(from_moves.history().moves().len(), 2);
        let board = write_board(from_moves.position());
        let from_board = read_game(&board, Variant::default()).unwrap();
        assert_eq!(from_board.position(), from_moves.position());
        assert_eq!(from_board.history().moves(), &[] as &[Move]);
        assert_eq!(from_board.to_move(), Color::Black);
        assert_eq!(read_game("f5 q", Variant::default()).unwrap_err().to_string(), "move 2: 'q' is not a square");
    }
}
