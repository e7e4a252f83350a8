//! What `drawrules verify` finds in answers doctored on purpose, in
//! process: no false PASS for empty, short or refused answers; every
//! distinct bug in its own group and cause, each shrunk to its own minimal
//! game; a systematic difference in one part hides nothing in the others;
//! an engine that ends the game on claimable draws is judged on that.

use drawrules::{GameResult, StartPosition};
use drawrules_conformance::protocol::{
    Answer, DrawPolicies, EngineRefusal, Hello, JudgeRequest, Part, Policy, RefusalKind,
};
use drawrules_conformance::verify::{
    Cause, Group, Minimal, OurArbiter, Problem, VerifyOptions, VerifyReport, render,
};
use shakmaty::uci::UciMove;
use shakmaty::{Position, Role};

use crate::util::{Doctored, only, options, records_of, run};

/// The minimal game of the first shrunk finding of `cause` in `report`
/// (whose text report is `text`, shown if there is none).
fn shrunk<'a>(report: &'a VerifyReport, cause: Cause, text: &str) -> &'a Minimal {
    report
        .findings
        .iter()
        .filter(|f| f.cause() == Some(cause))
        .find_map(|f| f.minimal.as_ref())
        .unwrap_or_else(|| panic!("no shrunk {cause} finding:\n{text}"))
}

#[test]
fn empty_answers_are_findings_in_every_game() {
    let mut subject = Doctored {
        hello: |hello| hello,
        answer: |_: &JudgeRequest, mut answer: Answer| {
            records_of(&mut answer).clear();
            if let Answer::Records { game, .. } = &mut answer {
                *game = None;
            }
            answer
        },
    };
    let report = run(&mut subject, &options(40));
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    let shapes = report.findings.count("answer-shape");
    assert_eq!(shapes, 40, "{text}");
    assert_eq!(report.games_compared, 0, "{text}");
}

#[test]
fn short_answers_are_findings() {
    let mut subject = Doctored {
        hello: |hello| hello,
        answer: |_: &JudgeRequest, mut answer: Answer| {
            let records = records_of(&mut answer);
            if records.len() > 1 {
                records.pop();
            }
            answer
        },
    };
    let report = run(&mut subject, &options(40));
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    assert!(report.unexpected().contains(&"answer-shape"), "{text}");
    // Every generated game, the 18 malformed inputs with a record before
    // their refusal (the 12 whose start is refused have none), and the 18
    // illegal moves (each after a legal start).
    assert_eq!(report.games_compared, 40 + 18 + 18, "{text}");
}

/// The start position's clock field (0 when the FEN has none or an
/// unreadable one: malformed input).
fn start_clock(request: &JudgeRequest) -> u32 {
    request
        .fen
        .split(' ')
        .nth(4)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[test]
fn unsupported_games_are_counted_and_fail_unless_allowed() {
    // A library that cannot start from a FEN whose clock is above 0.
    let refuse = |request: &JudgeRequest, answer: Answer| {
        if start_clock(request) > 0 {
            Answer::Error(EngineRefusal {
                id: Some(request.id),
                kind: RefusalKind::Unsupported,
                ply: None,
                message: "no clock in a FEN".to_owned(),
                records: Vec::new(),
                out_of_range: Vec::new(),
            })
        } else {
            answer
        }
    };
    // Without `moves`, no malformed input is sent: only generated games.
    let without_moves = |hello: Hello| Hello {
        implements: hello
            .implements
            .into_iter()
            .filter(|&part| part != Part::Moves)
            .collect(),
        ..hello
    };
    let mut subject = Doctored {
        hello: without_moves,
        answer: refuse,
    };
    let strict = run(&mut subject, &options(60));
    let refused = strict.findings.count("unsupported");
    assert!(refused > 0 && refused < 60, "{refused}");
    assert_eq!(strict.findings.len(), refused, "{}", render::text(&strict));
    assert_eq!(strict.unexpected(), ["unsupported"]);
    assert!(strict.failed());
    assert_eq!(strict.games_compared, 60 - refused);

    let mut subject = Doctored {
        hello: without_moves,
        answer: refuse,
    };
    let allowed = run(
        &mut subject,
        &VerifyOptions {
            allow_unsupported: true,
            ..options(60)
        },
    );
    assert!(!allowed.failed(), "{}", render::text(&allowed));
    let text = render::text(&allowed);
    assert!(
        text.contains(&format!("== unsupported: {refused} games")),
        "{text}"
    );
}

/// The clock with two planted bugs: it ignores the start FEN's clock, and
/// castling resets it.
fn clock_with_two_bugs(request: &JudgeRequest, mut answer: Answer) -> Answer {
    let start: StartPosition = request.fen.parse().unwrap();
    let mut position = start.position().clone();
    let mut clocks = vec![0];
    for text in &request.moves {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&position).ok())
        else {
            break;
        };
        let reset = mv.role() == Role::Pawn || mv.is_capture() || mv.is_castle();
        clocks.push(if reset { 0 } else { clocks.last().unwrap() + 1 });
        position.play_unchecked(mv);
    }
    for record in records_of(&mut answer) {
        let ply = record.ply.unwrap() as usize;
        record.clock = Some(clocks[ply]);
    }
    answer
}

