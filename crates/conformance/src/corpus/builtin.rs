//! The conformance corpus built into the program: the case files of
//! `spec/cases/` as they were when it was compiled, so that `verify` and
//! `cases` judge the same games wherever they run, with no checkout of the
//! repository beside them.

use super::error::CorpusError;
use super::load::{Corpus, parse_file};

/// What [`Corpus::source`] says of the built-in corpus.
pub const BUILT_IN: &str = "built-in";

/// Every case file of `spec/cases/`, by name, in file-name order, with its
/// text. A test holds this list to the directory, so that a file added
/// there and not here fails it.
pub const BUILT_IN_FILES: [(&str, &str); 12] = [
    (
        "after-the-end.toml",
        include_str!("../../../../spec/cases/after-the-end.toml"),
    ),
    (
        "dead-position-exact.toml",
        include_str!("../../../../spec/cases/dead-position-exact.toml"),
    ),
    (
        "dead-position.toml",
        include_str!("../../../../spec/cases/dead-position.toml"),
    ),
    (
        "en-passant.toml",
        include_str!("../../../../spec/cases/en-passant.toml"),
    ),
    (
        "endings.toml",
        include_str!("../../../../spec/cases/endings.toml"),
    ),
    (
        "expensive.toml",
        include_str!("../../../../spec/cases/expensive.toml"),
    ),
    (
        "fifty-moves.toml",
        include_str!("../../../../spec/cases/fifty-moves.toml"),
    ),
    (
        "fivefold.toml",
        include_str!("../../../../spec/cases/fivefold.toml"),
    ),
    (
        "malformed.toml",
        include_str!("../../../../spec/cases/malformed.toml"),
    ),
    (
        "same-position.toml",
        include_str!("../../../../spec/cases/same-position.toml"),
    ),
    (
        "seventy-five-moves.toml",
        include_str!("../../../../spec/cases/seventy-five-moves.toml"),
    ),
    (
        "threefold.toml",
        include_str!("../../../../spec/cases/threefold.toml"),
    ),
];

/// The corpus built into the program ([`BUILT_IN_FILES`]), read as
/// [`load_dir`](super::load_dir) reads a directory.
///
/// # Errors
///
/// The first [`CorpusError`] of a file, which a test rules out: every file
/// built in is the repository's own and loads.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::corpus::{BUILT_IN, built_in};
///
/// let corpus = built_in().unwrap();
/// assert_eq!(corpus.source, BUILT_IN);
/// assert!(corpus.cases().any(|(group, case)| case.full_name(group) == "threefold/knights-twice"));
/// ```
pub fn built_in() -> Result<Corpus, CorpusError> {
    let files = BUILT_IN_FILES
        .iter()
        .map(|(name, text)| parse_file(name, text))
        .collect::<Result<_, _>>()?;
    Ok(Corpus {
        files,
        source: BUILT_IN.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use super::*;
    use crate::corpus::load_dir;

    fn cases_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases")
    }

    #[test]
    fn every_file_of_the_directory_is_built_in_in_order() {
        let mut names: Vec<String> = fs::read_dir(cases_dir())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".toml"))
            .collect();
        names.sort();
        let built: Vec<&str> = BUILT_IN_FILES.iter().map(|(name, _)| *name).collect();
        assert_eq!(built, names);
    }

    #[test]
    fn the_built_in_corpus_reads_as_the_directory() {
        let built = built_in().unwrap();
        let dir = load_dir(&cases_dir()).unwrap();
        assert_eq!(built.files, dir.files);
        assert_eq!(built.source, "built-in");
        assert!(dir.source.ends_with("spec/cases"), "{}", dir.source);
        assert!(built.len() >= 80, "{} cases", built.len());
    }
}
