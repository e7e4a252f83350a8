//! `drawrules adjudicate` stopped by SIGINT, SIGTERM and SIGHUP: every game
//! reported before the signal is written, whole and in input order with no
//! gap, the stop line counts exactly the games written, and the exit
//! status is 128 plus the signal's number.
//!
//! The games come from a pipe fed by a thread of the test, so that "mid
//! run" is a fact, not a timing: the signal is sent once the first lines
//! were read back (or once the input is written and the pipe left idle).

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use common::{drawrules_fed, send_signal};

/// The signals, their names and the exit status each gives.
const SIGNALS: [(i32, &str, i32); 3] =
    [(15, "SIGTERM", 143), (2, "SIGINT", 130), (1, "SIGHUP", 129)];

/// Game `n` (from 1): its number is its Event tag, so that a line shows
/// which game it is.
fn game(n: u64) -> String {
    format!(
        "[Event \"g{n}\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
         1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n"
    )
}

/// How the test feeds standard input.
#[derive(Clone, Copy, Debug)]
enum Feed {
    /// Games for as long as the command reads them.
    Endless,
    /// This many games, then nothing, the pipe kept open until the command
    /// has ended.
    ThenIdle(u64),
}

/// Writes games to `stdin` as `feed` says; an idle feed tells `written`
/// when it is written, and closes the pipe once `ended` says so. A closed
/// pipe (the command ended) ends it.
fn feed(mut stdin: ChildStdin, feed: Feed, written: &mpsc::Sender<()>, ended: &mpsc::Receiver<()>) {
    let mut n = 0;
    let mut chunk = |count: u64| {
        let text: String = (n + 1..=n + count).map(game).collect();
        n += count;
        stdin.write_all(text.as_bytes()).is_ok()
    };
    match feed {
        Feed::Endless => while chunk(200) {},
        Feed::ThenIdle(games) => {
            if chunk(games) {
                let _ = written.send(());
                let _ = ended.recv();
            }
        }
    }
}

/// Whether process `pid` catches SIGHUP, SIGINT and SIGTERM (its handlers
/// are installed), as `/proc/<pid>/status` says.
fn handling_signals(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let caught = status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0);
    [1, 2, 15]
        .iter()
        .all(|signal| caught & (1 << (signal - 1)) != 0)
}

/// A hang guard (never a timing the outcome depends on).
const HANG: Duration = Duration::from_secs(120);

/// What a stopped run left.
struct Stopped {
    /// Standard output's lines.
    lines: Vec<String>,
    /// Lines read before the signal was sent.
    before: usize,
    stderr: String,
    code: Option<i32>,
}

/// Runs `drawrules adjudicate -` with `args`, fed by `input`; sends `signal`
/// once its handlers are in place, `after` lines were written and, for an
/// idle feed, the whole input was written; reads everything it writes.
fn stopped(args: &[&str], input: Feed, signal: i32, after: usize) -> Stopped {
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .arg("adjudicate")
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("drawrules runs");
    let began = Instant::now();
    while !handling_signals(child.id()) {
        assert!(began.elapsed() < HANG, "the signal handlers never came");
        thread::sleep(Duration::from_millis(5));
    }
    let (ended_tx, ended_rx) = mpsc::channel();
    let (written_tx, written_rx) = mpsc::channel();
    let stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || feed(stdin, input, &written_tx, &ended_rx));
    // Standard output is read from the start: a command that cannot
    // write stops reading.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (line_tx, lines_rx) = mpsc::channel();
    let reader = thread::spawn(move || {
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap() == 0 {
                return;
            }
            // Every line whole, its newline included.
            assert!(line.ends_with('\n'), "a cut line: {line:?}");
            line.pop();
            if line_tx.send(line).is_err() {
                return;
            }
        }
    });
    if let Feed::ThenIdle(_) = input {
        // Written: the command has read all but what a pipe holds.
        written_rx
            .recv_timeout(HANG)
            .expect("the input was written");
    }
    let mut lines = Vec::new();
    while lines.len() < after {
        match lines_rx.recv_timeout(HANG) {
            Ok(line) => lines.push(line),
            Err(err) => panic!("{} lines, then {err}", lines.len()),
        }
    }
    let before = lines.len();
    send_signal(child.id(), signal);
    lines.extend(lines_rx.iter());
    reader.join().unwrap();
    let output = child.wait_with_output().unwrap();
    let _ = ended_tx.send(());
    writer.join().unwrap();
    Stopped {
        lines,
        before,
        stderr: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code(),
    }
}

