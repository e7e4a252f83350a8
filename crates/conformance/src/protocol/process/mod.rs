//! An engine running as a child process: the handshake, one request at a
//! time under a time limit that bounds both the write and the read, faults
//! counted until the engine is broken, and every process it started killed
//! with it.
//!
//! * `shell`: the command line that runs an engine (`sh -c`, or `cmd /c`
//!   on Windows);
//! * `pipe`: writes with a deadline, and the thread that reads lines;
//! * `faults`: faults in a row and when they make the engine broken;
//! * `cleanup`: process groups, descendants, marks, orphans, signals (job
//!   objects on Windows);
//! * `stderr`: the last lines of the engine's standard error, which go
//!   with every fault.

mod cleanup;
mod error;
mod faults;
mod pipe;
mod shell;
mod stderr;
#[cfg(test)]
mod test_engines;
#[cfg(all(test, unix))]
mod tests;
#[cfg(all(test, windows))]
mod tests_windows;

pub use cleanup::{ENGINE_ID_VAR, adopt_orphans, stop_all_engines};
pub use error::EngineError;
pub use faults::BROKEN_AFTER;
pub use stderr::{STDERR_LINE_CHARS, STDERR_LINES};

use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::messages::{Answer, Hello, JudgeRequest, PROTOCOL_VERSION, Request, SUPPORTED_VERSIONS};
use super::reader::read_answer;
use faults::Streak;
use pipe::{Input, Line, WriteFailure, read_lines, write_before};
use stderr::StderrTail;

/// The least time an engine has for its first handshake: starting an
/// interpreter can take longer than answering a request. (A restart after
/// a fault has only what is left of the run's window, see
/// [`BROKEN_AFTER`].)
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long [`EngineProcess::stop`] waits for an engine to quit by itself.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// A running engine.
struct Running {
    child: Child,
    /// Its [`ENGINE_ID_VAR`] mark.
    mark: String,
    stdin: Input,
    lines: Receiver<Line>,
    stderr: StderrTail,
}

/// An engine process, started again after every fault until it is broken.
///
/// Each exchange (writing the request and reading the answer) must end
/// within the time limit; an engine that does not read its request in
/// time has a [`Timeout`](EngineError::Timeout) fault like one that does
/// not answer. After [`BROKEN_AFTER`] faults in a row, or as many as came
/// within twice the time limit of the start of the first, the engine is
/// [`Broken`](EngineError::Broken): it is not started again and every
/// request gets that error at once. Whenever the engine is killed or
/// stopped, every process it started goes with it (see
/// [`stop_all_engines`] and [`adopt_orphans`]).
///
/// # Examples
///
/// ```no_run
/// use std::time::Duration;
/// use drawrules::Edition;
/// use drawrules_conformance::protocol::{EngineProcess, JudgeRequest, Plies};
///
/// let mut engine = EngineProcess::new("python3 adapters/python-chess.py", Duration::from_secs(5));
/// let hello = engine.hello().unwrap();
/// println!("{}", hello.title());
/// let answer = engine.judge(&JudgeRequest {
///     id: 1,
///     edition: Edition::Fide2018,
///     fen: "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".into(),
///     moves: vec!["a1a2".into()],
///     plies: Plies::All,
/// });
/// ```
pub struct EngineProcess {
    command: String,
    timeout: Duration,
    running: Option<Running>,
    hello: Option<Hello>,
    starts: u32,
    streak: Streak,
}

impl EngineProcess {
    /// An engine run by `sh -c command` (`cmd /d /s /c "command"` on
    /// Windows); nothing is started before the first request.
    pub fn new(command: &str, timeout: Duration) -> EngineProcess {
        EngineProcess {
            command: command.to_owned(),
            timeout,
            running: None,
            hello: None,
            starts: 0,
            streak: Streak::new(timeout),
        }
    }

    /// How many times the engine has been started.
    pub fn starts(&self) -> u32 {
        self.starts
    }

    /// Starts the engine if it is not running and returns its handshake.
    ///
    /// # Errors
    ///
    /// The [`EngineError`] that stopped the handshake (the engine is then
    /// killed), or [`EngineError::Broken`] at once for a broken engine.
    pub fn hello(&mut self) -> Result<Hello, EngineError> {
        if let Some(broken) = self.streak.broken() {
            return Err(broken.clone());
        }
        if self.running.is_none() {
            let began = Instant::now();
            if let Err(fault) = self.start() {
                let fault = fault.said(self.kill());
                if fault == EngineError::Stopping {
                    return Err(fault);
                }
                return Err(self.streak.fault(fault, began));
            }
        }
        self.hello
            .clone()
            .ok_or_else(|| EngineError::Unexpected("no handshake".to_owned()))
    }

