/// FNV-1a of some bytes: which weights file (or prob-cut fit) a book was searched with, and which data files a
/// build expects (`shipped`). The engine's build script includes this file too, so both compute the same value.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
