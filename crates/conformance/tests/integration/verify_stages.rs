//! verify's folders are the stages of a run, and each uses only the stages
//! after it (the order `src/verify/mod.rs` documents): a folder that
//! reached back into an earlier stage, or into the re-exports of
//! `verify` itself (which hide the stage), would tie the stages into a
//! circle again. Comments (a doc link may point anywhere) and the tests at
//! the end of a file (`#[cfg(test)] mod tests`) may name anything.

use std::fs;
use std::path::{Path, PathBuf};

/// The stages, each allowed to use only those after it.
const STAGES: [&str; 5] = ["render", "run", "shrink", "tally", "game"];

/// The Rust files under `dir`, in name order.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The modules of `verify` that `code` names through `crate::verify::` or,
/// for a stage's own `mod.rs`, through `super::`.
fn named(code: &str, stage_root: bool) -> Vec<String> {
    let mut names = Vec::new();
    for (prefix, applies) in [("crate::verify::", true), ("super::", stage_root)] {
        if !applies {
            continue;
        }
        for (at, _) in code.match_indices(prefix) {
            let rest = &code[at + prefix.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                .collect();
            names.push(name);
        }
    }
    names
}

#[test]
fn each_stage_of_verify_uses_only_the_stages_after_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/verify");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (place, stage) in STAGES.iter().enumerate() {
        let allowed = &STAGES[place..];
        for file in sources(&root.join(stage)) {
            let text = fs::read_to_string(&file).unwrap();
            let code: String = text
                .split("#[cfg(test)]\nmod tests")
                .next()
                .unwrap_or_default()
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            let stage_root =
                file.file_name().unwrap() == "mod.rs" && file.parent().unwrap() == root.join(stage);
            for name in named(&code, stage_root) {
                checked += 1;
                if !allowed.contains(&name.as_str()) {
                    wrong.push(format!(
                        "{}: uses verify's `{name}`",
                        file.strip_prefix(&root).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every stage but the last reaches others by these paths.
    assert!(checked > 100, "only {checked} paths checked");
    println!("{checked} paths into verify's stages checked");
}

#[test]
fn every_file_of_verify_belongs_to_a_stage() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/verify");
    let loose: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "mod.rs" && !STAGES.contains(&name.as_str()))
        .collect();
    assert!(loose.is_empty(), "outside every stage: {loose:?}");
}