    /// Sends `request` and waits for its answer: records or a refusal.
    ///
    /// # Errors
    ///
    /// An [`EngineError`]; the engine is then killed, to be started again by
    /// the next request, unless the error is [`EngineError::Broken`].
    pub fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        self.hello()?;
        let began = Instant::now();
        let result = self
            .exchange(&Request::Judge(request), self.timeout)
            .and_then(|answer| {
                let id = match &answer {
                    Answer::Records { id, .. } => Some(*id),
                    Answer::Error(refusal) => refusal.id,
                    Answer::Hello(_) => {
                        return Err(EngineError::Unexpected("a second handshake".to_owned()));
                    }
                };
                match id {
                    Some(id) if id != request.id => Err(EngineError::Unexpected(format!(
                        "an answer to request {id} instead of {}",
                        request.id
                    ))),
                    _ => Ok(answer),
                }
            });
        match result {
            Ok(answer) => {
                self.streak.success();
                Ok(answer)
            }
            Err(fault) => {
                let fault = fault.said(self.kill());
                Err(self.streak.fault(fault, began))
            }
        }
    }

    /// Kills the engine and all it started at once (after a fault there is
    /// nothing to wait for); the last lines it wrote to its standard error.
    fn kill(&mut self) -> Vec<String> {
        match self.running.take() {
            Some(mut running) => {
                cleanup::kill(&mut running.child, &running.mark);
                running.stderr.last_lines()
            }
            None => Vec::new(),
        }
    }

    /// Asks the engine to quit, gives it a second, then kills it and
    /// everything it started.
    pub fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            if let Ok(line) = serde_json::to_string(&Request::Quit) {
                let deadline = Instant::now() + QUIT_GRACE / 10;
                let _ = write_before(&mut running.stdin, format!("{line}\n").as_bytes(), deadline);
            }
            drop(running.stdin);
            let deadline = Instant::now() + QUIT_GRACE;
            while Instant::now() < deadline && !matches!(running.child.try_wait(), Ok(Some(_))) {
                thread::sleep(Duration::from_millis(10));
            }
            // What the engine started may outlive it.
            cleanup::kill(&mut running.child, &running.mark);
        }
    }

    /// Starts the engine and shakes hands.
    fn start(&mut self) -> Result<(), EngineError> {
        self.starts += 1;
        self.hello = None;
        let mut command = shell::command(&self.command);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let (mut child, mark) = cleanup::spawn(&mut command)?;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            cleanup::kill(&mut child, &mark);
            return Err(EngineError::Spawn("no pipes to the engine".to_owned()));
        };
        let stdin = match pipe::input(stdin) {
            Ok(stdin) => stdin,
            Err(err) => {
                cleanup::kill(&mut child, &mark);
                return Err(EngineError::Spawn(format!("the engine's input: {err}")));
            }
        };
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, &sender));
        self.running = Some(Running {
            child,
            mark,
            stdin,
            lines,
            stderr: StderrTail::read(stderr),
        });
        let hello = Request::Hello {
            protocol: PROTOCOL_VERSION,
        };
        let answer = self.exchange(&hello, self.timeout.max(HANDSHAKE_TIMEOUT))?;
        self.hello = Some(match answer {
            Answer::Hello(hello) if !SUPPORTED_VERSIONS.contains(&hello.protocol) => {
                return Err(EngineError::Version(hello.protocol));
            }
            Answer::Hello(hello) => {
                hello.check().map_err(EngineError::Unexpected)?;
                hello
            }
            other => {
                return Err(EngineError::Unexpected(format!(
                    "{other:?} instead of a handshake"
                )));
            }
        });
        Ok(())
    }

    /// Writes one request and reads one answer, both within `limit` (or
    /// what is left of the window of a run of faults).
    fn exchange(&mut self, request: &Request<'_>, limit: Duration) -> Result<Answer, EngineError> {
        let limit = self.streak.limit(limit);
        let timeout = EngineError::Timeout {
            ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
        };
        let deadline = Instant::now() + limit;
        let Some(running) = self.running.as_mut() else {
            return Err(EngineError::Exited { status: None });
        };
        let mut line = serde_json::to_string(request)
            .map_err(|err| EngineError::Unexpected(format!("cannot write the request: {err}")))?;
        line.push('\n');
        match write_before(&mut running.stdin, line.as_bytes(), deadline) {
            Ok(()) => {}
            Err(WriteFailure::TimedOut) => return Err(timeout),
            Err(WriteFailure::Closed) => return Err(exited(&mut running.child)),
        }
        match running
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(Ok(line)) => read_answer(&line).map_err(EngineError::Garbage),
            Ok(Err(EngineError::Exited { .. })) | Err(RecvTimeoutError::Disconnected) => {
                Err(exited(&mut running.child))
            }
            Ok(Err(fault)) => Err(fault),
            Err(RecvTimeoutError::Timeout) => Err(timeout),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The fault of an engine whose pipes closed, with its exit status when it
/// has one within a short wait.
fn exited(child: &mut Child) -> EngineError {
    for _ in 0..10 {
        if let Ok(Some(status)) = child.try_wait() {
            return EngineError::Exited {
                status: Some(status.to_string()),
            };
        }
        thread::sleep(Duration::from_millis(20));
    }
    EngineError::Exited { status: None }
}
