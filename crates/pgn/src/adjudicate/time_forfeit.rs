//! Article 6.9: a game won on time.
//!
//! Our reading: the player whose flag falls loses the game, except when the
//! opponent could not checkmate from the position on the board by any
//! series of legal moves (both players cooperating, as in Article 5.2.2 for
//! one side): then the game is drawn. So a recorded win on time is wrong
//! when the *winner* could never have mated from the final position.
//!
//! A game is checked here when all of these hold:
//!
//! * its `Termination` tag says it was lost on time ([`is_time_forfeit`]);
//! * its recorded result is a win, `1-0` or `0-1` (the winner is the side
//!   it names);
//! * the game was not already over by rule (an automatic ending reached on
//!   the board comes first, and the other findings cover it).
//!
//! The winner's chances are decided by
//! [`can_ever_mate_in`](drawrules::unwinnable::can_ever_mate_in)
//! on the final position with the default [`Budget`]: a helpmate line, a
//! reason why none exists, or *undetermined*, which is reported as such and
//! never counted as either answer.

use serde::Serialize;
use shakmaty::{CastlingMode, Chess};

use super::{DeadCheck, EndedAt};
use drawrules::laws::GameResult;
use drawrules::mating::{Budget, Mating, Side};
use drawrules::unwinnable::{can_ever_mate_in, never_mates};

/// The number of Article 6.9, the article this module reads. It is not
/// one of the library's [`Article`](drawrules::Article)s, which are the
/// articles the arbiter decides, so it has its one home here.
pub(crate) const TIME_FORFEIT_ARTICLE: &str = "6.9";

/// Article 6.9 on a game won on time: the winner, and whether it could
/// still have checkmated from the final position, with the evidence.
///
/// Serialised flat: `{"winner":"white","verdict":"impossible","reason":"material"}`,
/// `{"winner":"black","verdict":"possible","line":["e2e4", ...]}` or
/// `{"winner":"white","verdict":"undetermined"}`.
///
/// # Examples
///
/// ```
/// use drawrules::Edition;
/// use drawrules::mating::{Mating, NoMate, Side};
/// use drawrules_pgn::Games;
/// use drawrules_pgn::adjudicate::{GameFinding, TimeForfeit, adjudicate};
///
/// // White, with a lone king, is recorded as winning on time: but a lone
/// // king can never mate, so the game is drawn.
/// let pgn = "[FEN \"4k3/8/8/3q4/8/8/8/4K3 w - - 0 1\"]\n[Result \"1-0\"]\n\
///            [Termination \"Time forfeit\"]\n\n1. Kf2 1-0\n";
/// let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
/// let found = adjudicate(&game, Edition::Fide2018).unwrap();
/// assert_eq!(
///     found.time_forfeit,
///     Some(TimeForfeit {
///         winner: Side::White,
///         // Only the static proofs: no search without DeadCheck::Exact.
///         searched: false,
///         mating: Mating::Impossible { reason: NoMate::Material },
///     })
/// );
/// assert_eq!(found.findings(), [GameFinding::WinOnTimeShouldBeDraw]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimeForfeit {
    /// The side recorded as winning on time.
    pub winner: Side,
    /// Whether a mate was searched for ([`DeadCheck::Exact`]); otherwise
    /// only the static proofs (material, a locked wall) were tried, and an
    /// undetermined answer means only that they did not apply.
    pub searched: bool,
    /// Whether it could still mate from the final position.
    #[serde(flatten)]
    pub mating: Mating,
}

impl TimeForfeit {
    /// Whether the recorded win should be a draw (Article 6.9): the winner
    /// could never have mated.
    pub fn should_be_draw(&self) -> bool {
        self.mating.is_impossible()
    }
}

/// Whether a `Termination` tag's value says the game was lost on time.
///
/// Accepted, ignoring case and the spaces around the value: `time forfeit`
/// (Lichess, TCEC), `time`, `time loss`, `lost on time`, `loses on time`,
/// `won on time`, `wins on time`, and the last four preceded by `white` or
/// `black` (`Black loses on time`). Nothing else: `abandoned`, `normal`,
/// `adjudication` and free text that merely mentions time are not read as a
/// time forfeit.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::adjudicate::is_time_forfeit;
///
/// assert!(is_time_forfeit("Time forfeit"));
/// assert!(is_time_forfeit(" Black loses on time "));
/// assert!(!is_time_forfeit("Normal"));
/// assert!(!is_time_forfeit("time control reached"));
/// ```
pub fn is_time_forfeit(termination: &str) -> bool {
    let text = termination.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "time forfeit" | "time" | "time loss") {
        return true;
    }
    let phrase = text
        .strip_prefix("white ")
        .or_else(|| text.strip_prefix("black "))
        .unwrap_or(&text);
    matches!(
        phrase,
        "lost on time" | "loses on time" | "won on time" | "wins on time"
    )
}

