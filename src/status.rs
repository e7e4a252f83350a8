//! The status record: what every implementation reports after every ply.
//!
//! The record is the project's lingua franca. The reference, the arbiter,
//! `drawrules explain --json` and external engines all produce it, and the
//! conformance tools compare it field by field.

use serde::{Deserialize, Serialize};

use crate::laws::{Claim, Ending, GameResult};

/// The state of the draw rules after one ply of a game.
///
/// Serialised as one JSON object with the fields in this order; see
/// `spec/rules/status-record.md` for the meaning of each.
///
/// # Examples
///
/// ```
/// use drawrules::{Reference, Rules};
///
/// let game = Reference::default();
/// let status = game.status();
/// assert_eq!(
///     serde_json::to_string(&status).unwrap(),
///     concat!(
///         r#"{"ply":0,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","#,
///         r#""clock":0,"repetition":1,"ended":[],"result":"*","claims":[],"#,
///         r#""claims_on_move":{"threefold-repetition":[],"fifty-moves":[]}}"#,
///     )
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Status {
    /// Plies played since the start position (which is ply 0).
    pub ply: u32,
    /// The position as FEN. The en passant field names a square only when an
    /// en passant capture is legal; the halfmove field is [`Status::clock`].
    pub fen: String,
    /// Plies since the last pawn move or capture (Article 9.3); before the
    /// first one, the start FEN's halfmove clock plus the plies played.
    pub clock: u32,
    /// How many positions from ply 0 to this ply, this one included, are the
    /// same as this one (Article 9.2.3).
    pub repetition: u32,
    /// The endings that hold, in article order; empty while the game goes on.
    pub ended: Vec<Ending>,
    /// The endings that could be decided neither way within the documented
    /// budget: only `dead-position`, and only under the exact 5.2.2 rule
    /// ([`DeadRule::Exact`](crate::mating::DeadRule::Exact)). Such an
    /// ending is treated as not holding, so the game goes on. Left out of
    /// the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undetermined: Vec<Ending>,
    /// The result the endings give, or `*` while the game goes on.
    pub result: GameResult,
    /// The draws the player to move may claim on the position as it stands.
    pub claims: Vec<Claim>,
    /// The legal moves on which the player to move may claim each draw by
    /// writing the move down first.
    pub claims_on_move: ClaimsOnMove,
}

impl Status {
    /// Whether the game is over (some ending holds).
    pub fn is_over(&self) -> bool {
        !self.ended.is_empty()
    }
}

/// For each claim, the UCI moves that support it when written down first
/// (Articles 9.2.1 and 9.3.1), sorted as strings.
///
/// Both lists are always present, and both are empty once the game is over.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimsOnMove {
    /// Moves after which the position would stand for the third time.
    #[serde(rename = "threefold-repetition")]
    pub threefold_repetition: Vec<String>,
    /// Moves that would complete 50 moves by each player without a pawn move
    /// or a capture.
    #[serde(rename = "fifty-moves")]
    pub fifty_moves: Vec<String>,
}

impl ClaimsOnMove {
    /// The moves supporting one claim.
    pub fn moves(&self, claim: Claim) -> &[String] {
        match claim {
            Claim::ThreefoldRepetition => &self.threefold_repetition,
            Claim::FiftyMoves => &self.fifty_moves,
        }
    }

    /// Whether no written move supports any claim.
    pub fn is_empty(&self) -> bool {
        self.threefold_repetition.is_empty() && self.fifty_moves.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_are_rejected() {
        let json = r#"{"ply":0,"fen":"x","clock":0,"repetition":1,"ended":[],"result":"*","claims":[],"claims_on_move":{"threefold-repetition":[],"fifty-moves":[]},"extra":1}"#;
        let err = serde_json::from_str::<Status>(json).unwrap_err();
        assert!(err.to_string().contains("unknown field `extra`"), "{err}");
    }

    #[test]
    fn record_round_trips() {
        let status = Status {
            ply: 8,
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5".into(),
            clock: 8,
            repetition: 3,
            ended: vec![],
            undetermined: vec![],
            result: GameResult::Ongoing,
            claims: vec![Claim::ThreefoldRepetition],
            claims_on_move: ClaimsOnMove {
                threefold_repetition: vec!["g1f3".into()],
                fifty_moves: vec![],
            },
        };
        let json = serde_json::to_string(&status).unwrap();
        assert_eq!(
            json,
            r#"{"ply":8,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5","clock":8,"repetition":3,"ended":[],"result":"*","claims":["threefold-repetition"],"claims_on_move":{"threefold-repetition":["g1f3"],"fifty-moves":[]}}"#
        );
        assert_eq!(serde_json::from_str::<Status>(&json).unwrap(), status);
    }
}
