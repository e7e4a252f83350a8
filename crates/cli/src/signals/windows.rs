//! Windows: the console's control events, heard by a handler the system
//! calls on a thread of its own and passed to a thread of ours as the
//! numbers of the Unix signals of the same role.
//!
//! After the console closes, the user logs off or the system shuts down,
//! the system ends the process once the handler returns: the handler then
//! waits a few seconds (less than the system's own limit of five) for the
//! command to write what it has done and exit.

use std::io;
use std::sync::Mutex;
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::Duration;

use windows_sys::Win32::System::Console::{
    CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT,
    SetConsoleCtrlHandler,
};
use windows_sys::core::BOOL;

/// SIGHUP's number: the console closed.
const HANGUP: i32 = 1;
/// SIGINT's number: Ctrl-C.
const INTERRUPT: i32 = 2;
/// SIGQUIT's number: Ctrl-Break.
const QUIT: i32 = 3;
/// SIGTERM's number: logoff or shutdown.
const TERMINATE: i32 = 15;

/// How long the handler holds off the end of the process after the
/// console closes, or at logoff or shutdown.
const GRACE: Duration = Duration::from_secs(4);

/// Where the handler sends what it heard.
static HEARD: Mutex<Option<Sender<i32>>> = Mutex::new(None);

/// The name of the event that stands for signal `number`.
pub(super) fn name(number: i32) -> &'static str {
    match number {
        INTERRUPT => "Ctrl-C",
        QUIT => "Ctrl-Break",
        HANGUP => "console close",
        _ => "logoff or shutdown",
    }
}

/// Calls `heard` with the signal number of each console event, on a
/// thread of its own, from now on.
pub(super) fn listen(mut heard: impl FnMut(i32) + Send + 'static) -> io::Result<()> {
    let (sender, events) = mpsc::channel();
    *HEARD
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(sender);
    thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            for signal in events {
                heard(signal);
            }
        })?;
    // SAFETY: `handler` is a function that lives as long as the program
    // and only sends a number through a channel.
    if unsafe { SetConsoleCtrlHandler(Some(handler), 1) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The signal that console event `event` stands for, and whether the
/// system ends the process once the handler returns; `None` for an event
/// that is not ours.
fn signal_of(event: u32) -> Option<(i32, bool)> {
    match event {
        CTRL_C_EVENT => Some((INTERRUPT, false)),
        CTRL_BREAK_EVENT => Some((QUIT, false)),
        CTRL_CLOSE_EVENT => Some((HANGUP, true)),
        CTRL_LOGOFF_EVENT | CTRL_SHUTDOWN_EVENT => Some((TERMINATE, true)),
        _ => None,
    }
}

/// The console's handler: passes the event on, and says it was handled.
unsafe extern "system" fn handler(event: u32) -> BOOL {
    let Some((signal, ends_process)) = signal_of(event) else {
        // Not ours: the next handler (the system's) decides.
        return 0;
    };
    if let Ok(heard) = HEARD.lock()
        && let Some(sender) = heard.as_ref()
    {
        let _ = sender.send(signal);
    }
    if ends_process {
        thread::sleep(GRACE);
    }
    1
}

#[cfg(test)]
mod tests {
    use super::super::Received;
    use super::*;

    /// Each console event stops the command with the status and the name
    /// the manuals give.
    #[test]
    fn each_event_has_its_status_and_name() {
        let seen: Vec<_> = [
            CTRL_C_EVENT,
            CTRL_BREAK_EVENT,
            CTRL_CLOSE_EVENT,
            CTRL_LOGOFF_EVENT,
            CTRL_SHUTDOWN_EVENT,
        ]
        .into_iter()
        .map(|event| {
            let (signal, ends) = signal_of(event).unwrap();
            let received = Received(signal);
            (received.status(), received.name(), ends)
        })
        .collect();
        assert_eq!(
            seen,
            [
                (130, "Ctrl-C", false),
                (131, "Ctrl-Break", false),
                (129, "console close", true),
                (143, "logoff or shutdown", true),
                (143, "logoff or shutdown", true),
            ]
        );
        // Another event is left to the next handler.
        assert_eq!(signal_of(3), None);
    }
}
