//! `judge`: a whole game judged at once, as `Game` judges it move by move.

use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::game::Game;
use crate::{errors, options, status};

/// The status record of every ply of the game `moves` (UCI or SAN) play
/// from the start position; the first move that cannot be played raises
/// `IllegalMoveError` or `GameOverError` (with the records before it), and
/// nothing after it is judged.
#[pyfunction]
#[pyo3(signature = (moves, fen=None, *, chess960=None, edition="fide-2018", dead="material", notation="uci-or-san"))]
pub fn judge<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
    fen: Option<&str>,
    chess960: Option<&Bound<'py, PyAny>>,
    edition: &str,
    dead: &str,
    notation: &str,
) -> PyResult<Bound<'py, PyList>> {
    if moves.is_instance_of::<pyo3::types::PyString>() {
        return Err(errors::invalid_option(
            py,
            "moves must be a list of moves, not one string (split it first)".to_owned(),
        ));
    }
    let texts = moves
        .try_iter()?
        .map(|text| text.and_then(|text| text.extract::<String>()))
        .collect::<PyResult<Vec<String>>>()?;
    let start = options::start(py, fen, chess960)?;
    let edition = options::edition(py, edition)?;
    let dead = options::dead_rule(py, dead)?;
    let notation = options::notation(py, notation)?;
    let (game, refusal) = py.detach(|| {
        let mut game = Game::started(start, edition, dead, notation);
        let refusal = texts.iter().find_map(|text| game.play_quietly(text).err());
        (game, refusal)
    });
    match refusal {
        Some(refusal) => Err(errors::refused(py, &refusal, game.records())),
        None => status::records(py, game.records()),
    }
}

/// The baseline of the package's speed bench (python/benches/speed.py):
/// what `judge` does in Rust, the same game judged by the same pipeline,
/// but no Python object made; returns the number of records. Not part of
/// the API.
#[pyfunction]
#[pyo3(signature = (moves, fen=None, *, edition="fide-2018"))]
pub fn _judged_in_rust(
    py: Python<'_>,
    moves: Vec<String>,
    fen: Option<&str>,
    edition: &str,
) -> PyResult<usize> {
    let start = options::start(py, fen, None)?;
    let edition = options::edition(py, edition)?;
    Ok(py.detach(|| {
        let mut game = Game::started(
            start,
            edition,
            drawrules::mating::DeadRule::Material,
            drawrules::Notation::UciOrSan,
        );
        for text in &moves {
            if game.play_quietly(text).is_err() {
                break;
            }
        }
        game.records().len()
    }))
}
