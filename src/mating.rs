//! The vocabulary of Article 5.2.2: whether a side can still checkmate, and
//! whether a position is dead, each with its evidence.
//!
//! Nothing here decides anything: the [reference](mod@crate::reference)'s
//! `dead_position` module and the [`Arbiter`](crate::Arbiter) produce these
//! values. An answer is one of three kinds, and never a guess:
//!
//! * a mate is *possible*: a helpmate line, UCI moves from the position that
//!   replay to a checkmate given by that side;
//! * a mate is *impossible*: the reason ([`NoMate`]);
//! * *undetermined*: neither could be established within the documented
//!   budget (see [`Budget`]).

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// Why a side can never checkmate, whatever both players do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum NoMate {
    /// Its men can never give mate: a lone king, or the pieces on the board
    /// are such that no placement of them is a checkmate by this side.
    Material,
    /// Every position reachable from this one by legal moves was visited
    /// (`positions` of them, identity as in Article 9.2.3) and none is a
    /// checkmate given by this side.
    Exhausted {
        /// How many distinct positions were visited.
        positions: usize,
    },
    /// A static argument: pawns that are locked, or can only walk up to a
    /// wall and stop there, confine every man to a region it can never
    /// leave, and no man of this side can ever attack a square the other
    /// king can reach (or, with bishops of one colour, never mate it). The
    /// argument holds on this position, or, where something the next move
    /// must change spoils it here (a king in check from a pawn), on every
    /// position one or two legal moves later (some of those may be settled
    /// by material instead).
    Wall,
}

impl NoMate {
    /// The reason's one-word name, as the JSON records write it:
    /// `material`, `exhausted` or `wall`.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::NoMate;
    ///
    /// assert_eq!(NoMate::Exhausted { positions: 12 }.name(), "exhausted");
    /// assert_eq!(NoMate::Wall.name(), "wall");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            NoMate::Material => "material",
            NoMate::Exhausted { .. } => "exhausted",
            NoMate::Wall => "wall",
        }
    }
}

impl fmt::Display for NoMate {
    /// The reason's name, then what it means, for people.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::NoMate;
    ///
    /// assert_eq!(
    ///     NoMate::Exhausted { positions: 12 }.to_string(),
    ///     "exhausted: all 12 reachable positions visited, none a checkmate by this side"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoMate::Material => f.write_str("material: its men can never give checkmate"),
            NoMate::Exhausted { positions } => write!(
                f,
                "exhausted: all {positions} reachable positions visited, none a checkmate by this side"
            ),
            NoMate::Wall => f.write_str(
                "wall: locked pawns keep its men from ever attacking a square the other king can reach",
            ),
        }
    }
}

/// Whether one side can still checkmate by some series of legal moves, both
/// players cooperating.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "verdict")]
pub enum Mating {
    /// It can: `line` (UCI moves from the position, possibly empty when the
    /// other side is already checkmated) replays to a checkmate by this side.
    Possible {
        /// The helpmate line.
        line: Vec<String>,
    },
    /// It never can, for this reason.
    Impossible {
        /// The evidence.
        #[serde(flatten)]
        reason: NoMate,
    },
    /// Neither could be established within the budget.
    Undetermined,
}

impl Mating {
    /// Whether a mate was proved possible.
    pub fn is_possible(&self) -> bool {
        matches!(self, Mating::Possible { .. })
    }

    /// Whether a mate was proved impossible.
    pub fn is_impossible(&self) -> bool {
        matches!(self, Mating::Impossible { .. })
    }
}

impl fmt::Display for Mating {
    /// The answer and its evidence, for people.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::{Mating, NoMate};
    ///
    /// let line = vec!["f2f3".to_owned(), "e7e5".to_owned(), "g2g4".to_owned(), "d8h4".to_owned()];
    /// assert_eq!(Mating::Possible { line }.to_string(), "can mate: helpmate f2f3 e7e5 g2g4 d8h4");
    /// assert_eq!(
    ///     Mating::Impossible { reason: NoMate::Material }.to_string(),
    ///     "can never mate (material: its men can never give checkmate)"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mating::Possible { line } if line.is_empty() => {
                f.write_str("can mate: the other king is checkmated already")
            }
            Mating::Possible { line } => write!(f, "can mate: helpmate {}", line.join(" ")),
            Mating::Impossible { reason } => write!(f, "can never mate ({reason})"),
            Mating::Undetermined => {
                f.write_str("undetermined: neither a helpmate nor a proof within the budget")
            }
        }
    }
}

/// The verdict of Article 5.2.2 on a position, with its evidence.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "verdict")]
pub enum Deadness {
    /// Some side can still mate: `side` can, by `line`.
    Alive {
        /// The side whose helpmate is shown.
        side: Side,
        /// UCI moves from the position that replay to its checkmate.
        line: Vec<String>,
    },
    /// Neither side can ever mate: the game is drawn (5.2.2).
    Dead {
        /// Why White can never mate.
        white: NoMate,
        /// Why Black can never mate.
        black: NoMate,
    },
    /// Neither a helpmate nor a proof was found within the budget: the
    /// position is treated as going on, and reported as undetermined.
    Undetermined,
}

impl Deadness {
    /// Whether the position was proved dead.
    pub fn is_dead(&self) -> bool {
        matches!(self, Deadness::Dead { .. })
    }

    /// Whether the verdict is undetermined.
    pub fn is_undetermined(&self) -> bool {
        matches!(self, Deadness::Undetermined)
    }

