//! Setting up a position: discs placed and removed one square at a time, the side to move chosen, the result
//! checked before a game starts from it, and read from or written as a board string, an OBF line or a game link.

use super::color::Color;
use super::game::Game;
use super::game_move::Move;
use super::notation::{is_board_text, read_board, read_link, read_obf, write_board, write_link, write_obf, ObfLine};
use super::position::Position;
use super::variant::{BoardSize, Opening, Variant};

/// A position being set up on a board of one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupPosition {
    size: BoardSize,
    black: u128,
    white: u128,
    to_move: Color,
}

/// Why a set-up position cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// No disc on the board: no game starts from nothing but the empty-centre opening, which New game gives.
    Empty,
}

impl std::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupProblem::Empty => f.write_str("The board is empty: place some discs first."),
        }
    }
}

/// How a game from a playable set-up position goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupCheck {
    /// The side to move has a legal move.
    Plays(Color),
    /// The side to move has none but the other has: the game starts with its pass.
    Passes(Color),
    /// Neither side has a move: a final position, with its disc counts (black, white).
    Final(u32, u32),
}

impl SetupPosition {
    /// The start position of `variant`; the empty-centre opening, whose start has no discs, is set up from the four
    /// centre discs of the standard start of its size.
    pub fn start(variant: Variant) -> SetupPosition {
        let opening = Opening::Standard;
        SetupPosition::from_position(&Position::start(Variant { opening, ..variant }))
    }

    pub fn from_position(position: &Position) -> SetupPosition {
        SetupPosition {
            size: position.size(),
            black: position.black(),
            white: position.white(),
            to_move: position.to_move(),
        }
    }

    /// The position a game shows, taken before a forced pass at its end (so the side that has to pass is the side
    /// to move, as in the position that was set up).
    pub fn of_game(game: &Game) -> SetupPosition {
        let played = game.history().played();
        let ply = played.len() - usize::from(played.last() == Some(&Move::Pass));
        let position = game.history().position_at(ply).unwrap_or(game.position());
        SetupPosition::from_position(position)
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    pub fn at(&self, square: usize) -> Option<Color> {
        self.position().at(square)
    }

    /// Puts `disc` (or nothing) on `square`; squares off the board are left alone.
    pub fn place(&mut self, square: usize, disc: Option<Color>) {
        if square >= self.size.squares() {
            return;
        }
        let bit = 1u128 << square;
        self.black &= !bit;
        self.white &= !bit;
        match disc {
            Some(Color::Black) => self.black |= bit,
            Some(Color::White) => self.white |= bit,
            None => {}
        }
    }

    /// The next contents of a clicked square: empty → black → white → empty.
    pub fn cycle(&mut self, square: usize) {
        let next = match self.at(square) {
            None => Some(Color::Black),
            Some(Color::Black) => Some(Color::White),
            Some(Color::White) => None,
        };
        self.place(square, next);
    }

    /// Takes every disc off the board.
    pub fn clear(&mut self) {
        self.black = 0;
        self.white = 0;
    }

    pub fn position(&self) -> Position {
        Position::from_discs(self.size, self.black, self.white, self.to_move)
    }

    /// Whether a game can start here, and how it goes on.
    pub fn check(&self) -> Result<SetupCheck, SetupProblem> {
        let position = self.position();
        if self.black | self.white == 0 {
            Err(SetupProblem::Empty)
        } else if position.is_game_over() {
            Ok(SetupCheck::Final(position.count(Color::Black), position.count(Color::White)))
        } else if position.must_pass() {
            Ok(SetupCheck::Passes(self.to_move))
        } else {
            Ok(SetupCheck::Plays(self.to_move))
        }
    }

    /// What the editor tells the player about the position as it stands.
    pub fn verdict(&self) -> String {
        let centre = self.position().board().geometry.centre();
        let filling_centre = (self.black | self.white) & centre != centre;
        match self.check() {
            Err(problem) => problem.to_string(),
            Ok(SetupCheck::Plays(side)) if filling_centre => format!(
                "{side} to move. The centre is not full: the next moves fill it, flipping nothing (as in the \
                 empty-centre opening)."
            ),
            Ok(SetupCheck::Plays(side)) => format!("{side} to move."),
            Ok(SetupCheck::Passes(side)) => format!(
                "{side} to move has no legal move: the game starts with {side}'s pass, then {} moves.",
                side.opponent()
            ),
            Ok(SetupCheck::Final(black, white)) => {
                format!("Neither side can move: a final position (Black {black}, White {white}).")
            }
        }
    }

    /// The game that starts here, once the position is playable (a forced first pass already recorded).
    pub fn game(&self) -> Result<Game, SetupProblem> {
        self.check().map(|_| Game::from_position(self.position()))
    }

    pub fn board_string(&self) -> String {
        write_board(&self.position())
    }

    /// The position as an OBF line with no move scores.
    pub fn obf(&self) -> String {
        write_obf(&ObfLine { position: self.position(), scores: Vec::new() })
    }

    /// The link code of a game from here with no moves yet; `None` while the position is not playable.
    pub fn link_code(&self) -> Option<String> {
        self.game().ok().map(|game| write_link(&game))
    }

    /// A position pasted as a board string, an OBF line or a game link (the code, or a whole address with
    /// `#game=`; the position it shows after its moves).
    pub fn read(text: &str) -> Result<SetupPosition, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("Paste a board string, an OBF line or a game link first.".into());
        }
        // Checked before reading: a 100 kB paste took seconds to refuse, freezing the page meanwhile.
        if text.len() > MAX_POSITION_TEXT {
            return Err(format!(
                "this text is {} characters long; a board string, OBF line or game link is at most {MAX_POSITION_TEXT}",
                text.chars().count()
            ));
        }
        let code = text.split_once("#game=").map(|(_, code)| code);
        let read = if is_board_text(text) {
            read_board(text).map_err(|e| e.to_string())
        } else if code.is_none() && text.contains(';') {
            read_obf(text).map(|line| line.position).map_err(|e| format!("as an OBF line: {e}"))
        } else if let Some(code) = code.or_else(|| looks_like_link(text).then_some(text)) {
            read_link(code)
                .map(|game| SetupPosition::of_game(&game).position())
                .map_err(|e| format!("as a game link: {e}"))
        } else {
            read_board(text).map_err(|e| format!("as a board string: {e}"))
        };
        read.map(|position| SetupPosition::from_position(&position))
    }
}

