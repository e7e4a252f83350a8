//! The messages of the protocol (version 2; engines of version 1 are read
//! too). A record an engine sends is a [`PartialStatus`]: everything but
//! `ply` may be left out when the engine does not implement it.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use drawrules::RefusalKind;
use drawrules::laws::Edition;
use drawrules::{Field, PartialStatus};

use super::dead_reading::DeadReading;
use super::draws::DrawPolicies;
use super::ended_reading::EndedReading;
use super::malformation::Malformation;
use super::meanings::Meanings;
use super::part::Part;
use super::printable::printable_string;
use super::profiles::Profile;

/// The protocol version this harness speaks.
pub const PROTOCOL_VERSION: u32 = 2;

/// The versions an engine may answer the handshake with: version 1 engines
/// keep working (their `draws` word is read as draw policies).
pub const SUPPORTED_VERSIONS: [u32; 2] = [1, 2];

/// The engine's half of the handshake, as the harness judges it: a
/// `profile` is read as the draw policies and editions it stands for
/// (`spec/PROFILES.md`); a handshake that gives a profile with `draws` or
/// `editions` is refused, as is an unknown profile.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::{Hello, Policy, Profile};
///
/// let hello: Hello = serde_json::from_str(
///     r#"{"protocol":2,"name":"x","implements":["result"],"profile":"chess-com"}"#,
/// ).unwrap();
/// assert_eq!(hello.profile, Some(Profile::ChessCom));
/// assert_eq!(hello.draws.threefold_repetition, Policy::Automatic(None));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "super::handshake::HelloWire")]
pub struct Hello {
    /// The protocol version the engine speaks.
    pub protocol: u32,
    /// The library or program, [`printable`](super::printable()).
    pub name: String,
    /// Its version, [`printable`](super::printable()).
    pub version: String,
    /// The parts of the rules it reports.
    pub implements: Vec<Part>,
    /// The profile it follows, if it named one (protocol 2): its draw
    /// policies and editions are then the profile's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<Profile>,
    /// The editions it follows (at least one).
    pub editions: Vec<Edition>,
    /// What it does with each draw rule (protocol 1's word is read as
    /// policies too).
    pub draws: DrawPolicies,
    /// How it decides Article 5.2.2 (dead position): by material (the
    /// default) or exactly. An engine that declares `exact` is held to our
    /// exact reading; plies our exact rule leaves undetermined hold it to
    /// nothing.
    #[serde(
        rename = "dead-position",
        skip_serializing_if = "DeadReading::is_material"
    )]
    pub dead_position: DeadReading,
    /// The parts whose library API answers a narrower question than the
    /// Laws ask, each with the meaning `verify` then judges it by.
    #[serde(skip_serializing_if = "Meanings::is_empty")]
    pub meanings: Meanings,
    /// The kinds of malformed input the engine reads leniently on purpose
    /// (only those with one repair), judged on the repaired text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lenient: Vec<Malformation>,
    /// How many of the endings that hold at once its `ended` names: all
    /// (the default) or one, for a game-over API that gives one reason.
    #[serde(skip_serializing_if = "EndedReading::is_all")]
    pub ended: EndedReading,
    /// The fields of a protocol 1 handshake that the protocol does not
    /// know, ignored (and named in every report). A protocol 2 handshake
    /// with one is refused.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
}

impl Hello {
    /// Whether the engine reports `part`.
    pub fn implements(&self, part: Part) -> bool {
        self.implements.contains(&part)
    }

    /// `name version`, for reports.
    pub fn title(&self) -> String {
        if self.version.is_empty() {
            self.name.clone()
        } else {
            format!("{} {}", self.name, self.version)
        }
    }
}

/// Which records a judge request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Plies {
    /// A record for every ply from 0.
    All,
    /// Only the last ply's record.
    Last,
}