/// Article 6.9 on a replayed game, or `None` when it does not apply: the
/// game was not won on time, or was already over by rule (`ended`).
pub(crate) fn verdict(
    termination: Option<&str>,
    recorded: Option<GameResult>,
    ended: Option<&EndedAt>,
    last: &Chess,
    mode: CastlingMode,
    dead: DeadCheck,
) -> Option<TimeForfeit> {
    let winner = winner_on_time(termination, recorded, ended)?;
    Some(match dead {
        DeadCheck::Exact => decided(winner, last, mode, Budget::DEFAULT),
        // No search at all: the static proofs only.
        DeadCheck::Material => TimeForfeit {
            winner,
            searched: false,
            mating: never_mates(last, winner.into())
                .map_or(Mating::Undetermined, |reason| Mating::Impossible { reason }),
        },
    })
}

/// The side recorded as winning on time, when Article 6.9 applies: the
/// termination says so, the result is a win, and the game was not over by
/// rule.
fn winner_on_time(
    termination: Option<&str>,
    recorded: Option<GameResult>,
    ended: Option<&EndedAt>,
) -> Option<Side> {
    if ended.is_some() || !is_time_forfeit(termination?) {
        return None;
    }
    match recorded? {
        GameResult::WhiteWins => Some(Side::White),
        GameResult::BlackWins => Some(Side::Black),
        GameResult::Draw | GameResult::Ongoing => None,
    }
}

