//! The book's values and its file.
//!
//! The book holds the value of every position one move after a position it covers, so a covered position has a
//! value for each of its legal moves. The file is a spanning tree of the covered positions in pre-order: each
//! record is the move from its parent record's position (the first record is the start), the values of the
//! position's legal moves in square order, and how many records hang below it. A few bytes a position; reading it
//! replays the moves.

use super::key::{key, Key};
use crate::bits::squares_of;
pub use crate::fingerprint::fingerprint;
use crate::rng::Rng;
use crate::rules::Board;
use crate::search::sort_best_first;
use crate::shipped::DataFile;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

const MAGIC: &[u8; 4] = b"RVBK";
const VERSION: u8 = 1;
/// Magic, version, depth, selectivity, margin, the weights' fingerprint (8 bytes), the record count (4 bytes).
const HEADER_LEN: usize = 4 + 1 + 3 + 8 + 4;
/// The move of the first record, which has no parent.
const ROOT: u8 = 0xFF;

/// How the values were searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// Midgame depth of the searches of the positions that are not covered themselves (plies from there).
    pub depth: u8,
    /// The searches' multi-prob-cut level (`Searcher::set_selectivity`).
    pub selectivity: u8,
    /// Moves losing more than this many discs against the best were not followed (unless on a named line).
    pub margin: u8,
    /// `fingerprint` of the evaluation weights the searches used.
    pub weights: u64,
}

/// One covered position as written: its values per legal move (square order) and the records below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The move from the parent record's position (`None` for the start).
    pub mv: Option<usize>,
    /// The mover's value of each legal move, in discs.
    pub values: Vec<i8>,
    pub children: Vec<Record>,
}

/// What is wrong with a book file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "opening book: {}", self.0)
    }
}

/// The book in memory: the value of every position it knows, for the side to move there.
#[derive(Debug)]
pub struct Book {
    pub provenance: Provenance,
    values: HashMap<Key, i8>,
    covered: HashSet<Key>,
    deepest_ply: u32,
}

/// The values stored for the moves of one position, in discs for its side to move.
pub type MoveValues = Vec<(usize, i32)>;

