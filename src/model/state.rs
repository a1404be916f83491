//! The app's shared state: signals over plain-Rust types, provided once through context, and the actions every
//! control calls (so a button, a shortcut and a test all do the same thing).

use super::actions::Action;
use super::editor::Editor;
use super::event::{Event, LastEvent};
use super::options::Options;
use super::page_clock::now_ms;
use super::saves::SetAside;
use super::table::{describe_last_move, describe_position, DrawOffer, Players, Table};
use engine::Level;
use game::notation::write_transcript;
use game::{square_name, Color, Game, PlayerKind, Statistics};
use leptos::prelude::*;

/// The overlays and dialogs; at most one is open (`dialogs/` renders it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    Options,
    Statistics,
    Help,
    About,
    /// The keyboard shortcut overlay (`?`).
    Shortcuts,
    /// Paste a transcript or a board string.
    Import,
    /// Play a friend online: invitation, answer, connection.
    Online,
    /// The game as a transcript, a board string, a GGF record, a link and a file.
    Export,
    /// "Are you sure?" before a command that ends the game in progress (New game, Resign).
    Confirm(Action),
    /// A `#game=` link arrived while a game was under way: open it in its place, or keep the game.
    OpenLink,
}

/// A short message shown above the board until the next action (draw declined, import failed, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
    /// A command the notice offers as a button, with the button's words ("Start a new game now").
    pub offer: Option<(Action, &'static str)>,
}

/// Everything the components share. `Copy`: signals are handles, so each component takes it from context.
#[derive(Clone, Copy)]
pub struct AppState {
    pub table: RwSignal<Table>,
    /// The saved preferences (players, level, size, colours, ...).
    pub options: RwSignal<Options>,
    /// The finished games, counted when a game ends.
    pub statistics: RwSignal<Statistics>,
    pub dialog: RwSignal<Option<Dialog>>,
    /// The keyboard focus cursor on the board (a square index).
    pub cursor: RwSignal<usize>,
    /// The square under the pointer, for the flip preview.
    pub hover: RwSignal<Option<usize>>,
    /// The colour the computer is thinking for right now.
    pub thinking: RwSignal<Option<Color>>,
    /// Whether the engine's data files (weights and book) are here, so the computer can move and hint: at once
    /// natively, after their download in the page (`effects::engine_data`).
    pub engine_ready: RwSignal<bool>,
    /// Set by Move now; the thinking driver plays its best move so far and clears it.
    pub hurry: RwSignal<bool>,
    /// The last move was just played (not reached by undo/redo), so its flips animate. Counts moves so a disc
    /// that flips twice in a row animates twice.
    pub animation: RwSignal<Option<u64>>,
    /// Text for the aria-live region.
    pub announcement: RwSignal<String>,
    /// A message about the last action; the next move or jump clears it.
    pub notice: RwSignal<Option<Notice>>,
    /// Warnings about lost or unusable data (an unreadable save, storage refused): each stays until dismissed.
    pub warnings: RwSignal<Vec<String>>,
    /// What the last action did, for the effects that follow it (sound, statistics, clipboard, the refused flash).
    pub event: RwSignal<Option<LastEvent>>,
    /// The side that had to pass, shown until the next human action (with two humans, until acknowledged).
    pub pass_notice: RwSignal<Option<Color>>,
    /// The board editor, while a position is being set up (the game on the table waits meanwhile).
    pub setup: RwSignal<Option<Editor>>,
    /// The local game an online game took the place of, until it is brought back.
    pub set_aside: RwSignal<Option<SetAside>>,
    /// Counts the games put on the table (new, imported, set up, opened from a link), so what belongs to one game,
    /// its review, leaves with it. (An online game has its own id.)
    pub game_serial: RwSignal<u64>,
    /// Counts the jumps (a new or imported game, a step through the history, a resignation), after each of which
    /// the board is brought into view (`effects/viewport.rs`).
    pub jumps: RwSignal<u64>,
    /// The app runs installed, in a window of its own (display-mode standalone), as the keyboard effect found.
    pub installed: RwSignal<bool>,
    serial: StoredValue<u64>,
}

