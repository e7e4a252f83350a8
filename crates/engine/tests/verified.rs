//! The engine driven by verify on the corpus and 300 generated games, as
//! the reference and as the arbiter, and as the reference deciding 5.2.2
//! exactly on the corpus's exact dead-position cases (where that reading
//! is the point; every ply of every game searched would take minutes):
//! verify must find nothing at all, since the engine is the library verify
//! judges with.
//!
//! The verify that drives it is the one of this checkout, in process,
//! unless `DRAWRULES_VERIFY` names a `drawrules` command: a mutation
//! campaign names one built from the unchanged library, so that the
//! engine alone carries the mutant and a FAIL here is verify catching it
//! (book/src/mutants.md, verify's recall). That command shrinks nothing
//! (`--shrink 0`): a mutant's verdict is the same, and shrinking was most
//! of a caught mutant's time. The command's report is printed either way,
//! for the campaign's tally.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use drawrules_conformance::corpus::{built_in, load_dir};
use drawrules_conformance::protocol::EngineProcess;
use drawrules_conformance::verify::render::json;
use drawrules_conformance::verify::{KnownDivergences, VerifyOptions, verify};

/// The engine binary cargo built for these tests.
const ENGINE: &str = env!("CARGO_BIN_EXE_drawrules-engine");

/// The corpus file of the cases where the exact 5.2.2 rule is the point.
fn exact_cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases/dead-position-exact.toml")
}

/// verify's report on the engine started with `args`: whether it found
/// nothing (not one finding, and not broken; with `exact`, judged on the
/// exact 5.2.2 cases alone, where most parts are not exercised, so a run
/// that is NOT EXERCISED but found nothing passes too), and the report as
/// JSON. Without `exact`, judged on the corpus and 300 generated games,
/// and it must PASS.
fn verified(args: &str, exact: bool) -> (bool, String) {
    let command = format!("{ENGINE} {args}");
    // With `exact`, a directory of the one corpus file (verify reads cases
    // from a directory).
    let cases = exact.then(|| {
        let dir =
            std::env::temp_dir().join(format!("drawrules-engine-exact-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        std::fs::copy(exact_cases(), dir.join("dead-position-exact.toml"))
            .expect("the exact cases");
        dir
    });
    let (passed, report) = match std::env::var_os("DRAWRULES_VERIFY") {
        Some(verify_command) => {
            let mut run = Command::new(&verify_command);
            // --shrink 0: the campaign needs each mutant's verdict, not
            // its minimal game (shrinking cost a caught mutant 30-100 s).
            run.args([
                "verify", "--engine", &command, "--format", "json", "--shrink", "0",
            ]);
            if let Some(dir) = &cases {
                run.args(["--games", "0", "--cases"]).arg(dir);
            }
            let output = run
                .output()
                .unwrap_or_else(|err| panic!("{}: {err}", Path::new(&verify_command).display()));
            eprint!("{}", String::from_utf8_lossy(&output.stderr));
            // 0: PASS; 4: NOT EXERCISED (nothing failed).
            let passed = match output.status.code() {
                Some(0) => true,
                Some(4) => exact,
                _ => false,
            };
            (passed, String::from_utf8_lossy(&output.stdout).into_owned())
        }
        None => {
            let mut engine = EngineProcess::new(&command, Duration::from_secs(30));
            let options = VerifyOptions {
                games: if exact {
                    0
                } else {
                    VerifyOptions::default().games
                },
                corpus: Some(match &cases {
                    Some(dir) => load_dir(dir).expect("the exact cases"),
                    None => built_in().expect("the built-in corpus"),
                }),
                ..VerifyOptions::default()
            };
            let report = verify(
                &mut engine,
                &options,
                KnownDivergences::default(),
                &mut |_, _| {},
            )
            .expect("a handshake");
            let passed = if exact {
                !report.failed()
            } else {
                report.passed()
            };
            (passed && report.findings.is_empty(), json(&report))
        }
    };
    if let Some(dir) = cases {
        let _ = std::fs::remove_dir_all(dir);
    }
    (passed, report)
}

#[test]
fn verify_passes_the_reference_as_an_engine() {
    let (passed, report) = verified("reference", false);
    println!("{report}");
    assert!(passed, "{report}");
    // Then deciding 5.2.2 exactly, on the exact cases: only once the run
    // above passed (a mutant it already failed needs no second run, whose
    // shrinking searches every check).
    let (passed, report) = verified("reference --exact-dead-position", true);
    println!("{report}");
    assert!(passed, "{report}");
}

#[test]
fn verify_passes_the_arbiter_as_an_engine() {
    let (passed, report) = verified("arbiter", false);
    println!("{report}");
    assert!(passed, "{report}");
}

#[test]
fn an_unknown_argument_is_refused_with_the_usage_and_status_2() {
    let output = Command::new(ENGINE)
        .arg("--exact")
        .output()
        .expect("the engine runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("drawrules-engine: unexpected argument \"--exact\"\nusage: drawrules-engine [reference|arbiter] [--exact-dead-position]"),
        "{stderr}"
    );
}
