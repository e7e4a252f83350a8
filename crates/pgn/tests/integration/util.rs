//! What the tests share: where their games come from (the shared game
//! collection, its Lichess sample, generated games) and good games written
//! out as PGN.

use std::path::{Path, PathBuf};

use drawrules_scenario::pgn_text::generated_pgn;
use drawrules_scenario::shared;

/// The shared game collection; a test that needs it fails without it.
pub fn data() -> PathBuf {
    let dir = shared::data_dir();
    assert!(
        dir.is_dir(),
        "this test needs the game collection at {} (../shared/data beside the \
         repository)",
        dir.display()
    );
    dir
}

/// The Lichess sample of the shared collection.
pub fn sample() -> String {
    shared::lichess_sample().unwrap_or_else(|err| panic!("{err}"))
}

/// The source name the Lichess sample is reported under.
pub const SAMPLE_NAME: &str = "lichess-sample";

/// The generated games every clone adjudicates.
pub fn generated() -> String {
    generated_pgn(GENERATED_GAMES, 0x5eed_0029)
}

/// How many games [`generated`] writes.
pub const GENERATED_GAMES: usize = 300;

/// The source name the generated games are reported under.
pub const GENERATED_NAME: &str = "generated.pgn";

/// Every PGN file of the collection, in a fixed order.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("pgn-extract-games"))
        .expect("readable pgn-extract-games")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pgn"))
        .collect();
    files.sort();
    files.push(dir.join("tcec-compact.pgn.xz"));
    files.push(dir.join("lichess-elite-2013-2015.pgn.xz"));
    files
}

/// The file name of `path`, as the reports name their source.
pub fn short_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// A good game named `name`.
pub fn game(name: &str) -> String {
    format!(
        "[Event \"{name}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    )
}

/// `count` good games, each named by its number.
pub fn many(count: usize) -> String {
    (1..=count).map(|n| game(&n.to_string())).collect()
}
