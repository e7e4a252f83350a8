//! The records as they cross to JavaScript: each a JSON array of its
//! fields in the record's order, an empty list as `null`, which the
//! package's wrapper (js/src/records.js) makes the protocol's object
//! again. Half the text of the objects, and JavaScript parses arrays of
//! it in less than half the time (js/benches/speed.mjs).

use drawrules::Status;

/// `list`, or `None` when it is empty.
fn some<T>(list: &[T]) -> Option<&[T]> {
    (!list.is_empty()).then_some(list)
}

/// One record: `[ply, fen, clock, repetition, ended, result, claims,
/// threefold-repetition on move, fifty-moves on move, undetermined]`.
fn fields(record: &Status) -> impl serde::Serialize + '_ {
    (
        record.ply,
        &record.fen,
        record.clock,
        record.repetition,
        some(&record.ended),
        record.result,
        some(&record.claims),
        some(&record.claims_on_move.threefold_repetition),
        some(&record.claims_on_move.fifty_moves),
        some(&record.undetermined),
    )
}

/// One record, compact.
pub fn record(record: &Status) -> String {
    serde_json::to_string(&fields(record)).unwrap_or_default()
}

/// Records, compact, as one JSON array.
pub fn records(records: &[Status]) -> String {
    let fields: Vec<_> = records.iter().map(fields).collect();
    serde_json::to_string(&fields).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use drawrules::{Arbiter, Judging, Notation, StartPosition};

    #[test]
    fn a_record_keeps_every_field_in_order_and_empty_lists_as_null() {
        let mut arbiter = Arbiter::default();
        let start = StartPosition::standard();
        let mut judging =
            Judging::start(&mut arbiter, &start, Default::default(), Notation::UciOrSan).unwrap();
        for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
            judging.play(&mut arbiter, text).unwrap();
        }
        let last = judging.judgement().records.last().unwrap();
        assert_eq!(
            record(last),
            r#"[7,"rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4",7,2,null,"*",null,["f6g8"],null,null]"#
        );
        assert!(records(&judging.judgement().records).starts_with("[[0,"));
    }
}
