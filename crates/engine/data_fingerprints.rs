//! The engine's build script: the length and fingerprint of each data file, which the engine checks the files it
//! is given against (`src/shipped.rs`), and whether the files are compiled in (`cfg(embedded_data)`): always
//! natively, and in wasm only with the `embedded-data` feature (the web app fetches them instead).

include!("src/fingerprint.rs");

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut constants = String::new();
    for (name, path) in [("WEIGHTS", "data/eval.weights"), ("BOOK", "data/book.bin")] {
        println!("cargo:rerun-if-changed={path}");
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("crates/engine/{path}: {e}"));
        constants += &format!("const {name}_LEN: usize = {};\n", bytes.len());
        constants += &format!("const {name}_FINGERPRINT: u64 = {:#018x};\n", fingerprint(&bytes));
    }
    std::fs::write(out.join("data_fingerprints.rs"), constants).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=data_fingerprints.rs");
    println!("cargo:rerun-if-changed=src/fingerprint.rs");
    println!("cargo::rustc-check-cfg=cfg(embedded_data)");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if !wasm || std::env::var_os("CARGO_FEATURE_EMBEDDED_DATA").is_some() {
        println!("cargo:rustc-cfg=embedded_data");
    }
}