/// The count in the stop line on standard error, checked whole.
fn stop_count(stderr: &str, name: &str) -> u64 {
    let rest = stderr
        .strip_prefix(&format!("error: adjudicate stopped by {name} after "))
        .unwrap_or_else(|| panic!("{name}: {stderr:?}"));
    let (count, rest) = rest.split_once(' ').unwrap();
    assert_eq!(
        rest, "games were reported; the rest of the input was not judged\n",
        "{name}: {stderr:?}"
    );
    count.parse().unwrap()
}

/// Checks a --json run stopped by `name`: whole JSON lines for games 1, 2,
/// 3, ... in order, at least `before` of them, counted by the stop line.
fn check_json(run: &Stopped, name: &str, code: i32, what: &str) {
    assert_eq!(run.code, Some(code), "{what}: {}", run.stderr);
    for (index, line) in run.lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|err| panic!("{what}: line {}: {err}: {line}", index + 1));
        let n = index as u64 + 1;
        assert_eq!(value["game"], n, "{what}: {line}");
        assert_eq!(value["event"], format!("g{n}"), "{what}: {line}");
        assert_eq!(value["source"], "-", "{what}");
    }
    assert!(run.lines.len() >= run.before, "{what}");
    assert_eq!(
        stop_count(&run.stderr, name),
        run.lines.len() as u64,
        "{what}"
    );
}

#[test]
fn json_lines_before_a_signal_are_whole_in_order_and_counted() {
    for threads in ["1", "2"] {
        for (signal, name, code) in SIGNALS {
            // Just after the start, and mid-run (lines already read back).
            for after in [0, 50, 3_000] {
                let what = format!("{name}, {threads} threads, after {after} lines");
                let run = stopped(
                    &["--json", "--threads", threads],
                    Feed::Endless,
                    signal,
                    after,
                );
                check_json(&run, name, code, &what);
            }
        }
    }
}

#[test]
fn a_signal_stops_a_run_waiting_on_an_idle_pipe() {
    // The input is written, then the pipe stays open with nothing in it:
    // the reading waits for more, and the signal must still end the run.
    // 12,000 games (1.3 MB) fill more than one piece for two threads.
    for threads in ["1", "2"] {
        let (signal, name, code) = SIGNALS[0];
        let what = format!("{name}, {threads} threads, idle pipe");
        let run = stopped(
            &["--json", "--threads", threads],
            Feed::ThenIdle(12_000),
            signal,
            100,
        );
        check_json(&run, name, code, &what);
    }
}

#[test]
fn the_table_of_a_stopped_run_counts_the_games_the_stop_line_states() {
    for threads in ["1", "2"] {
        for (signal, name, code) in SIGNALS {
            for input in [Feed::Endless, Feed::ThenIdle(12_000)] {
                let what = format!("{name}, {threads} threads, {input:?}");
                let run = stopped(&["--threads", threads], input, signal, 0);
                assert_eq!(run.code, Some(code), "{what}: {}", run.stderr);
                let count = stop_count(&run.stderr, name);
                let first = run.lines.first().map(String::as_str).unwrap_or_default();
                assert!(
                    first.starts_with(&format!("games read: {count} (")),
                    "{what}: {first:?}"
                );
                assert_eq!(
                    run.lines.last().map(String::as_str),
                    Some(
                        format!(
                            "stopped by {name} after {count} games were reported; the rest of the input was not judged"
                        )
                        .as_str()
                    ),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn a_run_without_a_signal_is_unchanged() {
    let input: String = (1..=500).map(game).collect();
    let output = drawrules_fed(
        &["adjudicate", "--json", "--threads", "2"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stderr, b"");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 500);
}
