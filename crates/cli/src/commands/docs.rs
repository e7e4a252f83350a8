//! `drawrules docs`: the specification's pages, built into the command, so
//! that the pages its help points to can be read wherever it is installed
//! (a wheel carries the command, not the repository's `spec/`).

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::output::BAD_INPUT;

/// A page of the specification (`spec/` in the repository, CC0-1.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Page {
    /// The engine protocol `verify` speaks.
    Protocol,
    /// The draw policies and editions `verify --profile` judges by.
    Profiles,
    /// What `adjudicate` reports, field by field.
    Adjudicate,
    /// The conformance corpus and the format of its case files.
    Corpus,
    /// The situations of the rules `verify`'s games are steered to.
    Situations,
    /// How the libraries we verify conform, finding by finding.
    Conformance,
}

impl Page {
    /// Every page, in the order `drawrules docs` lists them.
    const ALL: [Page; 6] = [
        Page::Protocol,
        Page::Profiles,
        Page::Adjudicate,
        Page::Corpus,
        Page::Situations,
        Page::Conformance,
    ];

    /// The page's file in the repository.
    fn path(self) -> &'static str {
        match self {
            Page::Protocol => "spec/PROTOCOL.md",
            Page::Profiles => "spec/PROFILES.md",
            Page::Adjudicate => "spec/ADJUDICATE.md",
            Page::Corpus => "spec/README.md",
            Page::Situations => "spec/SITUATIONS.md",
            Page::Conformance => "spec/CONFORMANCE.md",
        }
    }

    /// The page's text, as it was when the command was built.
    fn text(self) -> &'static str {
        match self {
            Page::Protocol => include_str!("../../../../spec/PROTOCOL.md"),
            Page::Profiles => include_str!("../../../../spec/PROFILES.md"),
            Page::Adjudicate => include_str!("../../../../spec/ADJUDICATE.md"),
            Page::Corpus => include_str!("../../../../spec/README.md"),
            Page::Situations => include_str!("../../../../spec/SITUATIONS.md"),
            Page::Conformance => include_str!("../../../../spec/CONFORMANCE.md"),
        }
    }

    /// The name `drawrules docs` takes.
    fn name(self) -> String {
        self.to_possible_value()
            .map(|value| value.get_name().to_owned())
            .unwrap_or_default()
    }

    /// What the page holds: the first line of its doc comment.
    fn about(self) -> String {
        self.to_possible_value()
            .and_then(|value| value.get_help().map(ToString::to_string))
            .unwrap_or_default()
    }
}

/// Print a page of the specification (Markdown), as it was when this
/// command was built: the engine protocol, the profiles, adjudicate's
/// report, the corpus's format, the situations, the peers' conformance.
/// Without a page, list them.
#[derive(Args, Debug)]
pub struct DocsArgs {
    /// The page to print.
    #[arg(value_enum)]
    page: Option<Page>,
}

/// Runs `drawrules docs`.
pub fn run(args: &DocsArgs) -> ExitCode {
    let text = match args.page {
        Some(page) => page.text().to_owned(),
        None => listing(),
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`drawrules docs protocol | head`)
        // had what it wanted.
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: could not write to standard output: {err}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// The pages, one a line: the name to give, the file, what it holds.
fn listing() -> String {
    let mut out = String::from("pages of the specification (drawrules docs PAGE prints one):\n");
    for page in Page::ALL {
        out += &format!(
            "  {:<12} {:<20} {}\n",
            page.name(),
            page.path(),
            page.about()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_is_listed_with_its_file_and_its_text_is_that_file() {
        let listing = listing();
        for page in Page::ALL {
            assert!(listing.contains(&page.name()), "{listing}");
            assert!(listing.contains(page.path()), "{listing}");
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(page.path());
            assert_eq!(
                page.text(),
                std::fs::read_to_string(&file).expect("the page's file"),
                "{}",
                page.path()
            );
        }
        assert_eq!(Page::ALL.len(), Page::value_variants().len());
    }
}
