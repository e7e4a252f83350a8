//! Reports of a verification run: text for people, JSON for programs,
//! JUnit XML for CI systems, Markdown for `spec/CONFORMANCE.md`; and each
//! shrunk divergence as a ready-to-paste corpus case.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::json;

use drawrules::{Article, PartialStatus, RefusalKind};
use serde::Serialize;

use crate::corpus::{BUILT_IN, Case, ExpectedRefusal};
use crate::protocol::{DeadReading, DrawPolicies, EndedReading, Hello, Part};

use super::cause::Cause;
use super::convention_tally::DecidedConventions;
use super::exceptions::endings_judged_unreported;
use super::fen_fields::FenField;
use super::findings::EXAMPLES;
use super::group::Group;
use super::occasions::{Exercised, FLOOR};
use super::shrink::{Minimal, Trial};
use super::verdicts::{Compared, ExtraGroup, Verdict};
use super::{Finding, JudgedBy, Label, Problem, VerifyReport};

/// A TOML (and JSON) string literal.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

/// A lowercase name of words joined by `-`.
fn slug(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    words.join("-")
}

/// `game` as a `drawrules explain` command.
pub fn explain_command(game: &Trial) -> String {
    let mut command = format!(
        "drawrules explain --rules {} --fen {}",
        game.edition,
        quoted(&game.fen)
    );
    for mv in &game.moves {
        command.push(' ');
        command.push_str(mv);
    }
    command
}

/// The corpus case (spec/README.md's format) that pins the reference's
/// answer where `engine` diverged on `minimal`, written by serialising the
/// corpus types; `None` for a divergence that is not about the rules (the
/// shape of an answer).
pub fn corpus_case(engine: &str, minimal: &Minimal) -> Option<String> {
    let Minimal {
        game,
        divergence,
        reference: ours,
    } = minimal;
    let mut articles: Vec<Article> = Vec::new();
    let mut case = Case {
        name: slug(&format!("{engine} {}", divergence.group)),
        articles: Vec::new(),
        shows: format!(
            "{engine} departs here on {}: the reference says {}, {engine} says {}",
            divergence.group, divergence.expected, divergence.actual
        )
        .replace('\n', " "),
        editions: vec![game.edition],
        dead_rule: DeadReading::Material,
        fen: Some(game.fen.clone()),
        moves: game.moves.join(" "),
        expect: None,
        at: Vec::new(),
        error: None,
        alternatives: Vec::new(),
        line: 0,
    };
    match divergence.group {
        Group::AnswerShape | Group::Input(_) => return None,
        Group::MoveAcceptance | Group::MovesAfterTheEnd | Group::IllegalMoves(_) => {
            match &ours.refusal {
                Some(refusal) => {
                    let kind = match refusal.kind() {
                        kind @ (RefusalKind::GameOver | RefusalKind::InvalidFen) => kind,
                        _ => RefusalKind::IllegalMove,
                    };
                    if let Some(last) = ours.records.last() {
                        articles.extend(last.ended.iter().map(|ending| ending.article()));
                    }
                    case.error = Some(ExpectedRefusal {
                        kind,
                        ply: refusal.move_ply(),
                    });
                }
                None => {
                    case.expect = Some(PartialStatus {
                        ply: Some(u32::try_from(ours.records.len().saturating_sub(1)).ok()?),
                        ..PartialStatus::default()
                    });
                }
            }
        }
        Group::Part(part) | Group::ClaimsAfterTheEnd(part) => {
            let ply = divergence.ply?;
            let status = ours.records.get(ply as usize)?;
            articles.extend(part.articles());
            match part {
                Part::Fen => articles.extend(fen_articles(divergence.cause, ours, ply)),
                Part::Result => articles.extend(status.ended.iter().map(|e| e.article())),
                _ => {}
            }
            let mut expected = PartialStatus::from(status).only(part.field()?);
            expected.ply = Some(ply);
            case.at.push(expected);
        }
    }
    if articles.is_empty() {
        articles.push(Article::LegalMoves);
    }
    articles.sort_unstable();
    articles.dedup();
    case.articles = articles;
    let file = toml::to_string(&CaseFile { case: vec![case] }).ok()?;
    Some(format!(
        "# Found by drawrules verify against {engine}.\n{file}"
    ))
}

/// The articles a `fen` divergence of `cause` at `ply` concerns: its
/// field's ([`FenField::articles`]), and for the placement the article of
/// the move into the ply (a pawn's or the king's).
fn fen_articles(cause: Cause, ours: &drawrules::Judgement, ply: u32) -> Vec<Article> {
    let field = cause.fen_field().unwrap_or(FenField::Placement);
    let mut articles = field.articles().to_vec();
    let played = (ply as usize)
        .checked_sub(1)
        .and_then(|index| ours.moves.get(index));
    if let (FenField::Placement, Some(mv)) = (field, played) {
        match mv.role() {
            shakmaty::Role::Pawn => articles.push(Article::PawnMoves),
            shakmaty::Role::King => articles.push(Article::KingMoves),
            _ => {}
        }
    }
    articles
}

