//! Profiles in `verify` (spec/PROFILES.md): an engine that follows a
//! platform's published policy and names its profile passes, and the same
//! engine judged by the Laws' profile is reported with what it does
//! differently; a profile given to verify replaces the handshake's.

use drawrules::{GameResult, PartialStatus};
use drawrules_conformance::protocol::{
    Answer, EngineError, EngineRefusal, Hello, JudgeRequest, Part, Profile, RefusalKind,
};
use drawrules_conformance::verify::{JudgedBy, OurArbiter, Subject, VerifyOptions, render};

use crate::util::{options, run};

/// An engine of the Chess.com profile: our arbiter's answers, with the game
/// ended as a draw at the third occurrence of a position and every later
/// move refused. Its handshake names the profile, read as an engine's is.
struct ThirdOccurrenceEnds;

impl Subject for ThirdOccurrenceEnds {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        let hello = r#"{"protocol": 2, "name": "third-occurrence-ends", "version": "1",
            "implements": ["checkmate", "stalemate", "threefold-repetition", "fifty-moves",
                           "repetition", "clock", "result", "moves"],
            "profile": "chess-com"}"#;
        Ok(serde_json::from_str(hello).expect("a handshake"))
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let mut answer = OurArbiter.judge(request)?;
        let records = match &mut answer {
            Answer::Records { records, .. } => records,
            Answer::Error(refusal) => &mut refusal.records,
            Answer::Hello(_) => panic!("a handshake from the arbiter"),
        };
        let third = |record: &PartialStatus| {
            record.repetition.is_some_and(|count| count >= 3)
                && record.ended.as_ref().is_some_and(Vec::is_empty)
        };
        let Some(end) = records.iter().position(third) else {
            return Ok(answer);
        };
        records.truncate(end + 1);
        records[end].result = Some(GameResult::Draw);
        let records = std::mem::take(records);
        if end == request.moves.len() {
            return Ok(Answer::Records {
                id: request.id,
                records,
                game: None,
                out_of_range: Vec::new(),
            });
        }
        Ok(Answer::Error(EngineRefusal {
            id: Some(request.id),
            kind: RefusalKind::GameOver,
            ply: Some(u32::try_from(end + 1).expect("a ply")),
            message: "drawn by repetition".to_owned(),
            records,
            out_of_range: Vec::new(),
        }))
    }
}

/// A run of 120 generated games judged by `profile`, if any.
fn judged_by(profile: Option<Profile>) -> VerifyOptions {
    VerifyOptions {
        profile,
        ..options(120)
    }
}

#[test]
fn an_engine_of_the_chess_com_profile_passes_under_it() {
    let report = run(&mut ThirdOccurrenceEnds, &judged_by(None));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    assert!(report.findings.is_empty(), "{text}");
    assert_eq!(report.judged_by, JudgedBy::Handshake);
    assert_eq!(report.hello.profile, Some(Profile::ChessCom));
    assert!(
        text.contains(
            "\njudged by: profile chess-com, declared in the handshake (spec/PROFILES.md)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "\ndraw rules: declared departures from the Laws, judged as declared: \
             threefold-repetition: automatic (the Laws: claim)\n"
        ),
        "{text}"
    );
    assert!(report.compared[&Part::Result] > 0, "{text}");
}