impl AppState {
    pub fn new(options: Options, table: Table, statistics: Statistics) -> AppState {
        let centre = table.game.variant().size.n() / 2;
        AppState {
            cursor: RwSignal::new((centre - 1) * table.game.variant().size.n() + centre - 1),
            table: RwSignal::new(table),
            options: RwSignal::new(options),
            statistics: RwSignal::new(statistics),
            dialog: RwSignal::new(None),
            hover: RwSignal::new(None),
            thinking: RwSignal::new(None),
            engine_ready: RwSignal::new(engine::shipped::ready()),
            hurry: RwSignal::new(false),
            animation: RwSignal::new(None),
            announcement: RwSignal::new(String::new()),
            notice: RwSignal::new(None),
            warnings: RwSignal::new(Vec::new()),
            event: RwSignal::new(None),
            pass_notice: RwSignal::new(None),
            setup: RwSignal::new(None),
            set_aside: RwSignal::new(None),
            game_serial: RwSignal::new(0),
            jumps: RwSignal::new(0),
            installed: RwSignal::new(false),
            serial: StoredValue::new(0),
        }
    }

    pub fn provide(self) {
        provide_context(self);
    }

    pub fn get() -> AppState {
        expect_context::<AppState>()
    }

    fn next_serial(&self) -> u64 {
        self.serial.update_value(|n| *n += 1);
        self.serial.get_value()
    }

    pub fn players(&self) -> Players {
        self.options.with(Players::from_options)
    }

    pub fn players_untracked(&self) -> Players {
        self.options.with_untracked(Players::from_options)
    }

    /// Squares along one side of the board in play.
    pub fn size(&self) -> usize {
        self.table.with(|t| t.game.variant().size.n())
    }

    pub fn size_untracked(&self) -> usize {
        self.table.with_untracked(|t| t.game.variant().size.n())
    }

    /// Tells the effects what just happened.
    fn publish(&self, event: Event) {
        self.event.set(Some(LastEvent { serial: self.next_serial(), event }));
    }

    pub(crate) fn say(&self, text: String) {
        self.announcement.set(text);
    }

    fn note(&self, text: impl Into<String>, is_error: bool) {
        self.notice.set(Some(Notice { text: text.into(), is_error, offer: None }));
    }

    /// A human clicked, tapped or typed a square: play it if it is their turn and legal, else show the cue.
    pub fn human_plays(&self, square: usize) {
        if self.setup.with_untracked(Option::is_some) {
            return self.edit_square(square);
        }
        let players = self.players_untracked();
        let may_move = self.table.with_untracked(|t| t.human_to_move(&players).is_some() && t.game.is_legal(square));
        if may_move {
            // A pass notice lasts until the next human move; two humans on one device acknowledge it instead.
            let one_person_here = players.is_computer(Color::Black)
                || players.is_computer(Color::White)
                || self.table.with_untracked(|t| t.online.is_some());
            if one_person_here {
                self.pass_notice.set(None);
            }
            self.cursor.set(square);
            self.place(square);
        } else {
            self.publish(Event::Refused { square });
        }
    }

    /// The computer's chosen move.
    pub fn computer_plays(&self, square: usize) {
        self.place(square);
    }

    fn place(&self, square: usize) {
        let mut played = Ok(());
        let now = now_ms();
        self.table.update(|t| played = t.play(square, now));
        match played {
            Ok(()) => {
                self.notice.set(None);
                self.animation.set(Some(self.next_serial()));
                let coordinates = self.options.with_untracked(|o| o.coordinates);
                self.say(self.table.with_untracked(|t| describe_last_move(&t.game, coordinates)));
                self.publish_placed(square);
            }
            Err(illegal) => self.note(format!("Move refused: {illegal}"), true),
        }
    }

    /// Tells the effects a disc was placed (here or by the peer); a pass it forces stays said until the next human
    /// move (see human_plays), not just until the next move.
    fn publish_placed(&self, square: usize) {
        let (ended, passer) = self.table.with_untracked(|t| (t.game.is_over(), t.game.passed()));
        let passed = passer.is_some() && !ended;
        if passed {
            self.pass_notice.set(passer);
        } else if ended {
            // The game's end says all: a pass notice from before would only confuse.
            self.pass_notice.set(None);
        }
        self.publish(Event::Placed { square, ended, passed });
    }

