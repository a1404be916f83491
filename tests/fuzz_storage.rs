//! Fuzzing what the app keeps between visits: the saved options, statistics and game, and the whole restore.
//!
//! Random valid values must survive a save and a load unchanged (parse(format(x)) = x); random and mutated save
//! texts, in today's format and in version 1's JSON (bytes flipped, cut, spliced, numbers made negative or huge,
//! fields of the wrong kind) must never panic, and restoring them must keep every key that still reads and never
//! write over one that does not without a backup. Each test prints how many inputs it tried (`cargo test --test fuzz_storage -- --nocapture`); per run with
//! the default `FUZZ_SCALE=1`: 1,000 options, 1,000 statistics and 200 games round-tripped, 3,000 mutated saves of
//! each kind and 3,000 random byte strings read by every reader, and 1,000 restores of three mutated keys (17,200
//! inputs, a few seconds). `FUZZ_SCALE=50` tries fifty times as many, and `FUZZ_SEED` changes the inputs.
#![cfg(not(target_arch = "wasm32"))]

use game::{
    is_json_save, load, load_fields_v1, save, squares_of, BoardSize, Color, Game, Opening, Statistics, Variant,
};
use reversi::model::options::Options;
use reversi::model::saves::{
    restore, save_options, save_statistics, save_table, GuardedStore, Restored, GAME_KEY, OPTIONS_KEY, STATISTICS_KEY,
};
use reversi::model::saves_v1::read_options_v1;
use reversi::model::store::{KeyValueStore, MemoryStore};
use reversi::model::table::Table;

/// SplitMix64: a small, well-mixed generator, so the inputs are the same on every run with the same seed.
struct Random(u64);

