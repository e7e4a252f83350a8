//! `dead`: Article 5.2.2 decided exactly on one position, with its
//! evidence, as `drawrules dead` decides it.

use drawrules::mating::{Budget, Deadness as Verdict, Mating};
use drawrules::unwinnable::can_ever_mate_in;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shakmaty::Color;

use crate::game::Game;
use crate::{errors, options};

/// The verdict of 5.2.2 on a position: `Deadness` in Python.
#[pyclass(frozen, module = "drawrules")]
pub struct Deadness {
    fen: String,
    verdict: Verdict,
    white: Mating,
    black: Mating,
}

/// `value` (serialisable by the library) as a Python object, through
/// JSON.
fn to_python<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).unwrap_or_default();
    py.import("json")?.call_method1("loads", (json,))
}

#[pymethods]
impl Deadness {
    /// The position judged, as FEN.
    #[getter]
    fn fen(&self) -> &str {
        &self.fen
    }

    /// `dead`, `alive` or `undetermined`.
    #[getter]
    fn verdict(&self) -> &'static str {
        match self.verdict {
            Verdict::Dead { .. } => "dead",
            Verdict::Alive { .. } => "alive",
            Verdict::Undetermined => "undetermined",
        }
    }

    /// Whether the position was proved dead (the game is drawn).
    #[getter]
    fn is_dead(&self) -> bool {
        self.verdict.is_dead()
    }

    /// For an alive position, the side whose helpmate `line` shows
    /// (`white` or `black`); otherwise `None`.
    #[getter]
    fn side(&self) -> Option<&'static str> {
        match &self.verdict {
            Verdict::Alive { side, .. } => Some(match side {
                drawrules::mating::Side::White => "white",
                drawrules::mating::Side::Black => "black",
            }),
            _ => None,
        }
    }

    /// For an alive position, UCI moves that replay to that side's
    /// checkmate; otherwise empty.
    #[getter]
    fn line(&self) -> Vec<String> {
        match &self.verdict {
            Verdict::Alive { line, .. } => line.clone(),
            _ => Vec::new(),
        }
    }

    /// White's answer, as the command's JSON gives it: `{"verdict":
    /// "possible", "line": [...]}`, `{"verdict": "impossible", "reason":
    /// ...}` or `{"verdict": "undetermined"}`.
    #[getter]
    fn white<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.white)
    }

    /// Black's answer, as `white`.
    #[getter]
    fn black<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.black)
    }

    /// The object `drawrules dead --json` writes.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("fen", &self.fen)?;
        dict.set_item("deadness", to_python(py, &self.verdict)?)?;
        dict.set_item("white", self.white(py)?)?;
        dict.set_item("black", self.black(py)?)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("Deadness(verdict={:?}, fen={:?})", self.verdict(), self.fen)
    }
}

/// Whether the position `fen` (default the standard start) reaches after
/// `moves` (UCI or SAN) is dead, decided exactly within the default
/// budget: dead with a reason for each side, alive with a helpmate line,
/// or undetermined.
#[pyfunction]
#[pyo3(signature = (fen=None, moves=Vec::new(), *, chess960=None))]
pub fn dead(
    py: Python<'_>,
    fen: Option<&str>,
    moves: Vec<String>,
    chess960: Option<&Bound<'_, PyAny>>,
) -> PyResult<Deadness> {
    let start = options::start(py, fen, chess960)?;
    let mode = start.castling_mode();
    let decided = py.detach(|| {
        let mut game = Game::started(
            start,
            drawrules::Edition::Fide2018,
            drawrules::mating::DeadRule::Material,
            drawrules::Notation::UciOrSan,
        );
        for text in &moves {
            game.play_quietly(text)
                .map_err(|refusal| (refusal, game.records().to_vec()))?;
        }
        let position = game.position();
        let white = can_ever_mate_in(position, Color::White, mode, Budget::DEFAULT);
        let black = can_ever_mate_in(position, Color::Black, mode, Budget::DEFAULT);
        let fen = game
            .records()
            .last()
            .map(|record| record.fen.clone())
            .unwrap_or_default();
        Ok(Deadness {
            fen,
            verdict: Verdict::of(&white, &black),
            white,
            black,
        })
    });
    decided.map_err(|(refusal, records)| errors::refused(py, &refusal, &records))
}
