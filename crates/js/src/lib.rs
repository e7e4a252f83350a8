//! The drawrules npm package's WebAssembly: the draw rules judged in a
//! JavaScript program, in Node or a browser (the package: `js/`).
//!
//! The package's wrapper (`js/src/api.js`) calls the functions here and
//! gives JavaScript its `Game`, `judge` and `dead`, its errors as `Error`
//! classes, and the generators of the hard games to its fast-check
//! arbitrary. The options object crosses as JSON text, the moves one a
//! line (as JSON where lines would not read them back), and an error as
//! a JSON object naming its class ([`ApiError::to_json`]), thrown as a
//! string the wrapper reads; the status records cross as numbers, their
//! moves' codes and one text ([`Records`]), which the wrapper makes the
//! engine protocol's objects (so that `JSON.stringify` of a record is the
//! command's `--json` line).
//!
//! Everything here is plain Rust, tested natively; the `#[wasm_bindgen]`
//! items only carry text across.

mod compact;
mod dead;
mod error;
mod game;
mod generated;
mod options;

pub use error::ApiError;
pub use options::{Chosen, Options};

use std::borrow::Cow;

use wasm_bindgen::prelude::wasm_bindgen;

/// Moves as the wrapper sends them (js/src/api.js, `movesText`): one a
/// line, or, where that would not read them back (a move empty or
/// holding a newline, or the first starting with `[`), a JSON array of
/// strings. No text at all is no move.
///
/// # Errors
///
/// [`ApiError::InvalidOption`] for a text starting with `[` that is no
/// JSON array of strings.
fn moves_of(text: &str) -> Result<Vec<Cow<'_, str>>, ApiError> {
    if text.starts_with('[') {
        let moves: Vec<String> =
            serde_json::from_str(text).map_err(|err| ApiError::InvalidOption {
                message: format!("moves must be an array of strings: {err}"),
            })?;
        Ok(moves.into_iter().map(Cow::Owned).collect())
    } else if text.is_empty() {
        Ok(Vec::new())
    } else {
        Ok(text.split('\n').map(Cow::Borrowed).collect())
    }
}

/// The options sent as JSON, read and checked.
fn chosen(options: &str) -> Result<Chosen, ApiError> {
    Options::from_json(options)?.chosen()
}

/// Records on their way to JavaScript: the wrapper reads the numbers and
/// the moves' codes in place and takes the text (js/src/records.js reads
/// them; `crates/js/src/compact.rs` says how they are laid out).
#[wasm_bindgen]
pub struct Records {
    inner: compact::Crossing,
}

#[wasm_bindgen]
impl Records {
    /// Where the records' numbers and the moves' codes lie in the
    /// module's memory ([`module_memory`]), for JavaScript to read them
    /// there (no copy) before it frees the records: the numbers' address
    /// and length, then the codes'. An address is a byte's, in the
    /// module's 32-bit memory.
    pub fn layout(&self) -> Vec<u32> {
        let at = |numbers: &[u32]| numbers.as_ptr() as usize as u32;
        let length = |numbers: &[u32]| u32::try_from(numbers.len()).unwrap_or(u32::MAX);
        let (numbers, codes) = (&self.inner.numbers, &self.inner.codes);
        vec![at(numbers), length(numbers), at(codes), length(codes)]
    }

    /// The records' text (taken: a second call gets none).
    pub fn text(&mut self) -> String {
        std::mem::take(&mut self.inner.text)
    }
}

impl Records {
    /// The records' numbers (taken: a second call gets none), for a
    /// native caller; JavaScript reads them in place ([`Records::layout`]).
    pub fn numbers(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.inner.numbers)
    }

    fn of(records: &[drawrules::Status]) -> Records {
        Records {
            inner: compact::Crossing::of(records),
        }
    }
}

/// The module's memory (a `WebAssembly.Memory`), where JavaScript reads
/// a [`Records`]' numbers ([`Records::layout`]).
#[wasm_bindgen(js_name = "moduleMemory")]
pub fn module_memory() -> wasm_bindgen::JsValue {
    wasm_bindgen::memory()
}

/// The names the numbers of [`Records`] count in: the endings, the
/// claims, the results, the numbers a record takes, and the moves' codes
/// (the first code spelled out, the promotions in their order), as a
/// JSON object.
#[wasm_bindgen]
pub fn vocabulary() -> String {
    serde_json::json!({
        "endings": drawrules::Ending::ALL,
        "claims": drawrules::Claim::ALL,
        "results": compact::RESULTS,
        "fields": compact::FIELDS,
        "spelled": compact::SPELLED,
        "promotions": std::str::from_utf8(compact::PROMOTIONS).unwrap_or_default(),
    })
    .to_string()
}

/// A game played move by move: the JavaScript wrapper's `Game` holds
/// one.
#[wasm_bindgen]
pub struct Game {
    inner: game::Game,
}

#[wasm_bindgen]
impl Game {
    /// A game started as `options` (JSON) says; throws the error's JSON.
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str) -> Result<Game, String> {
        let chosen = chosen(options).map_err(|err| err.to_json())?;
        Ok(Game {
            inner: game::Game::started(&chosen),
        })
    }

    /// Plays `text`; the new ply's record, or throws the error's JSON
    /// (with the records so far) and leaves the game as it was.
    pub fn play(&mut self, text: &str) -> Result<Records, String> {
        match self.inner.play(text) {
            Ok(status) => Ok(Records::of(std::slice::from_ref(status))),
            Err(refusal) => Err(ApiError::Refused {
                refusal,
                records: self.inner.records().to_vec(),
            }
            .to_json()),
        }
    }

    /// Every record so far.
    pub fn records(&self) -> Records {
        Records::of(self.inner.records())
    }

    /// The moves played, in UCI, as a JSON array.
    pub fn moves(&self) -> String {
        serde_json::to_string(&self.inner.moves()).unwrap_or_default()
    }

    /// The start position's FEN.
    pub fn start(&self) -> String {
        self.inner.start().to_string()
    }
}

