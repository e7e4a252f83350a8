//! The engine's pipes: requests written before a deadline (an engine that
//! stops reading cannot block the harness), and answers read line by line
//! on a thread of their own.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::process::ChildStdin;
use std::sync::mpsc::Sender;
use std::time::Instant;

use super::super::reader::{MAX_LINE, ParseAnswerError};
use super::EngineError;

/// A line of the engine's output, or why there is none.
pub(super) type Line = Result<String, EngineError>;

/// Why a write did not complete.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum WriteFailure {
    /// The engine did not read it before the deadline.
    TimedOut,
    /// The engine closed its input (or exited).
    Closed,
}

/// Makes writes to `stdin` return at once when the pipe is full, so that
/// [`write_before`] can wait with a deadline.
pub(super) fn set_nonblocking(stdin: &ChildStdin) -> io::Result<()> {
    let fd = stdin.as_raw_fd();
    // SAFETY: fcntl(2) on a file descriptor we own (the write end of the
    // engine's input pipe, open for as long as `stdin` lives); F_GETFL and
    // F_SETFL read and set its status flags and touch no memory of ours.
    // The flag belongs to our end only: the engine's end is another open
    // file description.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Writes all of `bytes` to a non-blocking `stdin`, waiting for room in the
/// pipe until `deadline` at the latest.
pub(super) fn write_before(
    stdin: &mut ChildStdin,
    mut bytes: &[u8],
    deadline: Instant,
) -> Result<(), WriteFailure> {
    while !bytes.is_empty() {
        match stdin.write(bytes) {
            Ok(0) => return Err(WriteFailure::Closed),
            Ok(written) => bytes = &bytes[written..],
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) if err.kind() == io::ErrorKind::WouldBlock => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(WriteFailure::TimedOut);
                }
                wait_writable(stdin, left.as_millis())?;
            }
            Err(_) => return Err(WriteFailure::Closed),
        }
    }
    Ok(())
}

/// Waits up to `ms` milliseconds (rounded up to one) until `stdin` has room
/// or its reader is gone.
fn wait_writable(stdin: &ChildStdin, ms: u128) -> Result<(), WriteFailure> {
    let mut poll = libc::pollfd {
        fd: stdin.as_raw_fd(),
        events: libc::POLLOUT,
        revents: 0,
    };
    let ms = libc::c_int::try_from(ms.max(1)).unwrap_or(libc::c_int::MAX);
    // SAFETY: poll(2) on one pollfd that lives on our stack for the whole
    // call, with the count 1; the descriptor is open while `stdin` lives.
    let ready = unsafe { libc::poll(&raw mut poll, 1, ms) };
    if ready < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
        return Err(WriteFailure::Closed);
    }
    // Ready, interrupted or timed out: the next write (or the deadline)
    // says which.
    Ok(())
}

/// Sends each line of `stdout` (at most [`MAX_LINE`] bytes, UTF-8) until
/// the engine closes it or the harness stops listening.
pub(super) fn read_lines(stdout: impl Read, sender: &Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut bytes = Vec::new();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let line = match read {
            Ok(0) => Err(EngineError::Exited { status: None }),
            Ok(_) if bytes.len() > MAX_LINE => Err(EngineError::Garbage(ParseAnswerError {
                reason: format!("a line longer than {MAX_LINE} bytes"),
                excerpt: format!("{:?}…", String::from_utf8_lossy(&bytes[..40])),
            })),
            Ok(_) => {
                while matches!(bytes.last(), Some(b'\n' | b'\r')) {
                    bytes.pop();
                }
                String::from_utf8(bytes).map_err(|err| {
                    EngineError::Garbage(ParseAnswerError {
                        reason: "a line that is not UTF-8".to_owned(),
                        excerpt: format!("{:?}", String::from_utf8_lossy(err.as_bytes())),
                    })
                })
            }
            Err(err) => Err(EngineError::Garbage(ParseAnswerError {
                reason: err.to_string(),
                excerpt: String::new(),
            })),
        };
        let last = line.is_err();
        if sender.send(line).is_err() || last {
            return;
        }
    }
}
