//! `drawrules explain`: a game played through one implementation, shown as
//! a table or as status records. Its options ([`ExplainArgs`]) live in
//! the crate's library, where the book reads them too.

use std::process::ExitCode;

use crate::ExplainArgs;
use drawrules::explain::{Row, explain, render_table, verdict};
use drawrules::mating::DeadRule;

use crate::output::{fail, print};

/// Runs the command: 0 when every move was played, 2 at the first FEN or
/// move that could not be (the plies before it are still shown).
pub fn run(args: &ExplainArgs) -> ExitCode {
    let start = match args.start() {
        Ok(start) => start,
        Err(message) => return fail(&message),
    };
    let mut rules = args.engine.rules();
    if args.exact_dead_position && !rules.set_dead_rule(DeadRule::exact()) {
        return fail("--exact-dead-position: this engine decides 5.2.2 by material only");
    }
    let explained = explain(rules.as_mut(), &start, args.rules, &args.moves);

    let mut out = if args.json {
        render_json(&explained.rows)
    } else {
        render_table(&explained.rows)
    };
    if let (false, None, Some(last)) = (args.json, &explained.error, explained.rows.last()) {
        out.push_str(&verdict(last));
        out.push('\n');
    }
    if let Err(code) = print(&out) {
        return code;
    }
    match explained.error {
        Some(error) => fail(&error.to_string()),
        None => ExitCode::SUCCESS,
    }
}

/// The status records as JSON, one line per ply.
fn render_json(rows: &[Row]) -> String {
    let mut out = String::new();
    for row in rows {
        // A `Status` holds only strings, numbers and plain enums: it always
        // serialises.
        let line = serde_json::to_string(&row.status).unwrap_or_default();
        out.push_str(&line);
        out.push('\n');
    }
    out
}
