//! Which draw policies and editions a run judges the engine by: those its
//! handshake declares (field by field, or as a profile), or a profile given
//! to `verify` in their place (`--profile`).

use drawrules::laws::Edition;

use crate::protocol::{DrawPolicies, Hello, Profile};

/// Where the draw policies and editions a run judges by come from.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::Profile;
/// use drawrules_conformance::verify::{JudgedBy, OurArbiter, Subject};
///
/// let mut hello = OurArbiter.hello().unwrap();
/// let judged_by = JudgedBy::apply(&mut hello, Some(Profile::ChessCom)).unwrap();
/// assert_eq!(judged_by.profile(), Some(Profile::ChessCom));
/// assert_eq!(hello.draws, Profile::ChessCom.draws());
/// assert!(judged_by.describe(&hello).starts_with("profile chess-com, given to verify"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgedBy {
    /// What the handshake declares: a profile it names, or its own draw
    /// policies and editions (the Laws' policies when it gives none).
    Handshake,
    /// A profile given to verify, in place of what the handshake declares.
    Given {
        /// The profile judged by.
        profile: Profile,
        /// The profile the handshake named, if any.
        declared_profile: Option<Profile>,
        /// The draw policies the handshake declared.
        declared_draws: DrawPolicies,
        /// The editions the handshake declared.
        declared_editions: Vec<Edition>,
    },
}

impl JudgedBy {
    /// Puts `profile`, if one is given, in place of the draw policies and
    /// profile of `hello`, keeps of its editions those the profile has
    /// (an engine is never sent a game of an edition it did not declare),
    /// and says where those of the run come from.
    ///
    /// # Errors
    ///
    /// The profile has none of the editions the engine declares: no game
    /// could be judged.
    pub fn apply(hello: &mut Hello, profile: Option<Profile>) -> Result<JudgedBy, String> {
        let Some(profile) = profile else {
            return Ok(JudgedBy::Handshake);
        };
        let shared: Vec<Edition> = profile
            .editions()
            .into_iter()
            .filter(|edition| hello.editions.contains(edition))
            .collect();
        if shared.is_empty() {
            return Err(format!(
                "profile {profile} judges {}, and the engine declares {} alone: no game could \
                 be judged",
                editions(&profile.editions()),
                editions(&hello.editions)
            ));
        }
        let declared_profile = hello.profile.replace(profile);
        let declared_draws = std::mem::replace(&mut hello.draws, profile.draws());
        let declared_editions = std::mem::replace(&mut hello.editions, shared);
        Ok(JudgedBy::Given {
            profile,
            declared_profile,
            declared_draws,
            declared_editions,
        })
    }

    /// The profile the run judges by: given to verify, named in the
    /// handshake, or the one whose policies and editions the handshake
    /// declares field by field (`hello` is the handshake as judged).
    pub fn profile_of(&self, hello: &Hello) -> Option<Profile> {
        self.profile()
            .or(hello.profile)
            .or_else(|| Profile::matching(&hello.draws, &hello.editions))
    }

    /// The profile given to verify, if one was.
    pub fn profile(&self) -> Option<Profile> {
        match self {
            JudgedBy::Handshake => None,
            JudgedBy::Given { profile, .. } => Some(*profile),
        }
    }

    /// Who chose what the run judges by, in the JSON report's words:
    /// `--profile` or `handshake`.
    pub fn source(&self) -> &'static str {
        match self {
            JudgedBy::Handshake => "handshake",
            JudgedBy::Given { .. } => "--profile",
        }
    }

    /// One line for the reports, e.g. `profile lichess, declared in the
    /// handshake (spec/PROFILES.md)`; `hello` is the handshake as judged.
    pub fn describe(&self, hello: &Hello) -> String {
        match self {
            JudgedBy::Given {
                profile,
                declared_profile,
                declared_draws,
                declared_editions,
            } => {
                let declared = match declared_profile {
                    Some(named) => format!("profile {named}"),
                    None => format!(
                        "{}, editions {}",
                        policies(declared_draws),
                        editions(declared_editions)
                    ),
                };
                format!(
                    "profile {profile}, given to verify in place of the handshake's \
                     ({declared}) (spec/PROFILES.md)"
                )
            }
            JudgedBy::Handshake => match (hello.profile, self.profile_of(hello)) {
                (Some(named), _) => {
                    format!("profile {named}, declared in the handshake (spec/PROFILES.md)")
                }
                (None, Some(matching)) => format!(
                    "profile {matching}: the draw policies and editions the handshake \
                     declares are that profile's (spec/PROFILES.md)"
                ),
                (None, None) => format!(
                    "its own declared draw policies (as below) and editions ({}), those of \
                     no profile",
                    editions(&hello.editions)
                ),
            },
        }
    }
}

