//! Reports of a verification run: text for people, JSON for programs,
//! JUnit XML for CI systems, Markdown for `spec/CONFORMANCE.md`; and each
//! shrunk divergence as a ready-to-paste corpus case.

use std::fmt::Write as _;

use serde_json::json;

use crate::protocol::{Draws, Hello, Part, RefusalKind};
use crate::reference::Reference;

use super::compare::{Divergence, Rule};
use super::judge::judge;
use super::shrink::Game;
use super::{Finding, Problem, Report};

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
pub fn explain_command(game: &Game) -> String {
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
/// answer where `engine` diverged, or `None` for a divergence that is not
/// about the rules (the shape of an answer).
pub fn corpus_case(engine: &str, game: &Game, divergence: &Divergence) -> Option<String> {
    let ours = judge(
        &mut Reference::default(),
        &game.fen,
        &game.moves,
        game.edition,
    );
    let mut articles: Vec<&str> = Vec::new();
    let expectation = match divergence.rule {
        Rule::AnswerShape => return None,
        Rule::MoveAcceptance | Rule::MovesAfterTheEnd => match ours.refusal {
            Some((ply, kind)) => {
                let kind = match kind {
                    RefusalKind::GameOver => "game-over",
                    RefusalKind::InvalidFen => "invalid-fen",
                    _ => "illegal-move",
                };
                if let Some(last) = ours.records.last() {
                    articles.extend(last.ended.iter().map(|ending| ending.article()));
                }
                match ply {
                    Some(ply) => format!("error = {{ kind = \"{kind}\", ply = {ply} }}"),
                    None => format!("error = {{ kind = \"{kind}\" }}"),
                }
            }
            None => format!(
                "expect = {{ ply = {} }}",
                ours.records.len().saturating_sub(1)
            ),
        },
        Rule::Part(part) | Rule::ClaimsAfterTheEnd(part) => {
            let ply = divergence.ply?;
            let status = ours.records.get(ply as usize)?;
            articles.extend(part.articles());
            let strings = |items: Vec<String>| {
                format!(
                    "[{}]",
                    items
                        .iter()
                        .map(|s| quoted(s))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let field = match part {
                Part::Checkmate
                | Part::Stalemate
                | Part::DeadPosition
                | Part::FivefoldRepetition
                | Part::SeventyFiveMoves => format!(
                    "ended = {}",
                    strings(status.ended.iter().map(|e| e.name().to_owned()).collect())
                ),
                Part::ThreefoldRepetition | Part::FiftyMoves => format!(
                    "claims = {}",
                    strings(status.claims.iter().map(|c| c.name().to_owned()).collect())
                ),
                Part::ThreefoldOnMove => format!(
                    "claims_on_move = {{ threefold-repetition = {} }}",
                    strings(status.claims_on_move.threefold_repetition.clone())
                ),
                Part::FiftyMovesOnMove => format!(
                    "claims_on_move = {{ fifty-moves = {} }}",
                    strings(status.claims_on_move.fifty_moves.clone())
                ),
                Part::Repetition => format!("repetition = {}", status.repetition),
                Part::Clock => format!("clock = {}", status.clock),
                Part::Fen => {
                    articles.push("9.2.3");
                    format!("fen = {}", quoted(&status.fen))
                }
                Part::Result => {
                    articles.extend(status.ended.iter().map(|ending| ending.article()));
                    format!("result = {}", quoted(status.result.as_str()))
                }
                // Acceptance divergences carry their own rules.
                Part::Moves => return None,
            };
            format!("at = [{{ ply = {ply}, {field} }}]")
        }
    };
    if articles.is_empty() {
        articles.push("3.10");
    }
    articles.sort_unstable();
    articles.dedup();
    let name = slug(&format!("{engine} {}", divergence.rule));
    let shows = format!(
        "{engine} departs here on {}: the reference says {}, {engine} says {}",
        divergence.rule, divergence.expected, divergence.actual
    )
    .replace('\n', " ");
    Some(format!(
        "# Found by drawrules verify against {engine}.\n[[case]]\nname = {}\narticles = [{}]\nshows = {}\neditions = [\"{}\"]\nfen = {}\nmoves = {}\n{expectation}\n",
        quoted(&name),
        articles
            .iter()
            .map(|a| quoted(a))
            .collect::<Vec<_>>()
            .join(", "),
        quoted(&shows),
        game.edition,
        quoted(&game.fen),
        quoted(&game.moves.join(" ")),
    ))
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

/// How the engine treats claimable draws, as the protocol names it.
fn draws(draws: Draws) -> &'static str {
    match draws {
        Draws::Claims => "claims",
        Draws::Automatic => "automatic",
    }
}

fn problem_text(problem: &Problem) -> String {
    match problem {
        Problem::Divergence(divergence) => divergence.to_string(),
        Problem::Fault(fault) => format!("fault: {fault}"),
    }
}

/// The text report.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let hello = &report.hello;
    let _ = writeln!(
        out,
        "engine: {} (protocol {}, editions {}, draws {})",
        hello.title(),
        hello.protocol,
        editions(hello),
        draws(hello.draws)
    );
    let _ = writeln!(
        out,
        "implements: {}",
        hello
            .implements
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        out,
        "judged: {} corpus games, {} generated games in {:.1} s",
        report.case_games,
        report.generated_games,
        report.elapsed.as_secs_f64()
    );
    let groups = report.groups();
    for (group, findings) in &groups {
        let known = report.known.why(group);
        let _ = writeln!(
            out,
            "\n== {group}: {} game{}{}",
            findings.len(),
            if findings.len() == 1 { "" } else { "s" },
            known
                .map(|why| format!(" (known: {why})"))
                .unwrap_or_default()
        );
        for finding in findings.iter().take(3) {
            let _ = writeln!(
                out,
                "  {}: {}",
                finding.source,
                problem_text(&finding.problem)
            );
        }
        if findings.len() > 3 {
            let _ = writeln!(out, "  ... and {} more", findings.len() - 3);
        }
        if let Some(finding) = findings.iter().find(|f| f.minimal.is_some()) {
            write_minimal(&mut out, &report.hello.name, finding);
        } else if let Some(finding) = findings.first() {
            let _ = writeln!(out, "  replay: {}", explain_command(&finding.game));
        }
    }
    for rule in report.stale() {
        let _ = writeln!(
            out,
            "\n== {rule}: listed as known, but it no longer diverges"
        );
    }
    let unexpected = report.unexpected();
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

fn write_minimal(out: &mut String, engine: &str, finding: &Finding) {
    let Some((game, divergence)) = &finding.minimal else {
        return;
    };
    let _ = writeln!(
        out,
        "  minimal ({} moves): {divergence}\n  replay: {}",
        game.moves.len(),
        explain_command(game)
    );
    if let Some(case) = corpus_case(engine, game, divergence) {
        let _ = writeln!(out, "  as a corpus case:");
        for line in case.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
}

/// The JSON report: one object.
pub fn json(report: &Report) -> String {
    let groups: Vec<serde_json::Value> = report
        .groups()
        .iter()
        .map(|(group, findings)| {
            let minimal = findings
                .iter()
                .find_map(|f| f.minimal.as_ref())
                .map(|(game, d)| {
                    json!({
                        "edition": game.edition,
                        "fen": game.fen,
                        "moves": game.moves,
                        "divergence": d.to_string(),
                        "case": corpus_case(&report.hello.name, game, d),
                    })
                });
            json!({
                "group": group,
                "known": report.known.why(group),
                "games": findings.len(),
                "examples": findings.iter().take(3).map(|f| json!({
                    "source": f.source,
                    "problem": problem_text(&f.problem),
                })).collect::<Vec<_>>(),
                "minimal": minimal,
            })
        })
        .collect();
    json!({
        "engine": report.hello,
        "case_games": report.case_games,
        "generated_games": report.generated_games,
        "seconds": report.elapsed.as_secs_f64(),
        "groups": groups,
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
pub fn junit(report: &Report) -> String {
    let groups = report.groups();
    let mut names: Vec<&str> = report.hello.implements.iter().map(|p| p.name()).collect();
    names.extend([
        "claims-after-the-end",
        "move-acceptance",
        "moves-after-the-end",
        "answer-shape",
        "fault",
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
        let known = report.known.why(name);
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
                if let Some(finding) = findings.iter().find(|f| f.minimal.is_some()) {
                    write_minimal(&mut body, &report.hello.name, finding);
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
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"drawrules verify: {}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{:.3}\">\n{cases}  </testsuite>\n</testsuites>\n",
        xml(&report.hello.title()),
        names.len(),
        report.elapsed.as_secs_f64()
    )
}

/// The Markdown section of `spec/CONFORMANCE.md` for one engine: which
/// declared parts agree with the reference, and a minimal game for each
/// divergence with the reading the reference follows.
pub fn markdown(report: &Report) -> String {
    let mut out = String::new();
    let hello = &report.hello;
    let groups = report.groups();
    let _ = writeln!(out, "## {}\n", hello.title());
    let _ = writeln!(
        out,
        "Judged {} corpus games and {} generated games (editions: {}; draws: {}).\n",
        report.case_games,
        report.generated_games,
        editions(hello),
        draws(hello.draws)
    );
    let _ = writeln!(
        out,
        "| part | articles | agrees with the reference |\n|---|---|---|"
    );
    for part in Part::ALL {
        let verdict = if !hello.implements(part) {
            "not implemented".to_owned()
        } else {
            match groups.get(part.name()) {
                None => "yes".to_owned(),
                Some(findings) => format!("no ({})", games(findings.len())),
            }
        };
        let _ = writeln!(
            out,
            "| {} | {} | {verdict} |",
            part.name(),
            part.articles().join(", ")
        );
    }
    for extra in [
        "claims-after-the-end",
        "move-acceptance",
        "moves-after-the-end",
        "answer-shape",
        "fault",
    ] {
        let verdict = match groups.get(extra) {
            None => "yes".to_owned(),
            Some(findings) => format!("no ({})", games(findings.len())),
        };
        let _ = writeln!(out, "| {extra} | | {verdict} |");
    }
    for (group, findings) in &groups {
        let _ = writeln!(out, "\n### {group}\n");
        if let Some(why) = report.known.why(group) {
            let _ = writeln!(out, "{why}\n");
        }
        let minimal = findings.iter().find_map(|f| f.minimal.as_ref());
        match minimal {
            Some((game, divergence)) => {
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
    out
}
