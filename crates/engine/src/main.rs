//! `drawrules-engine [reference|arbiter] [--exact-dead-position]`: the
//! library's reference (the default) or its arbiter as an engine of
//! verify's protocol (spec/PROTOCOL.md), answering every part of the rules
//! on standard input and output; with `--exact-dead-position` it decides
//! Article 5.2.2 exactly and says so in its handshake (`"dead-position":
//! "exact"`), so that verify compares that reading too.
//!
//! verify compares an engine's answers with the library it was built
//! from; this engine is the library again, as a separate process built
//! from whatever the library's source says. Built from a mutant of the
//! library (book/src/mutants.md) and driven by a verify built from the
//! unchanged one, it is a library with one bug nobody chose: the share of
//! such engines verify fails is its recall. Built from the unchanged
//! library, verify must pass it with no finding at all.
//!
//! A line that is not a request is answered with a `bad-request` error;
//! `quit` or the end of the input ends the process (exit status 0). An
//! unknown argument, or output that cannot be written, exits with status
//! 2 and a message on standard error.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use drawrules::mating::DeadRule;
use drawrules::{Arbiter, Edition, Notation, Reference, Rules, StartPosition, judge};
use serde_json::{Value, json};

/// The parts this engine answers: every part of the records (the per-game
/// answers and `draw_claimable` aside, which repeat what the records say).
const IMPLEMENTS: [&str; 15] = [
    "checkmate",
    "stalemate",
    "dead-position",
    "fivefold-repetition",
    "seventy-five-moves",
    "threefold-repetition",
    "fifty-moves",
    "threefold-on-move",
    "fifty-moves-on-move",
    "repetition",
    "clock",
    "fen",
    "result",
    "moves",
    "draw-claimable",
];

/// Which implementation of the library answers, and how it decides
/// Article 5.2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Implementation {
    arbiter: bool,
    exact: bool,
}

impl Implementation {
    fn rules(self) -> Box<dyn Rules> {
        let mut rules: Box<dyn Rules> = if self.arbiter {
            Box::new(Arbiter::default())
        } else {
            Box::new(Reference::default())
        };
        if self.exact {
            rules.set_dead_rule(DeadRule::exact());
        }
        rules
    }

    fn name(self) -> &'static str {
        if self.arbiter {
            "drawrules-arbiter"
        } else {
            "drawrules-reference"
        }
    }

    /// The handshake's reading of Article 5.2.2.
    fn dead_position(self) -> &'static str {
        if self.exact { "exact" } else { "material" }
    }
}

fn main() -> ExitCode {
    let mut implementation = Implementation {
        arbiter: false,
        exact: false,
    };
    let mut named = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "reference" | "arbiter" if !named => {
                implementation.arbiter = arg == "arbiter";
                named = true;
            }
            "--exact-dead-position" => implementation.exact = true,
            _ => {
                eprintln!(
                    "drawrules-engine: unexpected argument {arg:?}\n\
                     usage: drawrules-engine [reference|arbiter] [--exact-dead-position] \
                     (verify drives it: drawrules verify --engine drawrules-engine)"
                );
                return ExitCode::from(2);
            }
        }
    }
    match serve(
        implementation,
        io::stdin().lock(),
        BufWriter::new(io::stdout().lock()),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("drawrules-engine: {err}");
            ExitCode::from(2)
        }
    }
}

