//! The Markdown report, for `spec/CONFORMANCE.md`.

use super::*;

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
