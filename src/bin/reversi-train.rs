//! `reversi-train`: the pipeline that makes `assets/eval.weights` — self-play, labels, fit, error table.
//!
//! ```text
//! reversi-train generate --games 4000 --seed 1 --out target/train/games.bin
//! reversi-train fit --data target/train/games.bin --out assets/eval.weights
//! ```

use reversi::engine::eval::weights::Weights;
use reversi::engine::eval::PatternEvaluator;
use reversi::engine::eval::{Evaluator, HandEvaluator};
use reversi::engine::search::Searcher;
use reversi::engine::Board;
use reversi::train::fit::{bucket_empties, error_bucket, fit, phase_errors, FitConfig, ERROR_BUCKETS};
use reversi::train::labelled_play::{play_labelled_game, LabelledPlay};
use reversi::train::records::{self, Chunk};
use reversi::train::samples::{self, Sample};
use reversi::train::selfplay::{play_game, relabel, SelfPlay};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

const USAGE: &str = "usage:
  reversi-train generate [--games 4000] [--seed 1] [--random 8-20] [--depth 2] [--exact 16] [--temperature 1.0]
                         [--out target/train/games.bin]
  reversi-train selfplay [--dir train/data/d8e20] [--weights train/baseline.weights] [--chunks 1000000]
                         [--chunk-games 40] [--threads 2] [--seed 1] [--random 4-16] [--depth 8] [--exact 20]
                         [--noise 0.1]    resumable: chunks already on disk are skipped
  reversi-train relabel  [--data target/train/games.bin] [--weights assets/eval.weights] [--depth 4] [--exact 16]
                         [--out target/train/relabelled.bin]
  reversi-train fit      [--data train/data/d8e20] [--epochs 400] [--ridge 2] [--smoothing 4] [--step 0.25]
                         [--patience 20] [--prune 0] [--out assets/eval.weights] [--baseline train/baseline.weights|none]
  reversi-train errors   [--data train/data/d8e20] [--weights assets/eval.weights] [--baseline train/baseline.weights]
  reversi-train solver-nodes --obf FILE [--count 5] [--weights assets/eval.weights]
--data takes several files separated by commas; a directory stands for its chunk files (*.rvg).";

/// Today's weights as of issue 14, which new weights are measured against.
const BASELINE: &str = "train/baseline.weights";

/// The deep-labelled self-play chunks (`selfplay`).
const DEEP_DATA: &str = "train/data/d8e20";

struct Flags(HashMap<String, String>);

impl Flags {
    fn parse(args: &[String], known: &[&str]) -> Result<Flags, String> {
        let mut map = HashMap::new();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let name = flag.strip_prefix("--").filter(|n| known.contains(n)).ok_or(format!("unknown option {flag}"))?;
            let value = it.next().ok_or(format!("{flag} needs a value"))?;
            map.insert(name.to_string(), value.clone());
        }
        Ok(Flags(map))
    }

    fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        self.0.get(name).map_or(Ok(default), |v| v.parse().map_err(|_| format!("--{name}: cannot read {v:?}")))
    }

    fn path(&self, name: &str, default: &str) -> PathBuf {
        PathBuf::from(self.0.get(name).map_or(default, String::as_str))
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("selfplay") => selfplay(&args[1..]),
        Some("relabel") => relabel_command(&args[1..]),
        Some("fit") => fit_command(&args[1..]),
        Some("errors") => errors_command(&args[1..]),
        Some("solver-nodes") => solver_nodes(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    if let Err(message) = result {
        eprintln!("reversi-train: {message}");
        std::process::exit(2);
    }
}

fn generate(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args, &["games", "seed", "random", "depth", "exact", "temperature", "out"])?;
    let games: u32 = flags.get("games", 4000)?;
    let random = flags.get("random", "8-20".to_string())?;
    let (lo, hi) = random
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .ok_or("--random: expected LO-HI")?;
    let config = SelfPlay {
        seed: flags.get("seed", 1)?,
        random_moves: (lo, hi),
        depth: flags.get("depth", 2)?,
        exact_empties: flags.get("exact", 16)?,
        temperature: flags.get("temperature", 1.0)?,
    };
    let out = flags.path("out", "target/train/games.bin");
    // The hand-set evaluation plays the self-play games, so a retrain starts from scratch, not from the shipped weights.
    let mut searcher = Searcher::with_evaluator(16, Box::new(HandEvaluator));
    let (start, mut all) = (Instant::now(), Vec::new());
    for game in 0..games {
        all.extend(play_game(&config, game, &mut searcher));
        if (game + 1) % 100 == 0 || game + 1 == games {
            eprintln!("{} games, {} positions, {:.0} s", game + 1, all.len(), start.elapsed().as_secs_f64());
        }
    }
    samples::save(&out, &all).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("{games} games ({config:?}): {} positions in {}", all.len(), out.display());
    Ok(())
}

