//! `reversi-engine book …`: builds the opening book with the engine's searches, resuming from the values a
//! stopped build left in its cache, and writes the book file.

use super::Failure;
use crate::command_line::BookOptions;
use engine::book::book::fingerprint;
use engine::book::book_build::{BookBuild, BOOK_TABLE_MEGABYTES};
use engine::book::{Book, BookCache};
use engine::eval::weights::Weights;
use engine::eval::PatternEvaluator;
use engine::Searcher;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Builds the opening book, resuming from the cache, writes it and says what it holds.
pub fn run_book(options: &BookOptions, out: &mut impl Write) -> Result<(), Failure> {
    let summary = build_book(options).map_err(|why| Failure::of("book", why))?;
    Ok(writeln!(out, "{summary}")?)
}

/// Builds the opening book, resuming from the cache, and writes it; returns what it holds.
fn build_book(options: &BookOptions) -> Result<String, String> {
    let bytes = std::fs::read(&options.weights).map_err(|e| format!("cannot read {}: {e}", options.weights))?;
    let weights = Weights::decode(&bytes).map_err(|e| format!("{}: {e}", options.weights))?;
    let print = fingerprint(&bytes);
    let header = BookCache::header(&options.settings, print);
    let (mut cache, known) = BookCache::open(Path::new(&options.cache), &header, |note| note!("{note}"))?;
    let resumed = known.len();
    let lines: Vec<Vec<usize>> = analysis::Openings::get().iter().map(|o| o.moves.clone()).collect();
    let searcher = Searcher::with_evaluator(BOOK_TABLE_MEGABYTES, Box::new(PatternEvaluator::new(weights)));
    let mut build = BookBuild::new(options.settings, &lines, searcher);
    build.searched = known;
    let start = Instant::now();
    let mut failed = None;
    let root = build.run(|key, value, build| {
        if let Err(e) = cache.record(key, value) {
            failed.get_or_insert(e.to_string());
        }
        let searched = build.searched.len() - resumed;
        if searched % 25 == 0 {
            note!("{searched} searches in {:.0} s", start.elapsed().as_secs_f64());
        }
    });
    if let Some(e) = failed {
        return Err(format!("cannot write {}: {e}", options.cache));
    }
    let file = Book::write(build.provenance(print), &root);
    let book = Book::read(&file).map_err(|e| e.to_string())?;
    std::fs::write(&options.out, &file).map_err(|e| format!("cannot write {}: {e}", options.out))?;
    Ok(format!(
        "{}: {} bytes, {} positions covered (every move valued, {} values), up to ply {}; {} searches ({} resumed) in {:.0} s",
        options.out,
        file.len(),
        book.covered(),
        book.valued(),
        book.deepest_ply(),
        build.searched.len(),
        resumed,
        start.elapsed().as_secs_f64()
    ))
}