    /// The verdict in words, without its evidence: `dead`, `alive (white)`
    /// or `alive (black)` (the side whose helpmate is shown), or
    /// `undetermined`.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::{Deadness, Mating, NoMate};
    ///
    /// let never = Mating::Impossible { reason: NoMate::Material };
    /// let mates = Mating::Possible { line: vec!["h1h8".to_owned()] };
    /// assert_eq!(Deadness::of(&never, &never).name(), "dead");
    /// assert_eq!(Deadness::of(&never, &mates).name(), "alive (black)");
    /// assert_eq!(Deadness::of(&never, &Mating::Undetermined).name(), "undetermined");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Deadness::Dead { .. } => "dead",
            Deadness::Alive {
                side: Side::White, ..
            } => "alive (white)",
            Deadness::Alive {
                side: Side::Black, ..
            } => "alive (black)",
            Deadness::Undetermined => "undetermined",
        }
    }

    /// Combines the two sides' answers: alive as soon as one side can mate
    /// (White's line first), dead when neither ever can, otherwise
    /// undetermined.
    pub fn of(white: &Mating, black: &Mating) -> Deadness {
        for (side, mating) in [(Side::White, white), (Side::Black, black)] {
            if let Mating::Possible { line } = mating {
                return Deadness::Alive {
                    side,
                    line: line.clone(),
                };
            }
        }
        match (white, black) {
            (Mating::Impossible { reason: white }, Mating::Impossible { reason: black }) => {
                Deadness::Dead {
                    white: *white,
                    black: *black,
                }
            }
            _ => Deadness::Undetermined,
        }
    }
}

/// A side, serialised as `white` or `black`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// How much work a 5.2.2 decision may do before answering *undetermined*.
///
/// Both limits count per side. The defaults ([`Budget::DEFAULT`]) are the
/// documented budget of the status record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Positions each helpmate search may expand: the deep shaped search
    /// and (where too many positions are reachable to visit them all) the
    /// best-first search. The quick shaped search tried first gets an
    /// eighth of it; the brief best-first search that opens the long ones
    /// a thirty-second, and so does a brief wide shaped search (25 times
    /// that in positions); the corner search a quarter for each of its
    /// two nearest corners, an eighth for each of its two rounds with both
    /// edge squares taken and a sixteenth for each of its brief rounds (at
    /// most eight rounds in all; against a side with pawns alone the same
    /// rounds may run after a promotion to a knight and after one to a
    /// bishop first, each promotion looked for with a sixty-fourth); and
    /// the wide shaped search with the whole budget, the cheapest per
    /// position, 25 times as much.
    pub helpmate_nodes: usize,
    /// Distinct positions the exhaustive exploration may visit. The
    /// fast decision visits a fiftieth of them first, goes on to a fifth
    /// after its first helpmate searches (further, doubling, while few of
    /// the positions it reached are still to explore), and to all of them
    /// only once the long ones have found nothing.
    pub explored_positions: usize,
}

impl Budget {
    /// The budget behind every status record: 40,000 expansions in each
    /// helpmate search (1,000,000 in the fast decision's wide shaped
    /// search) and 100,000 explored positions per side.
    pub const DEFAULT: Budget = Budget {
        helpmate_nodes: 40_000,
        explored_positions: 100_000,
    };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// How the status record decides Article 5.2.2.
///
/// The default, [`DeadRule::Material`], is cheap enough for every ply of
/// every game; [`DeadRule::Exact`] decides the article itself and costs a
/// search per ply in the reference (from microseconds to a second or two
/// on the hardest positions we know); the [`Arbiter`](crate::Arbiter)
/// searches only where the helpmate line of the ply before, carried over
/// the move, no longer replays to a checkmate, and once a side's searches
/// have found nothing, not again for that side until the next capture or
/// pawn move (the plies between are decided by the cheap steps or left
/// undetermined).
///
/// # Examples
///
/// ```
/// use drawrules::mating::DeadRule;
/// use drawrules::{Edition, Ending, Reference, Rules, StartPosition};
///
/// // Bare kings behind a locked chain: no material rule sees it, but no
/// // man of either side can ever reach the other king.
/// let start: StartPosition = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1".parse().unwrap();
/// let material = Reference::new(&start, Edition::Fide2018);
/// assert!(material.status().ended.is_empty());
/// let exact = Reference::new(&start, Edition::Fide2018).with_dead_rule(DeadRule::exact());
/// assert_eq!(exact.status().ended, [Ending::DeadPosition]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DeadRule {
    /// By material alone: dead when neither side's men could ever give
    /// mate wherever they stood (no pawn, rook or queen, and at most one
    /// minor piece, or only bishops all on one colour). Every position it
    /// calls dead is dead; it misses every other dead position.
    #[default]
    Material,
    /// Exactly, within the budget: dead only with a proof for both sides
    /// (see [`NoMate`]), alive with a helpmate line. A position decided
    /// neither way is treated as going on and listed in the record's
    /// `undetermined`. Under this rule every stalemate is also a dead
    /// position (no series of moves is possible at all).
    Exact(Budget),
}

impl DeadRule {
    /// [`DeadRule::Exact`] with the default [`Budget`].
    pub const fn exact() -> DeadRule {
        DeadRule::Exact(Budget::DEFAULT)
    }
}

/// What a [`DeadRule`] says of one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeadVerdict {
    /// Proved dead: the game is drawn (5.2.2).
    Dead,
    /// Not dead: some side can still mate (or, under the material rule,
    /// the material alone does not make it dead).
    Alive,
    /// Decided neither way within the budget (exact rule only).
    Undetermined,
}
