//! The trained weights: a compact binary file (the asset `crates/engine/data/eval.weights`) and its expansion into the
//! evaluation's tables.
//!
//! Format, little-endian: the magic `RVW3`, the phase count (u8, 1-60: equal slices of the empties, see
//! `pattern::phase`), the weights per phase (u32), the length of the runs stream (u32), then two streams over the
//! weights that are representatives of their mirror class (`pattern::canonical_indices`), each representative's
//! phases one after the other as changes from the phase before (the first from zero): the LEB128 runs of unchanged
//! slots before each change, then the changes (zigzag LEB128); the slots after the last change are unchanged. Most
//! pattern configurations never occur in play and stay zero in every phase, so the runs keep the file small; the
//! fit smooths each weight across phases, so the changes are small numbers; and apart, runs and changes each
//! compress better under gzip (as the site serves the file) than interleaved.
//!
//! Files of the earlier formats still read (the training tools and matches compare against such files): `RVW2`
//! held each phase's values after the phase before, not changes, and `RVW1` also had no runs length, its runs and
//! values interleaved as pairs.

use super::pattern::{canonical_indices, PHASE_SIZE, PHASE_SIZE_WITHOUT_POTENTIAL};

const MAGIC: &[u8; 4] = b"RVW3";
/// The second format: phase after phase, values rather than changes.
const MAGIC_BY_PHASE: &[u8; 4] = b"RVW2";
/// The first format: as the second, its runs and values interleaved.
const MAGIC_INTERLEAVED: &[u8; 4] = b"RVW1";

/// Weights are stored in sixteenths of a disc.
pub const UNITS_PER_DISC: i32 = 16;

/// Every table of every phase, mirror entries filled in: `values[phase * PHASE_SIZE + feature]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// How many equal slices of the game (`pattern::phase`) have their own tables.
    pub phases: usize,
    pub values: Vec<i16>,
}

/// The most phases a file may have: one per empties count.
pub const MAX_PHASES: usize = 60;

#[derive(Debug, PartialEq, Eq)]
pub enum WeightsError {
    BadMagic,
    /// The file was made for another set of patterns, or has no phases or more than one per empties count.
    Shape {
        phases: usize,
        phase_size: usize,
    },
    Truncated,
    /// Runs or values that do not fit the tables.
    Corrupt,
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::BadMagic => f.write_str("not a weights file (bad magic)"),
            WeightsError::Shape { phases, phase_size } => {
                write!(
                    f,
                    "weights for {phases} phases of {phase_size} entries, expected 1-{MAX_PHASES} of {PHASE_SIZE}"
                )
            }
            WeightsError::Truncated => f.write_str("weights file truncated"),
            WeightsError::Corrupt => f.write_str("weights file corrupt (run or value out of range)"),
        }
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    pub fn zeros(phases: usize) -> Self {
        Weights { phases, values: vec![0; phases * PHASE_SIZE] }
    }

    /// Quantise weights given in discs, `PHASE_SIZE` a phase (one class representative is read per mirror class).
    pub fn from_discs(discs: &[f32]) -> Self {
        assert!(discs.len().is_multiple_of(PHASE_SIZE) && (1..=MAX_PHASES).contains(&(discs.len() / PHASE_SIZE)));
        let canonical = canonical_indices();
        let mut values = vec![0i16; discs.len()];
        for (phase, chunk) in values.chunks_mut(PHASE_SIZE).enumerate() {
            for (v, &c) in chunk.iter_mut().zip(&canonical) {
                let d = discs[phase * PHASE_SIZE + c as usize] * UNITS_PER_DISC as f32;
                *v = d.round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
            }
        }
        Weights { phases: discs.len() / PHASE_SIZE, values }
    }

    /// The weights in discs, the inverse of [`Weights::from_discs`] up to its rounding.
    pub fn to_discs(&self) -> Vec<f32> {
        self.values.iter().map(|&v| v as f32 / UNITS_PER_DISC as f32).collect()
    }

    pub fn encode(&self) -> Vec<u8> {
        let (mut runs, mut changes) = (Vec::new(), Vec::new());
        let mut unchanged = 0u64;
        let representatives = representatives(&canonical_indices(), PHASE_SIZE);
        for &r in &representatives {
            let mut before = 0;
            for phase in 0..self.phases {
                let value = i32::from(self.values[phase * PHASE_SIZE + r as usize]);
                if value == before {
                    unchanged += 1;
                    continue;
                }
                push_varint(&mut runs, unchanged);
                push_varint(&mut changes, zigzag(value - before));
                (unchanged, before) = (0, value);
            }
        }
        let mut out = MAGIC.to_vec();
        out.push(self.phases as u8);
        out.extend_from_slice(&(PHASE_SIZE as u32).to_le_bytes());
        out.extend_from_slice(&(runs.len() as u32).to_le_bytes());
        out.extend(runs);
        out.extend(changes);
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<Self, WeightsError> {
        PhasedDecoder::new(bytes)?.finish()
    }
}

