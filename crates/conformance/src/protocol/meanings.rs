//! What a declared part means in the library's own API, where that API
//! answers a narrower question than the Laws ask (the handshake's
//! `meanings`). `verify` then judges the part by that narrower question,
//! and the report shows the narrowing as a declared difference instead of
//! findings.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use drawrules::Status;

use super::part::Part;

/// A narrower meaning of one part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Meaning {
    /// For `draw-claimable`: a draw claimable on the board alone (9.2.2,
    /// 9.3.2), for a library that has no claim on a written move (9.2.1,
    /// 9.3.1).
    OnTheBoard,
    /// For `game-fifty-moves`: a filter, not a claim: some move of the game
    /// brought the count to 100 plies or more, whatever else holds at that
    /// ply (a checkmate, an ending of another rule).
    CountReached,
}

impl Meaning {
    /// The meaning's name in the protocol.
    pub fn name(self) -> &'static str {
        match self {
            Meaning::OnTheBoard => "on-the-board",
            Meaning::CountReached => "count-reached",
        }
    }

    /// The one part this meaning narrows.
    pub fn part(self) -> Part {
        match self {
            Meaning::OnTheBoard => Part::DrawClaimable,
            Meaning::CountReached => Part::GameFiftyMoves,
        }
    }

    /// What the narrowing leaves out, for a report's reader.
    pub fn explain(self) -> &'static str {
        match self {
            Meaning::OnTheBoard => {
                "claims on the board only (9.2.2, 9.3.2): no claim on a written move (9.2.1, 9.3.1)"
            }
            Meaning::CountReached => {
                "a filter: some move brought the count to 100 plies, not whether a claim was open (9.3.2)"
            }
        }
    }

    /// For [`Meaning::OnTheBoard`]: whether a draw is claimable on the board
    /// in `status` (the expected `draw_claimable`).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::{Reference, Rules};
    /// use drawrules_conformance::protocol::Meaning;
    ///
    /// let mut reference = Reference::default();
    /// for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     reference.play(mv.parse().unwrap()).unwrap();
    /// }
    /// // Black may claim by writing f6g8, not on the board.
    /// assert!(!Meaning::on_the_board(&reference.status()));
    /// ```
    pub fn on_the_board(status: &Status) -> bool {
        !status.claims.is_empty()
    }

    /// For [`Meaning::CountReached`]: whether the move into the ply of
    /// `status` brought the count to 100 plies or more (the filter holds
    /// for a game with such a ply).
    pub fn count_reached_at(status: &Status) -> bool {
        status.ply > 0 && status.clock >= 100
    }
}

impl fmt::Display for Meaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The meanings a handshake declares, part by part.
pub type Meanings = BTreeMap<Part, Meaning>;

/// Whether every declared meaning belongs to its part; the first that does
/// not, as an error message.
///
/// # Errors
///
/// The first meaning declared for a part it does not narrow.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::{Meaning, Part, check_meanings};
///
/// let mut meanings = std::collections::BTreeMap::new();
/// meanings.insert(Part::DrawClaimable, Meaning::OnTheBoard);
/// assert!(check_meanings(&meanings).is_ok());
/// meanings.insert(Part::Clock, Meaning::CountReached);
/// assert_eq!(
///     check_meanings(&meanings).unwrap_err(),
///     "meaning count-reached is for part game-fifty-moves, not clock"
/// );
/// ```
pub fn check_meanings(meanings: &Meanings) -> Result<(), String> {
    for (&part, &meaning) in meanings {
        if meaning.part() != part {
            return Err(format!(
                "meaning {meaning} is for part {}, not {}",
                meaning.part().name(),
                part.name()
            ));
        }
    }
    Ok(())
}