#[test]
fn two_bugs_in_one_part_are_two_groups_each_shrunk() {
    let mut subject = Doctored {
        hello: only(&[Part::Clock]),
        answer: clock_with_two_bugs,
    };
    let report = run(&mut subject, &options(300));
    let text = render::text(&report);
    let minimal = |cause: Cause| shrunk(&report, cause, &text);
    let start_clock = minimal(Cause::StartClock);
    assert_eq!(start_clock.divergence.group, Group::Part(Part::Clock));
    assert!(start_clock.game.moves.is_empty(), "{text}");
    // The clock lowered as far as the bug still shows: 1.
    assert_eq!(start_clock.game.fen.split(' ').nth(4), Some("1"), "{text}");

    let castling = minimal(Cause::CastlingInCount);
    assert_eq!(castling.divergence.group, Group::Part(Part::Clock));
    assert!(castling.game.moves.len() <= 2, "{text}");
    assert_eq!(castling.game.fen.split(' ').nth(4), Some("0"), "{text}");
    assert!(
        text.contains("cause start-clock") && text.contains("cause castling-in-count"),
        "{text}"
    );
}

#[test]
fn a_systematic_fen_difference_hides_nothing() {
    // Every FEN is wrong, and so is the clock after castling.
    let mut subject = Doctored {
        hello: only(&[Part::Fen, Part::Clock]),
        answer: |request: &JudgeRequest, answer: Answer| {
            let mut answer = clock_with_two_bugs(request, answer);
            for record in records_of(&mut answer) {
                record.fen = Some("8/8/8/8/8/8/8/8 w - - 0 1".to_owned());
            }
            answer
        },
    };
    let report = run(&mut subject, &options(100));
    let games = |group: &str| report.findings.games(group);
    // Every game compared at all (a game over at its start by an ending the
    // engine does not declare is not) diverges on the FEN.
    assert!(report.games_compared > 90);
    assert_eq!(games("fen"), report.games_compared);
    assert!(games("clock") > 5, "{}", games("clock"));
}

#[test]
fn an_engine_that_ends_the_game_on_claimable_draws_is_judged_on_that() {
    // It declares `draws: automatic`: at the first ply where a draw could
    // be claimed it gives the result 1/2-1/2 and refuses the next move.
    let mut subject = Doctored {
        hello: |hello| Hello {
            implements: vec![Part::Result, Part::Clock, Part::Repetition],
            draws: DrawPolicies::automatic(),
            ..hello
        },
        answer: |request: &JudgeRequest, answer: Answer| {
            end_where(request, answer, GameResult::Draw, |r| {
                r.claims.as_ref().is_some_and(|c| !c.is_empty())
                    && r.ended.as_ref().is_some_and(Vec::is_empty)
            })
        },
    };
    let report = run(&mut subject, &options(200));
    assert!(!report.failed(), "{}", render::text(&report));
    assert!(report.plies_compared() > 0);
}

/// Ends the game with 1/2-1/2 at the first ply where `ends` holds, and
/// refuses the move after it.
fn end_where(
    request: &JudgeRequest,
    mut answer: Answer,
    result: GameResult,
    ends: impl Fn(&drawrules::PartialStatus) -> bool,
) -> Answer {
    let records = records_of(&mut answer);
    let Some(end) = records.iter().position(ends) else {
        return answer;
    };
    records.truncate(end + 1);
    records[end].result = Some(result);
    let records = std::mem::take(records);
    let id = request.id;
    if end == request.moves.len() {
        return Answer::Records {
            id,
            records,
            game: None,
            out_of_range: Vec::new(),
        };
    }
    Answer::Error(EngineRefusal {
        id: Some(id),
        kind: RefusalKind::GameOver,
        ply: Some(u32::try_from(end + 1).unwrap()),
        message: "drawn".to_owned(),
        records,
        out_of_range: Vec::new(),
    })
}