/// The top level of a case file, for writing one.
#[derive(Serialize)]
struct CaseFile {
    case: Vec<Case>,
}

/// The editions an engine declares, comma-separated.
fn editions(hello: &Hello) -> String {
    hello
        .editions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `n game(s)`.
fn games(n: usize) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}

/// The departures from the Laws' draw rules the engine is judged on (those
/// it declares, or a given profile's), or `as the Laws` when there are none.
fn draws(draws: &DrawPolicies, judged_by: &JudgedBy) -> String {
    let deviations = draws.deviations();
    if deviations.is_empty() {
        "as the Laws".to_owned()
    } else {
        let whose = match judged_by {
            JudgedBy::Handshake => "declared departures from the Laws, judged as declared",
            JudgedBy::Given { .. } => "the given profile's departures from the Laws",
        };
        format!("{whose}: {}", deviations.join("; "))
    }
}

/// What the report says of an engine that declares the exact reading of
/// 5.2.2; nothing for the default, material.
fn dead_reading(hello: &Hello) -> Option<&'static str> {
    (hello.dead_position == DeadReading::Exact).then_some(
        "dead position (5.2.2): declared exact, judged by the reference's exact rule \
         (plies it leaves undetermined are not compared)",
    )
}

fn problem_text(problem: &Problem) -> String {
    match problem {
        Problem::Divergence(divergence) => divergence.to_string(),
        Problem::Fault(fault) => format!("fault: {fault}"),
        Problem::Unsupported(message) => format!("refused as unsupported: {message}"),
    }
}

/// `findings` (of one group) by cause, in cause order; findings without a
/// cause (faults, unsupported games) under `None`.
fn by_cause<'a>(findings: &[&'a Finding]) -> BTreeMap<Option<Cause>, Vec<&'a Finding>> {
    let mut causes: BTreeMap<Option<Cause>, Vec<&'a Finding>> = BTreeMap::new();
    for &finding in findings {
        causes.entry(finding.cause()).or_default().push(finding);
    }
    causes
}

/// What was compared: games, and plies of the reference's records on
/// which at least one part was compared (each part's own count is in its
/// verdict).
fn compared_text(report: &VerifyReport) -> String {
    format!(
        "compared: {} of {} games, {} of the {} plies generated on at least one part",
        report.games_compared,
        report.games(),
        report.plies_judged,
        report.plies_generated,
    )
}

/// The FEN conventions decided for the run, a line per field.
fn conventions_text(decided: &DecidedConventions) -> Vec<String> {
    decided
        .fields
        .iter()
        .map(|(field, decision)| {
            let convention = decision.convention;
            let evidence = match (decision.plies, decision.departures()) {
                (0, _) => "no ply told the conventions apart".to_owned(),
                (plies, 0) => format!(
                    "it explains all {plies} plies where the conventions write the field differently"
                ),
                (plies, departures) => format!(
                    "it explains {} of the {plies} plies where the conventions write the field \
                     differently; the other {departures} follow another convention (cause {})",
                    plies - departures,
                    Cause::of_mixed_conventions(*field)
                ),
            };
            format!(
                "fen convention decided for the run ({field} field): {convention}, {} ({evidence})",
                convention.explain()
            )
        })
        .collect()
}

/// The FEN conventions decided for the run, as JSON.
fn conventions_json(decided: &DecidedConventions) -> serde_json::Value {
    let fields: serde_json::Map<String, serde_json::Value> = decided
        .fields
        .iter()
        .map(|(field, decision)| {
            let value = json!({
                "decided": decision.convention.name(),
                "plies": decision.plies,
                "explained": decision
                    .explained
                    .iter()
                    .map(|(convention, plies)| (convention.name(), plies))
                    .collect::<BTreeMap<_, _>>(),
                "departures": decision.departures(),
            });
            (field.name().to_owned(), value)
        })
        .collect();
    serde_json::Value::Object(fields)
}

