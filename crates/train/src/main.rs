//! `reversi-train`: the pipeline that makes `crates/engine/data/eval.weights` — self-play, labels, fit, error table.
//!
//! ```text
//! reversi-train generate --games 4000 --seed 1 --out target/train/games.bin
//! reversi-train fit --data target/train/games.bin --out crates/engine/data/eval.weights
//! ```

use engine::eval::pattern::phase;
use engine::eval::weights::{Weights, MAX_PHASES};
use engine::eval::PatternEvaluator;
use engine::eval::{Evaluator, HandEvaluator};
use engine::search::{Searcher, NO_SELECTIVITY};
use engine::Board;
use game::notation::read_obf;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Instant;
use train::fit::{bucket_empties, error_bucket, fit, phase_errors, resample_phases, FitConfig, ERROR_BUCKETS};
use train::labelled_play::{play_labelled_game, LabelledPlay};
use train::offshoots::{label_offshoots, Offshoots};
use train::position_records::{self, PositionChunk};
use train::quantise::quantise;
use train::records::{self, Chunk};
use train::samples::{self, Sample};
use train::selfplay::{play_game, relabel, SelfPlay};

const USAGE: &str = "usage:
  reversi-train generate [--games 4000] [--seed 1] [--random 8-20] [--depth 2] [--exact 16] [--temperature 1.0]
                         [--out target/train/games.bin]
  reversi-train selfplay --dir DIR --weights FILE [--chunks 1000000]
                         [--chunk-games 40] [--threads 2] [--seed 1] [--random 4-16] [--depth 8] [--exact 20]
                         [--noise 0.1]    resumable: chunks already on disk are skipped
  reversi-train offshoots --dir DIR --weights FILE [--sources crates/train/data/d8e20,crates/train/data/d8e20g2,crates/train/data/d10e20g3]
                         [--threads 2] [--seed 4] [--plies 1-3] [--depth 8] [--exact 14] [--selectivity 5] [--chunks 1000000]
                         [--empties 0-60]   only offshoots with this many empties (with --exact at the top: endgame solves)
                         one position chunk (DIR/SOURCE-NNNNN.rvp) per source chunk: from every recorded position
                         a few random plies, labelled by a search (0 plies: the games relabelled); resumable: chunks already on disk are skipped
  reversi-train relabel  [--data target/train/games.bin] [--weights crates/engine/data/eval.weights] [--depth 4] [--exact 16]
                         [--out target/train/relabelled.bin]
  reversi-train fit      [--data crates/train/data/d8e20,crates/train/data/d8e20g2,crates/train/data/d10e20g3] [--epochs 400] [--ridge 2] [--smoothing 16] [--step 0.25]
                         [--patience 20] [--quantum 3] [--phases 12] [--out crates/engine/data/eval.weights] [--baseline crates/train/weights/gen3.weights|none]
                         [--prior crates/train/weights/gen3.weights|none]   start from the prior and shrink towards it
                         (its phases carried over to --phases; the defaults make the shipped weights)
                         [--lambda 0]   0-1: how far training labels lean on the game's later labels (TD(λ))
  reversi-train errors   [--data crates/train/data/d8e20,crates/train/data/d8e20g2,crates/train/data/d10e20g3] [--weights crates/engine/data/eval.weights]
                         [--baseline crates/train/weights/gen3.weights]
  reversi-train solver-nodes --obf FILE [--count 5] [--weights hand,crates/engine/data/eval.weights]
                         solver nodes with each evaluation (weights files, or hand for the hand-set one)
  reversi-train recode --weights FILE --out FILE   the same weights in the current (smaller under gzip) format
  reversi-train splice --midgame FILE --endgame FILE [--from 25] --out FILE
                         the endgame file's phases for positions with --from empties or fewer, the midgame file's before
--data takes several files separated by commas; a directory stands for its chunk files (*.rvg games, *.rvp positions).";

/// The shipped weights as of issue 31 (those generation 3 searched with), which new weights start from and are
/// measured against.
const BASELINE: &str = "crates/train/weights/gen3.weights";

/// The transposition table of `solver-nodes`, as large as `reversi-engine solve`'s, so node counts compare.
const SOLVER_TABLE_MEGABYTES: usize = 64;

/// The shipped weights, which `fit` writes and `relabel`, `errors` and `solver-nodes` read by default.
const SHIPPED: &str = "crates/engine/data/eval.weights";

/// Every generation's deep-labelled self-play chunks (`selfplay`; `scripts/train-data.sh` makes them).
const DEEP_DATA: &str = "crates/train/data/d8e20,crates/train/data/d8e20g2,crates/train/data/d10e20g3";

