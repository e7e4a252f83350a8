//! Malformed input in every run, in its own report group: an engine that
//! reads capital letters or an extra FEN field leniently is found out
//! unless it declares the leniency, and judged on the repaired text when it
//! does; our arbiter gives every expected outcome.

use drawrules_conformance::protocol::{Answer, EngineError, Hello, JudgeRequest};
use drawrules_conformance::verify::{
    Group, KnownDivergences, Malformation, OurArbiter, Problem, Subject, VerifyOptions,
    VerifyReport, verify,
};

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

fn run(subject: &mut dyn Subject) -> VerifyReport {
    let options = VerifyOptions {
        games: 10,
        ..VerifyOptions::default()
    };
    verify(
        subject,
        &options,
        KnownDivergences::default(),
        &mut |_, _| {},
    )
    .unwrap()
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
    let report = run(&mut OurArbiter);
    assert_eq!(report.malformed_games, 2 * Malformation::ALL.len());
    assert!(report.passed(), "{:?}", report.findings);
}

#[test]
fn an_undeclared_leniency_is_a_finding_in_the_input_group() {
    let report = run(&mut Lenient { declares: false });
    assert_eq!(
        input_kinds(&report),
        [Malformation::CapitalLetters, Malformation::FenExtraField]
    );
    assert_eq!(report.findings.len(), 4, "{:#?}", report.findings);
    assert!(!report.passed());
}

#[test]
fn a_declared_leniency_is_judged_on_the_repaired_text() {
    let report = run(&mut Lenient { declares: true });
    assert!(report.passed(), "{:#?}", report.findings);
    let text = drawrules_conformance::verify::render::text(&report);
    assert!(
        text.contains("declared lenient: capital-letters, fen-extra-field"),
        "{text}"
    );
}
