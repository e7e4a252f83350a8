//! `drawrules verify` against engines that misbehave on purpose
//! (`crates/conformance/tests/engines/`), against our own arbiter, and the corpus cases it
//! prints for what it finds.

use std::path::Path;
use std::time::{Duration, Instant};

use drawrules_conformance::corpus::{Readings, built_in, load_dir, parse_file, run_case};
use drawrules_conformance::protocol::{Answer, EngineError, EngineProcess, Hello, JudgeRequest};
use drawrules_conformance::verify::{
    Group, KnownDivergences, OurArbiter, Problem, Subject, VerifyOptions, render, verify,
};

use crate::util::{engine_script, options, quoted, run};

fn engine(script: &str, timeout_ms: u64) -> EngineProcess {
    EngineProcess::new(
        &format!("python3 {}", engine_script(script).display()),
        Duration::from_millis(timeout_ms),
    )
}

#[test]
fn our_arbiter_passes_the_corpus_and_generated_games() {
    let corpus = load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases")).unwrap();
    let options = VerifyOptions {
        corpus: Some(corpus),
        ..options(200)
    };
    let report = run(&mut OurArbiter, &options);
    assert!(report.case_games > 150, "{}", report.case_games);
    assert!(report.findings.is_empty(), "{}", render::text(&report));
    assert!(!report.failed());
}

/// An engine that declares no part answers honestly, yet nothing of it is
/// compared: a run that compares nothing is never a PASS.
#[test]
fn an_engine_that_implements_nothing_never_passes() {
    let mut engine = engine("honest-subset.py", 5_000);
    let report = run(&mut engine, &options(20));
    let text = render::text(&report);
    assert!(report.findings.is_empty(), "{text}");
    assert_eq!((report.games_compared, report.plies_compared()), (0, 0));
    assert!(report.failed(), "{text}");
    assert!(text.contains("nothing was compared"), "{text}");
    assert_eq!(engine.starts(), 1);
}

