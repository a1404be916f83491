//! GGF game records (the Generic Game Format of the Internet Othello servers, which NBoard sends):
//! `(;GM[Othello]PC[..]PB[..]PW[..]TY[8]RE[+12.000]BO[8 <n² squares> <side>]B[f5]W[d6/-1.5/0.2]...;)`.
//!
//! Board squares are `-` (empty), `*` (black) and `O` (white); the side to move is `*` or `O` (the board-string
//! reader of `game::notation` takes these too). A move is a square, optionally followed by `/eval/time`, or `PA`
//! for a pass. Tags the engine has no use for are skipped. The engine's NBoard session reads them, and the app
//! imports and exports them.

use crate::notation::{quoted, read_board};
use crate::{parse_square, BoardSize, Color, EndReason, Game, GameResult, Move, Position};

/// A parsed record: where it starts and the moves played, each with the colour that played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    pub start: Position,
    pub moves: Vec<(Color, Move)>,
}

/// Why a record cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfError(pub String);

impl std::fmt::Display for GgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "malformed GGF: {}", self.0)
    }
}

impl std::error::Error for GgfError {}

fn error<T>(message: impl Into<String>) -> Result<T, GgfError> {
    Err(GgfError(message.into()))
}

/// The `TAG[value]` pairs between `(;` and `;)`, with `\]` and `\\` unescaped.
fn tags(text: &str) -> Result<Vec<(&str, String)>, GgfError> {
    let text = text.trim();
    let Some(body) = text.strip_prefix("(;").and_then(|t| t.strip_suffix(";)")) else {
        return error("a record starts with \"(;\" and ends with \";)\"");
    };
    let mut tags = Vec::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let name_end = rest.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_end);
        let Some(after) = after.strip_prefix('[').filter(|_| !name.is_empty()) else {
            return error(format!("expected TAG[value] at \"{}\"", rest.chars().take(20).collect::<String>()));
        };
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\\')) => value.extend(chars.next().map(|(_, c)| c)),
                Some((i, ']')) => break i,
                Some((_, c)) => value.push(c),
                None => return error(format!("tag {name} is not closed by ']'")),
            }
        };
        tags.push((name, value));
        rest = after[end + 1..].trim_start();
    }
    Ok(tags)
}

/// `BO[8 ---------------------------O*------*O--------------------------- *]`: the size, then a board string
/// (read by the one board-string reader; rows may be separated by spaces).
fn board(value: &str) -> Result<Position, GgfError> {
    let value = value.trim_start();
    let (n, squares) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
    let n: usize = n.parse().unwrap_or(0);
    let Some(size) = BoardSize::from_n(n) else {
        return error(format!("board size {} is not 6, 8 or 10", quoted(value)));
    };
    let found = squares.chars().filter(|c| !c.is_whitespace()).count().saturating_sub(1);
    if found != size.squares() {
        return error(format!("a {n}×{n} board has {} squares, found {found}", size.squares()));
    }
    read_board(squares).map_err(|e| GgfError(format!("board: {e}")))
}

/// A move as NBoard writes it: "F5", "f5/1.25/0.3", or "PA" for a pass.
pub fn parse_move(text: &str, size: usize) -> Option<Move> {
    let square = text.split('/').next()?.trim();
    if square.eq_ignore_ascii_case("pa") || square.eq_ignore_ascii_case("pass") {
        Some(Move::Pass)
    } else {
        parse_square(square, size).map(Move::Play)
    }
}

/// The record of a game: its start position and the moves up to its current point, passes written `PA`.
pub fn write_ggf(game: &Game) -> String {
    let start = game.start_position();
    let n = start.size().n();
    let disc = |color: Option<Color>| match color {
        Some(Color::Black) => '*',
        Some(Color::White) => 'O',
        None => '-',
    };
    let squares: String = (0..n * n).map(|i| disc(start.at(i))).collect();
    let result = game.result().map(result_tag).unwrap_or_default();
    let mut text = format!("(;GM[Othello]PC[Reversi]TY[{n}]{result}BO[{n} {squares} {}]", disc(Some(start.to_move())));
    let mut mover = start.to_move();
    for mv in game.history().played() {
        let tag = if mover == Color::Black { "B" } else { "W" };
        let written = match mv {
            Move::Play(square) => crate::square_name(*square, n),
            Move::Pass => "PA".to_string(),
        };
        text.push_str(&format!("{tag}[{written}]"));
        mover = mover.opponent();
    }
    text.push_str(";)");
    text
}

