//! Unix: poll(2) on the file, a tenth of a second at a time, between
//! looks at the flag.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::POLL_MS;

/// A file (standard input included) whose reads end with an error once
/// `stop` is set, instead of waiting on for data.
pub(super) struct Stoppable {
    file: File,
    stop: Arc<AtomicBool>,
}

impl Stoppable {
    /// Reads `file` until `stop` is set.
    pub(super) fn new(file: File, stop: Arc<AtomicBool>) -> io::Result<Stoppable> {
        Ok(Stoppable { file, stop })
    }
}

/// Standard input as a file: the descriptor itself, not the standard
/// library's buffered handle (bytes held in its buffer would not wake a
/// poll).
pub(super) fn standard_input() -> io::Result<File> {
    Ok(File::from(io::stdin().as_fd().try_clone_to_owned()?))
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
            match unsafe { libc::poll(&raw mut ready, 1, libc::c_int::from(POLL_MS)) } {
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
