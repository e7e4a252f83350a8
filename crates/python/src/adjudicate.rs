//! `adjudicate`: every game of a PGN source judged as `drawrules
//! adjudicate` judges it, the reports handed to Python one by one.
//!
//! The source is read and its games judged on a thread of their own,
//! without the GIL; Python takes each report as its turn comes (at most
//! [`AHEAD`] wait). A source that fails mid-way raises, after the reports
//! of the games read before; an iterator dropped early stops the thread.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex};

use drawrules::mating::DeadRule;
use drawrules_pgn::adjudicate::{
    AdjudicateError, AdjudicateOptions, DeadCheck, GameReport as Report, adjudicate_source,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::status::Status;
use crate::{errors, options};

/// Reports judged ahead of the one Python takes.
const AHEAD: usize = 1024;

/// What the judging thread hands over.
enum Item {
    /// A game's report.
    Report(Box<Report>),
    /// The source failed after the reports before.
    Failed(String),
}

/// One game's report: `GameReport` in Python.
#[pyclass(frozen, module = "drawrules")]
pub struct GameReport {
    report: Report,
}

#[pymethods]
impl GameReport {
    /// The source: the path as given, or the file object's `name`.
    #[getter]
    fn source(&self) -> &str {
        &self.report.source
    }

    /// The game's number in its source, from 1.
    #[getter]
    fn game(&self) -> u64 {
        self.report.game
    }

    /// The line the game's text starts on, from 1.
    #[getter]
    fn line(&self) -> u64 {
        self.report.line
    }

    /// The `Event` tag.
    #[getter]
    fn event(&self) -> Option<&str> {
        self.report.event.as_deref()
    }

    /// The `White` tag.
    #[getter]
    fn white(&self) -> Option<&str> {
        self.report.white.as_deref()
    }

    /// The `Black` tag.
    #[getter]
    fn black(&self) -> Option<&str> {
        self.report.black.as_deref()
    }

    /// The `Round` tag.
    #[getter]
    fn round(&self) -> Option<&str> {
        self.report.round.as_deref()
    }

    /// The findings, as the command's JSON names them
    /// (`threefold-claimable`, `checkmate`, `parse-error`, ...).
    #[getter]
    fn findings(&self) -> Vec<String> {
        self.report
            .findings
            .iter()
            .map(|finding| {
                serde_json::to_value(finding)
                    .ok()
                    .and_then(|value| value.as_str().map(str::to_owned))
                    .unwrap_or_default()
            })
            .collect()
    }

    /// Why the game could not be replayed (naming the ply and the move),
    /// or `None`.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.report.error.as_deref()
    }

    /// Plies played (after the end too), or `None` for a game not
    /// replayed.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.report.adjudication.as_ref().map(|found| found.plies)
    }

    /// The ply at which an ending first held, or `None`.
    #[getter]
    fn ended_at(&self) -> Option<u32> {
        let found = self.report.adjudication.as_ref()?;
        found.ended.as_ref().map(|ended| ended.ply)
    }

    /// The endings that held there (empty when none did).
    #[getter]
    fn ended(&self) -> Vec<&'static str> {
        let endings = self
            .report
            .adjudication
            .as_ref()
            .and_then(|found| found.ended.as_ref())
            .map(|ended| ended.endings.as_slice())
            .unwrap_or_default();
        endings.iter().map(|ending| ending.name()).collect()
    }

    /// Plies given after the game was over by rule.
    #[getter]
    fn plies_after_end(&self) -> Option<u32> {
        self.report
            .adjudication
            .as_ref()
            .map(|found| found.plies_after_end)
    }

    /// The status record of the last ply played, or `None`.
    #[getter]
    fn final_status(&self) -> Option<Status> {
        let found = self.report.adjudication.as_ref()?;
        Some(Status {
            inner: found.final_status.clone(),
        })
    }

    /// The report as one line of JSON, byte for byte what `drawrules
    /// adjudicate --json` writes for the game.
    fn to_json(&self) -> String {
        self.report.json()
    }

    /// The report as a dict (the JSON line read back).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.report.json(),))
    }

    fn __repr__(&self) -> String {
        format!(
            "GameReport(source={:?}, game={}, findings={:?})",
            self.report.source,
            self.report.game,
            self.findings()
        )
    }
}

/// The reports of a source, in order: what `adjudicate` returns.
#[pyclass(module = "drawrules")]
pub struct Reports {
    receiver: Option<Mutex<Receiver<Item>>>,
    stop: Arc<AtomicBool>,
    source: String,
}

#[pymethods]
impl Reports {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<GameReport>> {
        let Some(receiver) = &self.receiver else {
            return Ok(None);
        };
        // A report already waiting is taken at once; the GIL is released
        // only to wait for one.
        let ready = match receiver.lock() {
            Ok(taken) => match taken.try_recv() {
                Ok(item) => Ok(Some(item)),
                Err(TryRecvError::Empty) => Ok(None),
                Err(TryRecvError::Disconnected) => Err(()),
            },
            Err(_) => Err(()),
        };
        let next = match ready {
            Ok(Some(item)) => Ok(item),
            Ok(None) => py.detach(|| {
                receiver
                    .lock()
                    .map_err(|_| ())
                    .and_then(|taken| taken.recv().map_err(|_| ()))
            }),
            Err(()) => Err(()),
        };
        match next {
            Ok(Item::Report(report)) => Ok(Some(GameReport { report: *report })),
            Ok(Item::Failed(message)) => {
                self.receiver = None;
                Err(errors::source(py, message, &self.source))
            }
            Err(_) => {
                self.receiver = None;
                Ok(None)
            }
        }
    }

