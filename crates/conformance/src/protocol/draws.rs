//! How an engine treats each draw rule (protocol 2's `draws`): as the Laws
//! have it, or with a deviation it declares, which the harness then judges
//! it on instead of flagging.
//!
//! The Laws: threefold repetition (9.2) and fifty moves (9.3) are draws a
//! player may claim; fivefold repetition (9.6.1) and seventy-five moves
//! (9.6.2) end the game by themselves. A platform may end the game at the
//! claim's threshold (or another), and a library may lack a rule.

use std::fmt;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};

use drawrules::Status;

use super::part::Part;

/// What an engine does with one draw rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// A player may claim the draw; the game goes on until one does
    /// (`"claim"`).
    Claim,
    /// The engine ends the game at the threshold, the Laws' when `None`
    /// (`"automatic"`, `{"automatic": N}`): a repetition count of `N`, or a
    /// clock of `N` plies.
    Automatic(Option<u32>),
    /// The engine has no such rule (`"absent"`).
    Absent,
}

impl Serialize for Policy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Policy::Claim => serializer.serialize_str("claim"),
            Policy::Automatic(None) => serializer.serialize_str("automatic"),
            Policy::Absent => serializer.serialize_str("absent"),
            Policy::Automatic(Some(at)) => {
                #[derive(Serialize)]
                struct Threshold {
                    automatic: u32,
                }
                Threshold { automatic: *at }.serialize(serializer)
            }
        }
    }
}

impl<'de> Deserialize<'de> for Policy {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Policy, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Threshold {
            automatic: u32,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Word(String),
            Threshold(Threshold),
        }
        match Repr::deserialize(deserializer)? {
            Repr::Word(word) => match word.as_str() {
                "claim" => Ok(Policy::Claim),
                "automatic" => Ok(Policy::Automatic(None)),
                "absent" => Ok(Policy::Absent),
                other => Err(de::Error::custom(format!(
                    "unknown draw policy {other:?} (claim, automatic, {{\"automatic\": N}} or absent)"
                ))),
            },
            Repr::Threshold(Threshold { automatic }) => Ok(Policy::Automatic(Some(automatic))),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Claim => f.write_str("claim"),
            Policy::Automatic(None) => f.write_str("automatic"),
            Policy::Automatic(Some(at)) => write!(f, "automatic at {at}"),
            Policy::Absent => f.write_str("absent"),
        }
    }
}

/// The policy of each draw rule; a rule left out follows the Laws.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::{DrawPolicies, Policy};
///
/// let v2: DrawPolicies =
///     serde_json::from_str(r#"{"fifty-moves": {"automatic": 100}, "threefold-repetition": "absent"}"#).unwrap();
/// assert_eq!(v2.fifty_moves, Policy::Automatic(Some(100)));
/// assert_eq!(v2.fivefold_repetition, Policy::Automatic(None), "the Laws'");
/// assert_eq!(v2.deviations().len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct DrawPolicies {
    /// Threefold repetition (9.2).
    pub threefold_repetition: Policy,
    /// Fifty moves (9.3).
    pub fifty_moves: Policy,
    /// Fivefold repetition (9.6.1).
    pub fivefold_repetition: Policy,
    /// Seventy-five moves (9.6.2).
    pub seventy_five_moves: Policy,
}

impl Default for DrawPolicies {
    /// The Laws.
    fn default() -> DrawPolicies {
        DrawPolicies {
            threefold_repetition: Policy::Claim,
            fifty_moves: Policy::Claim,
            fivefold_repetition: Policy::Automatic(None),
            seventy_five_moves: Policy::Automatic(None),
        }
    }
}

impl DrawPolicies {
    /// Protocol 1's `draws: "automatic"`: threefold repetition and fifty
    /// moves end the game at the Laws' thresholds.
    pub fn automatic() -> DrawPolicies {
        DrawPolicies {
            threefold_repetition: Policy::Automatic(None),
            fifty_moves: Policy::Automatic(None),
            ..DrawPolicies::default()
        }
    }

