//! The engine's standard error, read on a thread of its own. Its last lines
//! are kept (at most [`STDERR_LINES`], each cut at [`STDERR_LINE_CHARS`]
//! characters) to go with the fault that ends the process: an adapter's
//! own words ("pip install chess", a traceback's last line) say what went
//! wrong where an exit status cannot. An engine that writes without end
//! costs no more memory than those lines.

use std::collections::VecDeque;
use std::io::Read;
use std::process::ChildStderr;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

/// How many of the engine's last lines of standard error go with a fault.
pub const STDERR_LINES: usize = 10;

/// The most characters kept of one line of standard error (a longer line is
/// cut, and ends with `…`).
pub const STDERR_LINE_CHARS: usize = 300;

/// How long the lines written just before the engine died may take to
/// arrive once it is killed.
const DRAIN: Duration = Duration::from_millis(200);

/// The last lines, and the start of the line being written.
#[derive(Debug, Default)]
struct Kept {
    lines: VecDeque<String>,
    partial: Vec<u8>,
}

impl Kept {
    /// Takes `bytes` as written: each newline ends a line.
    fn take(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if byte == b'\n' {
                self.end_line();
            } else if self.partial.len() < STDERR_LINE_CHARS * 4 + 4 {
                // Enough bytes for the characters kept, and one more to
                // know that the line was cut.
                self.partial.push(byte);
            }
        }
    }

    /// Keeps the line being written, unless it is blank.
    fn end_line(&mut self) {
        let text = String::from_utf8_lossy(&self.partial);
        let text = text.trim_end();
        if !text.trim().is_empty() {
            let mut line: String = text.chars().take(STDERR_LINE_CHARS).collect();
            if text.chars().nth(STDERR_LINE_CHARS).is_some() {
                line.push('…');
            }
            if self.lines.len() == STDERR_LINES {
                self.lines.pop_front();
            }
            self.lines.push_back(line);
        }
        self.partial.clear();
    }
}

/// The last lines of an engine's standard error, read as it writes them.
pub(super) struct StderrTail {
    kept: Arc<Mutex<Kept>>,
    /// Says when the pipe is closed (the engine and all it started gone).
    closed: Receiver<()>,
}

impl StderrTail {
    /// Reads `stderr` on a thread of its own until the pipe closes.
    pub(super) fn read(mut stderr: ChildStderr) -> StderrTail {
        let kept = Arc::new(Mutex::new(Kept::default()));
        let (sender, closed) = mpsc::channel();
        let writer = Arc::clone(&kept);
        thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(read) = stderr.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                writer
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take(&buffer[..read]);
            }
            let _ = sender.send(());
        });
        StderrTail { kept, closed }
    }

    /// The last lines, once the engine is killed: what it wrote just before
    /// is waited for a moment (a descendant that keeps the pipe open does
    /// not hold the harness longer).
    pub(super) fn last_lines(&self) -> Vec<String> {
        let _ = self.closed.recv_timeout(DRAIN);
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if !kept.partial.is_empty() {
            kept.end_line();
        }
        kept.lines.iter().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_lines_are_kept_each_cut_and_blank_ones_dropped() {
        let mut kept = Kept::default();
        for n in 0..25 {
            kept.take(format!("line {n}\n\n   \n").as_bytes());
        }
        kept.take("x".repeat(1000).as_bytes());
        kept.end_line();
        let lines: Vec<&String> = kept.lines.iter().collect();
        assert_eq!(lines.len(), STDERR_LINES);
        assert_eq!(lines[0], "line 16");
        assert_eq!(lines[8], "line 24");
        assert_eq!(lines[9].chars().count(), STDERR_LINE_CHARS + 1);
        assert!(lines[9].ends_with('…'));
        // A line cut in the middle of a character is read as far as it goes.
        let mut kept = Kept::default();
        kept.take("é".repeat(300).as_bytes());
        kept.end_line();
        assert_eq!(
            kept.lines[0].chars().filter(|&c| c == 'é').count(),
            STDERR_LINE_CHARS
        );
    }
}
