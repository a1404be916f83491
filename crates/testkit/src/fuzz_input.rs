//! Random and mutated text for the fuzz tests: the project's one source of junk input (tests/fuzz.rs, and the
//! command lines' argument fuzzing in src/bin through tests/support/fuzz_args.rs).
//!
//! `FUZZ_ITERATIONS=N` runs N rounds instead of the default (`DEFAULT_ROUNDS`, a few seconds in a debug build).

use crate::text_mutations;
use engine::rng::Rng;

const DEFAULT_ROUNDS: usize = 1_000;

/// Rounds of a fuzz test: `FUZZ_ITERATIONS`, or `DEFAULT_ROUNDS`.
pub fn rounds() -> usize {
    std::env::var("FUZZ_ITERATIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(DEFAULT_ROUNDS)
}

/// Characters the formats use, and some they do not (multi-byte, control, byte-order mark).
pub const ALPHABET: &[char] = &[
    'a', 'f', 'h', 'j', 'z', 'A', 'F', 'P', 'X', 'O', 'x', 'o', 'B', 'W', '-', '.', '*', '0', '1', '5', '9', ' ', '\n',
    '\t', ';', ':', '+', '(', ')', '[', ']', '/', '\\', 'é', '×', '\u{feff}', '\u{0}', '🂡',
];

/// Up to `most` characters of `ALPHABET`.
pub fn random_text(rng: &mut Rng, most: usize) -> String {
    text_mutations::random_text(ALPHABET, most, rng)
}

/// `text` with one to four edits of `ALPHABET`'s characters at random places (the crate's one mutation).
pub fn mutate(text: &str, rng: &mut Rng) -> String {
    text_mutations::mutate(text, ALPHABET, 1..=4, rng)
}
