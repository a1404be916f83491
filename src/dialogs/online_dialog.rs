//! "Play a friend online": the host makes an invitation (link, QR code); the guest who opens the link sees what
//! they are invited to and presses Join, the answer comes back through Nostr relays, and both see "Connected" with
//! the same check number. When no relay carries it, the answer code is pasted by hand as before. Or Find an
//! opponent: a stranger from the public lobby on the same relays. Below, the game by link for when no connection
//! can be made.

use super::connection_settings::ConnectionSettings;
use super::Modal;
use crate::model::state::AppState;
use crate::online::{
    game_url, share_or_copy, ColourChoice, Online, Phase, QrImage, RelayStatus, SeekChoice, SeekStatus,
    NO_CONNECTION_HELP,
};
use leptos::prelude::*;
use net::clock::{Clock, LIMITS_MINUTES};
use net::lobby::MAX_NAME_CHARS;

#[component]
pub fn OnlineDialog() -> impl IntoView {
    let state = AppState::get();
    let online = Online::get();
    let code = RwSignal::new(online.arrived_code.get_untracked());
    let error = RwSignal::new(None::<String>);
    let colour = RwSignal::new(ColourChoice::Random);
    let clock = RwSignal::new(None::<Clock>);
    let phase = move || online.phase.get();
    let resuming = move || state.table.with(|t| t.online.as_ref().is_some_and(|s| s.host));
    let variant = move || {
        let v = state.table.with(|t| t.online.as_ref().map(|_| t.game.variant()));
        let v = v.unwrap_or_else(|| state.options.with(|o| o.variant()));
        let opening = match v.opening {
            game::Opening::Standard => "four-disc start",
            game::Opening::EmptyCentre => "empty centre",
        };
        format!("{n}×{n}, {opening}, {} moves first", v.first, n = v.size.n())
    };
    let connect = move || {
        error.set(None);
        online.cancel_seek();
        if let Err(why) = online.connect(state, &code.get_untracked()) {
            error.set(Some(format!("Cannot use this code: {why}")));
        }
    };
    let relays = move || online.relays.get();
    let invited = move || online.invited.with(Option::is_some) && !matches!(phase(), Phase::Connected);
    // By hand: no relay carries the answer, so the guest sends the code and the host pastes it.
    let by_hand = move || matches!(relays(), RelayStatus::Unreachable | RelayStatus::NoAnswer);
    let phase_status = move |phase: Phase| match phase {
        Phase::Idle => String::new(),
        Phase::Preparing => "Preparing the connection details (a few seconds)…".into(),
        Phase::Invited => match relays() {
            RelayStatus::Reaching { open, total } => format!(
                "Send the invitation to your friend: the game starts when they open it and press Join \
                 (listening on {open} of {total} relays)."
            ),
            _ => "No relay could be reached, so the link cannot bring the answer back by itself: send the \
                  invitation, and paste the answer code your friend sends back below."
                .into(),
        },
        Phase::Answered if online.invited.with(Option::is_some) => match relays() {
            RelayStatus::Reaching { open, total } => format!("Joining through {open} of {total} relays…"),
            RelayStatus::Unreachable => "No relay could be reached. Send this answer code to your friend instead; \
                the game starts when they paste it."
                .into(),
            _ => "No direct connection yet, 15 seconds after your answer went out: the relays may not have carried it \
                  (send this answer code to your friend instead: the game starts when they paste it), or the networks \
                  block a direct connection."
                .into(),
        },
        Phase::Answered => "Send this answer back to your friend; the game starts when they paste it.".into(),
        Phase::Connecting => "Connecting…".into(),
        Phase::Connected => format!(
            "{}. Check number {}: your friend sees the same.",
            online.route.get().map_or("Connected", |route| route.describe()),
            online.check.get().unwrap_or_default()
        ),
        Phase::Lost => "The connection was lost. The game is kept: make a fresh invitation to continue.".into(),
        Phase::Failed(why) => why,
    };
    let seeking = move || online.seeking.get();
    let status = move || match (seeking(), phase()) {
        (SeekStatus::Paired(name), _) => match name {
            Some(name) => format!("Opponent found: {name}. Connecting…"),
            None => "Opponent found. Connecting…".into(),
        },
        (SeekStatus::Waiting(_), _) => String::new(),
        (_, phase) => phase_status(phase),
    };
    // An invited guest's game is the empty one they are about to replace: nothing to send by link.
    let offer_game_link = move || !invited();
    // No connection came: the page says what may help, and offers the game by link.
    let failed = move || {
        matches!(phase(), Phase::Failed(_) | Phase::Lost)
            || (matches!(phase(), Phase::Answered | Phase::Connecting) && relays() == RelayStatus::NoAnswer)
    };
    let game_link = move || state.table.with(|t| game_url(&t.game));
    view! {
        <Modal title="Play a friend online" class="online-dialog">
            <p class="online-status" role="status" data-connection=move || phase().key()>{status}</p>
            <Show when=failed>
                <div class="online-help">
                    <p>{NO_CONNECTION_HELP}</p>
                    <Show when=offer_game_link>
                        <button
                            type="button"
                            class="action primary"
                            on:click=move |_| share_or_copy(state, "Game link", &game_link(), true)
                        >
                            "Send by link"
                        </button>
                    </Show>
                </div>
            </Show>
            <p class="online-privacy">"A direct connection shows each player's IP address to the other."</p>
            <Show when=invited>
                <section class="online-step online-invited" aria-labelledby="online-invited">
                    <h3 id="online-invited">"You are invited to a game of Reversi"</h3>
                    <p class="online-terms">
                        {move || online.invited.with(|i| i.as_ref().map(|i| i.invitation.terms.describe()))}
                    </p>
                    <Show when=move || phase() == Phase::Idle>
                        <button type="button" class="action primary" on:click=move |_| online.join(state)>"Join"</button>
                    </Show>
                    <Show when=by_hand>
                        {move || online.answer.get().map(|answer| view! { <CodeBox label="Answer" text=answer attr="data-answer" /> })}
                    </Show>
                </section>
            </Show>
            <Show when=move || !invited()>
            <FindOpponent />
            <section class="online-step" aria-labelledby="online-invite">
                <h3 id="online-invite">"1. Invite a friend"</h3>
                <p>
                    {move || if resuming() { "Continue your online game " } else { "A new game: " }}
                    {variant}
                    {move || (!resuming()).then_some(" (the board size and opening come from Options).")}
                </p>
                <Show when=move || !resuming()>
                    <label class="online-colour">
                        "You play "
                        <select on:change=move |ev| {
                            colour.set(match event_target_value(&ev).as_str() {
                                "black" => ColourChoice::Black,
                                "white" => ColourChoice::White,
                                _ => ColourChoice::Random,
                            })
                        }>
                            <option value="random" selected>"Random colour"</option>
                            <option value="black">"Black"</option>
                            <option value="white">"White"</option>
                        </select>
                    </label>
                    <ClockChoice clock class="online-clock" />
                </Show>
                <button type="button" class="action primary" on:click=move |_| online.invite(state, colour.get_untracked(), clock.get_untracked())>
                    {move || if online.invitation.get().is_some() { "New invitation" } else { "Create invitation" }}
                </button>
                {move || online.invitation.get().map(|link| view! { <CodeBox label="Invitation" text=link attr="data-invitation" /> })}
            </section>
            <section class="online-step" aria-labelledby="online-paste">
                <h3 id="online-paste">"2. Paste the code you received"</h3>
                <form class="online-form" on:submit=move |ev| { ev.prevent_default(); connect(); }>
                    <textarea
                        id="online-code"
                        aria-label="Invitation or answer code"
                        placeholder="The invitation link, or your friend's answer code"
                        rows="3"
                        prop:value=move || code.get()
                        on:input=move |ev| code.set(event_target_value(&ev))
                    ></textarea>
                    <button type="submit" class="action primary">"Connect"</button>
                </form>
                <Show when=move || error.get().is_some()>
                    <p class="form-error" role="alert">{move || error.get()}</p>
                </Show>
                {move || online.answer.get().map(|answer| view! { <CodeBox label="Answer" text=answer attr="data-answer" /> })}
            </section>
            </Show>
            <ConnectionSettings />
            <Show when=offer_game_link>
                <section class="online-step" aria-labelledby="online-link">
                    <h3 id="online-link">"No connection? Send the game by link"</h3>
                    <p>"The game so far in a link: your friend opens it, plays a move and sends the new link back."</p>
                    {move || view! { <CodeBox label="Game link" text=game_link() attr="data-game-link" /> }}
                </section>
            </Show>
        </Modal>
    }
}

