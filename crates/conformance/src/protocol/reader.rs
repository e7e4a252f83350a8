//! Reading an engine's output, one line at a time.

use serde_json::Value;
use thiserror::Error;

use super::messages::{Answer, OutOfRange};

/// The longest line the harness reads from an engine, in bytes.
pub const MAX_LINE: usize = 8 << 20;

/// A line of an engine's output that is not an answer of the protocol.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not an answer of the engine protocol ({reason}): {excerpt}")]
pub struct ParseAnswerError {
    /// What is wrong with the line.
    pub reason: String,
    /// The start of the line, for the report.
    pub excerpt: String,
}

/// Reads one line of an engine's output (without its line end).
///
/// # Errors
///
/// A [`ParseAnswerError`] for text that is not JSON, JSON of another shape
/// (a record without `ply` or with a field the record does not have), or a
/// line longer than [`MAX_LINE`]. A record whose `clock` or `repetition` is
/// a negative integer is no error: the answer is read with that number set
/// aside ([`OutOfRange`], [`Answer::out_of_range`]).
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::{Answer, read_answer};
///
/// let answer = read_answer(r#"{"type": "records", "id": 3, "records": [{"ply": 0}]}"#).unwrap();
/// assert!(matches!(answer, Answer::Records { id: 3, .. }));
///
/// let err = read_answer("bestmove e2e4").unwrap_err();
/// assert!(err.to_string().starts_with("not an answer of the engine protocol"));
/// ```
pub fn read_answer(line: &str) -> Result<Answer, ParseAnswerError> {
    let fail = |reason: String| ParseAnswerError {
        reason,
        excerpt: excerpt(line),
    };
    if line.len() > MAX_LINE {
        return Err(fail(format!("a line of {} bytes", line.len())));
    }
    let answer: Answer = match serde_json::from_str(line) {
        Ok(answer) => answer,
        Err(err) => with_numbers_set_aside(line).ok_or_else(|| fail(err.to_string()))?,
    };
    let records = match &answer {
        Answer::Records { records, .. } => records.as_slice(),
        Answer::Error(refusal) => refusal.records.as_slice(),
        Answer::Hello(_) => &[],
    };
    if let Some(index) = records.iter().position(|record| record.ply.is_none()) {
        return Err(fail(format!("record {index} has no `ply`")));
    }
    Ok(answer)
}

/// `line` read as records or a refusal once the negative numbers of its
/// records' [`OutOfRange::FIELDS`] are set aside; `None` when it has none
/// or does not read even then.
fn with_numbers_set_aside(line: &str) -> Option<Answer> {
    let mut value: Value = serde_json::from_str(line).ok()?;
    let records = value.get_mut("records")?.as_array_mut()?;
    let mut aside = Vec::new();
    for (record, fields) in records.iter_mut().enumerate() {
        let Some(fields) = fields.as_object_mut() else {
            continue;
        };
        for field in OutOfRange::FIELDS {
            let number = fields.get(field.name()).and_then(Value::as_i64);
            if let Some(value) = number.filter(|&n| n < 0) {
                fields.remove(field.name());
                aside.push(OutOfRange {
                    record,
                    field,
                    value,
                });
            }
        }
    }
    if aside.is_empty() {
        return None;
    }
    let mut answer: Answer = serde_json::from_value(value).ok()?;
    match &mut answer {
        Answer::Records { out_of_range, .. } => *out_of_range = aside,
        Answer::Error(refusal) => refusal.out_of_range = aside,
        Answer::Hello(_) => return None,
    }
    Some(answer)
}

