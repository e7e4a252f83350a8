//! Unix: SIGINT, SIGTERM and SIGHUP, heard on a thread of their own.

use std::io;
use std::thread;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// The name of signal `number`: `SIGINT`, `SIGTERM` or `SIGHUP`.
pub(super) fn name(number: i32) -> &'static str {
    match number {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    }
}

/// Calls `heard` with the number of each SIGINT, SIGTERM and SIGHUP, on a
/// thread of its own, from now on.
pub(super) fn listen(mut heard: impl FnMut(i32) + Send + 'static) -> io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            for signal in signals.forever() {
                heard(signal);
            }
        })?;
    Ok(())
}
