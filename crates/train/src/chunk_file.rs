//! What the two kinds of committed data chunk (game records `*.rvg`, positions `*.rvp`) share: gzip over their
//! bytes, a write that never leaves a truncated chunk under the real name, errors that name the file, and the
//! sorted list of a folder's chunks.

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// A data error in the chunk at `path`.
pub(crate) fn invalid(path: &Path, what: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{}: {what}", path.display()))
}

/// Writes `raw` gzip-compressed to `path` through a temporary file and a rename, so a killed writer never leaves
/// a truncated chunk under the real name (generators skip chunks that exist).
pub(crate) fn write_compressed(path: &Path, raw: &[u8]) -> io::Result<()> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(raw)?;
    let bytes = encoder.finish()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}

/// The bytes of the gzip chunk at `path`.
pub(crate) fn read_compressed(path: &Path) -> io::Result<Vec<u8>> {
    let mut raw = Vec::new();
    GzDecoder::new(std::fs::File::open(path)?).read_to_end(&mut raw).map_err(|e| invalid(path, e))?;
    Ok(raw)
}

/// The files of `dir` whose extension is `extension`, sorted.
pub(crate) fn files_with_extension(dir: &Path, extension: &str) -> io::Result<Vec<PathBuf>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    paths.sort();
    Ok(paths)
}
