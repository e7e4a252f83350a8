//! A part agrees only where its rule came up: every report counts each
//! part's occasions (met in the run, compared), and a part compared on
//! fewer than the floor of one of them is "not exercised", which keeps the
//! run from passing. Held here by runs made small, by an engine with an en
//! passant identity bug that such a run cannot see, and by a known refusal
//! that keeps a part from every occasion of its rule.

use drawrules::{Notation, PartialStatus, Reference, RefusalKind, StartPosition, judge};
use drawrules_conformance::corpus::{Corpus, built_in};
use drawrules_conformance::protocol::{Answer, EngineRefusal, JudgeRequest, Part};
use drawrules_conformance::verify::{
    FLOOR, Hider, KnownDivergences, Occasion, Verdict, VerifyOptions, VerifyReport, double_step,
    render, verify,
};

use drawrules_conformance::verify::OurArbiter;

use crate::util::{Doctored, records_of, run};

/// The built-in corpus's cases of one group (file) alone.
fn one_file(group: &str) -> Corpus {
    let mut corpus = built_in().expect("the built-in corpus");
    corpus.files.retain(|file| file.group == group);
    assert_eq!(corpus.files.len(), 1, "{group}");
    corpus
}

/// The options of a run of `games` generated games after `corpus`.
fn options(games: usize, corpus: Option<Corpus>) -> VerifyOptions {
    VerifyOptions {
        games,
        corpus,
        ..VerifyOptions::default()
    }
}