/// The first 120 characters of `line`, escaped.
fn excerpt(line: &str) -> String {
    let mut short: String = line.chars().take(120).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    format!("{short:?}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::draws::DrawPolicies;
    use crate::protocol::{Part, RefusalKind};

    #[test]
    fn reads_every_kind_of_answer() {
        let hello = read_answer(
            r#"{"type":"hello","protocol":1,"name":"x","implements":["checkmate","fifty-moves-on-move"],"editions":["fide-2018"],"draws":"automatic"}"#,
        )
        .unwrap();
        let Answer::Hello(hello) = hello else {
            panic!("{hello:?}")
        };
        assert_eq!(hello.implements, [Part::Checkmate, Part::FiftyMovesOnMove]);
        assert_eq!(hello.draws, DrawPolicies::automatic());
        assert_eq!(hello.version, "");

        let error = read_answer(
            r#"{"type":"error","id":4,"kind":"illegal-move","ply":2,"message":"no","records":[{"ply":0},{"ply":1,"clock":1}]}"#,
        )
        .unwrap();
        let Answer::Error(refusal) = error else {
            panic!("{error:?}")
        };
        assert_eq!(refusal.kind, RefusalKind::IllegalMove);
        assert_eq!(refusal.records[1].clock, Some(1));

        let records = read_answer(
            r#"{"type":"records","id":1,"records":[{"ply":0,"ended":["checkmate"],"claims_on_move":{"fifty-moves":["a1a2"]}}]}"#,
        )
        .unwrap();
        let Answer::Records { records, .. } = records else {
            panic!("{records:?}")
        };
        let on_move = records[0].claims_on_move.as_ref().unwrap();
        assert_eq!(
            on_move.fifty_moves.as_deref(),
            Some(&["a1a2".to_owned()][..])
        );
        assert_eq!(on_move.threefold_repetition, None);
    }

    #[test]
    fn refuses_what_is_not_an_answer() {
        for line in [
            "",
            "{",
            "[]",
            r#"{"type":"records"}"#,
            r#"{"type":"records","id":-1,"records":[]}"#,
            r#"{"type":"hello","protocol":1,"name":"x","implements":["telepathy"],"editions":[],"draws":"claims"}"#,
            r#"{"type":"records","id":1,"records":[{"ply":0,"ended":["resignation"]}]}"#,
            r#"{"type":"bestmove"}"#,
        ] {
            let err = read_answer(line).unwrap_err();
            assert!(!err.reason.is_empty(), "{line}");
        }
    }

    #[test]
    fn records_must_name_their_ply_and_only_known_fields() {
        let err = read_answer(r#"{"type":"records","id":1,"records":[{"ply":0},{"clock":1}]}"#)
            .unwrap_err();
        assert_eq!(err.reason, "record 1 has no `ply`");
        let err = read_answer(
            r#"{"type":"error","id":1,"kind":"game-over","ply":1,"records":[{"clock":0}]}"#,
        )
        .unwrap_err();
        assert_eq!(err.reason, "record 0 has no `ply`");
        let err =
            read_answer(r#"{"type":"records","id":1,"records":[{"ply":0,"claims_on_moves":{}}]}"#)
                .unwrap_err();
        assert!(
            err.reason.starts_with("unknown field `claims_on_moves`"),
            "{}",
            err.reason
        );
    }

    #[test]
    fn negative_numbers_of_records_are_set_aside_and_others_refused() {
        use drawrules::Field;
        let answer = read_answer(
            r#"{"type":"error","id":2,"kind":"illegal-move","ply":2,"records":[{"ply":0,"clock":-1},{"ply":1,"clock":0,"repetition":-3}]}"#,
        )
        .unwrap();
        let aside: Vec<String> = answer
            .out_of_range()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(aside, ["clock -1 in record 0", "repetition -3 in record 1"]);
        let Answer::Error(refusal) = &answer else {
            panic!("{answer:?}")
        };
        assert_eq!(refusal.records[1].clock, Some(0));
        assert_eq!(refusal.records[1].repetition, None);
        assert_eq!(answer.out_of_range()[1].field, Field::Repetition);
        // A number no record holds anywhere else, or a clock that is not an
        // integer, is still not an answer.
        for line in [
            r#"{"type":"records","id":-1,"records":[{"ply":0,"clock":-1}]}"#,
            r#"{"type":"records","id":1,"records":[{"ply":-1,"clock":-1}]}"#,
            r#"{"type":"records","id":1,"records":[{"ply":0,"clock":-1.5}]}"#,
            r#"{"type":"records","id":1,"records":[{"ply":0,"clock":"-1"}]}"#,
            r#"{"type":"records","id":1,"records":[{"clock":-1}]}"#,
        ] {
            assert!(read_answer(line).is_err(), "{line}");
        }
        // A well-formed answer sets nothing aside.
        let plain = read_answer(r#"{"type":"records","id":1,"records":[{"ply":0,"clock":1}]}"#);
        assert_eq!(plain.unwrap().out_of_range(), []);
    }

    #[test]
    fn excerpts_are_short() {
        let long = "x".repeat(1000);
        let err = read_answer(&long).unwrap_err();
        assert!(err.excerpt.chars().count() < 130, "{}", err.excerpt);
    }
}
