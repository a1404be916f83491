//! Random and mutated text for the fuzz tests: the project's one source of junk input (tests/fuzz.rs, and the
//! command lines' argument fuzzing in src/bin through tests/support/fuzz_args.rs).
//!
//! `FUZZ_ITERATIONS=N` runs N rounds instead of the default (`DEFAULT_ROUNDS`, a few seconds in a debug build).

use reversi::engine::rng::Rng;

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
    let len = (rng.next_u64() % (most as u64 + 1)) as usize;
    (0..len).map(|_| ALPHABET[(rng.next_u64() % ALPHABET.len() as u64) as usize]).collect()
}

/// `text` with a few characters replaced, inserted, deleted or duplicated at random places.
pub fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.next_u64() % 4 {
        let at = (rng.next_u64() % (chars.len() as u64 + 1)) as usize;
        let c = ALPHABET[(rng.next_u64() % ALPHABET.len() as u64) as usize];
        match rng.next_u64() % 4 {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            _ => {
                let tail: Vec<char> = chars[at..].iter().take(8).copied().collect();
                chars.splice(at..at, tail);
            }
        }
    }
    chars.into_iter().collect()
}