    /// The peer's move, offer or answer arrived (online), or this side answered one: animate a placed disc, say
    /// it, and publish it like a local move or ending (so sound and the statistics follow).
    pub fn peer_acted(&self, text: String, placed: Option<usize>) {
        let ended = self.table.with_untracked(|t| t.game.is_over());
        match placed {
            Some(square) => {
                self.animation.set(Some(self.next_serial()));
                self.publish_placed(square);
            }
            None => {
                self.after_jump();
                if ended {
                    self.publish(Event::Ended);
                }
            }
        }
        self.say(text);
    }

    pub fn new_game(&self) {
        let variant = self.options.with_untracked(Options::variant);
        self.table.set(Table::new(variant));
        self.game_serial.update(|n| *n += 1);
        self.after_jump();
        let n = variant.size.n();
        self.cursor.set((n / 2 - 1) * n + n / 2 - 1);
        self.say(format!("New game. {} to move.", variant.first));
    }

    /// Starts from an imported game (transcript or board string).
    pub fn load_game(&self, game: Game) {
        self.table.set(Table::from_game(game));
        self.game_serial.update(|n| *n += 1);
        self.after_jump();
        self.say(self.table.with_untracked(|t| describe_position(&t.game)));
    }

    /// Brings back the local game and players an online game set aside.
    pub fn bring_back_set_aside(&self) {
        let Some(SetAside { table, black, white }) = self.set_aside.try_update(Option::take).flatten() else { return };
        self.options.update(|o| {
            o.set_player(Color::Black, black);
            o.set_player(Color::White, white);
        });
        self.table.set(table);
        self.game_serial.update(|n| *n += 1);
        self.after_jump();
        self.show_info("Your game from before going online is back, with its players.");
        self.say(self.table.with_untracked(|t| describe_position(&t.game)));
    }

    /// Takes the game another tab of this page saved, so this tab never saves a stale game over it.
    pub fn follow_other_tab(&self, table: Table) {
        self.take_saved_table(table);
        self.show_info("The game was changed in another tab of this page: this tab now shows it.");
        self.say(self.table.with_untracked(|t| describe_position(&t.game)));
    }

    /// Puts a saved game on the table in place of the one shown (another tab's, or an earlier version's save once
    /// it is read).
    pub fn take_saved_table(&self, table: Table) {
        self.table.set(table);
        self.game_serial.update(|n| *n += 1);
        self.after_jump();
    }

    fn navigate(&self, step: impl FnOnce(&mut Table, &Players) -> bool, what: &str) {
        let players = self.players_untracked();
        let mut moved = false;
        self.table.update(|t| moved = step(t, &players));
        if moved {
            self.after_jump();
            let suspended = self.table.with_untracked(|t| t.can_resume(&players));
            let mut text = format!("{what}. {}", self.table.with_untracked(|t| describe_position(&t.game)));
            if suspended {
                text.push(' ');
                text.push_str(self.table.with_untracked(|t| t.pause_advice(&players)));
            }
            self.say(text);
        }
    }

    /// What any jump in the game (new, imported, undo/redo, resign) leaves behind: no animation, notice or hurry.
    fn after_jump(&self) {
        self.jumps.update(|n| *n += 1);
        self.animation.set(None);
        self.notice.set(None);
        self.pass_notice.set(None);
        self.hurry.set(false);
    }

    pub fn undo(&self) {
        let whole_turn = self.options.with_untracked(|o| o.undo_whole_turn);
        self.navigate(|t, p| t.undo(p, whole_turn), if whole_turn { "Turn taken back" } else { "Move taken back" });
    }

    pub fn redo(&self) {
        let whole_turn = self.options.with_untracked(|o| o.undo_whole_turn);
        self.navigate(|t, p| t.redo(p, whole_turn), if whole_turn { "Turn replayed" } else { "Move replayed" });
    }

    pub fn undo_all(&self) {
        self.navigate(|t, p| t.undo_all(p), "Back to the start");
    }

    pub fn redo_all(&self) {
        self.navigate(|t, p| t.redo_all(p), "Forward to the last move");
    }

    pub fn go_to(&self, ply: usize) {
        self.navigate(|t, p| t.go_to(p, ply), "Jumped in the move list");
    }