/// A platform that ends the game at a clock of 100 plies and has no
/// threefold repetition: it declares so in protocol 2 and is judged on it
/// (it does not implement the threefold part: a part implemented whose
/// rule is absent is refused).
fn hundred_plies(hello: Hello) -> Hello {
    Hello {
        protocol: 2,
        implements: vec![Part::Result, Part::Clock, Part::FiftyMoves],
        draws: DrawPolicies {
            fifty_moves: Policy::Automatic(Some(100)),
            threefold_repetition: Policy::Absent,
            ..DrawPolicies::default()
        },
        ..hello
    }
}

fn at_clock_100(record: &drawrules::PartialStatus) -> bool {
    record.clock.is_some_and(|clock| clock >= 100)
        && record.ended.as_ref().is_some_and(Vec::is_empty)
}

#[test]
fn a_declared_automatic_fifty_move_rule_is_judged_as_declared() {
    let mut subject = Doctored {
        hello: hundred_plies,
        answer: |request: &JudgeRequest, answer: Answer| {
            let mut answer = end_where(request, answer, GameResult::Draw, at_clock_100);
            // No threefold repetition in this library: never a claim of it.
            for record in records_of(&mut answer) {
                if let Some(claims) = &mut record.claims {
                    claims.retain(|&c| c != drawrules::Claim::ThreefoldRepetition);
                }
            }
            answer
        },
    };
    let report = run(&mut subject, &options(200));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    assert!(
        text.contains("fifty-moves: automatic at 100 (the Laws: claim)")
            && text.contains("threefold-repetition: absent (the Laws: claim)"),
        "{text}"
    );
    // The threefold rule is absent: its part is not compared, and the
    // reports say it is not implemented.
    assert!(!report.compared.contains_key(&Part::ThreefoldRepetition));
    assert!(
        text.contains("  threefold-repetition: not implemented\n"),
        "{text}"
    );
}

#[test]
fn an_automatic_draw_without_its_result_is_a_finding() {
    let mut subject = Doctored {
        hello: hundred_plies,
        answer: |request: &JudgeRequest, answer: Answer| {
            let mut answer = end_where(request, answer, GameResult::Ongoing, at_clock_100);
            for record in records_of(&mut answer) {
                if let Some(claims) = &mut record.claims {
                    claims.retain(|&c| c != drawrules::Claim::ThreefoldRepetition);
                }
            }
            answer
        },
    };
    let report = run(&mut subject, &options(200));
    assert_eq!(report.unexpected(), ["result"], "{}", render::text(&report));
}

#[test]
fn a_combined_claim_predicate_is_compared_as_draw_claimable() {
    // A library whose only predicate sees the claims on the board, not
    // those by a written move.
    let mut subject = Doctored {
        hello: only(&[Part::DrawClaimable]),
        answer: |_: &JudgeRequest, mut answer: Answer| {
            for record in records_of(&mut answer) {
                record.draw_claimable = record.claims.as_ref().map(|c| !c.is_empty());
            }
            answer
        },
    };
    let report = run(&mut subject, &options(200));
    let text = render::text(&report);
    assert_eq!(report.unexpected(), ["draw-claimable"], "{text}");
    let minimal = report
        .findings
        .iter()
        .find_map(|f| f.minimal.as_ref())
        .unwrap();
    assert_eq!(
        (
            minimal.divergence.expected.as_str(),
            minimal.divergence.actual.as_str()
        ),
        ("true", "false"),
        "{text}"
    );

    // Honest, it passes.
    let mut honest = Doctored {
        hello: only(&[Part::DrawClaimable]),
        answer: |_: &JudgeRequest, answer: Answer| answer,
    };
    assert!(!run(&mut honest, &options(100)).failed());
}

