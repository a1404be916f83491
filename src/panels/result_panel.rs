//! The end of a game as an event: a panel over the board with the winner, the count with the winner's discs first,
//! how it ended (wipeout, resignation, agreed draw), Play again and Review (the review panel's Review game). "Show
//! board" puts it aside.

use crate::model::actions::Action;
use crate::model::analysis_state::Analysis;
use crate::model::state::AppState;
use game::{Color, EndReason, GameResult};
use leptos::prelude::*;

/// The panel's heading and the line under it.
pub fn wording(result: &GameResult, board_full: bool) -> (String, String) {
    let heading = match result.winner() {
        Some(winner) if matches!(result.reason, EndReason::LostOnTime(_)) => format!("{winner} wins on time"),
        Some(winner) => format!("{winner} wins {}", result.score()),
        None => format!("Draw {}", result.score()),
    };
    let detail = match result.reason {
        EndReason::Resigned(loser) => format!("{loser} resigned."),
        EndReason::LostOnTime(loser) => format!("{loser} ran out of time."),
        EndReason::AgreedDraw => "Drawn by agreement.".to_string(),
        EndReason::NoMoves if result.is_wipeout() => {
            let loser = result.winner().map_or(Color::Black, Color::opponent);
            format!("A wipeout: no {} disc is left.", loser.name().to_lowercase())
        }
        EndReason::NoMoves if board_full => "The board is full.".to_string(),
        EndReason::NoMoves => "Neither side can move; the empty squares go to the winner.".to_string(),
    };
    (heading, detail)
}

/// The card over the board, from the module of the panels built after the board (its place: later_panels.rs's
/// `ResultPanel`): it shows only when a game has ended.
pub fn result_card() -> AnyView {
    let state = AppState::get();
    let analysis = Analysis::get();
    let result = Memo::new(move |_| state.table.with(|t| t.game.result()));
    let shown = RwSignal::new(true);
    // Each new ending shows the panel again.
    Effect::new(move |_| {
        if result.get().is_some() {
            shown.set(true);
        }
    });
    let card = move || {
        let result = result.get().filter(|_| shown.get())?;
        let board_full = state.table.with_untracked(|t| {
            let (black, white) = t.game.counts();
            (black + white) as usize == t.game.variant().size.squares()
        });
        let (heading, detail) = wording(&result, board_full);
        let winner = result.winner().map_or("draw", |w| if w == Color::Black { "black" } else { "white" });
        Some(view! {
            <section class=format!("result-panel {winner}") aria-labelledby="result-heading" data-testid="result">
                <h2 id="result-heading">{heading}</h2>
                <p>{detail}</p>
                <div class="result-buttons">
                    <button type="button" class="action primary" on:click=move |_| state.run(Action::NewGame)>
                        "Play again"
                    </button>
                    // The review marks the move list and fills the side panel, so the board comes back into view.
                    <button
                        type="button"
                        class="action"
                        on:click=move |_| {
                            analysis.start_review(&state);
                            shown.set(false);
                        }
                    >
                        "Review"
                    </button>
                    <button type="button" class="action" on:click=move |_| shown.set(false)>"Show board"</button>
                </div>
            </section>
        })
    };
    card.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_names_the_winner_first_and_how_it_ended() {
        let result = |black, white, reason| GameResult { black, white, reason };
        assert_eq!(
            wording(&result(3, 61, EndReason::NoMoves), true),
            ("White wins 61–3".into(), "The board is full.".into())
        );
        assert_eq!(wording(&result(0, 64, EndReason::NoMoves), false).1, "A wipeout: no black disc is left.");
        assert_eq!(
            wording(&result(64, 0, EndReason::Resigned(Color::White)), false),
            ("Black wins 64–0".into(), "White resigned.".into())
        );
        assert_eq!(
            wording(&result(0, 64, EndReason::LostOnTime(Color::Black)), false),
            ("White wins on time".into(), "Black ran out of time.".into())
        );
        assert_eq!(
            wording(&result(20, 18, EndReason::AgreedDraw), false),
            ("Draw 20–18".into(), "Drawn by agreement.".into())
        );
    }
}