    /// The rules with their names in the protocol, in article order.
    pub fn rules(&self) -> [(&'static str, Policy); 4] {
        [
            ("threefold-repetition", self.threefold_repetition),
            ("fifty-moves", self.fifty_moves),
            ("fivefold-repetition", self.fivefold_repetition),
            ("seventy-five-moves", self.seventy_five_moves),
        ]
    }

    /// The declared departures from the Laws, e.g.
    /// `fifty-moves: automatic at 100 (the Laws: claim)`.
    pub fn deviations(&self) -> Vec<String> {
        let laws = DrawPolicies::default().rules();
        self.rules()
            .into_iter()
            .zip(laws)
            .filter(|((_, ours), (_, fide))| ours != fide)
            .map(|((name, ours), (_, fide))| format!("{name}: {ours} (the Laws: {fide})"))
            .collect()
    }

    /// Why these policies cannot be judged, if they cannot: 9.6's endings
    /// take no other threshold, and an automatic threshold must be one a
    /// rulebook or platform has. Every documented one is the Laws' own (a
    /// third occurrence, a count of 100 plies: every profile of
    /// `spec/PROFILES.md` uses these), so `{"automatic": N}` is read only as
    /// another way to write the Laws' threshold; any other `N` would make
    /// verify judge, and pass, games cut short where no rulebook cuts them.
    pub fn check(&self) -> Result<(), String> {
        for (name, policy) in self.rules() {
            match (name, policy) {
                (
                    "fivefold-repetition" | "seventy-five-moves",
                    Policy::Automatic(Some(_)) | Policy::Claim,
                ) => {
                    return Err(format!(
                        "{name}: only automatic or absent (the game ends there by itself)"
                    ));
                }
                (_, Policy::Automatic(Some(at))) if Some(at) != laws_threshold(name) => {
                    return Err(format!(
                        "{name}: {{\"automatic\": {at}}}: no rulebook or platform ends the game \
                         there (the Laws' threshold, the only one documented, is {}: write \
                         \"automatic\")",
                        laws_threshold(name).unwrap_or_default()
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether `part` is not compared because the engine lacks its rule
    /// (one of [`DrawPolicies::absent_parts`], without building the list).
    pub fn is_absent(&self, part: Part) -> bool {
        let policy = match part {
            Part::ThreefoldRepetition | Part::ThreefoldOnMove | Part::GameThreefoldRepetition => {
                self.threefold_repetition
            }
            Part::FiftyMoves | Part::FiftyMovesOnMove | Part::GameFiftyMoves => self.fifty_moves,
            Part::FivefoldRepetition => self.fivefold_repetition,
            Part::SeventyFiveMoves => self.seventy_five_moves,
            _ => return false,
        };
        policy == Policy::Absent
    }

    /// The parts not compared because the engine lacks their rule.
    pub fn absent_parts(&self) -> Vec<Part> {
        let mut parts = Vec::new();
        if self.threefold_repetition == Policy::Absent {
            parts.extend([
                Part::ThreefoldRepetition,
                Part::ThreefoldOnMove,
                Part::GameThreefoldRepetition,
            ]);
        }
        if self.fifty_moves == Policy::Absent {
            parts.extend([
                Part::FiftyMoves,
                Part::FiftyMovesOnMove,
                Part::GameFiftyMoves,
            ]);
        }
        if self.fivefold_repetition == Policy::Absent {
            parts.push(Part::FivefoldRepetition);
        }
        if self.seventy_five_moves == Policy::Absent {
            parts.push(Part::SeventyFiveMoves);
        }
        parts
    }

    /// Whether the engine's own policy ends the game at `status` (a ply
    /// where the game goes on under the Laws): a repetition count or a
    /// clock at the threshold of a rule it makes automatic.
    pub fn ends_game_at(&self, status: &Status) -> bool {
        self.own_ending_at(status).is_some()
    }

    /// The rule the engine makes automatic that ends its game at `status`
    /// (a ply where the game goes on under the Laws), the repetition's
    /// first where both do.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::Edition;
    /// use drawrules::reference::Reference;
    /// use drawrules_conformance::protocol::{DrawPolicies, Part};
    /// use drawrules_conformance::verify::judge_text;
    ///
    /// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// let moves: Vec<String> = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
    ///     .split(' ')
    ///     .map(str::to_owned)
    ///     .collect();
    /// let judged = judge_text(&mut Reference::default(), start, &moves, Edition::Fide2018);
    /// let threefold = &judged.records[8];
    /// let automatic = DrawPolicies::automatic();
    /// assert_eq!(automatic.own_ending_at(threefold), Some(Part::ThreefoldRepetition));
    /// assert_eq!(automatic.own_ending_at(&judged.records[7]), None);
    /// assert_eq!(DrawPolicies::default().own_ending_at(threefold), None);
    /// ```
    pub fn own_ending_at(&self, status: &Status) -> Option<Part> {
        let reached = |policy: Policy, fide: u32, value: u32| match policy {
            Policy::Automatic(at) => value >= at.unwrap_or(fide),
            Policy::Claim | Policy::Absent => false,
        };
        if status.is_over() {
            None
        } else if reached(self.threefold_repetition, 3, status.repetition) {
            Some(Part::ThreefoldRepetition)
        } else if reached(self.fifty_moves, 100, status.clock) {
            Some(Part::FiftyMoves)
        } else {
            None
        }
    }
}

/// The Laws' threshold of a claimable draw rule: the repetition count
/// (9.2.2) or the clock in plies (9.3.2) at which a player may claim.
fn laws_threshold(rule: &str) -> Option<u32> {
    match rule {
        "threefold-repetition" => Some(3),
        "fifty-moves" => Some(100),
        _ => None,
    }
}

/// Protocol 1's `draws`: one word for both claimable draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum DrawsV1 {
    Claims,
    Automatic,
}

/// Reads `draws` in either protocol's form: protocol 1's word or protocol
/// 2's object.
pub(crate) fn deserialize_draws<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<DrawPolicies, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Repr {
        V1(DrawsV1),
        V2(DrawPolicies),
    }
    match Repr::deserialize(deserializer) {
        Ok(Repr::V1(DrawsV1::Claims)) => Ok(DrawPolicies::default()),
        Ok(Repr::V1(DrawsV1::Automatic)) => Ok(DrawPolicies::automatic()),
        Ok(Repr::V2(policies)) => Ok(policies),
        Err(_) => Err(de::Error::custom(
            "draws: \"claims\" or \"automatic\" (protocol 1), or an object of draw policies per rule (protocol 2)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_and_write() {
        let policies: DrawPolicies = serde_json::from_str(
            r#"{"threefold-repetition": "automatic", "fifty-moves": {"automatic": 100},
                "fivefold-repetition": "absent", "seventy-five-moves": "claim"}"#,
        )
        .unwrap();
        assert_eq!(
            policies.rules().map(|(_, p)| p),
            [
                Policy::Automatic(None),
                Policy::Automatic(Some(100)),
                Policy::Absent,
                Policy::Claim
            ]
        );
        let text = serde_json::to_string(&policies).unwrap();
        assert_eq!(
            serde_json::from_str::<DrawPolicies>(&text).unwrap(),
            policies
        );
        assert!(serde_json::from_str::<DrawPolicies>(r#"{"fifty": "claim"}"#).is_err());
        assert!(serde_json::from_str::<DrawPolicies>(r#"{"fifty-moves": "sometimes"}"#).is_err());
        assert!(
            serde_json::from_str::<DrawPolicies>(r#"{"fifty-moves": {"automatic": -1}}"#).is_err()
        );
    }

    #[test]
    fn nine_six_takes_no_threshold() {
        let policies = DrawPolicies {
            seventy_five_moves: Policy::Automatic(Some(140)),
            ..DrawPolicies::default()
        };
        assert!(policies.check().is_err());
        assert!(DrawPolicies::automatic().check().is_ok());
        assert!(DrawPolicies::default().deviations().is_empty());
    }

    #[test]
    fn a_threshold_only_as_the_laws_have_it() {
        for (policies, error) in [
            (
                r#"{"threefold-repetition": {"automatic": 1}}"#,
                Some(
                    r#"threefold-repetition: {"automatic": 1}: no rulebook or platform ends the game there (the Laws' threshold, the only one documented, is 3: write "automatic")"#,
                ),
            ),
            (
                r#"{"fifty-moves": {"automatic": 0}}"#,
                Some(
                    r#"fifty-moves: {"automatic": 0}: no rulebook or platform ends the game there (the Laws' threshold, the only one documented, is 100: write "automatic")"#,
                ),
            ),
            (r#"{"fifty-moves": {"automatic": 99}}"#, Some("")),
            (r#"{"threefold-repetition": {"automatic": 5}}"#, Some("")),
            (r#"{"threefold-repetition": {"automatic": 3}}"#, None),
            (r#"{"fifty-moves": {"automatic": 100}}"#, None),
        ] {
            let read: DrawPolicies = serde_json::from_str(policies).unwrap();
            match (read.check(), error) {
                (Ok(()), None) => {}
                (Err(message), Some(expected)) => {
                    assert!(message.starts_with(expected), "{policies}: {message}");
                    assert!(message.contains("no rulebook or platform"), "{message}");
                }
                (got, expected) => panic!("{policies}: {got:?}, expected {expected:?}"),
            }
        }
    }
}