/// The `--name value` options of a subcommand, each name one it knows.
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

    fn text(&self, name: &str, default: &str) -> String {
        self.0.get(name).map_or(default, String::as_str).to_string()
    }

    /// A path the command cannot do without.
    fn required(&self, name: &str) -> Result<PathBuf, String> {
        self.0.get(name).map(PathBuf::from).ok_or(format!("--{name} is required"))
    }

    /// The settings of self-played games that both self-play commands take, each with its default: `--seed` (1),
    /// `--random` (the range of random opening moves), `--depth` and `--exact`.
    fn games(&self, random: &str, depth: u32, exact: u32) -> Result<GamesFlags, String> {
        Ok(GamesFlags {
            seed: self.get("seed", 1)?,
            random_moves: parse_range(&self.text("random", random), "random")?,
            depth: self.get("depth", depth)?,
            exact_empties: self.get("exact", exact)?,
        })
    }
}

/// What [`Flags::games`] reads.
struct GamesFlags {
    seed: u64,
    random_moves: (u32, u32),
    depth: u32,
    exact_empties: u32,
}

/// What a command line asks for, read and checked before anything runs.
#[derive(Debug)]
enum Command {
    /// Self-play games of the hand-set evaluation, every position a sample.
    Generate { games: u32, config: SelfPlay, out: PathBuf },
    /// Deep-labelled self-play into chunk files (`selfplay`).
    Selfplay { config: LabelledPlay, dir: PathBuf, weights: PathBuf, chunks: u32, chunk_games: u32, threads: u32 },
    /// Positions off the recorded games' lines, labelled into position chunk files (`offshoots`): at most `chunks`
    /// source chunks are worked through.
    Offshoots { config: Offshoots, sources: String, dir: PathBuf, weights: PathBuf, chunks: usize, threads: u32 },
    /// Samples relabelled by a search on some weights.
    Relabel { data: String, weights: PathBuf, depth: u32, exact: u32, out: PathBuf },
    /// Weights fitted to samples, rounded by how well each is measured (`quantum`, see `train::quantise`); the error
    /// table against `baseline` if any.
    /// With `prior` weights the fit starts from them and shrinks towards them.
    Fit {
        data: String,
        config: FitConfig,
        quantum: f32,
        out: PathBuf,
        baseline: Option<PathBuf>,
        prior: Option<PathBuf>,
        /// How far the training labels lean on the game's later values (`samples::blend_with_game`); 0 keeps them.
        lambda: f32,
    },
    /// The error table of some weights against the baseline.
    Errors { data: String, weights: PathBuf, baseline: PathBuf },
    /// Solver nodes with each evaluation of `weights` (comma-separated) on the first `count` positions of an OBF file.
    SolverNodes { obf: PathBuf, count: usize, weights: String },
    /// A weights file written again in the current format (the same tables).
    Recode { weights: PathBuf, out: PathBuf },
    /// One weights file of two with the same phases: `endgame`'s phases for positions of `from_empties` empties and
    /// fewer, `midgame`'s before them.
    Splice { midgame: PathBuf, endgame: PathBuf, from_empties: u32, out: PathBuf },
}