/// The clock for a new game: none, or minutes per side (`class` tells the invitation's from the lobby's).
#[component]
fn ClockChoice(clock: RwSignal<Option<Clock>>, class: &'static str) -> impl IntoView {
    let selected = move |minutes: u64| clock.get_untracked().is_some_and(|c| c.limit_minutes() == minutes);
    view! {
        <label class=class>
            "Clock "
            <select on:change=move |ev| clock.set(event_target_value(&ev).parse().ok().and_then(Clock::with_minutes))>
                <option value="none" selected=clock.get_untracked().is_none()>"No clock"</option>
                {LIMITS_MINUTES
                    .map(|minutes| {
                        view! { <option value=minutes selected=selected(minutes)>{format!("{minutes} min per side")}</option> }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Find an opponent: a seek in the public lobby, its waiting line with Cancel, and what came of it.
#[component]
fn FindOpponent() -> impl IntoView {
    let state = AppState::get();
    let online = Online::get();
    let kept = online.lobby_choice.get_untracked();
    let clock = RwSignal::new(kept.as_ref().and_then(|c| c.clock));
    let name = RwSignal::new(kept.map(|c| c.name).unwrap_or_default());
    let seeking = move || online.seeking.get();
    let waiting = move || matches!(seeking(), SeekStatus::Waiting(_) | SeekStatus::Paired(_));
    let seek =
        move |_| online.find_opponent(state, SeekChoice { clock: clock.get_untracked(), name: name.get_untracked() });
    let outcome = move || match seeking() {
        SeekStatus::NotFound => Some("No opponent found: nobody else is looking for this game right now.".to_string()),
        SeekStatus::Unreachable => {
            Some("No relay could be reached, and the lobby lives on them: invite a friend instead.".into())
        }
        SeekStatus::Refused(why) => Some(format!("Cannot look for an opponent: {why}.")),
        _ => None,
    };
    view! {
        <section class="online-step" aria-labelledby="online-lobby">
            <h3 id="online-lobby">"Play someone new"</h3>
            <p>"Anyone else looking for the same game (board and clock) right now; no account."</p>
            <Show
                when=waiting
                fallback=move || {
                    view! {
                        <ClockChoice clock class="lobby-clock" />
                        <label class="online-name">
                            "Your name (optional) "
                            <input
                                type="text"
                                maxlength=MAX_NAME_CHARS
                                autocomplete="nickname"
                                prop:value=move || name.get()
                                on:input=move |ev| name.set(event_target_value(&ev))
                            />
                        </label>
                        {move || outcome().map(|text| view! { <p class="online-outcome" role="status">{text}</p> })}
                        <div class="online-actions">
                            <button type="button" class="action primary" on:click=seek>
                                {move || if outcome().is_some() { "Try again: find an opponent" } else { "Find an opponent" }}
                            </button>
                        </div>
                    }
                }
            >
                <p class="online-seeking" data-seeking role="status">
                    {move || match seeking() {
                        SeekStatus::Waiting(count) => format!("Looking for an opponent… ({count} seeking)"),
                        _ => "Opponent found: connecting…".to_string(),
                    }}
                </p>
                <div class="online-actions">
                    <button type="button" class="action" on:click=move |_| online.cancel_seek()>"Cancel"</button>
                </div>
            </Show>
        </section>
    }
}

/// A code or link to pass on: the text itself (selectable, marked with `attr` for automated players), Copy and
/// Share.
#[component]
fn CodeBox(label: &'static str, text: String, attr: &'static str) -> impl IntoView {
    let state = AppState::get();
    let copy_text = text.clone();
    let share_text = text.clone();
    let qr = (attr != "data-game-link").then(|| view! { <QrImage text=text.clone() label=label /> });
    view! {
        <div class="code-box">
            {qr}
            <p
                class="code-text"
                data-invitation=(attr == "data-invitation").then_some("")
                data-answer=(attr == "data-answer").then_some("")
                data-game-link=(attr == "data-game-link").then_some("")
            >
                {text}
            </p>
            <div class="code-actions">
                <button type="button" class="action" on:click=move |_| share_or_copy(state, label, &copy_text, false)>
                    {format!("Copy {}", label.to_lowercase())}
                </button>
                <button type="button" class="action" on:click=move |_| share_or_copy(state, label, &share_text, true)>
                    {format!("Share {}", label.to_lowercase())}
                </button>
            </div>
        </div>
    }
}
