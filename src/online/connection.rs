//! The browser's WebRTC connection for one online game: a peer connection with one pre-agreed data channel, its
//! offer or answer read into a compact [`Signal`], and the channel's events passed on.

use gloo_timers::future::TimeoutFuture;
use net::ice::{IceConfig, Route, TransportPolicy};
use net::signal::{Role, Signal};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcIceGatheringState, RtcIceServer,
    RtcIceTransportPolicy, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// ICE gathering stops after this long and the code carries the candidates found so far.
const GATHERING_MS: u32 = 4_000;
const GATHERING_POLL_MS: u32 = 100;

/// What the connection tells the app.
pub enum PeerEvent {
    Open,
    Message(String),
    /// The channel closed or the connection failed.
    Lost,
}

pub struct Peer {
    connection: RtcPeerConnection,
    channel: RtcDataChannel,
    /// The event handlers, kept alive as long as the connection.
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Peer {
    /// A connection asking `ice`'s STUN and TURN servers (none: host candidates only, for one machine or one
    /// network).
    pub fn new(ice: &IceConfig, on_event: impl Fn(PeerEvent) + 'static) -> Result<Peer, String> {
        let config = RtcConfiguration::new();
        let servers = js_sys::Array::new();
        for entry in &ice.servers {
            let server = RtcIceServer::new();
            server.set_urls_str(&entry.url);
            if let Some((username, credential)) = &entry.login {
                server.set_username(username);
                server.set_credential(credential);
            }
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        if ice.policy == TransportPolicy::Relay {
            config.set_ice_transport_policy(RtcIceTransportPolicy::Relay);
        }
        let connection = RtcPeerConnection::new_with_configuration(&config)
            .map_err(|e| format!("this browser cannot open a peer-to-peer connection ({e:?})"))?;
        // Both sides create the same channel (negotiated, id 0), so neither waits for the other to announce it.
        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(0);
        let channel = connection.create_data_channel_with_data_channel_dict("reversi", &init);
        let on_event = std::rc::Rc::new(on_event);
        let handler = |f: Box<dyn FnMut(JsValue)>| Closure::wrap(f);
        let open = {
            let on_event = on_event.clone();
            handler(Box::new(move |_| on_event(PeerEvent::Open)))
        };
        let message = {
            let on_event = on_event.clone();
            handler(Box::new(move |event: JsValue| {
                let data = event.unchecked_into::<MessageEvent>().data();
                // Binary frames are passed on as text that the protocol refuses.
                let text = data.as_string().unwrap_or_else(|| "(binary data)".into());
                on_event(PeerEvent::Message(text));
            }))
        };
        let closed = {
            let on_event = on_event.clone();
            handler(Box::new(move |_| on_event(PeerEvent::Lost)))
        };
        let state_change = {
            let on_event = on_event.clone();
            let watched = connection.clone();
            handler(Box::new(move |_| {
                if matches!(
                    watched.connection_state(),
                    RtcPeerConnectionState::Failed | RtcPeerConnectionState::Disconnected
                ) {
                    on_event(PeerEvent::Lost);
                }
            }))
        };
        channel.set_onopen(Some(open.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
        channel.set_onclose(Some(closed.as_ref().unchecked_ref()));
        connection.set_onconnectionstatechange(Some(state_change.as_ref().unchecked_ref()));
        Ok(Peer { connection, channel, _handlers: vec![open, message, closed, state_change] })
    }

    /// The host's side: an offer with the candidates gathered within a few seconds.
    pub async fn offer(&self) -> Result<Signal, String> {
        let offer = JsFuture::from(self.connection.create_offer()).await.map_err(failed("make an offer"))?;
        let sdp = js_sys::Reflect::get(&offer, &"sdp".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
        self.set_local(RtcSdpType::Offer, &sdp).await?;
        self.gathered(Role::Offer).await
    }

    /// The guest's side: takes the host's offer and answers it.
    pub async fn answer(&self, offer: &Signal) -> Result<Signal, String> {
        self.set_remote(RtcSdpType::Offer, &offer.to_sdp()).await?;
        let answer = JsFuture::from(self.connection.create_answer()).await.map_err(failed("make an answer"))?;
        let sdp = js_sys::Reflect::get(&answer, &"sdp".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
        // The guest waits for the host to start DTLS (passive) rather than starting it (active): when a second
        // guest answered the same invitation, its handshake could reach the host first and break the connection
        // with the guest whose answer the host pasted. The host only starts it towards the answer it took.
        let sdp = sdp.replace("a=setup:active", "a=setup:passive");
        self.set_local(RtcSdpType::Answer, &sdp).await?;
        let mut answer = self.gathered(Role::Answer).await?;
        answer.answers = offer.tag();
        Ok(answer)
    }

    /// The host's side: takes the guest's answer; the channel opens once ICE and DTLS get through.
    pub async fn accept(&self, answer: &Signal) -> Result<(), String> {
        self.set_remote(RtcSdpType::Answer, &answer.to_sdp()).await
    }

    /// Sends a message if the channel is open (a closed one has already said so through `Lost`).
    pub fn send(&self, text: &str) -> bool {
        self.channel.send_with_str(text).is_ok()
    }

    /// How the open connection goes: through a TURN server or directly, read from the candidate pair the browser
    /// selected (`None` if the statistics do not say).
    pub async fn route(&self) -> Option<Route> {
        let report: js_sys::Map = JsFuture::from(self.connection.get_stats()).await.ok()?.unchecked_into();
        let field = |stats: &JsValue, name: &str| js_sys::Reflect::get(stats, &name.into()).ok()?.as_string();
        let mut selected = None;
        report.for_each(&mut |stats, _| {
            if field(&stats, "type").as_deref() == Some("transport") {
                selected = selected.take().or_else(|| field(&stats, "selectedCandidatePairId"));
            }
        });
        let pair = report.get(&selected?.into());
        let candidate_type = |side: &str| field(&report.get(&field(&pair, side)?.into()), "candidateType");
        Some(Route::of_pair(&candidate_type("localCandidateId")?, &candidate_type("remoteCandidateId")?))
    }

    pub fn close(&self) {
        self.channel.close();
        self.connection.close();
    }

    async fn set_local(&self, kind: RtcSdpType, sdp: &str) -> Result<(), String> {
        let description = RtcSessionDescriptionInit::new(kind);
        description.set_sdp(sdp);
        JsFuture::from(self.connection.set_local_description(&description))
            .await
            .map(drop)
            .map_err(failed("use its own connection details"))
    }

    async fn set_remote(&self, kind: RtcSdpType, sdp: &str) -> Result<(), String> {
        let description = RtcSessionDescriptionInit::new(kind);
        description.set_sdp(sdp);
        JsFuture::from(self.connection.set_remote_description(&description))
            .await
            .map(drop)
            .map_err(failed("use the other player's code"))
    }

    /// Waits for ICE gathering to finish (at most a few seconds), then reads the local description.
    async fn gathered(&self, role: Role) -> Result<Signal, String> {
        let mut waited = 0;
        while self.connection.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHERING_MS {
            TimeoutFuture::new(GATHERING_POLL_MS).await;
            waited += GATHERING_POLL_MS;
        }
        let sdp = self.connection.local_description().map(|d| d.sdp()).unwrap_or_default();
        let signal = Signal::from_sdp(role, &sdp).map_err(|e| e.to_string())?;
        if signal.candidates.is_empty() {
            return Err("No direct connection is possible: no network address was found for this device (when only \
                relays may be used, no TURN server answered: check its address and credentials)."
                .into());
        }
        Ok(signal)
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.channel.set_onclose(None);
        self.connection.set_onconnectionstatechange(None);
        self.close();
    }
}

fn failed(what: &'static str) -> impl Fn(JsValue) -> String {
    move |error| {
        let why = js_sys::Reflect::get(&error, &"message".into()).ok().and_then(|m| m.as_string());
        format!("the browser could not {what}: {}", why.unwrap_or_else(|| format!("{error:?}")))
    }
}