/// The command the arguments (after the program name) ask for, or what is wrong with them (the usage when there is
/// no such command).
fn parse_command(args: &[String]) -> Result<Command, String> {
    let Some((name, rest)) = args.split_first() else { return Err(USAGE.to_string()) };
    match name.as_str() {
        "generate" => {
            let flags = Flags::parse(rest, &["games", "seed", "random", "depth", "exact", "temperature", "out"])?;
            let GamesFlags { seed, random_moves, depth, exact_empties } = flags.games("8-20", 2, 16)?;
            let config =
                SelfPlay { seed, random_moves, depth, exact_empties, temperature: flags.get("temperature", 1.0)? };
            let games = flags.get("games", 4000)?;
            Ok(Command::Generate { games, config, out: flags.path("out", "target/train/games.bin") })
        }
        "selfplay" => {
            let flags = Flags::parse(
                rest,
                &["dir", "weights", "chunks", "chunk-games", "threads", "seed", "random", "depth", "exact", "noise"],
            )?;
            let GamesFlags { seed, random_moves, depth, exact_empties } = flags.games("4-16", 8, 20)?;
            let config = LabelledPlay { seed, random_moves, depth, exact_empties, noise: flags.get("noise", 0.1)? };
            let chunks = flags.get("chunks", 1_000_000)?;
            let chunk_games = flags.get("chunk-games", 40)?;
            let threads = flags.get("threads", 2)?;
            if chunk_games == 0 || threads == 0 || config.depth == 0 || config.depth > 60 || config.exact_empties > 60 {
                return Err(
                    "--chunk-games, --threads and --depth must be positive, --depth and --exact at most 60".into()
                );
            }
            // A generation is its folder and the weights its games search with: named each time, never guessed.
            let (dir, weights) = (flags.required("dir")?, flags.required("weights")?);
            Ok(Command::Selfplay { config, dir, weights, chunks, chunk_games, threads })
        }
        "offshoots" => {
            let flags = Flags::parse(
                rest,
                &[
                    "dir",
                    "weights",
                    "sources",
                    "threads",
                    "seed",
                    "plies",
                    "depth",
                    "exact",
                    "selectivity",
                    "chunks",
                    "empties",
                ],
            )?;
            let config = Offshoots {
                seed: flags.get("seed", 4)?,
                plies: parse_range(&flags.text("plies", "1-3"), "plies")?,
                depth: flags.get("depth", 8)?,
                exact_empties: flags.get("exact", 14)?,
                selectivity: flags.get("selectivity", NO_SELECTIVITY)?,
                empties: parse_range(&flags.text("empties", "0-60"), "empties")?,
            };
            let threads = flags.get("threads", 2)?;
            if threads == 0 || config.depth == 0 || config.depth > 60 || config.exact_empties > 60 {
                return Err("--threads and --depth must be positive, --depth and --exact at most 60".into());
            }
            if config.selectivity > NO_SELECTIVITY {
                return Err(format!("--selectivity: 0 (prunes most) to {NO_SELECTIVITY} (unpruned)"));
            }
            let (dir, weights) = (flags.required("dir")?, flags.required("weights")?);
            let (sources, chunks) = (flags.text("sources", DEEP_DATA), flags.get("chunks", 1_000_000)?);
            Ok(Command::Offshoots { config, sources, dir, weights, chunks, threads })
        }
        "relabel" => {
            let flags = Flags::parse(rest, &["data", "weights", "depth", "exact", "out"])?;
            Ok(Command::Relabel {
                data: flags.text("data", "target/train/games.bin"),
                weights: flags.path("weights", SHIPPED),
                depth: flags.get("depth", 4)?,
                exact: flags.get("exact", 16)?,
                out: flags.path("out", "target/train/relabelled.bin"),
            })
        }
        "fit" => {
            let flags = Flags::parse(
                rest,
                &[
                    "data",
                    "epochs",
                    "ridge",
                    "smoothing",
                    "step",
                    "patience",
                    "quantum",
                    "phases",
                    "out",
                    "baseline",
                    "prior",
                    "lambda",
                ],
            )?;
            let defaults = FitConfig::default();
            let phases = flags.get("phases", defaults.phases)?;
            if !(1..=MAX_PHASES).contains(&phases) {
                return Err(format!("--phases: 1 to {MAX_PHASES} (one per empties count)"));
            }
            let config = FitConfig {
                phases,
                epochs: flags.get("epochs", defaults.epochs)?,
                ridge: flags.get("ridge", defaults.ridge)?,
                smoothing: flags.get("smoothing", defaults.smoothing)?,
                step: flags.get("step", defaults.step)?,
                patience: flags.get("patience", defaults.patience)?,
            };
            let baseline = flags.path("baseline", BASELINE);
            let prior = flags.path("prior", BASELINE);
            Ok(Command::Fit {
                data: flags.text("data", DEEP_DATA),
                config,
                // 3 discs over √(n + 1): the held-out error does not move, the file shrinks by half (0 keeps 1/16 disc).
                quantum: flags.get("quantum", 3.0)?,
                out: flags.path("out", SHIPPED),
                baseline: (baseline.as_os_str() != "none").then_some(baseline),
                prior: (prior.as_os_str() != "none").then_some(prior),
                lambda: Some(flags.get("lambda", 0.0)?)
                    .filter(|l| (0.0..=1.0).contains(l))
                    .ok_or("--lambda: 0 to 1")?,
            })
        }
        "errors" => {
            let flags = Flags::parse(rest, &["data", "weights", "baseline"])?;
            Ok(Command::Errors {
                data: flags.text("data", DEEP_DATA),
                weights: flags.path("weights", SHIPPED),
                baseline: flags.path("baseline", BASELINE),
            })
        }
        "solver-nodes" => {
            let flags = Flags::parse(rest, &["obf", "count", "weights"])?;
            let obf = flags.required("obf")?;
            let weights = flags.text("weights", &format!("hand,{SHIPPED}"));
            Ok(Command::SolverNodes { obf, count: flags.get("count", 5)?, weights })
        }
        "recode" => {
            let flags = Flags::parse(rest, &["weights", "out"])?;
            Ok(Command::Recode { weights: flags.required("weights")?, out: flags.required("out")? })
        }
        "splice" => {
            let flags = Flags::parse(rest, &["midgame", "endgame", "from", "out"])?;
            Ok(Command::Splice {
                midgame: flags.required("midgame")?,
                endgame: flags.required("endgame")?,
                from_empties: Some(flags.get("from", 25)?).filter(|e| (1..=60).contains(e)).ok_or("--from: 1 to 60")?,
                out: flags.required("out")?,
            })
        }
        _ => Err(USAGE.to_string()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = parse_command(&args).and_then(|command| match command {
        Command::Generate { games, config, out } => generate(games, &config, &out),
        Command::Selfplay { config, dir, weights, chunks, chunk_games, threads } => {
            selfplay(&config, &dir, &weights, chunks, chunk_games, threads)
        }
        Command::Offshoots { config, sources, dir, weights, chunks, threads } => {
            offshoots_command(&config, &sources, &dir, &weights, chunks, threads)
        }
        Command::Relabel { data, weights, depth, exact, out } => relabel_command(&data, &weights, depth, exact, &out),
        Command::Fit { data, config, quantum, out, baseline, prior, lambda } => {
            fit_command(&data, &config, quantum, &out, baseline, prior, lambda)
        }
        Command::Errors { data, weights, baseline } => errors_command(&data, &weights, &baseline),
        Command::SolverNodes { obf, count, weights } => solver_nodes(&obf, count, &weights),
        Command::Recode { weights, out } => write_weights(&read_weights(&weights)?, &out),
        Command::Splice { midgame, endgame, from_empties, out } => splice(&midgame, &endgame, from_empties, &out),
    });
    if let Err(message) = result {
        eprintln!("reversi-train: {message}");
        std::process::exit(2);
    }
}

fn generate(games: u32, config: &SelfPlay, out: &Path) -> Result<(), String> {
    // The hand-set evaluation plays the self-play games, so a retrain starts from scratch, not from the shipped weights.
    let mut searcher = Searcher::with_evaluator(16, Box::new(HandEvaluator));
    let (start, mut all) = (Instant::now(), Vec::new());
    for game in 0..games {
        all.extend(play_game(config, game, &mut searcher));
        if (game + 1) % 100 == 0 || game + 1 == games {
            eprintln!("{} games, {} positions, {:.0} s", game + 1, all.len(), start.elapsed().as_secs_f64());
        }
    }
    samples::save(out, &all).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("{games} games ({config:?}): {} positions in {}", all.len(), out.display());
    Ok(())
}

fn parse_range(text: &str, flag: &str) -> Result<(u32, u32), String> {
    text.split_once('-')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .filter(|(a, b)| a <= b)
        .ok_or(format!("--{flag}: expected LO-HI"))
}

/// Deep-labelled self-play into chunk files `DIR/NNNNN.rvg` of `chunk_games` games each, chunk k holding games
/// k·size.. . Threads take the next chunk whose file is missing, so a killed run resumes where it stopped (losing
/// only the chunks in progress) and a fresh machine continues from the committed chunks.
fn selfplay(
    config: &LabelledPlay,
    dir: &Path,
    weights: &Path,
    chunks: u32,
    chunk_games: u32,
    threads: u32,
) -> Result<(), String> {
    let config = *config;
    let evaluator = load_weights_from(weights)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let existing = records::chunk_files(dir).map_err(|e| format!("{}: {e}", dir.display()))?.len();
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

/// Offshoots of every chunk of the `sources` directories, each into `DIR/SOURCE-NNNNN.rvp` (the source directory's
/// name and the chunk's): threads take the next source chunk whose file is missing, so a killed run resumes where it
/// stopped and a fresh machine continues from the committed chunks. The chunks are taken in order of their numbers,
/// the sources interleaved, so a stopped run has drawn on every generation alike.
fn offshoots_command(
    config: &Offshoots,
    sources: &str,
    dir: &Path,
    weights: &Path,
    chunks: usize,
    threads: u32,
) -> Result<(), String> {
    let config = *config;
    let evaluator = load_weights_from(weights)?;
    let mut work = Vec::new();
    for source in sources.split(',') {
        let files = records::chunk_files(source.as_ref()).map_err(|e| format!("{source}: {e}"))?;
        let name = Path::new(source).file_name().and_then(|n| n.to_str()).ok_or(format!("{source}: no folder name"))?;
        work.extend(files.into_iter().enumerate().map(|(i, path)| {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            (i, dir.join(format!("{name}-{stem}.rvp")), path)
        }));
    }
    work.sort_by_key(|(i, _, _)| *i);
    work.truncate(chunks);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let existing = work.iter().filter(|(_, out, _)| out.exists()).count();
    eprintln!(
        "offshoots into {} ({existing} of {} chunks there): {config:?}, {threads} threads",
        dir.display(),
        work.len()
    );
    let (next, positions_done) = (AtomicU32::new(0), AtomicU64::new(0));
    let start = Instant::now();
    let run = |thread: u32| -> Result<(), String> {
        let mut searcher = Searcher::with_evaluator(32, Box::new(evaluator.clone()));
        while let Some((_, out, source)) = work.get(next.fetch_add(1, Ordering::Relaxed) as usize) {
            if out.exists() {
                continue;
            }
            let chunk_start = Instant::now();
            let chunk = Chunk::load(source).map_err(|e| e.to_string())?;
            // The stream is the chunk's first game, unique within a generation; generations differ in their games.
            let samples = label_offshoots(&config, &chunk.samples(), chunk.first_game as u64, &mut searcher);
            let positions = samples.len() as u64;
            let labelled =
                PositionChunk { depth: config.depth as u8, exact_empties: config.exact_empties as u8, samples };
            labelled.save(out).map_err(|e| format!("{}: {e}", out.display()))?;
            let all = positions_done.fetch_add(positions, Ordering::Relaxed) + positions;
            eprintln!(
                "thread {thread}: {} ({positions} positions) in {:.0} s; this run: {all} positions, {:.0} positions/h",
                out.display(),
                chunk_start.elapsed().as_secs_f64(),
                all as f64 * 3600.0 / start.elapsed().as_secs_f64()
            );
        }
        Ok(())
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|t| scope.spawn(move || run(t))).collect();
        handles.into_iter().map(|h| h.join().expect("an offshoot thread")).collect::<Result<Vec<()>, String>>()
    })?;
    println!("offshoots: {} positions in {:.0} s", positions_done.into_inner(), start.elapsed().as_secs_f64());
    Ok(())
}

fn read_weights(path: &Path) -> Result<Weights, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Weights::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn load_weights_from(path: &Path) -> Result<PatternEvaluator, String> {
    Ok(PatternEvaluator::new(read_weights(path)?))
}

/// Every sample of `data`'s files and folders: those of recorded games, in playing order, and those off the games'
/// lines (position chunks, `offshoots`).
fn load_data(data: &str) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut games, mut offshoots) = (Vec::new(), Vec::new());
    for path in data.split(',') {
        let dir = Path::new(path);
        if dir.is_dir() {
            games.extend(records::load_dir(dir).map_err(|e| format!("{path}: {e}"))?);
            offshoots.extend(position_records::load_positions_dir(dir).map_err(|e| format!("{path}: {e}"))?);
        } else {
            games.extend(samples::load(dir).map_err(|e| format!("{path}: {e}"))?);
        }
    }
    Ok((games, offshoots))
}

