//! The documented costs of the exact 5.2.2 decision, held on the costliest
//! positions we know (`tests/data/costly-positions.txt`): the peak memory
//! of `drawrules dead -` (one search at a time) and of `drawrules
//! adjudicate --exact-dead-position --threads 2` (one search per thread)
//! stay under the bounds the manual of adjudicate states (`book/src/commands/adjudicate.md`), and the verdicts are the ones
//! pinned here.
//!
//! The peak is the largest resident set of a child this process has
//! waited for (`getrusage(RUSAGE_CHILDREN)`), so this file holds one test
//! and starts its commands one after the other.

use crate::common;

use std::path::Path;

use common::drawrules_fed;

/// The most one search may hold, as the manual of adjudicate documents it, with the
/// process around it (the binary, standard output's buffers).
const ONE_SEARCH: u64 = 80 << 20;

/// The costly positions, one `FEN side` a line, comments left out.
fn costly() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/costly-positions.txt");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// The largest resident set, in bytes, of the children waited for so far.
fn children_peak() -> u64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes a whole `rusage` into the pointer it is
    // given, which points to one.
    let status = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) };
    assert_eq!(status, 0, "getrusage failed");
    // SAFETY: initialised by the successful call above (and zeroed before).
    let usage = unsafe { usage.assume_init() };
    // Kilobytes on Linux.
    u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024
}

/// Runs `drawrules args` with `input` on standard input: exit status and
/// standard output.
fn run(args: &[&str], input: &str) -> (Option<i32>, String) {
    let output = drawrules_fed(args, input.as_bytes());
    assert!(
        output.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
    )
}

#[test]
fn the_costliest_positions_stay_under_the_documented_memory() {
    let sides = costly();
    assert_eq!(
        sides.len(),
        16,
        "the set of tests/data/costly-positions.txt"
    );

    // One search at a time: every side answered, in order, as pinned.
    let (code, out) = run(&["dead", "-"], &(sides.join("\n") + "\n"));
    assert_eq!(code, Some(0));
    let verdicts: Vec<(String, String)> = out
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let (side, answer) = value
                .as_object()
                .unwrap()
                .iter()
                .find(|(key, _)| *key == "white" || *key == "black")
                .expect("the side asked about");
            (side.clone(), answer["verdict"].as_str().unwrap().to_owned())
        })
        .collect();
    let expected: Vec<(String, String)> = sides
        .iter()
        .enumerate()
        .map(|(n, line)| {
            let side = line.rsplit_once(' ').unwrap().1.to_owned();
            // The three sides every search leaves undetermined first, then
            // thirteen whose helpmates the searches find.
            let verdict = if n < 3 { "undetermined" } else { "possible" };
            (side, verdict.to_owned())
        })
        .collect();
    assert_eq!(verdicts, expected);
    let one_search = children_peak();
    assert!(
        one_search < ONE_SEARCH,
        "dead - peaked at {one_search} bytes, the documented bound is {ONE_SEARCH}"
    );

    // Each position as a game without moves, on two threads: each thread
    // runs its own search, so two searches' worth at most.
    let mut fens: Vec<&str> = sides
        .iter()
        .map(|line| line.rsplit_once(' ').unwrap().0)
        .collect();
    fens.dedup();
    let pgn: String = fens
        .iter()
        .map(|fen| format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n\n"))
        .collect();
    let (code, out) = run(
        &[
            "adjudicate",
            "--json",
            "--exact-dead-position",
            "--threads",
            "2",
            "-",
        ],
        &pgn,
    );
    assert_eq!(code, Some(0));
    let dead: Vec<String> = out
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            value["dead_position"]["verdict"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    // Where one side can mate, the other side's undetermined search
    // no longer matters: every position here is alive (White's searches
    // run first, to their budget where they find nothing).
    assert_eq!(dead, ["alive"; 16]);
    let two_threads = children_peak();
    assert!(
        two_threads < 2 * ONE_SEARCH,
        "adjudicate on two threads peaked at {two_threads} bytes, the documented bound is {}",
        2 * ONE_SEARCH
    );
    eprintln!("peaks: dead - {one_search} bytes; adjudicate, two threads: {two_threads} bytes");
}
