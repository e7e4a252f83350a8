//! The project's game generators, for property tests in Python (the
//! package's Hypothesis strategy, `drawrules.strategies`): a game steered
//! to one of the situations where implementations break, built from bytes
//! the test framework draws (and shrinks), and the situations a game
//! reaches, found by looking at what happened in it; and the readings of
//! the Laws other than ours that verify accepts, for the package's
//! `compare`.

use drawrules::Reading;
use drawrules_scenario::Scenario;
use drawrules_scenario::situations::{Situation, situations as reached};
use pyo3::prelude::*;
use shakmaty::CastlingMode;

use crate::errors;

/// Every situation's name, in `spec/SITUATIONS.md`'s order.
pub fn names() -> Vec<&'static str> {
    Situation::ALL.into_iter().map(Situation::name).collect()
}

/// A generated game: its start FEN, its moves in UCI, its edition,
/// whether it is Chess960, and the situations it reaches.
type Generated = (String, Vec<String>, &'static str, bool, Vec<&'static str>);

/// The game `data` makes: steered to the situation named `situation`, or
/// played freely (`None`), exactly as `drawrules verify`'s generator makes
/// its games from bytes; and the situations it reaches, found in what
/// happened in it. The same bytes always make the same game.
#[pyfunction]
#[pyo3(signature = (situation, data))]
pub fn generate(py: Python<'_>, situation: Option<&str>, data: &[u8]) -> PyResult<Generated> {
    let steered = match situation {
        None => None,
        Some(name) => Some(
            Situation::ALL
                .into_iter()
                .find(|known| known.name() == name)
                .ok_or_else(|| {
                    errors::invalid_option(
                        py,
                        format!(
                            "unknown situation {name:?} (expected one of {})",
                            names().join(", ")
                        ),
                    )
                })?,
        ),
    };
    let data = data.to_vec();
    Ok(py.detach(|| {
        let game = match steered {
            Some(situation) => Scenario::steered(situation, &data),
            None => Scenario::from_bytes(&data),
        };
        let mode = game.start.castling_mode();
        let found = reached(&game.start, &game.moves, game.edition)
            .into_iter()
            .map(Situation::name)
            .collect();
        (
            game.start.to_string(),
            game.moves
                .iter()
                .map(|mv| mv.to_uci(mode).to_string())
                .collect(),
            game.edition.name(),
            mode == CastlingMode::Chess960,
            found,
        )
    }))
}

/// The accepted readings of the Laws (those `drawrules verify` accepts
/// beside ours) that differ from the record `record` (the protocol's
/// JSON): for each, its name, what it says, and the record it gives, as
/// JSON.
#[pyfunction]
pub fn readings(
    py: Python<'_>,
    record: &str,
) -> PyResult<Vec<(&'static str, &'static str, String)>> {
    let ours: drawrules::Status = serde_json::from_str(record)
        .map_err(|err| errors::invalid_option(py, format!("not a status record: {err}")))?;
    Ok(Reading::ALL
        .into_iter()
        .filter_map(|reading| {
            let theirs = reading.record(&ours)?;
            Some((
                reading.name(),
                reading.explain(),
                serde_json::to_string(&theirs).unwrap_or_default(),
            ))
        })
        .collect())
}
