//! The online dialog's Connection settings, folded away under a disclosure button: the STUN servers, the TURN
//! servers (a relay for the connection itself, with the credentials its operator gives) and the Nostr relays. Saved
//! with the options; every address is checked as typed and a refusal says why.

use crate::model::options::Options;
use crate::model::state::AppState;
use leptos::prelude::*;

#[component]
pub fn ConnectionSettings() -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <section class="online-step connection-settings">
            <button
                type="button"
                class="disclosure"
                aria-expanded=move || if open.get() { "true" } else { "false" }
                aria-controls="connection-settings"
                on:click=move |_| open.update(|o| *o = !*o)
            >
                "Connection settings"
            </button>
            <div id="connection-settings" hidden=move || !open.get()>
                // STUN servers tell each browser its public address; no game data passes through them.
                <ServerList
                    label="STUN servers (\"none\" for none: enough on one network)"
                    read=|o| &o.stun_servers
                    write=Options::set_stun_servers
                />
                <TurnServers />
                <ServerList
                    label="Nostr relays for one-link invitations (they pass on the sealed answer; \"none\" to send codes by hand)"
                    read=|o| &o.relays
                    write=Options::set_relays
                />
            </div>
        </section>
    }
}

/// The saved TURN servers, each with Remove, and a form that adds one.
#[component]
fn TurnServers() -> impl IntoView {
    let state = AppState::get();
    let url = RwSignal::new(String::new());
    let username = RwSignal::new(String::new());
    let credential = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut result = Ok(());
        state.options.update(|o| {
            result = o.add_turn_server(&url.get_untracked(), &username.get_untracked(), &credential.get_untracked())
        });
        match result {
            Ok(()) => {
                error.set(None);
                for field in [url, username, credential] {
                    field.set(String::new());
                }
            }
            Err(why) => error.set(Some(why)),
        }
    };
    let remove = move |at: usize| state.options.update(|o| drop(o.turn_servers.remove(at)));
    let saved = move || {
        state.options.with(|o| o.turn_servers.iter().map(|t| (t.url.clone(), t.username.clone())).collect::<Vec<_>>())
    };
    let field = |label: &'static str, value: RwSignal<String>, kind: &'static str, placeholder: &'static str| {
        view! {
            <label class="online-stun">
                {label}
                <input
                    type=kind
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=placeholder
                    prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev))
                />
            </label>
        }
    };
    view! {
        <fieldset class="turn-servers">
            <legend>"TURN servers"</legend>
            <p class="turn-note">
                "A relay for networks that block a direct connection. The app comes with none: add one its operator                  gave you."
            </p>
            <Show when=move || !saved().is_empty()>
                <ul class="turn-list">
                    {move || {
                        saved()
                            .into_iter()
                            .enumerate()
                            .map(|(at, (url, username))| {
                                view! {
                                    <li>
                                        <span class="turn-url" data-turn-server="">{format!("{url} · {username}")}</span>
                                        <button
                                            type="button"
                                            class="action"
                                            aria-label=format!("Remove {url}")
                                            on:click=move |_| remove(at)
                                        >
                                            "Remove"
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </Show>
            <form class="turn-form" on:submit=add>
                {field("TURN server address", url, "text", "turn:turn.example.org:3478")}
                {field("TURN username", username, "text", "")}
                {field("TURN credential", credential, "password", "")}
                <button type="submit" class="action">"Add TURN server"</button>
            </form>
            <Show when=move || error.get().is_some()>
                <p class="form-error" role="alert">{move || error.get()}</p>
            </Show>
        </fieldset>
    }
}

/// A list of servers saved with the options, typed as text ("none" for none), refused with a reason if malformed.
#[component]
fn ServerList(
    label: &'static str,
    read: fn(&Options) -> &Vec<String>,
    write: fn(&mut Options, &str) -> Result<(), String>,
) -> impl IntoView {
    let state = AppState::get();
    let error = RwSignal::new(None::<String>);
    let shown = move || {
        let servers = state.options.with(|o| read(o).join(", "));
        if servers.is_empty() {
            "none".to_string()
        } else {
            servers
        }
    };
    let set = move |text: String| {
        let mut result = Ok(());
        state.options.update(|o| result = write(o, &text));
        error.set(result.err());
    };
    view! {
        <label class="online-stun">
            {label}
            <input type="text" prop:value=shown on:change=move |ev| set(event_target_value(&ev)) />
        </label>
        <Show when=move || error.get().is_some()>
            <p class="form-error" role="alert">{move || error.get()}</p>
        </Show>
    }
}
