//! The variants (6×6, 10×10, the empty-centre opening, White moving first) cross-checked against a deliberately
//! naive implementation of the rules: an array of cells, walking the eight directions square by square. Perft
//! checks the move generation; random games check everything the app reads from the game model (moves, flips,
//! passes, undo and redo, the end and the result).

use engine::rng::Rng;
use engine::rules::perft::perft;
use engine::rules::random_play::random_move;
use engine::VariantBoard;
use game::{squares_of, BoardSize, Color, EndReason, Game, Opening, Variant};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Black,
    White,
}

impl Cell {
    fn opponent(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::Empty => Cell::Empty,
        }
    }
}

const DIRECTIONS: [(isize, isize); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The rules as written: a grid of cells and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Naive<const N: usize> {
    grid: [[Cell; N]; N],
    to_move: Cell,
}

impl<const N: usize> Naive<N> {
    fn start(opening: Opening, first: Cell) -> Self {
        let mut grid = [[Cell::Empty; N]; N];
        let c = N / 2;
        if opening == Opening::Standard {
            // d4 and e5 white, d5 and e4 black on 8×8; the same pattern in the centre of any size.
            grid[c - 1][c - 1] = Cell::White;
            grid[c][c] = Cell::White;
            grid[c - 1][c] = Cell::Black;
            grid[c][c - 1] = Cell::Black;
        }
        Naive { grid, to_move: first }
    }

    fn centre(row: usize, column: usize) -> bool {
        (N / 2 - 1..=N / 2).contains(&row) && (N / 2 - 1..=N / 2).contains(&column)
    }

    fn centre_filled(&self) -> bool {
        let c = N / 2;
        [(c - 1, c - 1), (c - 1, c), (c, c - 1), (c, c)].iter().all(|&(r, c)| self.grid[r][c] != Cell::Empty)
    }

    /// How many opponent discs a disc on (row, column) would outflank in one direction.
    fn run(&self, row: usize, column: usize, (dr, dc): (isize, isize)) -> usize {
        let mut length = 0;
        let (mut r, mut c) = (row as isize + dr, column as isize + dc);
        while r >= 0 && c >= 0 && r < N as isize && c < N as isize {
            let cell = self.grid[r as usize][c as usize];
            if cell == self.to_move {
                return length;
            }
            if cell == Cell::Empty {
                return 0;
            }
            length += 1;
            r += dr;
            c += dc;
        }
        0
    }

    /// Legal: an empty centre square while the centre is filling, else an empty square that outflanks a line.
    fn is_legal(&self, row: usize, column: usize) -> bool {
        if self.grid[row][column] != Cell::Empty {
            return false;
        }
        if !self.centre_filled() {
            return Self::centre(row, column);
        }
        DIRECTIONS.iter().any(|&direction| self.run(row, column, direction) > 0)
    }

    fn moves(&self) -> Vec<(usize, usize)> {
        (0..N).flat_map(|r| (0..N).map(move |c| (r, c))).filter(|&(r, c)| self.is_legal(r, c)).collect()
    }

    /// The discs a disc on (row, column) would flip, as a bit set over `row * N + column`.
    fn flips(&self, row: usize, column: usize) -> u128 {
        let mut flipped = 0;
        if self.centre_filled() {
            for (dr, dc) in DIRECTIONS {
                for step in 1..=self.run(row, column, (dr, dc)) as isize {
                    flipped |=
                        1u128 << ((row as isize + dr * step) as usize * N + (column as isize + dc * step) as usize);
                }
            }
        }
        flipped
    }

    /// (black, white) discs on the board.
    fn counts(&self) -> (u32, u32) {
        let (black, white) = self.bits();
        (black.count_ones(), white.count_ones())
    }

    fn play(&self, (row, column): (usize, usize)) -> Self {
        let mut next = *self;
        if self.centre_filled() {
            for (dr, dc) in DIRECTIONS {
                for step in 1..=self.run(row, column, (dr, dc)) as isize {
                    next.grid[(row as isize + dr * step) as usize][(column as isize + dc * step) as usize] =
                        self.to_move;
                }
            }
        }
        next.grid[row][column] = self.to_move;
        next.to_move = self.to_move.opponent();
        next
    }

    fn pass(&self) -> Self {
        Naive { grid: self.grid, to_move: self.to_move.opponent() }
    }

    /// (black, white) as bit sets over `row * N + column`.
    fn bits(&self) -> (u128, u128) {
        let (mut black, mut white) = (0, 0);
        for r in 0..N {
            for c in 0..N {
                match self.grid[r][c] {
                    Cell::Black => black |= 1u128 << (r * N + c),
                    Cell::White => white |= 1u128 << (r * N + c),
                    Cell::Empty => {}
                }
            }
        }
        (black, white)
    }

    /// Leaves `depth` plies deep; a pass is a ply and a finished game one leaf at every deeper depth.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            let passed = self.pass();
            return if passed.moves().is_empty() || depth == 1 { 1 } else { passed.perft(depth - 1) };
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}

/// The engine's position for the same start.
fn engine_start(size: usize, opening: Opening, first: Color) -> VariantBoard {
    let (black, white) = VariantBoard::start_discs(size, opening);
    match first {
        Color::Black => VariantBoard::new(size, black, white),
        Color::White => VariantBoard::new(size, white, black),
    }
}

fn cell(color: Color) -> Cell {
    match color {
        Color::Black => Cell::Black,
        Color::White => Cell::White,
    }
}

/// Perft of the engine and of the naive rules from one start, checked equal depth by depth.
fn cross_check<const N: usize>(opening: Opening, first: Color, depth: u32) -> Vec<u64> {
    let naive = Naive::<N>::start(opening, cell(first));
    let engine = engine_start(N, opening, first);
    (1..=depth)
        .map(|d| {
            let (expected, found) = (naive.perft(d), perft(&engine, d));
            assert_eq!(found, expected, "{N}×{N} {opening:?} {first:?} first, depth {d}");
            found
        })
        .collect()
}

#[test]
fn the_naive_rules_give_the_published_8x8_counts() {
    let published = [4, 12, 56, 244, 1_396, 8_200, 55_092];
    assert_eq!(cross_check::<8>(Opening::Standard, Color::Black, 7), published);
}

#[test]
fn six_by_six_to_depth_8() {
    let counts = cross_check::<6>(Opening::Standard, Color::Black, 8);
    // 6×6 begins like 8×8, but its edges are near: the counts part ways at depth 5 (8×8: 1,396).
    assert_eq!(counts, [4, 12, 56, 244, 1_364, 7_604, 47_740, 308_716]);
    // The start is colour-symmetric: White first gives the same counts.
    assert_eq!(cross_check::<6>(Opening::Standard, Color::White, 8), counts);
}

#[test]
fn ten_by_ten_to_depth_7() {
    let counts = cross_check::<10>(Opening::Standard, Color::Black, 7);
    // Like 8×8 until an 8×8 edge would first stop a line, at depth 7 (8×8: 55,092).
    assert_eq!(counts, [4, 12, 56, 244, 1_396, 8_200, 55_180]);
    assert_eq!(cross_check::<10>(Opening::Standard, Color::White, 7), counts, "the start is colour-symmetric");
}

#[test]
fn empty_centre_on_8x8_to_depth_10() {
    let counts = cross_check::<8>(Opening::EmptyCentre, Color::Black, 10);
    // The first four plies place the four centre discs in any order, with nothing to flip.
    assert_eq!(&counts[..4], &[4, 12, 24, 24]);
    cross_check::<8>(Opening::EmptyCentre, Color::White, 8);
}

#[test]
fn empty_centre_on_6x6_to_depth_10() {
    let counts = cross_check::<6>(Opening::EmptyCentre, Color::Black, 10);
    assert_eq!(&counts[..4], &[4, 12, 24, 24]);
    cross_check::<6>(Opening::EmptyCentre, Color::White, 8);
}

#[test]
fn empty_centre_on_10x10_to_depth_9() {
    cross_check::<10>(Opening::EmptyCentre, Color::Black, 9);
}

/// Where the naive game rests after a move: the position (after a forced pass, if one followed), the side that had
/// to pass, and the disc placed with the discs it flipped.
#[derive(Clone, Copy)]
struct Stop<const N: usize> {
    naive: Naive<N>,
    passer: Option<Cell>,
    placed: Option<(usize, u128)>,
}

/// Everything the app reads from a `Game`, checked against the naive rules at `stop`: discs, counts, side to move,
/// legal moves with what each flips, the forced pass, the last move and its flips, the end and the result.
fn check_game<const N: usize>(game: &Game, stop: &Stop<N>, context: &impl std::fmt::Debug) {
    let naive = &stop.naive;
    let position = game.position();
    assert_eq!((position.black(), position.white()), naive.bits(), "{context:?}");
    assert_eq!(game.counts(), naive.counts(), "{context:?}");
    let moves: Vec<usize> = naive.moves().iter().map(|&(r, c)| r * N + c).collect();
    let over = moves.is_empty() && naive.pass().moves().is_empty();
    assert_eq!(game.is_over(), over, "{context:?}");
    assert_eq!(game.side_to_move().map(cell), (!over).then_some(naive.to_move), "{context:?}");
    if !over {
        assert_eq!(cell(game.to_move()), naive.to_move, "{context:?}");
    }
    assert_eq!(squares_of(game.legal_moves()).collect::<Vec<_>>(), moves, "{context:?}");
    for &square in &moves {
        assert_eq!(game.flips(square), naive.flips(square / N, square % N), "{context:?}: flips of square {square}");
    }
    assert_eq!(game.passed().map(cell), stop.passer, "{context:?}: the pass is recorded and reported");
    assert_eq!(game.last_placed(), stop.placed.map(|(square, _)| square), "{context:?}");
    let last_flips = game.last_flips().iter().fold(0u128, |set, &square| set | 1 << square);
    assert_eq!(last_flips, stop.placed.map_or(0, |(_, flips)| flips), "{context:?}: the last move's flips");
    assert_eq!(game.last_flips().len() as u32, last_flips.count_ones(), "{context:?}: each flip once");
    let result = game.result();
    assert_eq!(result.is_some(), over, "{context:?}");
    if let Some(result) = result {
        // The winner takes the empty squares (World Othello Federation rule).
        let (black, white) = naive.counts();
        let empties = (N * N) as u32 - black - white;
        let expected = match black.cmp(&white) {
            std::cmp::Ordering::Greater => (black + empties, white, Some(Color::Black)),
            std::cmp::Ordering::Less => (black, white + empties, Some(Color::White)),
            std::cmp::Ordering::Equal => (black, white, None),
        };
        assert_eq!((result.black, result.white, result.winner()), expected, "{context:?}");
        assert_eq!(result.reason, EndReason::NoMoves, "{context:?}");
    }
}

/// A resignation and an agreed draw at this point of a game in progress: the result they give, and that undo
/// withdraws them.
fn check_chosen_endings(game: &Game, context: &impl std::fmt::Debug) {
    let squares = game.variant().size.squares() as u32;
    let mover = game.to_move();
    let mut resigned = game.clone();
    resigned.resign(mover).expect("a game in progress can be resigned");
    let result = resigned.result().expect("a resigned game is over");
    assert_eq!(
        (result.winner(), result.discs(mover.opponent()), result.discs(mover)),
        (Some(mover.opponent()), squares, 0)
    );
    assert_eq!(resigned.legal_moves(), 0, "{context:?}");
    assert!(resigned.play(game.legal_moves().trailing_zeros() as usize).is_err(), "{context:?}: play after resigning");
    let mut drawn = game.clone();
    drawn.offer_draw(mover).expect("a draw can be offered");
    drawn.accept_draw().expect("an open offer can be accepted");
    let result = drawn.result().expect("an agreed draw ends the game");
    assert_eq!((result.winner(), result.black, result.white), (None, game.counts().0, game.counts().1), "{context:?}");
    if game.can_undo() {
        resigned.undo();
        assert!(!resigned.is_over() && resigned.ending().is_none(), "{context:?}: undo withdraws a resignation");
    }
}

/// Random games through the `Game` model, walked back and forth with undo, redo, undo all and redo all, with
/// illegal moves tried in between and moves played over a redo tail, each resting point compared with the naive rules (`check_game`). Returns how
/// many games and checked points.
fn random_games<const N: usize>(size: BoardSize, games: usize, rng: &mut Rng) -> (usize, usize) {
    let mut checked = 0;
    for opening in [Opening::Standard, Opening::EmptyCentre] {
        for first in [Color::Black, Color::White] {
            for number in 0..games {
                let mut game = Game::new(Variant { size, opening, first });
                let start = Stop { naive: Naive::<N>::start(opening, cell(first)), passer: None, placed: None };
                // The resting points of the game so far (the redo tail included) and the one the game is at.
                let (mut stops, mut at) = (vec![start], 0);
                for step in 0.. {
                    let context = (N, opening, first, "game", number, "step", step);
                    check_game(&game, &stops[at], &context);
                    assert_eq!((game.can_undo(), game.can_redo()), (at > 0, at + 1 < stops.len()), "{context:?}");
                    if !game.is_over() && rng.next_u64().is_multiple_of(16) {
                        check_chosen_endings(&game, &context);
                    }
                    checked += 1;
                    // Back and forth early in the game, then on to its end.
                    let (roll, wander) = (rng.next_u64() % 16, step < 150);
                    let at_end = at + 1 == stops.len();
                    if game.is_over() && at_end {
                        break;
                    }
                    match roll {
                        0 if wander => {
                            assert_eq!(game.undo(), at > 0, "{context:?}");
                            at = at.saturating_sub(1);
                        }
                        1 if wander => {
                            assert_eq!(game.undo_all(), at > 0, "{context:?}");
                            at = 0;
                            check_game(&game, &stops[at], &context);
                            assert_eq!(game.redo_all(), at + 1 < stops.len(), "{context:?}");
                            at = stops.len() - 1;
                        }
                        2 => {
                            // A square that is not a legal move now (or not on the board) is refused and changes nothing.
                            let square = (rng.next_u64() % (N * N + 2) as u64) as usize;
                            let legal = game.legal_moves() >> square.min(127) & 1 == 1 && square < N * N;
                            assert_eq!(game.is_legal(square), legal, "{context:?}: square {square}");
                            if !legal {
                                let before = game.clone();
                                assert!(game.play(square).is_err(), "{context:?}: square {square}");
                                assert_eq!(game, before, "{context:?}");
                            }
                        }
                        _ if roll < 5 || game.is_over() => {
                            assert_eq!(game.redo(), !at_end, "{context:?}");
                            at = (at + 1).min(stops.len() - 1);
                        }
                        _ => {
                            let naive = stops[at].naive;
                            let square = random_move(game.legal_moves(), rng);
                            let (row, column) = (square / N, square % N);
                            let flips = naive.flips(row, column);
                            game.play(square).unwrap_or_else(|e| panic!("{context:?}: {e}"));
                            let mut next = naive.play((row, column));
                            let must_pass = next.moves().is_empty() && !next.pass().moves().is_empty();
                            let passer = must_pass.then_some(next.to_move);
                            if must_pass {
                                next = next.pass();
                            }
                            stops.truncate(at + 1);
                            stops.push(Stop { naive: next, passer, placed: Some((square, flips)) });
                            at += 1;
                        }
                    }
                }
            }
        }
    }
    (4 * games, checked)
}

/// Games per opening and first side on each size: 2,000 games in all (about 20 s in a debug build).
const GAMES: [usize; 3] = [250, 125, 125];

#[test]
fn random_games_follow_the_naive_rules_on_every_size() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let counts = [
        random_games::<6>(BoardSize::Six, GAMES[0], &mut rng),
        random_games::<8>(BoardSize::Eight, GAMES[1], &mut rng),
        random_games::<10>(BoardSize::Ten, GAMES[2], &mut rng),
    ];
    let games: usize = counts.iter().map(|c| c.0).sum();
    let points: usize = counts.iter().map(|c| c.1).sum();
    println!("{games} random games (6×6, 8×8, 10×10; both openings, either side first), {points} points checked");
}
