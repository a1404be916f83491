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

/// The mover's value can fall by at most this many discs from one position of a game to the next before the drop is
/// taken for a deliberate random move (opening or noise), across which a blended label does not reach back.
const RANDOM_MOVE_DROP: i32 = 6;

/// Blends each estimated label with the value the game went on to show (TD(λ) returns): walking each game backwards,
/// a label becomes (1 − λ) · its search value + λ · the next position's blended label, seen from this side; exact
/// labels stay as they are, so the solved endgame's truth reaches back into the midgame through the searches' own
/// play. `samples` holds games as consecutive runs of positions in playing order (as chunk files load).
pub fn blend_with_game(samples: &mut [Sample], lambda: f32) {
    let mut next: Option<(Board, u32, f32)> = None;
    for s in samples.iter_mut().rev() {
        let searched = s.score as f32;
        let blended = match next {
            Some((board, game, value)) if game == s.game && !s.exact => {
                // After an ordinary move the mover's discs are the next position's opponent's; after the other side
                // passed they are its player's again.
                let same_side = board.player & s.board.player == s.board.player;
                let later = if same_side { value } else { -value };
                if searched - later > RANDOM_MOVE_DROP as f32 {
                    searched
                } else {
                    (1.0 - lambda) * searched + lambda * later
                }
            }
            _ => searched,
        };
        next = Some((s.board, s.game, blended));
        s.score = blended.round().clamp(-64.0, 64.0) as i8;
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
    fn blended_labels_reach_back_from_exact_ones_but_not_across_random_moves_or_games() {
        let b0 = Board::start();
        let b1 = b0.play(19); // d3
        let b2 = b1.play(b1.moves().trailing_zeros() as usize);
        let game = |game, scores: [i8; 3], exact_last| -> Vec<Sample> {
            [b0, b1, b2]
                .iter()
                .zip(scores)
                .enumerate()
                .map(|(i, (&board, score))| Sample { board, game, score, exact: exact_last && i == 2 })
                .collect()
        };
        let blend = |mut samples: Vec<Sample>| {
            blend_with_game(&mut samples, 0.5);
            samples.iter().map(|s| s.score).collect::<Vec<_>>()
        };
        // b1: (-4 + -2) / 2 = -3; b0: (1 + 3) / 2 = 2; the exact label stays.
        assert_eq!(blend(game(7, [1, -4, 2], true)), [2, -3, 2]);
        // From 12 to 3 the mover lost 9 discs in one move: a random move, so b0 keeps its search's label.
        assert_eq!(blend(game(7, [12, -4, 2], true)), [12, -3, 2]);
        // Another game's position does not count as a later one: b1 keeps its label, b0 blends with it, (1 + 4) / 2.
        let mut two = game(7, [1, -4, 2], true);
        two[2].game = 8;
        assert_eq!(blend(two), [3, -4, 2]);
        // After the other side passes, the same side moves again: its value is not negated.
        let mut passed = game(7, [1, 6, 0], false);
        passed[1].board = b1.pass();
        assert_eq!(blend(passed), [2, 3, 0]);
    }

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
