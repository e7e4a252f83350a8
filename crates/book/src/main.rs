//! `mdbook-drawrules`: the book's preprocessor, as mdBook runs it
//! (`[preprocessor.drawrules]` in `book/book.toml`).
//!
//! * `mdbook-drawrules supports RENDERER`: exit 0 for `html` (the boards are
//!   inline SVG), 1 otherwise.
//! * `mdbook-drawrules`: reads `[context, book]` as JSON on standard input
//!   and writes the book on standard output, every chapter rewritten by
//!   `drawrules_book::chapter::rewrite`; the corpus is read from the
//!   directory `cases` names (relative to the book, default
//!   `../spec/cases`). The first example the reference does not bear out
//!   stops the build: its page and line on standard error, exit 1.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use drawrules_book::chapter::{Drawn, rewrite};
use mdbook_preprocessor::book::Book;
use mdbook_preprocessor::parse_input;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [supports, renderer] if supports == "supports" => {
            if renderer == "html" {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        [] => match run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!(
                "usage: mdbook-drawrules [supports RENDERER] (run by mdbook, the book on standard input)"
            );
            ExitCode::from(2)
        }
    }
}

/// Reads the book, rewrites every chapter, writes the book.
fn run() -> Result<(), String> {
    let (context, mut book): (_, Book) =
        parse_input(io::stdin()).map_err(|err| format!("reading the book from mdbook: {err:#}"))?;
    let cases: Option<String> = context
        .config
        .get("preprocessor.drawrules.cases")
        .map_err(|err| format!("book.toml, preprocessor.drawrules.cases: {err:#}"))?;
    let cases_dir: PathBuf = context
        .root
        .join(cases.unwrap_or_else(|| "../spec/cases".to_owned()));
    let mut first_error = None;
    let mut total = Drawn::default();
    book.for_each_chapter_mut(|chapter| {
        if first_error.is_some() {
            return;
        }
        let name = chapter
            .source_path
            .as_ref()
            .map_or_else(|| chapter.name.clone(), |path| path.display().to_string());
        match rewrite(&chapter.content, &name, &cases_dir) {
            Ok((content, drawn)) => {
                chapter.content = content;
                total += drawn;
            }
            Err(err) => first_error = Some(err.to_string()),
        }
    });
    if let Some(err) = first_error {
        return Err(err);
    }
    eprintln!(
        "drawrules: {} examples replayed through the reference, {} corpus groups, {} boards drawn",
        total.examples, total.groups, total.boards
    );
    serde_json::to_writer(io::stdout().lock(), &book)
        .map_err(|err| format!("writing the book to mdbook: {err}"))
}