fn parse_range(text: &str, flag: &str) -> Result<(u32, u32), String> {
    text.split_once('-')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .filter(|(a, b)| a <= b)
        .ok_or(format!("--{flag}: expected LO-HI"))
}

/// Deep-labelled self-play into chunk files `DIR/NNNNN.rvg` of `--chunk-games` games each, chunk k holding games
/// k·size.. . Threads take the next chunk whose file is missing, so a killed run resumes where it stopped (losing
/// only the chunks in progress) and a fresh machine continues from the committed chunks.
fn selfplay(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(
        args,
        &["dir", "weights", "chunks", "chunk-games", "threads", "seed", "random", "depth", "exact", "noise"],
    )?;
    let config = LabelledPlay {
        seed: flags.get("seed", 1)?,
        random_moves: parse_range(&flags.get("random", "4-16".to_string())?, "random")?,
        depth: flags.get("depth", 8)?,
        exact_empties: flags.get("exact", 20)?,
        noise: flags.get("noise", 0.1)?,
    };
    let dir = flags.path("dir", DEEP_DATA);
    let chunks: u32 = flags.get("chunks", 1_000_000)?;
    let chunk_games: u32 = flags.get("chunk-games", 40)?;
    let threads: u32 = flags.get("threads", 2)?;
    if chunk_games == 0 || threads == 0 || config.depth == 0 || config.depth > 60 || config.exact_empties > 60 {
        return Err("--chunk-games, --threads and --depth must be positive, --depth and --exact at most 60".into());
    }
    let evaluator = load_weights_from(&flags.path("weights", "train/baseline.weights"))?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let existing = records::chunk_files(&dir).map_err(|e| format!("{}: {e}", dir.display()))?.len();
    eprintln!("selfplay into {} ({existing} chunk files there): {config:?}, {threads} threads", dir.display());
    let next = AtomicU32::new(0);
    let (games_done, positions_done) = (AtomicU64::new(0), AtomicU64::new(0));
    let start = Instant::now();
    let work = |thread: u32| -> Result<(), String> {
        let mut searcher = Searcher::with_evaluator(32, Box::new(evaluator.clone()));
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= chunks {
                return Ok(());
            }
            let path = dir.join(format!("{k:05}.rvg"));
            if path.exists() {
                continue;
            }
            let chunk_start = Instant::now();
            let first_game = k * chunk_games;
            let games: Vec<_> =
                (first_game..first_game + chunk_games).map(|g| play_labelled_game(&config, g, &mut searcher)).collect();
            let positions: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
            let chunk =
                Chunk { depth: config.depth as u8, exact_empties: config.exact_empties as u8, first_game, games };
            chunk.save(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let games = games_done.fetch_add(chunk_games as u64, Ordering::Relaxed) + chunk_games as u64;
            let all = positions_done.fetch_add(positions, Ordering::Relaxed) + positions;
            let hours = start.elapsed().as_secs_f64() / 3600.0;
            eprintln!(
                "thread {thread}: chunk {k:05} ({chunk_games} games, {positions} positions) in {:.0} s; this run: {games} games, {all} positions, {:.0} games/h, {:.0} positions/h",
                chunk_start.elapsed().as_secs_f64(),
                games as f64 / hours,
                all as f64 / hours
            );
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|t| scope.spawn(move || work(t))).collect();
        handles.into_iter().map(|h| h.join().expect("a generator thread")).collect::<Result<Vec<()>, String>>()
    })?;
    println!(
        "selfplay: {} games, {} positions in {:.0} s",
        games_done.into_inner(),
        positions_done.into_inner(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn load_weights_from(path: &Path) -> Result<PatternEvaluator, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(PatternEvaluator::new(Weights::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?))
}

fn load_weights(flags: &Flags) -> Result<PatternEvaluator, String> {
    load_weights_from(&flags.path("weights", "assets/eval.weights"))
}

fn load_samples(flags: &Flags, default: &str) -> Result<Vec<Sample>, String> {
    let mut all = Vec::new();
    for path in flags.0.get("data").map_or(default, String::as_str).split(',') {
        let loaded =
            if Path::new(path).is_dir() { records::load_dir(path.as_ref()) } else { samples::load(path.as_ref()) };
        all.extend(loaded.map_err(|e| format!("{path}: {e}"))?);
    }
    Ok(all)
}

fn relabel_command(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args, &["data", "weights", "depth", "exact", "out"])?;
    let mut all = load_samples(&flags, "target/train/games.bin")?;
    let evaluator = load_weights(&flags)?;
    let (depth, exact) = (flags.get("depth", 4)?, flags.get("exact", 16)?);
    let (start, total) = (Instant::now(), all.len());
    relabel(&mut all, Box::new(evaluator), depth, exact, |i| {
        if (i + 1) % 20_000 == 0 {
            eprintln!("{} / {total} positions, {:.0} s", i + 1, start.elapsed().as_secs_f64());
        }
    });
    let out = flags.path("out", "target/train/relabelled.bin");
    samples::save(&out, &all).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("relabelled {total} positions with depth {depth} (exact from {exact} empties) in {}", out.display());
    Ok(())
}

