//! What the adjudication of one game found.

use std::fmt;

use serde::Serialize;

#[allow(unused_imports)] // for the docs
use super::DeadCheck;
use super::time_forfeit::TIME_FORFEIT_ARTICLE;
use super::{DeadScan, TimeForfeit};
use crate::Variant;
use drawrules::laws::{Ending, GameResult};
use drawrules::mating::Mating;
use drawrules::{Article, Status};

/// When a draw claim first became available to the player to move, before
/// the game was over.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct FirstClaim {
    /// The first ply at which a written move supported the claim (Articles
    /// 9.2.1 and 9.3.1).
    pub on_move: Option<u32>,
    /// The first ply at which the claim held on the board (9.2.2, 9.3.2).
    pub on_board: Option<u32>,
}

impl FirstClaim {
    /// Whether the claim was available at some ply, either way.
    pub fn available(&self) -> bool {
        self.on_move.is_some() || self.on_board.is_some()
    }
}

/// The first automatic ending reached: the game was over there by rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EndedAt {
    /// The ply at which the game was over.
    pub ply: u32,
    /// The endings that held there, in article order.
    pub endings: Vec<Ending>,
    /// The articles of those endings.
    pub articles: Vec<&'static str>,
    /// The result they give.
    pub result: GameResult,
}

/// How the recorded result compares with the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultCheck {
    /// Nothing in the rules contradicts it (no automatic ending, or the
    /// result the ending gives).
    Consistent,
    /// The game was drawn by an automatic ending, yet a win is recorded.
    DecisiveAfterAutomaticDraw,
    /// Checkmate stands on the board, yet another result is recorded.
    ContradictsCheckmate,
    /// The game was over by rule, yet recorded as unfinished (`*`).
    UnfinishedAfterEnding,
    /// No result is recorded (neither a `Result` tag nor a termination
    /// marker that reads as one).
    NoResult,
}

/// Everything the adjudication of one game found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Adjudication {
    /// Standard chess or Chess960.
    pub variant: Variant,
    /// The plies of the main line, including any played after the end.
    pub plies: u32,
    /// When a threefold-repetition claim first became available.
    pub threefold_repetition: FirstClaim,
    /// When a fifty-move claim first became available.
    pub fifty_moves: FirstClaim,
    /// The first automatic ending, if the game reached one.
    pub ended: Option<EndedAt>,
    /// Plies played after the game was over by rule (legal on the board,
    /// void under the rules).
    pub plies_after_end: u32,
    /// The recorded result: the `Result` tag, or the termination marker.
    pub recorded_result: Option<GameResult>,
    /// How the recorded result compares with the rules.
    pub result_check: ResultCheck,
    /// Article 6.9, for a game recorded as won on time that was not over
    /// by rule: whether the winner could still have mated from the final
    /// position. `None` for every other game.
    pub time_forfeit: Option<TimeForfeit>,
    /// The status record of the last ply the rules allowed: the ending, or
    /// the last move.
    #[serde(rename = "final")]
    pub final_status: Status,
    /// What the exact Article 5.2.2 check found, when it was asked for
    /// (the arbiter's own record decides dead position by material alone;
    /// `final` is that record, where the arbiter stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_position: Option<DeadScan>,
}

/// One kind of finding about a game: a draw claim that was available, the
/// automatic ending reached, play past that end, a recorded result the rules
/// contradict, or a game that could not be replayed. A
/// [`GameReport`](super::GameReport) lists a game's findings, and the
/// [`Summary`](super::Summary) counts them.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::adjudicate::GameFinding;
///
/// assert_eq!(GameFinding::ALL[0], GameFinding::ThreefoldClaimable);
/// assert_eq!(GameFinding::PlayedPastEnd.to_string(), "play continued after the end");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameFinding {
    /// A threefold-repetition claim was available at some ply.
    ThreefoldClaimable,
    /// A fifty-move claim was available at some ply.
    FiftyMovesClaimable,
    /// The game ended in checkmate (5.1.1).
    Checkmate,
    /// The game ended in stalemate (5.2.1).
    Stalemate,
    /// The game ended in a dead position (5.2.2): by material, as the
    /// arbiter decides it, or decided exactly with
    /// [`DeadCheck::Exact`](super::DeadCheck::Exact).
    DeadPosition,
    /// The game ended by fivefold repetition (9.6.1).
    FivefoldRepetition,
    /// The game ended by the seventy-five-move rule (9.6.2).
    SeventyFiveMoves,
    /// Moves were played after the game was over by rule.
    PlayedPastEnd,
    /// A win recorded after an automatic draw.
    DecisiveAfterAutomaticDraw,
    /// A result other than the mating side's win after checkmate.
    ContradictsCheckmate,
    /// `*` recorded for a game over by rule.
    UnfinishedAfterEnding,
    /// A win on time where the winner could not have mated from the final
    /// position by any series of legal moves: a draw under Article 6.9.
    WinOnTimeShouldBeDraw,
    /// A win on time where whether the winner could have mated was not
    /// decided within the budget (Article 6.9, undetermined).
    WinOnTimeUndetermined,
    /// The exact Article 5.2.2 check could not decide within its budget
    /// whether (or from which ply) the game was dead.
    DeadPositionUndetermined,
    /// The game could not be read or replayed.
    ParseError,
}

