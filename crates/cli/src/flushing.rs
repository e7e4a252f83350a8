//! Standard output for a command that writes line by line for a long
//! time: buffered, and flushed by a thread of its own at most
//! [`PERIOD`] after a line was written, so that what is done is visible
//! (to a pipe or a file too) without a write per line.

use std::io::{self, BufWriter, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// How long a line may wait in the buffer.
pub const PERIOD: Duration = Duration::from_millis(100);

struct Shared {
    out: Mutex<BufWriter<Stdout>>,
    /// A write or flush failed: standard output is closed.
    failed: AtomicBool,
    /// The command has written everything.
    done: AtomicBool,
}

/// Buffered standard output, flushed every [`PERIOD`] while something
/// waits in the buffer.
pub struct FlushingStdout {
    shared: Arc<Shared>,
    flusher: Option<JoinHandle<()>>,
}

impl FlushingStdout {
    /// Standard output, with its flushing thread running (or without one,
    /// flushed only at the end, if no thread can start).
    pub fn new() -> FlushingStdout {
        let shared = Arc::new(Shared {
            out: Mutex::new(BufWriter::new(io::stdout())),
            failed: AtomicBool::new(false),
            done: AtomicBool::new(false),
        });
        let theirs = Arc::clone(&shared);
        let flusher = thread::Builder::new()
            .name("flush".to_owned())
            .spawn(move || {
                while !theirs.done.load(Ordering::SeqCst) {
                    thread::park_timeout(PERIOD);
                    let mut out = lock(&theirs.out);
                    if !out.buffer().is_empty() && out.flush().is_err() {
                        theirs.failed.store(true, Ordering::SeqCst);
                    }
                }
            })
            .ok();
        FlushingStdout { shared, flusher }
    }

    /// Writes `text`.
    pub fn write(&self, text: &str) {
        if lock(&self.shared.out).write_all(text.as_bytes()).is_err() {
            self.shared.failed.store(true, Ordering::SeqCst);
        }
    }

    /// Writes `line` and a line break.
    pub fn write_line(&self, line: &str) {
        let mut out = lock(&self.shared.out);
        if out
            .write_all(line.as_bytes())
            .and_then(|()| out.write_all(b"\n"))
            .is_err()
        {
            self.shared.failed.store(true, Ordering::SeqCst);
        }
    }

    /// Stops the flushing thread and flushes what is left.
    ///
    /// # Errors
    ///
    /// When a write or flush failed (standard output is closed).
    pub fn finish(mut self) -> io::Result<()> {
        self.shared.done.store(true, Ordering::SeqCst);
        if let Some(flusher) = self.flusher.take() {
            flusher.thread().unpark();
            let _ = flusher.join();
        }
        let flushed = lock(&self.shared.out).flush();
        if self.shared.failed.load(Ordering::SeqCst) {
            return Err(io::Error::other("could not write to standard output"));
        }
        flushed
    }
}

fn lock(out: &Mutex<BufWriter<Stdout>>) -> MutexGuard<'_, BufWriter<Stdout>> {
    out.lock().unwrap_or_else(PoisonError::into_inner)
}
