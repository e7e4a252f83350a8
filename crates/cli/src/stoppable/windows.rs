//! Windows: a pipe or a console cannot be polled, so a thread of its own
//! reads the file and passes each chunk through a channel, which a read
//! waits on a tenth of a second at a time, between looks at the flag.
//! After a stop the thread may stay blocked in its read: the command ends
//! without it.

use std::fs::File;
use std::io::{self, Read};
use std::os::windows::io::AsHandle;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::POLL_MS;

/// The most a chunk holds.
const CHUNK: usize = 64 * 1024;

/// How many chunks may wait to be read: the reading thread stays at most
/// this far ahead.
const AHEAD: usize = 4;

/// A file (standard input included) whose reads end with an error once
/// `stop` is set, instead of waiting on for data.
pub(super) struct Stoppable {
    chunks: Receiver<io::Result<Vec<u8>>>,
    /// The chunk being read, and how much of it has been.
    chunk: Vec<u8>,
    at: usize,
    stop: Arc<AtomicBool>,
}

impl Stoppable {
    /// Reads `file` on a thread of its own until `stop` is set.
    pub(super) fn new(mut file: File, stop: Arc<AtomicBool>) -> io::Result<Stoppable> {
        let (sender, chunks) = mpsc::sync_channel(AHEAD);
        thread::Builder::new()
            .name("input".to_owned())
            .spawn(move || {
                loop {
                    let mut chunk = vec![0; CHUNK];
                    let read = file.read(&mut chunk).map(|n| {
                        chunk.truncate(n);
                        chunk
                    });
                    let last = !matches!(&read, Ok(chunk) if !chunk.is_empty());
                    if sender.send(read).is_err() || last {
                        return;
                    }
                }
            })?;
        Ok(Stoppable {
            chunks,
            chunk: Vec::new(),
            at: 0,
            stop,
        })
    }
}

/// Standard input as a file: a handle of its own to it.
pub(super) fn standard_input() -> io::Result<File> {
    Ok(File::from(io::stdin().as_handle().try_clone_to_owned()?))
}

impl Read for Stoppable {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            if self.stop.load(Ordering::SeqCst) {
                return Err(io::Error::other("stopped"));
            }
            match self
                .chunks
                .recv_timeout(Duration::from_millis(u64::from(POLL_MS)))
            {
                Ok(Ok(chunk)) if chunk.is_empty() => return Ok(0),
                Ok(Ok(chunk)) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Ok(Err(err)) => return Err(err),
                Err(RecvTimeoutError::Timeout) => {}
                // The thread is done: the end was given already.
                Err(RecvTimeoutError::Disconnected) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
