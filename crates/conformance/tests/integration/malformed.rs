//! Malformed input in every run, in its own report group: an engine that
//! reads capital letters or an extra FEN field leniently is found out
//! unless it declares the leniency, and judged on the repaired text when it
//! does; an engine that keeps a FEN's negative clock is found out in the
//! group too, never as a fault; every input finding has its minimal game in
//! every report format; our arbiter gives every expected outcome.

use drawrules::Field;
use drawrules_conformance::protocol::{
    Answer, EngineError, Hello, JudgeRequest, Malformation, OutOfRange,
};
use drawrules_conformance::verify::{Group, OurArbiter, Problem, Subject, VerifyReport, render};

use crate::util::{options, run};

/// Our arbiter, reading move text in any case and a FEN's extra fields
/// away; declaring it or not.
struct Lenient {
    declares: bool,
}

impl Subject for Lenient {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        let mut hello = OurArbiter.hello()?;
        if self.declares {
            hello.lenient = vec![Malformation::CapitalLetters, Malformation::FenExtraField];
        }
        Ok(hello)
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let fields: Vec<&str> = request.fen.split(' ').collect();
        let repaired = JudgeRequest {
            fen: fields[..fields.len().min(6)].join(" "),
            moves: request
                .moves
                .iter()
                .map(|m| m.to_ascii_lowercase())
                .collect(),
            ..request.clone()
        };
        OurArbiter.judge(&repaired)
    }
}

fn input_kinds(report: &VerifyReport) -> Vec<Malformation> {
    let mut kinds: Vec<Malformation> = report
        .findings
        .iter()
        .filter_map(|finding| match &finding.problem {
            Problem::Divergence(d) => match d.group {
                Group::Input(kind) => Some(kind),
                _ => None,
            },
            _ => None,
        })
        .collect();
    kinds.dedup();
    kinds
}

#[test]
fn our_arbiter_gives_every_expected_outcome() {
    let report = run(&mut OurArbiter, &options(10));
    assert_eq!(report.malformed_games, 2 * Malformation::ALL.len());
    assert!(!report.failed(), "{:?}", report.findings);
}

#[test]
fn an_undeclared_leniency_is_a_finding_in_the_input_group() {
    let report = run(&mut Lenient { declares: false }, &options(10));
    assert_eq!(
        input_kinds(&report),
        [Malformation::CapitalLetters, Malformation::FenExtraField]
    );
    assert_eq!(report.findings.len(), 4, "{:#?}", report.findings);
    assert!(report.failed());
}

#[test]
fn a_declared_leniency_is_judged_on_the_repaired_text() {
    let report = run(&mut Lenient { declares: true }, &options(10));
    assert!(!report.failed(), "{:#?}", report.findings);
    let text = drawrules_conformance::verify::render::text(&report);
    assert!(
        text.contains("declared lenient: capital-letters, fen-extra-field"),
        "{text}"
    );
}

/// Our arbiter, reading a FEN's negative halfmove clock as it stands and
/// counting on from it: its records carry the clock the FEN gave, plus
/// the plies played (numbers a record cannot hold while below zero, set
/// aside beside the answer as the reader of an engine's output does).
/// With `everywhere`, every answer carries a clock of -1 at ply 0.
struct KeepsNegativeClock {
    everywhere: bool,
}

impl Subject for KeepsNegativeClock {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        OurArbiter.hello()
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let mut fields: Vec<String> = request.fen.split(' ').map(str::to_owned).collect();
        let kept: i64 = match fields.get(4).and_then(|clock| clock.parse().ok()) {
            Some(clock) if clock < 0 => clock,
            _ if self.everywhere => -1,
            _ => return OurArbiter.judge(request),
        };
        if kept < 0 && fields.len() > 4 {
            fields[4] = "0".to_owned();
        }
        let request = JudgeRequest {
            fen: fields.join(" "),
            ..request.clone()
        };
        let mut answer = OurArbiter.judge(&request)?;
        let (records, out_of_range) = match &mut answer {
            Answer::Records {
                records,
                out_of_range,
                ..
            } => (records, out_of_range),
            Answer::Error(refusal) => (&mut refusal.records, &mut refusal.out_of_range),
            Answer::Hello(_) => unreachable!("our arbiter answers a game"),
        };
        for (record, status) in records.iter_mut().enumerate() {
            let clock = kept + i64::try_from(record).unwrap();
            status.clock = u64::try_from(clock).ok();
            if clock < 0 {
                out_of_range.push(OutOfRange {
                    record,
                    field: Field::Clock,
                    value: clock,
                });
            }
        }
        Ok(answer)
    }
}

#[test]
fn a_negative_clock_kept_is_an_input_finding_of_its_kind_not_a_fault() {
    let report = run(&mut KeepsNegativeClock { everywhere: false }, &options(10));
    assert_eq!(input_kinds(&report), [Malformation::FenNegativeClock]);
    assert_eq!(report.findings.len(), 2, "{:#?}", report.findings);
    assert!(
        report.groups().into_keys().eq(["input"]),
        "{:?}",
        report.groups()
    );
    assert_eq!(report.unexpected(), ["input"]);
    let first = report.findings.iter().next().expect("a finding");
    let Problem::Divergence(divergence) = &first.problem else {
        panic!("{first:?}")
    };
    assert_eq!(
        divergence.to_string(),
        "input (fen-negative-clock) at ply 0: expected the start refused (invalid-fen), \
         got the start accepted, keeping clock -1 in record 0"
    );
    assert!(report.failed());
}

