//! The hard stories of the corpus told ply by ply: the readable `explain`
//! table and verdict (what `drawrules explain` prints) for chosen cases of
//! `spec/cases/`, pinned as insta snapshots under `tests/snapshots/`.
//!
//! The stories are read from the corpus by name, so a snapshot always shows
//! a game the conformance suite checks too. Both engines must print the
//! same table. After a deliberate change, `cargo insta review` (or
//! `INSTA_UPDATE=always cargo test --test snapshots`) rewrites the files;
//! review the diff before committing.

use std::path::Path;

use drawrules::explain::{explain, render_table, verdict};
use drawrules::{Arbiter, Edition, Reference, Rules, StartPosition};
use drawrules_conformance::corpus::{Case, Corpus, load_dir};

fn corpus() -> Corpus {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/cases");
    load_dir(&dir).unwrap_or_else(|err| panic!("{err}"))
}

fn case<'a>(corpus: &'a Corpus, full_name: &str) -> &'a Case {
    corpus
        .cases()
        .find(|(group, case)| case.full_name(group) == full_name)
        .map(|(_, case)| case)
        .unwrap_or_else(|| panic!("no case {full_name} in spec/cases"))
}

/// The table and verdict for `case` under `edition`, from one engine.
fn told(rules: &mut dyn Rules, case: &Case, edition: Edition) -> String {
    let start = case
        .fen
        .as_deref()
        .map_or_else(StartPosition::standard, |fen| {
            fen.parse().unwrap_or_else(|err| panic!("{fen}: {err}"))
        });
    let moves: Vec<&str> = case.moves().collect();
    let explained = explain(rules, &start, edition, &moves);
    if let Some(error) = explained.error {
        panic!("{}: {error}", case.name);
    }
    let last = explained.rows.last().expect("ply 0 is always there");
    format!("{}{}\n", render_table(&explained.rows), verdict(last))
}

/// Snapshots one story under the first edition its case holds for (the
/// only one, for the cases that hold for one edition).
fn story(full_name: &str) {
    let corpus = corpus();
    let case = case(&corpus, full_name);
    let edition = case.editions[0];
    let reference = told(&mut Reference::default(), case, edition);
    let arbiter = told(&mut Arbiter::default(), case, edition);
    assert_eq!(reference, arbiter, "{full_name}: the engines disagree");
    let header = format!(
        "{full_name} ({edition}; articles {})\n{}\nstart: {}\n\n",
        case.articles
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        case.shows,
        case.fen.as_deref().unwrap_or("the standard position"),
    );
    insta::assert_snapshot!(full_name.replace('/', "__"), header + &reference);
}

#[test]
fn mate_on_the_move_that_completes_the_75th() {
    story("seventy-five-moves/mate-on-the-150th-ply");
}

#[test]
fn stalemate_on_the_move_that_completes_the_75th() {
    story("seventy-five-moves/stalemate-on-the-150th-ply");
}

#[test]
fn mate_on_the_100th_ply() {
    story("fifty-moves/mate-on-the-100th-ply");
}

#[test]
fn castling_during_the_fifty_move_count() {
    story("fifty-moves/castling-does-not-reset");
}

#[test]
fn en_passant_that_makes_positions_differ() {
    story("en-passant/legal-capture-makes-positions-differ");
}

#[test]
fn en_passant_that_makes_no_difference() {
    story("en-passant/pinned-pawn-makes-no-difference");
}

#[test]
fn fivefold_by_transposition() {
    story("fivefold/by-transposition");
}

#[test]
fn fivefold_where_the_editions_disagree() {
    story("fivefold/detour-breaks-the-rhythm-2018");
    story("fivefold/detour-breaks-the-rhythm-2014");
}

#[test]
fn threefold_claim_on_a_written_move() {
    story("threefold/written-move-before-the-third");
}