impl GameFinding {
    /// Every finding, in the order of the summary table.
    pub const ALL: [GameFinding; 15] = [
        GameFinding::ThreefoldClaimable,
        GameFinding::FiftyMovesClaimable,
        GameFinding::Checkmate,
        GameFinding::Stalemate,
        GameFinding::DeadPosition,
        GameFinding::FivefoldRepetition,
        GameFinding::SeventyFiveMoves,
        GameFinding::PlayedPastEnd,
        GameFinding::DecisiveAfterAutomaticDraw,
        GameFinding::ContradictsCheckmate,
        GameFinding::UnfinishedAfterEnding,
        GameFinding::WinOnTimeShouldBeDraw,
        GameFinding::WinOnTimeUndetermined,
        GameFinding::DeadPositionUndetermined,
        GameFinding::ParseError,
    ];

    /// A short description with its article, for the summary table.
    pub fn describe(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for GameFinding {
    /// The description of [`GameFinding::describe`]. Articles 9.2 and 9.3
    /// are named whole (a claim on a written move or on the board); the
    /// [`Article`]s are their parts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFinding::ThreefoldClaimable => f.write_str("threefold repetition claimable (9.2)"),
            GameFinding::FiftyMovesClaimable => f.write_str("fifty moves claimable (9.3)"),
            GameFinding::Checkmate => write!(f, "ended: checkmate ({})", Article::Checkmate),
            GameFinding::Stalemate => write!(f, "ended: stalemate ({})", Article::Stalemate),
            GameFinding::DeadPosition => {
                write!(f, "ended: dead position ({})", Article::DeadPosition)
            }
            GameFinding::FivefoldRepetition => {
                write!(
                    f,
                    "ended: fivefold repetition ({})",
                    Article::FivefoldRepetition
                )
            }
            GameFinding::SeventyFiveMoves => {
                write!(
                    f,
                    "ended: seventy-five moves ({})",
                    Article::SeventyFiveMoves
                )
            }
            GameFinding::PlayedPastEnd => f.write_str("play continued after the end"),
            GameFinding::DecisiveAfterAutomaticDraw => {
                f.write_str("result: win after an automatic draw")
            }
            GameFinding::ContradictsCheckmate => f.write_str("result: contradicts checkmate"),
            GameFinding::UnfinishedAfterEnding => f.write_str("result: * for a finished game"),
            GameFinding::WinOnTimeShouldBeDraw => {
                write!(
                    f,
                    "result: won on time, cannot mate ({TIME_FORFEIT_ARTICLE})"
                )
            }
            GameFinding::WinOnTimeUndetermined => {
                write!(
                    f,
                    "result: won on time, undetermined ({TIME_FORFEIT_ARTICLE})"
                )
            }
            GameFinding::DeadPositionUndetermined => {
                write!(f, "dead position ({}): undetermined", Article::DeadPosition)
            }
            GameFinding::ParseError => f.write_str("could not be read or replayed"),
        }
    }
}

impl Adjudication {
    /// The findings of this game, in the order of [`GameFinding::ALL`].
    pub fn findings(&self) -> Vec<GameFinding> {
        let mut found = Vec::new();
        if self.threefold_repetition.available() {
            found.push(GameFinding::ThreefoldClaimable);
        }
        if self.fifty_moves.available() {
            found.push(GameFinding::FiftyMovesClaimable);
        }
        if let Some(ended) = &self.ended {
            found.extend(ended.endings.iter().map(|ending| match ending {
                Ending::Checkmate => GameFinding::Checkmate,
                Ending::Stalemate => GameFinding::Stalemate,
                Ending::DeadPosition => GameFinding::DeadPosition,
                Ending::FivefoldRepetition => GameFinding::FivefoldRepetition,
                Ending::SeventyFiveMoves => GameFinding::SeventyFiveMoves,
            }));
        }
        if self.plies_after_end > 0 {
            found.push(GameFinding::PlayedPastEnd);
        }
        match self.result_check {
            ResultCheck::DecisiveAfterAutomaticDraw => {
                found.push(GameFinding::DecisiveAfterAutomaticDraw);
            }
            ResultCheck::ContradictsCheckmate => found.push(GameFinding::ContradictsCheckmate),
            ResultCheck::UnfinishedAfterEnding => found.push(GameFinding::UnfinishedAfterEnding),
            ResultCheck::Consistent | ResultCheck::NoResult => {}
        }
        match self
            .time_forfeit
            .as_ref()
            .map(|forfeit| (&forfeit.mating, forfeit.searched))
        {
            Some((Mating::Impossible { .. }, _)) => found.push(GameFinding::WinOnTimeShouldBeDraw),
            // Without a search, the static proofs not applying says nothing.
            Some((Mating::Undetermined, true)) => found.push(GameFinding::WinOnTimeUndetermined),
            Some((Mating::Undetermined, false) | (Mating::Possible { .. }, _)) | None => {}
        }
        if matches!(
            self.dead_position,
            Some(DeadScan::Undetermined { .. } | DeadScan::Dead { first: false, .. })
        ) {
            found.push(GameFinding::DeadPositionUndetermined);
        }
        found
    }
}

/// How `recorded` compares with the first automatic ending `ended`.
pub(crate) fn check_result(ended: Option<&EndedAt>, recorded: Option<GameResult>) -> ResultCheck {
    let Some(recorded) = recorded else {
        return ResultCheck::NoResult;
    };
    let Some(ended) = ended else {
        return ResultCheck::Consistent;
    };
    let checkmate = ended.endings.contains(&Ending::Checkmate);
    match recorded {
        GameResult::Ongoing => ResultCheck::UnfinishedAfterEnding,
        same if same == ended.result => ResultCheck::Consistent,
        _ if checkmate => ResultCheck::ContradictsCheckmate,
        _ => ResultCheck::DecisiveAfterAutomaticDraw,
    }
}
