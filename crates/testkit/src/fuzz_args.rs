//! Random and mutated command lines for the argument fuzzing of the command-line tools (each binary's tests include
//! this file and feed what it makes to their parser, in-process, so thousands run in a second).

use crate::fuzz_input::{mutate, random_text};
use engine::rng::Rng;

/// Numbers at and past the edges of the ranges the tools take, and text that is nearly a number.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "-0",
    "+5",
    "12",
    "59",
    "60",
    "61",
    "64",
    "65",
    "1000000",
    "1000001",
    "4294967297",
    "18446744073709551615",
    "18446744073709551616",
    "0.5",
    "1e-300",
    "1e308",
    "1e9",
    "NaN",
    "inf",
    "-inf",
    "0x10",
    "",
    " ",
    "1-2",
    "2-1",
    "4-",
    "-",
    "100ms",
    "0.5s",
    "0ms",
];

/// One argument: a word the tool knows, an edgy number, or random text.
fn random_argument(rng: &mut Rng, words: &[&str]) -> String {
    match rng.next_u64() % 4 {
        0 | 1 => words[(rng.next_u64() % words.len() as u64) as usize].to_string(),
        2 => NUMBERS[(rng.next_u64() % NUMBERS.len() as u64) as usize].to_string(),
        _ => random_text(rng, 12),
    }
}

/// A command line: half the time a good one (`good_lines`, split at spaces) with a few arguments replaced,
/// inserted, removed, repeated or changed character by character; otherwise up to 8 arguments from nothing,
/// mostly led by a word the tool knows (`words`).
pub fn random_command_line(rng: &mut Rng, words: &[&str], good_lines: &[&str]) -> Vec<String> {
    if rng.next_u64().is_multiple_of(2) {
        let line = good_lines[(rng.next_u64() % good_lines.len() as u64) as usize];
        let mut args: Vec<String> = line.split(' ').map(String::from).collect();
        for _ in 0..rng.next_u64() % 4 {
            let at = (rng.next_u64() % (args.len() as u64 + 1)) as usize;
            match rng.next_u64() % 5 {
                0 if at < args.len() => args[at] = random_argument(rng, words),
                1 => args.insert(at, random_argument(rng, words)),
                2 if at < args.len() => {
                    args.remove(at);
                }
                3 if at < args.len() => args.insert(at, args[at].clone()),
                _ if at < args.len() => args[at] = mutate(&args[at], rng),
                _ => args.push(random_argument(rng, words)),
            }
        }
        args
    } else {
        (0..rng.next_u64() % 9).map(|_| random_argument(rng, words)).collect()
    }
}

/// Feeds `lines` random and mutated command lines to `parse`: each must be refused with a reason or read into a
/// command `in_range` accepts, and neither may be rare (the generator reaches both). Prints the counts under `tool`.
pub fn fuzz_command_lines<C: std::fmt::Debug>(
    tool: &str,
    seed: u64,
    lines: usize,
    (words, good_lines): (&[&str], &[&str]),
    parse: impl Fn(&[String]) -> Result<C, String>,
    in_range: impl Fn(&C) -> bool,
) {
    let mut rng = Rng::new(seed);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..lines {
        let args = random_command_line(&mut rng, words, good_lines);
        match parse(&args) {
            Ok(command) => {
                assert!(in_range(&command), "{args:?} was read as {command:?}");
                accepted += 1;
            }
            Err(message) => {
                assert!(!message.trim().is_empty(), "{args:?} was refused without a reason");
                refused += 1;
            }
        }
    }
    assert!(accepted > lines / 20 && refused > lines / 20, "{accepted} accepted, {refused} refused");
    println!("{tool} command lines: {lines} inputs, {accepted} accepted, {refused} refused");
}