fn load_samples(data: &str) -> Result<Vec<Sample>, String> {
    let (mut all, offshoots) = load_data(data)?;
    all.extend(offshoots);
    Ok(all)
}

fn relabel_command(data: &str, weights: &Path, depth: u32, exact: u32, out: &Path) -> Result<(), String> {
    let mut all = load_samples(data)?;
    let evaluator = load_weights_from(weights)?;
    let (start, total) = (Instant::now(), all.len());
    relabel(&mut all, Box::new(evaluator), depth, exact, |i| {
        if (i + 1) % 20_000 == 0 {
            eprintln!("{} / {total} positions, {:.0} s", i + 1, start.elapsed().as_secs_f64());
        }
    });
    samples::save(out, &all).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("relabelled {total} positions with depth {depth} (exact from {exact} empties) in {}", out.display());
    Ok(())
}

fn fit_command(
    data: &str,
    config: &FitConfig,
    quantum: f32,
    out: &Path,
    baseline: Option<PathBuf>,
    prior: Option<PathBuf>,
    lambda: f32,
) -> Result<(), String> {
    let (games, offshoots) = load_data(data)?;
    let (held_out, mut rest): (Vec<Sample>, Vec<Sample>) = games.into_iter().partition(Sample::is_held_out);
    // The held-out table stays against the searches' own labels; offshoots have no game to blend with.
    if lambda != 0.0 {
        samples::blend_with_game(&mut rest, lambda);
    }
    let (held_out_offshoots, offshoots): (Vec<Sample>, Vec<Sample>) =
        offshoots.into_iter().partition(Sample::is_held_out);
    let held_out = [held_out, held_out_offshoots].concat();
    rest.extend(offshoots);
    let (validation, train): (Vec<Sample>, Vec<Sample>) = rest.into_iter().partition(Sample::is_validation);
    let prior = prior
        .map(|path| read_weights(&path))
        .transpose()?
        .map(|weights| resample_phases(&weights.to_discs(), config.phases));
    let start = Instant::now();
    let fitted = fit(&train, &validation, config, prior.as_deref(), |line| eprintln!("{line}"));
    let weights = quantise(&fitted.discs, &fitted.counts, quantum);
    let bytes = weights.encode();
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "fitted {} positions, {} for validation ({config:?}, quantum {quantum}) in {:.0} s: {} bytes in {}",
        train.len(),
        validation.len(),
        start.elapsed().as_secs_f64(),
        bytes.len(),
        out.display()
    );
    let baseline = baseline.map(|path| load_weights_from(&path)).transpose()?;
    print_errors(&PatternEvaluator::new(weights), baseline.as_ref(), &held_out);
    Ok(())
}

