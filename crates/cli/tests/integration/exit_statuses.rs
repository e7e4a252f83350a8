//! Every exit status the README and the gate chapter of the book name, as
//! the built binary gives it: one command for each, and the documents'
//! statuses read from their text, so that a status named there without a
//! command here (or the other way round) fails the test.

use crate::common;

use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{drawrules, root, send_signal, text};

/// The numbers of `text` after "exits", "exit status", "status" or in the
/// list that follows "exits" ("exits 0 on success, 1 when ..., 2 on ...
/// and 64 on ..."), up to the end of its sentence; 128 for "128 plus the
/// signal's number".
fn statuses_named(text: &str) -> BTreeSet<i32> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut named = BTreeSet::new();
    let mut listing = false;
    for (index, word) in words.iter().enumerate() {
        let number = word
            .trim_end_matches([',', '.', ')', ':', ';'])
            .trim_start_matches('(');
        if matches!(*word, "exits" | "exit" | "status") {
            listing = true;
            continue;
        }
        if listing {
            if let Ok(status) = number.parse::<i32>() {
                // "status 1, since ...": a number that follows the
                // keyword or a list of them.
                named.insert(status);
                continue;
            }
            // The list goes on through its words up to the end of the
            // sentence; a number far from any keyword is not a status.
            if word.ends_with('.') || index > 0 && words[index - 1].ends_with('.') {
                listing = false;
            }
        }
    }
    named
}

#[test]
fn the_statuses_are_read_from_the_documents() {
    assert_eq!(
        statuses_named("It exits with status 1, since it failed. Then 17 apples."),
        BTreeSet::from([1])
    );
    assert_eq!(
        statuses_named("Every command exits 0 on success, 1 when it fails and 64 on bad options."),
        BTreeSet::from([0, 1, 64])
    );
}

/// What each status means, and the command that gives it.
fn run(status: i32) -> (i32, String) {
    let output = match status {
        // Success: a game explained.
        0 => drawrules(&["explain", "e4", "e5"]),
        // A check that fails: an engine with a rule bug.
        1 => Command::new(env!("CARGO_BIN_EXE_drawrules"))
            .args(["verify", "--engine"])
            .arg(format!(
                "python3 {}",
                root()
                    .join("crates/conformance/tests/engines/fifty-off-by-one.py")
                    .display()
            ))
            .args([
                "--no-cases",
                "--games",
                "20",
                "--jobs",
                "1",
                "--shrink",
                "0",
            ])
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs"),
        // Bad input: a FEN that is no position.
        2 => drawrules(&["explain", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]),
        // An engine that cannot be started.
        3 => drawrules(&[
            "verify",
            "--engine",
            "/nonexistent/drawrules-test-engine",
            "--no-cases",
            "--games",
            "2",
        ]),
        // Nothing failed, but too few occasions to call a part exercised.
        4 => drawrules(&[
            "verify",
            "--no-cases",
            "--games",
            "20",
            "--profile",
            "fide-2018",
        ]),
        // A command line that cannot be parsed.
        64 => drawrules(&["explain", "--no-such-option"]),
        // 128 plus the signal's number: adjudicate stopped by SIGTERM.
        128 => return (stopped_by_sigterm() - 15, String::new()),
        _ => panic!("no command for status {status}"),
    };
    (
        output.status.code().expect("not killed by a signal"),
        text(&output.stderr),
    )
}

/// The exit status of `drawrules adjudicate -`, reading from a pipe that
/// stays open, once SIGTERM stops it (after it has set its handlers up).
fn stopped_by_sigterm() -> i32 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .args(["adjudicate", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    // Standard input stays open (nothing is written) until the end.
    let _input = child.stdin.take();
    let pid = child.id();
    let started = Instant::now();
    while !catches_sigterm(pid) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "adjudicate never set up its handlers"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    send_signal(pid, 15);
    let status = child.wait().expect("the binary ends");
    drop(child.stdin.take());
    status
        .code()
        .expect("an exit status, not death by the signal")
}

/// Whether process `pid` catches SIGTERM (read in /proc).
fn catches_sigterm(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << 14) != 0)
}

#[test]
fn every_exit_status_the_readme_and_the_gate_chapter_name_is_the_binary_s() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let gate = std::fs::read_to_string(root().join("book/src/gate.md")).expect("gate.md");
    let named: BTreeSet<i32> = statuses_named(&readme)
        .into_iter()
        .chain(statuses_named(&gate))
        .collect();
    assert_eq!(named, BTreeSet::from([0, 1, 2, 3, 4, 64, 128]));
    for status in named {
        let (given, stderr) = run(status);
        assert_eq!(given, status, "status {status}: {stderr}");
    }
}
