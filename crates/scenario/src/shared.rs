//! The shared game collection beside the repository (`../shared/data`):
//! real games that the project reads and never copies into its tree.
//!
//! Tests that need real games take them from here and are marked
//! `#[ignore = "needs ../shared/data"]`; CI runs them with the collection
//! beside the clone. [`lichess_sample`] picks a small, fixed set of games
//! from the Lichess file by a rule, for tests and benchmarks that need a
//! few hundred real games rather than forty thousand.

use std::io::{self, Read};
use std::path::PathBuf;

/// The Lichess file of the collection.
pub const LICHESS: &str = "lichess-elite-2013-2015.pgn.xz";

/// The games of the Lichess file (numbered from 1) in which `drawrules
/// adjudicate` (fide-2018) finds a fifty-move claim, a fivefold
/// repetition or play after the end; the sample takes them beside every
/// 50th game. A test that needs the collection checks this list against
/// the file.
pub const LICHESS_RARE: [u64; 9] = [415, 628, 2044, 2688, 8049, 9750, 9881, 11393, 11701];

/// How many games the sample holds: every 50th of the file's 13,781
/// games (275) and the rare ones that are not among them (8).
pub const LICHESS_SAMPLE_GAMES: usize = 283;

/// The collection's directory, `../shared/data` beside the workspace.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::shared;
///
/// assert!(shared::data_dir().ends_with("shared/data"));
/// ```
pub fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
}

/// Whether the collection is beside the workspace.
pub fn is_present() -> bool {
    data_dir().is_dir()
}

/// Whether game number `index` of the Lichess file is in the sample.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::shared::in_lichess_sample;
///
/// assert!(in_lichess_sample(50) && in_lichess_sample(415));
/// assert!(!in_lichess_sample(51));
/// ```
pub fn in_lichess_sample(index: u64) -> bool {
    index.is_multiple_of(50) || LICHESS_RARE.contains(&index)
}

/// The text of every game of `text` (a PGN file whose games each start
/// with an `Event` tag at the start of a line), in order.
pub fn game_texts(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = text
        .match_indices("\n[Event ")
        .map(|(at, _)| at + 1)
        .collect();
    if text.starts_with("[Event ") {
        starts.insert(0, 0);
    }
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

/// The sample of the Lichess file: the text of its games numbered by a
/// multiple of 50 and of the [`LICHESS_RARE`] ones, byte for byte and in
/// their order ([`LICHESS_SAMPLE_GAMES`] games).
///
/// # Errors
///
/// When the collection is absent or the file cannot be read; the message
/// names the path.
pub fn lichess_sample() -> io::Result<String> {
    let path = data_dir().join(LICHESS);
    let failed = |err: &dyn std::fmt::Display| {
        io::Error::other(format!(
            "{err} (the real games are read from the shared game collection, \
             ../shared/data beside the repository, at {})",
            path.display()
        ))
    };
    let mut text = String::new();
    drawrules_pgn::open(&path)
        .map_err(|err| failed(&err))?
        .read_to_string(&mut text)
        .map_err(|err| failed(&err))?;
    Ok(game_texts(&text)
        .into_iter()
        .zip(1..)
        .filter(|&(_, index)| in_lichess_sample(index))
        .map(|(game, _)| game)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_texts_cut_before_each_event_tag() {
        let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
        assert_eq!(
            game_texts(text),
            ["[Event \"a\"]\n\n1. e4 *\n\n", "[Event \"b\"]\n\n1. d4 *\n"]
        );
    }

    #[test]
    #[ignore = "needs ../shared/data"]
    fn the_lichess_sample_holds_its_games() {
        let sample = lichess_sample().expect("the shared collection");
        assert_eq!(game_texts(&sample).len(), LICHESS_SAMPLE_GAMES);
    }
}
