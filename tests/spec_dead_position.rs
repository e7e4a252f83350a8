//! The worked examples of Article 5.2.2 on `spec/rules/5-endings.md`, run on
//! exactly the positions the page shows: each ```` ```dead-position ````
//! block is read from the page and its claims (each side's answer with its
//! reason or line, the verdict, the record's endings) are compared with
//! what the library says. The page shows the reference's decision, line
//! for line; the arbiter's own decision (`drawrules::unwinnable`) must give
//! each side the same answer with the same reason, its lines replaying to
//! their checkmates.

use std::path::Path;

use drawrules::mating::{Budget, DeadRule, Deadness, Mating, NoMate, Side};
use drawrules::reference::dead_position::{can_ever_mate_in, deadness};
use drawrules::unwinnable;
use drawrules::{Edition, Ending, Reference, Rules, StartPosition};
use shakmaty::{CastlingMode, Color};

/// One block: its line on the page and its `key: value` fields.
struct Block {
    line: usize,
    fields: Vec<(String, String)>,
}

impl Block {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn need(&self, key: &str) -> &str {
        self.get(key)
            .unwrap_or_else(|| panic!("block at line {}: no {key:?}", self.line))
    }
}

fn blocks() -> Vec<Block> {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/rules/5-endings.md");
    let text = std::fs::read_to_string(&page).expect("the 5-endings page");
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        match (&mut current, line.trim_end()) {
            (None, "```dead-position") => {
                current = Some(Block {
                    line: index + 1,
                    fields: Vec::new(),
                });
            }
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(block), line) => {
                let (key, value) = line
                    .split_once(':')
                    .unwrap_or_else(|| panic!("line {}: not `key: value`", index + 1));
                let known = [
                    "fen", "moves", "white", "black", "verdict", "ended", "exact",
                ];
                assert!(known.contains(&key), "line {}: unknown {key:?}", index + 1);
                block.fields.push((key.to_owned(), value.trim().to_owned()));
            }
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "an unclosed dead-position block");
    blocks
}

/// A side's answer as the page writes it.
fn written(mating: &Mating) -> String {
    match mating {
        Mating::Possible { line } => format!("possible in {} plies", line.len()),
        Mating::Impossible { reason } => format!(
            "impossible ({})",
            match reason {
                NoMate::Material => "material",
                NoMate::Wall => "wall",
                NoMate::Exhausted { .. } => "exhausted",
            }
        ),
        Mating::Undetermined => "undetermined".to_owned(),
    }
}

fn check(block: &Block) {
    let at = format!("5-endings.md line {}", block.line);
    let start: StartPosition = block.need("fen").parse().expect("a legal FEN");
    let mut game = Reference::new(&start, Edition::Fide2018);
    for mv in block.get("moves").unwrap_or_default().split_whitespace() {
        game.play(mv.parse().expect("UCI")).expect("a legal move");
    }
    let position = game.position().clone();
    for (key, color) in [("white", Color::White), ("black", Color::Black)] {
        let mating = can_ever_mate_in(&position, color, CastlingMode::Standard, Budget::DEFAULT);
        let expected = block.need(key);
        let (answer, first_moves) = expected.split_once(':').unwrap_or((expected, ""));
        assert_eq!(written(&mating), answer, "{at}: {key}");
        let fast =
            unwinnable::can_ever_mate_in(&position, color, CastlingMode::Standard, Budget::DEFAULT);
        let kind = |text: &str| text.split(" in ").next().unwrap_or_default().to_owned();
        assert_eq!(
            kind(&written(&fast)),
            kind(answer),
            "{at}: {key}, the fast decision"
        );
        for mating in [&mating, &fast] {
            if let Mating::Possible { line } = mating {
                assert_mates(block, &start, line, color, &at, key);
            }
        }
        if let Mating::Possible { line } = &mating {
            let first: Vec<&str> = first_moves.split_whitespace().collect();
            assert!(!first.is_empty(), "{at}: {key}: show the first moves");
            assert_eq!(&line[..first.len()], first, "{at}: {key}: {line:?}");
        }
    }
    let verdict = match deadness(game.game()) {
        Deadness::Dead { .. } => "dead".to_owned(),
        Deadness::Alive {
            side: Side::White, ..
        } => "alive (white)".to_owned(),
        Deadness::Alive {
            side: Side::Black, ..
        } => "alive (black)".to_owned(),
        Deadness::Undetermined => "undetermined".to_owned(),
    };
    assert_eq!(verdict, block.need("verdict"), "{at}: verdict");
    if let Some(ended) = block.get("ended") {
        let record: Vec<String> = game.status().ended.iter().map(|e| e.to_string()).collect();
        assert_eq!(record.join(" "), ended, "{at}: the record's endings");
    }
    // Under the exact rule the record lists `dead-position` exactly when
    // the verdict is dead, and all of it as `exact` says when given
    // (otherwise as `ended` says, when given).
    let mut exact = Reference::new(&start, Edition::Fide2018).with_dead_rule(DeadRule::exact());
    for mv in block.get("moves").unwrap_or_default().split_whitespace() {
        exact.play(mv.parse().expect("UCI")).expect("a legal move");
    }
    let record = exact.status();
    assert!(record.undetermined.is_empty(), "{at}: undetermined");
    assert_eq!(
        record.ended.contains(&Ending::DeadPosition),
        verdict == "dead",
        "{at}: the exact record's endings {:?}",
        record.ended
    );
    if let Some(ended) = block.get("exact").or(block.get("ended")) {
        let listed: Vec<String> = record.ended.iter().map(|e| e.to_string()).collect();
        assert_eq!(listed.join(" "), ended, "{at}: the exact record's endings");
    }
}

/// Replays the block's moves, then `line`, and asserts a checkmate by
/// `color`.
fn assert_mates(
    block: &Block,
    start: &StartPosition,
    line: &[String],
    color: Color,
    at: &str,
    key: &str,
) {
    let mut replay = Reference::new(start, Edition::Fide2018);
    let played = block.get("moves").unwrap_or_default().split_whitespace();
    for mv in played.chain(line.iter().map(String::as_str)) {
        replay.play(mv.parse().expect("UCI")).expect("a legal move");
    }
    let mated = replay.position();
    assert!(
        shakmaty::Position::is_checkmate(mated) && shakmaty::Position::turn(mated) != color,
        "{at}: {key}: {line:?} does not mate"
    );
}

#[test]
fn the_worked_examples_of_5_2_2_hold() {
    let blocks = blocks();
    // (a) to (j), with two positions for (d) and for (e), four for (g).
    assert_eq!(blocks.len(), 15, "the dead-position blocks on the page");
    for block in &blocks {
        check(block);
    }
}
