//! What the command-line tests share: running the binary and reading what
//! it printed.

use std::process::{Command, Output};

/// Runs `drawrules` with `args` and waits for it.
pub fn drawrules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8 output")
}

/// Runs a command that must fail on bad input: exit code 2, exactly one line
/// on stderr, no panic; returns (stdout, the stderr line).
pub fn failing(args: &[&str]) -> (String, String) {
    let output = drawrules(args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{args:?}: one line on stderr, got {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    (text(&output.stdout), stderr.trim_end().to_owned())
}
