//! The text report, for people.

use super::*;

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
