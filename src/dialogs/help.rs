//! Help: the rules, how to play, the menus and options, and the strategy guide, as four tabs.

use super::shortcuts::ShortcutTable;
use super::strategy::StrategyGuide;
use super::Modal;
use analysis::Class;
use engine::Level;
use game::BoardSize;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Rules,
    Playing,
    Menus,
    Strategy,
}

impl Tab {
    const ALL: [Tab; 4] = [Tab::Rules, Tab::Playing, Tab::Menus, Tab::Strategy];

    fn title(self) -> &'static str {
        match self {
            Tab::Rules => "Rules",
            Tab::Playing => "Playing",
            Tab::Menus => "Menus",
            Tab::Strategy => "Strategy",
        }
    }

    fn id(self) -> &'static str {
        match self {
            Tab::Rules => "help-rules",
            Tab::Playing => "help-playing",
            Tab::Menus => "help-menus",
            Tab::Strategy => "help-strategy",
        }
    }
}

#[component]
pub fn HelpDialog() -> impl IntoView {
    let open = RwSignal::new(Tab::Rules);
    let tabs = Tab::ALL
        .map(|tab| {
            view! {
                <button
                    type="button"
                    role="tab"
                    id=format!("{}-tab", tab.id())
                    aria-controls=tab.id()
                    aria-selected=move || (open.get() == tab).to_string()
                    tabindex=move || if open.get() == tab { "0" } else { "-1" }
                    on:click=move |_| open.set(tab)
                    on:keydown=move |ev| {
                        let step = match ev.key().as_str() {
                            "ArrowRight" => 1,
                            "ArrowLeft" => Tab::ALL.len() - 1,
                            _ => return,
                        };
                        let index = Tab::ALL.iter().position(|&t| t == open.get_untracked()).unwrap_or(0);
                        let next = Tab::ALL[(index + step) % Tab::ALL.len()];
                        open.set(next);
                        if let Some(button) = document().get_element_by_id(&format!("{}-tab", next.id())) {
                            let _ = button.unchecked_into::<web_sys::HtmlElement>().focus();
                        }
                    }
                >
                    {tab.title()}
                </button>
            }
        })
        .collect_view();
    view! {
        <Modal title="Help" class="help-dialog">
            <div class="tabs" role="tablist" aria-label="Help topics">{tabs}</div>
            {move || {
                let tab = open.get();
                let body = match tab {
                    Tab::Rules => view! { <Rules /> }.into_any(),
                    Tab::Playing => view! { <Playing /> }.into_any(),
                    Tab::Menus => view! { <Menus /> }.into_any(),
                    Tab::Strategy => view! { <StrategyGuide /> }.into_any(),
                };
                view! {
                    <div class="tab-panel" role="tabpanel" id=tab.id() aria-labelledby=format!("{}-tab", tab.id())>
                        {body}
                    </div>
                }
            }}
        </Modal>
    }
}

#[component]
fn Rules() -> impl IntoView {
    view! {
        <h3>"The board and the start"</h3>
        <p>
            "Two players, Black and White, take turns placing discs of their colour on an 8×8 board (6×6 and 10×10 "
            "are in the options). The game starts with two discs of each colour crossed in the centre. With the "
            "empty-centre opening the board starts empty instead: the first four moves fill the four centre squares "
            "and flip nothing. Black moves first unless the options say White."
        </p>
        <h3>"Moves"</h3>
        <p>
            "Place a disc on an empty square so that it outflanks the opponent: along at least one straight line "
            "(across, down or diagonal) an unbroken row of the opponent's discs lies between the new disc and "
            "another disc of yours. Every outflanked disc, in every direction at once, turns to your colour."
        </p>
        <p>
            "If you have a legal move you must play one. If you have none you pass; the app passes for you, says "
            "so until the next move (with two players on one device, until someone presses OK) and marks the pass "
            "in the move list."
        </p>
        <h3>"The end and the score"</h3>
        <p>
            "The game ends when neither side can move, usually because the board is full. The player with more "
            "discs wins. Scores follow the World Othello Federation: empty squares left at the end count for the "
            "winner, so 40–20 with four squares empty is scored 44–20. A player who resigns loses with every square "
            "going to the winner (64–0 on 8×8). A draw can also be agreed: offer one and the computer accepts only "
            "if it thinks it is not ahead; a human opponent accepts or declines. An agreed draw keeps the discs "
            "on the board as the score."
        </p>
    }
}

