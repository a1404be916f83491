//! A match's games as text, one line each, for `match --record` to write and `audit` to read: the opening as an
//! OBF board (its side to move written as X, as NBoard engines are shown it), who moved first from it, and the moves
//! played (passes left out: a side without a move passes).
//!
//! ```text
//! % time per move 1000 ms
//! ---------------------------OX------XXX-----OO------------------- X; A first; f6 e6 f5
//! ```

use engine::ai::match_play::GameRecord;
use engine::Board;
use game::notation::{read_obf, replay, write_obf, ObfLine};
use game::{square_name, BoardSize, Color, Game, Move, Position};

/// A game read back: its opening, whether A moved first, and the squares played in turn.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    pub opening: Board,
    pub a_first: bool,
    pub moves: Vec<usize>,
}

impl RecordedGame {
    /// Each position A was to move in with more than one legal move, in the order played.
    pub fn a_choices(&self) -> Vec<Board> {
        let (mut board, mut a_to_move, mut choices) = (self.opening, self.a_first, Vec::new());
        for &square in &self.moves {
            if board.moves() == 0 {
                board = board.pass();
                a_to_move = !a_to_move;
            }
            if a_to_move && board.moves().count_ones() > 1 {
                choices.push(board);
            }
            board = board.play(square);
            a_to_move = !a_to_move;
        }
        choices
    }
}

/// One game's line.
pub fn game_line(game: &GameRecord) -> String {
    let position =
        Position::from_discs(BoardSize::Eight, game.opening.player.into(), game.opening.opponent.into(), Color::Black);
    let board = write_obf(&ObfLine { position, scores: Vec::new() });
    let moves: Vec<String> = game.moves.iter().map(|m| square_name(m.square, 8)).collect();
    format!("{board} {} first; {}", if game.a_first { "A" } else { "B" }, moves.join(" "))
}

/// Every game of a record's text, or what is wrong with which line. Blank lines and `%` comments are skipped.
pub fn read_record(text: &str) -> Result<Vec<RecordedGame>, String> {
    let lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('%'));
    lines.map(|(index, line)| read_game(line).map_err(|why| format!("line {}: {why}", index + 1))).collect()
}

fn read_game(line: &str) -> Result<RecordedGame, String> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let [board, first, moves] = fields[..] else {
        return Err("expected three fields: the opening, who moved first, the moves".into());
    };
    let position = read_obf(board).map_err(|why| why.to_string())?.position;
    let opening = position.board().as_board().ok_or("the opening is not an 8×8 board with the centre filled")?;
    let a_first = match first {
        "A first" => true,
        "B first" => false,
        other => return Err(format!("{other:?} is neither \"A first\" nor \"B first\"")),
    };
    let game = replay(moves, Game::from_position(position)).map_err(|why| why.to_string())?;
    let squares = game.history().played().iter().filter_map(|mv| match mv {
        Move::Play(square) => Some(*square),
        Move::Pass => None,
    });
    Ok(RecordedGame { opening, a_first, moves: squares.collect() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::ai::match_play::{MoveDepth, MoveRecord};
    use game::parse_square;

    /// A game of `squares` from the start, A moving first, as the match records it.
    fn played(squares: &[usize]) -> GameRecord {
        let moves = squares
            .iter()
            .enumerate()
            .map(|(i, &square)| MoveRecord {
                side: i % 2,
                square,
                depth: MoveDepth::Unknown,
                nodes: None,
                seconds: 0.0,
            })
            .collect();
        GameRecord { opening: Board::start(), a_first: true, disc_difference: 0, moves }
    }

    #[test]
    fn a_game_reads_back_as_written_and_lists_a_s_choices() {
        // f5 d6 c3 d3 c4: A plays f5, c3 and c4.
        let squares = ["f5", "d6", "c3", "d3", "c4"].map(|name| parse_square(name, 8).unwrap());
        let line = game_line(&played(&squares));
        assert!(line.ends_with("; A first; f5 d6 c3 d3 c4"), "{line}");
        let games = read_record(&format!("% time per move 100 ms\n\n{line}\n")).unwrap();
        assert_eq!(games, [RecordedGame { opening: Board::start(), a_first: true, moves: squares.to_vec() }]);
        let after = |n: usize| squares[..n].iter().fold(Board::start(), |board, &sq| board.play(sq));
        assert_eq!(games[0].a_choices(), [after(0), after(2), after(4)]);
        let b_first = RecordedGame { a_first: false, ..games[0].clone() };
        assert_eq!(b_first.a_choices(), [after(1), after(3)]);
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number_and_why() {
        let line = game_line(&played(&[parse_square("f5", 8).unwrap()]));
        let refused = |text: &str| read_record(text).unwrap_err();
        assert!(refused(&format!("{line}\njunk")).starts_with("line 2: expected three fields"));
        assert!(refused(&line.replace("A first", "C first")).contains("neither"));
        assert!(refused(&line.replace("f5", "a1")).contains("move 1, a1: no discs to flip"));
        assert!(refused(&line.replace("f5", "z9")).contains("move 1: 'z9' is not a square"));
        assert!(refused(&line.replacen('-', "?", 1)).starts_with("line 1: "));
    }
}