#[test]
fn an_off_by_one_is_found_shrunk_and_printed_as_a_case_the_reference_passes() {
    let mut engine = engine("fifty-off-by-one.py", 5_000);
    let report = run(&mut engine, &options(60));
    assert!(report.failed());
    let groups = report.groups();
    // It knows no ending, so it also offers the claim where the Laws have
    // ended the game (checkmate on the hundredth ply, seventy-five moves):
    // an ending left out of `implements` is judged as the Laws have it.
    assert_eq!(
        groups.keys().copied().collect::<Vec<_>>(),
        ["claims-after-the-end", "fifty-moves"],
        "{}",
        render::text(&report)
    );
    let finding = groups["fifty-moves"]
        .iter()
        .find(|finding| finding.minimal.is_some())
        .expect("a shrunk finding");
    let minimal = finding.minimal.as_ref().unwrap();
    let (game, divergence) = (&minimal.game, &minimal.divergence);
    assert_eq!(
        divergence.group,
        Group::Part(drawrules_conformance::protocol::Part::FiftyMoves)
    );
    assert!(game.moves.len() <= finding.game.moves.len());
    // The reference says no claim at clock 99, the engine says one.
    assert_eq!(
        (divergence.expected.as_str(), divergence.actual.as_str()),
        ("absent", "present")
    );

    // The reference's judgement travels with the finding: the case is
    // written from it, by serialising the corpus types.
    assert_eq!(
        minimal.reference.records.len(),
        game.moves.len() + 1,
        "the judgement of the shrunk game"
    );
    let case = render::corpus_case("fifty-off-by-one", minimal).expect("a case");
    let file = parse_file("found.toml", &case).unwrap_or_else(|err| panic!("{err}\n{case}"));
    let failures = run_case(
        &mut drawrules::Reference::default(),
        &file.cases[0],
        game.edition,
        Readings::Ours,
    );
    assert!(failures.is_empty(), "{failures:?}\n{case}");

    // Listed as known, cause by cause, the same run passes; an entry
    // covers its cause alone, never the whole group; a known entry that
    // does not diverge fails a complete run.
    let entry = |rule: &str, cause: &str, kind: Option<&str>| {
        let kind = kind
            .map(|k| format!("kind = \"{k}\"\n"))
            .unwrap_or_default();
        format!("[[known]]\nrule = \"{rule}\"\ncause = \"{cause}\"\n{kind}why = \"counts to 99\"\n")
    };
    let some = [
        entry("fifty-moves", "start-clock", Some("extra")),
        entry("fifty-moves", "plain", Some("extra")),
        entry("claims-after-the-end", "plain", Some("fifty-moves")),
    ]
    .concat();
    let mut engine = self::engine("fifty-off-by-one.py", 5_000);
    let known = KnownDivergences::parse("k.toml", &some).unwrap();
    let report = verify(&mut engine, &options(60), known, &mut |_, _| {}).unwrap();
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    assert_eq!(report.unexpected(), ["fifty-moves"], "{text}");
    assert!(
        text.contains("-- cause start-clock (the count includes the start FEN's clock): "),
        "{text}"
    );
    assert!(text.contains(" (known: counts to 99)\n"), "{text}");
    let all = some + &entry("fifty-moves", "castling-in-count", Some("extra"));
    let known = KnownDivergences::parse("k.toml", &all).unwrap();
    let report = verify(&mut engine, &options(60), known, &mut |_, _| {}).unwrap();
    assert!(!report.failed(), "{}", render::text(&report));

    let clock = entry("clock", "plain", Some("higher"));
    let complete = VerifyOptions {
        corpus: Some(built_in().unwrap()),
        ..options(300)
    };
    let stale = KnownDivergences::parse("k.toml", &clock).unwrap();
    let report = verify(&mut OurArbiter, &complete, stale.clone(), &mut |_, _| {}).unwrap();
    assert!(report.complete());
    let stale_labels: Vec<String> = report.stale().iter().map(ToString::to_string).collect();
    assert_eq!(stale_labels, ["clock, cause plain, kind higher"]);
    assert!(report.failed());
    assert!(render::junit(&report).contains("no longer diverges: clock, cause plain, kind higher"));
    // A small run cannot show every known departure: the entry is unseen,
    // named, and fails nothing.
    let report = verify(&mut OurArbiter, &options(5), stale, &mut |_, _| {}).unwrap();
    assert!(!report.complete());
    assert!(report.stale().is_empty());
    assert_eq!(report.unseen().len(), 1);
    assert!(!report.failed());
    assert!(
        render::text(&report)
            .contains("\nknown but not seen in this run: clock, cause plain, kind higher ("),
        "{}",
        render::text(&report)
    );
}

/// Our arbiter, the last move of every written-move fifty-move list it
/// answers dropped.
struct DropsAWrittenMove;

impl Subject for DropsAWrittenMove {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        OurArbiter.hello()
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let mut answer = OurArbiter.judge(request)?;
        if let Answer::Records { records, .. } = &mut answer {
            for record in records {
                let lists = record.claims_on_move.as_mut();
                if let Some(list) = lists.and_then(|lists| lists.fifty_moves.as_mut()) {
                    list.sort();
                    list.pop();
                }
            }
        }
        Ok(answer)
    }
}

#[test]
fn a_written_move_list_that_lacks_a_move_names_the_move_it_lacks() {
    let report = run(&mut DropsAWrittenMove, &options(30));
    let text = render::text(&report);
    let finding = report.groups()["fifty-moves-on-move"][0].clone();
    let minimal = finding.minimal.expect("a shrunk finding").divergence;
    let expected: Vec<&str> = minimal
        .expected
        .trim_matches(|c| c == '[' || c == ']')
        .split(", ")
        .collect();
    let last = expected.last().expect("a move the reference lists");
    assert!(
        minimal.actual.ends_with(&format!("] (missing {last})")),
        "{minimal}\n{text}"
    );
    assert!(text.contains(&format!("(missing {last})")), "{text}");
}

