//! Everything an engine can do wrong, as one error type.

use thiserror::Error;

use super::super::messages::{OutOfRange, PROTOCOL_VERSION};
use super::super::reader::ParseAnswerError;

/// Something an engine did that the protocol does not allow (a *fault*).
/// The harness reports it as a finding and restarts the engine, until the
/// engine is [`Broken`](EngineError::Broken).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The command could not be started.
    #[error("cannot start the engine: {0}")]
    Spawn(String),
    /// The engine closed its output or exited.
    #[error("the engine exited{}", .status.as_ref().map(|s| format!(" ({s})")).unwrap_or_default())]
    Exited {
        /// How it exited, when known.
        status: Option<String>,
    },
    /// No answer within the time limit, or a request the engine did not
    /// read within it.
    #[error("no answer within {ms} ms")]
    Timeout {
        /// The limit.
        ms: u64,
    },
    /// A line that is not an answer.
    #[error("{0}")]
    Garbage(ParseAnswerError),
    /// An answer to a well-formed game with a number no record holds (a
    /// negative clock, say): the reader sets it aside
    /// ([`Answer::out_of_range`](super::super::messages::Answer::out_of_range)),
    /// `verify` makes it this fault.
    #[error("an answer with a number no record holds: {0}")]
    OutOfRange(OutOfRange),
    /// An answer of the wrong kind or for another request.
    #[error("unexpected answer: {0}")]
    Unexpected(String),
    /// The handshake named another protocol version.
    #[error("the engine speaks protocol {0}; this harness speaks {PROTOCOL_VERSION} and 1")]
    Version(u32),
    /// Faults in a row of one engine process, [`BROKEN_AFTER`](super::BROKEN_AFTER)
    /// of them or as many as fitted in twice the time limit: the engine is
    /// not started again, and every later request gets this error at once.
    /// The count is that process's: with several processes, the faults of
    /// the others are not in it (a report may list more faults).
    #[error(
        "the engine is broken: one process had {faults} faults in a row within {ms} ms, the last: {last}"
    )]
    Broken {
        /// The faults in a row.
        faults: u32,
        /// The time from the start of the first of them to the last, in
        /// milliseconds.
        ms: u64,
        /// The last fault.
        last: Box<EngineError>,
    },
    /// The harness is stopping (a signal arrived): no engine is started.
    #[error("the harness is stopping")]
    Stopping,
    /// A fault, and the last lines the engine wrote to its standard error
    /// before it (at most [`STDERR_LINES`](super::STDERR_LINES), each cut
    /// at [`STDERR_LINE_CHARS`](super::STDERR_LINE_CHARS) characters),
    /// written on one line, each quoted.
    #[error("{fault}; the engine's standard error ended with: {}", quoted(.stderr))]
    Said {
        /// The fault.
        fault: Box<EngineError>,
        /// The engine's last lines of standard error, never empty.
        stderr: Vec<String>,
    },
}

/// `lines` quoted and joined on one line.
fn quoted(lines: &[String]) -> String {
    lines
        .iter()
        .map(|line| format!("{line:?}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl EngineError {
    /// Whether the engine is [`Broken`](EngineError::Broken): nothing more
    /// can be asked of it.
    pub fn is_broken(&self) -> bool {
        matches!(
            self.fault(),
            EngineError::Broken { .. } | EngineError::Stopping
        )
    }

    /// Whether the engine failed to run at all: it could not be started,
    /// exited, answered nothing in time, wrote what is no answer, or is
    /// [`Broken`](EngineError::Broken); not an answer given that cannot be
    /// used (a handshake refused, another protocol's version).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_conformance::protocol::EngineError;
    ///
    /// assert!(EngineError::Exited { status: None }.failed_to_run());
    /// assert!(!EngineError::Version(9).failed_to_run());
    /// ```
    pub fn failed_to_run(&self) -> bool {
        matches!(
            self.fault(),
            EngineError::Spawn(_)
                | EngineError::Exited { .. }
                | EngineError::Timeout { .. }
                | EngineError::Garbage(_)
                | EngineError::Broken { .. }
        )
    }

    /// The fault itself, without what the engine wrote to its standard
    /// error ([`Said`](EngineError::Said)).
    pub fn fault(&self) -> &EngineError {
        match self {
            EngineError::Said { fault, .. } => fault.fault(),
            fault => fault,
        }
    }

    /// The engine's last lines of standard error that go with this fault
    /// (those of the last fault, for a broken engine); empty when it wrote
    /// none.
    pub fn stderr(&self) -> &[String] {
        match self {
            EngineError::Said { stderr, .. } => stderr,
            EngineError::Broken { last, .. } => last.stderr(),
            _ => &[],
        }
    }

    /// `self` with the engine's last lines of standard error, if it wrote
    /// any.
    pub(super) fn said(self, stderr: Vec<String>) -> EngineError {
        if stderr.is_empty() || matches!(self, EngineError::Stopping) {
            self
        } else {
            EngineError::Said {
                fault: Box::new(self),
                stderr,
            }
        }
    }
}
