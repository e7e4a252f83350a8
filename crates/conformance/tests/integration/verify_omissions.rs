//! Holes a PASS once hid, each closed and held by an engine that is our
//! arbiter with one planted bug: an ending left out of `implements` hides
//! nothing (where the Laws end the game by a rule the engine does not
//! declare `absent`, its `result` there and its refusal of every later
//! move are compared as at any ending), and illegal moves are asked in
//! every run. Each planted bug must FAIL in every report format, and the
//! same library declared honestly must PASS.

use drawrules::{Ending, GameResult, PartialStatus};
use drawrules_conformance::protocol::{
    Answer, DrawPolicies, Hello, JudgeRequest, Part, Policy, RefusalKind,
};
use drawrules_conformance::verify::{VerifyReport, render};

use crate::util::{Doctored, options, records_of, run};

/// The planted bug: the game goes on where the Laws end it by `endings`
/// alone. Those endings are dropped from `ended` and the result is `*`,
/// and where the arbiter refuses the next move as `game-over` the engine
/// plays it and every move after it (its records of those plies say only
/// that the game goes on).
fn plays_on_after(endings: &[Ending], request: &JudgeRequest, mut answer: Answer) -> Answer {
    let only_these = |record: &PartialStatus| {
        record
            .ended
            .as_ref()
            .is_some_and(|ended| !ended.is_empty() && ended.iter().all(|e| endings.contains(e)))
    };
    let mut over = false;
    for record in records_of(&mut answer) {
        over = only_these(record);
        if over {
            record.ended = Some(Vec::new());
            record.result = Some(GameResult::Ongoing);
        }
    }
    match answer {
        Answer::Error(refusal) if over && refusal.kind == RefusalKind::GameOver => {
            let mut records = refusal.records;
            for ply in records.len()..=request.moves.len() {
                records.push(PartialStatus {
                    ply: Some(u32::try_from(ply).unwrap()),
                    ended: Some(Vec::new()),
                    result: Some(GameResult::Ongoing),
                    ..PartialStatus::default()
                });
            }
            Answer::Records {
                id: request.id,
                records,
                game: None,
                out_of_range: Vec::new(),
            }
        }
        answer => answer,
    }
}

/// The planted bug in its widest form: no ending at all, every move
/// played, the result always `*`.
fn never_ends(request: &JudgeRequest, answer: Answer) -> Answer {
    let all = [
        Ending::Checkmate,
        Ending::Stalemate,
        Ending::DeadPosition,
        Ending::FivefoldRepetition,
        Ending::SeventyFiveMoves,
    ];
    let mut answer = plays_on_after(&all, request, answer);
    for record in records_of(&mut answer) {
        record.result = Some(GameResult::Ongoing);
    }
    answer
}

/// The handshake `hello` implementing `parts` under `draws`, protocol 2.
fn declaring(parts: &[Part], draws: DrawPolicies) -> impl FnMut(Hello) -> Hello {
    let parts = parts.to_vec();
    move |hello| Hello {
        protocol: 2,
        implements: parts.clone(),
        draws,
        ..hello
    }
}

/// Asserts that `report` fails in the text, JSON, Markdown and JUnit
/// reports, with findings in each of `groups`.
fn fails_everywhere(report: &VerifyReport, groups: &[&str]) {
    let text = render::text(report);
    assert!(report.failed(), "{text}");
    assert!(
        text.trim_end().lines().last().unwrap().starts_with("FAIL"),
        "{text}"
    );
    for group in groups {
        assert!(
            report.unexpected().contains(group),
            "no {group} finding:\n{text}"
        );
    }
    let json: serde_json::Value = serde_json::from_str(&render::json(report)).unwrap();
    assert_eq!(json["passed"], false);
    let markdown = render::markdown(report);
    for group in groups {
        assert!(
            markdown.contains(&format!("| {group} |  | diverges (")),
            "{group}:\n{markdown}"
        );
    }
    let junit = render::junit(report);
    for group in groups {
        assert!(
            junit.contains(&format!("name=\"{group}\"><failure")),
            "{group}:\n{junit}"
        );
    }
}

/// The protocol page's handshake for a library that ends the game but
/// cannot say why: checkmate and stalemate reported, the Laws' draw rules.
fn mate_and_stalemate_only() -> impl FnMut(Hello) -> Hello {
    declaring(
        &[Part::Checkmate, Part::Stalemate, Part::Result, Part::Moves],
        DrawPolicies::default(),
    )
}

const THE_LAWS_9_6_ABSENT: DrawPolicies = DrawPolicies {
    threefold_repetition: Policy::Claim,
    fifty_moves: Policy::Claim,
    fivefold_repetition: Policy::Absent,
    seventy_five_moves: Policy::Absent,
};

