//! Labelled positions that are not on a recorded game's line (`offshoots`), and their compressed chunk files.
//!
//! Such a position cannot be rebuilt from a move list, so it is stored whole: the side to move's and the opponent's
//! discs (16 bytes) and its label (a byte), with the number of the game it came from, so that a position derived
//! from a held-out game is held out too (`Sample::is_held_out`).
//!
//! Chunk file (gzip over): the magic `RVP1`, the labelling settings (midgame depth u8, exact-from empties u8), the
//! position count n (u32 LE); then the columns, each n long: the side to move's discs (u64 LE), the opponent's (u64
//! LE), the game numbers (u32 LE), the labels (i8). Columns compress better than records: the game numbers come in
//! runs and the high bytes of the disc sets repeat.

use super::chunk_file::{files_with_extension, invalid, read_compressed, write_compressed};
use super::samples::Sample;
use engine::Board;
use std::io;
use std::path::Path;

const MAGIC: &[u8; 4] = b"RVP1";
const HEADER: usize = 10;
/// Bytes a position takes before compression: two disc sets, the game number and the label.
const PER_POSITION: usize = 8 + 8 + 4 + 1;

/// Positions labelled with the same settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionChunk {
    /// Midgame search depth of the labels.
    pub depth: u8,
    /// Positions with at most this many empties are labelled by exact solves.
    pub exact_empties: u8,
    /// The positions, their source games and labels (`exact` follows from the empties and `exact_empties`).
    pub samples: Vec<Sample>,
}

impl PositionChunk {
    /// Writes the chunk to `path` through a temporary file and a rename, so a killed writer never leaves a
    /// truncated chunk under the real name.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut raw = MAGIC.to_vec();
        raw.extend_from_slice(&[self.depth, self.exact_empties]);
        raw.extend_from_slice(&(self.samples.len() as u32).to_le_bytes());
        raw.extend(self.samples.iter().flat_map(|s| s.board.player.to_le_bytes()));
        raw.extend(self.samples.iter().flat_map(|s| s.board.opponent.to_le_bytes()));
        raw.extend(self.samples.iter().flat_map(|s| s.game.to_le_bytes()));
        raw.extend(self.samples.iter().map(|s| s.score as u8));
        write_compressed(path, &raw)
    }

    /// Reads a chunk, checking that no square is held by both sides and every label is a disc count.
    pub fn load(path: &Path) -> io::Result<PositionChunk> {
        let raw = read_compressed(path)?;
        if raw.len() < HEADER || &raw[..4] != MAGIC {
            return Err(invalid(path, "not a position chunk"));
        }
        let (depth, exact_empties) = (raw[4], raw[5]);
        let n = u32::from_le_bytes(raw[6..10].try_into().expect("4 bytes")) as usize;
        if raw.len() != HEADER + n * PER_POSITION {
            return Err(invalid(path, format!("{} bytes for {n} positions", raw.len())));
        }
        let body = &raw[HEADER..];
        let u64_at = |column: usize, i: usize| {
            let at = column * 8 * n + 8 * i;
            u64::from_le_bytes(body[at..at + 8].try_into().expect("8 bytes"))
        };
        let (games, labels) = body[16 * n..].split_at(4 * n);
        let samples = (0..n)
            .map(|i| {
                let board = Board::new(u64_at(0, i), u64_at(1, i));
                let score = labels[i] as i8;
                if board.player & board.opponent != 0 || !(-64..=64).contains(&score) {
                    return Err(invalid(path, format!("position {} is corrupt", i + 1)));
                }
                let game = u32::from_le_bytes(games[4 * i..4 * i + 4].try_into().expect("4 bytes"));
                Ok(Sample { board, game, score, exact: board.empty_count() <= exact_empties as u32 })
            })
            .collect::<io::Result<Vec<_>>>()?;
        Ok(PositionChunk { depth, exact_empties, samples })
    }
}

/// The position chunk files (`*.rvp`) of `dir`, sorted.
pub fn position_files(dir: &Path) -> io::Result<Vec<std::path::PathBuf>> {
    files_with_extension(dir, "rvp")
}

/// Every sample of every position chunk in `dir`, in file-name order.
pub fn load_positions_dir(dir: &Path) -> io::Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for path in position_files(dir)? {
        samples.extend(PositionChunk::load(&path)?.samples);
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::GzEncoder;
    use flate2::Compression;
    use std::io::Write;

    #[test]
    fn position_chunks_survive_a_round_trip_and_damage_is_reported() {
        let start = Board::start();
        let later = start.play(19).pass();
        let chunk = PositionChunk {
            depth: 8,
            exact_empties: 59,
            samples: vec![
                Sample { board: start, game: 7, score: -3, exact: false },
                Sample { board: later, game: 1_000_001, score: 64, exact: true },
            ],
        };
        let path = std::env::temp_dir().join(format!("reversi-positions-{}.rvp", std::process::id()));
        chunk.save(&path).unwrap();
        assert_eq!(PositionChunk::load(&path).unwrap(), chunk);
        let dir = std::env::temp_dir().join(format!("reversi-positions-dir-{}", std::process::id()));
        chunk.save(&dir.join("a.rvp")).unwrap();
        assert_eq!(load_positions_dir(&dir).unwrap(), chunk.samples);
        std::fs::remove_dir_all(&dir).unwrap();

        let raw = |bytes: &[u8]| {
            let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
            encoder.write_all(bytes).unwrap();
            std::fs::write(&path, encoder.finish().unwrap()).unwrap();
            PositionChunk::load(&path).unwrap_err().to_string()
        };
        // One position whose a1 both sides hold.
        let mut both = b"RVP1\x08\x14\x01\0\0\0".to_vec();
        both.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]);
        assert!(raw(&both).contains("position 1 is corrupt"));
        assert!(raw(&both[..both.len() - 1]).contains("bytes for 1 positions"));
        assert!(raw(b"RVG1").contains("not a position chunk"));
        std::fs::write(&path, b"not gzip").unwrap();
        assert!(PositionChunk::load(&path).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
