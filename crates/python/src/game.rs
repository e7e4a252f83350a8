//! `Game`: a game judged move by move by the arbiter, through the
//! library's judging pipeline ([`drawrules::Judging`]), as the command
//! judges one.

use drawrules::mating::DeadRule;
use drawrules::{Arbiter, Edition, Judging, Notation, Refusal, Rules, StartPosition};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::status::{self, Status};
use crate::{errors, options};

/// A game: a start position, the moves played, the status record of
/// every ply.
#[pyclass(module = "drawrules")]
pub struct Game {
    arbiter: Arbiter,
    judging: Judging,
    start: StartPosition,
    edition: Edition,
    dead: DeadRule,
    notation: Notation,
}

impl Game {
    /// A game from `start` under `edition`, 5.2.2 decided as `dead` says,
    /// moves read as `notation` says.
    pub fn started(
        start: StartPosition,
        edition: Edition,
        dead: DeadRule,
        notation: Notation,
    ) -> Game {
        let mut arbiter = Arbiter::default();
        arbiter.set_dead_rule(dead);
        let judging = Judging::start(&mut arbiter, &start, edition, notation)
            .expect("the arbiter accepts every start position");
        Game {
            arbiter,
            judging,
            start,
            edition,
            dead,
            notation,
        }
    }

    /// Plays `text`, with no need of Python.
    ///
    /// # Errors
    ///
    /// The move's refusal; the game is unchanged.
    pub fn play_quietly(&mut self, text: &str) -> Result<(), Refusal> {
        self.judging.play(&mut self.arbiter, text).map(|_| ())
    }

    /// Plays `text`; the refusal as the Python exception.
    fn play_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        py.detach(|| self.play_quietly(text))
            .map_err(|refusal| errors::refused(py, &refusal, self.records()))
    }

    /// The position the moves so far reach.
    pub fn position(&self) -> &shakmaty::Chess {
        self.judging.position()
    }

    /// The records so far.
    pub fn records(&self) -> &[drawrules::Status] {
        &self.judging.judgement().records
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (fen=None, *, chess960=None, edition="fide-2018", dead="material", notation="uci-or-san"))]
    fn new(
        py: Python<'_>,
        fen: Option<&str>,
        chess960: Option<&Bound<'_, PyAny>>,
        edition: &str,
        dead: &str,
        notation: &str,
    ) -> PyResult<Game> {
        let start = options::start(py, fen, chess960)?;
        let edition = options::edition(py, edition)?;
        let dead = options::dead_rule(py, dead)?;
        let notation = options::notation(py, notation)?;
        Ok(py.detach(|| Game::started(start, edition, dead, notation)))
    }

    /// Plays one move, UCI (`g1f3`, `e1g1`) or SAN (`Nf3`, `O-O`), and
    /// returns the new ply's record. A move that cannot be played raises
    /// `IllegalMoveError` or `GameOverError` and leaves the game as it was.
    fn play(&mut self, py: Python<'_>, r#move: &str) -> PyResult<Status> {
        self.play_text(py, r#move)?;
        Ok(self.status())
    }

    /// Plays each move in turn; stops at the first that cannot be played,
    /// raising its error (the moves before it stay played).
    fn extend(&mut self, py: Python<'_>, moves: &Bound<'_, PyAny>) -> PyResult<Status> {
        for text in moves.try_iter()? {
            let text = text?;
            let text: String = text.extract()?;
            self.play_text(py, &text)?;
        }
        Ok(self.status())
    }

    /// The record of the current ply.
    #[getter]
    fn status(&self) -> Status {
        Status {
            inner: self
                .records()
                .last()
                .expect("a started game has ply 0")
                .clone(),
        }
    }

    /// The records of every ply, ply 0 first.
    #[getter(records)]
    fn records_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        status::records(py, self.records())
    }

    /// The moves played, in UCI.
    #[getter]
    fn moves(&self) -> Vec<String> {
        let mode = self.start.castling_mode();
        self.judging
            .judgement()
            .moves
            .iter()
            .map(|mv| mv.to_uci(mode).to_string())
            .collect()
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> u32 {
        self.judging
            .judgement()
            .moves
            .len()
            .try_into()
            .unwrap_or(u32::MAX)
    }

    /// The current position's FEN (as the record's).
    #[getter]
    fn fen(&self) -> String {
        self.status().inner.fen
    }

    /// The start position's FEN, as it was given.
    #[getter]
    fn start_fen(&self) -> String {
        self.start.to_string()
    }

    /// Whether an ending holds.
    #[getter]
    fn is_over(&self) -> bool {
        self.records()
            .last()
            .is_some_and(drawrules::Status::is_over)
    }

    /// The edition of the Laws: `fide-2018` or `fide-2014`.
    #[getter]
    fn edition(&self) -> &'static str {
        self.edition.name()
    }

    /// The 5.2.2 rule: `material` or `exact`.
    #[getter]
    fn dead(&self) -> &'static str {
        options::dead_rule_name(self.dead)
    }

    /// How moves are read: `uci-or-san` or `uci`.
    #[getter]
    fn notation(&self) -> &'static str {
        options::notation_name(self.notation)
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(ply={}, fen={:?}, edition={:?}, dead={:?})",
            self.ply(),
            self.fen(),
            self.edition(),
            self.dead()
        )
    }
}
