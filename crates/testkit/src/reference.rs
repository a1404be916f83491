//! The shared reference files (`../shared/reference/`: perft counts, FFO and FForum positions), read in place by
//! the tests that check against them (tests/hints.rs, tests/fforum.rs); never copied into the project.

/// The text of `reference/<name>` in the nearest `shared/` beside the project or one of its parent folders (a git
/// worktree sits deeper), or `None` (after saying the test is skipped) when it is not there.
pub fn reference_text(name: &str) -> Option<String> {
    let project = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = project
        .ancestors()
        .skip(1)
        .find_map(|dir| std::fs::read_to_string(dir.join("shared/reference").join(name)).ok());
    if found.is_none() {
        eprintln!("skipped: ../shared/reference/{name} not found (the shared reference files sit beside the project)");
    }
    found
}
