//! Junk text for the fuzz tests: valid text with a few characters changed, and random text, each drawn from the
//! alphabet of what is being read. The one home of these mutations for the unit tests (links, set-up pastes,
//! online codes and messages), the integration tests and the command lines' argument fuzzing (tests/support).
//! Native only: the app never runs it.

use engine::rng::Rng;
use std::ops::RangeInclusive;

/// A number below `n` (which must not be 0).
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Up to `most` characters of `alphabet`.
pub fn random_text(alphabet: &[char], most: usize, rng: &mut Rng) -> String {
    (0..below(rng, most + 1)).map(|_| alphabet[below(rng, alphabet.len())]).collect()
}

/// `text` after a number of edits drawn from `edits`, each at a random place: a character of `alphabet` put in
/// place of another or inserted, a character deleted, a few following characters repeated, or the rest cut off.
pub fn mutate(text: &str, alphabet: &[char], edits: RangeInclusive<usize>, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..edits.start() + below(rng, edits.end() - edits.start() + 1) {
        let at = below(rng, chars.len() + 1);
        let c = alphabet[below(rng, alphabet.len())];
        match below(rng, 5) {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            3 => {
                let repeated: Vec<char> = chars[at..].iter().take(8).copied().collect();
                chars.splice(at..at, repeated);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_stay_in_the_alphabet_and_make_the_edits_asked_for() {
        let mut rng = Rng::new(1);
        let text = "abcdefgh";
        let (mut changed, mut cut) = (0, 0);
        for _ in 0..1_000 {
            assert_eq!(mutate(text, &['x'], 0..=0, &mut rng), text, "no edit, no change");
            let mutated = mutate(text, &['x'], 1..=3, &mut rng);
            assert!(mutated.chars().all(|c| c == 'x' || text.contains(c)), "{mutated}");
            changed += usize::from(mutated != text);
            cut += usize::from(mutated.len() < text.len() && text.starts_with(&mutated));
        }
        assert!(changed > 900 && cut > 100, "{changed} changed, {cut} cut short");
        let random = random_text(&['y', 'é'], 5, &mut rng);
        assert!(random.chars().count() <= 5 && random.chars().all(|c| "yé".contains(c)), "{random}");
    }
}
