//! Named profiles: the draw policies and editions of a published rulebook
//! or platform at once (`spec/PROFILES.md`), for an engine's handshake
//! (`"profile": "lichess"`) and `drawrules verify --profile`.
//!
//! A profile is only a shorthand: it expands into the [`DrawPolicies`] and
//! editions an engine could declare itself, and is judged by them and
//! nothing else. Each profile states only what its source publishes; a
//! rule the source leaves unsaid follows the Laws, as a rule left out of
//! `draws` does (`spec/PROFILES.md` says which, for each profile).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use drawrules::laws::Edition;

use super::draws::{DrawPolicies, Policy};

/// A named set of draw policies and editions.
///
/// # Examples
///
/// ```
/// use drawrules::laws::Edition;
/// use drawrules_conformance::protocol::{Policy, Profile};
///
/// let lichess: Profile = "lichess".parse().unwrap();
/// assert_eq!(lichess.draws().fifty_moves, Policy::Automatic(None));
/// assert_eq!(lichess.editions(), [Edition::Fide2018]);
/// assert!("lichesss".parse::<Profile>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Profile {
    /// The Laws from 1 January 2018 (the 2017 and 2023 texts agree on
    /// these articles): claims at 9.2 and 9.3, 9.6 ends the game, fivefold
    /// repetition counted in any order.
    Fide2018,
    /// The Laws from 1 July 2014: as [`Profile::Fide2018`], with the 2014
    /// rhythm of 9.6.1 (five consecutive alternate moves by each player).
    Fide2014,
    /// Lichess: threefold repetition claimed, fifty moves end the game at
    /// 100 plies, fivefold repetition ends it.
    Lichess,
    /// Chess.com: threefold repetition ends the game on the third
    /// occurrence; the rest as the Laws.
    ChessCom,
    /// US Chess's rulebook: threefold repetition (triple occurrence) and
    /// fifty moves claimed, no fivefold or seventy-five-move rule.
    UsChess,
}

impl Profile {
    /// Every profile, in the order of `spec/PROFILES.md`.
    pub const ALL: [Profile; 5] = [
        Profile::Fide2018,
        Profile::Fide2014,
        Profile::Lichess,
        Profile::ChessCom,
        Profile::UsChess,
    ];

