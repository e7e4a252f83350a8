//! The project's game generators, for property tests in JavaScript (the
//! package's fast-check arbitrary, `drawrules/fast-check`): a game
//! steered to one of the situations where implementations break, made
//! from bytes the test framework draws and shrinks, with the situations it
//! reaches; and the readings of the Laws other than ours that verify
//! accepts, for the package's `compare`.

use drawrules::Reading;
use drawrules_scenario::Scenario;
use drawrules_scenario::situations::{Situation, situations as reached};
use serde_json::{Value, json};
use shakmaty::CastlingMode;

use crate::error::ApiError;

/// Every situation's name, in `spec/SITUATIONS.md`'s order.
pub fn names() -> Vec<&'static str> {
    Situation::ALL.into_iter().map(Situation::name).collect()
}

/// The game `data` makes, steered to the situation named `situation` or
/// played freely (`None`), exactly as `drawrules verify`'s generator makes
/// its games from bytes: `fen`, `moves` (UCI), `edition`, `chess960` and
/// the situations it `reached`, found in what happened in it. The same
/// bytes always make the same game.
///
/// # Errors
///
/// [`ApiError::InvalidOption`] for a situation the project does not name.
pub fn generate(situation: Option<&str>, data: &[u8]) -> Result<Value, ApiError> {
    let game = match situation {
        None => Scenario::from_bytes(data),
        Some(name) => {
            let steered = Situation::ALL
                .into_iter()
                .find(|known| known.name() == name)
                .ok_or_else(|| ApiError::InvalidOption {
                    message: format!(
                        "unknown situation {name:?} (expected one of {})",
                        names().join(", ")
                    ),
                })?;
            Scenario::steered(steered, data)
        }
    };
    let mode = game.start.castling_mode();
    let found: Vec<&str> = reached(&game.start, &game.moves, game.edition)
        .into_iter()
        .map(Situation::name)
        .collect();
    let moves: Vec<String> = game
        .moves
        .iter()
        .map(|mv| mv.to_uci(mode).to_string())
        .collect();
    Ok(json!({
        "fen": game.start.to_string(),
        "moves": moves,
        "edition": game.edition.name(),
        "chess960": mode == CastlingMode::Chess960,
        "reached": found,
    }))
}

/// The accepted readings of the Laws (those `drawrules verify` accepts
/// beside ours) whose record differs from `record` (the protocol's JSON):
/// for each, its `name`, what it says (`explain`), and the `record` it
/// gives.
///
/// # Errors
///
/// [`ApiError::InvalidOption`] when `record` is not a status record.
pub fn readings(record: &str) -> Result<Value, ApiError> {
    let ours: drawrules::Status =
        serde_json::from_str(record).map_err(|err| ApiError::InvalidOption {
            message: format!("not a status record: {err}"),
        })?;
    Ok(Value::Array(
        Reading::ALL
            .into_iter()
            .filter_map(|reading| {
                let theirs = reading.record(&ours)?;
                Some(json!({
                    "name": reading.name(),
                    "explain": reading.explain(),
                    "record": theirs,
                }))
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_bytes_make_the_same_game_and_it_reaches_its_situation_often() {
        let mut hits = 0;
        for seed in 0..40u8 {
            let data: Vec<u8> = (0..200u16)
                .map(|i| (i as u8).wrapping_mul(31) ^ seed)
                .collect();
            let game = generate(Some("mate-at-150"), &data).unwrap();
            assert_eq!(game, generate(Some("mate-at-150"), &data).unwrap());
            let reached = game["reached"].as_array().unwrap();
            hits += usize::from(reached.iter().any(|name| name == "mate-at-150"));
        }
        assert!(hits >= 35, "{hits} of 40");
    }

    #[test]
    fn an_unknown_situation_is_named() {
        let err = generate(Some("mate-in-zero"), &[]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown situation \"mate-in-zero\" (expected one of ")
        );
    }

    #[test]
    fn a_record_that_is_not_one_is_refused() {
        assert!(
            readings("{}")
                .unwrap_err()
                .to_string()
                .starts_with("not a status record: ")
        );
    }
}
