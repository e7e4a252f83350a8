//! Input that stops waiting once a stop is asked for: a read from a pipe
//! or a terminal that has nothing to give would otherwise hold the command
//! until the writer writes again or closes it.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use drawrules_pgn::{Input, InputError, decompressed};

/// How long a read waits for the source before it looks at the flag again,
/// in milliseconds.
const POLL_MS: libc::c_int = 100;

/// A file (standard input included) whose reads end with an error once
/// `stop` is set, instead of waiting on for data.
pub struct Stoppable {
    file: File,
    stop: Arc<AtomicBool>,
}

impl Read for Stoppable {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.stop.load(Ordering::SeqCst) {
                return Err(io::Error::other("stopped"));
            }
            let mut ready = libc::pollfd {
                fd: self.file.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll(2) on one pollfd that lives on this stack for
            // the call; the descriptor is the file's, open while it is.
            match unsafe { libc::poll(&raw mut ready, 1, POLL_MS) } {
                0 => {}
                // Data, the end, or an error: the read says which.
                n if n > 0 => return self.file.read(buf),
                _ => {
                    let err = io::Error::last_os_error();
                    if err.kind() != io::ErrorKind::Interrupted {
                        return Err(err);
                    }
                }
            }
        }
    }
}

/// Opens `path` (`-` for standard input) as [`drawrules_pgn::open`] does,
/// reading through [`Stoppable`].
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
        // The descriptor itself, not the standard library's buffered
        // handle: bytes held in its buffer would not wake a poll.
        File::from(io::stdin().as_fd().try_clone_to_owned().map_err(fail)?)
    } else {
        File::open(path).map_err(fail)?
    };
    decompressed(Stoppable { file, stop }).map_err(fail)
}