/// The result tag of a finished game as the servers write it: Black's disc margin, with `:r` for a resignation, `:t`
/// for a loss on time and `:s` for a score the players agreed (a draw by agreement).
fn result_tag(result: GameResult) -> String {
    let margin = result.black as i32 - result.white as i32;
    let how = match result.reason {
        EndReason::NoMoves => "",
        EndReason::Resigned(_) => ":r",
        EndReason::LostOnTime(_) => ":t",
        EndReason::AgreedDraw => ":s",
    };
    format!("RE[{margin:+}.000{how}]")
}

/// Reads a record; the moves are checked when it is replayed.
pub fn parse_ggf(text: &str) -> Result<GgfGame, GgfError> {
    let (mut start, mut moves, mut size_tag) = (None, Vec::new(), None);
    for (name, value) in tags(text)? {
        match name {
            "GM" if !value.eq_ignore_ascii_case("othello") => {
                return error(format!("game {} is not Othello", quoted(&value)))
            }
            "TY" => size_tag = Some(value),
            "BO" => start = Some(board(&value)?),
            "B" | "W" => {
                let color = if name == "B" { Color::Black } else { Color::White };
                let n =
                    start.map(|p: Position| p.size().n()).ok_or(GgfError("a move comes before the board".into()))?;
                let mv =
                    parse_move(&value, n).ok_or(GgfError(format!("{} is not a move on {n}×{n}", quoted(&value))))?;
                moves.push((color, mv));
            }
            _ => {}
        }
    }
    let Some(start) = start else { return error("no board (BO tag)") };
    if let Some(ty) = size_tag {
        let digits: String = ty.chars().filter(char::is_ascii_digit).collect();
        if digits.parse() != Ok(start.size().n()) {
            return error(format!("board type {} does not match the {n}×{n} board", quoted(&ty), n = start.size().n()));
        }
    }
    Ok(GgfGame { start, moves })
}