    /// Stops reading and judging: no further report is made.
    fn close(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.receiver = None;
    }
}

impl Drop for Reports {
    fn drop(&mut self) {
        // The thread sees the flag, or its next report finds no one to
        // take it; it is not waited for (it may be waiting for the GIL to
        // read a Python file).
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// A Python file object read through its `read`, bytes or text (text
/// given as UTF-8).
struct PyReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
    taken: usize,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.taken == self.pending.len() {
            let chunk = Python::attach(|py| -> PyResult<Vec<u8>> {
                let data = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1 << 16),))?;
                if let Ok(bytes) = data.cast::<PyBytes>() {
                    Ok(bytes.as_bytes().to_vec())
                } else if let Ok(text) = data.cast::<PyString>() {
                    Ok(text.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "read() returned {}, not bytes or str",
                        data.get_type().name()?
                    )))
                }
            })
            .map_err(|err| io::Error::other(err.to_string()))?;
            self.pending = chunk;
            self.taken = 0;
        }
        let count = buf.len().min(self.pending.len() - self.taken);
        buf[..count].copy_from_slice(&self.pending[self.taken..self.taken + count]);
        self.taken += count;
        Ok(count)
    }
}

/// The source to read: a path, or a file object.
fn open(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<(String, Box<dyn Read + Send>)> {
    if source.hasattr("read")? {
        if source
            .getattr("closed")
            .and_then(|closed| closed.is_truthy())
            .unwrap_or(false)
        {
            return Err(errors::source(
                py,
                "cannot read a closed file".to_owned(),
                &file_name(source),
            ));
        }
        let name = file_name(source);
        let reader = PyReader {
            file: source.clone().unbind(),
            pending: Vec::new(),
            taken: 0,
        };
        // Compressed text is recognised as from a path.
        let input = drawrules_pgn::decompressed(reader)
            .map_err(|err| errors::source(py, format!("cannot read {name}: {err}"), &name))?;
        return Ok((name, Box::new(input)));
    }
    let path: PathBuf = source.extract().map_err(|_| {
        errors::invalid_option(
            py,
            format!(
                "adjudicate reads a path or a file object, not {}",
                source
                    .get_type()
                    .name()
                    .map(|name| name.to_string())
                    .unwrap_or_default()
            ),
        )
    })?;
    let name = path.display().to_string();
    let input = py
        .detach(|| drawrules_pgn::open(&path))
        .map_err(|err| errors::source(py, err.to_string(), &name))?;
    Ok((name, Box::new(input)))
}

/// A file object's `name`, or `<file>`.
fn file_name(file: &Bound<'_, PyAny>) -> String {
    file.getattr("name")
        .and_then(|name| name.str().map(|name| name.to_string()))
        .unwrap_or_else(|_| "<file>".to_owned())
}

/// Sends each report; stops the run once no one takes them.
fn send(sender: &SyncSender<Item>, stop: &AtomicBool, report: &Report) {
    if sender.send(Item::Report(Box::new(report.clone()))).is_err() {
        stop.store(true, Ordering::SeqCst);
    }
}

/// Every game of `source` (a path, plain or `.xz`, `.zst`, `.gz`, or a
/// file object, text or binary), judged as `drawrules adjudicate` judges
/// it: an iterator of `GameReport`s in the source's order.
#[pyfunction]
#[pyo3(signature = (source, *, edition="fide-2018", dead="material", threads=1))]
pub fn adjudicate(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    edition: &str,
    dead: &str,
    threads: usize,
) -> PyResult<Reports> {
    let edition = options::edition(py, edition)?;
    // The one reading of the option; adjudicate's exact check is a scan
    // of the whole game, not the arbiter's rule.
    let dead = match options::dead_rule(py, dead)? {
        DeadRule::Material => DeadCheck::Material,
        DeadRule::Exact(_) => DeadCheck::Exact,
    };
    let (name, reader) = open(py, source)?;
    let stop = Arc::new(AtomicBool::new(false));
    let options = AdjudicateOptions {
        edition,
        threads: threads.max(1),
        dead,
        stop: Some(Arc::clone(&stop)),
        ..AdjudicateOptions::default()
    };
    let (sender, receiver) = sync_channel(AHEAD);
    let thread_stop = Arc::clone(&stop);
    let thread_name = name.clone();
    std::thread::Builder::new()
        .name("drawrules-adjudicate".to_owned())
        .spawn(move || {
            let run = adjudicate_source(&thread_name, reader, &options, |report, _| {
                send(&sender, &thread_stop, report);
            });
            match run {
                Ok(()) | Err(AdjudicateError::Stopped { .. }) => {}
                Err(err) => {
                    // No one may be left to take it.
                    let _ = sender.send(Item::Failed(err.to_string()));
                }
            }
        })
        .map_err(|err| errors::source(py, format!("cannot start a thread: {err}"), &name))?;
    Ok(Reports {
        receiver: Some(Mutex::new(receiver)),
        stop,
        source: name,
    })
}