/// Asserts that `report` is not exercised in `parts` (and nothing else
/// failed), in the text, JSON, JUnit and Markdown reports.
fn not_exercised_everywhere(report: &VerifyReport, parts: &[&str]) {
    let text = render::text(report);
    assert!(!report.failed(), "{text}");
    assert!(!report.passed(), "{text}");
    assert_eq!(report.outcome(), "NOT EXERCISED");
    let last = text.trim_end().lines().last().unwrap();
    assert!(last.starts_with("NOT EXERCISED: "), "{text}");
    assert!(
        last.contains(" 0 beyond the known divergences, 0 known that no longer diverge"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(report)).unwrap();
    assert_eq!(json["outcome"], "NOT EXERCISED");
    assert_eq!(json["passed"], false);
    assert_eq!(json["floor"], FLOOR);
    let markdown = render::markdown(report);
    let junit = render::junit(report);
    for part in parts {
        assert!(report.not_exercised().contains(part), "{part}:\n{text}");
        assert!(
            text.contains(&format!(
                "\n  {part}: not exercised: compared on fewer than 10 of "
            )),
            "{part}:\n{text}"
        );
        assert_eq!(json["parts"][part]["verdict"], "not-exercised", "{part}");
        assert!(
            json["not_exercised"]
                .as_array()
                .unwrap()
                .iter()
                .any(|name| name == part),
            "{part}"
        );
        assert!(
            markdown.contains(&format!("| {part} | ")) && markdown.contains("not exercised: "),
            "{part}:\n{markdown}"
        );
        assert!(
            junit.contains(&format!(
                "name=\"{part}\"><failure message=\"not exercised: compared on fewer than 10 of "
            )),
            "{part}:\n{junit}"
        );
    }
}

#[test]
fn a_corpus_file_alone_is_not_exercised_in_every_format() {
    // The threefold file has no double step with a capture, no checkmate:
    // every part agrees on every ply it was compared on, and most of the
    // parts' rules never came up.
    let report = run(&mut OurArbiter, &options(0, Some(one_file("threefold"))));
    not_exercised_everywhere(&report, &["checkmate", "fen", "clock", "result"]);
    // What it shows: each occasion with its count, compared of met.
    let Verdict::NotExercised { exercised, .. } = report.verdict(Part::Checkmate) else {
        panic!("{}", render::text(&report));
    };
    assert_eq!(exercised.len(), 1);
    assert_eq!(exercised[0].occasion, Occasion::Checkmate);
    assert!(exercised[0].compared < FLOOR);
    assert_eq!(exercised[0].compared, exercised[0].met);
}

#[test]
fn the_default_run_exercises_every_part_of_our_arbiter() {
    let corpus = built_in().expect("the built-in corpus");
    let report = run(&mut OurArbiter, &options(300, Some(corpus)));
    assert!(report.passed(), "{}", render::text(&report));
    assert_eq!(report.outcome(), "PASS");
    for part in Part::ALL {
        let Verdict::Agrees { exercised, .. } = report.verdict(part) else {
            panic!("{part:?}: {}", report.verdict(part));
        };
        assert!(!exercised.is_empty(), "{part:?}");
        for each in exercised {
            assert!(each.compared >= FLOOR, "{part:?}: {each}");
        }
    }
}

/// The planted bug: the repetition key of a position just after a
/// two-square step holds the square it skipped, whether or not a capture
/// could use it, so a later position with the same placement, rights and
/// side to move does not count it (9.2.3 says it does).
fn en_passant_in_the_key(request: &JudgeRequest, mut answer: Answer) -> Answer {
    // Malformed input is the arbiter's to refuse, as it stands.
    let Ok(start) = request.fen.parse::<StartPosition>() else {
        return answer;
    };
    let ours = judge(
        &mut Reference::default(),
        &start,
        request.edition,
        &request.moves,
        Notation::Uci,
    );
    let identity = |ply: usize| -> Vec<&str> { ours.records[ply].fen.split(' ').take(4).collect() };
    let on_paper = |ply: usize| {
        double_step(&ours, ply).is_some() && ours.records[ply].fen.split(' ').nth(3) == Some("-")
    };
    for (ply, record) in records_of(&mut answer).iter_mut().enumerate() {
        if ply >= ours.records.len() || on_paper(ply) {
            continue;
        }
        let counted = (0..=ply)
            .filter(|&earlier| identity(earlier) == identity(ply) && !on_paper(earlier))
            .count();
        record.repetition = Some(counted.try_into().unwrap());
    }
    answer
}

#[test]
fn an_en_passant_identity_bug_a_small_run_cannot_see_is_not_a_pass() {
    let mut engine = Doctored {
        hello: |hello| hello,
        answer: en_passant_in_the_key,
    };
    // Before occasions were counted, this run said PASS: every part
    // "agrees" on the plies of a corpus file with no repetition after a
    // double step.
    let small = run(&mut engine, &options(0, Some(one_file("threefold"))));
    not_exercised_everywhere(&small, &["repetition", "fen"]);
    // A run that reaches the occasions finds the bug.
    let full = run(&mut engine, &options(300, None));
    let text = render::text(&full);
    assert!(full.failed(), "{text}");
    assert_eq!(full.outcome(), "FAIL");
    assert_eq!(full.unexpected(), ["repetition"], "{text}");
}

/// The planted bug and its evasion: the engine names no checkmate, and
/// its adapter refuses every move that mates as illegal, which a known
/// entry for `move-acceptance` then covers.
fn refuses_every_mate(request: &JudgeRequest, mut answer: Answer) -> Answer {
    let mate = records_of(&mut answer).iter().position(|record| {
        record
            .ended
            .as_ref()
            .is_some_and(|ended| ended.contains(&drawrules::Ending::Checkmate))
    });
    let Some(ply) = mate.filter(|&ply| ply > 0) else {
        return answer;
    };
    let records: Vec<PartialStatus> = records_of(&mut answer)[..ply].to_vec();
    Answer::Error(EngineRefusal {
        id: Some(request.id),
        ply: Some(u32::try_from(ply).unwrap()),
        kind: RefusalKind::IllegalMove,
        message: "not a legal move".to_owned(),
        records,
        out_of_range: Vec::new(),
    })
}

#[test]
fn a_known_refusal_that_hides_every_mate_is_not_exercised() {
    let mut engine = Doctored {
        hello: |hello| hello,
        answer: refuses_every_mate,
    };
    let known = KnownDivergences::parse(
        "known.toml",
        "[[known]]\nrule = \"move-acceptance\"\ncause = \"plain\"\nkind = \"refused\"\nwhy = \"refuses the moves it cannot judge\"\n",
    )
    .unwrap();
    let corpus = built_in().expect("the built-in corpus");
    let report = verify(
        &mut engine,
        &options(300, Some(corpus)),
        known,
        &mut |_, _| {},
    )
    .unwrap();
    let text = render::text(&report);
    // The refusals are the known divergence; nothing else diverges, yet
    // no mate was ever put to the engine.
    assert!(report.unexpected().is_empty(), "{text}");
    assert!(report.stale().is_empty(), "{text}");
    not_exercised_everywhere(&report, &["checkmate", "result"]);
    let Verdict::NotExercised { exercised, .. } = report.verdict(Part::Checkmate) else {
        panic!("{text}");
    };
    // Only the start positions that are mate already (no move to refuse)
    // were compared, and every other mate is put down to the refusals
    // that hid it, in the text and in JSON.
    let mates = exercised[0];
    assert!(mates.compared < FLOOR, "{text}");
    assert!(mates.met >= 5 * FLOOR, "{text}");
    let refused = mates.hidden_by(Hider::Refusal);
    assert_eq!(mates.compared + refused, mates.met, "{text}");
    let line = format!(
        "checkmate {}/{} (hidden: {refused} after refused moves (move-acceptance))",
        mates.compared, mates.met
    );
    assert!(text.contains(&line), "no {line:?} in\n{text}");
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    let occasions = &json["parts"]["checkmate"]["occasions"][0];
    assert_eq!(
        occasions["hidden"]["move-acceptance"], refused,
        "{occasions}"
    );
}

#[test]
fn games_refused_as_unsupported_count_against_the_floor() {
    // An engine that refuses every game with a checkmate as unsupported:
    // allowed, yet checkmate was never compared.
    let mut engine = Doctored {
        hello: |hello| hello,
        answer: |request: &JudgeRequest, mut answer: Answer| {
            let mates = records_of(&mut answer).iter().any(|record| {
                record
                    .ended
                    .as_ref()
                    .is_some_and(|ended| ended.contains(&drawrules::Ending::Checkmate))
            });
            if !mates {
                return answer;
            }
            Answer::Error(EngineRefusal {
                id: Some(request.id),
                ply: None,
                kind: RefusalKind::Unsupported,
                message: "no checkmates here".to_owned(),
                records: Vec::new(),
                out_of_range: Vec::new(),
            })
        },
    };
    let corpus = built_in().expect("the built-in corpus");
    let options = VerifyOptions {
        allow_unsupported: true,
        ..options(300, Some(corpus))
    };
    let report = run(&mut engine, &options);
    not_exercised_everywhere(&report, &["checkmate", "result"]);
    let Verdict::NotExercised { exercised, .. } = report.verdict(Part::Checkmate) else {
        panic!("{}", render::text(&report));
    };
    assert_eq!(exercised[0].compared, 0);
    assert_eq!(exercised[0].hidden_by(Hider::Unsupported), exercised[0].met);
}
