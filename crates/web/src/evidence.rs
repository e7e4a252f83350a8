//! Article 5.2.2 for one position, with its evidence.

use drawrules::mating::{Budget, Deadness, Mating, NoMate};
use drawrules::reference::dead_position::can_ever_mate_in;
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color};

/// What the exact decision says of one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evidence {
    /// `dead`, `alive (white)`, `alive (black)`, `undetermined`; `error`
    /// when the FEN is refused.
    pub verdict: String,
    /// White's answer.
    pub white: Option<SideAnswer>,
    /// Black's answer.
    pub black: Option<SideAnswer>,
    /// Why the FEN was refused.
    pub error: Option<String>,
}

/// One side's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideAnswer {
    /// `possible`, `impossible` or `undetermined`.
    pub answer: &'static str,
    /// For `impossible`: `material`, `wall` or `exhausted` (every reachable
    /// position seen, this many: see `positions`).
    pub reason: Option<&'static str>,
    /// For `exhausted`: how many positions were seen.
    pub positions: Option<usize>,
    /// For `possible`: a helpmate line in UCI that replays to the side's
    /// checkmate.
    pub line: Vec<String>,
}

/// The reference's exact decision of `fen`, with the default budget.
///
/// # Examples
///
/// ```
/// use drawrules_web::evidence;
///
/// let alive = evidence("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false);
/// assert_eq!(alive.verdict, "alive (white)");
/// let white = alive.white.unwrap();
/// assert_eq!(white.answer, "possible");
/// assert!(!white.line.is_empty());
/// assert_eq!(evidence("8/8 w", false).verdict, "error");
/// ```
pub fn evidence(fen: &str, chess960: bool) -> Evidence {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let position: Chess = match fen
        .trim()
        .parse::<Fen>()
        .map_err(|err| err.to_string())
        .and_then(|fen| fen.into_position(mode).map_err(|err| err.to_string()))
    {
        Ok(position) => position,
        Err(err) => {
            return Evidence {
                verdict: "error".to_owned(),
                white: None,
                black: None,
                error: Some(format!("FEN {fen:?}: {err}")),
            };
        }
    };
    let white = can_ever_mate_in(&position, Color::White, mode, Budget::DEFAULT);
    let black = can_ever_mate_in(&position, Color::Black, mode, Budget::DEFAULT);
    // The verdict from the two answers, as the decision combines them,
    // rather than deciding the position again.
    let verdict = Deadness::of(&white, &black).name();
    Evidence {
        verdict: verdict.to_owned(),
        white: Some(side(&white)),
        black: Some(side(&black)),
        error: None,
    }
}

/// One side's answer, for the page.
fn side(mating: &Mating) -> SideAnswer {
    let mut answer = SideAnswer {
        answer: "undetermined",
        reason: None,
        positions: None,
        line: Vec::new(),
    };
    match mating {
        Mating::Possible { line } => {
            answer.answer = "possible";
            answer.line = line.clone();
        }
        Mating::Impossible { reason } => {
            answer.answer = "impossible";
            answer.reason = Some(reason.name());
            if let NoMate::Exhausted { positions } = reason {
                answer.positions = Some(*positions);
            }
        }
        Mating::Undetermined => {}
    }
    answer
}
