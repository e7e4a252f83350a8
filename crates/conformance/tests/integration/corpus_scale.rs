//! Loading a case file takes time in proportion to its size: a file of
//! 30,000 generated cases (near the 4 MiB limit on a file) loads, every
//! case with its own line number; one of 200,000 is refused unparsed.

use std::fmt::Write as _;
use std::time::Instant;

use drawrules_conformance::corpus::{MAX_FILE_BYTES, parse_file};

/// Lines per generated case, the blank line after it included.
const LINES_PER_CASE: usize = 7;

/// Lines before the first case: a comment and a blank line.
const PREAMBLE_LINES: usize = 2;

/// A case file of `count` cases; case `i` (from 0) starts on line
/// `PREAMBLE_LINES + 1 + LINES_PER_CASE * i`.
fn generated(count: usize) -> String {
    let mut text = String::from("# Generated: many small cases.\n\n");
    for i in 0..count {
        let _ = write!(
            text,
            "[[case]]\n\
             name = \"case-{i}\"\n\
             articles = [\"9.3.2\"]\n\
             shows = \"generated case {i}\"\n\
             moves = \"g1f3 g8f6\"\n\
             expect = {{ clock = 2 }}\n\
             \n"
        );
    }
    text
}

fn line_of_case(index: usize) -> usize {
    PREAMBLE_LINES + 1 + LINES_PER_CASE * index
}

#[test]
fn thirty_thousand_cases_load_with_their_lines() {
    let count = 30_000;
    let text = generated(count);
    assert!(text.len() <= MAX_FILE_BYTES);
    let file = parse_file("many.toml", &text).unwrap();
    assert_eq!(file.group, "many");
    assert_eq!(file.cases.len(), count);
    for index in [0, 1, 2, 9_999, 15_001, count - 1] {
        let case = &file.cases[index];
        assert_eq!(case.name, format!("case-{index}"));
        assert_eq!(case.line, line_of_case(index), "case {index}");
    }
}

#[test]
fn two_hundred_thousand_cases_in_one_file_are_refused_unparsed() {
    let text = generated(200_000);
    let err = parse_file("many.toml", &text).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "many.toml: {} bytes, more than the limit of 4 MiB for a corpus file",
            "25,177,812"
        )
    );
    assert_eq!(text.len(), 25_177_812);
}

#[test]
fn an_error_deep_in_a_large_file_names_its_line() {
    let count = 30_000;
    let text = generated(count).replacen(
        "name = \"case-25000\"\narticles = [\"9.3.2\"]",
        "name = \"case-25000\"\narticles = [\"9.9.9\"]",
        1,
    );
    let err = parse_file("many.toml", &text).unwrap_err().to_string();
    // The message points at the `articles` line, two below the header.
    let line = line_of_case(25_000) + 2;
    assert!(
        err.starts_with(&format!(
            "many.toml:{line}: case \"case-25000\": unknown article"
        )),
        "{err}"
    );
}

/// Prints how long loading takes at a few sizes. Run with
/// `cargo test --release -p drawrules-conformance --test integration -- corpus_scale:: --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn time_to_load_many_cases() {
    for count in [10_000, 20_000, 30_000] {
        let text = generated(count);
        let started = Instant::now();
        let file = parse_file("many.toml", &text).unwrap();
        let elapsed = started.elapsed();
        assert_eq!(file.cases.len(), count);
        println!(
            "{count} cases ({:.1} MB): loaded in {:.2} s",
            text.len() as f64 / 1e6,
            elapsed.as_secs_f64()
        );
    }
}
