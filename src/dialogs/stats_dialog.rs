//! The Statistics dialog: finished games from two points of view, with a Reset that asks first.

use super::{Confirmation, Modal};
use crate::model::state::AppState;
use game::{Statistics, Tally};
use leptos::prelude::*;

#[component]
pub fn StatisticsDialog() -> impl IntoView {
    let state = AppState::get();
    let statistics = state.statistics;
    let confirming = RwSignal::new(false);
    let reset = move || {
        statistics.set(Statistics::default());
        confirming.set(false);
        state.show_info("Statistics reset.");
    };
    view! {
        <Modal title="Statistics" class="statistics-dialog">
            <TallyTable
                caption="Black vs White"
                sides=("Black", "White")
                tally=Signal::derive(move || statistics.get().black_vs_white)
            />
            <TallyTable
                caption="Computer vs Human"
                sides=("Computer", "Human")
                tally=Signal::derive(move || statistics.get().computer_vs_human)
            />
            <p class="field-note">
                "Every finished game counts in Black vs White; Computer vs Human counts the games between a person and "
                "the computer. Discs are as scored: the winner takes the empty squares, and a resignation gives the "
                "winner every square."
            </p>
            {move || if confirming.get() {
                let answer = Callback::new(move |yes: bool| if yes { reset() } else { confirming.set(false) });
                view! {
                    <Confirmation
                        question="Erase all statistics? This cannot be undone."
                        keep="Keep"
                        go_ahead="Erase"
                        on_answer=answer
                    />
                }
                    .into_any()
            } else {
                view! {
                    <div class="dialog-buttons">
                        <span class="spacer"></span>
                        <button type="button" on:click=move |_| confirming.set(true)>"Reset statistics"</button>
                    </div>
                }
                    .into_any()
            }}
        </Modal>
    }
}

/// One perspective: a row for each side with its wins, losses, draws and discs.
#[component]
fn TallyTable(caption: &'static str, sides: (&'static str, &'static str), tally: Signal<Tally>) -> impl IntoView {
    let row = move |side: &'static str, reversed: bool| {
        move || {
            let t = if reversed { tally.get().reversed() } else { tally.get() };
            view! {
                <tr>
                    <th scope="row">{side}</th>
                    <Cell parts=with_percent(t.wins, t.win_percent()) />
                    <Cell parts=with_percent(t.losses, t.loss_percent()) />
                    <Cell parts=with_percent(t.draws, t.draw_percent()) />
                    <Cell parts=discs(&t) />
                </tr>
            }
        }
    };
    view! {
        <table class="stats-table" data-testid=caption.to_lowercase().replace(' ', "-")>
            <caption>{caption} " · " {move || games(tally.get().games())}</caption>
            <thead>
                <tr>
                    <td></td>
                    <th scope="col">"Wins"</th>
                    <th scope="col">"Losses"</th>
                    <th scope="col">"Draws"</th>
                    <th scope="col">"Discs"</th>
                </tr>
            </thead>
            <tbody>
                {row(sides.0, false)}
                {row(sides.1, true)}
            </tbody>
        </table>
    }
}

/// A number and, in smaller print, what it means in proportion: "3" "(60%)".
#[component]
fn Cell(parts: (String, String)) -> impl IntoView {
    view! { <td>{parts.0}" "<span class="percent">{parts.1}</span></td> }
}

/// ("3", "(60%)"); percentages rounded to whole numbers.
fn with_percent(count: u32, percent: f64) -> (String, String) {
    (count.to_string(), format!("({percent:.0}%)"))
}

fn games(n: u64) -> String {
    match n {
        1 => "1 game".into(),
        n => format!("{n} games"),
    }
}

/// Total discs, and the average per game once there is one.
fn discs(tally: &Tally) -> (String, String) {
    match tally.games() {
        0 => (tally.discs.to_string(), String::new()),
        games => (tally.discs.to_string(), format!("(avg {:.1})", tally.discs as f64 / games as f64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_with_rounded_percentages() {
        let tally = Tally { wins: 2, losses: 1, draws: 0, discs: 100, opponent_discs: 60 };
        let text = |(count, share): (String, String)| format!("{count} {share}").trim_end().to_string();
        assert_eq!(text(with_percent(tally.wins, tally.win_percent())), "2 (67%)");
        assert_eq!(text(with_percent(tally.draws, tally.draw_percent())), "0 (0%)");
        assert_eq!(text(discs(&tally)), "100 (avg 33.3)");
        assert_eq!(text(discs(&tally.reversed())), "60 (avg 20.0)");
        assert_eq!(text(discs(&Tally::default())), "0");
        assert_eq!((games(1), games(0), games(7)), ("1 game".into(), "0 games".into(), "7 games".into()));
    }
}
