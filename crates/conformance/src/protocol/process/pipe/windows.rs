//! Windows: an anonymous pipe cannot be polled for room, so a thread of
//! its own writes to the engine's input, and a write waits for that thread
//! until the deadline at the latest.

use std::io::{self, Write};
use std::process::ChildStdin;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Instant;

use super::WriteFailure;

/// The engine's input as requests are written to it: the writing thread,
/// the requests it is given and what became of each.
pub(in super::super) struct Input {
    requests: Sender<Vec<u8>>,
    written: Receiver<Result<(), WriteFailure>>,
    /// Whether the thread is still writing a request whose deadline passed.
    pending: bool,
}

/// The engine's input, with the thread that writes to it. Dropping the
/// [`Input`] closes the pipe once a write under way is done.
pub(in super::super) fn input(mut stdin: ChildStdin) -> io::Result<Input> {
    let (requests, to_write) = mpsc::channel::<Vec<u8>>();
    let (report, written) = mpsc::channel();
    thread::Builder::new()
        .name("engine input".to_owned())
        .spawn(move || {
            for bytes in to_write {
                let result = stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .map_err(|_| WriteFailure::Closed);
                if report.send(result).is_err() {
                    return;
                }
            }
        })?;
    Ok(Input {
        requests,
        written,
        pending: false,
    })
}

/// Writes all of `bytes` to the engine's input, waiting for the engine to
/// take them until `deadline` at the latest.
pub(in super::super) fn write_before(
    input: &mut Input,
    bytes: &[u8],
    deadline: Instant,
) -> Result<(), WriteFailure> {
    if input.pending {
        // An earlier write is not done: this one would wait behind it.
        wait(input, deadline)?;
    }
    input
        .requests
        .send(bytes.to_vec())
        .map_err(|_| WriteFailure::Closed)?;
    input.pending = true;
    wait(input, deadline)
}

/// Waits until `deadline` for the write under way to be done.
fn wait(input: &mut Input, deadline: Instant) -> Result<(), WriteFailure> {
    let left = deadline.saturating_duration_since(Instant::now());
    match input.written.recv_timeout(left) {
        Ok(result) => {
            input.pending = false;
            result
        }
        Err(RecvTimeoutError::Timeout) => Err(WriteFailure::TimedOut),
        Err(RecvTimeoutError::Disconnected) => Err(WriteFailure::Closed),
    }
}
