//! How an engine's handshake is read: the fields as written (a `profile`,
//! `draws` in either protocol's form, `editions`), then a profile expanded
//! into the policies and editions it stands for. A profile given together
//! with `draws` or `editions` is refused: it sets both, and which one
//! should win is not for the harness to guess. A field the protocol does
//! not know is refused in protocol 2 (a misspelt `profle` or `meaning`
//! would otherwise change what is judged unseen) and named in the report
//! in protocol 1, whose engines were written before the rule.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

use drawrules::laws::Edition;

use super::dead_reading::DeadReading;
use super::draws::{DrawPolicies, deserialize_draws};
use super::ended_reading::EndedReading;
use super::malformation::Malformation;
use super::meanings::Meanings;
use super::messages::Hello;
use super::part::Part;
use super::printable::printable;
use super::profiles::Profile;

/// A handshake as the engine wrote it.
#[derive(Deserialize)]
pub(crate) struct HelloWire {
    protocol: u32,
    name: String,
    #[serde(default)]
    version: String,
    implements: Vec<Part>,
    #[serde(default)]
    profile: Option<Profile>,
    #[serde(default)]
    editions: Option<Vec<Edition>>,
    #[serde(default, deserialize_with = "some_draws")]
    draws: Option<DrawPolicies>,
    #[serde(rename = "dead-position", default)]
    dead_position: DeadReading,
    #[serde(default)]
    meanings: Meanings,
    #[serde(default)]
    lenient: Vec<Malformation>,
    #[serde(default)]
    ended: EndedReading,
    /// Every other field.
    #[serde(flatten)]
    unknown: BTreeMap<String, serde_json::Value>,
}

/// `draws`, when given, in either protocol's form.
fn some_draws<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<DrawPolicies>, D::Error> {
    deserialize_draws(deserializer).map(Some)
}

impl TryFrom<HelloWire> for Hello {
    type Error = String;