/// The whole session in spec/PROTOCOL.md: every answer in it agrees with
/// the reference as the engine's handshake declares, and the third game is
/// counted as unsupported.
#[test]
fn the_protocol_page_session_agrees_with_the_reference() {
    use drawrules::Reference;
    use drawrules_conformance::protocol::read_answer;
    use drawrules_conformance::verify::{compare, judge_text};

    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/PROTOCOL.md"),
    )
    .unwrap();
    let block = page.split("```text\n").nth(1).unwrap();
    let block = block.split("```").next().unwrap();
    let mut hello = None;
    let mut request: Option<JudgeRequest> = None;
    let (mut judged, mut unsupported) = (0, 0);
    for line in block.lines() {
        if let Some(sent) = line.strip_prefix("> ") {
            let value: serde_json::Value = serde_json::from_str(sent).unwrap();
            request = (value["type"] == "judge").then(|| serde_json::from_value(value).unwrap());
        } else if let Some(answer) = line.strip_prefix("< ") {
            match read_answer(answer).unwrap() {
                Answer::Hello(declared) => hello = Some(declared),
                answer => {
                    let request = request.take().unwrap();
                    let ours = judge_text(
                        &mut Reference::default(),
                        &request.fen,
                        &request.moves,
                        request.edition,
                    );
                    let comparison = compare(hello.as_ref().unwrap(), &ours, &answer);
                    assert!(comparison.divergences.is_empty(), "{comparison:?}");
                    judged += 1;
                    unsupported += usize::from(comparison.unsupported.is_some());
                }
            }
        }
    }
    assert_eq!((judged, unsupported), (3, 1));
}

/// An engine that answers per game (the `game-` parts) from our arbiter's
/// records: whether some ply had each claim on the board.
fn per_game(lie_about_fifty: bool) -> impl FnMut(&JudgeRequest, Answer) -> Answer {
    move |_: &JudgeRequest, answer: Answer| {
        let Answer::Records { id, records, .. } = answer else {
            return answer;
        };
        let some = |claim: drawrules::Claim| {
            records
                .iter()
                .any(|r| r.claims.as_ref().is_some_and(|c| c.contains(&claim)))
        };
        let game = drawrules_conformance::protocol::GameAnswers {
            threefold_repetition: Some(some(drawrules::Claim::ThreefoldRepetition)),
            fifty_moves: Some(some(drawrules::Claim::FiftyMoves) && !lie_about_fifty),
        };
        Answer::Records {
            id,
            records: Vec::new(),
            game: Some(game),
            out_of_range: Vec::new(),
        }
    }
}

#[test]
fn per_game_answers_are_compared_and_promise_no_records() {
    let parts = [Part::GameThreefoldRepetition, Part::GameFiftyMoves];
    let mut honest = Doctored {
        hello: only(&parts),
        answer: per_game(false),
    };
    let report = run(&mut honest, &options(200));
    assert!(!report.failed(), "{}", render::text(&report));
    assert!(report.compared[&Part::GameFiftyMoves] > 0);

    let mut liar = Doctored {
        hello: only(&parts),
        answer: per_game(true),
    };
    let report = run(&mut liar, &options(200));
    let text = render::text(&report);
    assert_eq!(report.unexpected(), ["game-fifty-moves"], "{text}");
    let minimal = report
        .findings
        .iter()
        .find_map(|f| f.minimal.as_ref())
        .unwrap();
    assert_eq!(minimal.divergence.expected, "true", "{text}");
}

/// What one ply of a request's game was reached by: the square a
/// two-square pawn step skipped (and whether White made it), and the
/// halfmove clock counted from 0 at the start, whatever the start FEN says.
struct PlyFacts {
    step: Option<(shakmaty::Square, bool)>,
    clock_from_zero: u32,
}

/// The facts of every ply of `request`'s game, ply 0 first.
fn ply_facts(request: &JudgeRequest) -> Vec<PlyFacts> {
    let start: StartPosition = request.fen.parse().unwrap();
    let named = request.fen.split(' ').nth(3).and_then(|f| f.parse().ok());
    let white_stepped = start.position().turn() == shakmaty::Color::Black;
    let mut facts = vec![PlyFacts {
        step: named.map(|square| (square, white_stepped)),
        clock_from_zero: 0,
    }];
    let mut position = start.position().clone();
    for text in &request.moves {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&position).ok())
        else {
            break;
        };
        let (from, to) = (mv.from().unwrap(), mv.to());
        let step = (mv.role() == Role::Pawn && from.rank().distance(to.rank()) == 2).then(|| {
            let skipped = shakmaty::Square::from_coords(
                from.file(),
                shakmaty::Rank::new((u32::from(from.rank()) + u32::from(to.rank())) / 2),
            );
            (skipped, position.turn() == shakmaty::Color::White)
        });
        let reset = mv.role() == Role::Pawn || mv.is_capture();
        let clock = facts.last().unwrap().clock_from_zero;
        facts.push(PlyFacts {
            step,
            clock_from_zero: if reset { 0 } else { clock + 1 },
        });
        position.play_unchecked(mv);
    }
    facts
}

