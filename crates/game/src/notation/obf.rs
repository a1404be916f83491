//! OBF lines, as in the FFO endgame test suites: a board string, then `;`-separated `move:score` fields giving
//! the exact score of each move for the side to move ("A2:+38"). The one OBF reader: the app's paste box, the
//! command line's `solve` and the browser benchmark all read through it.

use super::board_text::{read_board, write_board};
use super::error::{quoted, Location, NotationError};
use crate::{parse_square, square_name, Move, Position};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfLine {
    pub position: Position,
    /// Moves with their scores, in the order written (best first in the FFO files).
    pub scores: Vec<(Move, i32)>,
}

impl ObfLine {
    /// The exact value of the position when the line gives it: the best listed score.
    pub fn expected_score(&self) -> Option<i32> {
        self.scores.iter().map(|&(_, score)| score).max()
    }
}

/// Every position of an OBF file, numbered by line from 1; blank lines and `%` or `#` comments are skipped.
pub fn read_obf_file(text: &str) -> Vec<(usize, Result<ObfLine, NotationError>)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with(['%', '#']))
        .map(|(i, line)| (i + 1, read_obf(line)))
        .collect()
}

pub fn read_obf(line: &str) -> Result<ObfLine, NotationError> {
    let mut fields = line.split(';');
    let position = read_board(fields.next().unwrap_or_default())?;
    let mut scores = Vec::new();
    for (index, field) in fields.enumerate() {
        let at = Location::Field(index + 2);
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        let (name, score) = field
            .split_once(':')
            .ok_or_else(|| NotationError::new(at, format!("{} is not move:score", quoted(field))))?;
        let mv = read_move(&position, name.trim()).map_err(|why| NotationError::new(at, why))?;
        let score = score.trim();
        let score: i32 =
            score.parse().map_err(|_| NotationError::new(at, format!("{} is not a score", quoted(score))))?;
        scores.push((mv, score));
    }
    Ok(ObfLine { position, scores })
}

/// A move that must be legal in `position`: a square, or "PA"/"PS" when the side to move has to pass.
fn read_move(position: &Position, name: &str) -> Result<Move, String> {
    if name.eq_ignore_ascii_case("pa") || name.eq_ignore_ascii_case("ps") {
        return if position.must_pass() {
            Ok(Move::Pass)
        } else {
            Err(format!("{}: a pass is not forced", quoted(name)))
        };
    }
    let square = parse_square(name, position.size().n()).ok_or_else(|| format!("{} is not a square", quoted(name)))?;
    if position.is_legal(square) {
        Ok(Move::Play(square))
    } else {
        Err(format!("{} is not a legal move", quoted(name)))
    }
}

/// "board X; A2:+38; C7:+36;" with upper-case squares, as in the FFO files.
pub fn write_obf(line: &ObfLine) -> String {
    let board = write_board(&line.position);
    let (squares, side) = board.split_at(board.len() - 1);
    let mut text = format!("{squares} {side};");
    for (mv, score) in &line.scores {
        let name = match mv {
            Move::Play(square) => square_name(*square, line.position.size().n()).to_uppercase(),
            Move::Pass => "PA".to_string(),
        };
        text += &format!(" {name}:{score:+};");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    /// FFO position #40 (the first line of ffo40-49.obf).
    const FFO40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34; \
                         C1:+30; B1:+30; G7:+28; D7:+28; C6:+28; F7:+26; A6:+24;";

    #[test]
    fn reads_an_ffo_line() {
        let line = read_obf(FFO40).unwrap();
        assert_eq!(line.position.to_move(), Color::Black);
        assert_eq!(line.position.board().empty_count(), 20);
        assert_eq!(line.scores.len(), 10);
        assert_eq!(line.scores[0], (Move::Play(parse_square("a2", 8).unwrap()), 38));
        assert_eq!(line.scores[9], (Move::Play(parse_square("a6", 8).unwrap()), 24));
        assert_eq!(write_obf(&line), FFO40);
        assert_eq!(read_obf(&write_obf(&line)).unwrap(), line);
        assert_eq!(line.expected_score(), Some(38));
    }

    #[test]
    fn white_to_move_and_scores_are_optional() {
        let line = read_obf(&format!("{} O", &FFO40[..64])).unwrap();
        assert_eq!(line.position.to_move(), Color::White);
        assert_eq!(line.expected_score(), None);
    }

    #[test]
    fn a_file_is_numbered_by_line_without_comments_or_blanks() {
        let numbered = read_obf_file(&format!("% comment\n\n{FFO40}\n# another\nbad\n"));
        assert_eq!(numbered.iter().map(|(line, _)| *line).collect::<Vec<_>>(), vec![3, 5]);
        assert!(numbered[0].1.is_ok() && numbered[1].1.is_err());
    }

    #[test]
    fn bad_fields_are_located() {
        let board = &FFO40[..66];
        let err = |fields: &str| read_obf(&format!("{board};{fields}")).unwrap_err().to_string();
        assert_eq!(err(" A2:+38; Z9:+1"), "field 3: 'Z9' is not a square");
        assert_eq!(err(" A2:+38; H1:+1"), "field 3: 'H1' is not a legal move");
        assert_eq!(err(" A2:lots"), "field 2: 'lots' is not a score");
        assert_eq!(err(" A2"), "field 2: 'A2' is not move:score");
        assert_eq!(err(" PA:+0"), "field 2: 'PA': a pass is not forced");
        assert_eq!(read_obf("O--q").unwrap_err().location, Location::Text);
    }
}
