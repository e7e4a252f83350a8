//! A known divergence names the direction of a part's departure, never the
//! whole part: a library listed as claiming a threefold repetition where
//! the Laws have none, whose second bug misses one the Laws have, fails.

use drawrules::Claim;
use drawrules_conformance::verify::{Cause, KnownDivergences, Verdict, render, verify};

use crate::util::{Doctored, options, records_of};

/// Our arbiter, doctored to drop the threefold claim at every third ply
/// where it holds (missed) and to add it at every ply where a position
/// stands for the second time (extra).
fn both_ways() -> Doctored<
    impl FnMut(drawrules_conformance::protocol::Hello) -> drawrules_conformance::protocol::Hello,
    impl FnMut(
        &drawrules_conformance::protocol::JudgeRequest,
        drawrules_conformance::protocol::Answer,
    ) -> drawrules_conformance::protocol::Answer,
> {
    Doctored {
        hello: |hello| hello,
        answer: |_request: &_, mut answer| {
            for record in records_of(&mut answer).iter_mut() {
                let (Some(claims), Some(repetition)) = (record.claims.as_mut(), record.repetition)
                else {
                    continue;
                };
                let over = record.ended.as_ref().is_some_and(|ended| !ended.is_empty());
                if repetition >= 3 && record.ply.is_some_and(|ply| ply % 3 == 0) {
                    claims.retain(|&claim| claim != Claim::ThreefoldRepetition);
                } else if repetition == 2 && !over {
                    claims.push(Claim::ThreefoldRepetition);
                    claims.sort();
                }
            }
            answer
        },
    }
}

/// The run of `both_ways` with `known` as its known file.
fn judged(known: &str) -> drawrules_conformance::verify::VerifyReport {
    let known = KnownDivergences::parse("known.toml", known).unwrap();
    verify(&mut both_ways(), &options(300), known, &mut |_, _| {}).unwrap()
}

#[test]
fn a_known_direction_leaves_the_other_one_a_finding() {
    let extra_only = "[[known]]\nrule = \"threefold-repetition\"\ncause = \"plain\"\n\
                      kind = \"extra\"\nwhy = \"claims at the second occurrence\"\n";
    let report = judged(extra_only);
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    assert_eq!(report.unexpected(), ["threefold-repetition"], "{text}");
    // Both directions are shown, each with its count, and only one is
    // known.
    assert!(text.contains("kind extra: "), "{text}");
    assert!(text.contains("kind missed: "), "{text}");
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    let group = json["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|group| group["group"] == "threefold-repetition")
        .unwrap();
    let causes = &group["causes"];
    let plain = causes
        .as_array()
        .unwrap()
        .iter()
        .find(|cause| cause["cause"] == "plain")
        .unwrap();
    let kinds: Vec<(String, bool)> = plain["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|kind| {
            (
                kind["kind"].as_str().unwrap().to_owned(),
                kind["known"].is_string(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("extra".to_owned(), true), ("missed".to_owned(), false)],
        "{plain}"
    );
    // Each direction has a minimal game of its own.
    for kind in plain["kinds"].as_array().unwrap() {
        assert!(kind["minimal"]["case"].is_string(), "{kind}");
    }
    assert!(matches!(
        report.verdict(drawrules_conformance::protocol::Part::ThreefoldRepetition),
        Verdict::Diverges { .. }
    ));

    // Both directions listed: the plain cause is known both ways (the
    // other causes, where en passant or castling rights tell positions
    // apart, are findings still).
    let both = format!(
        "{extra_only}[[known]]\nrule = \"threefold-repetition\"\ncause = \"plain\"\n\
         kind = \"missed\"\nwhy = \"drops some claims\"\n"
    );
    let report = judged(&both);
    let plain: Vec<(Option<&str>, bool)> = report
        .findings
        .labels()
        .iter()
        .filter(|label| label.cause == Some(Cause::Plain))
        .map(|label| (label.kind, report.is_known(label)))
        .collect();
    assert_eq!(plain, [(Some("extra"), true), (Some("missed"), true)]);
}
