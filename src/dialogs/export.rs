//! The Export dialog: the game as a transcript, a board string, a GGF record (NBoard) and a link that opens it
//! (`#game=`), each with a Copy button, and the first three as a text file to download.

use super::Modal;
use crate::model::state::AppState;
use crate::online::game_url;
use game::notation::ggf::write_ggf;
use game::notation::{write_board, write_transcript};
use game::Game;
use leptos::prelude::*;

/// Text for a `data:` link: everything but unreserved characters percent-encoded as UTF-8.
fn percent_encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Everything the Export dialog offers, for the file download too.
struct Exported {
    transcript: String,
    board: String,
    ggf: String,
}

impl Exported {
    fn of(game: &Game) -> Exported {
        Exported {
            transcript: write_transcript(game, false),
            board: write_board(game.position()),
            ggf: write_ggf(game),
        }
    }

    /// The text file: one format per paragraph, each named, so any of them can be pasted back into Import.
    fn file(&self) -> String {
        format!("Transcript:\n{}\n\nBoard:\n{}\n\nGGF:\n{}\n", self.transcript, self.board, self.ggf)
    }
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let state = AppState::get();
    let exported = state.table.with_untracked(|t| Exported::of(&t.game));
    let link = state.table.with_untracked(|t| game_url(&t.game));
    let download = format!("data:text/plain;charset=utf-8,{}", percent_encoded(&exported.file()));
    view! {
        <Modal title="Export" class="export-dialog">
            <div class="export-form">
                <ExportField label="Transcript" text=exported.transcript />
                <ExportField label="Board string" text=exported.board />
                <ExportField label="GGF (NBoard)" text=exported.ggf />
                <ExportField label="Link" text=link />
                <div class="dialog-buttons">
                    <a class="action primary download" href=download download="reversi-game.txt">
                        "Download as a text file"
                    </a>
                </div>
            </div>
        </Modal>
    }
}

/// One exported text, selectable, with a Copy button that says when it has copied.
#[component]
pub fn ExportField(label: &'static str, text: String) -> impl IntoView {
    let state = AppState::get();
    let copied = RwSignal::new(false);
    let id = format!("export-{}", label.to_lowercase().split(' ').next().unwrap_or(label));
    let value = text.clone();
    let copy = move |_| {
        state.copy(value.clone());
        copied.set(true);
    };
    view! {
        <div class="export-field">
            <label for=id.clone()>{label}</label>
            <div class="export-row">
                <textarea id=id readonly rows="2" spellcheck="false">{text}</textarea>
                <button type="button" class="action" aria-label=format!("Copy {}", label.to_lowercase()) on:click=copy>
                    {move || if copied.get() { "Copied" } else { "Copy" }}
                </button>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::notation::read_game;
    use game::Variant;

    #[test]
    fn every_exported_paragraph_imports_back() {
        let game = read_game("f5d6c3d3c4", Variant::default()).unwrap();
        let exported = Exported::of(&game);
        for paragraph in exported.file().split("\n\n") {
            let (_, text) = paragraph.split_once(":\n").unwrap();
            assert_eq!(read_game(text.trim(), Variant::default()).unwrap().position(), game.position(), "{text}");
        }
        assert_eq!(percent_encoded("f5 d6\n(;B[f5];)"), "f5%20d6%0A%28%3BB%5Bf5%5D%3B%29");
    }
}
