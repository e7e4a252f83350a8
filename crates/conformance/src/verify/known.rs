//! The known-divergences file: the rules on which an engine is known to
//! depart from the reference, each with the reason.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use super::group::Group;

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
    why: String,
}

/// The rules an engine is known to diverge on, and why.
///
/// The format (TOML):
///
/// ```toml
/// [[known]]
/// rule = "fifty-moves-on-move"
/// why = "the library does not let a written move that mates support the claim"
/// ```
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::KnownDivergences;
///
/// let known = KnownDivergences::parse("known.toml", "[[known]]\nrule = \"clock\"\nwhy = \"counts moves\"\n").unwrap();
/// assert_eq!(known.rules().len(), 1);
/// assert!(KnownDivergences::parse("known.toml", "[[known]]\nrule = \"telepathy\"\nwhy = \"\"\n").is_err());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownDivergences {
    entries: BTreeMap<String, String>,
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
    /// [`KnownDivergencesError::Format`] for text that is not of the format: unknown
    /// fields or rules, an empty reason, a rule listed twice.
    pub fn parse(path: &str, text: &str) -> Result<KnownDivergences, KnownDivergencesError> {
        let fail = |reason: String| KnownDivergencesError::Format {
            path: path.to_owned(),
            reason,
        };
        let file: KnownFile =
            toml::from_str(text).map_err(|err| fail(err.to_string().replace('\n', " ")))?;
        let mut entries = BTreeMap::new();
        for entry in file.known {
            if !Group::names().contains(&entry.rule.as_str()) {
                return Err(fail(format!(
                    "unknown rule {:?} (expected one of: {})",
                    entry.rule,
                    Group::names().join(", ")
                )));
            }
            if entry.why.trim().is_empty() {
                return Err(fail(format!("rule {:?} has no reason", entry.rule)));
            }
            if entries.insert(entry.rule.clone(), entry.why).is_some() {
                return Err(fail(format!("rule {:?} listed twice", entry.rule)));
            }
        }
        Ok(KnownDivergences { entries })
    }

    /// The rules listed, by group name.
    pub fn rules(&self) -> Vec<&str> {
        self.entries.keys().map(String::as_str).collect()
    }

    /// Why the group `rule` (a [`Group::name`]) is known to diverge, if it
    /// is listed.
    pub fn why(&self, rule: &str) -> Option<&str> {
        self.entries.get(rule).map(String::as_str)
    }
}
