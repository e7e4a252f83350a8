//! `fuzz/campaign.sh` refuses bad arguments before it builds or runs
//! anything: one line on standard error naming what was wrong, status 64,
//! nothing on standard output. (A campaign itself needs cargo-fuzz and
//! hours; `fuzz/README.md` shows one.)

use std::path::Path;
use std::process::Command;

/// Runs the script with `args`: (status, stdout, stderr).
fn campaign(args: &[&str]) -> (Option<i32>, String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/campaign.sh");
    let output = Command::new("bash")
        .arg(script)
        .args(args)
        .output()
        .expect("bash runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn bad_arguments_are_refused_with_one_line_and_status_64() {
    let usage = "usage: campaign.sh [-m MINUTES] [-j JOBS] [TARGET...]";
    let cases: [(&[&str], String); 6] = [
        (
            &["-m", "x"],
            "campaign.sh: -m and -j take whole numbers (got -m 'x' -j '1')".to_owned(),
        ),
        (
            &["-j", "-3"],
            "campaign.sh: -m and -j take whole numbers (got -m '60' -j '-3')".to_owned(),
        ),
        (
            &["-m", "0"],
            "campaign.sh: -m and -j must be at least 1".to_owned(),
        ),
        (&["-x"], format!("campaign.sh: unknown option -x; {usage}")),
        (&["-m"], format!("campaign.sh: -m needs a value; {usage}")),
        (
            &["differential_game", "nosuch"],
            "campaign.sh: no fuzz target named 'nosuch'; the targets are: corpus_file \
             dead_position_game differential_game explain_input pgn_input protocol_answers"
                .to_owned(),
        ),
    ];
    for (args, line) in cases {
        assert_eq!(
            campaign(args),
            (Some(64), String::new(), format!("{line}\n")),
            "{args:?}"
        );
    }
}

#[test]
fn help_prints_the_usage_and_succeeds() {
    let (code, stdout, stderr) = campaign(&["-h"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert!(
        stdout.starts_with("A long fuzzing campaign that keeps what it learns between runs.\n"),
        "{stdout}"
    );
    assert!(stdout.contains("fuzz/campaign.sh [-m MINUTES] [-j JOBS] [TARGET...]"));
}
