//! `verify` and an engine that declares the exact reading of Article 5.2.2
//! (`"dead-position": "exact"` in its handshake): held to the reference's
//! exact rule, a ply that rule leaves undetermined held against nobody,
//! and a declaration the answers do not keep found out.

use std::path::Path;

use drawrules::laws::Ending;
use drawrules::mating::{Budget, DeadRule};
use drawrules::{Edition, PartialStatus, Reference, Rules};
use drawrules_conformance::corpus::{Corpus, load_file};
use drawrules_conformance::protocol::{
    Answer, DeadReading, EngineError, Hello, JudgeRequest, Part, read_answer,
};
use drawrules_conformance::verify::{
    OurArbiter, OurExactArbiter, Subject, VerifyOptions, compare, judge_text, render,
};

use crate::util::{options, run};

/// The corpus cases of Article 5.2.2 decided exactly: locked walls,
/// bishops behind them, one side alone able to mate, a capture that leaves
/// a mate possible only with help.
fn exact_cases() -> Corpus {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases/dead-position-exact.toml");
    Corpus {
        files: vec![load_file(&path).unwrap()],
        source: path.display().to_string(),
    }
}

/// A run of `games` generated games after [`exact_cases`].
fn with_exact_cases(games: usize) -> VerifyOptions {
    VerifyOptions {
        corpus: Some(exact_cases()),
        ..options(games)
    }
}

#[test]
fn an_engine_that_decides_exactly_passes_under_the_exact_reading() {
    let report = run(&mut OurExactArbiter, &with_exact_cases(4));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    assert_eq!(report.hello.dead_position, DeadReading::Exact);
    assert!(
        text.contains(
            "dead position (5.2.2): declared exact, judged by the reference's exact rule"
        ),
        "{text}"
    );
    // Every case under each of its editions, and the generated games.
    assert!(report.case_games >= 13, "{text}");
    let compared = report.compared.get(&Part::DeadPosition).copied();
    eprintln!("5.2.2 plies compared under the exact reading: {compared:?}");
    assert!(
        compared.is_some_and(|plies| plies >= 40),
        "{compared:?}\n{text}"
    );
}

/// Our material arbiter's answers behind a handshake that claims the
/// exact reading.
struct ClaimsExact;

impl Subject for ClaimsExact {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        Ok(Hello {
            dead_position: DeadReading::Exact,
            ..OurArbiter.hello()?
        })
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        OurArbiter.judge(request)
    }
}

#[test]
fn a_declared_exact_reading_that_the_answers_do_not_keep_is_found() {
    let report = run(&mut ClaimsExact, &with_exact_cases(0));
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    assert!(report.unexpected().contains(&"dead-position"), "{text}");
    // The same answers under the material reading they keep pass.
    let mut honest = OurArbiter;
    assert!(!run(&mut honest, &with_exact_cases(0)).failed());
}

/// KR v K judged with a budget too small to find the helpmate or visit
/// every position: ply 0 is undetermined.
fn undetermined_start() -> drawrules::Judgement {
    let mut reference = Reference::default();
    reference.set_dead_rule(DeadRule::Exact(Budget {
        helpmate_nodes: 1,
        explored_positions: 1,
    }));
    let judged = judge_text(
        &mut reference,
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        &["h1h7".to_owned()],
        Edition::Fide2018,
    );
    assert_eq!(judged.records[0].undetermined, [Ending::DeadPosition]);
    judged
}

/// `ours`' records as an engine's answer, with `change` applied to ply 0.
fn answer_with(ours: &drawrules::Judgement, change: impl Fn(&mut PartialStatus)) -> Answer {
    let mut records: Vec<PartialStatus> = ours.records.iter().map(PartialStatus::from).collect();
    for record in &mut records {
        record.undetermined = None;
    }
    change(&mut records[0]);
    Answer::Records {
        id: 1,
        records,
        game: None,
        out_of_range: Vec::new(),
    }
}