    /// The name in the protocol and on the command line, e.g. `chess-com`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Fide2018 => "fide-2018",
            Profile::Fide2014 => "fide-2014",
            Profile::Lichess => "lichess",
            Profile::ChessCom => "chess-com",
            Profile::UsChess => "us-chess",
        }
    }

    /// Whose rules these are, in a few words.
    pub const fn title(self) -> &'static str {
        match self {
            Profile::Fide2018 => "the FIDE Laws of Chess from 1 January 2018",
            Profile::Fide2014 => "the FIDE Laws of Chess from 1 July 2014",
            Profile::Lichess => "Lichess",
            Profile::ChessCom => "Chess.com",
            Profile::UsChess => "US Chess's Official Rules of Chess, 7th edition",
        }
    }

    /// The draw policy of each rule.
    pub fn draws(self) -> DrawPolicies {
        let laws = DrawPolicies::default();
        match self {
            Profile::Fide2018 | Profile::Fide2014 => laws,
            Profile::Lichess => DrawPolicies {
                fifty_moves: Policy::Automatic(None),
                ..laws
            },
            Profile::ChessCom => DrawPolicies {
                threefold_repetition: Policy::Automatic(None),
                ..laws
            },
            Profile::UsChess => DrawPolicies {
                fivefold_repetition: Policy::Absent,
                seventy_five_moves: Policy::Absent,
                ..laws
            },
        }
    }

    /// The editions followed: a profile without fivefold repetition, the
    /// only difference of the editions, follows both.
    pub fn editions(self) -> Vec<Edition> {
        match self {
            Profile::Fide2014 => vec![Edition::Fide2014],
            Profile::UsChess => Edition::ALL.to_vec(),
            Profile::Fide2018 | Profile::Lichess | Profile::ChessCom => vec![Edition::Fide2018],
        }
    }

    /// The profile whose policies and editions are exactly `draws` and
    /// `editions` (in any order), if one is: what an engine that declares
    /// them itself follows.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::laws::Edition;
    /// use drawrules_conformance::protocol::{DrawPolicies, Profile};
    ///
    /// let laws = DrawPolicies::default();
    /// assert_eq!(Profile::matching(&laws, &[Edition::Fide2018]), Some(Profile::Fide2018));
    /// assert_eq!(Profile::matching(&DrawPolicies::automatic(), &[Edition::Fide2018]), None);
    /// ```
    pub fn matching(draws: &DrawPolicies, editions: &[Edition]) -> Option<Profile> {
        let same_editions = |profile: Profile| {
            let theirs = profile.editions();
            theirs.len() == editions.len() && theirs.iter().all(|e| editions.contains(e))
        };
        Profile::ALL
            .into_iter()
            .find(|&profile| profile.draws() == *draws && same_editions(profile))
    }

    /// The names of every profile, for messages: `a, b or c`.
    fn names() -> String {
        let names = Profile::ALL.map(Profile::name);
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given for a profile is not one we know.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown profile {name:?} (expected {})", Profile::names())]
pub struct ParseProfileError {
    /// The text that was given.
    pub name: String,
}

impl FromStr for Profile {
    type Err = ParseProfileError;

    fn from_str(s: &str) -> Result<Profile, ParseProfileError> {
        Profile::ALL
            .into_iter()
            .find(|profile| profile.name() == s)
            .ok_or_else(|| ParseProfileError { name: s.to_owned() })
    }
}

impl Serialize for Profile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Profile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Profile, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(profile: Profile) -> [Policy; 4] {
        profile.draws().rules().map(|(_, policy)| policy)
    }

    const CLAIM: Policy = Policy::Claim;
    const AUTOMATIC: Policy = Policy::Automatic(None);
    const ABSENT: Policy = Policy::Absent;

    #[test]
    fn fide_2018_is_the_laws_of_2018() {
        let profile = Profile::Fide2018;
        assert_eq!(rules(profile), [CLAIM, CLAIM, AUTOMATIC, AUTOMATIC]);
        assert_eq!(profile.draws(), DrawPolicies::default());
        assert_eq!(profile.editions(), [Edition::Fide2018]);
    }

    #[test]
    fn fide_2014_is_the_laws_with_the_2014_rhythm() {
        let profile = Profile::Fide2014;
        assert_eq!(rules(profile), [CLAIM, CLAIM, AUTOMATIC, AUTOMATIC]);
        assert_eq!(profile.editions(), [Edition::Fide2014]);
    }

    #[test]
    fn lichess_ends_the_game_at_fifty_moves() {
        let profile = Profile::Lichess;
        assert_eq!(rules(profile), [CLAIM, AUTOMATIC, AUTOMATIC, AUTOMATIC]);
        assert_eq!(profile.editions(), [Edition::Fide2018]);
        assert_eq!(
            profile.draws().deviations(),
            ["fifty-moves: automatic (the Laws: claim)"]
        );
    }

    #[test]
    fn chess_com_ends_the_game_at_the_third_occurrence() {
        let profile = Profile::ChessCom;
        assert_eq!(rules(profile), [AUTOMATIC, CLAIM, AUTOMATIC, AUTOMATIC]);
        assert_eq!(profile.editions(), [Edition::Fide2018]);
        assert_eq!(
            profile.draws().deviations(),
            ["threefold-repetition: automatic (the Laws: claim)"]
        );
    }

    #[test]
    fn us_chess_has_claims_and_no_nine_six() {
        let profile = Profile::UsChess;
        assert_eq!(rules(profile), [CLAIM, CLAIM, ABSENT, ABSENT]);
        assert_eq!(profile.editions(), [Edition::Fide2018, Edition::Fide2014]);
    }

    #[test]
    fn every_profile_can_be_judged_and_is_found_from_its_expansion() {
        for profile in Profile::ALL {
            assert_eq!(profile.draws().check(), Ok(()), "{profile}");
            assert!(!profile.editions().is_empty(), "{profile}");
            let mut editions = profile.editions();
            editions.reverse();
            assert_eq!(
                Profile::matching(&profile.draws(), &editions),
                Some(profile)
            );
        }
        assert_eq!(
            Profile::matching(&DrawPolicies::default(), &Edition::ALL),
            None,
            "the Laws in both editions are no profile"
        );
    }

    #[test]
    fn names_read_and_write() {
        for profile in Profile::ALL {
            assert_eq!(profile.name().parse::<Profile>(), Ok(profile));
            let json = serde_json::to_string(&profile).unwrap();
            assert_eq!(json, format!("\"{}\"", profile.name()));
            assert_eq!(serde_json::from_str::<Profile>(&json).unwrap(), profile);
        }
        assert_eq!(
            "Lichess".parse::<Profile>().unwrap_err().to_string(),
            "unknown profile \"Lichess\" (expected fide-2018, fide-2014, lichess, chess-com or us-chess)"
        );
        let err = serde_json::from_str::<Profile>("\"fide-2099\"").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown profile \"fide-2099\" (expected fide-2018, "),
            "{err}"
        );
    }
}
