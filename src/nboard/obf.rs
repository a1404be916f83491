//! OBF test positions (the endgame suites' format), one per line:
//! `<64 squares a1..h8: X black, O white, - empty> <side to move X|O>; <move>:<score>; ...`, where each listed
//! move's score is its exact final disc difference for the side to move, best first.

use crate::engine::Board;
use crate::game::{parse_square, Color};

/// A test position with the scores the file gives for its moves (possibly none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfPosition {
    /// From the side to move's point of view.
    pub board: Board,
    pub to_move: Color,
    pub scores: Vec<(usize, i32)>,
}

impl ObfPosition {
    /// The exact value of the position when the file gives it: the best listed score.
    pub fn expected_score(&self) -> Option<i32> {
        self.scores.iter().map(|&(_, score)| score).max()
    }
}

/// One line of an OBF file, or a message saying what is wrong with it.
pub fn parse_obf_line(line: &str) -> Result<ObfPosition, String> {
    let mut fields = line.split(';').map(str::trim);
    let position = fields.next().unwrap_or_default();
    let mut words = position.split_whitespace();
    let (Some(squares), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("expected \"<64 squares> <X|O>;\", found \"{position}\""));
    };
    if squares.chars().count() != 64 {
        return Err(format!("a board has 64 squares, found {}", squares.chars().count()));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in squares.chars().enumerate() {
        match c {
            'X' | 'x' | '*' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            _ => return Err(format!("'{c}' is not a square (X, O or -)")),
        }
    }
    let to_move = match side {
        "X" | "x" | "*" => Color::Black,
        "O" | "o" => Color::White,
        _ => return Err(format!("side to move \"{side}\" is not X or O")),
    };
    let board = if to_move == Color::Black { Board::new(black, white) } else { Board::new(white, black) };
    let mut scores = Vec::new();
    for field in fields.filter(|f| !f.is_empty()) {
        let parsed = field.split_once(':').and_then(|(mv, score)| {
            Some((parse_square(mv.trim(), 8)?, score.trim().trim_start_matches('+').parse::<i32>().ok()?))
        });
        scores.push(parsed.ok_or_else(|| format!("\"{field}\" is not <move>:<score>"))?);
    }
    Ok(ObfPosition { board, to_move, scores })
}

/// Every position of a file, numbered by line (from 1); blank lines and `%` or `#` comments are skipped.
pub fn parse_obf(text: &str) -> Vec<(usize, Result<ObfPosition, String>)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with(['%', '#']))
        .map(|(i, line)| (i + 1, parse_obf_line(line)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FFO #40 (a2 is the best move, +38).
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34;";

    #[test]
    fn reads_a_suite_line() {
        let p = parse_obf_line(FFO_40).unwrap();
        assert_eq!(p.to_move, Color::Black);
        assert_eq!(p.board.empty_count(), 20);
        assert_eq!(p.board.player >> 7 & 1, 1, "h1 is black, the side to move");
        assert_eq!(p.board.opponent & 1, 1, "a1 is white");
        assert_eq!(p.scores, vec![(8, 38), (50, 36), (59, 34)]);
        assert_eq!(p.expected_score(), Some(38));
        assert!(p.board.moves() >> 8 & 1 == 1, "a2 is legal");
    }

    #[test]
    fn white_to_move_swaps_the_point_of_view_and_scores_are_optional() {
        let p = parse_obf_line(&FFO_40.replace(" X;", " O;").split(';').next().unwrap().to_string()).unwrap();
        assert_eq!(p.to_move, Color::White);
        assert_eq!(p.board.opponent >> 7 & 1, 1);
        assert_eq!(p.expected_score(), None);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        for (line, expected) in [
            ("XO X;", "64 squares"),
            (&FFO_40.replace(" X;", " Y;") as &str, "not X or O"),
            (&FFO_40.replace("A2:+38", "A2=38"), "not <move>:<score>"),
            (&FFO_40.replacen('O', "?", 1), "not a square"),
            ("", "expected"),
        ] {
            let message = parse_obf_line(line).unwrap_err();
            assert!(message.contains(expected), "{line}: {message}");
        }
        let numbered = parse_obf(&format!("% comment\n\n{FFO_40}\nbad\n"));
        assert_eq!(numbered.len(), 2);
        assert_eq!(numbered[0].0, 3);
        assert!(numbered[0].1.is_ok() && numbered[1].1.is_err());
    }
}
