//! Reports of a verification run: text for people, JSON for programs,
//! JUnit XML for CI systems, Markdown for `spec/CONFORMANCE.md`; and each
//! shrunk divergence as a ready-to-paste corpus case.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::json;

use drawrules::{Article, PartialStatus, RefusalKind};
use serde::Serialize;

use crate::corpus::{BUILT_IN, Case, CaseDeadRule, ExpectedRefusal};
use crate::protocol::{DeadReading, DrawPolicies, Hello, Part};

use super::cause::Cause;
use super::compare::Group;
use super::convention_tally::DecidedConventions;
use super::fen_fields::FenField;
use super::shrink::{Minimal, Trial};
use super::{Finding, JudgedBy, Problem, VerifyReport};

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
        dead_rule: CaseDeadRule::Material,
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
        Group::MoveAcceptance | Group::MovesAfterTheEnd => match &ours.refusal {
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
        },
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

/// How many games `findings` come from (a game may diverge for several
/// causes).
fn distinct_games(findings: &[&Finding]) -> usize {
    let mut sources: Vec<&str> = findings.iter().map(|f| f.source.as_str()).collect();
    sources.sort_unstable();
    sources.dedup();
    sources.len()
}

/// What was compared: games and plies, per part.
fn compared_text(report: &VerifyReport) -> String {
    let parts: Vec<String> = report
        .compared
        .iter()
        .map(|(part, plies)| format!("{} {plies}", part.name()))
        .collect();
    format!(
        "compared: {} of {} games, {} plies in all ({})",
        report.games_compared,
        report.case_games + report.generated_games + report.malformed_games,
        report.plies_compared(),
        if parts.is_empty() {
            "no part".to_owned()
        } else {
            parts.join(", ")
        }
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
    lines.extend(dead_reading(hello).map(str::to_owned));
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
    lines.push(format!(
        "implements: {}",
        hello
            .implements
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    ));
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
            format!("{} malformed inputs", report.malformed_games)
        } else {
            "no malformed input (the engine does not declare moves)".to_owned()
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
    let groups = report.groups();
    for (group, findings) in &groups {
        let known = report.known.why(group);
        let _ = writeln!(
            out,
            "\n== {group}: {}{}",
            games(distinct_games(findings)),
            known
                .map(|why| format!(" (known: {why})"))
                .unwrap_or_default()
        );
        for (cause, findings) in by_cause(findings) {
            let indent = match cause {
                Some(cause) => {
                    let _ = writeln!(
                        out,
                        "  -- cause {cause} ({}): {}",
                        cause.explain(),
                        games(distinct_games(&findings))
                    );
                    "    "
                }
                None => "  ",
            };
            for finding in findings.iter().take(3) {
                let _ = writeln!(
                    out,
                    "{indent}{}: {}",
                    finding.source,
                    problem_text(&finding.problem)
                );
            }
            if findings.len() > 3 {
                let _ = writeln!(out, "{indent}... and {} more", findings.len() - 3);
            }
            if let Some(finding) = findings.iter().find(|f| f.minimal.is_some()) {
                write_minimal(&mut out, indent, &report.hello.name, finding);
            } else if let Some(finding) = findings.first() {
                let _ = writeln!(out, "{indent}replay: {}", explain_command(&finding.game));
            }
        }
    }
    for rule in report.stale() {
        let _ = writeln!(
            out,
            "\n== {rule}: listed as known, but it no longer diverges"
        );
    }
    let unexpected = report.unexpected();
    if let Some(broken) = &report.broken {
        let _ = writeln!(out, "\nstopped early: {broken}");
    }
    if report.plies_compared() == 0 {
        let _ = writeln!(
            out,
            "\nnothing was compared: a run that compares nothing fails"
        );
    }
    let _ = writeln!(
        out,
        "\n{}: {} finding{} in {} group{}; {} beyond the known divergences, {} known that no longer diverge",
        if report.passed() { "PASS" } else { "FAIL" },
        report.findings.len(),
        if report.findings.len() == 1 { "" } else { "s" },
        groups.len(),
        if groups.len() == 1 { "" } else { "s" },
        unexpected.len(),
        report.stale().len()
    );
    out
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
        .map(|(group, findings)| {
            let causes: Vec<serde_json::Value> = by_cause(findings)
                .into_iter()
                .map(|(cause, findings)| {
                    let minimal = findings
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
                        });
                    json!({
                        "cause": cause.map(Cause::name),
                        "games": distinct_games(&findings),
                        "examples": findings.iter().take(3).map(|f| json!({
                            "source": f.source,
                            "problem": problem_text(&f.problem),
                        })).collect::<Vec<_>>(),
                        "minimal": minimal,
                    })
                })
                .collect();
            json!({
                "group": group,
                "known": report.known.why(group),
                "games": distinct_games(findings),
                "causes": causes,
            })
        })
        .collect();
    let judged_by = match &report.judged_by {
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
    };
    json!({
        "engine": report.hello,
        "judged_by": judged_by,
        "case_games": report.case_games,
        "corpus": report.corpus,
        "generated_games": report.generated_games,
        "malformed_games": report.malformed_games,
        "games_compared": report.games_compared,
        "plies_compared": report
            .compared
            .iter()
            .map(|(part, plies)| (part.name(), plies))
            .collect::<BTreeMap<_, _>>(),
        "seconds": report.elapsed.as_secs_f64(),
        "readings": report
            .readings
            .iter()
            .map(|(reading, plies)| (reading.name(), plies))
            .collect::<BTreeMap<_, _>>(),
        "conventions": conventions_json(&report.conventions),
        "groups": groups,
        "broken": report.broken.as_ref().map(ToString::to_string),
        "games": report.games(),
        "games_judged": report.judged,
        "stopped": report.stopped,
        "unexpected": report.unexpected(),
        "stale": report.stale(),
        "passed": report.passed(),
    })
    .to_string()
        + "\n"
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

