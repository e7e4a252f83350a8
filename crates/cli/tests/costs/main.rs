//! The documented costs of the exact 5.2.2 decision, held on the costliest
//! positions we know (`tests/data/costly-positions.txt`): the peak memory
//! of `drawrules dead -` (one search at a time) and of `drawrules
//! adjudicate --exact-dead-position --threads 2` (one search per thread)
//! stay under the bounds the manual of adjudicate states
//! (`book/src/commands/adjudicate.md`), and the verdicts are the ones
//! pinned here.
//!
//! The peak is the largest resident set of each command's own process,
//! as `wait4` gives it when the command ends. Linux counts in it the
//! memory of the process that started the command, up to the command's
//! `exec` (a child started with `vfork` shares its parent's memory until
//! then): these tests run in a test binary of their own, whose other
//! tests cannot swell it (in the one binary of the command line's other
//! tests, the peak read 140 MB when those ran beside it).
#![cfg(unix)]

use std::io::Read;
use std::path::Path;

// The helpers the command line's integration tests share; these tests
// use one of them.
#[allow(dead_code)]
#[path = "../integration/common.rs"]
mod common;

use common::drawrules_started;

/// The most one search may hold, as the manual of adjudicate documents
/// it, with the process around it (the binary, standard output's
/// buffers).
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

/// Runs `drawrules args` with `input` on standard input: exit status,
/// standard output, and the largest resident set the process had, in
/// bytes, its own alone (`wait4` on its pid, so that the commands other
/// tests of this binary start meanwhile do not count).
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4 in `waited`, which std cannot see"
)]
fn run(args: &[&str], input: &str) -> (Option<i32>, String, u64) {
    let mut child = drawrules_started(args, input.as_bytes());
    let mut stderr = child.stderr.take().expect("stderr");
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("UTF-8 output");
    let errors = errors.join().expect("stderr read").expect("UTF-8 errors");
    assert!(errors.is_empty(), "{args:?}: {errors}");
    let (code, peak) = waited(child.id());
    (code, out, peak)
}

/// Waits for the child `pid`: its exit status and its own largest
/// resident set, in bytes.
fn waited(pid: u32) -> (Option<i32>, u64) {
    let pid = libc::pid_t::try_from(pid).expect("a pid");
    let mut status = 0;
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: wait4 writes the status and a whole `rusage` into the
    // pointers it is given, which point to one each.
    let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, usage.as_mut_ptr()) };
    assert_eq!(reaped, pid, "wait4 failed");
    // SAFETY: initialised by the successful call above (and zeroed before).
    let usage = unsafe { usage.assume_init() };
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    // Kilobytes on Linux.
    (code, u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024)
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
    let (code, out, one_search) = run(&["dead", "-"], &(sides.join("\n") + "\n"));
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
    let (code, out, two_threads) = run(
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
    assert!(
        two_threads < 2 * ONE_SEARCH,
        "adjudicate on two threads peaked at {two_threads} bytes, the documented bound is {}",
        2 * ONE_SEARCH
    );
    eprintln!("peaks: dead - {one_search} bytes; adjudicate, two threads: {two_threads} bytes");
}