/// The FEN conventions decided for the run, in one line.
fn conventions_line(decided: &DecidedConventions) -> String {
    decided
        .fields
        .iter()
        .map(|(field, decision)| format!("{field}: {}", decision.convention))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The header's lines on the 5.2.2 reading, the narrower meanings, the
/// accepted readings and the FEN conventions the engine follows.
fn readings_followed(report: &VerifyReport) -> Vec<String> {
    let hello = &report.hello;
    let mut lines: Vec<String> = dead_reading(hello).map(str::to_owned).into_iter().collect();
    for (part, meaning) in &hello.meanings {
        lines.push(format!(
            "declared narrower: {} means {meaning}, {}; judged as declared",
            part.name(),
            meaning.explain()
        ));
    }
    for (reading, plies) in &report.readings {
        lines.push(format!(
            "accepted reading followed: {reading} on {plies} pl{} ({})",
            if *plies == 1 { "y" } else { "ies" },
            reading.explain()
        ));
    }
    if report.compared.contains_key(&Part::Fen) {
        lines.extend(conventions_text(&report.conventions));
    }
    lines
}

/// The header's lines on how endings are judged: the plies where one of
/// several endings was named (for an engine that declares so), and the
/// endings judged though the engine does not report them.
fn endings_declared(report: &VerifyReport) -> Vec<String> {
    let mut lines = Vec::new();
    if report.hello.ended == EndedReading::One {
        lines.push(format!(
            "ended: declared one named (a game-over API that gives one reason): where several \
             endings hold, naming any one of them agrees ({} plies)",
            report.one_ending_named
        ));
    }
    let unreported = endings_judged_unreported(&report.hello);
    if !unreported.is_empty() {
        lines.push(format!(
            "endings judged unreported: {} (not in implements nor declared absent, so the \
             game must end there as under the Laws; the result, claims and later moves are \
             compared, as declared)",
            unreported
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    lines
}

/// What every report says first, one line each, the same for text and
/// Markdown: the engine, how it is judged (the profile or the handshake's
/// own policies, draw policies, 5.2.2 reading,
/// narrower meanings), the accepted readings and conventions it follows,
/// what it implements, what was judged and compared.
fn header(report: &VerifyReport) -> Vec<String> {
    let hello = &report.hello;
    let mut lines = vec![
        format!(
            "engine: {} (protocol {}, editions {})",
            hello.title(),
            hello.protocol,
            editions(hello)
        ),
        format!("judged by: {}", report.judged_by.describe(hello)),
        format!("draw rules: {}", draws(&hello.draws, &report.judged_by)),
    ];
    lines.extend(readings_followed(report));
    lines.push(format!(
        "implements: {}",
        hello
            .implements
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    lines.extend(endings_declared(report));
    if !hello.ignored.is_empty() {
        lines.push(format!(
            "ignored handshake fields: {} (protocol {} has no such field)",
            hello.ignored.join(", "),
            hello.protocol
        ));
    }
    if !hello.lenient.is_empty() {
        lines.push(format!(
            "declared lenient: {}; judged on the repaired text",
            hello
                .lenient
                .iter()
                .map(|kind| kind.name())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    lines.push(format!(
        "judged: {} corpus games{}, {} generated games, {} in {:.1} s",
        report.case_games,
        match &report.corpus {
            Some(source) if source == BUILT_IN => " (the built-in corpus)".to_owned(),
            Some(source) => format!(" (from {source})"),
            None => " (no corpus)".to_owned(),
        },
        report.generated_games,
        if hello.implements(Part::Moves) {
            format!(
                "{} malformed inputs, {} illegal moves",
                report.malformed_games, report.illegal_games
            )
        } else {
            "no malformed input or illegal move (the engine does not declare moves)".to_owned()
        },
        report.elapsed.as_secs_f64()
    ));
    if report.stopped {
        lines.push(format!(
            "stopped early on request: {} of {} games were judged, the other {} were not",
            report.judged,
            report.games(),
            report.games().saturating_sub(report.judged)
        ));
    }
    lines.push(compared_text(report));
    lines
}

/// The text report.
pub fn text(report: &VerifyReport) -> String {
    let mut out = String::new();
    for line in header(report) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "parts:");
    for (name, verdict) in verdicts(report) {
        let _ = writeln!(out, "  {name}: {verdict}");
    }
    let groups = report.groups();
    for (group, findings) in &groups {
        let _ = writeln!(out, "\n== {group}: {}", games(report.findings.games(group)),);
        for (cause, findings) in by_cause(findings) {
            let (count, cause_games) = report.findings.of_cause(group, cause);
            let kinds = report.findings.kinds(group, cause);
            let indent = match cause {
                Some(cause) => {
                    let only_kind = match kinds.as_slice() {
                        [(kind, ..)] => Some(*kind),
                        _ => None,
                    };
                    let _ = writeln!(
                        out,
                        "  -- cause {cause} ({}): {}{}",
                        cause.explain(),
                        games(cause_games),
                        known_note(report, group, Some(cause), only_kind, kinds.len() > 1)
                    );
                    "    "
                }
                None => "  ",
            };
            if kinds.len() > 1 {
                // Every kind shown, each with its count, an example and its
                // minimal game: only repeats of a kind are elided.
                for (kind, count, kind_games) in kinds {
                    let _ = writeln!(
                        out,
                        "{indent}kind {kind}: {}{}",
                        games(kind_games),
                        known_note(report, group, cause, Some(kind), false)
                    );
                    let of_kind = of_kind(&findings, kind);
                    write_examples(&mut out, &format!("{indent}  "), report, &of_kind, 1, count);
                }
            } else {
                write_examples(&mut out, indent, report, &findings, EXAMPLES, count);
            }
        }
    }
    for label in report.stale() {
        let _ = writeln!(
            out,
            "\n== {label}: listed as known, but it no longer diverges"
        );
    }
    if let Some(line) = unseen_line(report) {
        let _ = writeln!(out, "\n{line}");
    }
    if let Some(broken) = &report.broken {
        let _ = writeln!(out, "\nstopped early: {broken}");
    }
    if report.plies_compared() == 0 {
        let _ = writeln!(
            out,
            "\nnothing was compared: a run that compares nothing fails"
        );
    }
    if let Some(line) = not_exercised_line(report) {
        let _ = writeln!(out, "\n{line}");
    }
    let _ = writeln!(out, "\n{}", summary(report, groups.len()));
    out
}

/// What a report says after the findings of `group` for `cause`, of
/// `kind`: ` (known: why)` when an entry lists them, nothing when none does
/// or when the kinds below say it (`by_kind`); refusals as unsupported that
/// the run allows say so.
fn known_note(
    report: &VerifyReport,
    group: &str,
    cause: Option<Cause>,
    kind: Option<&str>,
    by_kind: bool,
) -> String {
    if by_kind {
        return String::new();
    }
    match report.known.why(group, cause, kind) {
        Some(why) => format!(" (known: {why})"),
        None => String::new(),
    }
}

/// The findings of `kind` among `findings`.
fn of_kind<'a>(findings: &[&'a Finding], kind: &str) -> Vec<&'a Finding> {
    findings
        .iter()
        .copied()
        .filter(|f| f.problem.kind() == Some(kind))
        .collect()
}

/// The first `shown` of `findings` (of `count` in all), how many more
/// there are, and the minimal game of the first shrunk (or the first's
/// replay), each line indented by `indent`.
fn write_examples(
    out: &mut String,
    indent: &str,
    report: &VerifyReport,
    findings: &[&Finding],
    shown: usize,
    count: usize,
) {
    for finding in findings.iter().take(shown) {
        let _ = writeln!(
            out,
            "{indent}{}: {}",
            finding.source,
            problem_text(&finding.problem)
        );
    }
    if count > shown {
        let _ = writeln!(out, "{indent}... and {} more", count - shown);
    }
    if let Some(finding) = findings.iter().find(|f| f.minimal.is_some()) {
        write_minimal(out, indent, &report.hello.name, finding);
    } else if let Some(finding) = findings.first() {
        let _ = writeln!(out, "{indent}replay: {}", explain_command(&finding.game));
    }
}

/// The text report's last line: PASS or FAIL, the findings in `groups`
/// groups, and how much was left out when it is much.
fn summary(report: &VerifyReport, groups: usize) -> String {
    format!(
        "{}: {} finding{} in {groups} group{}; {} beyond the known divergences, {} known that no longer diverge{}",
        report.outcome(),
        report.findings.len(),
        if report.findings.len() == 1 { "" } else { "s" },
        if groups == 1 { "" } else { "s" },
        report.unexpected().len(),
        report.stale().len(),
        report
            .left_out()
            .map(|left_out| format!("; {left_out}"))
            .unwrap_or_default()
    )
}

/// The line that names the known entries a run too small to hold the
/// known file to saw no finding of, if any.
fn unseen_line(report: &VerifyReport) -> Option<String> {
    if report.complete() {
        return None;
    }
    let unseen: Vec<String> = report.unseen().iter().map(ToString::to_string).collect();
    (!unseen.is_empty()).then(|| {
        format!(
            "known but not seen in this run: {} (a run without a corpus or with fewer than 300 \
             generated games cannot show every known departure, so these do not fail it)",
            unseen.join("; ")
        )
    })
}

/// The line that names the parts not exercised, if any.
fn not_exercised_line(report: &VerifyReport) -> Option<String> {
    let names = report.not_exercised();
    (!names.is_empty()).then(|| {
        format!(
            "not exercised: {} (each part must be compared on at least {FLOOR} of each of its \
             occasions; a run that leaves one short does not pass)",
            names.join(", ")
        )
    })
}

/// Every part and group beside them, with what the run says of it.
fn verdicts(report: &VerifyReport) -> Vec<(&'static str, Verdict)> {
    let mut verdicts: Vec<(&'static str, Verdict)> = Part::ALL
        .into_iter()
        .map(|part| (part.name(), report.verdict(part)))
        .collect();
    verdicts.extend(
        ExtraGroup::ALL
            .into_iter()
            .map(|group| (group.name(), report.extra_verdict(group))),
    );
    verdicts
}

/// A verdict as the JSON report writes it.
fn verdict_json(verdict: &Verdict) -> serde_json::Value {
    let mut object = json!({ "verdict": verdict.name() });
    let compared_json = |object: &mut serde_json::Value, compared: &Compared| match compared {
        Compared::Plies(plies) => object["plies"] = json!(plies),
        Compared::Games(games) => object["games"] = json!(games),
    };
    let occasions_json = |exercised: &[Exercised]| -> serde_json::Value {
        exercised
            .iter()
            .map(|e| {
                json!({
                    "occasion": e.occasion.name(),
                    "met": e.met,
                    "compared": e.compared,
                    "after_own_draws": e.after_own_draws,
                })
            })
            .collect()
    };
    match verdict {
        Verdict::Agrees {
            compared,
            narrowed,
            exercised,
        } => {
            compared_json(&mut object, compared);
            if !exercised.is_empty() {
                object["occasions"] = occasions_json(exercised);
            }
            if !narrowed.is_empty() {
                object["narrowed"] = json!(narrowed);
            }
        }
        Verdict::NotExercised {
            compared,
            exercised,
        } => {
            compared_json(&mut object, compared);
            object["occasions"] = occasions_json(exercised);
        }
        Verdict::Diverges { games } => object["games"] = json!(games),
        Verdict::NotImplemented => {}
        Verdict::NotCompared(why) => object["why"] = json!(why),
    }
    object
}

fn write_minimal(out: &mut String, indent: &str, engine: &str, finding: &Finding) {
    let Some(minimal) = &finding.minimal else {
        return;
    };
    let Minimal {
        game, divergence, ..
    } = minimal;
    let _ = writeln!(
        out,
        "{indent}minimal ({} moves): {divergence}\n{indent}replay: {}",
        game.moves.len(),
        explain_command(game)
    );
    if let Some(case) = corpus_case(engine, minimal) {
        let _ = writeln!(out, "{indent}as a corpus case:");
        for line in case.lines() {
            let _ = writeln!(out, "{indent}  {line}");
        }
    }
}

/// The JSON report: one object.
pub fn json(report: &VerifyReport) -> String {
    let groups: Vec<serde_json::Value> = report
        .groups()
        .iter()
        .map(|(group, findings)| group_json(report, group, findings))
        .collect();
    let judged_by = judged_by_json(report);
    json!({
        "engine": report.hello,
        "judged_by": judged_by,
        "endings_judged_unreported": endings_judged_unreported(&report.hello)
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        "case_games": report.case_games,
        "corpus": report.corpus,
        "generated_games": report.generated_games,
        "malformed_games": report.malformed_games,
        "illegal_games": report.illegal_games,
        "games_compared": report.games_compared,
        "plies_compared": report
            .compared
            .iter()
            .map(|(part, plies)| (part.name(), plies))
            .collect::<BTreeMap<_, _>>(),
        "seconds": report.elapsed.as_secs_f64(),
        "one_ending_named": report.one_ending_named,
        "readings": report
            .readings
            .iter()
            .map(|(reading, plies)| (reading.name(), plies))
            .collect::<BTreeMap<_, _>>(),
        "conventions": conventions_json(&report.conventions),
        "parts": verdicts(report)
            .iter()
            .map(|(name, verdict)| ((*name).to_owned(), verdict_json(verdict)))
            .collect::<serde_json::Map<_, _>>(),
        "plies_generated": report.plies_generated,
        "plies_judged": report.plies_judged,
        "plies_after_own_draws": report.plies_after_own_draws,
        "left_out": report.left_out(),
        "groups": groups,
        "broken": report.broken.as_ref().map(ToString::to_string),
        "games": report.games(),
        "games_judged": report.judged,
        "stopped": report.stopped,
        "unexpected": report.unexpected(),
        "stale": labels_json(&report.stale()),
        "complete": report.complete(),
        "unseen": labels_json(&report.unseen()),
        "floor": FLOOR,
        "occasions_met": report
            .exercise
            .met
            .iter()
            .map(|(occasion, n)| (occasion.name(), n))
            .collect::<BTreeMap<_, _>>(),
        "not_exercised": report.not_exercised(),
        "outcome": report.outcome(),
        "passed": report.passed(),
    })
    .to_string()
        + "\n"
}

/// Known entries as the JSON report names them.
fn labels_json(labels: &[&Label]) -> serde_json::Value {
    labels
        .iter()
        .map(|label| json!({ "rule": label.group, "cause": label.cause, "kind": label.kind }))
        .collect()
}

/// One group of findings in the JSON report: its causes, each with its
/// games, examples and minimal game.
fn group_json(report: &VerifyReport, group: &str, findings: &[&Finding]) -> serde_json::Value {
    let causes: Vec<serde_json::Value> = by_cause(findings)
        .into_iter()
        .map(|(cause, findings)| {
            let kinds: Vec<serde_json::Value> = report
                .findings
                .kinds(group, cause)
                .into_iter()
                .map(|(kind, count, games)| {
                    let of_kind = of_kind(&findings, kind);
                    json!({
                        "kind": kind,
                        "known": report.known.why(group, cause, Some(kind)),
                        "findings": count,
                        "games": games,
                        "example": of_kind.first().map(|f| json!({
                            "source": f.source,
                            "problem": problem_text(&f.problem),
                        })),
                        "minimal": minimal_json(report, &of_kind),
                    })
                })
                .collect();
            json!({
                "cause": cause.map(Cause::name),
                "known": report.known.why(group, cause, None),
                "games": report.findings.of_cause(group, cause).1,
                "examples": findings.iter().take(EXAMPLES).map(|f| json!({
                    "source": f.source,
                    "problem": problem_text(&f.problem),
                })).collect::<Vec<_>>(),
                "minimal": minimal_json(report, &findings),
                "kinds": kinds,
            })
        })
        .collect();
    json!({
        "group": group,
        "unexpected": report.unexpected().contains(&group),
        "games": report.findings.games(group),
        "causes": causes,
    })
}

/// The minimal game of the first shrunk of `findings`, in the JSON report.
fn minimal_json(report: &VerifyReport, findings: &[&Finding]) -> Option<serde_json::Value> {
    findings
        .iter()
        .find_map(|f| f.minimal.as_ref())
        .map(|minimal| {
            let game = &minimal.game;
            json!({
                "edition": game.edition,
                "fen": game.fen,
                "moves": game.moves,
                "divergence": minimal.divergence.to_string(),
                "replay": explain_command(game),
                "case": corpus_case(&report.hello.name, minimal),
            })
        })
}

/// What the run judged by, in the JSON report.
fn judged_by_json(report: &VerifyReport) -> serde_json::Value {
    match &report.judged_by {
        JudgedBy::Handshake => json!({
            "source": report.judged_by.source(),
            "profile": report.judged_by.profile_of(&report.hello),
            "declared_profile": report.hello.profile,
        }),
        JudgedBy::Given {
            profile,
            declared_profile,
            declared_draws,
            declared_editions,
        } => json!({
            "source": report.judged_by.source(),
            "profile": profile,
            "declared_profile": declared_profile,
            "declared_draws": declared_draws,
            "declared_editions": declared_editions,
        }),
    }
}

fn xml(text: &str) -> String {
    text.chars()
        .filter(|&c| c == '\n' || c == '\t' || !c.is_control())
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            other => other.to_string(),
        })
        .collect()
}

/// The JUnit XML report: a test case per part of the rules and per group
/// beside them, failing when it has findings not listed as known (a known
/// rule that no longer diverges fails too), skipped when it is not
/// implemented, not compared (with why) or known; a passing one says how
/// much was compared. The properties carry every line of the report's
/// header (what the engine declares and how it is judged).
pub fn junit(report: &VerifyReport) -> String {
    let groups = report.groups();
    let mut named = verdicts(report);
    for group in groups.keys() {
        if !named.iter().any(|(name, _)| name == group) {
            named.push((
                group,
                Verdict::Diverges {
                    games: report.findings.games(group),
                },
            ));
        }
    }
    let mut cases = String::new();
    let (mut failures, mut skipped) = (0, 0);
    for (name, verdict) in &named {
        let findings = groups.get(name).map(Vec::as_slice).unwrap_or_default();
        let _ = write!(
            cases,
            "    <testcase classname=\"drawrules.verify\" name=\"{}\">",
            xml(name)
        );
        match junit_outcome(report, name, verdict, findings) {
            Outcome::Passed(out) => {
                let _ = write!(cases, "<system-out>{}</system-out>", xml(&out));
            }
            Outcome::Skipped(message) => {
                skipped += 1;
                let _ = write!(cases, "<skipped message=\"{}\"/>", xml(&message));
            }
            Outcome::Failed(message, body) => {
                failures += 1;
                let _ = write!(
                    cases,
                    "<failure message=\"{}\">{}</failure>",
                    xml(&message),
                    xml(&body)
                );
            }
        }
        cases.push_str("</testcase>\n");
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"drawrules verify: {}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{:.3}\">\n    <properties>\n{}    </properties>\n{cases}  </testsuite>\n</testsuites>\n",
        xml(&report.hello.title()),
        named.len(),
        report.elapsed.as_secs_f64(),
        junit_properties(report)
    )
}

/// A JUnit report with one failing test case, `name`, for a run that has
/// no report of its own (the handshake failed, an input could not be read,
/// the run was killed): `message` says why.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::render::junit_failure;
///
/// let xml = junit_failure("verify", "the engine failed its handshake: <no kings>");
/// assert!(xml.contains(r#"tests="1" failures="1""#));
/// assert!(xml.contains(r#"<failure message="the engine failed its handshake: &lt;no kings&gt;"/>"#));
/// ```
pub fn junit_failure(name: &str, message: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"drawrules verify\" tests=\"1\" failures=\"1\" skipped=\"0\">\n    <testcase classname=\"drawrules.verify\" name=\"{}\"><failure message=\"{}\"/></testcase>\n  </testsuite>\n</testsuites>\n",
        xml(name),
        xml(message)
    )
}

/// A JUnit test case's outcome.
enum Outcome {
    /// Passed, with what was compared.
    Passed(String),
    /// Skipped, with why.
    Skipped(String),
    /// Failed, with a message and the findings.
    Failed(String, String),
}

/// The outcome of the test case of the group `name`.
fn junit_outcome(
    report: &VerifyReport,
    name: &str,
    verdict: &Verdict,
    findings: &[&Finding],
) -> Outcome {
    let stale: Vec<String> = report
        .stale()
        .into_iter()
        .filter(|label| label.group == name)
        .map(ToString::to_string)
        .collect();
    if !stale.is_empty() {
        return Outcome::Failed(
            format!(
                "listed as known, but it no longer diverges: {}",
                stale.join("; ")
            ),
            String::new(),
        );
    }
    let mut whys: Vec<&str> = report
        .findings
        .labels()
        .into_iter()
        .filter(|label| label.group == name)
        .filter_map(
            |label| match report.known.why(label.group, label.cause, label.kind) {
                Some(why) => Some(why),
                None if report.is_known(&label) => Some("allowed by --allow-unsupported"),
                None => None,
            },
        )
        .collect();
    whys.dedup();
    let known =
        (!findings.is_empty() && !report.unexpected().contains(&name)).then(|| whys.join("; "));
    match (findings.is_empty(), known) {
        (false, Some(why)) => Outcome::Skipped(format!("known: {why}")),
        (false, None) => {
            let mut body = String::new();
            for finding in findings.iter().take(EXAMPLES) {
                let _ = writeln!(
                    body,
                    "{}: {}",
                    finding.source,
                    problem_text(&finding.problem)
                );
            }
            for finding in findings.iter().filter(|f| f.minimal.is_some()) {
                write_minimal(&mut body, "", &report.hello.name, finding);
            }
            let games = report.findings.games(name);
            Outcome::Failed(
                format!(
                    "{games} game{} diverge{}",
                    if games == 1 { "" } else { "s" },
                    if games == 1 { "s" } else { "" }
                ),
                body,
            )
        }
        (true, _) if report.not_exercised().contains(&name) => {
            Outcome::Failed(verdict.to_string(), String::new())
        }
        (true, _) if verdict.was_compared() => Outcome::Passed(verdict.to_string()),
        (true, _) => Outcome::Skipped(verdict.to_string()),
    }
}

/// The properties of the JUnit report: the profile judged by, then every
/// line of the report's header as a property named by its first words,
/// and what the run left out, if much.
fn junit_properties(report: &VerifyReport) -> String {
    let profile = report
        .judged_by
        .profile_of(&report.hello)
        .map_or("none", |profile| profile.name());
    let mut properties = vec![("profile".to_owned(), profile.to_owned())];
    for line in header(report) {
        if let Some((name, value)) = line.split_once(": ") {
            properties.push((slug(name), value.to_owned()));
        }
    }
    properties.push((
        "fen-conventions".to_owned(),
        conventions_line(&report.conventions),
    ));
    if let Some(left_out) = report.left_out() {
        properties.push(("left-out".to_owned(), left_out));
    }
    properties
        .iter()
        .map(|(name, value)| {
            format!(
                "      <property name=\"{}\" value=\"{}\"/>\n",
                xml(name),
                xml(value)
            )
        })
        .collect()
}

/// A group's findings of one cause in Markdown: its minimal game, or the
/// first finding when none was shrunk.
fn markdown_example(out: &mut String, findings: &[&Finding]) {
    match findings.iter().find_map(|f| f.minimal.as_ref()) {
        Some(Minimal {
            game, divergence, ..
        }) => {
            let _ = writeln!(
                out,
                "Minimal game ({} moves): {}.\n\n```sh\n{}\n```",
                game.moves.len(),
                md(&divergence.to_string()),
                explain_command(game)
            );
        }
        None => {
            if let Some(first) = findings.first() {
                let _ = writeln!(
                    out,
                    "{}: {}\n\n```sh\n{}\n```",
                    md(&first.source),
                    md(&problem_text(&first.problem)),
                    explain_command(&first.game)
                );
            }
        }
    }
}

/// `text` as Markdown shows it: its HTML markup (`<!--` would hide the
/// rest of the page) written as entities. Engine-supplied text reaches a
/// report [`printable`](crate::protocol::printable()) already: no line
/// break of its own.
fn md(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The Markdown section of `spec/CONFORMANCE.md` for one engine: which
/// declared parts agree with the reference, and a minimal game for each
/// divergence with the reading the reference follows.
pub fn markdown(report: &VerifyReport) -> String {
    let mut out = String::new();
    let hello = &report.hello;
    let groups = report.groups();
    let _ = writeln!(
        out,
        "## {}: {}\n",
        md(&hello.title()),
        report
            .judged_by
            .profile_of(hello)
            .map_or("own draw policies".to_owned(), |profile| format!(
                "profile {profile}"
            ))
    );
    for line in header(report) {
        let _ = writeln!(out, "* {}", md(&line));
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "| part | articles | compared with the reference |\n|---|---|---|"
    );
    for (name, verdict) in verdicts(report) {
        let articles = Part::ALL
            .into_iter()
            .find(|part| part.name() == name)
            .map(|part| {
                part.articles()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        let _ = writeln!(out, "| {name} | {articles} | {verdict} |");
    }
    if let Some(left_out) = report.left_out() {
        let _ = writeln!(out, "\n{left_out}.");
    }
    if let Some(line) = not_exercised_line(report) {
        let _ = writeln!(out, "\n{}.", md(&line));
    }
    if let Some(line) = unseen_line(report) {
        let _ = writeln!(out, "\n{}.", md(&line));
    }
    for (group, findings) in &groups {
        let _ = writeln!(out, "\n### {group}\n");
        let mut whys: Vec<&str> = report
            .findings
            .labels()
            .into_iter()
            .filter(|label| label.group == *group)
            .filter_map(|label| report.known.why(label.group, label.cause, label.kind))
            .collect();
        whys.dedup();
        for why in whys {
            let _ = writeln!(out, "{}\n", md(why));
        }
        for (index, (cause, findings)) in by_cause(findings).iter().enumerate() {
            if index > 0 {
                out.push('\n');
            }
            let kinds = report.findings.kinds(group, *cause);
            if kinds.len() > 1 {
                for (at, (kind, _, kind_games)) in kinds.into_iter().enumerate() {
                    if at > 0 {
                        out.push('\n');
                    }
                    let _ = writeln!(out, "Kind {kind} ({}):\n", games(kind_games));
                    markdown_example(&mut out, &of_kind(findings, kind));
                }
            } else {
                markdown_example(&mut out, findings);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::divergence::Divergence;
    use crate::verify::judge::judged;
    use drawrules::Edition;

    /// The `articles` line of the corpus case for a `fen` divergence of
    /// `cause` at `ply` of the game `moves` from the standard start.
    fn articles_of(cause: Cause, moves: &str, ply: u32) -> String {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let reference = judged(start, moves);
        let fen = reference.records[ply as usize].fen.clone();
        let minimal = Minimal {
            game: Trial {
                fen: start.to_owned(),
                moves: moves.split_whitespace().map(str::to_owned).collect(),
                edition: Edition::Fide2018,
            },
            divergence: Divergence {
                group: Group::Part(Part::Fen),
                cause,
                ply: Some(ply),
                expected: fen.clone(),
                actual: fen,
            },
            reference,
        };
        let case = corpus_case("test", &minimal).unwrap();
        let line = case.lines().find(|line| line.starts_with("articles"));
        line.unwrap().to_owned()
    }

    #[test]
    fn each_fen_field_names_its_own_articles() {
        let cases = [
            (Cause::Placement, "e2e4", 1, r#"["3.7", "3.10"]"#),
            (Cause::Placement, "g1f3", 1, r#"["3.10"]"#),
            (Cause::MoveNumber, "g1f3 g8f6", 2, r#"["3.10"]"#),
            (Cause::HalfmoveClock, "g1f3", 1, r#"["9.3.2"]"#),
            (Cause::CastlingField, "g1f3", 1, r#"["9.2.3"]"#),
            (Cause::UnusableEnPassant, "e2e4", 1, r#"["9.2.3"]"#),
            (Cause::MixedEnPassantConventions, "e2e4", 1, r#"["9.2.3"]"#),
        ];
        for (cause, moves, ply, articles) in cases {
            assert_eq!(
                articles_of(cause, moves, ply),
                format!("articles = {articles}"),
                "{cause}"
            );
        }
    }
}
