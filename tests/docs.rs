//! Statements of the prose tied to the code and data they describe, so
//! that they cannot drift from them: how many libraries the conformance
//! report covers, and the exit codes of the command line.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The file at `path` under the repository's root.
fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    fs::read_to_string(&full).unwrap_or_else(|err| panic!("{}: {err}", full.display()))
}

/// `text` with its runs of white space made single spaces, so that a
/// phrase is found wherever the lines of a paragraph break.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The number word for 1 to 12.
fn word(number: usize) -> &'static str {
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS
        .get(number.wrapping_sub(1))
        .unwrap_or_else(|| panic!("no word for {number}"))
}

/// The libraries of spec/CONFORMANCE.md: one `## ` section each.
fn libraries_reported() -> usize {
    read("spec/CONFORMANCE.md")
        .lines()
        .filter(|line| line.starts_with("## "))
        .count()
}

/// The adapters .ci/run verifies: the `name|command|options` lines of its
/// `ADAPTERS` list.
fn adapters_run() -> Vec<String> {
    let run = read(".ci/run");
    let list = run
        .split_once("<<ADAPTERS\n")
        .and_then(|(_, rest)| rest.split_once("\nADAPTERS"))
        .map(|(list, _)| list)
        .expect(".ci/run lists its adapters between <<ADAPTERS and ADAPTERS");
    list.lines()
        .filter_map(|line| line.split('|').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_libraries_counted_in_the_prose_are_those_of_the_conformance_report() {
    let reported = libraries_reported();
    let adapters = adapters_run();
    assert_eq!(reported, adapters.len(), "{adapters:?}");
    for adapter in &adapters {
        assert!(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("adapters/known/{adapter}.toml"))
                .is_file(),
            "{adapter} has no known-divergences file"
        );
    }
    let phrase = format!("{} libraries", word(reported));
    for page in [
        "README.md",
        "book/src/introduction.md",
        "book/src/architecture.md",
    ] {
        let text = flat(&read(page));
        assert!(text.contains(&phrase), "{page} does not say {phrase:?}");
        for other in (1..=12).filter(|&n| n != reported) {
            let wrong = format!("{} libraries", word(other));
            assert!(!text.contains(&wrong), "{page} says {wrong:?}");
        }
    }
}

/// The numbers written in `text` outside code spans (`--rules
/// fide-1997` is an example, not a code).
fn numbers_in(text: &str) -> BTreeSet<u32> {
    let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    prose
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|digits| digits.parse().ok())
        .collect()
}

/// The paragraph of `page` that begins "Every command exits".
fn exit_paragraph(page: &str) -> String {
    let text = read(page);
    text.split("\n\n")
        .find(|paragraph| paragraph.starts_with("Every command exits"))
        .unwrap_or_else(|| panic!("{page} has no paragraph on exit codes"))
        .to_owned()
}

/// The exit codes of the command line's source: 0 (`ExitCode::SUCCESS`),
/// every `const NAME: u8 = N;` under crates/cli/src, and the base a
/// signal's number is added to (`128 + self.0` in signals.rs).
fn exit_codes_in_source() -> BTreeSet<u32> {
    let mut codes = BTreeSet::from([0]);
    let mut files = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/cli/src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            let entries = fs::read_dir(&path).expect("a readable directory");
            files.extend(entries.map(|entry| entry.expect("an entry").path()));
            continue;
        }
        let source = fs::read_to_string(&path).expect("a readable file");
        for line in source.lines() {
            let line = line.trim();
            if let Some(rest) = line
                .strip_prefix("const ")
                .or_else(|| line.strip_prefix("pub const "))
                && let Some((_, value)) = rest.split_once(": u8 = ")
            {
                codes.insert(value.trim_end_matches(';').parse().expect("a number"));
            }
        }
    }
    let signals = read("crates/cli/src/signals.rs");
    let (before, _) = signals
        .split_once(" + self.0")
        .expect("signals.rs adds the signal's number to a base");
    let base = before.rsplit('(').next().expect("a base").trim();
    codes.insert(base.parse().expect("a number"));
    codes
}

#[test]
fn the_exit_codes_the_prose_lists_are_those_of_the_command_line() {
    let codes = exit_codes_in_source();
    assert_eq!(codes, BTreeSet::from([0, 1, 2, 3, 4, 64, 128]));
    for page in ["README.md", "book/src/architecture.md"] {
        assert_eq!(numbers_in(&exit_paragraph(page)), codes, "{page}");
    }
}

/// The scans find what they look for, and leave out code spans.
#[test]
fn the_scans_see_what_they_count() {
    assert_eq!(
        numbers_in("exits 0, 2 and 64 (`--rules fide-1997`)"),
        BTreeSet::from([0, 2, 64])
    );
    assert_eq!(word(6), "six");
    assert!(exit_codes_in_source().contains(&64));
    assert!(libraries_reported() > 1);
    assert!(adapters_run().contains(&"python-chess".to_owned()));
}
