//! The status record of one ply, as the engine protocol defines it
//! (`drawrules docs protocol`), for Python: typed attributes, the JSON
//! object the command writes, and equality field by field.

use drawrules::laws::{Claim, Ending};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The status record of one ply: `Status` in Python.
#[pyclass(frozen, module = "drawrules")]
#[derive(Clone)]
pub struct Status {
    pub(crate) inner: drawrules::Status,
}

/// The written-move claims of one ply: `ClaimsOnMove` in Python.
#[pyclass(frozen, module = "drawrules")]
#[derive(Clone)]
pub struct ClaimsOnMove {
    inner: drawrules::ClaimsOnMove,
}

fn ending_names(endings: &[Ending]) -> Vec<&'static str> {
    endings.iter().map(|ending| ending.name()).collect()
}

fn claim_names(claims: &[Claim]) -> Vec<&'static str> {
    claims.iter().map(|claim| claim.name()).collect()
}

#[pymethods]
impl Status {
    /// Plies played since the start position (ply 0).
    #[getter]
    fn ply(&self) -> u32 {
        self.inner.ply
    }

    /// The position as FEN (an en passant square only when a capture is
    /// legal; the halfmove field is `clock`).
    #[getter]
    fn fen(&self) -> &str {
        &self.inner.fen
    }

    /// Plies since the last pawn move or capture (9.3).
    #[getter]
    fn clock(&self) -> u32 {
        self.inner.clock
    }

    /// How many positions from ply 0 to this one are the same as this one
    /// (9.2.3).
    #[getter]
    fn repetition(&self) -> u32 {
        self.inner.repetition
    }

    /// The endings that hold, in article order.
    #[getter]
    fn ended(&self) -> Vec<&'static str> {
        ending_names(&self.inner.ended)
    }

    /// The endings decided neither way within the budget (the exact 5.2.2
    /// rule only).
    #[getter]
    fn undetermined(&self) -> Vec<&'static str> {
        ending_names(&self.inner.undetermined)
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[getter]
    fn result(&self) -> String {
        self.inner.result.to_string()
    }

    /// The draws the player to move may claim as the position stands.
    #[getter]
    fn claims(&self) -> Vec<&'static str> {
        claim_names(&self.inner.claims)
    }

    /// The moves that support each claim when written down first.
    #[getter]
    fn claims_on_move(&self) -> ClaimsOnMove {
        ClaimsOnMove {
            inner: self.inner.claims_on_move.clone(),
        }
    }

    /// Whether the game is over at this ply.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The record as the protocol's JSON object, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("ply", self.inner.ply)?;
        dict.set_item("fen", &self.inner.fen)?;
        dict.set_item("clock", self.inner.clock)?;
        dict.set_item("repetition", self.inner.repetition)?;
        dict.set_item("ended", self.ended())?;
        if !self.inner.undetermined.is_empty() {
            dict.set_item("undetermined", self.undetermined())?;
        }
        dict.set_item("result", self.result())?;
        dict.set_item("claims", self.claims())?;
        dict.set_item("claims_on_move", self.claims_on_move().to_dict(py)?)?;
        Ok(dict)
    }

    /// The record as one line of the protocol's JSON, byte for byte what
    /// the command writes.
    fn to_json(&self) -> String {
        serde_json::to_string(&self.inner).unwrap_or_default()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Status>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Status(ply={}, fen={:?}, clock={}, repetition={}, ended={:?}, result={:?}, claims={:?}, claims_on_move={})",
            self.inner.ply,
            self.inner.fen,
            self.inner.clock,
            self.inner.repetition,
            self.ended(),
            self.result(),
            self.claims(),
            self.claims_on_move().__repr__(),
        )
    }
}

#[pymethods]
impl ClaimsOnMove {
    /// Moves (UCI) after which the position would stand a third time
    /// (9.2.1), sorted.
    #[getter]
    fn threefold_repetition(&self) -> Vec<String> {
        self.inner.threefold_repetition.clone()
    }

    /// Moves (UCI) that would complete the fifty moves (9.3.1), sorted.
    #[getter]
    fn fifty_moves(&self) -> Vec<String> {
        self.inner.fifty_moves.clone()
    }

    /// The protocol's object: both keys, always.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("threefold-repetition", &self.inner.threefold_repetition)?;
        dict.set_item("fifty-moves", &self.inner.fifty_moves)?;
        Ok(dict)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<ClaimsOnMove>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "ClaimsOnMove(threefold_repetition={:?}, fifty_moves={:?})",
            self.inner.threefold_repetition, self.inner.fifty_moves
        )
    }
}

/// `records` as a Python list of `Status`.
pub fn records<'py>(
    py: Python<'py>,
    records: &[drawrules::Status],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(
        py,
        records.iter().map(|record| Status {
            inner: record.clone(),
        }),
    )
}