/// A whole game judged: the records of plies 0 to the last move, or
/// throws the error's JSON (a move refused: with the records before it,
/// as objects).
///
/// # Examples
///
/// ```
/// let mut records = drawrules_js::judge(r#"["f3", "e5", "g4", "Qh4"]"#, "{}").unwrap();
/// let numbers = records.numbers();
/// // Five records; the last one's `ended` (its fourth number): checkmate
/// // alone, the first of the endings.
/// assert_eq!(numbers.len(), 5 * 10);
/// assert_eq!(numbers[4 * 10 + 3], 1);
/// ```
#[wasm_bindgen]
pub fn judge(moves: &str, options: &str) -> Result<Records, String> {
    let judged = (|| {
        let moves = moves_of(moves)?;
        let mut game = game::Game::started(&chosen(options)?);
        game.extend(moves.iter().map(AsRef::as_ref))?;
        Ok(Records::of(game.records()))
    })();
    judged.map_err(|err: ApiError| err.to_json())
}

/// The speed bench's baseline (js/benches/speed.mjs): what `judge` does,
/// but no record crosses to JavaScript; the number of records. Not part
/// of the package's API.
#[wasm_bindgen(js_name = "judgedInWasm")]
pub fn judged_in_wasm(moves: &str, options: &str) -> Result<usize, String> {
    let moves = moves_of(moves).map_err(|err| err.to_json())?;
    let mut game = game::Game::started(&chosen(options).map_err(|err| err.to_json())?);
    for text in &moves {
        if game.play(text).is_err() {
            break;
        }
    }
    Ok(game.records().len())
}

/// Article 5.2.2 decided exactly on the position `moves` (JSON) reach
/// from `options`' start: the object `drawrules dead --json` writes, as
/// JSON, or throws the error's JSON.
///
/// # Examples
///
/// ```
/// let answer = drawrules_js::dead("[]", r#"{"fen": "4k3/8/8/8/8/8/8/4KN2 w - - 0 1"}"#).unwrap();
/// let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
/// assert_eq!(answer["white"]["reason"], "material");
/// ```
#[wasm_bindgen]
pub fn dead(moves: &str, options: &str) -> Result<String, String> {
    let answered = (|| {
        let moves = moves_of(moves)?;
        dead::dead(&chosen(options)?, moves.iter().map(AsRef::as_ref))
    })();
    answered.map_err(|err| err.to_json())
}

/// The game `data` makes, steered to `situation` (or free, with none),
/// as JSON: `fen`, `moves`, `edition`, `chess960`, `reached`. Throws the
/// error's JSON for an unknown situation.
#[wasm_bindgen]
pub fn generate(situation: Option<String>, data: &[u8]) -> Result<String, String> {
    generated::generate(situation.as_deref(), data)
        .map(|game| game.to_string())
        .map_err(|err| err.to_json())
}

/// The accepted readings whose record differs from `record` (JSON), as a
/// JSON array of `{name, explain, record}`.
#[wasm_bindgen]
pub fn readings(record: &str) -> Result<String, String> {
    generated::readings(record)
        .map(|found| found.to_string())
        .map_err(|err| err.to_json())
}

/// Every situation's name, as a JSON array.
#[wasm_bindgen]
pub fn situations() -> String {
    serde_json::to_string(&generated::names()).unwrap_or_default()
}

/// The allocator of the WebAssembly module (single-threaded there).
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<String> {
        moves_of(text)
            .unwrap()
            .into_iter()
            .map(Cow::into_owned)
            .collect()
    }

    #[test]
    fn moves_cross_one_a_line_or_as_json() {
        assert_eq!(read(""), Vec::<String>::new());
        assert_eq!(read("e4\ne5\nNf3"), ["e4", "e5", "Nf3"]);
        // A line is the move as written, spaces and all.
        assert_eq!(read(" e4\ne5 "), [" e4", "e5 "]);
        assert_eq!(read("[]"), Vec::<String>::new());
        assert_eq!(read(r#"["[e4]", "", "e5\nNf3"]"#), ["[e4]", "", "e5\nNf3"]);
        let err = moves_of(r#"["e4", 5]"#).unwrap_err();
        assert_eq!(err.class(), "InvalidOptionError");
        assert!(
            err.to_string()
                .starts_with("moves must be an array of strings: invalid type: integer `5`"),
            "{err}"
        );
    }

    #[test]
    fn the_layout_gives_the_lengths_of_the_numbers_and_the_codes() {
        // The addresses are the module's (32 bits) only in WebAssembly.
        let records = judge("Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1", "{}").unwrap();
        let layout = records.layout();
        assert_eq!([layout[1], layout[3]], [8 * compact::FIELDS as u32, 1]);
    }

    #[test]
    fn judge_reads_both_forms_alike() {
        let records = |moves: &str| judge(moves, "{}").map(|mut records| records.numbers());
        assert_eq!(
            records("f3\ne5\ng4\nQh4"),
            records(r#"["f3", "e5", "g4", "Qh4"]"#)
        );
        let refused = judge("e4\n\ne5", "{}").err().unwrap();
        assert_eq!(Some(refused), judge(r#"["e4", "", "e5"]"#, "{}").err());
    }
}
