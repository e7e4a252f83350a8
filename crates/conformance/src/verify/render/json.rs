//! The JSON report, for programs.

use super::*;

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
                let hidden: serde_json::Map<String, serde_json::Value> = Hider::ALL
                    .into_iter()
                    .zip(e.hidden)
                    .filter(|&(_, n)| n > 0)
                    .map(|(hider, n)| (hider.name().to_owned(), json!(n)))
                    .collect();
                json!({
                    "occasion": e.occasion.name(),
                    "met": e.met,
                    "compared": e.compared,
                    "after_own_draws": e.after_own_draws,
                    "hidden": hidden,
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