#[component]
fn Playing() -> impl IntoView {
    view! {
        <h3>"Mouse and touch"</h3>
        <p>
            "Click or tap a square to play it. Dots mark the legal moves, and pointing at one shows which discs it "
            "would flip (both can be turned off in Options). A square that is not a legal move flashes and nothing "
            "is played. The last move is circled, and the discs it turned flip over in order of distance."
        </p>
        <h3>"Keyboard"</h3>
        <p>
            "Type a square's name, its column letter and then its row number: f then 5 plays f5. Or move the "
            "cursor with the arrow keys and press Enter or Space. Every command also has a key:"
        </p>
        <ShortcutTable />
        <h3>"Playing the computer"</h3>
        <p>
            "While the computer thinks the status says so; Move now makes it play its best move found so far, and "
            "Stop pauses it until Resume play. After Undo or Redo lands on the computer's turn, play also pauses "
            "until you choose Resume play, or Undo again to go back to your own move. With Options › Undo takes back "
            "a whole turn, one Undo takes back the computer's reply and your move together. Two computers can play "
            "each other: Stop pauses them."
        </p>
        <h3>"Playing a friend online"</h3>
        <p>
            "Play a friend online connects your browser straight to your friend's, with no server in between. "
            "Create an invitation and send it (the link, the code or the QR code, through any chat app); your "
            "friend opens it or pastes it, and sends back an answer for you to paste. You both then see "
            "Connected and the same 4-digit check number. Every move, offer and answer from the other side is "
            "checked against the rules before it reaches your board. Take-backs are asked for and the other player "
            "agrees or not; after a game, Rematch starts another with colours swapped. Online games count in the "
            "statistics with human-against-human games. The host may give each side a clock (1, 3, 5 or 10 "
            "minutes; none by default): the side to move's time runs, and a side whose time runs out loses on "
            "time. The clocks stop while the connection is lost and go on, after Reconnect, from the lower of "
            "the two sides' counts."
        </p>
        <p>
            "If the connection drops, the game is kept (also across a reload): choose Reconnect and send a fresh "
            "invitation, and the game goes on from the moves you both have. A connection may not get through at "
            "all: strict firewalls and NATs (common on mobile data and in offices) block direct connections. A relay "
            "(TURN) server, added in the online dialog's Connection settings with the username and credential its "
            "operator gives you, carries the connection through such networks (the app comes with none). Or send "
            "the game by link instead: the link holds the moves so "
            "far; your friend opens it, plays a move and sends the new link back. Share game link, under the move "
            "list, sends any game's link the same way, for viewing."
        </p>
        <h3>"Hints, review and openings"</h3>
        <p>
            "Hints (Shift+H) write on every legal square what that move is worth, in discs at the end of the game "
            "for the side to move: +4 means ahead by about four, −2 behind by about two. The best move is in bold "
            "yellow. The values deepen while you think (the depth is shown beside the button, or \"opening book\" "
            "where they come from the book's deep searches of the first moves); once the endgame "
            "is solved they are exact (underlined), or W, L and D when only the win, loss or draw is known. The "
            "line under the button is the expected continuation of the move under the pointer, or of the best."
        </p>
        <p>
            {format!(
                "Review game analyses every move and marks those that lose against the best move: ?! an \
                 inaccuracy ({} to {} discs), ? a mistake ({} to {}), ?? a blunder ({} or more). Choose one in the \
                 list to see its position with the played move (dashed red) and the better one (green). Quick \
                 reviews a whole game in seconds; Deep looks further and takes several times longer. The graph \
                 under the moves follows the evaluation from Black's view; click a point to go there.",
                Class::INACCURACY,
                Class::MISTAKE - 1,
                Class::MISTAKE,
                Class::BLUNDER - 1,
                Class::BLUNDER
            )}
        </p>
        <p>
            "The opening's name (Tiger, Rose, Buffalo, …) shows under the status, on the move that reached it, "
            "and for the move under the pointer, from whichever corner the game started."
        </p>
        <h3>"Saving and offline play"</h3>
        <p>
            "The game in progress, the options and the statistics are kept in this browser, so closing the tab "
            "loses nothing. After one visit the app also works with no network, and your browser can install it "
            "as an app."
        </p>
    }
}