/// A weights file decoded in short steps, so a caller that must stay responsive (the browser app) can spread the
/// work over several tasks: the symmetry classes, then a part of the stream per step (as many parts as phases),
/// then one phase's mirror entries per step. [`Weights::decode`] runs it to the end at once.
pub struct PhasedDecoder<'a> {
    bytes: &'a [u8],
    /// The next run's byte, and the end of the runs.
    runs: usize,
    runs_end: usize,
    /// The next value's byte: `None` in an `RVW1` file, whose values follow their runs.
    values_at: Option<usize>,
    /// Whether the stream holds each representative's phases together as changes (`RVW3`), or phase after phase
    /// as values (`RVW1`, `RVW2`).
    by_representative: bool,
    /// The header's phase size: with or without the potential mobility tables.
    phase_size: usize,
    /// Built by the first `step` (empty before): on a phone the symmetry classes take as long as several phases.
    canonical: Vec<u32>,
    /// The class representatives of a phase in index order: the stream's slots are these, in every phase.
    representatives: Vec<u32>,
    /// The slot after the last value read.
    slot: usize,
    /// A value already read (with its slot) that belongs to a later part.
    pending: Option<(usize, i32)>,
    /// Steps taken after the first: `phases` parts of the stream read, then `phases` phases' mirror entries.
    done: usize,
    phases: usize,
    values: Vec<i16>,
}

impl<'a> PhasedDecoder<'a> {
    /// Checks the header; the tables are filled by `step`.
    pub fn new(bytes: &'a [u8]) -> Result<Self, WeightsError> {
        let (by_representative, split) = match bytes.get(..4) {
            Some(magic) if magic == MAGIC => (true, true),
            Some(magic) if magic == MAGIC_BY_PHASE => (false, true),
            Some(magic) if magic == MAGIC_INTERLEAVED => (false, false),
            _ => return Err(WeightsError::BadMagic),
        };
        if bytes.len() < 9 {
            return Err(WeightsError::Truncated);
        }
        let phases = bytes[4] as usize;
        let phase_size = u32::from_le_bytes([bytes[5], bytes[6], bytes[7], bytes[8]]) as usize;
        // A file without the potential mobility tables (the last ones, which have no mirror entries) holds the
        // same stream as one with them zero: its representatives are the first ones of each phase.
        if !(1..=MAX_PHASES).contains(&phases) || ![PHASE_SIZE, PHASE_SIZE_WITHOUT_POTENTIAL].contains(&phase_size) {
            return Err(WeightsError::Shape { phases, phase_size });
        }
        let (runs, runs_end, values_at) = if split {
            let length = bytes.get(9..13).ok_or(WeightsError::Truncated)?;
            let runs_length = u32::from_le_bytes([length[0], length[1], length[2], length[3]]) as usize;
            // Checked: on wasm32 a junk length near u32::MAX would wrap past the end.
            let end =
                13usize.checked_add(runs_length).filter(|&end| end <= bytes.len()).ok_or(WeightsError::Truncated)?;
            (13, end, Some(end))
        } else {
            (9, bytes.len(), None)
        };
        Ok(PhasedDecoder {
            bytes,
            runs,
            runs_end,
            values_at,
            by_representative,
            phase_size,
            canonical: Vec::new(),
            representatives: Vec::new(),
            slot: 0,
            pending: None,
            done: 0,
            values: vec![0; phases * PHASE_SIZE],
            phases,
        })
    }

