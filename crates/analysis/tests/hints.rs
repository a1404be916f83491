//! Hint values against known exact scores: every move listed for the first ten FForum endgame positions
//! (14-15 empties, `../shared/reference/fforum-1-19.obf`, each move with its exact score), analysed in slices as
//! the app does with the hints' own depths, must end with exactly that score, marked exact.

use analysis::{Depths, MoveValues, Verdict};
use engine::Ai;
use game::notation::read_obf;
use game::Move;

use testkit::reference::reference_text;

#[test]
fn hint_values_equal_the_exact_scores_of_fforum_1_to_10() {
    let Some(text) = reference_text("fforum-1-19.obf") else { return };
    let mut ai = Ai::new(16);
    let mut checked = 0;
    for (number, line) in text.lines().filter(|l| !l.trim().is_empty()).take(10).enumerate() {
        let obf = read_obf(line).unwrap_or_else(|e| panic!("FForum #{}: {e}", number + 1));
        let mut hints = MoveValues::new(obf.position.board(), Depths::HINTS);
        while !hints.step(&mut ai, 50_000) {}
        assert_eq!(hints.depth(), obf.position.board().empty_count(), "#{} is solved", number + 1);
        for &(mv, score) in &obf.scores {
            let Move::Play(square) = mv else { continue };
            let value = hints.value(square).unwrap_or_else(|| panic!("#{}: no hint on {square}", number + 1));
            assert_eq!((value.score, value.verdict), (score, Verdict::Exact), "#{} square {square}", number + 1);
            checked += 1;
        }
        let best = obf.scores.iter().map(|&(_, s)| s).max().unwrap();
        assert_eq!(hints.best().map(|b| b.score), Some(best), "#{}", number + 1);
    }
    eprintln!("{checked} hint values checked against FForum #1-#10");
    assert!(checked >= 60, "every listed move of ten positions: {checked}");
}