/// Answers the requests of `input` on `output`, one line each, until
/// `quit` or the end of the input.
fn serve(
    implementation: Implementation,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let Some(answer) = answer(implementation, &line) else {
            break;
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}

/// The answer to one line; `None` for `quit`.
fn answer(implementation: Implementation, line: &str) -> Option<Value> {
    let request: Value = match serde_json::from_str(line) {
        Ok(request) => request,
        Err(err) => return Some(bad_request(&Value::Null, &format!("not JSON: {err}"))),
    };
    match request["type"].as_str() {
        Some("hello") => Some(json!({
            "type": "hello",
            "protocol": 2,
            "name": implementation.name(),
            "version": env!("CARGO_PKG_VERSION"),
            "implements": IMPLEMENTS,
            "editions": Edition::ALL.map(|edition| edition.to_string()),
            "dead-position": implementation.dead_position(),
        })),
        Some("judge") => Some(judged(implementation, &request)),
        Some("quit") => None,
        _ => Some(bad_request(&request["id"], "not a request of protocol 2")),
    }
}

/// The answer to a judge request: the records, or the refusal with the
/// records of the plies before it.
fn judged(implementation: Implementation, request: &Value) -> Value {
    let id = &request["id"];
    let (Some(fen), Some(edition), Some(moves)) = (
        request["fen"].as_str(),
        request["edition"].as_str(),
        request["moves"].as_array(),
    ) else {
        return bad_request(id, "a judge request needs fen, edition and moves");
    };
    let Ok(edition) = edition.parse::<Edition>() else {
        return bad_request(id, &format!("no edition {edition}"));
    };
    let Some(moves) = moves
        .iter()
        .map(Value::as_str)
        .collect::<Option<Vec<&str>>>()
    else {
        return bad_request(id, "moves must be strings");
    };
    let start = match StartPosition::from_fen(fen) {
        Ok(start) => start,
        Err(err) => {
            return json!({"type": "error", "id": id, "kind": "invalid-fen", "message": err.to_string()});
        }
    };
    let mut rules = implementation.rules();
    let judgement = judge(rules.as_mut(), &start, edition, &moves, Notation::Uci);
    let records: Vec<Value> = judgement.records.iter().map(record).collect();
    match &judgement.refusal {
        None => json!({"type": "records", "id": id, "records": records}),
        Some(refusal) => {
            let mut error = json!({
                "type": "error",
                "id": id,
                "kind": refusal.kind().name(),
                "message": refusal.reason.to_string(),
                "records": records,
            });
            if let Some(ply) = refusal.move_ply() {
                error["ply"] = json!(ply);
            }
            error
        }
    }
}

/// A ply's status record as the protocol sends it: the record, and
/// `draw_claimable` (some claim now, on the board or on a move).
fn record(status: &drawrules::Status) -> Value {
    let mut record = serde_json::to_value(status).expect("a status record is JSON");
    let claimable = !status.claims.is_empty()
        || !status.claims_on_move.threefold_repetition.is_empty()
        || !status.claims_on_move.fifty_moves.is_empty();
    record["draw_claimable"] = json!(claimable);
    record
}

fn bad_request(id: &Value, message: &str) -> Value {
    json!({"type": "error", "id": id, "kind": "bad-request", "message": message})
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: Implementation = Implementation {
        arbiter: false,
        exact: false,
    };

    fn answered(line: &str) -> Value {
        answer(REFERENCE, line).expect("an answer")
    }

    #[test]
    fn the_handshake_declares_every_part_both_editions_and_the_reading() {
        let hello = answered(r#"{"type": "hello", "protocol": 2}"#);
        assert_eq!(
            hello["implements"].as_array().unwrap().len(),
            IMPLEMENTS.len()
        );
        assert_eq!(hello["editions"], json!(["fide-2018", "fide-2014"]));
        assert_eq!(hello["dead-position"], "material");
        let exact = Implementation {
            arbiter: true,
            exact: true,
        };
        let hello = answer(exact, r#"{"type": "hello", "protocol": 2}"#).unwrap();
        assert_eq!(
            (hello["name"].as_str(), hello["dead-position"].as_str()),
            (Some("drawrules-arbiter"), Some("exact"))
        );
    }

    #[test]
    fn a_game_is_answered_with_a_record_per_ply() {
        let judged = answered(
            r#"{"type": "judge", "id": 4, "edition": "fide-2018", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "moves": ["a1a2", "e8d8"], "plies": "all"}"#,
        );
        assert_eq!(judged["type"], "records");
        assert_eq!(judged["id"], 4);
        let records = judged["records"].as_array().unwrap();
        assert_eq!(records.len(), 3);
        assert_eq!(records[2]["clock"], 100);
        assert_eq!(records[2]["claims"], json!(["fifty-moves"]));
        assert_eq!(records[2]["draw_claimable"], true);
        // At clock 99 Black may write down a move that makes the 100th ply.
        assert_eq!(records[1]["draw_claimable"], true);
        assert_eq!(records[0]["draw_claimable"], false);
    }

    #[test]
    fn refusals_name_their_kind_and_ply_and_keep_the_records_before() {
        let illegal = answered(
            r#"{"type": "judge", "id": 1, "edition": "fide-2014", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "moves": ["a1a2", "e8e1"]}"#,
        );
        assert_eq!(
            (
                illegal["type"].as_str(),
                illegal["kind"].as_str(),
                illegal["ply"].as_u64()
            ),
            (Some("error"), Some("illegal-move"), Some(2))
        );
        assert_eq!(illegal["records"].as_array().unwrap().len(), 2);
        // Stalemate at the start: no move may follow.
        let over = answered(
            r#"{"type": "judge", "id": 2, "edition": "fide-2018", "fen": "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "moves": ["a8a7"]}"#,
        );
        assert_eq!(
            (over["kind"].as_str(), over["ply"].as_u64()),
            (Some("game-over"), Some(1))
        );
        let unreadable = answered(
            r#"{"type": "judge", "id": 3, "edition": "fide-2018", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "moves": ["Ra2"]}"#,
        );
        assert_eq!(unreadable["kind"], "unreadable-move");
        let fen = answered(
            r#"{"type": "judge", "id": 5, "edition": "fide-2018", "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": []}"#,
        );
        assert_eq!(
            (fen["kind"].as_str(), fen.get("ply")),
            (Some("invalid-fen"), None)
        );
    }

    #[test]
    fn what_is_not_a_request_is_a_bad_request() {
        for (line, id) in [
            ("not json", Value::Null),
            (r#"{"type": "dance", "id": 9}"#, json!(9)),
            (
                r#"{"type": "judge", "id": 6, "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}"#,
                json!(6),
            ),
            (
                r#"{"type": "judge", "id": 7, "edition": "fide-2030", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "moves": []}"#,
                json!(7),
            ),
            (
                r#"{"type": "judge", "id": 8, "edition": "fide-2018", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "moves": [1]}"#,
                json!(8),
            ),
        ] {
            let answer = answered(line);
            assert_eq!(
                (answer["kind"].as_str(), &answer["id"]),
                (Some("bad-request"), &id),
                "{line}"
            );
        }
    }

    #[test]
    fn a_session_ends_at_quit_and_answers_each_line_before() {
        let input =
            "{\"type\": \"hello\", \"protocol\": 2}\n{\"type\": \"quit\"}\n{\"type\": \"hello\"}\n";
        let mut output = Vec::new();
        serve(REFERENCE, input.as_bytes(), &mut output).unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&output).unwrap().lines().collect();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].contains("\"hello\""));
        // The end of the input ends it too.
        let mut output = Vec::new();
        serve(REFERENCE, "not json\n".as_bytes(), &mut output).unwrap();
        assert!(
            std::str::from_utf8(&output)
                .unwrap()
                .contains("bad-request")
        );
    }
}
