//! "Play a friend online": the host makes an invitation (link, QR code); the guest who opens the link sees what
//! they are invited to and presses Join, the answer comes back through Nostr relays, and both see "Connected" with
//! the same check number. When no relay carries it, the answer code is pasted by hand as before. Below, the game
//! by link for when no connection can be made.

use super::connection_settings::ConnectionSettings;
use super::Modal;
use crate::model::state::AppState;
use crate::online::{game_url, share_or_copy, ColourChoice, Online, Phase, QrImage, RelayStatus, NO_CONNECTION_HELP};
use leptos::prelude::*;
use net::clock::{Clock, LIMITS_MINUTES};

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
        if let Err(why) = online.connect(state, &code.get_untracked()) {
            error.set(Some(format!("Cannot use this code: {why}")));
        }
    };
    let relays = move || online.relays.get();
    let invited = move || online.invited.with(Option::is_some) && !matches!(phase(), Phase::Connected);
    // By hand: no relay carries the answer, so the guest sends the code and the host pastes it.
    let by_hand = move || matches!(relays(), RelayStatus::Unreachable | RelayStatus::NoAnswer);
    let status = move || match phase() {
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
                    <button
                        type="button"
                        class="action primary"
                        on:click=move |_| share_or_copy(state, "Game link", &game_link(), true)
                    >
                        "Send by link"
                    </button>
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
                    <label class="online-clock">
                        "Clock "
                        <select on:change=move |ev| {
                            clock.set(event_target_value(&ev).parse().ok().and_then(Clock::with_minutes))
                        }>
                            <option value="none" selected>"No clock"</option>
                            {LIMITS_MINUTES
                                .map(|minutes| view! { <option value=minutes>{format!("{minutes} min per side")}</option> })
                                .collect_view()}
                        </select>
                    </label>
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
            <section class="online-step" aria-labelledby="online-link">
                <h3 id="online-link">"No connection? Send the game by link"</h3>
                <p>"The game so far in a link: your friend opens it, plays a move and sends the new link back."</p>
                {move || view! { <CodeBox label="Game link" text=game_link() attr="data-game-link" /> }}
            </section>
        </Modal>
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
