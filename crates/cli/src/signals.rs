//! SIGINT, SIGTERM and SIGHUP ask a long command (`verify`, `adjudicate`)
//! to stop cleanly: the first sets a flag the command's work watches, and
//! the command then writes what it has done, says that it was stopped, and
//! exits with 128 plus the signal's number (130, 143, 129). A second
//! signal while it stops exits at once with that signal's status.
//!
//! On Windows the console's events stand for the signals of the same role
//! and give the same statuses: Ctrl-C for SIGINT (130), Ctrl-Break for
//! SIGQUIT (131), the console's closing for SIGHUP (129), and the user's
//! logoff or the system's shutdown for SIGTERM (143). Which events a
//! platform delivers, and how, is its module's (`unix`, `windows`).

#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(unix)]
use unix as platform;
#[cfg(windows)]
use windows as platform;

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// A stop asked for by a signal, as the command sees it.
#[derive(Clone)]
pub struct StopRequest {
    /// Set by the first signal.
    flag: Arc<AtomicBool>,
    /// The first signal's number, 0 before it.
    signal: Arc<AtomicI32>,
}

/// A signal that stopped the command (on Windows, the number of the Unix
/// signal of the same role).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Received(i32);

impl Received {
    /// The signal's name: `SIGINT`, `SIGTERM` or `SIGHUP` (on Windows
    /// `Ctrl-C`, `Ctrl-Break`, `console close`, `logoff or shutdown`).
    pub fn name(self) -> &'static str {
        platform::name(self.0)
    }

    /// The exit status: 128 plus the signal's number.
    pub fn status(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(u8::MAX)
    }
}

impl StopRequest {
    /// From now on the first SIGINT, SIGTERM or SIGHUP (or console event
    /// on Windows) sets the flag (see [`StopRequest::flag`]) and then calls
    /// `on_stop` (say, to kill the engines at once); a second one calls
    /// `on_stop` again, prints one line on standard error (after a newline
    /// when `terminal`: a progress line may be showing) and exits with its
    /// status.
    ///
    /// # Errors
    ///
    /// The error of installing the handlers.
    pub fn install(terminal: bool, on_stop: impl Fn() + Send + 'static) -> io::Result<StopRequest> {
        let request = StopRequest {
            flag: Arc::new(AtomicBool::new(false)),
            signal: Arc::new(AtomicI32::new(0)),
        };
        let seen = request.clone();
        platform::listen(move |signal| {
            if seen.received().is_none() {
                // The number first: whoever sees the flag sees it.
                seen.signal.store(signal, Ordering::SeqCst);
                seen.flag.store(true, Ordering::SeqCst);
                on_stop();
                return;
            }
            on_stop();
            let again = Received(signal);
            let newline = if terminal { "\n" } else { "" };
            eprintln!(
                "{newline}error: {} while stopping: stopped at once",
                again.name()
            );
            std::process::exit(i32::from(again.status()));
        })?;
        Ok(request)
    }

    /// The flag the first signal sets, for the library's options.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.flag)
    }

    /// The signal that asked for the stop, if one did.
    pub fn received(&self) -> Option<Received> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(Received(signal)),
        }
    }
}
