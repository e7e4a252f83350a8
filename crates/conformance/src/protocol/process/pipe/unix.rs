//! Unix: the engine's input pipe made non-blocking, and poll(2) waiting
//! for room in it until the deadline.

use std::io::{self, Write};
use std::os::fd::AsRawFd;
use std::process::ChildStdin;
use std::time::Instant;

use super::WriteFailure;

/// The engine's input as requests are written to it.
pub(in super::super) type Input = ChildStdin;

/// The engine's input, ready for [`write_before`].
pub(in super::super) fn input(stdin: ChildStdin) -> io::Result<Input> {
    set_nonblocking(&stdin)?;
    Ok(stdin)
}

/// Makes writes to `stdin` return at once when the pipe is full, so that
/// [`write_before`] can wait with a deadline.
fn set_nonblocking(stdin: &ChildStdin) -> io::Result<()> {
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
pub(in super::super) fn write_before(
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
