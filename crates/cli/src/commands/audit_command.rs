//! `reversi-engine audit …`: a paired audit of engines' moves (docs/strength.md, "A paired audit of the moves that
//! differ"). Every position side A was to move in, within a band of empties, of a match's record (`match --record`)
//! is put to each engine over NBoard at the same time per move. Where their moves differ, each position after those
//! moves is solved for win, draw or loss, and each engine is charged the classes its move falls behind the best of
//! theirs. The same positions for every engine make small differences visible that a match's noise hides.

use super::{Failure, TT_MEGABYTES};
use crate::command_line::AuditOptions;
use crate::match_record::read_record;
use crate::suite_solve::read_text;
use cli::nboard::nboard_player::NboardPlayer;
use engine::ai::match_play::Player;
use engine::{Board, Limits, Searcher};
use game::square_name;
use std::collections::HashMap;
use std::io::Write;

/// What each engine did over the audited positions.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    /// Positions where its move differs from the first engine's.
    differing: usize,
    /// Classes (win, draw, loss) its moves fell behind the best move any engine chose, summed.
    behind: u32,
}

pub fn run_audit(options: &AuditOptions, out: &mut impl Write) -> Result<(), Failure> {
    let fail = |why: String| Failure::of("audit", why);
    let text = read_text(&options.record).map_err(fail)?;
    let games = read_record(&text).map_err(|why| fail(format!("{}: {why}", options.record)))?;
    let mut engines = Vec::new();
    for command in &options.engines {
        engines.push(NboardPlayer::start(command, options.movetime).map_err(fail)?);
    }
    let mut solver = Searcher::new(TT_MEGABYTES);
    let mut classes: HashMap<Board, u32> = HashMap::new();
    let mut tallies = vec![Tally::default(); engines.len()];
    let (mut positions, mut split) = (0, 0);
    for (number, game) in games.iter().enumerate() {
        for board in game.a_choices().into_iter().filter(|b| options.empties.contains(&b.empty_count())) {
            positions += 1;
            let mut moves = Vec::new();
            for engine in &mut engines {
                moves.push(engine.pick(&board, 0).map_err(fail)?.square);
            }
            if moves.iter().all(|&mv| mv == moves[0]) {
                continue;
            }
            split += 1;
            // The class the mover keeps with a move: 2 a win, 1 a draw, 0 a loss.
            let mut class_of = |mv: usize| {
                let after = board.play(mv);
                *classes.entry(after).or_insert_with(|| (1 - win_loss_draw(&mut solver, &after)) as u32)
            };
            let kept: Vec<u32> = moves.iter().map(|&mv| class_of(mv)).collect();
            let best = *kept.iter().max().expect("one engine at least");
            for (i, tally) in tallies.iter_mut().enumerate() {
                tally.differing += usize::from(moves[i] != moves[0]);
                tally.behind += best - kept[i];
            }
            let chosen: Vec<String> = moves
                .iter()
                .zip(&kept)
                .map(|(&mv, &class)| format!("{} {}", square_name(mv, 8), ["loses", "draws", "wins"][class as usize]))
                .collect();
            writeln!(out, "game {}, {} empties: {}", number + 1, board.empty_count(), chosen.join(", "))?;
        }
    }
    writeln!(
        out,
        "\n{positions} positions of A's with {}-{} empties in {} games, {} ms a move; the moves differ in {split}",
        options.empties.start(),
        options.empties.end(),
        games.len(),
        options.movetime.as_millis()
    )?;
    writeln!(out, "{:>6} {:>17} {:>14}  engine", "", "differ from #1", "classes behind")?;
    for (i, (tally, command)) in tallies.iter().zip(&options.engines).enumerate() {
        writeln!(
            out,
            "{:>6} {:>17} {:>14}  {}",
            format!("#{}", i + 1),
            tally.differing,
            tally.behind,
            command.join(" ")
        )?;
    }
    Ok(())
}

/// The win/loss/draw verdict of `board` for its side to move: 1, 0 or -1.
fn win_loss_draw(solver: &mut Searcher, board: &Board) -> i32 {
    let limits = Limits { depth: 1, exact_empties: 0, wld_empties: 64, node_budget: None };
    solver.search(board, &limits).expect("a search without node budget cannot abort").score.signum()
}
