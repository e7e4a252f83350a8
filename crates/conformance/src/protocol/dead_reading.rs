//! How Article 5.2.2 is decided: the reading a handshake declares and a
//! corpus case asks for (`"material"` or `"exact"`, read by name alone,
//! the same way in both).

use serde::{Deserialize, Serialize};

use drawrules::mating::DeadRule;

/// How Article 5.2.2 is decided: as an engine's handshake declares it, or
/// as a corpus case asks (its `dead-rule`).
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::{DeadReading, Hello};
///
/// let hello: Hello = serde_json::from_str(
///     r#"{"protocol":2,"name":"x","implements":["dead-position"],"editions":["fide-2018"],"dead-position":"exact"}"#,
/// ).unwrap();
/// assert_eq!(hello.dead_position, DeadReading::Exact);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadReading {
    /// By material alone: the status record's default rule.
    #[default]
    Material,
    /// Exactly: neither side can checkmate by any series of legal moves
    /// (the record's exact rule, `DeadRule::exact()`).
    Exact,
}

/// Read from its name alone, `"material"` or `"exact"`: serde's derived
/// reading would also take a one-key object (`{"exact": {}}`), a form the
/// protocol does not have.
impl<'de> Deserialize<'de> for DeadReading {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        match name.as_str() {
            "material" => Ok(DeadReading::Material),
            "exact" => Ok(DeadReading::Exact),
            other => Err(serde::de::Error::unknown_variant(
                other,
                &["material", "exact"],
            )),
        }
    }
}

impl DeadReading {
    /// Whether this is the default, [`DeadReading::Material`].
    pub fn is_material(&self) -> bool {
        *self == DeadReading::Material
    }

    /// The rule our reference judges by under this reading.
    pub fn rule(self) -> DeadRule {
        match self {
            DeadReading::Material => DeadRule::Material,
            DeadReading::Exact => DeadRule::exact(),
        }
    }
}
