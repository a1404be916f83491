//! The engine's data files, the evaluation's weights and the opening book, and how they reach it.
//!
//! Natively (the CLI, the tests, the trainer) and in a wasm build with the `embedded-data` feature (the benchmark
//! page) they are compiled in. The web app builds without them, so its first download carries only code: it fetches
//! the files by the names given here once its board is interactive and installs them, and the engine refuses any
//! bytes whose length or fingerprint differ from those of the files it was built with (the build script,
//! `data_fingerprints.rs`, computes them). Jobs that read the weights or the book wait for [`ready`].

use crate::fingerprint::fingerprint;
use std::fmt;

include!(concat!(env!("OUT_DIR"), "/data_fingerprints.rs"));

/// One of the engine's data files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFile {
    /// The trained evaluation's weights, `crates/engine/data/eval.weights`.
    Weights,
    /// The opening book, `crates/engine/data/book.bin`.
    Book,
}

/// Why bytes offered as a data file were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError(String);

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataError {}

impl DataFile {
    pub const ALL: [DataFile; 2] = [DataFile::Weights, DataFile::Book];

    /// The file's name as the site serves it: its stem, its fingerprint in hex (so a new file is a new name that
    /// no cache confuses with the old one) and its extension, e.g. `eval-0123456789abcdef.weights`.
    pub fn file_name(self) -> String {
        let (stem, extension) = match self {
            DataFile::Weights => ("eval", "weights"),
            DataFile::Book => ("book", "bin"),
        };
        format!("{stem}-{:016x}.{extension}", self.fingerprint())
    }

    /// The fingerprint (`fingerprint::fingerprint`) of the file this build was made with.
    pub fn fingerprint(self) -> u64 {
        match self {
            DataFile::Weights => WEIGHTS_FINGERPRINT,
            DataFile::Book => BOOK_FINGERPRINT,
        }
    }

    fn len(self) -> usize {
        match self {
            DataFile::Weights => WEIGHTS_LEN,
            DataFile::Book => BOOK_LEN,
        }
    }

    /// Checks `bytes` against the file this build was made with and keeps them for the engine. Installing the
    /// same file again changes nothing.
    pub fn install(self, bytes: Vec<u8>) -> Result<(), DataError> {
        self.check(&bytes)?;
        store::keep(self, bytes);
        Ok(())
    }

    fn check(self, bytes: &[u8]) -> Result<(), DataError> {
        let name = self.file_name();
        if bytes.len() != self.len() {
            return Err(DataError(format!("{name} has {} bytes instead of {}", bytes.len(), self.len())));
        }
        if fingerprint(bytes) != self.fingerprint() {
            return Err(DataError(format!(
                "{name} is not the file this build was made with (its fingerprint differs)"
            )));
        }
        Ok(())
    }

    /// The file's bytes, once they are here.
    pub fn bytes(self) -> Option<&'static [u8]> {
        store::bytes(self)
    }
}

/// Whether every data file is here, so the weights can be decoded and the book read.
pub fn ready() -> bool {
    DataFile::ALL.iter().all(|file| file.bytes().is_some())
}

/// Where the bytes live: compiled in (natively, or with `embedded-data`), else installed by the caller.
#[cfg(embedded_data)]
mod store {
    use super::DataFile;

    static WEIGHTS: &[u8] = include_bytes!("../data/eval.weights");
    static BOOK: &[u8] = include_bytes!("../data/book.bin");

    pub fn bytes(file: DataFile) -> Option<&'static [u8]> {
        Some(match file {
            DataFile::Weights => WEIGHTS,
            DataFile::Book => BOOK,
        })
    }

    /// Compiled-in files are already here: an install only checks its bytes.
    pub fn keep(_: DataFile, _: Vec<u8>) {}
}

#[cfg(not(embedded_data))]
mod store {
    use super::DataFile;
    use std::sync::OnceLock;

    static WEIGHTS: OnceLock<Box<[u8]>> = OnceLock::new();
    static BOOK: OnceLock<Box<[u8]>> = OnceLock::new();

    pub fn bytes(file: DataFile) -> Option<&'static [u8]> {
        slot(file).get().map(|bytes| &bytes[..])
    }

    /// The first copy stays: a second install of the same (checked) file changes nothing.
    pub fn keep(file: DataFile, bytes: Vec<u8>) {
        let _ = slot(file).set(bytes.into_boxed_slice());
    }

    fn slot(file: DataFile) -> &'static OnceLock<Box<[u8]>> {
        match file {
            DataFile::Weights => &WEIGHTS,
            DataFile::Book => &BOOK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_in_files_are_the_ones_the_build_fingerprinted() {
        for file in DataFile::ALL {
            let bytes = file.bytes().expect("compiled in natively");
            assert_eq!(fingerprint(bytes), file.fingerprint(), "{file:?}");
            assert_eq!(file.install(bytes.to_vec()), Ok(()), "{file:?}: the same file installs");
        }
        assert!(ready());
    }

    #[test]
    fn other_bytes_are_refused_with_the_reason() {
        let weights = DataFile::Weights.bytes().unwrap();
        let cut = DataFile::Weights.install(weights[..100].to_vec()).unwrap_err().to_string();
        assert!(cut.contains("has 100 bytes instead of") && cut.contains(".weights"), "{cut}");
        let mut flipped = weights.to_vec();
        flipped[5000] ^= 1;
        let changed = DataFile::Weights.install(flipped).unwrap_err().to_string();
        assert!(changed.contains("not the file this build was made with"), "{changed}");
        let swapped = DataFile::Book.install(weights.to_vec()).unwrap_err().to_string();
        assert!(swapped.starts_with("book-"), "{swapped}");
    }

    #[test]
    fn names_carry_the_fingerprint() {
        let name = DataFile::Book.file_name();
        assert_eq!(name, format!("book-{:016x}.bin", fingerprint(DataFile::Book.bytes().unwrap())));
        assert!(
            DataFile::Weights.file_name().starts_with("eval-") && DataFile::Weights.file_name().ends_with(".weights")
        );
    }
}