#[test]
fn the_same_engine_judged_by_the_laws_is_reported_with_findings() {
    let report = run(
        &mut ThirdOccurrenceEnds,
        &judged_by(Some(Profile::Fide2018)),
    );
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    // It says 1/2-1/2 where the Laws let the game go on, and refuses the
    // moves that follow.
    assert_eq!(report.unexpected(), ["move-acceptance", "result"], "{text}");
    assert_eq!(
        report.judged_by,
        JudgedBy::Given {
            profile: Profile::Fide2018,
            declared_profile: Some(Profile::ChessCom),
            declared_draws: Profile::ChessCom.draws(),
            declared_editions: Profile::ChessCom.editions(),
        }
    );
    assert!(
        text.contains(
            "\njudged by: profile fide-2018, given to verify in place of the handshake's \
             (profile chess-com) (spec/PROFILES.md)\n"
        ),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(json["judged_by"]["source"], "--profile");
    assert_eq!(json["judged_by"]["profile"], "fide-2018");
    assert_eq!(json["judged_by"]["declared_profile"], "chess-com");
    let markdown = render::markdown(&report);
    assert!(
        markdown.starts_with("## third-occurrence-ends 1: profile fide-2018\n"),
        "{markdown}"
    );
    let junit = render::junit(&report);
    assert!(
        junit.contains("<property name=\"profile\" value=\"fide-2018\"/>"),
        "{junit}"
    );
}

#[test]
fn our_arbiter_judged_by_a_platform_profile_is_reported_with_findings() {
    // The Laws let the game go on at a third occurrence; Chess.com's
    // profile ends it there, so our arbiter's `*` is a finding, and so is
    // the move it plays after it (of the kind of the rule that ended the
    // game by the profile).
    let report = run(&mut OurArbiter, &judged_by(Some(Profile::ChessCom)));
    let text = render::text(&report);
    assert_eq!(
        report.unexpected(),
        ["moves-after-the-end", "result"],
        "{text}"
    );
    assert!(
        text.contains(
            "moves-after-the-end (threefold-repetition) at ply 10: expected move 10 refused \
             (game-over: a draw made automatic, threefold-repetition, ended the game), got the \
             move played"
        ),
        "{text}"
    );
    assert_eq!(report.hello.draws, Profile::ChessCom.draws());
    assert_eq!(report.hello.editions, Profile::ChessCom.editions());
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(
        json["judged_by"]["declared_profile"],
        serde_json::Value::Null
    );
    assert_eq!(json["judged_by"]["declared_editions"][1], "fide-2014");
}

/// The handshake with a profile in spec/PROTOCOL.md reads as the draw
/// policies and editions the page says it stands for.
#[test]
fn the_protocol_page_profile_example_reads_as_the_page_says() {
    use drawrules::laws::Edition;
    use drawrules_conformance::protocol::{DrawPolicies, Policy, read_answer};

    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/PROTOCOL.md"),
    )
    .unwrap();
    let block = page
        .split("```json\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap())
        .find(|block| block.contains("\"profile\""))
        .expect("an example with a profile");
    let Answer::Hello(hello) = read_answer(&block.replace('\n', " ")).unwrap() else {
        panic!("a handshake: {block}")
    };
    assert_eq!(hello.profile, Some(Profile::ChessCom));
    assert_eq!(hello.editions, [Edition::Fide2018]);
    assert_eq!(
        hello.draws,
        DrawPolicies {
            threefold_repetition: Policy::Automatic(None),
            ..DrawPolicies::default()
        }
    );
}

/// Every handshake the protocol page shows as an example is read and can
/// be judged as it stands: no example teaches a handshake the harness
/// refuses.
#[test]
fn every_handshake_on_the_protocol_page_is_read_and_judgeable() {
    use drawrules_conformance::protocol::read_answer;

    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/PROTOCOL.md"),
    )
    .unwrap();
    let handshakes: Vec<String> = page
        .split("```json\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap())
        .chain(page.lines().filter_map(|line| line.strip_prefix("< ")))
        .filter(|block| block.contains("\"type\": \"hello\"") && block.contains("\"name\""))
        .map(|block| block.replace('\n', " "))
        .collect();
    assert!(handshakes.len() >= 6, "{handshakes:?}");
    for handshake in &handshakes {
        let Ok(Answer::Hello(hello)) = read_answer(handshake) else {
            panic!("not read as a handshake: {handshake}")
        };
        assert_eq!(hello.check(), Ok(()), "{handshake}");
    }
}
