//! One test per bug, named for the commit that fixed it
//! (`bug_<commit>_<what it was>`): each asserts exactly the behaviour the
//! fix brought, so that the bug cannot come back unnoticed under another
//! test's name.

use drawrules::{Claim, Edition, PartialStatus, Reference, StartPosition};
use drawrules_conformance::protocol::{Answer, DeadReading, Part, read_answer};
use drawrules_conformance::verify::{Cause, Group, compare, judge_text};

/// 10dffd9: a FEN whose fields are separated by underscores (as in web
/// addresses, which shakmaty also reads) had its fullmove number 0 read
/// as 1; its fields are now read as strictly as when spaces separate
/// them.
#[test]
fn bug_10dffd9_fullmove_zero_read_through_underscores() {
    let message = "invalid fen: fullmove number \"0\" is 0: moves are counted from 1";
    for fen in [
        "4k3/8/8/8/8/8/8/4K3_w_-_-_0_0",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
    ] {
        let err = StartPosition::from_fen(fen).expect_err(fen);
        assert_eq!(err.to_string(), message, "{fen}");
    }
    // Move number 1 through underscores is still read.
    let start = StartPosition::from_fen("4k3/8/8/8/8/8/8/4K3_w_-_-_0_1").expect("a legal FEN");
    assert_eq!(start.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// A handshake declaring the 5.2.2 reading `reading` (JSON).
fn hello_reading(reading: &str) -> Result<Answer, String> {
    read_answer(&format!(
        r#"{{"type":"hello","protocol":2,"name":"x","implements":["dead-position"],"editions":["fide-2018"],"dead-position":{reading}}}"#
    ))
    .map_err(|err| err.to_string())
}

/// 2e9dd43: a handshake's 5.2.2 reading given as a one-key object
/// (`{"exact": {}}`) was taken as the exact reading; the protocol has only
/// the names, so the object is refused.
#[test]
fn bug_2e9dd43_dead_reading_given_as_an_object() {
    for object in [r#"{"exact":{}}"#, r#"{"exact":null}"#] {
        let err = hello_reading(object).expect_err(object);
        assert!(
            err.contains("(invalid type: map, expected a string"),
            "{object}: {err}"
        );
    }
    let Ok(Answer::Hello(hello)) = hello_reading("\"exact\"") else {
        panic!("the name \"exact\" must be read");
    };
    assert_eq!(hello.dead_position, DeadReading::Exact);
}

/// 75bcab9: a start FEN naming an en passant square no capture can use
/// (e3, with no black pawn beside e4) makes a difference to no position;
/// an engine that counted the start apart from its later repetitions
/// diverged on threefold repetition, and verify gave that divergence no
/// cause (`plain`). It is now put down to the start FEN's unusable en
/// passant square (`en-passant-in-start-fen`, its own cause since a
/// start-only link to en passant was filed with two-square steps).
#[test]
fn bug_75bcab9_unusable_en_passant_square_at_the_start() {
    let moves: Vec<String> = "e8e7 e1d1 e7e8 d1e1 e8e7 e1d1 e7e8 d1e1"
        .split(' ')
        .map(str::to_owned)
        .collect();
    let ours = judge_text(
        &mut Reference::default(),
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 19",
        &moves,
        Edition::Fide2018,
    );
    assert_eq!(ours.records[8].repetition, 3);
    assert_eq!(ours.records[8].claims, [Claim::ThreefoldRepetition]);
    // The engine counts the start apart: the position stands twice.
    let records = ours
        .records
        .iter()
        .map(|status| {
            let mut record = PartialStatus::from(status);
            if status.ply == 8 {
                record.repetition = Some(2);
                record.claims = Some(Vec::new());
            }
            record
        })
        .collect();
    let answer = Answer::Records {
        id: 1,
        records,
        game: None,
        out_of_range: Vec::new(),
    };
    let Ok(Answer::Hello(hello)) = read_answer(
        r#"{"type":"hello","protocol":2,"name":"x","implements":["threefold-repetition"],"editions":["fide-2018"]}"#,
    ) else {
        panic!("the handshake must be read");
    };
    let divergences = compare(&hello, &ours, &answer).divergences;
    assert_eq!(divergences.len(), 1, "{divergences:?}");
    let divergence = &divergences[0];
    assert_eq!(divergence.group, Group::Part(Part::ThreefoldRepetition));
    assert_eq!(divergence.ply, Some(8));
    assert_eq!(divergence.cause, Cause::EnPassantInStartFen);
}
