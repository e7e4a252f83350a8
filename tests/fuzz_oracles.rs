//! The fuzz targets' oracles, run by `cargo test` where cargo-fuzz is not
//! installed: on inputs made from a fixed seed, and on every seed input
//! committed under `fuzz/seeds/`. (`prop_arbiter_matches_reference` and
//! `oracle_agrees_on_seeded_bytes` in `tests/differential.rs` do the same for
//! `differential_game` with generated games, and
//! `exact_dead_positions_agree_on_blocked_games` for `dead_position_game`.)

use std::fs;
use std::path::Path;

use drawrules_oracle::{
    Agreement, ExactCases, ORACLE_BUDGET, arbiter_matches_reference, corpus_file,
    exact_dead_position_game, explain_input, pgn_input, protocol_answers,
};
use drawrules_scenario::{Scenario, SeededBytes};

/// Text the command line might receive: a generated game written as
/// `FEN\nmoves`, then damaged a little (words dropped, doubled or swapped,
/// characters replaced, the text cut short), or plain random bytes.
fn damaged_text(seeded: &mut SeededBytes) -> String {
    let len = 16 + (seeded.next_u64() % 400) as usize;
    let scenario = Scenario::from_bytes(&seeded.take(len));
    let moves: Vec<String> = scenario.uci().iter().map(ToString::to_string).collect();
    let mut words: Vec<String> = moves;
    let damage = seeded.next_u64() % 8;
    let at = |seeded: &mut SeededBytes, n: usize| (seeded.next_u64() as usize) % n.max(1);
    match damage {
        0 if !words.is_empty() => {
            let i = at(seeded, words.len());
            words.remove(i);
        }
        1 if !words.is_empty() => {
            let i = at(seeded, words.len());
            let word = words[i].clone();
            words.insert(i, word);
        }
        2 if words.len() > 1 => {
            let i = at(seeded, words.len() - 1);
            words.swap(i, i + 1);
        }
        3 => {
            let i = at(seeded, words.len() + 1);
            let junk = [
                "", "e9", "O-O-O", "Nf3+", "a8=Q", "e1g1", "0000", "Kxx", "\u{2654}",
            ];
            words.insert(i, junk[at(seeded, junk.len())].to_owned());
        }
        _ => {}
    }
    let mut text = format!("{}\n{}", scenario.start, words.join(" "));
    match seeded.next_u64() % 6 {
        0 => {
            // Replace one character of the FEN line.
            let fen_len = text.find('\n').unwrap_or(0).max(1);
            let i = at(seeded, fen_len);
            if text.is_char_boundary(i) && text.is_char_boundary(i + 1) {
                let c = b"/12345678 wbKQkq-pnbrqkPNBRQK"[at(seeded, 29)] as char;
                text.replace_range(i..i + 1, &c.to_string());
            }
        }
        1 => {
            let mut cut = at(seeded, text.len());
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
        }
        2 => text = String::from_utf8_lossy(&seeded.take(len)).into_owned(),
        _ => {}
    }
    text
}

#[test]
fn explain_input_holds_on_seeded_texts() {
    let mut seeded = SeededBytes::new(0xe7a1_a1ed);
    let mut total = Agreement::default();
    for _ in 0..3_000 {
        let text = damaged_text(&mut seeded);
        match explain_input(&text) {
            Ok(agreement) => total.merge(&agreement),
            Err(inconsistency) => panic!("{inconsistency}\ninput: {text:?}"),
        }
    }
    println!("explain_input on seeded texts: {total}");
    // The inputs must reach both outcomes and the rules' edges, or the test
    // proves little.
    assert!(total.rejected > 100, "{total}");
    assert!(total.inputs - total.rejected > 1_500, "{total}");
    assert!(total.claims_now > 0 && total.claims_on_move > 0, "{total}");
    assert!(total.endings.iter().all(|&n| n > 0), "{total}");
}