fn fit_command(args: &[String]) -> Result<(), String> {
    let flags =
        Flags::parse(args, &["data", "epochs", "ridge", "smoothing", "step", "patience", "prune", "out", "baseline"])?;
    // Weights smaller than this many discs are dropped: they matter little and would fill the file.
    let prune: f32 = flags.get("prune", 0.0)?;
    let all = load_samples(&flags, DEEP_DATA)?;
    let defaults = FitConfig::default();
    let config = FitConfig {
        epochs: flags.get("epochs", defaults.epochs)?,
        ridge: flags.get("ridge", defaults.ridge)?,
        smoothing: flags.get("smoothing", defaults.smoothing)?,
        step: flags.get("step", defaults.step)?,
        patience: flags.get("patience", defaults.patience)?,
        ..defaults
    };
    let (held_out, rest): (Vec<Sample>, Vec<Sample>) = all.into_iter().partition(Sample::is_held_out);
    let (validation, train): (Vec<Sample>, Vec<Sample>) = rest.into_iter().partition(Sample::is_validation);
    let start = Instant::now();
    let mut discs = fit(&train, &validation, &config, |line| eprintln!("{line}"));
    discs.iter_mut().filter(|w| w.abs() < prune).for_each(|w| *w = 0.0);
    let weights = Weights::from_discs(&discs);
    let bytes = weights.encode();
    let out = flags.path("out", "assets/eval.weights");
    std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "fitted {} positions, {} for validation ({config:?}, prune {prune}) in {:.0} s: {} bytes in {}",
        train.len(),
        validation.len(),
        start.elapsed().as_secs_f64(),
        bytes.len(),
        out.display()
    );
    let baseline = flags.path("baseline", BASELINE);
    let baseline = if baseline.as_os_str() == "none" { None } else { Some(load_weights_from(&baseline)?) };
    print_errors(&PatternEvaluator::new(weights), baseline.as_ref(), &held_out);
    Ok(())
}

fn errors_command(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args, &["data", "weights", "baseline"])?;
    let held_out: Vec<Sample> = load_samples(&flags, DEEP_DATA)?.into_iter().filter(Sample::is_held_out).collect();
    print_errors(&load_weights(&flags)?, Some(&load_weights_from(&flags.path("baseline", BASELINE))?), &held_out);
    Ok(())
}

