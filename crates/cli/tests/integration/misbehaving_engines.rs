//! `drawrules verify` against engines that misbehave on purpose
//! (`crates/conformance/tests/engines/`): each run ends with a
//! non-zero status and one clear line, within a bound that guards against a
//! hang, and leaves no process of the engine running.
//!
//! The engines write the pid of each of their processes to the file named
//! by `DRAWRULES_TEST_PIDS`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{root, send_signal};

/// The time limit the runs are given (`--timeout-ms`): long enough for a
/// restart on a busy machine (a restart has only what is left of twice the
/// limit after a fault).
const TIMEOUT: Duration = Duration::from_millis(2_000);

/// What a run may take at most: three time limits and the interpreter's
/// starts. A broken engine takes about two; above it, something hangs.
const BOUND: Duration = Duration::from_millis(3 * 2_000 + 3_000);

/// A scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "drawrules-misbehaving-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `drawrules verify` against `crates/conformance/tests/engines/<script>`,
/// not yet waited for.
fn start(script: &str, pids: &Path, extra: &[&str]) -> Child {
    let engine = root().join("crates/conformance/tests/engines").join(script);
    Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .args(["verify", "--engine"])
        .arg(format!("python3 {}", engine.display()))
        .args(["--timeout-ms", &TIMEOUT.as_millis().to_string()])
        // One engine process unless a test asks for more, so that the game
        // numbers in the messages are those of one process's run.
        .args(if extra.contains(&"--jobs") {
            &[][..]
        } else {
            &["--jobs", "1"][..]
        })
        .args(extra)
        .env("DRAWRULES_TEST_PIDS", pids)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// What one run said and how long it took.
struct Run {
    output: Output,
    pids: Vec<u32>,
}

impl Run {
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }
}

/// Runs verify against `script` with `extra` arguments (none: no corpus,
/// 20 games), and checks what every run must do: a non-zero
/// status, no panic, within [`BOUND`], and no process left.
fn run(script: &str, extra: &[&str]) -> Run {
    let dir = scratch(script.trim_end_matches(".py"));
    let pids_file = dir.join("pids");
    let extra = if extra.is_empty() {
        &["--no-cases", "--games", "20"][..]
    } else {
        extra
    };
    let began = Instant::now();
    let output = start(script, &pids_file, extra).wait_with_output().unwrap();
    let elapsed = began.elapsed();
    let run = Run {
        output,
        pids: pids(&pids_file),
    };
    eprintln!("{script}: {elapsed:?}");
    let stderr = run.stderr();
    assert!(!run.output.status.success(), "{script}: {stderr}");
    assert!(!stderr.contains("panicked"), "{script}: {stderr}");
    assert!(elapsed < BOUND, "{script}: {elapsed:?}");
    assert!(!run.pids.is_empty(), "{script}: the engine ran");
    assert_gone(script, &run.pids);
    let _ = std::fs::remove_dir_all(&dir);
    run
}

fn pids(path: &Path) -> Vec<u32> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .split_whitespace()
        .map(|pid| pid.parse().unwrap())
        .collect()
}

/// Waits (up to [`BOUND`] from `began`) until an engine process wrote its
/// pid to the file beside `pids` named `.asleep`: it holds a request it
/// will never answer.
fn wait_asleep(pids_file: &Path, began: Instant) {
    let asleep = PathBuf::from(format!("{}.asleep", pids_file.display()));
    while pids(&asleep).is_empty() && began.elapsed() < BOUND {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether process `pid` is gone (a zombie runs no more).
fn gone(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        let state = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .next();
        matches!(state, Some("Z" | "X"))
    })
}

fn assert_gone(script: &str, pids: &[u32]) {
    let left: Vec<u32> = pids.iter().copied().filter(|&pid| !gone(pid)).collect();
    assert!(
        left.is_empty(),
        "{script}: processes left running: {left:?}"
    );
}

