//! The opening book: the first moves of the 8×8 standard game with their values from deep searches, so the
//! strongest level and the hints answer at once. `key` names a position under the board's eight symmetries,
//! `book` holds the values and reads the compact file shipped in `crates/engine/data/book.bin`, and `build` makes that file
//! with the engine's own searches (`reversi-engine book`), keeping the values searched so far in a `book_cache` file
//! so a stopped build resumes.

#[allow(clippy::module_inception)] // book::book holds the Book type: one concept per file.
pub mod book;
pub mod book_build;
pub mod book_cache;
pub mod key;

pub use book::{Book, BookError};
pub use book_cache::BookCache;
pub use key::{key, Key};
