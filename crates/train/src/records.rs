//! Labelled game records and their compressed chunk files, the training data kept in git (`crates/train/data/`).
//!
//! A game is its move list (passes are implied: a side without a move passes) and one label per move: the value
//! of the position before that move for its side to move, in discs, from a deep search or an exact solve. The
//! positions are rebuilt by replaying the moves, so a record costs two bytes a position before compression
//! instead of the eighteen of a stored board, and can be relabelled later by any newer searcher.
//!
//! Chunk file (gzip over): the magic `RVG1`, the labelling settings (midgame depth u8, exact-from empties u8),
//! the first game's number (u32 LE) and the game count (u32 LE); then per game its move count (u8), its moves
//! and its labels, a byte each. A move is stored as its rank among the legal moves (so few distinct bytes), a
//! label as its difference from the previous label seen from this side (−previous after a move, +previous
//! after a pass; wrapping), which is near zero: both make the bytes far more compressible (about 40 bytes a
//! game instead of 90). Game numbers follow on from the first, so a chunk is a named range of games that a
//! generator can skip when the file already exists.

use super::chunk_file::{files_with_extension, invalid, read_compressed, write_compressed};
use super::samples::Sample;
use engine::Board;
use std::io;
use std::path::Path;

const MAGIC: &[u8; 4] = b"RVG1";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Squares played, in order (0 = a1 … 63 = h8).
    pub moves: Vec<u8>,
    /// For each move, the value of the position before it for the side to move (−64..=64 discs).
    pub labels: Vec<i8>,
}

/// A chunk: consecutive games labelled with the same settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Midgame search depth of the labels.
    pub depth: u8,
    /// Positions with at most this many empties are labelled by exact solves.
    pub exact_empties: u8,
    pub first_game: u32,
    pub games: Vec<GameRecord>,
}

impl Chunk {
    /// Writes the chunk to `path` through a temporary file and a rename, so a killed writer never leaves a
    /// truncated chunk under the real name.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut raw = MAGIC.to_vec();
        raw.extend_from_slice(&[self.depth, self.exact_empties]);
        raw.extend_from_slice(&self.first_game.to_le_bytes());
        raw.extend_from_slice(&(self.games.len() as u32).to_le_bytes());
        for game in &self.games {
            let positions = game.positions().map_err(|e| invalid(path, e))?;
            raw.push(game.moves.len() as u8);
            raw.extend(
                positions.iter().zip(&game.moves).map(|(b, &sq)| (b.moves() & ((1u64 << sq) - 1)).count_ones() as u8),
            );
            let predictions = predicted_labels(&positions, game);
            raw.extend(game.labels.iter().zip(predictions).map(|(&l, p)| l.wrapping_sub(p) as u8));
        }
        write_compressed(path, &raw)
    }

    /// Reads a chunk, checking that every move is legal where it is played and every label is a disc count.
    pub fn load(path: &Path) -> io::Result<Chunk> {
        let raw = read_compressed(path)?;
        if raw.len() < 14 || &raw[..4] != MAGIC {
            return Err(invalid(path, "not a game-record chunk"));
        }
        let u32_at = |i: usize| u32::from_le_bytes(raw[i..i + 4].try_into().expect("4 bytes"));
        let (depth, exact_empties, first_game, count) = (raw[4], raw[5], u32_at(6), u32_at(10));
        let mut at = 14;
        let mut games = Vec::new();
        for _ in 0..count {
            let &n = raw.get(at).ok_or_else(|| invalid(path, "truncated"))?;
            let n = n as usize;
            let body = raw.get(at + 1..at + 1 + 2 * n).ok_or_else(|| invalid(path, "truncated"))?;
            let game = decode_game(&body[..n], &body[n..]).map_err(|e| invalid(path, e))?;
            games.push(game);
            at += 1 + 2 * n;
        }
        if at != raw.len() {
            return Err(invalid(path, "trailing bytes"));
        }
        Ok(Chunk { depth, exact_empties, first_game, games })
    }

    /// Every labelled position of every game; positions within `exact_empties` are marked exact.
    pub fn samples(&self) -> Vec<Sample> {
        let mut out = Vec::new();
        for (i, game) in self.games.iter().enumerate() {
            let positions = game.positions().expect("checked when loaded or made");
            out.extend(positions.iter().zip(&game.labels).map(|(&board, &score)| Sample {
                board,
                game: self.first_game + i as u32,
                score,
                exact: board.empty_count() <= self.exact_empties as u32,
            }));
        }
        out
    }
}

/// For each position, the label expected from the one before: the previous label, negated unless a pass came
/// between (then the same side moves again). The first is predicted 0.
fn predicted_labels<'a>(positions: &'a [Board], game: &'a GameRecord) -> impl Iterator<Item = i8> + 'a {
    let later = positions.windows(2).zip(&game.moves).zip(&game.labels).map(|((pair, &square), &previous)| {
        let passed = pair[0].play(square as usize) != pair[1];
        if passed {
            previous
        } else {
            previous.wrapping_neg()
        }
    });
    std::iter::once(0).chain(later)
}

