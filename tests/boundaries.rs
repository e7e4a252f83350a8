//! The library's boundaries as the design draws them, checked on the
//! source: the arbiter and its 5.2.2 decision (`src/arbiter`,
//! `src/unwinnable`) use no part of the reference, and the reference uses
//! neither of them. The two decisions of each rule are compared by the
//! tests; they would compare nothing if one called the other.
//!
//! A use is any code line (comments and doc comments are passed over)
//! that names the other module by path (`crate::reference`,
//! `super::reference`, `super::super::reference`), or a `use` line that
//! names it as a word (`use crate::{reference, …}`).

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The code lines of the files under `dir` that name `module` by a path
/// (`crate::module`, `super::module`, `super::super::module`) or in a
/// `use` line, as `file:line: text`. A `use` spread over several lines is
/// seen by its lines that name the module, each a line of its own.
fn uses_of(dir: &str, module: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let needles = [format!("crate::{module}"), format!("super::{module}")];
    let mut found = Vec::new();
    for file in sources(&root.join(dir)) {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (index, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let in_a_use = code.starts_with("use ") || code.starts_with("pub use ");
            let named = code
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|word| word == module);
            let inside_a_use = code.starts_with(&format!("{module}::"));
            if needles.iter().any(|needle| code.contains(needle.as_str()))
                || (in_a_use && named)
                || inside_a_use
            {
                let shown = file.strip_prefix(root).unwrap_or(&file).display();
                found.push(format!("{shown}:{}: {}", index + 1, code));
            }
        }
    }
    found
}

#[test]
fn the_arbiter_uses_no_part_of_the_reference() {
    assert_eq!(uses_of("src/arbiter", "reference"), Vec::<String>::new());
}

#[test]
fn the_fast_dead_position_decision_uses_no_part_of_the_reference() {
    assert_eq!(uses_of("src/unwinnable", "reference"), Vec::<String>::new());
}

#[test]
fn the_reference_uses_neither_the_arbiter_nor_the_fast_decision() {
    for module in ["arbiter", "unwinnable", "Arbiter"] {
        assert_eq!(uses_of("src/reference", module), Vec::<String>::new());
    }
}

/// The check itself finds what it looks for: the reference's own modules
/// name each other (`super::game`), and the arbiter names the fast
/// decision.
#[test]
fn the_check_sees_a_use() {
    assert!(!uses_of("src/reference", "game").is_empty());
    assert!(!uses_of("src/arbiter", "unwinnable").is_empty());
}
