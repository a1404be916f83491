//! Saves written by the build before the workspace split (44b8762), when the engine's `Level` and `Opening` derived
//! serde themselves: today's build, whose save format names them through the game crate (`game::SavedLevel`,
//! `game::SavedOpening`), restores them whole, and writes them again in today's format (version 2, which reads them
//! at once from then on). The texts are what that build's `save_options` and `save_table` wrote.

use engine::{Level, Opening};
use game::{BoardSize, Color, Move};
use reversi::model::saves::{restore, GAME_KEY, OPTIONS_KEY};
use reversi::model::store::{KeyValueStore, MemoryStore};

const OPTIONS: &str = r##"{"version":1,"data":{"show_valid_moves":true,"preview_moves":true,"animate_moves":true,"animation_speed":3,"board_colour":"#2e7d4f","valid_move_colour":"#f5d90a","active_square_colour":"#4aa3ff","move_indicator_colour":"#e5484d","first_move":"Black","black":"Human","white":"Computer","black_level":"Master","white_level":"Beginner","computer_pause_ms":0,"board_size":6,"opening":"EmptyCentre","sound":true,"theme":"System","stun_servers":["stun:stun.l.google.com:19302"],"coordinates":"Standard"}}"##;
const GAME: &str = r##"{"version":1,"data":{"variant":{"size":6,"opening":"EmptyCentre","first":"White"},"start":"------------------------------------O","moves":"c3d3c4d4e2b2","cursor":6,"ending":null,"draw_offer":null,"recorded":false,"suspended":false}}"##;

#[test]
fn options_and_a_game_saved_before_the_split_restore_whole() {
    let store = MemoryStore::default();
    store.set(OPTIONS_KEY, OPTIONS).unwrap();
    store.set(GAME_KEY, GAME).unwrap();
    let restored = restore(&store).convert_json_saves(&store);
    assert!(restored.problems.is_empty(), "{:?}", restored.problems);
    for key in [OPTIONS_KEY, GAME_KEY] {
        assert!(store.get(key).unwrap().starts_with("v2:"), "{key} is written in today's format");
    }
    let again = restore(&store);
    assert!(again.json_saves.is_empty() && again.problems.is_empty(), "{:?}", again.problems);
    assert_eq!((&again.options, &again.table), (&restored.options, &restored.table));
    let options = &restored.options;
    assert_eq!((options.black_level, options.white_level), (Level::Master, Level::Beginner));
    assert_eq!((options.board_size, options.opening), (BoardSize::Six, Opening::EmptyCentre));
    assert!(options.turn_servers.is_empty(), "a save from before TURN servers has none");
    assert_eq!(options.stun_servers, vec!["stun:stun.l.google.com:19302".to_string()]);
    let game = &restored.table.game;
    let variant = game.variant();
    assert_eq!((variant.size, variant.opening, variant.first), (BoardSize::Six, Opening::EmptyCentre, Color::White));
    assert_eq!(game.history().moves().len(), 6);
    assert!(game.history().moves().iter().all(|m| matches!(m, Move::Play(_))));
}