/// A game from its stored bytes: move ranks replayed into squares, label differences added up.
fn decode_game(ranks: &[u8], residuals: &[u8]) -> Result<GameRecord, String> {
    let mut board = Board::start();
    let mut game = GameRecord { moves: Vec::with_capacity(ranks.len()), labels: Vec::with_capacity(ranks.len()) };
    let mut previous = None;
    for (i, (&rank, &residual)) in ranks.iter().zip(residuals).enumerate() {
        let mut passed = false;
        if board.moves() == 0 {
            board = board.pass();
            passed = true;
        }
        let mut moves = board.moves();
        for _ in 0..rank {
            moves &= moves.wrapping_sub(1); // clear the lowest set bit
        }
        if moves == 0 {
            return Err(format!("move {} (rank {rank}) is not legal", i + 1));
        }
        let square = moves.trailing_zeros() as u8;
        let prediction = previous.map_or(0, |l: i8| if passed { l } else { l.wrapping_neg() });
        let label = prediction.wrapping_add(residual as i8);
        game.moves.push(square);
        game.labels.push(label);
        previous = Some(label);
        board = board.play(square as usize);
    }
    game.positions()?;
    Ok(game)
}

impl GameRecord {
    /// The position before each move, passes applied; an error names the first illegal move or bad label.
    pub fn positions(&self) -> Result<Vec<Board>, String> {
        let mut board = Board::start();
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, (&square, &label)) in self.moves.iter().zip(&self.labels).enumerate() {
            if board.moves() == 0 {
                board = board.pass();
            }
            if square >= 64 || board.moves() & (1 << square) == 0 {
                return Err(format!("move {} ({square}) is not legal", i + 1));
            }
            if !(-64..=64).contains(&label) {
                return Err(format!("label {label} of move {} is not a disc count", i + 1));
            }
            out.push(board);
            board = board.play(square as usize);
        }
        Ok(out)
    }
}

/// Every sample of every chunk file (`*.rvg`) in `dir`, in file-name order.
pub fn load_dir(dir: &Path) -> io::Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for path in chunk_files(dir)? {
        samples.extend(Chunk::load(&path)?.samples());
    }
    Ok(samples)
}

/// The chunk files of `dir`, sorted.
pub fn chunk_files(dir: &Path) -> io::Result<Vec<std::path::PathBuf>> {
    files_with_extension(dir, "rvg")
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::GzEncoder;
    use flate2::Compression;
    use std::io::Write;

    fn lowest_square_game(plies: usize) -> GameRecord {
        let mut board = Board::start();
        let mut game = GameRecord { moves: Vec::new(), labels: Vec::new() };
        while game.moves.len() < plies {
            if board.moves() == 0 {
                if board.opponent_moves() == 0 {
                    break;
                }
                board = board.pass();
            }
            let square = board.moves().trailing_zeros() as usize;
            game.moves.push(square as u8);
            game.labels.push([64, -64, 3, 64, 64, -7][game.moves.len() % 6]);
            board = board.play(square);
        }
        game
    }

    #[test]
    fn chunks_survive_a_round_trip_and_damage_is_reported() {
        let chunk = Chunk {
            depth: 8,
            exact_empties: 20,
            first_game: 40,
            games: vec![lowest_square_game(60), lowest_square_game(9)],
        };
        let path = std::env::temp_dir().join(format!("reversi-chunk-{}.rvg", std::process::id()));
        chunk.save(&path).unwrap();
        assert_eq!(Chunk::load(&path).unwrap(), chunk);
        let samples = chunk.samples();
        assert_eq!(samples.len(), chunk.games[0].moves.len() + 9);
        assert_eq!((samples[0].board, samples[0].game), (Board::start(), 40));
        assert!(samples.iter().all(|s| s.exact == (s.board.empty_count() <= 20)));
        assert_eq!(samples.last().unwrap().game, 41);

        let mut illegal = chunk.clone();
        illegal.games[1].moves[3] = 0; // a1 is never legal that early
        assert!(illegal.save(&path).unwrap_err().to_string().contains("move 4"));
        // One game of one move, ranked 9th among the start's four legal moves.
        let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
        encoder.write_all(b"RVG1\x08\x14\0\0\0\0\x01\0\0\0\x01\x09\0").unwrap();
        std::fs::write(&path, encoder.finish().unwrap()).unwrap();
        assert!(Chunk::load(&path).unwrap_err().to_string().contains("move 1 (rank 9)"));
        std::fs::write(&path, b"not gzip").unwrap();
        assert!(Chunk::load(&path).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