/// The longest text [`SetupPosition::read`] reads: a 10×10 game link in a long address is under a quarter of it.
pub const MAX_POSITION_TEXT: usize = 4096;

/// Link codes are made of base64url digits and `~`, and start with their version.
fn looks_like_link(text: &str) -> bool {
    text.starts_with(['1', '2'])
        && text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '~'))
        && !text.chars().skip(1).all(|c| matches!(c, 'X' | 'x' | 'O' | 'o' | 'B' | 'b' | 'W' | 'w' | '0' | '1' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_square;
    use engine::rng::Rng;
    use testkit::text_mutations::mutate;

    fn sq(name: &str) -> usize {
        parse_square(name, 8).unwrap()
    }

    /// White to move has none (Black's row and centre are out of its reach); Black may play a1.
    const MUST_PASS: &str = "-OXXXXXX-------------------XX------XX---------------------------O";

    #[test]
    fn a_click_cycles_empty_black_white_empty() {
        let mut setup = SetupPosition::start(Variant::default());
        setup.clear();
        let d4 = sq("d4");
        let seen: Vec<Option<Color>> = (0..4)
            .map(|_| {
                setup.cycle(d4);
                setup.at(d4)
            })
            .collect();
        assert_eq!(seen, [Some(Color::Black), Some(Color::White), None, Some(Color::Black)]);
        setup.place(d4, Some(Color::White));
        assert_eq!(setup.at(d4), Some(Color::White));
        setup.place(200, Some(Color::Black));
        setup.cycle(64);
        assert_eq!(setup.position().count(Color::Black), 0, "squares off the board stay empty");
    }

    #[test]
    fn start_and_clear_follow_the_size() {
        for size in BoardSize::ALL {
            for opening in [Opening::Standard, Opening::EmptyCentre] {
                let variant = Variant { size, opening, first: Color::White };
                let setup = SetupPosition::start(variant);
                assert_eq!(setup.size(), size);
                assert_eq!(setup.to_move(), Color::White);
                assert_eq!(setup.position().count(Color::Black) + setup.position().count(Color::White), 4);
                assert_eq!(setup.check(), Ok(SetupCheck::Plays(Color::White)));
                let mut cleared = setup;
                cleared.clear();
                assert_eq!(cleared.check(), Err(SetupProblem::Empty));
                assert_eq!(cleared.verdict(), "The board is empty: place some discs first.");
                assert_eq!(cleared.game(), Err(SetupProblem::Empty));
                assert_eq!(cleared.link_code(), None);
            }
        }
    }

    #[test]
    fn the_check_says_who_moves_who_passes_and_when_it_is_over() {
        let mut setup = SetupPosition::read(MUST_PASS).unwrap();
        assert_eq!(setup.check(), Ok(SetupCheck::Passes(Color::White)));
        assert_eq!(
            setup.verdict(),
            "White to move has no legal move: the game starts with White's pass, then Black moves."
        );
        let game = setup.game().unwrap();
        assert_eq!(game.history().moves(), &[Move::Pass]);
        assert_eq!(game.side_to_move(), Some(Color::Black));

        setup.set_to_move(Color::Black);
        assert_eq!(setup.check(), Ok(SetupCheck::Plays(Color::Black)));
        assert_eq!(setup.verdict(), "Black to move.");

        // Black only: neither side can move, a valid final position.
        setup.place(sq("b1"), None);
        assert_eq!(setup.check(), Ok(SetupCheck::Final(10, 0)));
        assert_eq!(setup.verdict(), "Neither side can move: a final position (Black 10, White 0).");
        let finished = setup.game().unwrap();
        assert!(finished.is_over());
        assert_eq!(finished.counts(), (10, 0));

        let mut corner = SetupPosition::start(Variant::default());
        corner.clear();
        corner.place(sq("a1"), Some(Color::Black));
        corner.place(sq("b1"), Some(Color::White));
        assert!(corner.verdict().starts_with("Black to move. The centre is not full"), "{}", corner.verdict());
    }

    #[test]
    fn board_strings_obf_and_links_round_trip() {
        let mut rng = Rng::new(5);
        for size in BoardSize::ALL {
            for _ in 0..20 {
                let mut setup = SetupPosition::start(Variant { size, ..Variant::default() });
                for square in 0..size.squares() {
                    let disc = [None, Some(Color::Black), Some(Color::White)][rng.next_u64() as usize % 3];
                    setup.place(square, disc);
                }
                setup.set_to_move([Color::Black, Color::White][rng.next_u64() as usize % 2]);
                assert_eq!(SetupPosition::read(&setup.board_string()), Ok(setup));
                assert_eq!(SetupPosition::read(&setup.obf()), Ok(setup), "{}", setup.obf());
                let code = setup.link_code().unwrap();
                assert_eq!(SetupPosition::read(&code), Ok(setup), "{code}");
                let address = format!("https://example.org/reversi/#game={code}");
                assert_eq!(SetupPosition::read(&address), Ok(setup));
            }
        }
    }

    #[test]
    fn pasted_junk_says_what_it_was_read_as() {
        let err = |text: &str| SetupPosition::read(text).unwrap_err();
        assert_eq!(err("  "), "Paste a board string, an OBF line or a game link first.");
        assert_eq!(err(&format!("{};", &MUST_PASS[..40])), "as an OBF line: a board string has 36, 64 or 100 squares and then the side to move; this one has 40 characters");
        assert_eq!(err("2E_"), "as a game link: the game link's start position has '_', which is no squares");
        assert_eq!(err("x#game=3A"), "as a game link: this game link is of another version ('3'), not 1 or 2");
        assert_eq!(err("hello"), "as a board string: a board string has 36, 64 or 100 squares and then the side to move; this one has 5 characters");
        let start = SetupPosition::start(Variant::default());
        assert_eq!(SetupPosition::read("1Elr").unwrap().position().count(Color::Black), 3, "a link's position");
        assert_eq!(SetupPosition::read(&start.board_string().to_lowercase()), Ok(start));
    }

    /// Issue 30, fault 9: a 100 kB unbroken paste froze the page for 6.5 s before it was refused.
    #[test]
    fn a_paste_longer_than_any_position_is_refused_before_reading() {
        let long = "1".repeat(100_000);
        let started = std::time::Instant::now();
        let refusal = SetupPosition::read(&long).unwrap_err();
        assert!(started.elapsed().as_millis() < 50, "{:?}", started.elapsed());
        assert_eq!(
            refusal,
            "this text is 100000 characters long; a board string, OBF line or game link is at most 4096"
        );
        // The longest game there is, 10×10 to the last square, as a link in an address: well within the cap.
        let mut game = Game::new(Variant { size: crate::BoardSize::Ten, ..Variant::default() });
        while let Some(square) = crate::squares_of(game.legal_moves()).next() {
            game.play(square).unwrap();
        }
        let address = format!("https://someone.github.io/reversi-for-everyone/#game={}", write_link(&game));
        assert!(address.len() * 4 < MAX_POSITION_TEXT, "{} characters", address.len());
        assert!(SetupPosition::read(&address).is_ok());
    }

    #[test]
    fn mutated_pastes_never_panic() {
        let mut rng = Rng::new(9);
        let setup = SetupPosition::read(MUST_PASS).unwrap();
        let texts = [setup.board_string(), setup.obf(), setup.link_code().unwrap()];
        let alphabet: Vec<char> = "XO-xo;:#=12AZ~_ é\n".chars().collect();
        for round in 0..20_000 {
            let text = mutate(&texts[round % texts.len()], &alphabet, 1..=3, &mut rng);
            if let Ok(read) = SetupPosition::read(&text) {
                assert_eq!(SetupPosition::read(&read.board_string()), Ok(read), "{text:?}");
            }
        }
    }
}