    pub fn resume(&self) {
        self.table.update(Table::resume);
        self.say("Play resumed.".into());
    }

    /// Stop: the computer stops thinking and waits for Resume play (also the pause of computer-only games).
    pub fn stop(&self) {
        self.table.update(Table::suspend);
        self.say("Computer stopped. Choose Resume play to continue.".into());
    }

    /// Shows the moves so far ("f5d6c3...") and hands them to the clipboard (the notice keeps them readable
    /// should the browser refuse the clipboard).
    pub fn copy_transcript(&self) {
        let text = self.table.with_untracked(|t| write_transcript(&t.game, false));
        self.show_info(format!("Transcript copied: {text}"));
        self.copy(text);
    }

    /// Hands text to the clipboard (the clipboard effect follows the event).
    pub fn copy(&self, text: String) {
        self.publish(Event::Copied(text));
    }

    /// The game so far as a link for anyone to open and view (the share sheet, else the clipboard: the links
    /// follow the event).
    pub fn share_link(&self) {
        self.publish(Event::GameLinkShared);
    }

    pub fn move_now(&self) {
        self.hurry.set(true);
    }

    pub fn resign(&self) {
        let players = self.players_untracked();
        let mut resigned = None;
        self.table.update(|t| resigned = t.resign(&players).ok());
        if resigned.is_some() {
            self.after_jump();
            self.say(self.table.with_untracked(|t| describe_position(&t.game)));
            self.publish(Event::Ended);
        }
    }

    pub fn offer_draw(&self) {
        let players = self.players_untracked();
        let mut offer = None;
        self.table.update(|t| offer = t.offer_draw(&players).ok());
        match offer {
            Some(DrawOffer::ComputerDecides { computer }) => {
                self.say(format!("Draw offered. {computer} (computer) is considering it."));
            }
            Some(DrawOffer::HumanDecides { responder }) => {
                self.say(format!("Draw offered. {responder}: accept or decline?"));
            }
            Some(DrawOffer::PeerDecides) => self.say("Draw offered. Waiting for your opponent's answer.".into()),
            None => {}
        }
    }

    /// The computer's verdict on an open draw offer.
    pub fn computer_answers_draw(&self, accept: bool) {
        let mut accepted = None;
        self.table.update(|t| accepted = t.answer_draw(accept).ok());
        match accepted {
            Some(true) => {
                self.say(self.table.with_untracked(|t| describe_position(&t.game)));
                self.note("The computer accepts the draw.", false);
                self.publish(Event::Ended);
            }
            Some(false) => {
                self.say("The computer declines the draw. Play on.".into());
                self.note("The computer declines the draw.", false);
            }
            None => {}
        }
    }

    pub fn accept_draw(&self) {
        let mut accepted = false;
        self.table.update(|t| accepted = t.answer_draw_here(true));
        if accepted {
            self.say(self.table.with_untracked(|t| describe_position(&t.game)));
            self.publish(Event::Ended);
        }
    }

    pub fn decline_draw(&self) {
        let mut declined = false;
        self.table.update(|t| declined = t.answer_draw_here(false));
        if declined {
            self.say("Draw declined. Play on.".into());
        }
    }

    /// Changes who plays one colour, mid-game if need be.
    pub fn set_player(&self, color: Color, kind: PlayerKind) {
        self.options.update(|o| o.set_player(color, kind));
        let who = match kind {
            PlayerKind::Human => "a human".to_string(),
            PlayerKind::Computer => {
                format!("the computer ({})", self.options.with_untracked(|o| o.level(color).name()))
            }
        };
        self.say(format!("{color} is now played by {who}."));
    }

    /// Changes the computer's level for one colour, mid-game if need be.
    pub fn set_level(&self, color: Color, level: Level) {
        self.options.update(|o| o.set_level(color, level));
        self.say(format!("{color} computer level: {}.", level.name()));
    }

    pub fn open(&self, dialog: Dialog) {
        self.dialog.set(Some(dialog));
    }

    pub fn close_dialog(&self) {
        self.dialog.set(None);
    }

    /// The player confirmed a command that ends the game in progress.
    pub fn confirm(&self, action: Action) {
        self.close_dialog();
        self.run(action);
    }

    pub fn show_error(&self, text: impl Into<String>) {
        self.note(text, true);
    }