fn errors_command(data: &str, weights: &Path, baseline: &Path) -> Result<(), String> {
    let held_out: Vec<Sample> = load_samples(data)?.into_iter().filter(Sample::is_held_out).collect();
    print_errors(&load_weights_from(weights)?, Some(&load_weights_from(baseline)?), &held_out);
    Ok(())
}

/// Writes `midgame`'s weights with the phases of positions of `from_empties` empties or fewer taken from `endgame`.
fn splice(midgame: &Path, endgame: &Path, from_empties: u32, out: &Path) -> Result<(), String> {
    let weights = splice_phases(read_weights(midgame)?, &read_weights(endgame)?, from_empties)?;
    let first = phase(from_empties, weights.phases);
    println!("phases {first}-{} from {}", weights.phases - 1, endgame.display());
    write_weights(&weights, out)
}

fn write_weights(weights: &Weights, out: &Path) -> Result<(), String> {
    let bytes = weights.encode();
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("{} bytes to {}", bytes.len(), out.display());
    Ok(())
}

/// `midgame` with the phases of positions of `from_empties` empties or fewer replaced by `endgame`'s (both with the
/// same phase count; a phase is taken whole, so `from_empties` must be the most empties of a phase).
fn splice_phases(mut midgame: Weights, endgame: &Weights, from_empties: u32) -> Result<Weights, String> {
    if endgame.phases != midgame.phases {
        return Err(format!("{} phases against {}", endgame.phases, midgame.phases));
    }
    let first = phase(from_empties, midgame.phases);
    if from_empties < 60 && phase(from_empties + 1, midgame.phases) == first {
        return Err(format!("--from {from_empties}: not the most empties of a phase"));
    }
    let size = midgame.values.len() / midgame.phases;
    midgame.values[first * size..].copy_from_slice(&endgame.values[first * size..]);
    Ok(midgame)
}