    /// Builds the symmetry classes (the first step), then reads the next part of the stream or fills the next
    /// phase's mirror entries; whether every phase is decoded now.
    pub fn step(&mut self) -> Result<bool, WeightsError> {
        if self.canonical.is_empty() {
            self.canonical = canonical_indices();
            self.representatives = representatives(&self.canonical, self.phase_size);
            return Ok(false);
        }
        if self.done < self.phases {
            self.read_part(self.done)?;
        } else if self.done < 2 * self.phases {
            let table = &mut self.values[(self.done - self.phases) * PHASE_SIZE..][..PHASE_SIZE];
            for (i, &c) in self.canonical.iter().enumerate() {
                table[i] = table[c as usize];
            }
        }
        self.done = (self.done + 1).min(2 * self.phases);
        Ok(self.done == 2 * self.phases)
    }

    /// Reads part `part` of the stream: a phase of representatives (`RVW1`, `RVW2`), or a slice of the
    /// representatives with all their phases (`RVW3`, whose changes are then summed up phase by phase).
    fn read_part(&mut self, part: usize) -> Result<(), WeightsError> {
        let (per_phase, phases) = (self.representatives.len(), self.phases);
        let slice = per_phase.div_ceil(phases);
        let (first, end) = if self.by_representative {
            let representatives = (part * slice).min(per_phase)..((part + 1) * slice).min(per_phase);
            (representatives.start * phases, representatives.end * phases)
        } else {
            (part * per_phase, (part + 1) * per_phase)
        };
        // Changes are summed in i32: a change may span twice a weight's range.
        let mut read = vec![0i32; end - first];
        loop {
            let (slot, value) = match self.pending.take() {
                Some(read) => read,
                None if self.runs < self.runs_end => {
                    let zeros =
                        usize::try_from(read_varint(self.bytes, &mut self.runs)?).map_err(|_| WeightsError::Corrupt)?;
                    if self.runs > self.runs_end {
                        return Err(WeightsError::Corrupt);
                    }
                    let at = self.values_at.as_mut().unwrap_or(&mut self.runs);
                    let value = unzigzag(read_varint(self.bytes, at)?).ok_or(WeightsError::Corrupt)?;
                    let slot = self.slot.checked_add(zeros).ok_or(WeightsError::Corrupt)?;
                    self.slot = slot + 1;
                    (slot, value)
                }
                None => break,
            };
            if slot >= phases * per_phase {
                return Err(WeightsError::Corrupt);
            }
            if slot >= end {
                self.pending = Some((slot, value));
                break;
            }
            read[slot - first] = value;
        }
        let table_entry = |phase: usize, k: usize| phase * PHASE_SIZE + self.representatives[k] as usize;
        let mut write = |at: usize, value: i32| -> Result<(), WeightsError> {
            self.values[at] = i16::try_from(value).map_err(|_| WeightsError::Corrupt)?;
            Ok(())
        };
        if self.by_representative {
            for (k, phases_read) in (first / phases..).zip(read.chunks(phases)) {
                let mut value = 0;
                for (phase, change) in phases_read.iter().enumerate() {
                    value += change;
                    write(table_entry(phase, k), value)?;
                }
            }
        } else {
            for (k, &value) in read.iter().enumerate() {
                write(table_entry(part, k), value)?;
            }
        }
        Ok(())
    }

    /// Decodes the phases left and returns the weights.
    pub fn finish(mut self) -> Result<Weights, WeightsError> {
        while !self.step()? {}
        Ok(Weights { phases: self.phases, values: self.values })
    }
}

/// The class representatives among the first `phase_size` entries of a phase, in index order.
fn representatives(canonical: &[u32], phase_size: usize) -> Vec<u32> {
    (0..phase_size as u32).filter(|&i| canonical[i as usize] == i).collect()
}

fn zigzag(v: i32) -> u64 {
    let v = i64::from(v);
    ((v << 1) ^ (v >> 63)) as u64
}