#[test]
fn a_number_no_record_holds_in_the_answer_to_a_well_formed_game_is_a_fault() {
    let report = run(&mut KeepsNegativeClock { everywhere: true }, &options(10));
    let faults: Vec<&str> = report
        .findings
        .iter()
        .filter_map(|finding| match &finding.problem {
            Problem::Fault(EngineError::OutOfRange(kept)) => {
                Some(finding.source.as_str()).filter(|_| kept.to_string() == "clock -1 in record 0")
            }
            _ => None,
        })
        .collect();
    // Every generated game and every illegal-move game (well-formed up to
    // its last move): each answer to a well-formed game has a clock of -1
    // at ply 0 (the first few of them kept as examples).
    assert_eq!(
        report.findings.count("fault"),
        10 + report.illegal_games,
        "{:#?}",
        report.findings
    );
    assert_eq!(faults.len(), drawrules_conformance::verify::EXAMPLES);
    assert!(
        faults
            .iter()
            .all(|source| source.starts_with("generated game"))
    );
    assert!(input_kinds(&report).contains(&Malformation::FenNegativeClock));
}

/// The JSON report's `minimal` of the `input` group's first cause.
fn json_minimal(report: &VerifyReport) -> serde_json::Value {
    let json: serde_json::Value = serde_json::from_str(&render::json(report)).unwrap();
    let group = json["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|group| group["group"] == "input")
        .expect("an input group")
        .clone();
    group["causes"][0]["minimal"].clone()
}

#[test]
fn an_input_finding_has_its_minimal_game_in_every_report_format() {
    let report = run(&mut Lenient { declares: false }, &options(10));
    let first = report
        .findings
        .iter()
        .find(|finding| finding.group() == "input")
        .unwrap();
    let minimal = first.minimal.as_ref().expect("a minimal game");
    assert_eq!(minimal.game, first.game, "built small: the game as found");
    let replay = render::explain_command(&minimal.game);

    let json = json_minimal(&report);
    assert_eq!(json["fen"], minimal.game.fen.as_str(), "{json}");
    assert_eq!(
        json["moves"],
        serde_json::json!(minimal.game.moves),
        "{json}"
    );
    assert_eq!(json["replay"], replay.as_str(), "{json}");
    assert_eq!(json["divergence"], minimal.divergence.to_string(), "{json}");

    let markdown = render::markdown(&report);
    let section = markdown
        .split("\n### input\n")
        .nth(1)
        .expect("an input section");
    // The cause holds several kinds: each listed, the first one's first.
    let kind = first.problem.kind().expect("a kind");
    assert!(
        section.starts_with(&format!(
            "\nKind {kind} (2 games):\n\nMinimal game ({} moves): {}.",
            minimal.game.moves.len(),
            minimal.divergence
        )),
        "{section}"
    );
    assert!(section.contains(&replay), "{section}");

    let junit = render::junit(&report);
    let case = junit
        .split("<testcase classname=\"drawrules.verify\" name=\"input\">")
        .nth(1)
        .and_then(|rest| rest.split("</testcase>").next())
        .expect("an input test case");
    assert!(case.contains("minimal ("), "{case}");
    assert!(case.contains(&replay.replace('"', "&quot;")), "{case}");
    let text = render::text(&report);
    assert!(text.contains(&format!("replay: {replay}")), "{text}");
}

/// Our arbiter, reading a start it refuses again with its en passant
/// square and castling rights taken out and a move number of 0 read as 1,
/// as a library that keeps only what it can use does.
struct KeepsWhatItCanUse;

impl Subject for KeepsWhatItCanUse {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        OurArbiter.hello()
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let answer = OurArbiter.judge(request)?;
        let mut fields: Vec<&str> = request.fen.split(' ').collect();
        let refused_start = matches!(&answer, Answer::Error(refusal) if refusal.ply.is_none());
        if !refused_start || fields.len() != 6 {
            return Ok(answer);
        }
        fields[2] = "-";
        fields[3] = "-";
        if fields[5] == "0" {
            fields[5] = "1";
        }
        OurArbiter.judge(&JudgeRequest {
            fen: fields.join(" "),
            ..request.clone()
        })
    }
}

#[test]
fn an_engine_that_accepts_an_impossible_start_is_found_out_by_kind() {
    let report = run(&mut KeepsWhatItCanUse, &options(10));
    assert_eq!(
        input_kinds(&report),
        [
            Malformation::FenEnPassantSquareOccupied,
            Malformation::FenCastlingKingOffItsSquare,
            Malformation::FenCastlingRookOffItsSquare,
            Malformation::FenMoveNumberZero,
        ]
    );
    // Two games of each, and nothing else.
    assert_eq!(report.findings.len(), 8, "{:#?}", report.findings);
    let text = render::text(&report);
    assert!(
        text.contains(
            "malformed input 22 (fen-en-passant-square-occupied): input \
             (fen-en-passant-square-occupied) at ply 0: expected the start refused \
             (invalid-fen), got the start accepted"
        ),
        "{text}"
    );
}
