//! The fuzz targets' oracles, run by `cargo test` where cargo-fuzz is not
//! installed: on inputs made from a fixed seed, and on every seed input
//! committed under `fuzz/seeds/`. (`prop_arbiter_matches_reference` and
//! `oracle_agrees_on_seeded_bytes` in `tests/differential.rs` do the same for
//! `differential_game` with generated games.)

use std::fs;
use std::path::Path;

use drawrules::oracle::{Agreement, arbiter_matches_reference, corpus_file, explain_input};
use drawrules::scenario::{Scenario, SeededBytes};

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
/// cut, a value's type changed, a field renamed.
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
        match corpus_file(&damaged) {
            Ok(agreement) => total.merge(&agreement),
            Err(inconsistency) => panic!("{inconsistency}\ninput: {damaged:?}"),
        }
    }
    println!("corpus_file on damaged case files: {total}");
    assert!(total.rejected > 100, "{total}");
    assert!(total.inputs - total.rejected > 100, "{total}");
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
        for file in fs::read_dir(&dir).expect("seed directory") {
            let path = file.expect("readable seed").path();
            let bytes = fs::read(&path).expect("readable seed");
            let outcome = match target.as_str() {
                "differential_game" => arbiter_matches_reference(&Scenario::from_bytes(&bytes))
                    .map(drop)
                    .map_err(|d| d.to_string()),
                "explain_input" => match std::str::from_utf8(&bytes) {
                    Ok(text) => explain_input(text).map(drop).map_err(|i| i.to_string()),
                    Err(_) => Ok(()),
                },
                "corpus_file" => match std::str::from_utf8(&bytes) {
                    Ok(text) => corpus_file(text).map(drop).map_err(|i| i.to_string()),
                    Err(_) => Ok(()),
                },
                other => panic!("no oracle for seeds of target {other:?}: add it here"),
            };
            if let Err(message) = outcome {
                panic!("{}: {message}", path.display());
            }
            inputs += 1;
        }
    }
    assert!(inputs >= 20, "only {inputs} seed inputs found");
}