/// `the Laws' draw policies`, or the departures from them.
fn policies(draws: &DrawPolicies) -> String {
    let deviations = draws.deviations();
    if deviations.is_empty() {
        "the Laws' draw policies".to_owned()
    } else {
        deviations.join("; ")
    }
}

/// `fide-2018, fide-2014`.
fn editions(editions: &[Edition]) -> String {
    editions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Part, Policy};
    use crate::verify::game::fixtures::handshake;

    #[test]
    fn the_handshake_is_described_by_its_profile() {
        let named = handshake(r#""profile":"lichess""#);
        assert_eq!(
            JudgedBy::Handshake.describe(&named),
            "profile lichess, declared in the handshake (spec/PROFILES.md)"
        );
        let matching = handshake(
            r#""editions":["fide-2014","fide-2018"],"draws":{"fivefold-repetition":"absent","seventy-five-moves":"absent"}"#,
        );
        assert_eq!(
            JudgedBy::Handshake.describe(&matching),
            "profile us-chess: the draw policies and editions the handshake declares are \
             that profile's (spec/PROFILES.md)"
        );
        assert_eq!(
            JudgedBy::Handshake.profile_of(&matching),
            Some(Profile::UsChess)
        );
        let own = handshake(r#""editions":["fide-2018"],"draws":"automatic""#);
        assert_eq!(
            JudgedBy::Handshake.describe(&own),
            "its own declared draw policies (as below) and editions (fide-2018), those of \
             no profile"
        );
        assert_eq!(JudgedBy::Handshake.profile_of(&own), None);
    }

    #[test]
    fn a_given_profile_replaces_the_handshake_and_says_what_it_declared() {
        let mut judged = handshake(r#""editions":["fide-2018"]"#);
        let judged_by = JudgedBy::apply(&mut judged, Some(Profile::UsChess)).unwrap();
        assert_eq!(judged.profile, Some(Profile::UsChess));
        assert_eq!(judged.draws.fivefold_repetition, Policy::Absent);
        assert_eq!(
            judged.editions,
            [Edition::Fide2018],
            "us-chess has both editions; the engine declared one"
        );
        assert!(
            judged.implements(Part::Result),
            "the rest is the handshake's"
        );
        assert_eq!(
            judged_by.describe(&judged),
            "profile us-chess, given to verify in place of the handshake's \
             (the Laws' draw policies, editions fide-2018) (spec/PROFILES.md)"
        );
        assert_eq!(judged_by.source(), "--profile");

        let mut named = handshake(r#""profile":"lichess""#);
        let judged_by = JudgedBy::apply(&mut named, Some(Profile::Fide2018)).unwrap();
        assert_eq!(named.draws, DrawPolicies::default());
        assert_eq!(
            judged_by.describe(&named),
            "profile fide-2018, given to verify in place of the handshake's (profile lichess) \
             (spec/PROFILES.md)"
        );

        let mut untouched = handshake(r#""profile":"lichess""#);
        assert_eq!(
            JudgedBy::apply(&mut untouched, None),
            Ok(JudgedBy::Handshake)
        );
        assert_eq!(untouched, handshake(r#""profile":"lichess""#));
    }

    #[test]
    fn a_given_profile_with_no_edition_of_the_engine_is_refused() {
        let mut only_2018 = handshake(r#""editions":["fide-2018"]"#);
        assert_eq!(
            JudgedBy::apply(&mut only_2018, Some(Profile::Fide2014)),
            Err(
                "profile fide-2014 judges fide-2014, and the engine declares fide-2018 alone: \
                 no game could be judged"
                    .to_owned()
            )
        );
        assert_eq!(
            only_2018,
            handshake(r#""editions":["fide-2018"]"#),
            "untouched"
        );
    }
}
