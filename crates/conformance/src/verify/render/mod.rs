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

use crate::verify::game::cause::Cause;
use crate::verify::game::conventions::counted::DecidedConventions;
use crate::verify::game::exceptions::endings_judged_unreported;
use crate::verify::game::fen_fields::FenField;
use crate::verify::game::group::Group;
use crate::verify::game::judged_by::JudgedBy;
use crate::verify::game::occasions::{Exercised, FLOOR, Hider};
use crate::verify::game::trial::{Minimal, Trial};
use crate::verify::tally::findings::EXAMPLES;
use crate::verify::tally::known::Label;
use crate::verify::tally::outcome::{Finding, Problem, VerifyReport};
use crate::verify::tally::verdicts::{Compared, ExtraGroup, Verdict};

mod case;
mod json;
mod junit;
mod markdown;
mod text;

pub use case::{corpus_case, explain_command};
pub use json::json;
pub use junit::{junit, junit_failure};
pub use markdown::markdown;
pub use text::text;

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

/// A lowercase name of words joined by `-`.
fn slug(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    words.join("-")
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
