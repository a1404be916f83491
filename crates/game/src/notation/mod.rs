//! Text formats: square names, transcripts, game links, board strings, OBF lines and GGF records, with errors
//! that say where and why.

mod board_text;
mod error;
pub mod ggf;
mod link;
mod obf;
mod transcript;

pub use board_text::{is_board_text, is_disc_character, read_board, write_board};
pub use error::{quoted, Location, NotationError};
pub use link::{read_link, write_link, LinkError};
pub use obf::{read_obf, read_obf_file, write_obf, ObfLine};
pub use transcript::{read_transcript, replay, write_moves, write_transcript};

use crate::{Game, Variant};

/// Reads pasted text as a GGF record (NBoard), a board string or an OBF line (a game starting from that position)
/// or else as a transcript of a game of `variant` (which may start with a board string line). Text that is nearly a
/// board string (a square too many or too few, one odd character) is read as one, so its error says what is wrong
/// with it as a board string rather than as a transcript.
pub fn read_game(text: &str, variant: Variant) -> Result<Game, NotationError> {
    let first_line = text.trim_start().lines().next().unwrap_or_default();
    if text.trim_start().starts_with("(;") {
        ggf::parse_ggf(text).and_then(|record| record.replay()).map_err(|e| NotationError::new(Location::Text, e))
    } else if is_board_text(text) {
        read_board(text).map(Game::from_position)
    } else if text.split_once(';').is_some_and(|(board, _)| is_board_text(board)) {
        read_obf(text.trim()).map(|line| Game::from_position(line.position))
    } else if is_board_text(first_line) {
        read_transcript(text, variant)
    } else if looks_like_board_text(text) {
        Err(read_board(text).map_or_else(
            |why| NotationError::new(Location::Text, format!("this looks like a board string, but {why}")),
            |_| NotationError::new(Location::Text, "this looks like a board string, but it is not one"),
        ))
    } else {
        read_transcript(text, variant)
    }
}

/// Mostly board characters, and more of them than the shortest board has squares: no transcript looks like this.
fn looks_like_board_text(text: &str) -> bool {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let discs = chars.iter().filter(|&&c| is_disc_character(c)).count();
    chars.len() >= 30 && discs * 10 >= chars.len() * 9
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Move};

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
        let record = ggf::write_ggf(&from_moves);
        assert_eq!(read_game(&record, Variant::default()).unwrap().position(), from_moves.position());
        let broken = read_game("(;GM[Othello]B[f5];)", Variant::default()).unwrap_err().to_string();
        assert_eq!(broken, "malformed GGF: a move comes before the board");
    }

    /// Issue 11 (smaller): a board string one square short was read as a transcript ("move 1: 'XX' is not...").
    #[test]
    fn a_near_miss_board_string_is_told_what_is_wrong_with_it_as_a_board_string() {
        let board = write_board(Game::default().position());
        let short = &board[1..];
        let error = read_game(short, Variant::default()).unwrap_err().to_string();
        assert_eq!(
            error,
            "this looks like a board string, but a board string has 36, 64 or 100 squares and then the side to \
             move; this one has 64 characters"
        );
        let odd = board.replacen('-', "Q", 1);
        let error = read_game(&odd, Variant::default()).unwrap_err().to_string();
        assert_eq!(error, "this looks like a board string, but character 1: 'Q' is not a disc");
        let no_side = board.replace(['X', 'O'], "-");
        assert!(read_game(&format!("{}Z", &no_side[..64]), Variant::default())
            .unwrap_err()
            .to_string()
            .contains("'Z' is not a side to move"));
        assert!(read_game("f5d6c3d3c4", Variant::default()).is_ok(), "a transcript stays a transcript");
    }

    #[test]
    fn obf_lines_and_transcripts_with_their_start_read_as_games() {
        let board = "-OXXXXXX-------------------XX------XX---------------------------O";
        let from_obf = read_game(&format!("{} O; PA:-2;", &board[..64]), Variant::default()).unwrap();
        assert_eq!(from_obf.start_position(), &read_board(board).unwrap());
        assert_eq!(from_obf.history().moves(), &[Move::Pass], "White has to pass");
        let game = read_game(&format!("{board}\na1"), Variant::default()).unwrap();
        assert_eq!(game.history().moves(), &[Move::Pass, Move::Play(0)]);
        let error = read_game(&format!("{board}\na1 a1"), Variant::default()).unwrap_err().to_string();
        assert_eq!(error, "move 2, a1: the game is over");
        let error = read_game(&format!("{} O; Z9:+2;", &board[..64]), Variant::default()).unwrap_err().to_string();
        assert_eq!(error, "field 2: 'Z9' is not a square");
    }
}