/// A stored value or change: never zero (the runs skip those), and within twice a weight's range.
fn unzigzag(z: u64) -> Option<i32> {
    let v = (z >> 1) as i64 ^ -((z & 1) as i64);
    i32::try_from(v).ok().filter(|&v| v != 0 && v.abs() <= 2 * i32::from(i16::MAX) + 1)
}

fn push_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u64, WeightsError> {
    let mut x = 0u64;
    for shift in (0..64).step_by(7) {
        let &b = bytes.get(*at).ok_or(WeightsError::Truncated)?;
        *at += 1;
        x |= ((b & 0x7F) as u64) << shift;
        if b & 0x80 == 0 {
            return Ok(x);
        }
    }
    Err(WeightsError::Corrupt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pattern::PHASES;
    use crate::rng::Rng;

    fn sparse_random() -> Weights {
        let mut rng = Rng::new(5);
        let mut discs = vec![0f32; PHASES * PHASE_SIZE];
        for d in discs.iter_mut() {
            if rng.next_u64().is_multiple_of(50) {
                *d = (rng.next_f64() as f32 - 0.5) * 40.0;
            }
        }
        Weights::from_discs(&discs)
    }

    #[test]
    fn encode_then_decode_gives_the_same_tables() {
        let w = sparse_random();
        assert!(w.values.iter().any(|&v| v != 0));
        let bytes = w.encode();
        assert_eq!(Weights::decode(&bytes), Ok(w));
        for phases in [1, PHASES, MAX_PHASES] {
            assert_eq!(Weights::decode(&Weights::zeros(phases).encode()), Ok(Weights::zeros(phases)));
        }
    }

    #[test]
    fn mirror_entries_share_their_representative_value() {
        let w = sparse_random();
        let canonical = canonical_indices();
        let mirrored = canonical.iter().enumerate().filter(|(i, &c)| c as usize != *i).count();
        assert!(mirrored > 0);
        for chunk in w.values.chunks(PHASE_SIZE) {
            assert!(canonical.iter().enumerate().all(|(i, &c)| chunk[i] == chunk[c as usize]));
        }
    }

    #[test]
    fn decoding_in_steps_gives_the_same_tables() {
        let w = sparse_random();
        let bytes = w.encode();
        let mut decoder = PhasedDecoder::new(&bytes).unwrap();
        let steps = std::iter::from_fn(|| Some(decoder.step().unwrap())).position(|done| done).unwrap() + 1;
        assert_eq!(steps, 1 + 2 * PHASES, "the symmetry classes, a part of the stream per phase, each phase's mirrors");
        assert_eq!(decoder.finish(), Ok(w));
    }

    #[test]
    fn changes_may_span_twice_a_weights_range_but_no_sum_leaves_it() {
        let mut w = Weights::zeros(3);
        w.values[0] = i16::MIN;
        w.values[PHASE_SIZE] = i16::MAX;
        w.values[2 * PHASE_SIZE] = -1;
        assert_eq!(Weights::decode(&w.encode()), Ok(w));
        // One representative climbing 30,000 a phase: its second phase leaves a weight's range.
        let mut header = MAGIC.to_vec();
        header.push(3);
        header.extend_from_slice(&(PHASE_SIZE as u32).to_le_bytes());
        let climbing = split_file(&header, &[(0, zigzag(30_000)), (0, zigzag(30_000))]);
        assert_eq!(Weights::decode(&climbing), Err(WeightsError::Corrupt));
    }

    /// The (run, zigzagged value) pairs of the phase-after-phase formats (`RVW1`, `RVW2`) for the first
    /// `phase_size` entries of each phase.
    fn by_phase_pairs(w: &Weights, phase_size: usize) -> Vec<(u64, u64)> {
        let representatives = representatives(&canonical_indices(), phase_size);
        let mut pairs = Vec::new();
        let mut zeros = 0;
        for chunk in w.values.chunks(PHASE_SIZE) {
            for &r in &representatives {
                if chunk[r as usize] == 0 {
                    zeros += 1;
                    continue;
                }
                pairs.push((zeros, zigzag(i32::from(chunk[r as usize]))));
                zeros = 0;
            }
        }
        pairs
    }

    fn interleaved_file(phases: usize, phase_size: usize, pairs: &[(u64, u64)]) -> Vec<u8> {
        let mut bytes = MAGIC_INTERLEAVED.to_vec();
        bytes.push(phases as u8);
        bytes.extend_from_slice(&(phase_size as u32).to_le_bytes());
        for &(run, value) in pairs {
            push_varint(&mut bytes, run);
            push_varint(&mut bytes, value);
        }
        bytes
    }

    #[test]
    fn files_without_the_potential_mobility_tables_read_them_as_zero() {
        let mut w = sparse_random();
        for chunk in w.values.chunks_mut(PHASE_SIZE) {
            chunk[PHASE_SIZE_WITHOUT_POTENTIAL..].fill(0);
        }
        assert!(w.values.iter().any(|&v| v != 0));
        // The older layout: its phase size in the header, and each phase's stream only its own representatives.
        let pairs = by_phase_pairs(&w, PHASE_SIZE_WITHOUT_POTENTIAL);
        assert_eq!(Weights::decode(&interleaved_file(w.phases, PHASE_SIZE_WITHOUT_POTENTIAL, &pairs)), Ok(w));
    }

    #[test]
    fn damaged_files_are_rejected_with_a_reason() {
        let bytes = sparse_random().encode();
        assert_eq!(Weights::decode(b"nope"), Err(WeightsError::BadMagic));
        for phases in [0, MAX_PHASES as u8 + 1] {
            let mut other = bytes.clone();
            other[4] = phases;
            assert!(
                matches!(Weights::decode(&other), Err(WeightsError::Shape { phases: p, .. }) if p == phases as usize)
            );
        }
        let mut other_patterns = bytes.clone();
        other_patterns[5] ^= 1;
        assert!(matches!(Weights::decode(&other_patterns), Err(WeightsError::Shape { .. })));
        // Fewer phases than the stream's values fill.
        let mut fewer = bytes.clone();
        fewer[4] = 3;
        assert_eq!(Weights::decode(&fewer), Err(WeightsError::Corrupt));
        assert_eq!(Weights::decode(&bytes[..bytes.len() - 1]), Err(WeightsError::Truncated));
        let overflow = split_file(&bytes[..9], &[((PHASES * PHASE_SIZE) as u64, 2)]);
        assert_eq!(Weights::decode(&overflow), Err(WeightsError::Corrupt));
        let mut runs_past_the_end = bytes.clone();
        runs_past_the_end[9..13].copy_from_slice(&(bytes.len() as u32).to_le_bytes());
        assert_eq!(Weights::decode(&runs_past_the_end), Err(WeightsError::Truncated));
        runs_past_the_end[9..13].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(Weights::decode(&runs_past_the_end), Err(WeightsError::Truncated), "a length that would wrap");
        // A run whose last byte would be a value's.
        let mut run_into_values = split_file(&bytes[..9], &[(300, 2)]);
        run_into_values[9..13].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(Weights::decode(&run_into_values), Err(WeightsError::Corrupt));
        assert_eq!(Weights::decode(&bytes[..11]), Err(WeightsError::Truncated));
    }

    /// A file of `header` (magic, phases, phase size) and the (run, zigzagged value) pairs, in the split layout.
    fn split_file(header: &[u8], pairs: &[(u64, u64)]) -> Vec<u8> {
        let (mut runs, mut values) = (Vec::new(), Vec::new());
        for &(run, value) in pairs {
            push_varint(&mut runs, run);
            push_varint(&mut values, value);
        }
        let mut bytes = header.to_vec();
        bytes.extend_from_slice(&(runs.len() as u32).to_le_bytes());
        bytes.extend(runs);
        bytes.extend(values);
        bytes
    }

    #[test]
    fn files_of_the_earlier_formats_read_the_same() {
        let w = sparse_random();
        let pairs = by_phase_pairs(&w, PHASE_SIZE);
        let mut header = MAGIC_BY_PHASE.to_vec();
        header.push(w.phases as u8);
        header.extend_from_slice(&(PHASE_SIZE as u32).to_le_bytes());
        assert_eq!(Weights::decode(&split_file(&header, &pairs)), Ok(w.clone()));
        assert_eq!(Weights::decode(&interleaved_file(w.phases, PHASE_SIZE, &pairs)), Ok(w));
    }
}