/// Whether `winner` could still mate from `last`, searched within `budget`.
fn decided(winner: Side, last: &Chess, mode: CastlingMode, budget: Budget) -> TimeForfeit {
    TimeForfeit {
        winner,
        searched: true,
        mating: can_ever_mate_in(last, winner.into(), mode, budget),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Games;
    use crate::adjudicate::{Adjudication, DeadCheck, GameFinding, adjudicate, adjudicate_with};
    use drawrules::Edition;
    use drawrules::mating::NoMate;
    use shakmaty::Position;
    use shakmaty::fen::Fen;

    /// Adjudicates one game given by its start FEN, tags and movetext,
    /// searching for mates.
    fn adjudicated(fen: &str, tags: &str, movetext: &str) -> Adjudication {
        let pgn = format!("[FEN \"{fen}\"]\n{tags}\n\n{movetext}\n");
        let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
        adjudicate_with(&game, Edition::Fide2018, DeadCheck::Exact).unwrap()
    }

    #[test]
    fn without_a_search_only_the_static_proofs_count() {
        let pgn = format!(
            "[FEN \"{BARE_BLACK_KING}\"]\n{}\n\n1. Qd2 Kf7 1-0\n",
            on_time("1-0")
        );
        let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
        let found = adjudicate(&game, Edition::Fide2018).unwrap();
        assert_eq!(
            found.time_forfeit,
            Some(TimeForfeit {
                winner: Side::White,
                searched: false,
                mating: Mating::Undetermined
            })
        );
        // Not searched: nothing is reported, not even undetermined.
        assert_eq!(found.findings(), []);
        let draw = format!(
            "[FEN \"{BARE_BLACK_KING}\"]\n{}\n\n1. Qd2 Kf7 0-1\n",
            on_time("0-1")
        );
        let game = Games::new(draw.as_bytes()).next().unwrap().unwrap();
        let found = adjudicate(&game, Edition::Fide2018).unwrap();
        assert_eq!(found.findings(), [GameFinding::WinOnTimeShouldBeDraw]);
    }

    fn on_time(result: &str) -> String {
        format!("[Result \"{result}\"]\n[Termination \"Time forfeit\"]")
    }

    /// Black has only its king; White has a queen and runs out of time.
    const BARE_BLACK_KING: &str = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";

    #[test]
    fn a_bare_king_that_wins_on_time_should_draw() {
        let found = adjudicated(BARE_BLACK_KING, &on_time("0-1"), "1. Qd2 Kf7 0-1");
        assert_eq!(
            found.time_forfeit,
            Some(TimeForfeit {
                winner: Side::Black,
                searched: true,
                mating: Mating::Impossible {
                    reason: NoMate::Material
                },
            })
        );
        assert_eq!(found.findings(), [GameFinding::WinOnTimeShouldBeDraw]);
        let json = serde_json::to_value(&found).unwrap();
        assert_eq!(
            json["time_forfeit"],
            serde_json::json!({"winner": "black", "searched": true, "verdict": "impossible", "reason": "material"})
        );
    }

    #[test]
    fn a_winner_with_a_queen_could_mate() {
        let found = adjudicated(BARE_BLACK_KING, &on_time("1-0"), "1. Qd2 Kf7 1-0");
        let forfeit = found
            .time_forfeit
            .clone()
            .expect("a win on time is checked");
        assert_eq!(forfeit.winner, Side::White);
        let Mating::Possible { line } = &forfeit.mating else {
            panic!("a queen can mate: {forfeit:?}")
        };
        // The evidence replays to White's checkmate.
        let mut position = found_final(&found);
        for uci in line {
            let mv = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&position)
                .unwrap();
            position.play_unchecked(mv);
        }
        assert!(position.is_checkmate(), "{line:?}");
        assert_eq!(position.turn(), shakmaty::Color::Black);
        assert_eq!(found.findings(), []);
        let json = serde_json::to_value(&found).unwrap();
        assert_eq!(json["time_forfeit"]["verdict"], "possible");
    }

    fn found_final(found: &Adjudication) -> Chess {
        found
            .final_status
            .fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn a_locked_wall_keeps_the_winner_from_mating() {
        // Every pawn blocked, no piece but the kings: nobody can ever mate,
        // but the material alone does not show it, so the game goes on.
        // The wall is one of the static proofs, tried even without a search.
        let wall = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1";
        let pgn = format!("[FEN \"{wall}\"]\n{}\n\n1. Kb2 Kb7 1-0\n", on_time("1-0"));
        let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
        let found = adjudicate(&game, Edition::Fide2018).unwrap();
        assert_eq!(found.ended, None, "not dead by material alone");
        assert_eq!(
            found.time_forfeit.as_ref().map(|t| &t.mating),
            Some(&Mating::Impossible {
                reason: NoMate::Wall
            })
        );
        assert_eq!(found.findings(), [GameFinding::WinOnTimeShouldBeDraw]);
        // Decided exactly, the game was dead from its start: the win
        // contradicts that draw, and 6.9 has nothing left to say.
        let exact = adjudicated(wall, &on_time("1-0"), "1. Kb2 Kb7 1-0");
        assert_eq!(exact.time_forfeit, None);
        assert_eq!(
            exact.findings(),
            [
                GameFinding::DeadPosition,
                GameFinding::PlayedPastEnd,
                GameFinding::DecisiveAfterAutomaticDraw
            ]
        );
    }

    #[test]
    fn other_terminations_and_results_are_not_checked() {
        let cases = [
            "[Result \"0-1\"]\n[Termination \"Normal\"]",
            "[Result \"0-1\"]\n[Termination \"abandoned\"]",
            "[Result \"0-1\"]",
            "[Result \"1/2-1/2\"]\n[Termination \"Time forfeit\"]",
            "[Result \"*\"]\n[Termination \"Time forfeit\"]",
        ];
        for tags in cases {
            let found = adjudicated(BARE_BLACK_KING, tags, "1. Qd2 Kf7 *");
            assert_eq!(found.time_forfeit, None, "{tags}");
            assert_eq!(found.findings(), [], "{tags}");
        }
    }

    #[test]
    fn a_game_over_by_rule_is_left_to_its_ending() {
        // Kxd2 leaves bare kings: dead by material, drawn before the flag.
        let found = adjudicated(
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            &on_time("1-0"),
            "1. Kxd2 1-0",
        );
        assert_eq!(found.time_forfeit, None);
        assert_eq!(
            found.findings(),
            [
                GameFinding::DeadPosition,
                GameFinding::DecisiveAfterAutomaticDraw
            ]
        );
    }

    #[test]
    fn the_accepted_spellings() {
        for text in [
            "Time forfeit",
            "time forfeit",
            "TIME",
            " time ",
            "time loss",
            "lost on time",
            "Loses on time",
            "White loses on time",
            "Black lost on time",
            "white wins on time",
            "Black won on time",
        ] {
            assert!(is_time_forfeit(text), "{text:?}");
        }
        for text in [
            "",
            "Normal",
            "abandoned",
            "adjudication",
            "time control",
            "timeforfeit",
            "Red loses on time",
            "loses on time, then resigns",
        ] {
            assert!(!is_time_forfeit(text), "{text:?}");
        }
    }

    #[test]
    fn undetermined_is_reported_as_such() {
        // A full middlegame: with a budget of one node and one position
        // neither a helpmate nor a proof can be found.
        let position = Chess::default();
        let budget = Budget {
            helpmate_nodes: 1,
            explored_positions: 1,
        };
        let winner = winner_on_time(Some("Time forfeit"), Some(GameResult::WhiteWins), None)
            .expect("checked");
        let forfeit = decided(winner, &position, CastlingMode::Standard, budget);
        assert_eq!(
            forfeit,
            TimeForfeit {
                winner: Side::White,
                searched: true,
                mating: Mating::Undetermined
            }
        );
        assert!(!forfeit.should_be_draw());
        let found = Adjudication {
            time_forfeit: Some(forfeit),
            ..adjudicated(BARE_BLACK_KING, &on_time("1-0"), "1. Qd2 Kf7 1-0")
        };
        assert_eq!(found.findings(), [GameFinding::WinOnTimeUndetermined]);
        let json = serde_json::to_value(&found).unwrap();
        assert_eq!(
            json["time_forfeit"],
            serde_json::json!({"winner": "white", "searched": true, "verdict": "undetermined"})
        );
    }
}
