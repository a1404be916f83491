//! The variants (6×6, 10×10, the empty-centre opening, White moving first) cross-checked against a deliberately
//! naive implementation of the rules: an array of cells, walking the eight directions square by square.

use reversi::engine::rules::perft::perft;
use reversi::engine::VariantBoard;
use reversi::game::{squares_of, BoardSize, Color, Game, Opening, Variant};

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

/// Random games through the `Game` model, compared with the naive rules after every move: legal moves, discs,
/// side to move, passes and the end.
fn random_games<const N: usize>(size: BoardSize, games: usize) {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ N as u64;
    for opening in [Opening::Standard, Opening::EmptyCentre] {
        for first in [Color::Black, Color::White] {
            for _ in 0..games {
                let mut game = Game::new(Variant { size, opening, first });
                let mut naive = Naive::<N>::start(opening, cell(first));
                loop {
                    let must_pass = naive.moves().is_empty() && !naive.pass().moves().is_empty();
                    if must_pass {
                        naive = naive.pass();
                    }
                    let passer = must_pass.then(|| game.to_move().opponent());
                    assert_eq!(game.passed(), passer, "the pass is recorded and reported");
                    let position = game.position();
                    assert_eq!((position.black(), position.white()), naive.bits());
                    assert_eq!(cell(game.to_move()), naive.to_move);
                    let moves: Vec<usize> = naive.moves().iter().map(|&(r, c)| r * N + c).collect();
                    assert_eq!(squares_of(game.legal_moves()).collect::<Vec<_>>(), moves);
                    if moves.is_empty() {
                        assert!(game.is_over());
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let square = moves[seed as usize % moves.len()];
                    game.play(square).unwrap();
                    naive = naive.play((square / N, square % N));
                }
            }
        }
    }
}

#[test]
fn random_games_follow_the_naive_rules_on_every_size() {
    random_games::<6>(BoardSize::Six, 20);
    random_games::<8>(BoardSize::Eight, 10);
    random_games::<10>(BoardSize::Ten, 5);
}
