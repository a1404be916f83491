//! Files in the system's temporary directory, for the tests that hand the engine a path (tests/cli.rs,
//! tests/match_nboard.rs, tests/audit.rs).

/// A file holding `contents`, named for this test process and `name` (and so written afresh by each run).
pub fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> String {
    let path = std::env::temp_dir().join(format!("reversi-engine-tests-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path.to_string_lossy().into_owned()
}
