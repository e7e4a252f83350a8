//! What the command-line tests share: running the binary and reading what
//! it printed.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// The workspace's root directory (the tests that need it run on Unix).
#[cfg(unix)]
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `drawrules` with `args` and waits for it.
pub fn drawrules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Starts `drawrules` with `args`, `input` written to its standard input
/// (then closed), its standard output and error piped. A command that
/// stops at its arguments reads nothing: a broken pipe while writing is
/// its answer, not a failure.
pub fn drawrules_started(args: &[&str], input: &[u8]) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child
}

/// Runs `drawrules` with `args` and `input` on standard input, and waits
/// for it (see [`drawrules_started`]).
pub fn drawrules_fed(args: &[&str], input: &[u8]) -> Output {
    drawrules_started(args, input)
        .wait_with_output()
        .expect("the binary ends")
}

/// Sends signal `number` to process `pid`.
#[cfg(unix)]
pub fn send_signal(pid: u32, number: i32) {
    let kill = Command::new("kill")
        .args([&format!("-{number}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success(), "kill -{number} {pid}");
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

/// `arg` quoted as one word of an engine's command line: in single quotes
/// for `sh` (arguments here hold none), in double quotes with its own
/// escaped for `cmd` and the program's parsing of its command line on
/// Windows (arguments here hold none of cmd's operators).
pub fn quoted(arg: &str) -> String {
    if cfg!(windows) {
        format!("\"{}\"", arg.replace('"', "\\\""))
    } else {
        format!("'{arg}'")
    }
}
