//! The known-divergences file: the departures an engine is known to have
//! from the reference, each named by its group and cause (and kind), with
//! the reason.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use crate::protocol::{Malformation, Part, Profile};

use crate::verify::game::cause::Cause;
use crate::verify::game::direction::Direction;
use crate::verify::game::group::Group;
use crate::verify::game::illegal_move::IllegalMove;

/// A known-divergences file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KnownDivergencesError {
    /// The file cannot be read.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
    /// The file is not of the format.
    #[error("{path}: {reason}")]
    Format {
        /// The path.
        path: String,
        /// What is wrong, with the line where the parser says.
        reason: String,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KnownFile {
    #[serde(default)]
    known: Vec<KnownEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KnownEntry {
    rule: String,
    #[serde(default)]
    cause: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    profile: Option<String>,
    why: String,
}

/// What one known entry covers: a group of findings, one cause of it, and
/// for a group whose findings have kinds (`input`, `illegal-moves`,
/// `claims-after-the-end`, `moves-after-the-end`, and the direction of a
/// part's or `move-acceptance`'s departure: `missed`, `extra`, `higher`,
/// ...), one kind. Never a whole group: a known
/// departure covers the findings of its root cause, and a finding of
/// another cause in the same group still fails the run.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Label {
    /// The group ([`Group::name`]).
    pub group: String,
    /// The cause ([`Cause::name`]).
    pub cause: String,
    /// The kind ([`Problem::kind`](crate::verify::Problem::kind)), for a group
    /// whose findings have kinds.
    pub kind: Option<String>,
}

impl Label {
    /// The label of findings of `group` for `cause`, of `kind`.
    pub fn of(group: &str, cause: Cause, kind: Option<&str>) -> Label {
        Label {
            group: group.to_owned(),
            cause: cause.name().to_owned(),
            kind: kind.map(str::to_owned),
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, cause {}", self.group, self.cause)?;
        if let Some(kind) = &self.kind {
            write!(f, ", kind {kind}")?;
        }
        Ok(())
    }
}

/// The groups whose findings have kinds, each with its kinds' names.
fn kinds_of(group: &str) -> Option<Vec<&'static str>> {
    match group {
        "input" => Some(
            Malformation::ALL
                .into_iter()
                .map(Malformation::name)
                .collect(),
        ),
        "illegal-moves" => Some(
            IllegalMove::ALL
                .into_iter()
                .map(IllegalMove::name)
                .collect(),
        ),
        "claims-after-the-end" => Some(
            Part::ALL
                .into_iter()
                .filter(|&part| part.claim().is_some() || part == Part::DrawClaimable)
                .map(Part::name)
                .collect(),
        ),
        "moves-after-the-end" => Some(
            Part::ALL
                .into_iter()
                .filter(|&part| {
                    part.ending().is_some()
                        || matches!(part, Part::ThreefoldRepetition | Part::FiftyMoves)
                })
                .map(Part::name)
                .collect(),
        ),
        _ => {
            let directions = Part::ALL
                .into_iter()
                .map(Group::Part)
                .chain([Group::MoveAcceptance])
                .find(|candidate| candidate.name() == group)
                .map(Direction::of)?;
            (!directions.is_empty()).then(|| directions.iter().map(|d| d.name()).collect())
        }
    }
}

/// The departures an engine is known to have from the reference, each
/// with the reason: per group, cause and (where the group has them) kind,
/// and, for a departure that shows only when the engine is judged by one
/// profile, that profile (`profile = "fide-2018"`, see
/// [`KnownDivergences::for_profile`]).
///
/// The format (TOML):
///
/// ```toml
/// [[known]]
/// rule = "fifty-moves-on-move"
/// cause = "written-move-ends-the-game"
/// why = "the library does not let a written move that mates support the claim"
/// ```
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{Cause, KnownDivergences};
///
/// let text = "[[known]]\nrule = \"clock\"\ncause = \"castling-in-count\"\nkind = \"lower\"\n\
///             why = \"restarts on castling\"\n";
/// let known = KnownDivergences::parse("known.toml", text).unwrap();
/// let why = known.why("clock", Some(Cause::CastlingInCount), Some("lower"));
/// assert_eq!(why, Some("restarts on castling"));
/// // Another cause, or the other way round, is not known.
/// assert_eq!(known.why("clock", Some(Cause::StartClock), Some("lower")), None);
/// assert_eq!(known.why("clock", Some(Cause::CastlingInCount), Some("higher")), None);
/// // A whole group, with no cause, is refused.
/// let whole = "[[known]]\nrule = \"clock\"\nwhy = \"counts moves\"\n";
/// assert!(KnownDivergences::parse("known.toml", whole).is_err());
/// assert!(KnownDivergences::parse("known.toml", "[[known]]\nrule = \"telepathy\"\ncause = \"plain\"\nwhy = \"\"\n").is_err());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownDivergences {
    entries: BTreeMap<Label, String>,
    /// The entries that hold only in runs judged by one profile
    /// (`profile = "..."`): a departure that shows only under the Laws'
    /// draw policies, say, of a library that declares others.
    scoped: BTreeMap<Label, (Profile, String)>,
}

