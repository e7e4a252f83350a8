//! The JUnit XML report, for CI systems.

use super::*;

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

/// A JUnit test case's outcome.
enum Outcome {
    /// Passed, with what was compared.
    Passed(String),
    /// Skipped, with why.
    Skipped(String),
    /// Failed, with a message and the findings.
    Failed(String, String),
}
