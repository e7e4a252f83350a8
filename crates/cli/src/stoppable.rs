//! Input that stops waiting once a stop is asked for: a read from a pipe
//! or a terminal that has nothing to give would otherwise hold the command
//! until the writer writes again or closes it. How a read waits is the
//! platform's: poll(2) on Unix (`unix`), a thread of its own on Windows
//! (`windows`).

#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(unix)]
use unix::{Stoppable, standard_input};
#[cfg(windows)]
use windows::{Stoppable, standard_input};

use std::fs::File;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use drawrules_pgn::{Input, InputError, decompressed};

/// How long a read waits for the source before it looks at the flag again,
/// in milliseconds.
const POLL_MS: u16 = 100;

/// Opens `path` (`-` for standard input) as [`drawrules_pgn::open`] does,
/// reading through a `Stoppable`: its reads end with an error once `stop`
/// is set, instead of waiting on for data.
///
/// # Errors
///
/// [`InputError`] naming the path when it cannot be opened or its first
/// bytes cannot be read.
pub fn open(path: &Path, stop: Arc<AtomicBool>) -> Result<Input, InputError> {
    let fail = |source| InputError {
        path: path.to_owned(),
        source,
    };
    let file = if path == Path::new("-") {
        standard_input().map_err(fail)?
    } else {
        File::open(path).map_err(fail)?
    };
    decompressed(Stoppable::new(file, stop).map_err(fail)?).map_err(fail)
}
