//! The drawrules library in the browser: the functions the book's page
//! "Judge a game" calls, compiled to WebAssembly with wasm-bindgen.
//!
//! The page sends a [`Request`] as JSON (a start FEN, moves in UCI or SAN
//! or a whole PGN, an edition, how Article 5.2.2 is decided) and gets a
//! [`JudgedGame`] back as JSON: for every ply the status record as the
//! reference gives it, the table's cells, the earlier plies that held the
//! same position, and the board drawn as the book draws it; and, when the
//! input stops being playable, the same error the command line gives, at
//! the ply where it happens. Decided exactly, Article 5.2.2 costs a search
//! a ply: the page stops before the next move once a game has taken
//! [`EXACT_SECONDS`] and says so. [`dead_position`] gives the evidence of
//! Article 5.2.2 for one position.
//!
//! Everything here is plain Rust, tested natively; the `#[wasm_bindgen]`
//! functions only carry strings across.

mod bounded;
mod evidence;
mod judged;
mod notation;
mod pgn;
mod request;

pub use bounded::EXACT_SECONDS;
pub use evidence::{Evidence, SideAnswer, evidence};
pub use judged::{
    JudgedGame, MOST_MOVES, MOST_TEXT, Ply, Unplayable, judge_request, judge_request_timed,
};
pub use notation::WrittenMoves;
pub use request::{Request, RequestError};

use wasm_bindgen::prelude::wasm_bindgen;

/// Explains, ply by ply, the game a request describes: the request and the
/// answer as JSON ([`Request`], [`JudgedGame`]); a request that cannot be
/// read gets a judged game with no plies and the reason as its error.
///
/// # Examples
///
/// ```
/// let answer = drawrules_web::explain_game(r#"{"moves": "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"}"#);
/// let judged: serde_json::Value = serde_json::from_str(&answer).unwrap();
/// assert_eq!(judged["plies"][8]["status"]["repetition"], 3);
/// assert_eq!(judged["plies"][8]["earlier"], serde_json::json!([0, 4]));
/// ```
#[wasm_bindgen]
pub fn explain_game(request: &str) -> String {
    let judged = match Request::from_json(request) {
        Ok(request) => judge_request(&request),
        Err(err) => JudgedGame::refused(Unplayable {
            ply: None,
            message: err.to_string(),
        }),
    };
    serde_json::to_string(&judged).unwrap_or_else(|err| {
        serde_json::json!({ "error": { "message": err.to_string() } }).to_string()
    })
}

/// The evidence of Article 5.2.2 for the position `fen` (Chess960
/// castling when `chess960`), decided exactly with the default budget, as
/// JSON ([`Evidence`]): each side's answer with its reason or helpmate
/// line, and the verdict.
///
/// # Examples
///
/// ```
/// let answer = drawrules_web::dead_position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", false);
/// let evidence: serde_json::Value = serde_json::from_str(&answer).unwrap();
/// assert_eq!(evidence["verdict"], "dead");
/// assert_eq!(evidence["white"]["reason"], "material");
/// ```
#[wasm_bindgen]
pub fn dead_position(fen: &str, chess960: bool) -> String {
    let answer = evidence(fen, chess960);
    serde_json::to_string(&answer).unwrap_or_else(|err| {
        serde_json::json!({ "verdict": "error", "error": err.to_string() }).to_string()
    })
}
