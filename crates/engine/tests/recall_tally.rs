//! The recall's tally (`recall_tally.py`) on a campaign made up here: a
//! mutant verify FAILed (with its report), one it passed that the
//! equivalence file lists, one it passed that is a blind spot (and that the
//! library's tests catch), one it FAILed though listed, one unviable, and
//! a later run's outcome replacing an earlier one.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A mutant's entry in outcomes.json.
fn outcome(name: &str, summary: &str, log: &str) -> String {
    let file = name.split(':').next().expect("a file");
    format!(
        r#"{{"scenario": {{"Mutant": {{"name": "{name}", "file": "{file}"}}}}, "summary": "{summary}", "log_path": "{log}"}}"#
    )
}

/// A mutants.out/ directory at `dir` holding `outcomes` and `logs` (file
/// name, text).
fn mutants_out(dir: &Path, outcomes: &[String], logs: &[(&str, &str)]) {
    std::fs::create_dir_all(dir.join("log")).expect("a directory");
    let text = format!(
        r#"{{"outcomes": [{{"scenario": "Baseline", "summary": "Success"}}, {}]}}"#,
        outcomes.join(", ")
    );
    std::fs::write(dir.join("outcomes.json"), text).expect("outcomes.json");
    for (name, text) in logs {
        std::fs::write(dir.join("log").join(name), text).expect("a log");
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("drawrules-recall-tally-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
#[ignore = "needs python3 3.11 or later (tomllib); CI runs it"]
fn the_tally_counts_failed_equivalent_and_blind_mutants_apart() {
    let dir = scratch();
    let report = r#"{"broken":null,"outcome":"FAIL","parts":{"clock":{"verdict":"diverges"},"fen":{"verdict":"agrees"}}}"#;
    let failed = "src/reference/move_count.rs:10:5: replace clock -> u32 with 0";
    let listed = "src/reference/dead_position/mod.rs:189:5: replace uci -> Vec<String> with vec![]";
    let blind =
        "src/reference/dead_position/wall.rs:130:5: replace a_man_can_step -> bool with true";
    let listed_failed =
        "src/reference/dead_position/search.rs:202:11: replace - with / in estimate";
    let unviable = "src/reference/fen.rs:1:1: replace fen -> String with String::new()";
    let first = dir.join("first");
    mutants_out(
        &first,
        &[
            // Passed in the first run, FAILed in the second: FAILed.
            outcome(failed, "MissedMutant", "log/none.log"),
            outcome(listed, "MissedMutant", "log/none.log"),
        ],
        &[],
    );
    let second = dir.join("second");
    mutants_out(
        &second,
        &[
            outcome(failed, "CaughtMutant", "log/failed.log"),
            outcome(blind, "MissedMutant", "log/none.log"),
            outcome(listed_failed, "CaughtMutant", "log/listed.log"),
            outcome(unviable, "Unviable", "log/none.log"),
        ],
        &[
            ("failed.log", &format!("running 3 tests\n{report}\n")),
            (
                "listed.log",
                "thread panicked: attempt to subtract with overflow\n",
            ),
        ],
    );
    let library = dir.join("library");
    std::fs::create_dir_all(&library).expect("a directory");
    std::fs::write(library.join("caught.txt"), format!("{blind}\n")).expect("caught.txt");

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("recall_tally.py");
    let output = Command::new("python3")
        .arg(&script)
        .arg("--library")
        .arg(&library)
        .args([&first, &second])
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout.contains(
            "5 mutants: 1 unviable, 1 equivalent for verify (listed below); of the other 3, verify FAILed 2, 66.7%."
        ),
        "{stdout}"
    );
    assert!(stdout.contains("\n| clock | 1 |\n"), "{stdout}");
    assert!(
        stdout.contains("\n| (no report: the engine broke) | 1 |\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n* 1: the helpmate line of an alive verdict, written as UCI"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "verify FAILed 1 all the same (counted FAILed):\n\n* `{listed_failed}`\n"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "## Passed by verify: its blind spots (1)\n\n* `{blind}` (caught by the library's tests)\n"
        )),
        "{stdout}"
    );
}
