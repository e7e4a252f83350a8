//! The explain oracle: arbitrary text through the path `drawrules explain`
//! takes (FEN, then move text in UCI or SAN), under both engines and both
//! editions.

use drawrules::Arbiter;
use drawrules::StartPosition;
use drawrules::Status;
use drawrules::explain::{Explanation, explain, render_table, verdict};
use drawrules::laws::Edition;
use drawrules::reference::Reference;

use super::differential::json;
use super::{Agreement, InconsistencyError};

/// Judges one input for `drawrules explain`.
///
/// The first line of `text` is the start FEN (an empty line, or no line,
/// means the standard position); the rest is move text, one move per
/// whitespace-separated word, as the command line receives it. A FEN the
/// parser refuses must come with a message and counts as rejected. Otherwise
/// the game is explained by the arbiter and by the reference under both
/// editions, and:
///
/// * both engines give the same rows and the same error;
/// * there is a row per ply played, ply 0 first, each with its own number;
///   the error, if any, names the ply after the last row and the move text
///   given for it;
/// * every record survives a round trip through JSON;
/// * the table, the JSON lines and the verdict render.
///
/// # Errors
///
/// The first [`InconsistencyError`].
///
/// # Examples
///
/// ```
/// use drawrules_oracle::explain_input;
///
/// let agreement = explain_input("\nNf3 Nf6 Ng1 Ng8 e2e5 Nf3").unwrap();
/// assert_eq!(agreement.rejected, 0);
/// assert_eq!(agreement.records, 2 * 2 * 5, "plies 0-4, two engines, two editions");
/// assert_eq!(explain_input("not a fen\n").unwrap().rejected, 1);
/// ```
pub fn explain_input(text: &str) -> Result<Agreement, InconsistencyError> {
    let mut agreement = Agreement {
        inputs: 1,
        ..Agreement::default()
    };
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let fen = fen.trim();
    let start = if fen.is_empty() {
        StartPosition::standard()
    } else {
        match StartPosition::from_fen(fen) {
            Ok(start) => start,
            Err(err) => {
                if err.to_string().is_empty() {
                    return Err(InconsistencyError {
                        edition: Edition::default(),
                        what: format!("FEN {fen:?} refused without a message"),
                    });
                }
                agreement.rejected = 1;
                return Ok(agreement);
            }
        }
    };
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for edition in Edition::ALL {
        let fail = |what: String| InconsistencyError { edition, what };
        let by_arbiter = explain(&mut Arbiter::default(), &start, edition, &moves);
        let by_reference = explain(&mut Reference::default(), &start, edition, &moves);
        if by_arbiter != by_reference {
            return Err(fail(format!(
                "the engines differ\n  arbiter:   {}\n  reference: {}",
                summary(&by_arbiter),
                summary(&by_reference)
            )));
        }
        check_shape(&by_arbiter, &moves).map_err(fail)?;
        for row in &by_arbiter.rows {
            check_round_trip(&row.status).map_err(fail)?;
            // Both engines' records were checked equal above.
            agreement.count(&row.status);
            agreement.count(&row.status);
        }
        let table = render_table(&by_arbiter.rows);
        if table.lines().count() != by_arbiter.rows.len() + 1 {
            return Err(fail(format!(
                "rendering lost rows: {} rows, {} table lines",
                by_arbiter.rows.len(),
                table.lines().count()
            )));
        }
        if let Some(last) = by_arbiter.rows.last()
            && verdict(last).is_empty()
        {
            return Err(fail("empty verdict".to_owned()));
        }
    }
    Ok(agreement)
}

/// Rows and error agree with the moves given.
fn check_shape(explained: &Explanation, moves: &[&str]) -> Result<(), String> {
    let rows = explained.rows.len();
    if rows == 0 {
        return Err("no row for ply 0".to_owned());
    }
    for (index, row) in explained.rows.iter().enumerate() {
        if row.status.ply as usize != index {
            return Err(format!("row {index} says ply {}", row.status.ply));
        }
        if (index == 0) != row.san.is_none() {
            return Err(format!("row {index} has SAN {:?}", row.san));
        }
    }
    match &explained.error {
        None if rows == moves.len() + 1 => Ok(()),
        None => Err(format!(
            "{rows} rows for {} moves and no error",
            moves.len()
        )),
        Some(error) => {
            let expected_text = moves.get(rows - 1).copied().unwrap_or("");
            if error.ply as usize != rows || error.text.as_deref() != Some(expected_text) {
                Err(format!(
                    "error names ply {} move {:?}, expected ply {rows} move {expected_text:?}",
                    error.ply, error.text
                ))
            } else if error.to_string().is_empty() {
                Err("error without a message".to_owned())
            } else {
                Ok(())
            }
        }
    }
}

fn check_round_trip(status: &Status) -> Result<(), String> {
    let text = json(status);
    match serde_json::from_str::<Status>(&text) {
        Ok(back) if back == *status => Ok(()),
        Ok(back) => Err(format!(
            "JSON round trip changed {text} into {}",
            json(&back)
        )),
        Err(err) => Err(format!("JSON round trip failed on {text}: {err}")),
    }
}

fn summary(explained: &Explanation) -> String {
    let last = explained
        .rows
        .last()
        .map_or_else(|| "no rows".to_owned(), |row| json(&row.status));
    format!(
        "{} rows, last {last}, error {:?}",
        explained.rows.len(),
        explained.error.as_ref().map(ToString::to_string)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_stopped_by_a_bad_move_keeps_its_rows() {
        let agreement = explain_input("\nNf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 x9 Nf3").unwrap();
        assert_eq!(agreement.rejected, 0);
        // Plies 0-8 under two engines and two editions.
        assert_eq!(agreement.records, 9 * 4);
        assert_eq!(agreement.claims_now, 4, "threefold at ply 8");
        assert_eq!(
            agreement.claims_on_move,
            2 * 4,
            "Ng8 written at ply 7, Nf3 at ply 8"
        );
    }

    #[test]
    fn refused_fens_are_counted_not_reported() {
        for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr", "\u{0}"] {
            let agreement = explain_input(&format!("{fen}\ne2e4")).unwrap();
            assert_eq!(agreement.rejected, 1, "{fen}");
            assert_eq!(agreement.records, 0);
        }
    }

    #[test]
    fn endings_are_counted() {
        // Fool's mate, then a move after the end.
        let agreement = explain_input("\nf3 e5 g4 Qh4 a3").unwrap();
        assert_eq!(agreement.endings[0], 4, "checkmate at ply 4, four times");
    }
}
