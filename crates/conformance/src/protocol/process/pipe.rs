//! The engine's pipes: requests written before a deadline (an engine that
//! stops reading cannot block the harness), and answers read line by line
//! on a thread of their own. How a write waits is the platform's: poll(2)
//! on a non-blocking pipe on Unix (`unix`), a thread of its own on Windows
//! (`windows`).

#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(unix)]
pub(super) use unix::{Input, input, write_before};
#[cfg(windows)]
pub(super) use windows::{Input, input, write_before};

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::Sender;

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
