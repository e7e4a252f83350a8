//! SIGINT, SIGTERM and SIGHUP while engines run: every engine process is
//! killed, one line says why, and the exit status is 128 plus the signal's
//! number (130, 143, 129).

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use drawrules_conformance::protocol::stop_all_engines;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Set once a signal has arrived: the process is about to exit.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// From now on, the first SIGINT, SIGTERM or SIGHUP kills every engine and
/// all they started, prints one line on standard error (after a newline
/// when a progress line may be showing on a terminal) and exits.
///
/// # Errors
///
/// The error of installing the handlers.
pub fn stop_engines_on_signals(terminal: bool) -> io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            STOPPING.store(true, Ordering::SeqCst);
            stop_all_engines();
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            let newline = if terminal { "\n" } else { "" };
            eprintln!("{newline}error: stopped by {name}; every engine process was killed");
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// Waits for the exit if a signal is being handled, so that the command
/// does not end with another status meanwhile.
pub fn wait_if_stopping() {
    while STOPPING.load(Ordering::SeqCst) {
        thread::park();
    }
}