    fn try_from(wire: HelloWire) -> Result<Hello, String> {
        let ignored: Vec<String> = wire
            .unknown
            .into_keys()
            .map(|key| printable(&key))
            .collect();
        if wire.protocol >= 2 && !ignored.is_empty() {
            return Err(format!(
                "unknown field{} {} in a protocol 2 handshake (the fields are protocol, name, \
                 version, implements, profile, editions, draws, dead-position, meanings, \
                 lenient and ended)",
                if ignored.len() == 1 { "" } else { "s" },
                ignored
                    .iter()
                    .map(|name| format!("`{name}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let (draws, editions) = match (wire.profile, wire.draws, wire.editions) {
            (Some(profile), None, None) if wire.protocol >= 2 => {
                (profile.draws(), profile.editions())
            }
            (Some(profile), None, None) => {
                return Err(format!(
                    "profile {:?} in a protocol {} handshake: profiles are protocol 2",
                    profile.name(),
                    wire.protocol
                ));
            }
            (Some(profile), draws, editions) => {
                let given = match (draws.is_some(), editions.is_some()) {
                    (true, true) => "draws and editions",
                    (true, false) => "draws",
                    _ => "editions",
                };
                return Err(format!(
                    "profile {:?} given with {given}: a profile sets the draw policies and \
                     editions, so give it alone, or draws and editions without it",
                    profile.name()
                ));
            }
            (None, _, None) => return Err("missing field `editions` (or a profile)".to_owned()),
            (None, draws, Some(editions)) => (draws.unwrap_or_default(), editions),
        };
        Ok(Hello {
            protocol: wire.protocol,
            name: printable(&wire.name),
            version: printable(&wire.version),
            implements: wire.implements,
            profile: wire.profile,
            editions,
            draws,
            dead_position: wire.dead_position,
            meanings: wire.meanings,
            lenient: wire.lenient,
            ended: wire.ended,
            ignored,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Policy;

    const START: &str = r#""protocol":2,"name":"x","implements":["result"]"#;

    fn read(fields: &str) -> Result<Hello, String> {
        serde_json::from_str::<Hello>(&format!("{{{START},{fields}}}")).map_err(|e| e.to_string())
    }

    #[test]
    fn a_profile_sets_the_policies_and_editions() {
        let hello = read(r#""profile":"us-chess""#).unwrap();
        assert_eq!(hello.profile, Some(Profile::UsChess));
        assert_eq!(hello.draws, Profile::UsChess.draws());
        assert_eq!(hello.editions, [Edition::Fide2018, Edition::Fide2014]);
        let hello = read(r#""profile":"chess-com","dead-position":"exact""#).unwrap();
        assert_eq!(hello.draws.threefold_repetition, Policy::Automatic(None));
        assert_eq!(hello.dead_position, DeadReading::Exact);
    }

    #[test]
    fn without_a_profile_the_declared_fields_are_read_as_before() {
        let hello = read(r#""editions":["fide-2014"],"draws":"automatic""#).unwrap();
        assert_eq!(hello.profile, None);
        assert_eq!(hello.draws, DrawPolicies::automatic());
        assert_eq!(hello.editions, [Edition::Fide2014]);
        let hello = read(r#""editions":["fide-2018"]"#).unwrap();
        assert_eq!(hello.draws, DrawPolicies::default());
        let err = read(r#""draws":"claims""#).unwrap_err();
        assert!(
            err.starts_with("missing field `editions` (or a profile)"),
            "{err}"
        );
    }

    #[test]
    fn a_profile_with_draws_or_editions_is_refused() {
        for (fields, given) in [
            (r#""profile":"lichess","draws":"claims""#, "draws"),
            (
                r#""profile":"lichess","editions":["fide-2018"]"#,
                "editions",
            ),
            (
                r#""profile":"lichess","editions":["fide-2018"],"draws":{}"#,
                "draws and editions",
            ),
        ] {
            let err = read(fields).unwrap_err();
            assert!(
                err.starts_with(&format!(
                    "profile \"lichess\" given with {given}: a profile sets the draw policies \
                     and editions, so give it alone, or draws and editions without it"
                )),
                "{fields}: {err}"
            );
        }
    }

    #[test]
    fn an_unknown_field_is_refused_in_protocol_2_and_named_in_protocol_1() {
        let err = read(r#""profle":"us-chess","editions":["fide-2018"]"#).unwrap_err();
        assert!(
            err.starts_with(
                "unknown field `profle` in a protocol 2 handshake (the fields are protocol, \
                 name, version, implements, profile, editions, draws, dead-position, meanings, \
                 lenient and ended)"
            ),
            "{err}"
        );
        let err = read(r#""editions":["fide-2018"],"meaning":{},"x":1"#).unwrap_err();
        assert!(
            err.starts_with("unknown fields `meaning`, `x` in a"),
            "{err}"
        );
        let hello = serde_json::from_str::<Hello>(
            r#"{"protocol":1,"name":"x","implements":[],"editions":["fide-2018"],"meaning":{}}"#,
        )
        .unwrap();
        assert_eq!(hello.ignored, ["meaning"]);
        assert_eq!(
            read(r#""editions":["fide-2018"]"#).unwrap().ignored,
            [""; 0]
        );
    }

    #[test]
    fn an_unknown_profile_or_a_profile_in_protocol_1_is_refused() {
        let err = read(r#""profile":"fics""#).unwrap_err();
        assert!(
            err.starts_with(
                "unknown profile \"fics\" (expected fide-2018, fide-2014, lichess, chess-com or us-chess)"
            ),
            "{err}"
        );
        let err = serde_json::from_str::<Hello>(
            r#"{"protocol":1,"name":"x","implements":[],"profile":"fide-2018"}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with(
                "profile \"fide-2018\" in a protocol 1 handshake: profiles are protocol 2"
            ),
            "{err}"
        );
    }
}
