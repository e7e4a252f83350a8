//! The status record under the exact 5.2.2 rule (`DeadRule::Exact`), in
//! both engines: how an undetermined verdict shows, and that it never ends
//! the game.

use drawrules::explain::{explain, render_table, verdict};
use drawrules::mating::{Budget, DeadRule};
use drawrules::{Arbiter, Claim, Edition, Ending, Reference, Rules, StartPosition, Status};

/// A budget too small to decide any middlegame: one expansion, one
/// explored position.
const TINY: Budget = Budget {
    helpmate_nodes: 1,
    explored_positions: 1,
};

fn engines() -> [(&'static str, Box<dyn Rules>); 2] {
    [
        ("reference", Box::new(Reference::default())),
        ("arbiter", Box::new(Arbiter::default())),
    ]
}

/// Plays `moves` (UCI) from `fen` under `rule` and returns every record.
fn records(rules: &mut dyn Rules, rule: DeadRule, fen: &str, moves: &[&str]) -> Vec<Status> {
    assert!(rules.set_dead_rule(rule));
    let start: StartPosition = fen.parse().expect("a legal FEN");
    rules.start(&start, Edition::Fide2018).expect("starts");
    let mut records = vec![rules.status()];
    for mv in moves {
        rules.play(mv.parse().expect("UCI")).expect("a legal move");
        records.push(rules.status());
    }
    records
}

#[test]
fn an_undetermined_verdict_is_listed_and_the_game_goes_on() {
    // Knights out and back twice: the start stands a third time at ply 8,
    // and a threefold claim is open there.
    let moves = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut seen = Vec::new();
    for (name, mut rules) in engines() {
        let exact = records(rules.as_mut(), DeadRule::Exact(TINY), start, &moves);
        let material = records(rules.as_mut(), DeadRule::Material, start, &moves);
        assert_eq!(exact.len(), 9, "{name}: every move was accepted");
        for (undecided, decided) in exact.iter().zip(&material) {
            assert_eq!(undecided.undetermined, [Ending::DeadPosition], "{name}");
            assert!(undecided.ended.is_empty(), "{name}: not over");
            // Apart from `undetermined`, the record is the material one.
            let mut same = undecided.clone();
            same.undetermined.clear();
            assert_eq!(&same, decided, "{name} at ply {}", decided.ply);
        }
        assert_eq!(exact[8].claims, [Claim::ThreefoldRepetition], "{name}");
        let json = serde_json::to_string(&exact[0]).unwrap();
        assert!(
            json.contains(r#""ended":[],"undetermined":["dead-position"],"result":"*""#),
            "{name}: {json}"
        );
        // The material rule never leaves anything undetermined, and the
        // JSON then has no such field.
        let json = serde_json::to_string(&material[0]).unwrap();
        assert!(!json.contains("undetermined"), "{name}: {json}");
        seen.push(exact);
    }
    assert_eq!(seen[0], seen[1], "the two engines' records");
}

#[test]
fn the_rule_outlives_a_new_game_and_can_be_set_back() {
    let walled = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1";
    for (name, mut rules) in engines() {
        let exact = records(rules.as_mut(), DeadRule::exact(), walled, &[]);
        assert_eq!(exact[0].ended, [Ending::DeadPosition], "{name}");
        // A second game under the same rule, started afresh.
        let start: StartPosition = walled.parse().unwrap();
        rules.start(&start, Edition::Fide2014).unwrap();
        assert_eq!(rules.status().ended, [Ending::DeadPosition], "{name}");
        let material = records(rules.as_mut(), DeadRule::Material, walled, &[]);
        assert!(material[0].ended.is_empty(), "{name}");
        assert!(rules.play("a1b2".parse().unwrap()).is_ok(), "{name}");
    }
}

/// The `explain` table and verdict (what `drawrules explain
/// --exact-dead-position` prints) of `moves` from `fen` under `rule`,
/// the same from both engines.
fn explained(rule: DeadRule, fen: &str, moves: &[&str]) -> String {
    let start: StartPosition = fen.parse().expect("a legal FEN");
    let mut tables = Vec::new();
    for (name, mut rules) in engines() {
        assert!(rules.set_dead_rule(rule), "{name}");
        let told = explain(rules.as_mut(), &start, Edition::Fide2018, moves);
        assert!(told.error.is_none(), "{name}: {:?}", told.error);
        let last = told.rows.last().expect("ply 0 is always there");
        tables.push(format!("{}{}\n", render_table(&told.rows), verdict(last)));
    }
    assert_eq!(tables[0], tables[1], "the engines disagree");
    tables.swap_remove(0)
}

#[test]
fn explain_shows_undetermined_and_decided_verdicts() {
    // Every row undecided, and the game goes on.
    let undecided = explained(
        DeadRule::Exact(TINY),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["g1f3", "g8f6", "f3g1", "f6g8"],
    );
    // Worked example (e) of spec/rules/5-endings.md: the 150th quiet ply
    // leaves Black only the capture of the rook, so the position is dead
    // as well as past the 75 moves.
    let decided = explained(
        DeadRule::exact(),
        "k7/8/8/8/8/8/8/1R5K w - - 149 120",
        &["b1b7"],
    );
    insta::assert_snapshot!(
        "explain_exact_dead_position",
        format!("budget of 1 expansion:\n{undecided}\ndefault budget:\n{decided}")
    );
}
