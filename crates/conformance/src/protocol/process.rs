//! An engine running as a child process: the handshake, one request at a
//! time under a time limit, and a clean account of every way it can fail.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use thiserror::Error;

use super::messages::{Answer, Hello, JudgeRequest, PROTOCOL_VERSION, Request, SUPPORTED_VERSIONS};
use super::reader::{MAX_LINE, ParseAnswerError, read_answer};

/// Something an engine did that the protocol does not allow. The harness
/// reports it as a finding and restarts the engine.
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
    /// No answer within the time limit.
    #[error("no answer within {ms} ms")]
    Timeout {
        /// The limit.
        ms: u64,
    },
    /// A line that is not an answer.
    #[error("{0}")]
    Garbage(ParseAnswerError),
    /// An answer of the wrong kind or for another request.
    #[error("unexpected answer: {0}")]
    Unexpected(String),
    /// The handshake named a protocol version this harness does not speak.
    #[error("the engine speaks protocol {0}; this harness speaks {PROTOCOL_VERSION} and 1")]
    Version(u32),
}

/// The least time an engine has for its handshake: starting an interpreter
/// can take longer than answering a request.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A line of the engine's output, or why there is none.
type Line = Result<String, EngineError>;

/// A running engine.
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
}

/// An engine process, started again after every fault.
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
}

impl EngineProcess {
    /// An engine run by `sh -c command`; nothing is started before the
    /// first request.
    pub fn new(command: &str, timeout: Duration) -> EngineProcess {
        EngineProcess {
            command: command.to_owned(),
            timeout,
            running: None,
            hello: None,
            starts: 0,
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
    /// killed).
    pub fn hello(&mut self) -> Result<Hello, EngineError> {
        if self.running.is_none() {
            self.start()?;
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
    /// the next request.
    pub fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        self.hello()?;
        let result = self.exchange(&Request::Judge(request)).and_then(|answer| {
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
        if result.is_err() {
            self.kill();
        }
        result
    }

    /// Kills the engine at once (after a fault there is nothing to wait for).
    fn kill(&mut self) {
        if let Some(mut running) = self.running.take() {
            kill_group(&mut running.child);
        }
    }

    /// Asks the engine to quit, then makes sure it has.
    pub fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            if let Ok(line) = serde_json::to_string(&Request::Quit) {
                let _ = writeln!(running.stdin, "{line}");
            }
            drop(running.stdin);
            for _ in 0..20 {
                if let Ok(Some(_)) = running.child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(50));
            }
            kill_group(&mut running.child);
        }
    }

    fn start(&mut self) -> Result<(), EngineError> {
        self.starts += 1;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            // Its own process group, so that killing the engine also kills
            // what the shell started.
            .process_group(0)
            .spawn()
            .map_err(|err| EngineError::Spawn(err.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::Spawn("no pipes to the engine".to_owned()));
        };
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, &sender));
        self.running = Some(Running {
            child,
            stdin,
            lines,
        });
        let handshake = self
            .exchange_within(
                &Request::Hello {
                    protocol: PROTOCOL_VERSION,
                },
                self.timeout.max(HANDSHAKE_TIMEOUT),
            )
            .and_then(|answer| match answer {
                Answer::Hello(hello) if !SUPPORTED_VERSIONS.contains(&hello.protocol) => {
                    Err(EngineError::Version(hello.protocol))
                }
                Answer::Hello(hello) if hello.draws.check().is_err() => {
                    Err(EngineError::Unexpected(format!(
                        "draw policies that cannot be judged: {}",
                        hello.draws.check().err().unwrap_or_default()
                    )))
                }
                Answer::Hello(hello) if hello.editions.is_empty() => Err(EngineError::Unexpected(
                    "a handshake that names no edition".to_owned(),
                )),
                Answer::Hello(hello) => Ok(hello),
                other => Err(EngineError::Unexpected(format!(
                    "{other:?} instead of a handshake"
                ))),
            });
        match handshake {
            Ok(hello) => {
                self.hello = Some(hello);
                Ok(())
            }
            Err(fault) => {
                self.kill();
                Err(fault)
            }
        }
    }

    /// Writes one request and reads one answer within the time limit.
    fn exchange(&mut self, request: &Request<'_>) -> Result<Answer, EngineError> {
        self.exchange_within(request, self.timeout)
    }

    /// Writes one request and reads one answer within `timeout`.
    fn exchange_within(
        &mut self,
        request: &Request<'_>,
        timeout: Duration,
    ) -> Result<Answer, EngineError> {
        let Some(running) = self.running.as_mut() else {
            return Err(EngineError::Exited { status: None });
        };
        let line = serde_json::to_string(request)
            .map_err(|err| EngineError::Unexpected(format!("cannot write the request: {err}")))?;
        if writeln!(running.stdin, "{line}")
            .and_then(|()| running.stdin.flush())
            .is_err()
        {
            return Err(exited(&mut running.child));
        }
        match running.lines.recv_timeout(timeout) {
            Ok(Ok(line)) => read_answer(&line).map_err(EngineError::Garbage),
            Ok(Err(EngineError::Exited { .. })) | Err(RecvTimeoutError::Disconnected) => {
                Err(exited(&mut running.child))
            }
            Ok(Err(fault)) => Err(fault),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
            }),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Kills the engine's process group (the shell and everything it started),
/// then reaps the shell.
fn kill_group(child: &mut Child) {
    if let Ok(group) = i32::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals the process group the
        // engine was started in (`process_group(0)` made its pid the group
        // id); it touches no memory of ours.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
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

/// Sends each line of `stdout` (at most [`MAX_LINE`] bytes, UTF-8) until
/// the engine closes it or the harness stops listening.
fn read_lines(stdout: impl Read, sender: &mpsc::Sender<Line>) {
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
                excerpt: String::new(),
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