impl KnownDivergences {
    /// Reads a known-divergences file.
    ///
    /// # Errors
    ///
    /// [`KnownDivergencesError`] when it cannot be read or parsed.
    pub fn load(path: &Path) -> Result<KnownDivergences, KnownDivergencesError> {
        let text = std::fs::read_to_string(path).map_err(|err| KnownDivergencesError::Read {
            path: path.display().to_string(),
            reason: err.to_string(),
        })?;
        KnownDivergences::parse(&path.display().to_string(), &text)
    }

    /// Parses the text of a known-divergences file named `path`.
    ///
    /// # Errors
    ///
    /// [`KnownDivergencesError::Format`] for text that is not of the
    /// format: unknown fields, rules, causes or kinds; an entry with no
    /// cause, or with no kind for a group whose findings have kinds (or
    /// a kind for one whose findings have none); an empty reason; an
    /// entry listed twice.
    pub fn parse(path: &str, text: &str) -> Result<KnownDivergences, KnownDivergencesError> {
        let fail = |reason: String| KnownDivergencesError::Format {
            path: path.to_owned(),
            reason,
        };
        let file: KnownFile =
            toml::from_str(text).map_err(|err| fail(err.to_string().replace('\n', " ")))?;
        let mut known = KnownDivergences::default();
        for (index, entry) in file.known.into_iter().enumerate() {
            let at = format!("entry {} (rule {:?})", index + 1, entry.rule);
            let label = label(&entry).map_err(|reason| fail(format!("{at}: {reason}")))?;
            if entry.why.trim().is_empty() {
                return Err(fail(format!("{at}: no reason (`why`)")));
            }
            let twice = known.entries.contains_key(&label) || known.scoped.contains_key(&label);
            if twice {
                return Err(fail(format!("{at}: {label} listed twice")));
            }
            match &entry.profile {
                None => known.entries.insert(label, entry.why),
                Some(name) => {
                    let profile: Profile =
                        name.parse().map_err(|err| fail(format!("{at}: {err}")))?;
                    known
                        .scoped
                        .insert(label, (profile, entry.why))
                        .map(|(_, why)| why)
                }
            };
        }
        Ok(known)
    }

    /// The entries that hold in a run judged by `profile` (none: the run
    /// is judged by no profile): every entry without a profile, and those
    /// scoped to it; the others are left out, neither known nor stale.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_conformance::protocol::Profile;
    /// use drawrules_conformance::verify::{Cause, KnownDivergences};
    ///
    /// let text = "[[known]]\nrule = \"fen\"\ncause = \"plain\"\nprofile = \"fide-2018\"\nwhy = \"x\"\n";
    /// let known = KnownDivergences::parse("known.toml", text).unwrap();
    /// let laws = known.for_profile(Some(Profile::Fide2018));
    /// assert_eq!(laws.why("fen", Some(Cause::Plain), None), Some("x"));
    /// assert!(known.for_profile(Some(Profile::UsChess)).labels().is_empty());
    /// ```
    pub fn for_profile(&self, profile: Option<Profile>) -> KnownDivergences {
        let mut entries = self.entries.clone();
        for (label, (scoped, why)) in &self.scoped {
            if Some(*scoped) == profile {
                entries.insert(label.clone(), why.clone());
            }
        }
        KnownDivergences {
            entries,
            scoped: BTreeMap::new(),
        }
    }

    /// The entries listed, in order.
    pub fn labels(&self) -> Vec<&Label> {
        self.entries.keys().collect()
    }

    /// Why findings of `group` for `cause`, of `kind`, are known, if an
    /// entry lists them (faults and refusals as unsupported, which have
    /// no cause, never are).
    pub fn why(&self, group: &str, cause: Option<Cause>, kind: Option<&str>) -> Option<&str> {
        let label = Label::of(group, cause?, kind);
        self.entries.get(&label).map(String::as_str)
    }

    /// The reasons of every entry of `group`, in order.
    pub fn of_group(&self, group: &str) -> Vec<(&Label, &str)> {
        self.entries
            .iter()
            .filter(|(label, _)| label.group == group)
            .map(|(label, why)| (label, why.as_str()))
            .collect()
    }
}

