//! The command line that runs an engine: the platform's shell is given the
//! engine's command as the user wrote it.

use std::process::Command;

/// `sh -c line`.
#[cfg(unix)]
pub(super) fn command(line: &str) -> Command {
    let mut command = Command::new("sh");
    command.arg("-c").arg(line);
    command
}

/// `cmd /d /s /c "line"`: no AutoRun commands, and with `/s` cmd takes off
/// the outer quotes only, so the line reaches it as written (passed raw:
/// quoting it as one argument would escape its own quotes).
#[cfg(windows)]
pub(super) fn command(line: &str) -> Command {
    use std::os::windows::process::CommandExt;
    let mut command = Command::new("cmd");
    command.raw_arg(format!("/d /s /c \"{line}\""));
    command
}