/// A game to judge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeRequest {
    /// Repeated by the answer.
    pub id: u64,
    /// The edition whose rules apply.
    pub edition: Edition,
    /// The start position.
    pub fen: String,
    /// The moves, UCI.
    pub moves: Vec<String>,
    /// Which records to send back.
    pub plies: Plies,
}

/// What the harness writes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Request<'a> {
    Hello { protocol: u32 },
    Judge(&'a JudgeRequest),
    Quit,
}

/// What an engine says about a whole game (the `game-` parts): whether
/// some ply of it let the player to move claim each draw on the board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameAnswers {
    /// Part `game-threefold-repetition` (9.2.2 at some ply).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threefold_repetition: Option<bool>,
    /// Part `game-fifty-moves` (9.3.2 at some ply).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fifty_moves: Option<bool>,
}

/// An engine's refusal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRefusal {
    /// The request's id, when the engine could read it.
    #[serde(default)]
    pub id: Option<u64>,
    /// Why.
    pub kind: RefusalKind,
    /// The ply the refused move would have made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// For people, [`printable`](super::printable()).
    #[serde(default, deserialize_with = "printable_string")]
    pub message: String,
    /// The records of the plies played before the refusal.
    #[serde(default)]
    pub records: Vec<PartialStatus>,
    /// The numbers of `records` a record cannot hold, set aside when the
    /// answer was read ([`OutOfRange`]).
    #[serde(skip)]
    pub out_of_range: Vec<OutOfRange>,
}

/// A number of an engine's record that the record cannot hold: a negative
/// `clock` or `repetition` (an engine that kept the clock of a FEN that
/// gives a negative one, say). The reader sets it aside from the record,
/// which is read without it, and keeps it beside the answer: whether it is
/// a fault is for the one who asked to judge (for `verify`, a fault in the
/// answer to a well-formed game, what the engine kept of malformed input).
///
/// # Examples
///
/// ```
/// use drawrules::Field;
/// use drawrules_conformance::protocol::{Answer, OutOfRange, read_answer};
///
/// let answer = read_answer(r#"{"type":"records","id":1,"records":[{"ply":0,"clock":-1}]}"#).unwrap();
/// let Answer::Records { records, out_of_range, .. } = answer else { panic!() };
/// assert_eq!(records[0].clock, None);
/// assert_eq!(out_of_range, [OutOfRange { record: 0, field: Field::Clock, value: -1 }]);
/// assert_eq!(out_of_range[0].to_string(), "clock -1 in record 0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfRange {
    /// The record's index in the answer (its ply, in an answer of every
    /// ply).
    pub record: usize,
    /// Its field: [`Field::Clock`] or [`Field::Repetition`].
    pub field: Field,
    /// The number the engine gave.
    pub value: i64,
}

impl OutOfRange {
    /// The fields whose numbers are set aside when below zero.
    pub const FIELDS: [Field; 2] = [Field::Clock, Field::Repetition];
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} in record {}", self.field, self.value, self.record)
    }
}

/// What an engine writes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Answer {
    /// The handshake.
    Hello(Hello),
    /// The records of a judged game.
    Records {
        /// The request's id.
        id: u64,
        /// Ply 0 first (or only the last ply).
        records: Vec<PartialStatus>,
        /// Answers about the whole game, for the `game-` parts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<GameAnswers>,
        /// The numbers of `records` a record cannot hold, set aside when
        /// the answer was read ([`OutOfRange`]).
        #[serde(skip)]
        out_of_range: Vec<OutOfRange>,
    },
    /// A refusal.
    Error(EngineRefusal),
}

impl Answer {
    /// The numbers of the answer's records that a record cannot hold
    /// (none for a handshake).
    pub fn out_of_range(&self) -> &[OutOfRange] {
        match self {
            Answer::Records { out_of_range, .. } => out_of_range,
            Answer::Error(refusal) => &refusal.out_of_range,
            Answer::Hello(_) => &[],
        }
    }
}
