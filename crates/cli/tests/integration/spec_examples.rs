//! Replays every worked example on the pages under `spec/rules/` (and in the
//! README and the book's own pages under `book/src/`) through the
//! `drawrules` binary and checks that the page shows
//! exactly what it prints.
//!
//! An example is a line `$ drawrules ARGS` inside a ```` ```console ```` block,
//! followed by the expected standard output up to the next `$ ` line or the
//! end of the block. `| tail -n 1` keeps the last line; a trailing `2>&1`
//! appends standard error (and then the command must fail with status 2).
//!
//! Every example runs under both engines, the arbiter (the default) and
//! `--engine reference`, which must agree; an example of a command without
//! engines (`dead`, `adjudicate`) runs once.
//!
//! `UPDATE_SPEC=1 cargo test -p drawrules-cli --test integration spec_examples` rewrites the expected
//! output on the pages instead of comparing; review the diff before
//! committing it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of one page, and where its expected output sits.
struct Example {
    page: PathBuf,
    /// Line number (1-based) of the `$ ` line.
    line: usize,
    command: String,
    /// Index of the first expected-output line and one past the last.
    expected: (usize, usize),
}

/// The spec pages, then the README and the book's own pages (whose
/// examples are held to the same standard).
fn pages() -> Vec<PathBuf> {
    // The workspace root, two levels above this crate.
    let root = &Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = markdown_under(&root.join("spec/rules"));
    pages.push(root.join("README.md"));
    pages.extend(markdown_under(&root.join("book/src")));
    pages
}

/// The Markdown files under `dir`, at any depth, sorted.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut pages = Vec::new();
    let mut dirs = vec![dir.to_owned()];
    while let Some(dir) = dirs.pop() {
        for entry in
            fs::read_dir(&dir).unwrap_or_else(|err| panic!("cannot read {}: {err}", dir.display()))
        {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

fn examples(page: &Path, lines: &[&str]) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut in_console = false;
    let mut current: Option<Example> = None;
    for (index, line) in lines.iter().enumerate() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        let closes = line.trim_end() == "```";
        if (closes || line.starts_with("$ "))
            && let Some(mut done) = current.take()
        {
            done.expected.1 = index;
            examples.push(done);
        }
        if closes {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            current = Some(Example {
                page: page.to_owned(),
                line: index + 1,
                command: command.to_owned(),
                expected: (index + 1, index + 1),
            });
        }
    }
    assert!(!in_console, "{}: unclosed console block", page.display());
    examples
}

/// Runs one example's command (with `extra` arguments after the
/// subcommand); returns what the page should show.
fn run(example: &Example, extra: &[&str]) -> Result<String, String> {
    let mut command = example.command.trim().to_owned();
    let tail = command.ends_with("| tail -n 1");
    if tail {
        command.truncate(command.len() - "| tail -n 1".len());
    }
    let command = command.trim_end();
    let with_stderr = command.ends_with("2>&1");
    let command = command.trim_end_matches("2>&1");
    let words = shlex::split(command).ok_or("unbalanced quotes")?;
    let (program, args) = words.split_first().ok_or("empty command")?;
    if program != "drawrules" {
        return Err(format!("only drawrules commands are run, not {program:?}"));
    }
    let (subcommand, rest) = args.split_first().ok_or("no subcommand")?;
    let output = Command::new(env!("CARGO_BIN_EXE_drawrules"))
        .arg(subcommand)
        .args(extra)
        .args(rest)
        .output()
        .map_err(|err| err.to_string())?;
    let stdout = String::from_utf8(output.stdout).map_err(|err| err.to_string())?;
    let stderr = String::from_utf8(output.stderr).map_err(|err| err.to_string())?;
    let mut shown = stdout;
    if with_stderr {
        if output.status.code() != Some(2) {
            return Err(format!("expected exit status 2, got {:?}", output.status));
        }
        shown.push_str(&stderr);
    } else if !output.status.success() {
        return Err(format!("failed with {:?}: {stderr}", output.status));
    }
    if tail {
        shown = shown
            .lines()
            .last()
            .map(|line| format!("{line}\n"))
            .unwrap_or_default();
    }
    Ok(shown)
}

/// The commands that take no `--engine`.
const WITHOUT_ENGINES: [&str; 2] = ["dead", "adjudicate"];

#[test]
fn every_example_on_the_spec_pages_prints_what_the_page_shows() {
    let update = std::env::var_os("UPDATE_SPEC").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let examples = examples(&page, &lines);
        let mut rewritten: Vec<String> = Vec::new();
        let mut copied = 0;
        for example in &examples {
            count += 1;
            let (from, to) = example.expected;
            let expected: String = lines[from..to]
                .iter()
                .map(|line| format!("{line}\n"))
                .collect();
            // The default engine (the arbiter) must print what the page
            // shows, and so must the reference.
            let subcommand = example.command.split_whitespace().nth(1).unwrap_or("");
            let outputs = if WITHOUT_ENGINES.contains(&subcommand) {
                let once = run(example, &[]);
                [once.clone(), once]
            } else {
                [&[][..], &["--engine", "reference"][..]].map(|extra| run(example, extra))
            };
            let agreed = match outputs {
                [Ok(arbiter), Ok(reference)] if arbiter != reference => Err(format!(
                    "the engines disagree\n--- arbiter\n{arbiter}--- reference\n{reference}"
                )),
                [Ok(arbiter), Ok(_)] => Ok(arbiter),
                [Err(err), _] | [_, Err(err)] => Err(err),
            };
            match agreed {
                Ok(actual) if update => {
                    rewritten.extend(lines[copied..from].iter().map(|line| line.to_string()));
                    rewritten.extend(actual.lines().map(str::to_owned));
                    copied = to;
                }
                Ok(actual) if actual == expected => {}
                Ok(actual) => failures.push(format!(
                    "{}:{}: `{}`\n--- page shows\n{expected}--- binary prints\n{actual}",
                    example.page.display(),
                    example.line,
                    example.command
                )),
                Err(err) => failures.push(format!(
                    "{}:{}: `{}`: {err}",
                    example.page.display(),
                    example.line,
                    example.command
                )),
            }
        }
        if update && !examples.is_empty() {
            rewritten.extend(lines[copied..].iter().map(|line| line.to_string()));
            fs::write(&page, rewritten.join("\n") + "\n").unwrap();
        }
    }
    assert!(count >= 30, "only {count} examples found on the spec pages");
    assert!(
        failures.is_empty(),
        "{} of {count} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