/// Runs 6 generated games against a misbehaving engine: each fault is
/// reported as a finding, and the run goes on unless the engine is broken.
/// Returns the faults, the engine's starts, the games judged and why the run
/// stopped early, if it did.
fn faults_of(script: &str, timeout_ms: u64) -> (Vec<EngineError>, u32, usize, Option<EngineError>) {
    let mut engine = engine(script, timeout_ms);
    let mut seen = 0;
    let report = verify(
        &mut engine,
        &options(6),
        KnownDivergences::default(),
        &mut |done, total| {
            seen = done;
            assert_eq!(total, 6);
        },
    )
    .unwrap();
    assert!(report.failed());
    let faults = report
        .findings
        .iter()
        .filter_map(|finding| match &finding.problem {
            Problem::Fault(fault) => Some(fault.clone()),
            Problem::Divergence(_) | Problem::Unsupported(_) => None,
        })
        .collect();
    let _ = render::text(&report)
        + &render::junit(&report)
        + &render::json(&report)
        + &render::markdown(&report);
    (faults, engine.starts(), seen, report.broken)
}

#[test]
fn an_engine_that_exits_is_restarted() {
    let (faults, starts, seen, broken) = faults_of("exits-midway.py", 5_000);
    assert_eq!((seen, broken), (6, None), "every game judged");
    assert!(!faults.is_empty());
    assert!(
        faults
            .iter()
            .all(|f| matches!(f, EngineError::Exited { .. })),
        "{faults:?}"
    );
    assert!(starts >= 3, "restarted after each exit: {starts}");
}

#[test]
fn an_engine_that_hangs_is_broken_within_twice_the_time_limit() {
    let began = Instant::now();
    let (faults, starts, seen, broken) = faults_of("hangs.py", 300);
    // The first timeout leaves the restarted engine what is left of 600 ms.
    assert_eq!(seen, 2);
    assert_eq!(faults[0], EngineError::Timeout { ms: 300 });
    assert!(
        matches!(&broken, Some(EngineError::Broken { faults: 2, last, .. })
            if matches!(**last, EngineError::Timeout { .. })),
        "{broken:?}"
    );
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert_eq!(starts, 2);
    let spent = began.elapsed();
    assert!(spent < Duration::from_millis(3 * 300 + 2_000), "{spent:?}");
}

#[test]
fn garbage_and_wrong_ids_are_faults_and_three_in_a_row_break_the_engine() {
    for (script, first, last) in [
        (
            "garbage.py",
            "not an answer of the engine protocol",
            "not an answer of the engine protocol",
        ),
        (
            "wrong-id.py",
            "unexpected answer: an answer to request 2 instead of 1",
            "unexpected answer: an answer to request 4 instead of 3",
        ),
    ] {
        let (faults, starts, seen, broken) = faults_of(script, 5_000);
        assert_eq!(
            (faults.len(), starts, seen),
            (3, 3, 3),
            "{script}: {faults:?}"
        );
        assert!(
            faults[0].to_string().starts_with(first),
            "{script}: {faults:?}"
        );
        let broken = broken.expect("broken").to_string();
        assert!(
            broken.starts_with("the engine is broken: one process had 3 faults in a row within")
                && broken.contains(&format!("the last: {last}")),
            "{script}: {broken}"
        );
    }
}

#[test]
fn a_bad_handshake_stops_the_run_with_the_fault() {
    for (script, expected) in [
        ("bad-version.py", "protocol 99"),
        (
            "bad-dead-reading.py",
            "unknown variant `telepathy`, expected `material` or `exact`",
        ),
        ("no-handshake.py", "not an answer"),
    ] {
        let mut engine = engine(script, 5_000);
        let err = verify(
            &mut engine,
            &options(3),
            KnownDivergences::default(),
            &mut |_, _| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains(expected), "{script}: {err}");
    }
    let mut missing = EngineProcess::new("/nonexistent/engine", Duration::from_millis(500));
    assert!(
        verify(
            &mut missing,
            &options(1),
            KnownDivergences::default(),
            &mut |_, _| {}
        )
        .is_err()
    );
}