/// Our arbiter's answer with each record's FEN fields changed by `edit`.
fn edit_fen(
    request: &JudgeRequest,
    mut answer: Answer,
    edit: impl Fn(&PlyFacts, &mut Vec<String>),
) -> Answer {
    let facts = ply_facts(request);
    for record in records_of(&mut answer) {
        let ply = record.ply.unwrap() as usize;
        if let Some(fen) = &mut record.fen {
            let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
            edit(&facts[ply], &mut fields);
            *fen = fields.join(" ");
        }
    }
    answer
}

/// The en passant square written after every two-square step (the original
/// FEN standard), after White's only, or never beyond ours.
fn write_square_after(white: bool, black: bool) -> impl Fn(&PlyFacts, &mut Vec<String>) {
    move |facts, fields| {
        if let Some((square, by_white)) = facts.step
            && fields[3] == "-"
            && (if by_white { white } else { black })
        {
            fields[3] = square.to_string();
        }
    }
}

/// A run of `games` generated games from `seed`.
fn seeded(games: usize, seed: u64) -> VerifyOptions {
    VerifyOptions {
        seed,
        ..options(games)
    }
}

#[test]
fn an_engine_that_mixes_en_passant_conventions_fails_on_every_seed() {
    use drawrules_conformance::verify::FenField;
    for seed in 1..=3 {
        // The original standard's square after White's steps, ours after
        // Black's: each ply fits some convention, the run fits none.
        let mut subject = Doctored {
            hello: only(&[Part::Fen]),
            answer: |request: &JudgeRequest, answer: Answer| {
                edit_fen(request, answer, write_square_after(true, false))
            },
        };
        let report = run(&mut subject, &seeded(100, seed));
        let text = render::text(&report);
        assert!(report.failed(), "seed {seed}:\n{text}");
        assert_eq!(report.unexpected(), ["fen"], "seed {seed}:\n{text}");
        let decision = &report.conventions.fields[&FenField::EnPassant];
        assert!(decision.departures() > 0, "seed {seed}:\n{text}");
        let mixed: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.cause() == Some(Cause::MixedEnPassantConventions))
            .collect();
        let (count, _) = report
            .findings
            .of_cause("fen", Some(Cause::MixedEnPassantConventions));
        assert_eq!(count, report.findings.len(), "seed {seed}:\n{text}");
        // The minimal game is one step of the colour the run's convention
        // does not explain (or a start FEN that names its square).
        let minimal = mixed.iter().find_map(|f| f.minimal.as_ref()).unwrap();
        assert!(minimal.game.moves.len() <= 1, "seed {seed}:\n{text}");
        let decided = decision.convention;
        assert!(
            minimal.divergence.expected.contains(decided.name())
                && text.contains(&format!(
                    "fen convention decided for the run (en-passant field): {decided}"
                )),
            "seed {seed}:\n{text}"
        );
    }
}

#[test]
fn an_engine_that_follows_the_original_fen_throughout_passes() {
    use drawrules_conformance::verify::{Convention, FenField};
    let mut subject = Doctored {
        hello: only(&[Part::Fen]),
        answer: |request: &JudgeRequest, answer: Answer| {
            edit_fen(request, answer, write_square_after(true, true))
        },
    };
    let report = run(&mut subject, &seeded(100, 1));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    let decision = &report.conventions.fields[&FenField::EnPassant];
    assert_eq!(
        decision.convention,
        Convention::EnPassantAfterEveryDoubleStep,
        "{text}"
    );
    assert!(decision.plies > 20, "{text}");
    assert_eq!(decision.departures(), 0, "{text}");
    let junit = render::junit(&report);
    assert!(
        junit.contains("en-passant: fen-en-passant-after-double-step"),
        "{junit}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(
        json["conventions"]["en-passant"]["decided"],
        "fen-en-passant-after-double-step"
    );

    // Our arbiter follows ours throughout.
    let report = run(&mut OurArbiter, &seeded(100, 1));
    assert!(!report.failed(), "{}", render::text(&report));
    let decision = &report.conventions.fields[&FenField::EnPassant];
    assert_eq!(decision.convention, Convention::EnPassantWhenLegal);
    assert!(decision.plies > 20 && decision.departures() == 0);
}

