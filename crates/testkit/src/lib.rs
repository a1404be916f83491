//! What the tests of every crate share: junk text (`text_mutations`, `fuzz_input`) and junk command lines
//! (`fuzz_args`) for the fuzz tests, and the shared reference files (`reference`). A dev-dependency only: nothing
//! that ships links it.

pub mod fuzz_args;
pub mod fuzz_input;
pub mod reference;
pub mod text_mutations;
