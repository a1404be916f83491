//! Gives the app the short hash of the commit it is built from (`REVERSI_COMMIT`, shown in About), so a player and
//! a bug report can tell which build is running. Without git (a source archive) it is "unknown". And the site's
//! split build links with relocations.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    // The site's build splits the linked wasm into modules (scripts/split-wasm.mjs), which needs the linker's
    // relocations; only the app's binary relinks with them, and only when the split is asked for.
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo:rustc-link-arg-bins=--emit-relocs");
    }
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=REVERSI_COMMIT={commit}");
    // Run again when HEAD moves: HEAD itself (a checkout), the branch it names (a commit) and packed refs.
    println!("cargo:rerun-if-changed=build.rs");
    let branch = git(&["symbolic-ref", "-q", "HEAD"]);
    for name in ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref()) {
        if let Some(path) = git(&["rev-parse", "--git-path", name]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