/// Solves the first `count` positions of an OBF file once per evaluation of `weights` (files, or `hand` for the
/// hand-set evaluation), each guiding the solver's ordering searches, and prints nodes and times; the solves must
/// agree.
fn solver_nodes(path: &Path, count: usize, weights: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let path = path.display();
    let names: Vec<&str> = weights.split(',').collect();
    let evaluators = names
        .iter()
        .map(|&name| match name {
            "hand" => Ok(None),
            file => load_weights_from(Path::new(file)).map(Some),
        })
        .collect::<Result<Vec<Option<PatternEvaluator>>, String>>()?;
    println!(
        "| line | empties | score | {} |",
        names.iter().map(|n| format!("{n} nodes | time")).collect::<Vec<_>>().join(" | ")
    );
    println!("|-----:|--------:|------:|{}", "---:|---:|".repeat(names.len()));
    let mut totals = vec![(0u64, 0f64); names.len()];
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).take(count).enumerate() {
        let board = obf_board(line).map_err(|e| format!("{path}: line {}: {e}", i + 1))?;
        let mut score = None;
        let mut cells = Vec::new();
        for (evaluator, total) in evaluators.iter().zip(totals.iter_mut()) {
            let evaluator: Box<dyn Evaluator> = match evaluator {
                Some(pattern) => Box::new(pattern.clone()),
                None => Box::new(HandEvaluator),
            };
            let mut searcher = Searcher::with_evaluator(SOLVER_TABLE_MEGABYTES, evaluator);
            let start = Instant::now();
            let result = searcher.solve(&board);
            let secs = start.elapsed().as_secs_f64();
            *total = (total.0 + result.nodes, total.1 + secs);
            if score.is_some_and(|s| s != result.score) {
                return Err(format!("line {}: the solves disagree ({} and {})", i + 1, score.unwrap(), result.score));
            }
            score = Some(result.score);
            cells.push(format!("{} | {secs:.1}", result.nodes));
        }
        println!("| {:4} | {:7} | {:+5} | {} |", i + 1, board.empty_count(), score.unwrap_or(0), cells.join(" | "));
    }
    let cells: Vec<String> = totals.iter().map(|(nodes, secs)| format!("{nodes} | {secs:.1}")).collect();
    println!("| total | | | {} |", cells.join(" | "));
    Ok(())
}