/// The JUnit XML report: a test case per declared part (and for move
/// acceptance, answer shape and faults), failing when it has findings not
/// listed as known; a known rule that no longer diverges fails too.
pub fn junit(report: &VerifyReport) -> String {
    let groups = report.groups();
    let mut names: Vec<&str> = report.hello.implements.iter().map(|p| p.name()).collect();
    names.extend([
        "claims-after-the-end",
        "move-acceptance",
        "moves-after-the-end",
        "answer-shape",
        "input",
        "fault",
        "unsupported",
    ]);
    for group in groups.keys() {
        if !names.contains(group) {
            names.push(group);
        }
    }
    let mut cases = String::new();
    let mut failures = 0;
    let mut skipped = 0;
    for name in &names {
        let findings = groups.get(name).map(Vec::as_slice).unwrap_or_default();
        let allowed = *name == "unsupported" && report.allow_unsupported && !findings.is_empty();
        let known = report
            .known
            .why(name)
            .or(allowed.then_some("allowed by --allow-unsupported"));
        let _ = write!(
            cases,
            "    <testcase classname=\"drawrules.verify\" name=\"{}\">",
            xml(name)
        );
        match (findings.is_empty(), known) {
            (true, None) => {}
            (true, Some(_)) => {
                failures += 1;
                let _ = write!(
                    cases,
                    "<failure message=\"listed as known, but it no longer diverges\"/>"
                );
            }
            (false, Some(why)) => {
                skipped += 1;
                let _ = write!(cases, "<skipped message=\"known: {}\"/>", xml(why));
            }
            (false, None) => {
                failures += 1;
                let mut body = String::new();
                for finding in findings.iter().take(3) {
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
                let _ = write!(
                    cases,
                    "<failure message=\"{} game{} diverge\">{}</failure>",
                    findings.len(),
                    if findings.len() == 1 { "" } else { "s" },
                    xml(&body)
                );
            }
        }
        cases.push_str("</testcase>\n");
    }
    let profile = report
        .judged_by
        .profile_of(&report.hello)
        .map_or("none", |profile| profile.name());
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"drawrules verify: {}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{:.3}\">\n    <properties>\n      <property name=\"profile\" value=\"{profile}\"/>\n      <property name=\"judged-by\" value=\"{}\"/>\n      <property name=\"fen-conventions\" value=\"{}\"/>\n    </properties>\n{cases}  </testsuite>\n</testsuites>\n",
        xml(&report.hello.title()),
        names.len(),
        report.elapsed.as_secs_f64(),
        xml(&report.judged_by.describe(&report.hello)),
        xml(&conventions_line(&report.conventions))
    )
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
                "Minimal game ({} moves): {divergence}.\n\n```sh\n{}\n```",
                game.moves.len(),
                explain_command(game)
            );
        }
        None => {
            if let Some(first) = findings.first() {
                let _ = writeln!(
                    out,
                    "{}: {}\n\n```sh\n{}\n```",
                    first.source,
                    problem_text(&first.problem),
                    explain_command(&first.game)
                );
            }
        }
    }
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
        hello.title(),
        report
            .judged_by
            .profile_of(hello)
            .map_or("own draw policies".to_owned(), |profile| format!(
                "profile {profile}"
            ))
    );
    for line in header(report) {
        let _ = writeln!(out, "* {line}");
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "| part | articles | agrees with the reference |\n|---|---|---|"
    );
    for part in Part::ALL {
        let mut verdict = if !hello.implements(part) {
            "not implemented".to_owned()
        } else {
            match groups.get(part.name()) {
                None => "yes".to_owned(),
                Some(findings) => format!("no ({})", games(distinct_games(findings))),
            }
        };
        if let Some(meaning) = hello.meanings.get(&part) {
            let _ = write!(verdict, ", as declared narrower: {meaning}");
        }
        let _ = writeln!(
            out,
            "| {} | {} | {verdict} |",
            part.name(),
            part.articles()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for extra in [
        "claims-after-the-end",
        "move-acceptance",
        "moves-after-the-end",
        "answer-shape",
        "input",
        "fault",
        "unsupported",
    ] {
        let verdict = match groups.get(extra) {
            None => "yes".to_owned(),
            Some(findings) => format!("no ({})", games(distinct_games(findings))),
        };
        let _ = writeln!(out, "| {extra} | | {verdict} |");
    }
    for (group, findings) in &groups {
        let _ = writeln!(out, "\n### {group}\n");
        if let Some(why) = report.known.why(group) {
            let _ = writeln!(out, "{why}\n");
        }
        for (index, findings) in by_cause(findings).values().enumerate() {
            if index > 0 {
                out.push('\n');
            }
            markdown_example(&mut out, findings);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::compare::Divergence;
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