/// The status and the one line on standard error of a run that stopped.
fn stopped(run: &Run, code: i32, line: &str) {
    let stderr = run.stderr();
    assert_eq!(run.output.status.code(), Some(code), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr:?}");
    assert!(stderr.starts_with(line), "{stderr}");
}

#[test]
fn an_engine_that_crashes_at_the_handshake() {
    let run = run("crashes-at-hello.py", &[]);
    stopped(
        &run,
        3,
        "error: the engine failed its handshake: the engine exited (exit status: 3)",
    );
}

#[test]
fn an_engine_that_complains_before_its_handshake_is_shown_in_its_own_words() {
    let run = run("complains.py hello", &[]);
    stopped(
        &run,
        3,
        "error: the engine failed its handshake: the engine exited (exit status: 2); \
         the engine's standard error ended with: \
         \"the complains adapter needs its library: pip install complains\"",
    );
}

#[test]
fn an_engine_that_exits_midway_has_its_last_lines_of_standard_error_in_every_report_format() {
    // Ten lines are kept: the last nine numbered complaints and the long
    // line, cut at 300 characters.
    let cut = format!("\"{}…\"", "x".repeat(300));
    for format in ["text", "markdown", "json", "junit"] {
        let run = run(
            "complains.py midway",
            &["--no-cases", "--games", "6", "--format", format],
        );
        let report = run.stdout();
        assert_eq!(run.output.status.code(), Some(1), "{format}: {report}");
        assert!(
            report.contains("the engine exited (exit status: 1)"),
            "{format}: {report}"
        );
        assert!(
            report.contains("standard error ended with"),
            "{format}: {report}"
        );
        for kept in 4..=12 {
            assert!(
                report.contains(&format!("complaint {kept} of 12")),
                "{format}: line {kept}: {report}"
            );
        }
        assert!(!report.contains("complaint 3 of 12"), "{format}: {report}");
        let cut_here = if format == "json" {
            cut.replace('"', "\\\"")
        } else if format == "junit" {
            cut.replace('"', "&quot;")
        } else {
            cut.clone()
        };
        assert!(report.contains(&cut_here), "{format}: {report}");
        assert!(!report.contains(&"x".repeat(301)), "{format}: {report}");
    }
}

#[test]
fn an_engine_that_crashes_at_each_request_is_broken() {
    let run = run("crashes-at-each-request.py", &[]);
    stopped(
        &run,
        3,
        "error: verify stopped after 3 of 20 games were judged: the engine is broken: one process had 3 faults in a row",
    );
    assert!(
        run.stderr()
            .contains("the last: the engine exited (exit status: 3)")
    );
    assert_eq!(run.pids.len(), 3, "started three times");
}

#[test]
fn an_engine_that_sleeps_is_broken_within_twice_the_time_limit() {
    let run = run("sleeps.py", &[]);
    stopped(
        &run,
        3,
        "error: verify stopped after 2 of 20 games were judged: the engine is broken: one process had 2 faults in a row",
    );
    assert!(run.stderr().contains("the last: no answer within"));
    assert_eq!(run.pids.len(), 2);
}