#[test]
fn a_handshake_that_cannot_be_judged_or_contradicts_itself_is_refused() {
    let script = engine_script("handshake-says.py");
    for (extra, expected) in [
        (
            r#"{"meanings": {"clock": "count-reached"}}"#,
            "a part with a meaning that cannot be judged: meaning count-reached is for part \
             game-fifty-moves, not clock",
        ),
        (
            r#"{"meanings": {"draw-claimable": "telepathy"}}"#,
            "unknown variant `telepathy`",
        ),
        (
            r#"{"lenient": ["square-off-the-board"]}"#,
            "a leniency that cannot be judged: square-off-the-board",
        ),
        (r#"{"lenient": ["shouting"]}"#, "unknown variant `shouting`"),
        (
            r#"{"profle": "us-chess"}"#,
            "unknown field `profle` in a protocol 2 handshake",
        ),
        (
            r#"{"implements": ["clock", "fivefold-repetition"], "editions": null, "profile": "us-chess"}"#,
            "implements lists fivefold-repetition, but its rule is absent under profile us-chess",
        ),
        (
            r#"{"implements": ["threefold-on-move"], "draws": {"threefold-repetition": "absent"}}"#,
            "implements lists threefold-on-move, but its rule is absent under the handshake's draws",
        ),
        (
            r#"{"draws": {"threefold-repetition": {"automatic": 1}}}"#,
            "draw policies that cannot be judged: threefold-repetition: {\"automatic\": 1}: no \
             rulebook or platform ends the game there",
        ),
    ] {
        let command = format!("python3 {} {}", script.display(), quoted(extra));
        let mut engine = EngineProcess::new(&command, Duration::from_millis(5_000));
        let err = verify(
            &mut engine,
            &options(3),
            KnownDivergences::default(),
            &mut |_, _| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains(expected), "{extra}: {err}");
    }
}

/// A handshake may name a profile instead of its draw policies and
/// editions; a profile given with either, or one we do not know, is
/// refused with a line that says why.
#[test]
fn a_handshake_may_name_a_profile_and_is_refused_for_an_unknown_or_conflicting_one() {
    use drawrules::laws::Edition;
    use drawrules_conformance::protocol::Profile;

    let script = engine_script("handshake-says.py");
    let says = |extra: &str| {
        EngineProcess::new(
            &format!("python3 {} {}", script.display(), quoted(extra)),
            Duration::from_millis(5_000),
        )
    };
    let mut engine = says(r#"{"profile": "us-chess", "editions": null}"#);
    let hello = engine.hello().unwrap();
    assert_eq!(hello.profile, Some(Profile::UsChess));
    assert_eq!(hello.draws, Profile::UsChess.draws());
    assert_eq!(hello.editions, [Edition::Fide2018, Edition::Fide2014]);
    engine.stop();

    for (extra, expected) in [
        (
            r#"{"profile": "lichess"}"#,
            "profile \"lichess\" given with editions: a profile sets the draw policies and \
             editions, so give it alone, or draws and editions without it",
        ),
        (
            r#"{"profile": "lichess", "editions": null, "draws": {"fifty-moves": "claim"}}"#,
            "profile \"lichess\" given with draws: a profile sets",
        ),
        (
            r#"{"profile": "fics", "editions": null}"#,
            "unknown profile \"fics\" (expected fide-2018, fide-2014, lichess, chess-com or \
             us-chess)",
        ),
    ] {
        let mut engine = says(extra);
        let err = verify(
            &mut engine,
            &options(3),
            KnownDivergences::default(),
            &mut |_, _| {},
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains(expected), "{extra}: {err}");
        assert!(!err.contains('\n'), "{extra}: one line: {err}");
    }
}

#[test]
fn a_protocol_1_handshake_with_an_unknown_field_is_read_and_every_report_names_it() {
    let script = engine_script("handshake-says.py");
    let command = format!(
        "python3 {} {}",
        script.display(),
        quoted(r#"{"protocol": 1, "profle": "us-chess"}"#)
    );
    let mut engine = EngineProcess::new(&command, Duration::from_millis(5_000));
    let report = run(&mut engine, &options(3));
    assert_eq!(report.hello.ignored, ["profle"]);
    let line = "ignored handshake fields: profle (protocol 1 has no such field)";
    assert!(render::text(&report).contains(&format!("\n{line}\n")));
    assert!(render::markdown(&report).contains(&format!("\n* {line}\n")));
    assert!(render::junit(&report).contains(
        "<property name=\"ignored-handshake-fields\" value=\"profle (protocol 1 has no such field)\"/>"
    ));
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(json["engine"]["ignored"], serde_json::json!(["profle"]));
}

#[test]
fn reports_render_in_every_format() {
    let mut engine = engine("fifty-off-by-one.py", 5_000);
    let report = run(&mut engine, &options(30));
    let text = render::text(&report);
    assert!(
        text.contains("== fifty-moves:") && text.contains("FAIL"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(json["passed"], false);
    let groups: Vec<&str> = json["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|group| group["group"].as_str().unwrap())
        .collect();
    assert_eq!(groups, ["claims-after-the-end", "fifty-moves"]);
    let junit = render::junit(&report);
    assert!(
        junit.starts_with("<?xml") && junit.contains("<failure"),
        "{junit}"
    );
    let markdown = render::markdown(&report);
    assert!(
        markdown.contains("| fifty-moves | 9.3.2 | diverges ("),
        "{markdown}"
    );
}

/// Several engine processes at once give the report one process gives:
/// the same findings, in the same order, shrunk to the same games.
#[test]
fn several_engine_processes_give_the_report_of_one() {
    use drawrules_conformance::verify::{Subject, verify_parallel};

    let options = options(60);
    let mut one = engine("fifty-off-by-one.py", 5_000);
    let alone = run(&mut one, &options);
    let mut three: Vec<Box<dyn Subject + Send>> = (0..3)
        .map(|_| Box::new(engine("fifty-off-by-one.py", 5_000)) as Box<dyn Subject + Send>)
        .collect();
    let mut heard = Vec::new();
    let together = verify_parallel(
        &mut three,
        &options,
        KnownDivergences::default(),
        &mut |done, total| heard.push((done, total)),
    )
    .unwrap();
    assert!(!alone.findings.is_empty());
    assert_eq!(together.findings, alone.findings);
    assert_eq!(together.compared, alone.compared);
    // The report's text differs only in the time it took.
    let without_time = |report| {
        render::text(report)
            .lines()
            .filter(|line| !line.starts_with("judged: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_time(&together), without_time(&alone));
    assert_eq!(heard.last(), Some(&(60, 60)));
}

#[test]
fn a_stop_ends_the_run_with_the_games_judged_before_it() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use drawrules_conformance::verify::{Subject, verify_parallel};

    // One subject: the stop is asked for once the 12th game is judged.
    let stop = Arc::new(AtomicBool::new(false));
    let asked = VerifyOptions {
        stop: Some(Arc::clone(&stop)),
        ..options(40)
    };
    let report = verify(
        &mut OurArbiter,
        &asked,
        KnownDivergences::default(),
        &mut |done, _| {
            if done == 12 {
                stop.store(true, Ordering::SeqCst);
            }
        },
    )
    .unwrap();
    assert!(report.stopped);
    // 40 generated games, 30 malformed inputs and 18 illegal moves.
    assert_eq!((report.judged, report.games()), (12, 88));
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert!(report.failed(), "a stopped run never passes");
    let text = render::text(&report);
    assert!(
        text.contains(
            "\nstopped early on request: 12 of 88 games were judged, the other 76 were not\n"
        ),
        "{text}"
    );
    assert!(text.contains("\nFAIL: "), "{text}");
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(
        (&json["stopped"], &json["games"], &json["games_judged"]),
        (
            &serde_json::json!(true),
            &serde_json::json!(88),
            &serde_json::json!(12)
        )
    );

    // Several subjects, stopped before the start: nothing is judged.
    let stopped = Arc::new(AtomicBool::new(true));
    let asked = VerifyOptions {
        stop: Some(stopped),
        ..options(40)
    };
    let mut subjects: Vec<Box<dyn Subject + Send>> =
        vec![Box::new(OurArbiter), Box::new(OurArbiter)];
    let report = verify_parallel(
        &mut subjects,
        &asked,
        KnownDivergences::default(),
        &mut |_, _| {},
    )
    .unwrap();
    assert!(report.stopped);
    assert_eq!((report.judged, report.plies_compared()), (0, 0));
    assert!(report.failed());
}

/// An engine's own words (name, version, an unknown handshake field, a
/// refusal's message) holding line breaks, a forged `PASS:` line,
/// Markdown's `<!--` and control characters show as text in every format:
/// no line of their own, no verdict, no markup.
#[test]
fn what_an_engine_says_cannot_forge_or_hide_a_report_line() {
    let mut engine = engine("hostile-words.py", 5_000);
    let report = run(&mut engine, &options(5));
    assert!(report.failed());
    let text = render::text(&report);
    let markdown = render::markdown(&report);
    for (format, report) in [("text", &text), ("markdown", &markdown)] {
        assert!(
            !report.lines().any(|line| line.starts_with("PASS")),
            "{format}:\n{report}"
        );
        assert!(
            !report.chars().any(|c| c.is_control() && c != '\n') && !report.contains('\u{202e}'),
            "{format}:\n{report}"
        );
    }
    assert!(
        text.trim_end().lines().last().unwrap().starts_with("FAIL"),
        "{text}"
    );
    assert!(
        text.contains(r"engine: x\nPASS: every part agrees\r\n<!-- \u{1b}[2J\u{202e} x\n"),
        "{text}"
    );
    assert!(!markdown.contains("<!--"), "{markdown}");
    assert!(
        markdown.contains(r"## x\nPASS: every part agrees\r\n&lt;!-- "),
        "{markdown}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(json["passed"], false);
    assert_eq!(
        json["engine"]["name"],
        r"x\nPASS: every part agrees\r\n<!-- \u{1b}[2J\u{202e}"
    );
    let junit = render::junit(&report);
    assert!(
        !junit.chars().any(|c| c.is_control() && c != '\n'),
        "{junit}"
    );
    assert!(junit.contains("<failure"), "{junit}");
}

/// A cause that holds several kinds (malformed inputs of many kinds, all
/// without a distinguishing feature) lists each kind in every format, with
/// its count and an example: none is only counted.
#[test]
fn every_kind_of_a_cause_is_shown_in_every_format() {
    use drawrules_conformance::verify::Cause;

    let mut engine = engine("hostile-words.py", 5_000);
    let report = run(&mut engine, &options(3));
    let kinds = report.findings.kinds("input", Some(Cause::Plain));
    assert!(kinds.len() > 3, "{kinds:?}");
    let text = render::text(&report);
    let markdown = render::markdown(&report);
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    let input = json["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|group| group["group"] == "input")
        .unwrap();
    let listed = input["causes"][0]["kinds"].as_array().unwrap();
    assert_eq!(listed.len(), kinds.len());
    for ((kind, count, games), listed) in kinds.iter().zip(listed) {
        assert!(
            text.contains(&format!("    kind {kind}: {games} game")),
            "{kind}:\n{text}"
        );
        assert!(
            text.contains(&format!("input ({kind}) at ply")),
            "{kind}:\n{text}"
        );
        assert!(
            markdown.contains(&format!("Kind {kind} ({games} game")),
            "{kind}:\n{markdown}"
        );
        assert_eq!(listed["kind"], *kind);
        assert_eq!(listed["findings"], *count);
        assert!(
            listed["example"]["problem"]
                .as_str()
                .unwrap()
                .contains(&format!("input ({kind})")),
            "{listed}"
        );
        assert!(listed["minimal"]["replay"].is_string(), "{listed}");
    }
}