/// The corpus files of `spec/cases`, damaged: a line dropped, doubled or
/// cut, a value's type changed, a field renamed. Run as the fuzz target runs
/// them: the exact 5.2.2 cases under the material rule (the seeds' test below
/// runs them as they ask).
#[test]
fn corpus_file_holds_on_damaged_case_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/cases");
    let mut files: Vec<String> = fs::read_dir(&dir)
        .expect("spec/cases exists")
        .map(|entry| fs::read_to_string(entry.expect("entry").path()).expect("UTF-8 case file"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut seeded = SeededBytes::new(0xc0de_ca5e);
    let mut total = Agreement::default();
    for round in 0..600 {
        let text = &files[round % files.len()];
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let i = (seeded.next_u64() as usize) % lines.len();
        match seeded.next_u64() % 6 {
            0 => {
                lines.remove(i);
            }
            1 => lines.insert(i, lines[i].clone()),
            2 => {
                let mut cut = (seeded.next_u64() as usize) % (lines[i].len() + 1);
                while !lines[i].is_char_boundary(cut) {
                    cut -= 1;
                }
                lines[i].truncate(cut);
            }
            3 => lines[i] = lines[i].replace("= \"", "= 7 #").replace("= [", "= \"["),
            4 => lines[i] = lines[i].replacen('e', "x", 1),
            _ => {}
        }
        let damaged = lines.join("\n");
        match corpus_file(&damaged, ExactCases::UnderMaterial) {
            Ok(agreement) => total.merge(&agreement),
            Err(inconsistency) => panic!("{inconsistency}\ninput: {damaged:?}"),
        }
    }
    println!("corpus_file on damaged case files: {total}");
    assert!(total.rejected > 100, "{total}");
    assert!(total.inputs - total.rejected > 100, "{total}");
    assert!(total.exact_as_material > 0, "{total}");
}

/// Engine output lines made from our own records, damaged: fields dropped
/// or changed, lines cut, ids swapped, plies reordered.
#[test]
fn protocol_answers_hold_on_damaged_answers() {
    let mut seeded = SeededBytes::new(0x9a0e_5eed);
    let mut total = Agreement::default();
    for _ in 0..1_500 {
        let len = 16 + (seeded.next_u64() % 300) as usize;
        let scenario = Scenario::from_bytes(&seeded.take(len));
        let moves: Vec<String> = scenario.uci().iter().map(ToString::to_string).collect();
        let judged = drawrules_conformance::verify::judge_text(
            &mut drawrules::Reference::default(),
            &scenario.start.to_string(),
            &moves,
            scenario.edition,
        );
        let records: Vec<serde_json::Value> = judged
            .records
            .iter()
            .map(|status| serde_json::to_value(status).expect("a record"))
            .collect();
        let mut answer = serde_json::json!({"type": "records", "id": 1, "records": records});
        let list = answer["records"].as_array_mut().expect("records");
        match seeded.next_u64() % 6 {
            0 if !list.is_empty() => {
                let i = (seeded.next_u64() as usize) % list.len();
                let field = ["clock", "ended", "claims", "fen", "repetition"][i % 5];
                list[i].as_object_mut().expect("object").remove(field);
            }
            1 if list.len() > 1 => list.swap(0, 1),
            2 if !list.is_empty() => list[0]["clock"] = serde_json::json!(u64::MAX),
            3 => answer["type"] = serde_json::json!("error"),
            _ => {}
        }
        let mut line = answer.to_string();
        if seeded.next_u64().is_multiple_of(4) {
            let mut cut = (seeded.next_u64() as usize) % (line.len() + 1);
            while !line.is_char_boundary(cut) {
                cut -= 1;
            }
            line.truncate(cut);
        }
        match protocol_answers(&line) {
            Ok(agreement) => total.merge(&agreement),
            Err(inconsistency) => panic!("{inconsistency}\ninput: {line:?}"),
        }
    }
    println!("protocol_answers on damaged answers: {total}");
    assert!(total.rejected > 200, "{total}");
    assert!(total.inputs - total.rejected > 600, "{total}");
}

/// PGN text made from generated games (SAN main lines, tags, comments,
/// variations, Chess960 FEN tags), then damaged: moves dropped or doubled,
/// the text cut short, brackets and quotes removed, or plain random bytes.
#[test]
fn pgn_input_holds_on_damaged_pgn() {
    let mut seeded = SeededBytes::new(0x0960_f00d);
    let mut total = Agreement::default();
    for _ in 0..400 {
        let mut text = String::new();
        for _ in 0..1 + seeded.next_u64() % 3 {
            let len = 16 + (seeded.next_u64() % 400) as usize;
            let scenario = Scenario::from_bytes(&seeded.take(len));
            let mut position = scenario.start.position().clone();
            let mut sans = Vec::new();
            for &mv in &scenario.moves {
                sans.push(
                    shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut position, mv)
                        .to_string(),
                );
            }
            match seeded.next_u64() % 4 {
                0 if !sans.is_empty() => {
                    let i = (seeded.next_u64() as usize) % sans.len();
                    sans.remove(i);
                }
                1 if !sans.is_empty() => {
                    let i = (seeded.next_u64() as usize) % sans.len();
                    sans.insert(i, format!("{{note}} ({})", sans[i]));
                }
                _ => {}
            }
            let variant = if scenario.start.is_chess960() {
                "[Variant \"Chess960\"]\n"
            } else {
                ""
            };
            let result = ["1-0", "0-1", "1/2-1/2", "*"][(seeded.next_u64() % 4) as usize];
            text.push_str(&format!(
                "[White \"w\"]\n{variant}[FEN \"{}\"]\n\n{} {result}\n\n",
                scenario.start,
                sans.join(" ")
            ));
        }
        let mut bytes = text.into_bytes();
        match seeded.next_u64() % 5 {
            0 => bytes.truncate((seeded.next_u64() as usize) % (bytes.len() + 1)),
            1 => bytes.retain(|&b| !matches!(b, b']' | b'"' | b'}')),
            2 => bytes = seeded.take(bytes.len() % 300),
            _ => {}
        }
        match pgn_input(&bytes) {
            Ok(agreement) => total.merge(&agreement),
            Err(inconsistency) => {
                panic!(
                    "{inconsistency}\ninput: {:?}",
                    String::from_utf8_lossy(&bytes)
                )
            }
        }
    }
    println!("pgn_input on damaged PGN: {total}");
    assert!(total.rejected > 50, "{total}");
    assert!(total.inputs - total.rejected > 200, "{total}");
    assert!(
        total.endings.iter().filter(|&&n| n > 0).count() >= 3,
        "{total}"
    );
}