impl GgfGame {
    /// The game after every move, checking each one: right colour, legal square, passes only when forced.
    pub fn replay(&self) -> Result<Game, GgfError> {
        let mut game = Game::from_position(self.start);
        for (ply, &(color, mv)) in self.moves.iter().enumerate() {
            let ply = ply + 1;
            match mv {
                // The game records forced passes itself; a recorded pass must be one of those.
                Move::Pass if game.last_move() == Some(Move::Pass) && game.to_move() != color => {}
                Move::Pass => return error(format!("move {ply}: {color} passes but has a move")),
                Move::Play(_) if game.to_move() != color => {
                    return error(format!("move {ply}: it is {}'s turn, not {color}'s", game.to_move()));
                }
                Move::Play(square) => {
                    game.play(square).map_err(|e| GgfError(format!("move {ply}: {e}")))?;
                }
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------O*------*O--------------------------- *";

    #[test]
    fn reads_an_nboard_record_and_replays_it() {
        let text = format!(
            "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[me]PW[Edax]RE[?]TI[15:00]TY[8]BO[8 {START}]\
             B[F5]W[f6/-1.50/0.2]B[E6//1.0]W[F4];)"
        );
        let record = parse_ggf(&text).unwrap();
        assert_eq!(record.start, Position::start(Default::default()));
        assert_eq!(record.moves.len(), 4);
        assert_eq!(record.moves[1], (Color::White, Move::Play(5 * 8 + 5)));
        let game = record.replay().unwrap();
        assert_eq!(game.to_move(), Color::Black);
        let (black, white) = game.counts();
        assert_eq!((black + white, game.history().played().len()), (8, 4));
    }

    #[test]
    fn written_records_read_back_passes_included() {
        // A game with a forced pass, found by playing the first legal move until someone must pass.
        let mut game = Game::default();
        while !game.history().moves().contains(&Move::Pass) {
            game.play(crate::squares_of(game.legal_moves()).next().unwrap()).unwrap();
        }
        let text = write_ggf(&game);
        assert!(text.starts_with(&format!("(;GM[Othello]PC[Reversi]TY[8]BO[8 {START}]B[")), "{text}");
        assert!(text.contains("[PA]") && text.ends_with(";)"), "{text}");
        assert_eq!(parse_ggf(&text).unwrap().replay().unwrap(), game);
    }

    #[test]
    fn finished_games_carry_their_result() {
        let mut game = Game::default();
        assert!(!write_ggf(&game).contains("RE["), "a game in progress has no result");
        // A nine-move wipe-out: White has no disc left, so Black scores every square, 64-0.
        for square in ["c4", "c3", "c2", "b4", "a5", "f4", "g4", "c5", "d6"] {
            game.play(parse_square(square, 8).unwrap()).unwrap();
        }
        assert!(game.is_over());
        assert!(write_ggf(&game).contains("TY[8]RE[+64.000]BO[8 "), "{}", write_ggf(&game));
        assert_eq!(parse_ggf(&write_ggf(&game)).unwrap().replay().unwrap(), game, "the tag is skipped on reading");

        let mut resigned = Game::default();
        resigned.play(parse_square("f5", 8).unwrap()).unwrap();
        resigned.resign(Color::Black).unwrap();
        assert!(write_ggf(&resigned).contains("RE[-64.000:r]"), "{}", write_ggf(&resigned));
        let mut drawn = Game::default();
        drawn.offer_draw(Color::Black).unwrap();
        drawn.accept_draw().unwrap();
        assert!(write_ggf(&drawn).contains("RE[+0.000:s]"), "{}", write_ggf(&drawn));
    }

    #[test]
    fn board_rows_may_be_spaced_and_white_may_start() {
        let spaced = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O";
        let record = parse_ggf(&format!("(;GM[Othello]BO[{spaced}]W[e3];)")).unwrap();
        assert_eq!(record.start.to_move(), Color::White);
        assert!(record.replay().is_ok());
    }

    #[test]
    fn escaped_brackets_in_comments_are_skipped() {
        let record = parse_ggf(&format!("(;GM[Othello]C[a \\] b]BO[8 {START}]B[f5];)")).unwrap();
        assert_eq!(record.moves, vec![(Color::Black, Move::Play(37))]);
    }

    #[test]
    fn malformed_records_are_explained() {
        let cases = [
            ("GM[Othello]BO[8 x]".to_string(), "starts with"),
            ("(;GM[Othello];)".to_string(), "no board"),
            ("(;GM[Chess]BO[8 x];)".to_string(), "not Othello"),
            ("(;BO[7 x];)".to_string(), "not 6, 8 or 10"),
            ("(;BO[8 ---- *];)".to_string(), "64 squares"),
            (format!("(;BO[8 {START}]B[z9];)"), "not a move"),
            (format!("(;BO[8 {START}]B[f5"), "starts with"),
            (format!("(;TY[10]BO[8 {START}];)"), "does not match"),
            (format!("(;BO[8 {START}]B[f5;)"), "not closed"),
        ];
        for (text, expected) in cases {
            let message = parse_ggf(&text).unwrap_err().to_string();
            assert!(message.contains(expected), "{text}: {message}");
        }
    }

    #[test]
    fn illegal_moves_are_found_on_replay() {
        let cases = [("B[a1]", "move 1: a1: no discs"), ("W[f5]", "Black's turn"), ("B[PA]", "passes but has a move")];
        for (moves, expected) in cases {
            let record = parse_ggf(&format!("(;GM[Othello]BO[8 {START}]{moves};)")).unwrap();
            let message = record.replay().unwrap_err().to_string();
            assert!(message.contains(expected), "{moves}: {message}");
        }
    }

    #[test]
    fn other_sizes_parse() {
        let (black, white) = engine::VariantBoard::start_discs(6, Default::default());
        let start = Position::from_discs(BoardSize::Six, black, white, Color::Black);
        let squares: String = (0..36)
            .map(|i| {
                if black >> i & 1 == 1 {
                    '*'
                } else if white >> i & 1 == 1 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        let record = parse_ggf(&format!("(;GM[Othello]TY[6]BO[6 {squares} *]B[c2];)")).unwrap();
        assert_eq!(record.start, start);
        assert!(record.replay().is_ok());
    }
}
