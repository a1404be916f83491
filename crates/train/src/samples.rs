//! Labelled positions and their binary file: per record the side to move's and the opponent's discs (u64 LE
//! each), the game's number (u32 LE), the label in discs (i8) and whether the label is an exact solve (u8).

use engine::Board;
use std::io::{self, Read, Write};
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub board: Board,
    /// Which game the position comes from: held-out positions are whole games, so none leaks into training.
    pub game: u32,
    /// The label: final disc difference for the side to move, exact or estimated.
    pub score: i8,
    pub exact: bool,
}

const RECORD: usize = 22;

impl Sample {
    /// One game in ten is held out for measuring the error.
    pub fn is_held_out(&self) -> bool {
        self.game.is_multiple_of(10)
    }

    /// Another game in ten decides when a fit stops (so the held-out games stay unseen by it).
    pub fn is_validation(&self) -> bool {
        self.game % 10 == 1
    }
}

pub fn save(path: &Path, samples: &[Sample]) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut out = io::BufWriter::new(std::fs::File::create(path)?);
    for s in samples {
        out.write_all(&s.board.player.to_le_bytes())?;
        out.write_all(&s.board.opponent.to_le_bytes())?;
        out.write_all(&s.game.to_le_bytes())?;
        out.write_all(&[s.score as u8, s.exact as u8])?;
    }
    out.flush()
}

pub fn load(path: &Path) -> io::Result<Vec<Sample>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    if bytes.len() % RECORD != 0 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("{}: not whole samples", path.display())));
    }
    bytes
        .chunks_exact(RECORD)
        .map(|r| {
            let u64_at = |i: usize| u64::from_le_bytes(r[i..i + 8].try_into().expect("8 bytes"));
            let board = Board::new(u64_at(0), u64_at(8));
            let score = r[20] as i8;
            if board.player & board.opponent != 0 || !(-64..=64).contains(&score) || r[21] > 1 {
                return Err(io::Error::new(io::ErrorKind::InvalidData, format!("{}: corrupt sample", path.display())));
            }
            Ok(Sample {
                board,
                game: u32::from_le_bytes(r[16..20].try_into().expect("4 bytes")),
                score,
                exact: r[21] == 1,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_survive_a_round_trip_and_damage_is_reported() {
        let samples = vec![
            Sample { board: Board::start(), game: 3, score: -12, exact: false },
            Sample { board: Board::start().play(19), game: 40, score: 64, exact: true },
        ];
        let path = std::env::temp_dir().join(format!("reversi-samples-{}.bin", std::process::id()));
        save(&path, &samples).unwrap();
        assert_eq!(load(&path).unwrap(), samples);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[3] |= 1 << 3; // d4 (bit 27) for the side to move too, though the opponent owns it
        std::fs::write(&path, &bytes[..RECORD]).unwrap();
        assert!(load(&path).is_err());
        std::fs::write(&path, &bytes[..RECORD - 1]).unwrap();
        assert!(load(&path).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