fn exact_hello() -> Hello {
    Hello {
        implements: vec![Part::DeadPosition, Part::Result, Part::Clock],
        ..OurExactArbiter.hello().unwrap()
    }
}

#[test]
fn a_ply_our_exact_rule_leaves_undetermined_holds_the_engine_to_nothing() {
    let ours = undetermined_start();
    // The engine calls it alive and plays on: nothing differs, and the
    // undetermined plies (both: KR v K stays out of so small a budget's
    // reach) are not counted as compared for 5.2.2; the rest is.
    assert_eq!(ours.records[1].undetermined, [Ending::DeadPosition]);
    let alive = compare(&exact_hello(), &ours, &answer_with(&ours, |_| {}));
    assert_eq!(alive.divergences, []);
    assert_eq!(alive.plies.get(&Part::DeadPosition), None);
    assert_eq!(alive.plies.get(&Part::Clock), Some(&2));
    // The engine calls it dead and ends the game there: nothing from that
    // ply on is compared, and the missing record of ply 1 is no fault.
    let dead = answer_with(&ours, |record| {
        record.ended = Some(vec![Ending::DeadPosition]);
        record.result = Some(drawrules::GameResult::Draw);
    });
    let Answer::Records {
        id,
        mut records,
        game,
        ..
    } = dead
    else {
        unreachable!()
    };
    records.truncate(1);
    let dead = Answer::Records {
        id,
        records,
        game,
        out_of_range: Vec::new(),
    };
    let comparison = compare(&exact_hello(), &ours, &dead);
    assert_eq!(comparison.divergences, [], "{comparison:?}");
    assert_eq!(comparison.plies.get(&Part::DeadPosition), None);
}

#[test]
fn a_ply_our_exact_rule_decides_holds_the_engine_to_it() {
    let mut reference = Reference::default();
    reference.set_dead_rule(DeadRule::exact());
    let ours = judge_text(
        &mut reference,
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        &["h1h7".to_owned()],
        Edition::Fide2018,
    );
    assert!(ours.records[0].undetermined.is_empty());
    let dead = answer_with(&ours, |record| {
        record.ended = Some(vec![Ending::DeadPosition]);
        record.result = Some(drawrules::GameResult::Draw);
    });
    let comparison = compare(&exact_hello(), &ours, &dead);
    let groups: Vec<String> = comparison
        .divergences
        .iter()
        .map(|d| d.group.to_string())
        .collect();
    assert!(groups.contains(&"dead-position".to_owned()), "{groups:?}");
}

#[test]
fn a_handshake_names_a_known_reading_or_is_refused() {
    let hello = |reading: &str| {
        read_answer(&format!(
            r#"{{"type":"hello","protocol":2,"name":"x","implements":["dead-position"],"editions":["fide-2018"],"dead-position":{reading}}}"#
        ))
    };
    let Ok(Answer::Hello(exact)) = hello("\"exact\"") else {
        panic!("an exact handshake must be read")
    };
    assert_eq!(exact.dead_position, DeadReading::Exact);
    let Ok(Answer::Hello(material)) = hello("\"material\"") else {
        panic!("a material handshake must be read")
    };
    assert_eq!(material.dead_position, DeadReading::Material);
    let err = hello("\"telepathy\"").unwrap_err().to_string();
    assert!(
        err.contains("(unknown variant `telepathy`, expected `material` or `exact`)"),
        "{err}"
    );
    // Only the name: an object naming a reading is not a reading.
    for object in [r#"{"exact":{}}"#, r#"{"exact":null}"#] {
        let err = hello(object).unwrap_err().to_string();
        assert!(
            err.contains("(invalid type: map, expected a string"),
            "{object}: {err}"
        );
    }
    // Left out, the reading is material.
    let Ok(Answer::Hello(plain)) = read_answer(
        r#"{"type":"hello","protocol":2,"name":"x","implements":[],"editions":["fide-2018"]}"#,
    ) else {
        panic!("a plain handshake must be read")
    };
    assert_eq!(plain.dead_position, DeadReading::Material);
}