    pub fn show_info(&self, text: impl Into<String>) {
        self.note(text, false);
    }

    /// A warning about lost or unusable data, shown until the player dismisses it (once, however often it comes).
    pub fn warn(&self, text: impl Into<String>) {
        let text = text.into();
        self.warnings.update(|warnings| {
            if !warnings.contains(&text) {
                warnings.push(text);
            }
        });
    }

    pub fn dismiss_warning(&self, text: &str) {
        self.warnings.update(|warnings| warnings.retain(|warning| warning != text));
    }

    /// An information notice with a button that runs `action` (without asking: the button says what it does).
    pub fn offer(&self, text: impl Into<String>, action: Action, button: &'static str) {
        self.notice.set(Some(Notice { text: text.into(), is_error: false, offer: Some((action, button)) }));
    }

    /// Moves the focus cursor by (columns, rows), staying on the board.
    pub fn move_cursor(&self, dx: i32, dy: i32) {
        let n = self.size_untracked() as i32;
        self.cursor.update(|c| {
            let (x, y) = (*c as i32 % n, *c as i32 / n);
            let (x, y) = ((x + dx).clamp(0, n - 1), (y + dy).clamp(0, n - 1));
            *c = (y * n + x) as usize;
        });
    }

    /// The classic Windows Reversi Ctrl keys are on (tracked): in the installed app, or as the options say.
    pub fn classic_keys(&self) -> bool {
        let installed = self.installed.get();
        self.options.with(|o| o.classic_keys.active(installed))
    }

    pub fn square_name(&self, square: usize) -> String {
        square_name(square, self.size_untracked())
    }
}

impl AppState {
    /// Runs a menu command (from a button or a shortcut) if it applies now; one that would end a game in progress
    /// asks first.
    pub fn perform(&self, action: Action) {
        if !self.is_enabled_untracked(action) {
            return;
        }
        let in_progress = self.table.with_untracked(Table::in_progress);
        match action {
            Action::NewGame if in_progress => self.open(Dialog::Confirm(action)),
            Action::Resign => self.open(Dialog::Confirm(action)),
            _ => self.run(action),
        }
    }

    /// Runs a command without asking (the answer to a confirmation, or a button that already says what it ends).
    pub fn run(&self, action: Action) {
        if !self.is_enabled_untracked(action) {
            return;
        }
        match action {
            Action::NewGame => self.new_game(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::UndoAll => self.undo_all(),
            Action::RedoAll => self.redo_all(),
            Action::ResumePlay => self.resume(),
            Action::Resign => self.resign(),
            Action::OfferDraw => self.offer_draw(),
            Action::MoveNow => self.move_now(),
            Action::Stop => self.stop(),
            Action::CopyTranscript => self.copy_transcript(),
            Action::ShareLink => self.share_link(),
            Action::Export => self.open(Dialog::Export),
            Action::Import => self.open(Dialog::Import),
            Action::Options => self.open(Dialog::Options),
            Action::Statistics => self.open(Dialog::Statistics),
            Action::Help => self.open(Dialog::Help),
            Action::About => self.open(Dialog::About),
            Action::Shortcuts => self.open(Dialog::Shortcuts),
            Action::Hints => self.publish(Event::HintsToggled),
            Action::PlayOnline => self.open(Dialog::Online),
            Action::SetUpPosition if self.setup.with_untracked(Option::is_some) => self.close_setup(),
            Action::SetUpPosition => self.open_setup(),
        }
    }

    /// Whether a command applies now; tracked, so buttons enable and disable themselves.
    pub fn is_enabled(&self, action: Action) -> bool {
        let players = self.players();
        let thinking = self.thinking.get().is_some();
        let setting_up = self.setup.with(Option::is_some);
        (!setting_up || action.works_while_setting_up()) && self.table.with(|t| t.allows(&players, thinking, action))
    }

    fn is_enabled_untracked(&self, action: Action) -> bool {
        let players = self.players_untracked();
        let thinking = self.thinking.get_untracked().is_some();
        let setting_up = self.setup.with_untracked(Option::is_some);
        (!setting_up || action.works_while_setting_up())
            && self.table.with_untracked(|t| t.allows(&players, thinking, action))
    }
}