#[component]
fn Menus() -> impl IntoView {
    let levels = Level::ALL
        .map(|level| {
            let s = level.settings();
            let slips = if s.makes_mistakes() { ", and sometimes slips" } else { "" };
            // A depth as long as a whole 8×8 game means the thinking time is the real limit.
            let reach = if s.depth as usize >= BoardSize::Eight.squares() - 4 {
                format!("looks as far ahead as {} s of thinking allows", s.time_budget_ms / 1000)
            } else {
                format!("looks up to {} moves ahead", s.depth)
            };
            view! {
                <li>
                    <strong>{s.name}</strong>
                    {format!(": {reach}, plays the last {} squares perfectly{slips}.", s.exact_empties)}
                </li>
            }
        })
        .collect_view();
    view! {
        <h3>"The buttons"</h3>
        <ul>
            <li>
                <strong>"New game"</strong>" starts again with the board size, opening and first move from Options; "
                "in a game in progress it asks first (Enter: yes, Escape: no). So does "<strong>"Resign"</strong>"."
            </li>
            <li>
                <strong>"Undo, Redo, Undo all, Redo all"</strong>
                " step through the game; click a move in the move list to jump to it. Playing a new move after "
                "undoing drops the moves that followed."
            </li>
            <li><strong>"Resume play"</strong>" lets the computer move again after a pause."</li>
            <li><strong>"Resign"</strong>" and "<strong>"Offer draw"</strong>" end the game early (see Rules)."</li>
            <li><strong>"Move now"</strong>" and "<strong>"Stop"</strong>" hurry or pause the computer."</li>
            <li>
                <strong>"Copy transcript"</strong>" copies the moves as text (f5d6c3…); "<strong>"Export"</strong>
                " shows the transcript, the board string and a GGF record (for NBoard) and saves them as a text "
                "file; "<strong>"Import"</strong>" starts from any of these, also numbered lists (1. f5 d6 2. c3)."
            </li>
            <li>
                <strong>"Set up position"</strong>" (Shift+S) edits the board: a click on a square turns it from "
                "empty to black to white to empty; on a touch screen choose Black, White or Empty in the palette "
                "and tap the squares. Clear empties the board, Start position puts back the four centre discs, and "
                "the side to move is yours to choose. The editor says whether the position can be played: a board "
                "with no discs cannot; when the side to move has no move but the other has, the game starts with "
                "its pass; when neither has a move it is a final position. Play from here starts a game there with "
                "the players shown; Analyse starts it for study (two humans, hints on; Review game works on it like "
                "on any game). The position is imported and exported as a board string, an OBF line or a link, and "
                "a game from it keeps its start in its save, transcript, GGF record and link."
            </li>
            <li>
                <strong>"Options, Statistics, Help, About"</strong>" open these dialogs. Every button shows its "
                "name and keys when you point at it, focus it, or hold a finger on it."
            </li>
        </ul>
        <h3>"Options"</h3>
        <ul>
            <li>
                <strong>"Players"</strong>": Black and White are each a human or the computer, so you can play the "
                "computer, a friend on the same device, or watch two computers. Each computer side has its own "
                "level, so two computers can be unevenly matched, and a pace to slow their game down. Players and "
                "levels change at once, even mid-game."
            </li>
            <li>
                <strong>"New game"</strong>": who moves first, the board size and the opening. They apply when you "
                "start a new game (the notice after OK offers to start one now); the game in progress keeps its own."
            </li>
            <li>
                <strong>"Board"</strong>": show valid moves, preview the flips of a move, animate moves at a speed of "
                "your choice, and where a1 is: top-left (standard) or bottom-left as in the Reversy program, for the "
                "board's labels, typed squares and the move list alike (transcripts stay standard)."
            </li>
            <li><strong>"Colours"</strong>": the board, the valid-move dots, the keyboard cursor and the last-move ring."</li>
            <li><strong>"Sound and theme"</strong>": sounds on or off, and a light or dark page, or the system's choice."</li>
        </ul>
        <p>"OK keeps your changes, Cancel forgets them, and Restore defaults puts every option back as it came."</p>
        <h3>"Difficulty"</h3>
        <ul>{levels}</ul>
        <h3>"Statistics"</h3>
        <p>
            "Every finished game is counted once: wins, losses, draws and discs, seen as Black against White and as "
            "the computer against a human. Reset clears them after asking."
        </p>
    }
}