impl Random {
    fn new(salt: u64) -> Random {
        let seed = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed_u64);
        Random(seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn scale() -> usize {
    std::env::var("FUZZ_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

const LEVELS: [&str; 5] = ["Beginner", "Intermediate", "Advanced", "Expert", "Master"];

/// Random options with every field in range, built as the JSON a save holds.
fn random_options(random: &mut Random) -> Options {
    let colour = |random: &mut Random| format!("\"#{:06x}\"", random.next() & 0xff_ffff);
    let bool = |random: &mut Random| random.chance(50).to_string();
    let fields = [
        format!("\"show_valid_moves\":{}", bool(random)),
        format!("\"preview_moves\":{}", bool(random)),
        format!("\"animate_moves\":{}", bool(random)),
        format!("\"animation_speed\":{}", 1 + random.below(5)),
        format!("\"board_colour\":{}", colour(random)),
        format!("\"valid_move_colour\":{}", colour(random)),
        format!("\"active_square_colour\":{}", colour(random)),
        format!("\"move_indicator_colour\":{}", colour(random)),
        format!("\"first_move\":\"{}\"", random.pick(&["Black", "White"])),
        format!("\"black\":\"{}\"", random.pick(&["Human", "Computer"])),
        format!("\"white\":\"{}\"", random.pick(&["Human", "Computer"])),
        format!("\"black_level\":\"{}\"", random.pick(&LEVELS)),
        format!("\"white_level\":\"{}\"", random.pick(&LEVELS)),
        format!("\"computer_pause_ms\":{}", random.below(10_001)),
        format!("\"board_size\":{}", random.pick(&[6, 8, 10])),
        format!("\"opening\":\"{}\"", random.pick(&["Standard", "EmptyCentre"])),
        format!("\"sound\":{}", bool(random)),
        format!("\"theme\":\"{}\"", random.pick(&["Light", "Dark", "System"])),
    ];
    let text = format!("{{\"version\":1,\"data\":{{{}}}}}", fields.join(","));
    let (options, unreadable) = read_options_v1(&text).expect("a valid options save reads");
    assert!(unreadable.is_empty(), "{text}: {unreadable:?}");
    options
}

fn random_statistics(random: &mut Random) -> Statistics {
    let mut statistics = Statistics::default();
    for tally in [&mut statistics.black_vs_white, &mut statistics.computer_vs_human] {
        let mut count = || {
            let n = random.next();
            // Small counts mostly, and now and then the extremes.
            if random.chance(10) {
                n
            } else {
                n % 1000
            }
        };
        tally.wins = count() as u32;
        tally.losses = count() as u32;
        tally.draws = count() as u32;
        tally.discs = count();
        tally.opponent_discs = count();
    }
    statistics
}

/// A random game of a random variant: random legal moves, sometimes steps back, a draw offer, a resignation, a
/// pause.
fn random_table(random: &mut Random) -> Table {
    let size = *random.pick(&BoardSize::ALL);
    let opening = *random.pick(&[Opening::Standard, Opening::EmptyCentre]);
    let first = *random.pick(&[Color::Black, Color::White]);
    let mut game = Game::new(Variant { size, opening, first });
    for _ in 0..random.below(size.squares()) {
        let moves: Vec<usize> = squares_of(game.legal_moves()).collect();
        if moves.is_empty() {
            break;
        }
        game.play(*random.pick(&moves)).unwrap();
    }
    for _ in 0..random.below(4) {
        game.undo();
    }
    if random.chance(20) {
        let _ = game.offer_draw(game.to_move());
    } else if random.chance(10) {
        let _ = game.resign(game.to_move());
    }
    Table { suspended: random.chance(30), ..Table::from_game(game) }
}

#[test]
fn random_options_statistics_and_games_survive_a_save_and_a_load() {
    let mut random = Random::new(1);
    let (options_runs, statistics_runs, game_runs) = (1_000 * scale(), 1_000 * scale(), 200 * scale());
    for _ in 0..options_runs {
        let options = random_options(&mut random);
        assert_eq!(load::<Options>(&save(&options)), Ok(options.clone()), "{options:?}");
        assert_eq!(read_options_v1(&json_save(&options)), Ok((options.clone(), vec![])), "{options:?}");
    }
    for _ in 0..statistics_runs {
        let statistics = random_statistics(&mut random);
        assert_eq!(load::<Statistics>(&save(&statistics)), Ok(statistics));
        assert_eq!(load_fields_v1::<Statistics>(&json_save(&statistics), true), Ok((statistics, vec![])));
    }
    for _ in 0..game_runs {
        let table = random_table(&mut random);
        assert_eq!(load::<Table>(&save(&table)).as_ref(), Ok(&table));
    }
    println!("round trips: {options_runs} options, {statistics_runs} statistics, {game_runs} games");
}

/// One random change to a save's text, of the kinds a damaged or hand-edited save shows.
fn mutate(random: &mut Random, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let at = random.below(bytes.len() + 1);
    match random.below(8) {
        0 => bytes.truncate(at),
        1 if at < bytes.len() => bytes[at] = random.next() as u8,
        2 => {
            let end = (at + 1 + random.below(12)).min(bytes.len());
            bytes.drain(at.min(end)..end);
        }
        3 => {
            let junk = random.pick(&["-1", "1e999", "null", "\"yes\"", "[]", "{}", "18446744073709551616", ",", "\""]);
            bytes.splice(at..at, junk.bytes());
        }
        4 => {
            // A number made negative, huge or a string.
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let replacement = random.pick(&["-1", "4294967296", "\"7\"", "0.5"]);
            return replace_nth_number(&text, random.below(20), replacement);
        }
        5 => {
            // A field dropped: cut from one comma to the next.
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let commas: Vec<usize> = text.match_indices(',').map(|(i, _)| i).collect();
            if commas.len() >= 2 {
                let i = random.below(commas.len() - 1);
                return format!("{}{}", &text[..commas[i]], &text[commas[i + 1]..]);
            }
        }
        6 => {
            let version = random.pick(&["0", "2", "99", "-1", "\"1\""]);
            return String::from_utf8_lossy(&bytes).replacen("\"version\":1", &format!("\"version\":{version}"), 1);
        }
        _ => {
            let start = random.below(bytes.len() + 1);
            let copy: Vec<u8> = bytes[start..(start + random.below(30)).min(bytes.len())].to_vec();
            bytes.splice(at..at, copy);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn replace_nth_number(text: &str, n: usize, replacement: &str) -> String {
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| c.is_ascii_digit() && !text[..i].ends_with(|p: char| p.is_ascii_alphanumeric()))
        .map(|(i, _)| i)
        .collect();
    let Some(&start) = starts.get(n % starts.len().max(1)) else { return text.to_string() };
    let end = text[start..].find(|c: char| !c.is_ascii_digit()).map_or(text.len(), |len| start + len);
    format!("{}{replacement}{}", &text[..start], &text[end..])
}

/// A version-1 save of `value`, as the app wrote them before today's format.
fn json_save<T: serde::Serialize>(value: &T) -> String {
    format!(r#"{{"version":1,"data":{}}}"#, serde_json::to_string(value).unwrap())
}

/// A table as version 1 saved it: the game's record with `suspended` beside its fields.
fn json_save_table(table: &Table) -> String {
    let mut fields = serde_json::to_value(&table.game).unwrap();
    fields["suspended"] = table.suspended.into();
    json_save(&fields)
}

/// Options as the app reads them, in either format.
fn read_options(text: &str) -> Option<Options> {
    match is_json_save(text) {
        true => read_options_v1(text).ok().map(|(options, _)| options),
        false => load::<Options>(text).ok().map(Options::validated),
    }
}

/// Statistics as the app reads them, in either format.
fn read_statistics(text: &str) -> Option<Statistics> {
    match is_json_save(text) {
        true => load_fields_v1(text, true).ok().map(|(statistics, _)| statistics),
        false => load(text).ok(),
    }
}

/// What the app reads at start: today's saves, then version 1's (which the web app converts a moment later).
fn restore_all(store: &dyn KeyValueStore) -> Restored {
    restore(store).convert_json_saves(store)
}

/// A valid save of each kind, in today's format or version 1's, then a mutated copy.
fn mutated_saves(random: &mut Random) -> [String; 3] {
    let (options, statistics, table) = (random_options(random), random_statistics(random), random_table(random));
    let mut texts = match random.chance(50) {
        true => [save(&options), save(&statistics), save(&table)],
        false => [json_save(&options), json_save(&statistics), json_save_table(&table)],
    };
    for text in &mut texts {
        for _ in 0..1 + random.below(3) {
            *text = mutate(random, text);
        }
    }
    texts
}

#[test]
fn mutated_saves_never_panic_and_what_reads_is_valid() {
    let mut random = Random::new(2);
    let runs = 3_000 * scale();
    let (mut options_read, mut statistics_read, mut games_read) = (0, 0, 0);
    for _ in 0..runs {
        let [options, statistics, game] = mutated_saves(&mut random);
        if let Some(read) = read_options(&options) {
            assert_eq!(read.clone().validated(), read, "what reads is in range");
            assert_eq!(load::<Options>(&save(&read)), Ok(read));
            options_read += 1;
        }
        if let Some(read) = read_statistics(&statistics) {
            assert_eq!(load::<Statistics>(&save(&read)), Ok(read));
            statistics_read += 1;
        }
        let store = MemoryStore::default();
        store.set(GAME_KEY, &game).unwrap();
        if let Some(table) = Some(restore_all(&store)).filter(|restored| restored.problems.is_empty()).map(|r| r.table)
        {
            // A game that reads is one the rules allow: it saves and loads back the same.
            assert_eq!(load::<Table>(&save(&table)).as_ref(), Ok(&table));
            games_read += 1;
        }
        // Random bytes too.
        let noise: Vec<u8> = (0..random.below(80)).map(|_| random.next() as u8).collect();
        let noise = String::from_utf8_lossy(&noise);
        assert!(load::<Table>(&noise).is_err());
        let _ = read_options(&noise);
        let _ = read_statistics(&noise);
    }
    println!(
        "mutated saves: {runs} of each kind plus {runs} random byte strings; still readable (at least in part): \
         {options_read} options, {statistics_read} statistics, {games_read} games"
    );
}

#[test]
fn restoring_mutated_storage_keeps_what_reads_and_backs_up_the_rest() {
    let mut random = Random::new(3);
    let runs = 1_000 * scale();
    let mut backups = 0;
    for _ in 0..runs {
        let texts = mutated_saves(&mut random);
        let store = MemoryStore::default();
        let keys = [OPTIONS_KEY, STATISTICS_KEY, GAME_KEY];
        for (key, text) in keys.iter().zip(&texts) {
            if random.chance(85) {
                store.set(key, text).unwrap();
            }
        }
        let stored: Vec<Option<String>> = keys.iter().map(|key| store.get(key)).collect();
        let restored = restore_all(&store);
        for (key, kept) in keys.into_iter().zip(stored) {
            let backup_of_key =
                |stored: &String| stored.strip_prefix(key).is_some_and(|rest| rest.starts_with(".backup"));
            let backup = store.keys().into_iter().find(backup_of_key).and_then(|backup| store.get(&backup));
            if backup.is_some() {
                backups += 1;
                assert_eq!(backup, kept, "{key}: the backup is the text that was stored");
            }
        }
        // What the app does next: save what it started from, through the guard.
        let guarded = GuardedStore::new(&store, restored.untouchable.clone());
        save_options(&guarded, &restored.options).unwrap();
        save_statistics(&guarded, &restored.statistics).unwrap();
        save_table(&guarded, &restored.table).unwrap();
        for key in &restored.untouchable {
            let original = &texts[keys.iter().position(|k| k == key).unwrap()];
            assert_eq!(store.get(key).as_ref(), Some(original), "{key} is left untouched");
        }
        let again = restore_all(&store);
        assert_eq!(again.options, restored.options);
        assert_eq!(again.statistics, restored.statistics);
        assert_eq!(again.table, restored.table);
        assert_eq!(again.problems.len(), restored.untouchable.len(), "{:?}", again.problems);
    }
    println!("restores: {runs} of three mutated keys, {backups} unreadable values backed up");
}
