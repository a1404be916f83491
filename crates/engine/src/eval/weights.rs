//! The trained weights: a compact binary file (the asset `crates/engine/data/eval.weights`) and its expansion into the
//! evaluation's tables.
//!
//! Format, little-endian: the magic `RVW2`, the phase count (u8, 1-60: equal slices of the empties, see
//! `pattern::phase`), the weights per phase (u32), the length of the runs stream (u32), then two streams over all
//! phases of the weights that are representatives of their mirror class (`pattern::canonical_indices`): the LEB128
//! runs of zeros before each non-zero value, then the values (zigzag LEB128); the zeros after the last value are
//! implicit. Most pattern configurations never occur in play and stay zero, so the runs keep the file small; apart,
//! runs and values each compress better under gzip (as the site serves the file) than interleaved: 10 % smaller.
//! Files of the first format, `RVW1` (no runs length, runs and values interleaved as pairs), still read.

use super::pattern::{canonical_indices, PHASE_SIZE, PHASE_SIZE_WITHOUT_POTENTIAL};

const MAGIC: &[u8; 4] = b"RVW2";
/// The first format: runs and values interleaved (the training tools and matches still read such files).
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
        let (mut runs, mut values) = (Vec::new(), Vec::new());
        let mut zeros = 0u64;
        for v in representatives(&self.values) {
            if v == 0 {
                zeros += 1;
                continue;
            }
            push_varint(&mut runs, zeros);
            push_varint(&mut values, zigzag(v));
            zeros = 0;
        }
        let mut out = MAGIC.to_vec();
        out.push(self.phases as u8);
        out.extend_from_slice(&(PHASE_SIZE as u32).to_le_bytes());
        out.extend_from_slice(&(runs.len() as u32).to_le_bytes());
        out.extend(runs);
        out.extend(values);
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<Self, WeightsError> {
        PhasedDecoder::new(bytes)?.finish()
    }
}

/// A weights file decoded one phase per `step` (after a first step that builds the symmetry classes), so a caller that must stay responsive (the browser app) can spread
/// the work over several tasks; [`Weights::decode`] runs it to the end at once.
pub struct PhasedDecoder<'a> {
    bytes: &'a [u8],
    /// The next run's byte, and the end of the runs.
    runs: usize,
    runs_end: usize,
    /// The next value's byte: `None` in an `RVW1` file, whose values follow their runs.
    values_at: Option<usize>,
    /// The header's phase size: with or without the potential mobility tables.
    phase_size: usize,
    /// Built by the first `step` (empty before): on a phone the symmetry classes take as long as several phases.
    canonical: Vec<u32>,
    /// The class representatives of a phase in index order: the stream's slots, phase after phase, are these.
    representatives: Vec<u32>,
    /// The slot after the last value read.
    slot: usize,
    /// A value already read (with its slot) that belongs to a later phase.
    pending: Option<(usize, i16)>,
    /// Phases decoded so far, of `phases`.
    phase: usize,
    phases: usize,
    values: Vec<i16>,
}

impl<'a> PhasedDecoder<'a> {
    /// Checks the header; the tables are filled by `step`.
    pub fn new(bytes: &'a [u8]) -> Result<Self, WeightsError> {
        let split = match bytes.get(..4) {
            Some(magic) if magic == MAGIC => true,
            Some(magic) if magic == MAGIC_INTERLEAVED => false,
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
            phase_size,
            canonical: Vec::new(),
            representatives: Vec::new(),
            slot: 0,
            pending: None,
            phase: 0,
            values: vec![0; phases * PHASE_SIZE],
            phases,
        })
    }

    /// Builds the symmetry classes (the first step), then decodes the next phase's tables; whether every phase is
    /// decoded now.
    pub fn step(&mut self) -> Result<bool, WeightsError> {
        if self.canonical.is_empty() {
            self.canonical = canonical_indices();
            let canonical = &self.canonical;
            self.representatives = (0..self.phase_size as u32).filter(|&i| canonical[i as usize] == i).collect();
            return Ok(false);
        }
        if self.phase == self.phases {
            return Ok(true);
        }
        let per_phase = self.representatives.len();
        let first = self.phase * per_phase;
        let table = &mut self.values[self.phase * PHASE_SIZE..][..PHASE_SIZE];
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
            if slot >= self.phases * per_phase {
                return Err(WeightsError::Corrupt);
            }
            if slot >= first + per_phase {
                self.pending = Some((slot, value));
                break;
            }
            table[self.representatives[slot - first] as usize] = value;
        }
        for i in 0..PHASE_SIZE {
            table[i] = table[self.canonical[i] as usize];
        }
        self.phase += 1;
        Ok(self.phase == self.phases)
    }

    /// Decodes the phases left and returns the weights.
    pub fn finish(mut self) -> Result<Weights, WeightsError> {
        while !self.step()? {}
        Ok(Weights { phases: self.phases, values: self.values })
    }
}