#[test]
fn a_fen_wrong_in_the_clock_and_the_en_passant_field_has_two_causes_each_shrunk() {
    // The halfmove clock counted from 0 at the start, whatever the start
    // FEN says; the en passant square left out where the capture is legal.
    let mut subject = Doctored {
        hello: only(&[Part::Fen]),
        answer: |request: &JudgeRequest, answer: Answer| {
            edit_fen(request, answer, |facts, fields| {
                fields[3] = "-".to_owned();
                fields[4] = facts.clock_from_zero.to_string();
            })
        },
    };
    let report = run(&mut subject, &seeded(200, 1));
    let text = render::text(&report);
    assert_eq!(report.unexpected(), ["fen"], "{text}");
    let minimal = |cause: Cause| shrunk(&report, cause, &text);
    let clock = minimal(Cause::HalfmoveClock);
    let en_passant = minimal(Cause::UsableEnPassant);
    assert_ne!(clock.game, en_passant.game, "{text}");
    // Each is shrunk to its own bug: the clock needs no move, the en
    // passant square at most one two-square step.
    assert!(clock.game.moves.is_empty(), "{text}");
    assert_eq!(clock.game.fen.split(' ').nth(4), Some("1"), "{text}");
    assert!(en_passant.game.moves.len() <= 1, "{text}");
    let articles = |minimal| {
        let case = render::corpus_case("doctored", minimal).unwrap();
        case.lines()
            .find(|line| line.starts_with("articles"))
            .unwrap()
            .to_owned()
    };
    assert_eq!(articles(clock), "articles = [\"9.3.2\"]");
    assert_eq!(articles(en_passant), "articles = [\"9.2.3\"]");
    assert!(
        text.contains("cause halfmove-clock") && text.contains("cause usable-en-passant"),
        "{text}"
    );
    // The Markdown report shows both minimal games, and counts games, not
    // findings.
    let markdown = render::markdown(&report);
    assert!(
        markdown.contains("Minimal game (0 moves): fen [halfmove-clock]")
            && markdown.contains("fen [usable-en-passant]"),
        "{markdown}"
    );
    let games = report.findings.games("fen");
    assert!(games < report.findings.count("fen"), "{text}");
    assert!(
        markdown.contains(&format!("| fen |  | diverges ({games} games) |")),
        "{markdown}"
    );
}

/// Our arbiter, blind to fivefold repetition: it never reports the ending
/// and plays on (a planted bug).
fn blind_to_fivefold(_: &JudgeRequest, mut answer: Answer) -> Answer {
    for record in records_of(&mut answer) {
        if let Some(ended) = &mut record.ended
            && ended.contains(&drawrules::Ending::FivefoldRepetition)
        {
            ended.retain(|&e| e != drawrules::Ending::FivefoldRepetition);
        }
    }
    answer
}