#[test]
fn every_committed_seed_passes_its_oracle() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds");
    let mut inputs = 0;
    for dir in fs::read_dir(&seeds).expect("fuzz/seeds exists") {
        let dir = dir.expect("readable directory entry").path();
        let target = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        let mut in_target = 0;
        for file in fs::read_dir(&dir).expect("seed directory") {
            let path = file.expect("readable seed").path();
            let bytes = fs::read(&path).expect("readable seed");
            // The text targets skip input that is not UTF-8; a committed
            // seed for them must be text, or it would check nothing.
            let text = || {
                std::str::from_utf8(&bytes).unwrap_or_else(|_| {
                    panic!("{}: a seed of a text target is not UTF-8", path.display())
                })
            };
            let outcome = match target.as_str() {
                "differential_game" => arbiter_matches_reference(&Scenario::from_bytes(&bytes))
                    .map(drop)
                    .map_err(|d| d.to_string()),
                "dead_position_game" => exact_dead_position_game(&bytes, ORACLE_BUDGET)
                    .map(drop)
                    .map_err(|d| d.to_string()),
                "explain_input" => explain_input(text()).map(drop).map_err(|i| i.to_string()),
                "protocol_answers" => protocol_answers(text())
                    .map(drop)
                    .map_err(|i| i.to_string()),
                "pgn_input" => pgn_input(&bytes).map(drop).map_err(|i| i.to_string()),
                "corpus_file" => corpus_file(text(), ExactCases::Run)
                    .map(drop)
                    .map_err(|i| i.to_string()),
                other => panic!("no oracle for seeds of target {other:?}: add it here"),
            };
            if let Err(message) = outcome {
                panic!("{}: {message}", path.display());
            }
            in_target += 1;
        }
        assert!(in_target > 0, "no seed for target {target}");
        inputs += in_target;
    }
    assert!(inputs >= 20, "only {inputs} seed inputs found");
}

/// The `corpus_file` seeds start from the corpus as it stands: each case
/// file of `spec/cases` has an identical copy among them.
#[test]
fn corpus_file_seeds_mirror_the_case_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = 0;
    for entry in fs::read_dir(root.join("spec/cases")).expect("spec/cases exists") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().expect("a file name");
        let seed = root.join("fuzz/seeds/corpus_file").join(name);
        assert!(
            fs::read(&seed).ok() == Some(fs::read(&path).expect("readable case file")),
            "{} differs from {}: copy the case file over",
            seed.display(),
            path.display()
        );
        files += 1;
    }
    assert!(files >= 10, "only {files} case files");
}