/// The values of the class representatives, phase after phase, in index order.
fn representatives(values: &[i16]) -> impl Iterator<Item = i16> + '_ {
    let canonical = canonical_indices();
    values.chunks(PHASE_SIZE).flat_map(move |chunk| {
        let keep: Vec<i16> =
            chunk.iter().enumerate().filter(|(i, _)| canonical[*i] as usize == *i).map(|(_, &v)| v).collect();
        keep
    })
}

fn zigzag(v: i16) -> u64 {
    let v = v as i64;
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(z: u64) -> Option<i16> {
    let v = (z >> 1) as i64 ^ -((z & 1) as i64);
    i16::try_from(v).ok().filter(|&v| v != 0)
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
    fn decoding_a_phase_per_step_gives_the_same_tables() {
        let w = sparse_random();
        let bytes = w.encode();
        let mut decoder = PhasedDecoder::new(&bytes).unwrap();
        let steps = std::iter::from_fn(|| Some(decoder.step().unwrap())).position(|done| done).unwrap() + 1;
        assert_eq!(steps, 1 + PHASES, "the symmetry classes, then one step per phase");
        assert_eq!(decoder.finish(), Ok(w));
    }

    #[test]
    fn files_without_the_potential_mobility_tables_read_them_as_zero() {
        let mut w = sparse_random();
        let canonical = canonical_indices();
        let kept = (0..PHASE_SIZE_WITHOUT_POTENTIAL).filter(|&i| canonical[i] as usize == i).count();
        // The older layout: its phase size in the header, and each phase's stream only its own representatives.
        let mut bytes = MAGIC_INTERLEAVED.to_vec();
        bytes.push(w.phases as u8);
        bytes.extend_from_slice(&(PHASE_SIZE_WITHOUT_POTENTIAL as u32).to_le_bytes());
        let mut zeros = 0;
        for chunk in w.values.chunks_mut(PHASE_SIZE) {
            chunk[PHASE_SIZE_WITHOUT_POTENTIAL..].fill(0);
            for v in representatives(chunk).take(kept) {
                if v == 0 {
                    zeros += 1;
                    continue;
                }
                push_varint(&mut bytes, zeros);
                push_varint(&mut bytes, zigzag(v));
                zeros = 0;
            }
        }
        assert!(w.values.iter().any(|&v| v != 0));
        assert_eq!(Weights::decode(&bytes), Ok(w));
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
    fn files_with_runs_and_values_interleaved_read_the_same() {
        let w = sparse_random();
        let bytes = w.encode();
        assert_eq!(&bytes[..4], MAGIC);
        let runs_end = 13 + u32::from_le_bytes(bytes[9..13].try_into().unwrap()) as usize;
        let (mut runs_at, mut values_at) = (13, runs_end);
        let mut interleaved = MAGIC_INTERLEAVED.to_vec();
        interleaved.extend_from_slice(&bytes[4..9]);
        while runs_at < runs_end {
            push_varint(&mut interleaved, read_varint(&bytes, &mut runs_at).unwrap());
            push_varint(&mut interleaved, read_varint(&bytes, &mut values_at).unwrap());
        }
        assert_eq!(values_at, bytes.len(), "every value has its run");
        assert_eq!(Weights::decode(&interleaved), Ok(w));
    }
}