impl Book {
    /// The shipped book, read once. On the web its file must be installed first (`shipped::ready`); natively it
    /// is compiled in.
    pub fn get() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            let bytes = DataFile::Book.bytes().expect("the book is installed before any job uses it (shipped::ready)");
            Book::read(bytes).expect("crates/engine/data/book.bin is checked by the tests")
        })
    }

    /// Reads a book file.
    pub fn read(bytes: &[u8]) -> Result<Book, BookError> {
        let error = |what: &str| BookError(what.to_string());
        if bytes.len() < HEADER_LEN || &bytes[..4] != MAGIC {
            return Err(error("not a book file"));
        }
        if bytes[4] != VERSION {
            return Err(BookError(format!("version {} (this program reads {VERSION})", bytes[4])));
        }
        let provenance = Provenance {
            depth: bytes[5],
            selectivity: bytes[6],
            margin: bytes[7],
            weights: u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes")),
        };
        let count = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes")) as usize;
        let mut book = Book { provenance, values: HashMap::new(), covered: HashSet::new(), deepest_ply: 0 };
        let mut reader = Reader { bytes: &bytes[HEADER_LEN..], at: 0 };
        if count > 0 {
            book.read_record(&mut reader, &Board::start(), 0, true)?;
        }
        if book.covered.len() != count || reader.at != reader.bytes.len() {
            return Err(error("the records do not match the count"));
        }
        Ok(book)
    }

    fn read_record(&mut self, reader: &mut Reader, parent: &Board, ply: u32, root: bool) -> Result<(), BookError> {
        let mv = reader.byte()?;
        let board = match (root, mv) {
            (true, ROOT) => *parent,
            (false, sq) if sq < 64 && parent.moves() >> sq & 1 == 1 => parent.play(sq as usize),
            _ => return Err(BookError(format!("an illegal move ({mv}) in record {}", self.covered.len() + 1))),
        };
        let children = reader.byte()?;
        for sq in squares_of(board.moves()) {
            let value = reader.byte()? as i8;
            self.values.insert(key(&board.play(sq)), value.saturating_neg());
        }
        if board.moves() == 0 || !self.covered.insert(key(&board)) {
            return Err(BookError(format!("record {} has no move or is there twice", self.covered.len() + 1)));
        }
        self.deepest_ply = self.deepest_ply.max(ply);
        for _ in 0..children {
            self.read_record(reader, &board, ply + 1, false)?;
        }
        Ok(())
    }

    /// Writes `root` (the start position's record) as a book file.
    pub fn write(provenance: Provenance, root: &Record) -> Vec<u8> {
        fn count(record: &Record) -> u32 {
            1 + record.children.iter().map(count).sum::<u32>()
        }
        fn write_record(record: &Record, out: &mut Vec<u8>) {
            out.push(record.mv.map_or(ROOT, |sq| sq as u8));
            out.push(record.children.len() as u8);
            out.extend(record.values.iter().map(|&v| v as u8));
            for child in &record.children {
                write_record(child, out);
            }
        }
        let mut out = MAGIC.to_vec();
        out.extend([VERSION, provenance.depth, provenance.selectivity, provenance.margin]);
        out.extend(provenance.weights.to_le_bytes());
        out.extend(count(root).to_le_bytes());
        write_record(root, &mut out);
        out
    }

    /// Positions the book covers (every legal move valued).
    pub fn covered(&self) -> usize {
        self.covered.len()
    }

    /// Whether every legal move of `board` has a value.
    pub fn covers(&self, board: &Board) -> bool {
        self.covered.contains(&key(board))
    }

    /// Positions with a value (those one move after a covered one).
    pub fn valued(&self) -> usize {
        self.values.len()
    }

    /// The most moves played before a covered position.
    pub fn deepest_ply(&self) -> u32 {
        self.deepest_ply
    }

    /// The value of `board` for its side to move, if the book has it.
    pub fn value(&self, board: &Board) -> Option<i32> {
        self.values.get(&key(board)).map(|&v| i32::from(v))
    }

    /// Every legal move of `board` with its value for the side to move, best first (lowest square among equals),
    /// when the book covers the position.
    pub fn move_values(&self, board: &Board) -> Option<MoveValues> {
        let mut values = self.values_by_square(board)?;
        sort_best_first(&mut values);
        Some(values)
    }

    /// Every legal move of `board` with its value for the side to move, in square order, when the book covers the
    /// position.
    pub fn values_by_square(&self, board: &Board) -> Option<MoveValues> {
        if !self.covers(board) {
            return None;
        }
        let values = squares_of(board.moves())
            .map(|sq| self.value(&board.play(sq)).map(|v| (sq, -v)))
            .collect::<Option<MoveValues>>()
            .expect("a covered position has every move valued");
        Some(values)
    }

    /// One of the moves within `tolerance` discs of the best, uniformly at random: book play that varies from
    /// game to game without giving anything away. `None` outside the book.
    pub fn choose(&self, board: &Board, tolerance: i32, rng: &mut Rng) -> Option<(usize, i32)> {
        let values = self.move_values(board)?;
        let best = values[0].1;
        let near = values.iter().take_while(|&&(_, v)| v >= best - tolerance).count();
        Some(values[(rng.next_u64() % near as u64) as usize])
    }

    /// The expected line after `first` while it stays in the book, best moves only (starting with `first`).
    pub fn line(&self, board: &Board, first: usize) -> Vec<usize> {
        let mut line = vec![first];
        let mut position = board.play(first);
        while let Some(values) = self.move_values(&position) {
            line.push(values[0].0);
            position = position.play(values[0].0);
        }
        line
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, BookError> {
        let byte = *self.bytes.get(self.at).ok_or(BookError("the file is cut short".into()))?;
        self.at += 1;
        Ok(byte)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provenance() -> Provenance {
        Provenance { depth: 4, selectivity: 5, margin: 2, weights: 7 }
    }

    /// The start (one move valued per square) and f5 below it with its three replies.
    fn small() -> Record {
        // f5's replies in square order: f4 (29), d6 (43), f6 (45).
        let f5 = Record { mv: Some(37), values: vec![-3, -1, -2], children: vec![] };
        Record { mv: None, values: vec![1, 1, 1, 1], children: vec![f5] }
    }

    #[test]
    fn a_written_book_reads_back_with_every_move_valued() {
        let book = Book::read(&Book::write(provenance(), &small())).unwrap();
        assert_eq!((book.covered(), book.deepest_ply(), book.provenance), (2, 1, provenance()));
        let start = Board::start();
        let first = book.move_values(&start).unwrap();
        assert_eq!(first.len(), 4);
        assert!(first.iter().all(|&(sq, v)| start.moves() >> sq & 1 == 1 && v == 1));
        assert!(first.windows(2).all(|pair| pair[0].0 < pair[1].0), "equal values: the lowest square first");
        let f5 = start.play(37);
        assert_eq!(book.move_values(&f5).unwrap(), vec![(43, -1), (45, -2), (29, -3)]);
        assert_eq!(book.values_by_square(&f5).unwrap(), vec![(29, -3), (43, -1), (45, -2)]);
        // The same position reached from d3 (the mirror image) has the same values on mirrored squares.
        let d3 = start.play(19);
        assert_eq!(book.move_values(&d3).unwrap().iter().map(|&(_, v)| v).collect::<Vec<_>>(), vec![-1, -2, -3]);
        assert_eq!(book.move_values(&f5.play(43)), None, "not covered");
        assert_eq!(book.line(&start, 37), vec![37, 43]);
    }

    #[test]
    fn choices_stay_within_the_tolerance_and_vary() {
        let book = Book::read(&Book::write(provenance(), &small())).unwrap();
        let f5 = Board::start().play(37);
        let mut rng = Rng::new(3);
        let picks: Vec<usize> = (0..60).map(|_| book.choose(&f5, 1, &mut rng).unwrap().0).collect();
        assert!(picks.iter().all(|&sq| sq == 43 || sq == 45), "f4 loses 2: {picks:?}");
        assert!(picks.contains(&43) && picks.contains(&45), "both near-best moves get played");
        assert!((0..20).all(|_| book.choose(&f5, 0, &mut rng) == Some((43, -1))));
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let good = Book::write(provenance(), &small());
        assert!(Book::read(&good[..good.len() - 1]).unwrap_err().0.contains("cut short"));
        assert!(Book::read(b"RVBX").is_err());
        let mut version = good.clone();
        version[4] = 9;
        assert!(Book::read(&version).unwrap_err().0.contains("version 9"));
        let mut illegal = good.clone();
        illegal[HEADER_LEN + 2 + 4] = 0; // f5's record moved to a1
        assert!(Book::read(&illegal).unwrap_err().0.contains("illegal move"));
        let mut longer = good;
        longer.push(0);
        assert!(Book::read(&longer).is_err());
    }
}