/// The 8×8 position of an OBF line, read by the one OBF reader.
fn obf_board(line: &str) -> Result<Board, String> {
    let obf = read_obf(line).map_err(|e| e.to_string())?;
    obf.position.board().as_board().ok_or_else(|| "only 8×8 positions with the centre filled are solved".to_string())
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

/// The fuzz tests' random text and command lines.
#[cfg(test)]
mod tests {
    use super::*;
    use testkit::fuzz_args::fuzz_command_lines;
    use testkit::fuzz_input::rounds;

    fn parse(line: &str) -> Result<Command, String> {
        parse_command(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn subcommands_read_their_defaults_and_refuse_junk() {
        let Ok(Command::Selfplay { config, dir, weights, chunks, chunk_games, threads }) =
            parse("selfplay --dir d --weights w")
        else {
            panic!("selfplay with its defaults was refused")
        };
        assert_eq!((config.seed, config.random_moves, config.depth, config.exact_empties), (1, (4, 16), 8, 20));
        assert_eq!((dir, weights), (PathBuf::from("d"), PathBuf::from("w")));
        assert_eq!(parse("selfplay --weights w").unwrap_err(), "--dir is required");
        assert_eq!(parse("selfplay --dir d").unwrap_err(), "--weights is required");
        assert_eq!((chunks, chunk_games, threads, config.noise), (1_000_000, 40, 2, 0.1));
        let Ok(Command::Fit { data, baseline, quantum, prior, config, .. }) =
            parse("fit --baseline none --quantum 0.5")
        else {
            panic!("fit was refused")
        };
        assert_eq!((data.as_str(), baseline, quantum), (DEEP_DATA, None, 0.5));
        assert_eq!((prior, config.phases), (Some(PathBuf::from(BASELINE)), 12));
        let Ok(Command::Fit { lambda, .. }) = parse("fit") else { panic!("fit was refused") };
        assert_eq!(lambda, 0.0, "labels as searched unless asked");
        let Ok(Command::Fit { config, .. }) = parse("fit --phases 30") else { panic!("fit --phases 30 was refused") };
        assert_eq!(config.phases, 30);
        assert!(matches!(parse("solver-nodes --obf a.obf"), Ok(Command::SolverNodes { count: 5, .. })));
        let Ok(Command::Offshoots { config, sources, dir, weights, chunks, threads }) =
            parse("offshoots --dir o --weights w")
        else {
            panic!("offshoots with its defaults was refused")
        };
        let expected = Offshoots {
            seed: 4,
            plies: (1, 3),
            depth: 8,
            exact_empties: 14,
            selectivity: NO_SELECTIVITY,
            empties: (0, 60),
        };
        assert_eq!((config, sources.as_str(), chunks, threads), (expected, DEEP_DATA, 1_000_000, 2));
        assert_eq!((dir, weights), (PathBuf::from("o"), PathBuf::from("w")));
        assert_eq!(parse("offshoots --weights w").unwrap_err(), "--dir is required");
        for bad in [
            "",
            "train",
            "generate --random 9",
            "generate --random 20-8",
            "generate --games -1",
            "selfplay --dir d --weights w --threads 0",
            "selfplay --dir d --weights w --depth 61",
            "offshoots --dir d",
            "offshoots --dir d --weights w --plies 3-1",
            "offshoots --dir d --weights w --depth 0",
            "offshoots --dir d --weights w --threads 0",
            "offshoots --dir d --weights w --selectivity 6",
            "offshoots --dir d --weights w --empties 20-6",
            "selfplay --noise",
            "fit --epochs many",
            "fit --phases 0",
            "fit --phases 61",
            "fit --lambda 1.5",
            "fit --lambda -0.1",
            "errors --weight w",
            "solver-nodes",
            "splice --midgame a --endgame b",
            "recode --weights a",
            "splice --midgame a --endgame b --out c --from 0",
            "splice --midgame a --endgame b --out c --from 61",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn splicing_takes_the_endgame_phases_whole_from_the_second_file() {
        let (mut midgame, mut endgame) = (Weights::zeros(12), Weights::zeros(12));
        let size = midgame.values.len() / 12;
        midgame.values.fill(1);
        endgame.values.fill(2);
        let spliced = splice_phases(midgame.clone(), &endgame, 25).unwrap();
        // Phase 7 holds 25-21 empties: phases 0-6 stay the midgame file's.
        assert!(spliced.values[..7 * size].iter().all(|&v| v == 1));
        assert!(spliced.values[7 * size..].iter().all(|&v| v == 2));
        assert_eq!(splice_phases(midgame.clone(), &endgame, 60).unwrap(), endgame);
        assert!(splice_phases(midgame.clone(), &endgame, 24).unwrap_err().contains("not the most empties"));
        assert!(splice_phases(midgame, &Weights::zeros(30), 25).unwrap_err().contains("30 phases against 12"));
    }

    /// What each command may hold once read: the ranges its usage and messages promise.
    fn in_range(command: &Command) -> bool {
        match command {
            Command::Generate { config, .. } => config.random_moves.0 <= config.random_moves.1,
            Command::Selfplay { config, chunk_games, threads, .. } => {
                config.random_moves.0 <= config.random_moves.1
                    && (1..=60).contains(&config.depth)
                    && config.exact_empties <= 60
                    && *chunk_games > 0
                    && *threads > 0
            }
            Command::Offshoots { config, threads, .. } => {
                config.plies.0 <= config.plies.1
                    && (1..=60).contains(&config.depth)
                    && config.exact_empties <= 60
                    && *threads > 0
            }
            Command::Fit { config, lambda, .. } => {
                (1..=MAX_PHASES).contains(&config.phases) && (0.0..=1.0).contains(lambda)
            }
            // Any value of their types will do.
            Command::Splice { from_empties, .. } => (1..=60).contains(from_empties),
            Command::Relabel { .. } | Command::Errors { .. } | Command::SolverNodes { .. } | Command::Recode { .. } => {
                true
            }
        }
    }

    #[test]
    fn random_and_mutated_command_lines_are_read_in_range_or_refused_never_panic() {
        const WORDS: &[&str] = &[
            "generate",
            "selfplay",
            "relabel",
            "offshoots",
            "fit",
            "errors",
            "solver-nodes",
            "splice",
            "recode",
            "--midgame",
            "--endgame",
            "--from",
            "--games",
            "--seed",
            "--random",
            "--depth",
            "--exact",
            "--temperature",
            "--out",
            "--dir",
            "--weights",
            "--chunks",
            "--chunk-games",
            "--threads",
            "--noise",
            "--sources",
            "--plies",
            "--data",
            "--epochs",
            "--ridge",
            "--smoothing",
            "--step",
            "--patience",
            "--quantum",
            "--phases",
            "--lambda",
            "--baseline",
            "--obf",
            "--count",
            "none",
            "4-16",
            "a,b",
        ];
        const GOOD: &[&str] = &[
            "generate --games 40 --seed 2 --random 8-20 --depth 2 --exact 16 --temperature 1.0 --out o",
            "selfplay --dir d --weights w --chunks 9 --chunk-games 40 --threads 2 --seed 1 --random 4-16 --depth 8 \
             --exact 20 --noise 0.1",
            "relabel --data a,b --weights w --depth 4 --exact 16 --out o",
            "offshoots --dir d --weights w --sources a,b --threads 1 --seed 4 --plies 1-3 --depth 8 --exact 14 \
             --chunks 9",
            "fit --data d --epochs 400 --ridge 2 --smoothing 4 --step 0.25 --patience 20 --quantum 0 --phases 12 \
             --out o --baseline none --lambda 0.5",
            "errors --data d --weights w --baseline b",
            "solver-nodes --obf f --count 5 --weights w",
        ];
        fuzz_command_lines("reversi-train", 32, 20 * rounds(), (WORDS, GOOD), parse_command, in_range);
    }
}