/// Solves the first `--count` positions of an OBF file (board string, side to move) twice, with the hand-set
/// and with the pattern evaluation guiding the solver's shallow ordering searches, and prints nodes and times.
fn solver_nodes(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args, &["obf", "count", "weights"])?;
    let path = flags.0.get("obf").ok_or("--obf FILE is required")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let count: usize = flags.get("count", 5)?;
    let pattern = load_weights(&flags)?;
    println!("| line | empties | score | hand-set nodes | time | pattern nodes | time | nodes ratio |");
    println!("|-----:|--------:|------:|---------------:|-----:|--------------:|-----:|------------:|");
    let mut totals = [(0u64, 0f64); 2];
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).take(count).enumerate() {
        let board =
            obf_board(line).ok_or(format!("{path}: line {}: expected 64 squares of X, O, - and a side", i + 1))?;
        let mut runs = Vec::new();
        for (slot, evaluator) in
            [Box::new(HandEvaluator) as Box<dyn Evaluator>, Box::new(pattern.clone())].into_iter().enumerate()
        {
            let mut searcher = Searcher::with_evaluator(64, evaluator);
            let start = Instant::now();
            let result = searcher.solve(&board);
            let secs = start.elapsed().as_secs_f64();
            totals[slot].0 += result.nodes;
            totals[slot].1 += secs;
            runs.push((result.score, result.nodes, secs));
        }
        if runs[0].0 != runs[1].0 {
            return Err(format!("line {}: the two solves disagree ({} and {})", i + 1, runs[0].0, runs[1].0));
        }
        println!(
            "| {:4} | {:7} | {:+5} | {:14} | {:4.1} | {:13} | {:4.1} | {:11.2} |",
            i + 1,
            board.empty_count(),
            runs[0].0,
            runs[0].1,
            runs[0].2,
            runs[1].1,
            runs[1].2,
            runs[1].1 as f64 / runs[0].1 as f64
        );
    }
    let [hand, trained] = totals;
    println!(
        "| total |        |       | {:14} | {:4.1} | {:13} | {:4.1} | {:11.2} |",
        hand.0,
        hand.1,
        trained.0,
        trained.1,
        trained.0 as f64 / hand.0 as f64
    );
    Ok(())
}

/// The position of an OBF line: 64 squares a1..h8 (X black, O white, - empty), then the side to move.
fn obf_board(line: &str) -> Option<Board> {
    let (squares, rest) = line.trim().split_once(' ')?;
    if squares.len() != 64 || !squares.chars().all(|c| "XO-".contains(c)) {
        return None;
    }
    let bits = |c: char| squares.chars().enumerate().filter(|&(_, s)| s == c).fold(0u64, |b, (i, _)| b | 1 << i);
    match rest.trim_start().chars().next()? {
        'X' => Some(Board::new(bits('X'), bits('O'))),
        'O' => Some(Board::new(bits('O'), bits('X'))),
        _ => None,
    }
}

/// The per-phase table of mean absolute errors on held-out games: the weights against the baseline weights and the
/// hand-set evaluation (the baseline column is empty without baseline weights). Labels are exact solves where
/// the "exact" column counts them, deep searches or game results elsewhere.
fn print_errors(trained: &PatternEvaluator, baseline: Option<&PatternEvaluator>, held_out: &[Sample]) {
    let exact: Vec<usize> = (0..ERROR_BUCKETS)
        .map(|b| held_out.iter().filter(|s| s.exact && error_bucket(s.board.empty_count()) == b).count())
        .collect();
    let [new, hand] = [trained as &dyn Evaluator, &HandEvaluator].map(|e| phase_errors(e, held_out));
    let old = baseline.map_or_else(|| vec![(0, f64::NAN); ERROR_BUCKETS], |b| phase_errors(b, held_out));
    println!("held-out positions: mean absolute error in discs against their labels");
    println!("| empties | positions | exact labels | baseline | weights | hand-set |");
    println!("|--------:|----------:|-------------:|---------:|--------:|---------:|");
    for b in 0..ERROR_BUCKETS {
        let (high, low) = bucket_empties(b);
        println!(
            "|   {low:2}-{high:2} | {:9} | {:12} | {:8.2} | {:7.2} | {:8.2} |",
            new[b].0, exact[b], old[b].1, new[b].1, hand[b].1
        );
    }
    let overall = |errors: &[(usize, f64)]| {
        let n: usize = errors.iter().map(|e| e.0).sum();
        errors.iter().filter(|e| e.0 > 0).map(|e| e.0 as f64 * e.1).sum::<f64>() / n as f64
    };
    println!(
        "|     all | {:9} | {:12} | {:8.2} | {:7.2} | {:8.2} |",
        held_out.len(),
        exact.iter().sum::<usize>(),
        overall(&old),
        overall(&new),
        overall(&hand)
    );
}