/// The label an entry names, or why it names none.
fn label(entry: &KnownEntry) -> Result<Label, String> {
    let group = entry.rule.as_str();
    if !Group::names().contains(&group) {
        return Err(format!(
            "unknown rule (expected one of: {})",
            Group::names().join(", ")
        ));
    }
    let causes: Vec<&str> = Cause::ALL.into_iter().map(Cause::name).collect();
    let cause = match &entry.cause {
        None => {
            return Err(format!(
                "no cause: an entry covers one cause of its group, never the whole group (name \
                 it with `cause`, one of: {}; a report lists each finding's cause)",
                causes.join(", ")
            ));
        }
        Some(cause) if !causes.contains(&cause.as_str()) => {
            return Err(format!(
                "unknown cause {cause:?} (expected one of: {})",
                causes.join(", ")
            ));
        }
        Some(cause) => cause.clone(),
    };
    let kind = match (kinds_of(group), &entry.kind) {
        (None, None) => None,
        (None, Some(kind)) => {
            return Err(format!(
                "kind {kind:?} given, but the findings of this rule have no kinds"
            ));
        }
        (Some(kinds), None) => {
            return Err(format!(
                "no kind: the findings of this rule have kinds, and an entry covers one (name \
                 it with `kind`, one of: {})",
                kinds.join(", ")
            ));
        }
        (Some(kinds), Some(kind)) if !kinds.contains(&kind.as_str()) => {
            return Err(format!(
                "unknown kind {kind:?} (expected one of: {})",
                kinds.join(", ")
            ));
        }
        (Some(_), Some(kind)) => Some(kind.clone()),
    };
    Ok(Label {
        group: group.to_owned(),
        cause,
        kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error line of a file of one entry with `fields` (and a reason).
    fn refused(fields: &str) -> String {
        let text = format!("[[known]]\n{fields}why = \"x\"\n");
        KnownDivergences::parse("k.toml", &text)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn an_entry_that_does_not_name_one_label_is_refused_with_where_and_why() {
        assert!(
            refused("rule = \"clock\"\n").starts_with(
                "k.toml: entry 1 (rule \"clock\"): no cause: an entry covers one cause"
            ),
        );
        assert!(
            refused("rule = \"clock\"\ncause = \"tides\"\n")
                .starts_with("k.toml: entry 1 (rule \"clock\"): unknown cause \"tides\" (expected one of: start-clock, "),
        );
        assert!(
            refused("rule = \"input\"\ncause = \"plain\"\n").starts_with(
                "k.toml: entry 1 (rule \"input\"): no kind: the findings of this rule have kinds"
            ),
        );
        assert_eq!(
            refused("rule = \"fen\"\ncause = \"halfmove-clock\"\nkind = \"wrong-length\"\n"),
            "k.toml: entry 1 (rule \"fen\"): kind \"wrong-length\" given, but the findings of this rule have no kinds"
        );
        assert!(
            refused("rule = \"input\"\ncause = \"plain\"\nkind = \"typo\"\n")
                .starts_with("k.toml: entry 1 (rule \"input\"): unknown kind \"typo\" (expected one of: square-off-the-board, "),
        );
        assert_eq!(
            refused("rule = \"fen\"\ncause = \"plain\"\nprofile = \"fics\"\n"),
            "k.toml: entry 1 (rule \"fen\"): unknown profile \"fics\" (expected fide-2018, fide-2014, lichess, chess-com or us-chess)"
        );
        let twice = "[[known]]\nrule = \"fen\"\ncause = \"plain\"\nwhy = \"x\"\n\
                     [[known]]\nrule = \"fen\"\ncause = \"plain\"\nprofile = \"lichess\"\nwhy = \"y\"\n";
        assert_eq!(
            KnownDivergences::parse("k.toml", twice)
                .unwrap_err()
                .to_string(),
            "k.toml: entry 2 (rule \"fen\"): fen, cause plain listed twice"
        );
        // A part's findings have directions, and an entry names one.
        assert_eq!(
            refused("rule = \"clock\"\ncause = \"plain\"\n"),
            "k.toml: entry 1 (rule \"clock\"): no kind: the findings of this rule have kinds, \
             and an entry covers one (name it with `kind`, one of: higher, lower)"
        );
        assert!(
            refused("rule = \"move-acceptance\"\ncause = \"plain\"\nkind = \"missed\"\n")
                .starts_with("k.toml: entry 1 (rule \"move-acceptance\"): unknown kind \"missed\" (expected one of: refused, accepted)"),
        );
    }
}