#[test]
fn an_engine_that_stops_reading_cannot_block_a_large_request() {
    // One corpus case whose move is 100 KB: more than a pipe holds.
    let dir = scratch("huge-case");
    std::fs::write(
        dir.join("huge.toml"),
        format!(
            "[[case]]\nname = \"huge-move\"\narticles = [\"3.10\"]\n\
             shows = \"a move of 100 KB is unreadable\"\nmoves = \"{}\"\n\
             error = {{ kind = \"unreadable-move\", ply = 1 }}\n",
            "a".repeat(100_000)
        ),
    )
    .unwrap();
    let run = run(
        "stops-reading.py",
        &["--cases", dir.to_str().unwrap(), "--games", "20"],
    );
    stopped(
        &run,
        3,
        "error: verify stopped after 2 of 22 games were judged: the engine is broken: one process had 2 faults in a row",
    );
    assert!(run.stderr().contains("the last: no answer within"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_child_that_leaves_the_group_and_holds_the_output_is_killed() {
    let run = run("setsid-child.py", &[]);
    stopped(
        &run,
        3,
        "error: verify stopped after 2 of 20 games were judged: the engine is broken: one process had 2 faults in a row",
    );
    // Two engines, each with a child in a session of its own.
    assert_eq!(run.pids.len(), 4, "{:?}", run.pids);
}

/// A child that leaves the group and drops the engine's mark from its
/// environment, found all the same (verify adopts the orphans and kills
/// every child no live engine is), on each path a run ends by: a restart
/// after the engine exited, the normal end, and a signal.
#[test]
fn a_child_that_leaves_the_group_and_drops_the_mark_is_killed_on_every_path() {
    // The engine exits at each request until it is broken (after two or
    // three restarts, as the time limit allows).
    let run_exits = run("unmarked-orphan.py exits", &[]);
    assert_eq!(run_exits.output.status.code(), Some(3));
    assert!(
        run_exits
            .stderr()
            .contains("the engine is broken: one process had "),
        "{}",
        run_exits.stderr()
    );
    // Each engine with its hidden child.
    assert!(
        run_exits.pids.len() >= 4 && run_exits.pids.len().is_multiple_of(2),
        "{:?}",
        run_exits.pids
    );
    // The normal end: every game answered (nothing is implemented, so
    // nothing is compared: FAIL), then quit.
    let normal = run("unmarked-orphan.py normal", &[]);
    assert_eq!(normal.output.status.code(), Some(1), "{}", normal.stderr());
    assert!(normal.stdout().contains("nothing was compared"));
    assert_eq!(normal.pids.len(), 2, "{:?}", normal.pids);
    // A signal while the engine holds a request.
    let dir = scratch("unmarked-orphan-signal");
    let pids_file = dir.join("pids");
    let began = Instant::now();
    let child = start(
        "unmarked-orphan.py sleeps",
        &pids_file,
        &["--no-cases", "--games", "20"],
    );
    wait_asleep(&pids_file, began);
    send_signal(child.id(), 15);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(143));
    let pids = pids(&pids_file);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert_gone("unmarked-orphan.py sleeps", &pids);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_floods_without_a_newline_is_broken() {
    let run = run("floods.py", &[]);
    stopped(
        &run,
        3,
        "error: verify stopped after 3 of 20 games were judged: the engine is broken: one process had 3 faults in a row",
    );
    assert!(run.stderr().contains("a line longer than 8388608 bytes"));
}

#[test]
fn an_engine_that_answers_with_wrong_ids_is_broken() {
    let run = run("wrong-id.py", &[]);
    stopped(
        &run,
        3,
        "error: verify stopped after 3 of 20 games were judged: the engine is broken: one process had 3 faults in a row",
    );
    assert!(
        run.stderr()
            .contains("the last: unexpected answer: an answer to request 4 instead of 3")
    );
}

#[test]
fn an_engine_that_answers_twice_fails_with_its_faults() {
    // Every second request reads the answer to the one before: a fault,
    // then a restart that answers well; never three in a row.
    let run = run("duplicates.py", &["--no-cases", "--games", "6"]);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    let stdout = run.stdout();
    assert!(stdout.contains("== fault: 3 games"), "{stdout}");
    assert!(
        stdout.contains("fault: unexpected answer: an answer to request 1 instead of 2"),
        "{stdout}"
    );
    assert!(stdout.contains("\nFAIL: "), "{stdout}");
}

#[test]
fn an_engine_with_short_records_fails() {
    let run = run("short-records.py", &[]);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    assert!(run.stdout().contains("\nFAIL: "), "{}", run.stdout());
}

#[test]
fn an_engine_with_empty_records_fails() {
    let run = run("empty-records.py", &[]);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    let stdout = run.stdout();
    assert!(stdout.contains("== answer-shape: "), "{stdout}");
    assert!(stdout.contains("\nFAIL: "), "{stdout}");
}

#[test]
fn an_engine_that_keeps_a_negative_clock_has_an_input_finding_not_a_fault() {
    // Its records carry the clock -1 the FEN gave: a number no record
    // holds, set aside when read and named as what the engine kept.
    let run = run("keeps-negative-clock.py", &[]);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    let stdout = run.stdout();
    assert!(!stdout.contains("== fault"), "{stdout}");
    assert!(
        stdout.contains("\n  fault: agrees (68 games compared)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "\n== input: 2 games\n  -- cause plain (no distinguishing feature): 2 games\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "    malformed input 18 (fen-negative-clock): input (fen-negative-clock) at ply 0: \
             expected the start refused (invalid-fen), got the start accepted, \
             keeping clock -1 in record 0\n"
        ),
        "{stdout}"
    );
    // It knows no chess, so it also plays on where the Laws have ended the
    // game (an ending left out of `implements` still ends it: 10 of the 20
    // games, among them the move after each mate and stalemate set up, a
    // dead position and a start past 150), and plays every illegal move
    // it is asked.
    assert!(
        stdout.contains("\n== moves-after-the-end: 10 games\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n== illegal-moves: 18 games\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\nFAIL: 30 findings in 3 groups; 3 beyond the known divergences"),
        "{stdout}"
    );
}

#[test]
fn a_rule_bug_is_shrunk_by_default_and_shown_as_its_whole_game_with_shrink_0() {
    // The same findings and the same exit status either way: --shrink 0
    // only spares the shortened games' replays (a recall campaign's
    // verify needs the verdict alone).
    let verify = |extra: &[&str]| {
        let engine = root().join("crates/conformance/tests/engines/fifty-off-by-one.py");
        let output = Command::new(env!("CARGO_BIN_EXE_drawrules"))
            .args(["verify", "--engine"])
            .arg(format!("python3 {}", engine.display()))
            .args(["--no-cases", "--games", "20", "--jobs", "1"])
            .args(extra)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let (shrunk, whole) = (verify(&[]), verify(&["--shrink", "0"]));
    assert!(shrunk.contains("\n    minimal ("), "{shrunk}");
    assert!(shrunk.contains("\n    as a corpus case:\n"), "{shrunk}");
    assert!(!whole.contains("minimal ("), "{whole}");
    assert!(!whole.contains("as a corpus case:"), "{whole}");
    assert!(
        whole.contains("\n    replay: drawrules explain "),
        "{whole}"
    );
    // The verdict line names the same findings.
    let verdict = |report: &str| {
        report
            .lines()
            .rfind(|line| line.starts_with("FAIL: "))
            .map(str::to_owned)
    };
    assert!(verdict(&whole).is_some(), "{whole}");
    assert_eq!(verdict(&shrunk), verdict(&whole));
}

#[test]
fn an_engine_that_refuses_everything_fails() {
    let run = run("refuses-everything.py", &[]);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    let stdout = run.stdout();
    assert!(stdout.contains("== unsupported: "), "{stdout}");
    assert!(stdout.contains("nothing was compared"), "{stdout}");
    assert!(stdout.contains("\nFAIL: "), "{stdout}");
}

#[test]
fn sigterm_sigint_and_sighup_stop_verify_and_every_engine_process() {
    for (number, name, code) in [(15, "SIGTERM", 143), (2, "SIGINT", 130), (1, "SIGHUP", 129)] {
        let dir = scratch(&format!("signal-{name}"));
        let pids_file = dir.join("pids");
        let began = Instant::now();
        let child = start("sleeps.py", &pids_file, &["--no-cases", "--games", "20"]);
        // The engine answered the handshake and sleeps on its first
        // request (a signal before the handshake is done gets another
        // message, pinned apart).
        wait_asleep(&pids_file, began);
        send_signal(child.id(), number);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{name}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!(
                "error: verify stopped by {name} after 0 of 20 games were judged (20 not judged); every engine process was killed"
            )
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains(
                "\nstopped early on request: 0 of 20 games were judged, the other 20 were not\n"
            ),
            "{name}: {stdout}"
        );
        assert!(stdout.contains("\nFAIL: "), "{name}: {stdout}");
        assert!(began.elapsed() < BOUND, "{name}: {:?}", began.elapsed());
        let pids = pids(&pids_file);
        assert!(!pids.is_empty(), "{name}");
        assert_gone(name, &pids);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_signal_before_the_handshake_is_answered_stops_verify_and_the_engine() {
    let dir = scratch("signal-before-handshake");
    let pids_file = dir.join("pids");
    let began = Instant::now();
    let child = start("mute.py", &pids_file, &["--no-cases", "--games", "20"]);
    // The engine read the hello and will never answer it.
    wait_asleep(&pids_file, began);
    send_signal(child.id(), 15);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(143), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "error: verify stopped by SIGTERM before the engine's handshake was done: no game was judged; every engine process was killed"
    );
    // No report: nothing was judged.
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert!(began.elapsed() < BOUND, "{:?}", began.elapsed());
    let pids = pids(&pids_file);
    assert_eq!(pids.len(), 1);
    assert_gone("SIGTERM", &pids);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_signal_mid_run_reports_every_game_judged_before_it() {
    // Each engine process refuses 7 games as unsupported (a finding each),
    // then sleeps on the next: stopped then, verify has judged exactly 7
    // games per process, and reports them.
    let answers = 7;
    for (number, name, code, jobs) in [
        (15, "SIGTERM", 143, 1),
        (2, "SIGINT", 130, 2),
        (1, "SIGHUP", 129, 2),
    ] {
        let dir = scratch(&format!("mid-run-{name}-{jobs}"));
        let (pids_file, waiting) = (dir.join("pids"), dir.join("waiting"));
        let engine = root().join("crates/conformance/tests/engines/refuses-then-sleeps.py");
        let child = Command::new(env!("CARGO_BIN_EXE_drawrules"))
            .args(["verify", "--no-cases", "--games", "40", "--format", "json"])
            .args([
                "--jobs",
                &jobs.to_string(),
                "--timeout-ms",
                "600000",
                "--engine",
            ])
            .arg(format!("python3 {}", engine.display()))
            .env("DRAWRULES_TEST_PIDS", &pids_file)
            .env("DRAWRULES_TEST_WAITING", &waiting)
            .env("DRAWRULES_TEST_ANSWERS", answers.to_string())
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Every process has had its answers read (it asked for the next
        // game only then) and sleeps: a hang guard, not a timing.
        let began = Instant::now();
        while pids(&waiting).len() < jobs {
            assert!(
                began.elapsed() < Duration::from_secs(120),
                "{name}: the engines never slept"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        send_signal(child.id(), number);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{name}: {stderr}");
        let judged = answers * jobs;
        // 40 generated games (no malformed input: the engine does not
        // declare moves).
        assert_eq!(
            stderr.trim_end(),
            format!(
                "error: verify stopped by {name} after {judged} of 40 games were judged ({} not judged); every engine process was killed",
                40 - judged
            )
        );
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["stopped"], true, "{name}");
        assert_eq!(report["games"], 40, "{name}");
        assert_eq!(report["games_judged"], judged, "{name}");
        assert_eq!(report["passed"], false, "{name}");
        // Every game judged was refused: one finding each.
        let groups = report["groups"].as_array().unwrap();
        assert_eq!(groups.len(), 1, "{name}: {groups:?}");
        assert_eq!(groups[0]["group"], "unsupported", "{name}");
        assert_eq!(groups[0]["games"], judged, "{name}: {groups:?}");
        let pids = pids(&pids_file);
        assert_eq!(pids.len(), jobs, "{name}: one start per process");
        assert_gone(name, &pids);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn two_sleeping_engine_processes_are_broken_within_the_bound_and_killed() {
    let run = run("sleeps.py", &["--no-cases", "--games", "20", "--jobs", "2"]);
    assert_eq!(run.output.status.code(), Some(3), "{}", run.stderr());
    assert!(
        run.stderr().contains("the engine is broken"),
        "{}",
        run.stderr()
    );
    assert!(run.pids.len() >= 2, "both processes ran: {:?}", run.pids);
}