#[test]
fn a_part_a_given_profile_leaves_out_is_not_compared_in_every_format() {
    let options = |profile| VerifyOptions {
        games: 300,
        profile,
        ..VerifyOptions::default()
    };
    let mut subject = Doctored {
        hello: |hello| hello,
        answer: blind_to_fivefold,
    };
    let plain = run(&mut subject, &options(None));
    assert!(
        plain.unexpected().contains(&"fivefold-repetition"),
        "the bug shows under the Laws: {}",
        render::text(&plain)
    );
    let report = run(
        &mut subject,
        &options(Some(drawrules_conformance::protocol::Profile::UsChess)),
    );
    let why = "its rule is absent under profile us-chess, given to verify (--profile)";
    let text = render::text(&report);
    assert!(
        text.contains(&format!("  fivefold-repetition: not compared: {why}\n")),
        "{text}"
    );
    assert!(
        text.contains("  seventy-five-moves: not compared: ") && !text.contains(": yes"),
        "{text}"
    );
    let markdown = render::markdown(&report);
    assert!(
        markdown.contains(&format!(
            "| fivefold-repetition | 9.6.1 | not compared: {why} |"
        )),
        "{markdown}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&report)).unwrap();
    assert_eq!(
        json["parts"]["fivefold-repetition"],
        serde_json::json!({"verdict": "not-compared", "why": why})
    );
    assert_eq!(json["parts"]["clock"]["verdict"], "agrees");
    assert!(json["parts"]["clock"]["plies"].as_u64().unwrap() > 1000);
    let junit = render::junit(&report);
    assert!(
        junit.contains(&format!(
            "name=\"fivefold-repetition\"><skipped message=\"not compared: {why}\"/></testcase>"
        )),
        "{junit}"
    );
    assert!(
        junit.contains("name=\"clock\"><system-out>agrees ("),
        "{junit}"
    );
}

#[test]
fn junit_skips_what_is_not_implemented_and_carries_the_declarations() {
    let mut subject = Doctored {
        hello: |hello| Hello {
            implements: vec![Part::Clock, Part::Fen, Part::Result, Part::Moves],
            draws: DrawPolicies {
                fifty_moves: Policy::Automatic(None),
                ..DrawPolicies::default()
            },
            ..hello
        },
        answer: |request: &JudgeRequest, answer: Answer| {
            end_where(request, answer, GameResult::Draw, at_clock_100)
        },
    };
    let report = run(&mut subject, &options(100));
    let junit = render::junit(&report);
    assert!(!report.failed(), "{}", render::text(&report));
    for part in [Part::Checkmate, Part::ThreefoldOnMove, Part::Repetition] {
        assert!(
            junit.contains(&format!(
                "name=\"{}\"><skipped message=\"not implemented\"/></testcase>",
                part.name()
            )),
            "{junit}"
        );
    }
    assert!(
        junit.contains(
            "<property name=\"draw-rules\" value=\"declared departures from the Laws, judged as \
             declared: fifty-moves: automatic (the Laws: claim)\"/>"
        ),
        "{junit}"
    );
    assert!(
        junit.contains("name=\"claims-after-the-end\"><skipped message=\"not compared: no claim part was compared\"/>"),
        "{junit}"
    );
}

/// The records' clock, and the FEN's, written as at most 150 (a planted
/// bug that shows only past 150 plies, where the game is over).
fn clock_capped_at_150(_: &JudgeRequest, mut answer: Answer) -> Answer {
    for record in records_of(&mut answer) {
        if let Some(clock) = &mut record.clock {
            *clock = (*clock).min(150);
        }
        if let Some(fen) = &mut record.fen {
            let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
            if let Some(clock) = fields
                .get_mut(4)
                .filter(|c| c.parse::<u32>().is_ok_and(|c| c > 150))
            {
                *clock = "150".to_owned();
            }
            *fen = fields.join(" ");
        }
    }
    answer
}

#[test]
fn the_ply_where_an_ending_the_engine_lacks_first_holds_is_compared() {
    // A library without 9.6 (declared absent, not implemented) whose
    // counters stop at 150: at the start of a game whose FEN's clock is
    // past 150, the Laws' game is over by 9.6.2 and the library's goes
    // on; its clock and FEN are compared there all the same.
    let mut subject = Doctored {
        hello: |hello: Hello| Hello {
            implements: hello
                .implements
                .into_iter()
                .filter(|&part| !matches!(part, Part::FivefoldRepetition | Part::SeventyFiveMoves))
                .collect(),
            draws: DrawPolicies {
                fivefold_repetition: Policy::Absent,
                seventy_five_moves: Policy::Absent,
                ..DrawPolicies::default()
            },
            ..hello
        },
        answer: clock_capped_at_150,
    };
    let options = VerifyOptions {
        games: 0,
        corpus: Some(drawrules_conformance::corpus::built_in().unwrap()),
        ..VerifyOptions::default()
    };
    let report = run(&mut subject, &options);
    let text = render::text(&report);
    assert!(report.failed(), "{text}");
    // The case whose game ends at its start by 9.6.2 alone: before, only
    // the endings the library judges were compared at that ply, and only
    // the case that also mates there showed the bug.
    for group in ["clock", "fen"] {
        assert!(
            report.findings.iter().any(|f| f.group() == group
                && f.source == "case seventy-five-moves/fen-clock-above-150 (fide-2018)"),
            "{group}: {text}"
        );
    }
    assert!(
        report
            .findings
            .iter()
            .all(|f| matches!(f.problem, Problem::Divergence(_))),
        "{text}"
    );
}

#[test]
fn the_plies_compared_are_counted_once_and_a_run_that_leaves_much_out_says_so() {
    let full = run(&mut OurArbiter, &options(100));
    assert_eq!(full.plies_judged, full.plies_generated);
    assert_eq!(full.left_out(), None);
    // Per-game parts alone count the plies they judged (not every game's:
    // where an ending stops our judgement early and no claim was found
    // before it, the per-game answer is not compared).
    let mut per_game = Doctored {
        hello: only(&[Part::GameThreefoldRepetition, Part::GameFiftyMoves]),
        answer: |_: &JudgeRequest, answer: Answer| answer,
    };
    let per_game = run(&mut per_game, &options(100));
    assert!(
        per_game.plies_judged <= per_game.plies_generated
            && per_game.plies_judged * 2 >= per_game.plies_generated,
        "{} of {}",
        per_game.plies_judged,
        per_game.plies_generated
    );
    // An engine that ends the game at the third occurrence, as it declares:
    // the steered repetitions stop its games early, and every report says
    // how much of the run was compared.
    let mut at_threefold = Doctored {
        hello: |hello: Hello| Hello {
            implements: vec![Part::Repetition, Part::Result, Part::Moves],
            draws: DrawPolicies {
                threefold_repetition: Policy::Automatic(None),
                ..DrawPolicies::default()
            },
            ..hello
        },
        answer: |request: &JudgeRequest, answer: Answer| {
            end_where(request, answer, GameResult::Draw, |record| {
                record.repetition.is_some_and(|n| n >= 3)
                    && record.ended.as_ref().is_some_and(Vec::is_empty)
            })
        },
    };
    let report = run(&mut at_threefold, &options(300));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    let left_out = report.left_out().expect("much left out");
    assert!(
        left_out.starts_with(&format!(
            "only {} of the {} plies the run generated were compared (",
            report.plies_judged, report.plies_generated
        )),
        "{left_out}"
    );
    assert!(
        text.lines()
            .last()
            .unwrap()
            .ends_with(&format!("; {left_out}")),
        "{text}"
    );
    assert!(render::junit(&report).contains("<property name=\"left-out\" value=\"only "));
    assert!(render::markdown(&report).contains(&format!("\n{left_out}.\n")));
    // Most of what was left out came after its own draws, and the line
    // says which declaration would compare it.
    let after = report.plies_after_own_draws;
    assert!(
        after > 0 && after <= report.plies_generated - report.plies_judged,
        "{after} of {} left out",
        report.plies_generated - report.plies_judged
    );
    assert!(
        left_out.contains(&format!(
            "; {after} of them after draws the engine makes automatic: were its game to play on \
             after them, declaring them claims would compare those plies"
        )),
        "{left_out}"
    );
}

/// A library whose game-over API gives one reason names one of the endings
/// that hold at once (a stalemate that is also a dead position): declared
/// (`"ended": "one"`), that agrees, and the report counts the plies;
/// undeclared, it is a finding; naming none is a finding either way.
#[test]
fn one_ending_named_where_several_hold_is_a_declaration() {
    use drawrules_conformance::protocol::EndedReading;

    let first_only = |_: &JudgeRequest, mut answer: Answer| {
        for record in records_of(&mut answer) {
            if let Some(ended) = &mut record.ended {
                ended.truncate(1);
            }
        }
        answer
    };
    let one = |hello: Hello| Hello {
        ended: EndedReading::One,
        ..hello
    };
    let mut declared = Doctored {
        hello: one,
        answer: first_only,
    };
    let report = run(&mut declared, &options(300));
    let text = render::text(&report);
    assert!(!report.failed(), "{text}");
    assert!(report.one_ending_named > 0, "{text}");
    assert!(
        text.contains(&format!(
            "ended: declared one named (a game-over API that gives one reason): where several \
             endings hold, naming any one of them agrees ({} plies)",
            report.one_ending_named
        )),
        "{text}"
    );
    eprintln!(
        "plies with several endings, one named: {}",
        report.one_ending_named
    );

    let mut undeclared = Doctored {
        hello: |hello| hello,
        answer: first_only,
    };
    let report = run(&mut undeclared, &options(300));
    assert!(report.failed(), "{}", render::text(&report));

    let mut none = Doctored {
        hello: one,
        answer: |_: &JudgeRequest, mut answer: Answer| {
            for record in records_of(&mut answer) {
                if record.ended.as_ref().is_some_and(|ended| ended.len() > 1) {
                    record.ended = Some(Vec::new());
                }
            }
            answer
        },
    };
    let report = run(&mut none, &options(300));
    assert!(report.failed(), "{}", render::text(&report));
}