#[test]
fn an_engine_that_reports_only_mate_and_stalemate_must_still_end_the_game() {
    // The protocol page's handshake for a library that ends the game but
    // cannot say why, with a library that does not end it at a dead
    // position or by 9.6.
    let mut subject = Doctored {
        hello: mate_and_stalemate_only(),
        answer: |request: &JudgeRequest, answer: Answer| {
            plays_on_after(
                &[
                    Ending::DeadPosition,
                    Ending::FivefoldRepetition,
                    Ending::SeventyFiveMoves,
                ],
                request,
                answer,
            )
        },
    };
    let report = run(&mut subject, &options(300));
    fails_everywhere(&report, &["result", "moves-after-the-end"]);
    let text = render::text(&report);
    assert!(
        text.contains(
            "endings judged unreported: dead-position, fivefold-repetition, seventy-five-moves ("
        ),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(
        json["endings_judged_unreported"],
        serde_json::json!(["dead-position", "fivefold-repetition", "seventy-five-moves"])
    );
}

#[test]
fn an_engine_with_no_ending_at_all_fails() {
    let mut subject = Doctored {
        hello: declaring(&[Part::Result, Part::Moves], DrawPolicies::default()),
        answer: never_ends,
    };
    let report = run(&mut subject, &options(300));
    fails_everywhere(&report, &["result", "moves-after-the-end"]);
}

#[test]
fn a_library_without_9_6_that_does_not_say_so_fails_and_passes_once_declared() {
    let bug = |request: &JudgeRequest, answer: Answer| {
        plays_on_after(
            &[Ending::FivefoldRepetition, Ending::SeventyFiveMoves],
            request,
            answer,
        )
    };
    let parts = [
        Part::Checkmate,
        Part::Stalemate,
        Part::DeadPosition,
        Part::Clock,
        Part::Result,
        Part::Moves,
    ];
    // Its adapter leaves 9.6 out of `implements` and out of `draws`.
    let mut silent = Doctored {
        hello: declaring(&parts, DrawPolicies::default()),
        answer: bug,
    };
    let report = run(&mut silent, &options(300));
    fails_everywhere(&report, &["result", "moves-after-the-end"]);

    // Declared absent, the same library is judged as declared, and the
    // report names the departure.
    let mut honest = Doctored {
        hello: declaring(&parts, THE_LAWS_9_6_ABSENT),
        answer: bug,
    };
    let report = run(&mut honest, &options(300));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    assert!(
        text.contains("fivefold-repetition: absent (the Laws: automatic)")
            && !text.contains("endings judged unreported"),
        "{text}"
    );
}

#[test]
fn an_ending_left_out_but_kept_passes_when_the_game_ends_there() {
    // Honest: the library ends the game where the Laws do, its adapter
    // only cannot say by which ending.
    let mut subject = Doctored {
        hello: mate_and_stalemate_only(),
        answer: |_: &JudgeRequest, answer: Answer| answer,
    };
    let report = run(&mut subject, &options(300));
    assert!(!report.failed(), "{}", render::text(&report));
}

/// The planted bug: every move the arbiter refuses as illegal is played
/// (its record a copy of the one before, one ply on).
fn plays_illegal_moves(request: &JudgeRequest, answer: Answer) -> Answer {
    match answer {
        Answer::Error(refusal)
            if refusal.kind == RefusalKind::IllegalMove && !refusal.records.is_empty() =>
        {
            let mut records = refusal.records;
            while records.len() <= request.moves.len() {
                let mut next = records.last().unwrap().clone();
                next.ply = next.ply.map(|ply| ply + 1);
                records.push(next);
            }
            Answer::Records {
                id: request.id,
                records,
                game: None,
                out_of_range: Vec::new(),
            }
        }
        answer => answer,
    }
}

#[test]
fn every_kind_of_illegal_move_is_asked_and_an_engine_that_plays_it_fails() {
    use drawrules_conformance::verify::{Cause, IllegalMove};

    let mut subject = Doctored {
        hello: declaring(&[Part::Moves], DrawPolicies::default()),
        answer: plays_illegal_moves,
    };
    let report = run(&mut subject, &options(0));
    assert_eq!(report.illegal_games, 2 * IllegalMove::ALL.len());
    fails_everywhere(&report, &["illegal-moves"]);
    let kinds: Vec<&str> = report
        .findings
        .kinds("illegal-moves", Some(Cause::Plain))
        .into_iter()
        .map(|(kind, findings, games)| {
            assert_eq!((findings, games), (2, 2), "{kind}");
            kind
        })
        .collect();
    let mut all: Vec<&str> = IllegalMove::ALL.iter().map(|k| k.name()).collect();
    all.sort_unstable();
    assert_eq!(kinds, all);
    let text = render::text(&report);
    assert!(
        text.contains(
            "illegal move 0 (castling-out-of-check): illegal-moves (castling-out-of-check) at \
             ply 1: expected move 1 refused (illegal-move), got the move played"
        ),
        "{text}"
    );

    // The arbiter itself refuses every one of them.
    let mut honest = Doctored {
        hello: declaring(&[Part::Moves], DrawPolicies::default()),
        answer: |_: &JudgeRequest, answer: Answer| answer,
    };
    let report = run(&mut honest, &options(0));
    assert_eq!(report.findings.count("illegal-moves"), 0);
    assert!(
        render::text(&report).contains("\n  illegal-moves: agrees (18 games compared)\n"),
        "{}",
        render::text(&report)
    );
}
