//! Scenarios aimed at Article 5.2.2 beyond material: the start is a locked
//! pawn structure or a small endgame built by [`positions`](crate::positions)
//! from a seed, then a few moves follow. Random games from the standard
//! position almost never reach a position that is dead by a wall or by
//! exhausting the reachable positions; these start next to one.

use shakmaty::{CastlingMode, Position};

use crate::Scenario;
use crate::positions::{Sample, endgame, locked};
use drawrules::StartPosition;
use drawrules::laws::Edition;

/// The most moves a blocked scenario plays after its start.
pub const BLOCKED_PLIES: usize = 6;

impl Scenario {
    /// A scenario from raw bytes, as a fuzzer gives them: the first eight
    /// bytes seed the start (a locked structure or a small endgame, the
    /// ninth byte choosing which), and each later byte picks one legal move
    /// (its value modulo the number of legal moves), up to
    /// [`BLOCKED_PLIES`] moves or until the game has no legal move.
    /// Under the edition `fide-2018`.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_scenario::Scenario;
    ///
    /// let bytes = [7, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1, 4];
    /// let scenario = Scenario::blocked_from_bytes(&bytes);
    /// // Three bytes after the ninth: at most three moves.
    /// assert!(scenario.moves.len() <= 3);
    /// // The same bytes, the same game.
    /// assert_eq!(scenario.command(), Scenario::blocked_from_bytes(&bytes).command());
    /// ```
    pub fn blocked_from_bytes(bytes: &[u8]) -> Scenario {
        let mut seed = [0u8; 8];
        let head = bytes.len().min(8);
        seed[..head].copy_from_slice(&bytes[..head]);
        let seed = u64::from_le_bytes(seed);
        let rest = bytes.get(8..).unwrap_or_default();
        let sample = start(seed, rest.first().copied().unwrap_or(0));
        let Ok(start) = StartPosition::from_fen_in(&sample.fen(), CastlingMode::Standard) else {
            // Every generated position is legal FEN; an empty scenario
            // would only hide a generator bug from the oracle less well.
            return Scenario::empty();
        };
        let mut position = start.position().clone();
        let mut moves = Vec::new();
        for &byte in rest.iter().skip(1).take(BLOCKED_PLIES) {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(byte) % legal.len()];
            position.play_unchecked(mv);
            moves.push(mv);
        }
        Scenario {
            edition: Edition::Fide2018,
            start,
            moves,
        }
    }
}

/// Which kind of start [`Scenario::blocked_from_bytes`] builds from some
/// bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockedFamily {
    /// A locked pawn structure with pieces (index 0 of [`BlockedFamily::ALL`]).
    Locked = 0,
    /// A small endgame (index 1).
    Endgame = 1,
}

impl BlockedFamily {
    /// Both families, in the order of their `choice` byte's parity.
    pub const ALL: [BlockedFamily; 2] = [BlockedFamily::Locked, BlockedFamily::Endgame];

    /// The family [`Scenario::blocked_from_bytes`] starts from for `bytes`
    /// (its ninth byte chooses).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_scenario::BlockedFamily;
    ///
    /// assert_eq!(BlockedFamily::of(&[0, 0, 0, 0, 0, 0, 0, 0, 2]), BlockedFamily::Locked);
    /// assert_eq!(BlockedFamily::of(&[0, 0, 0, 0, 0, 0, 0, 0, 3]), BlockedFamily::Endgame);
    /// ```
    pub fn of(bytes: &[u8]) -> BlockedFamily {
        Self::of_choice(bytes.get(8).copied().unwrap_or(0))
    }

    fn of_choice(choice: u8) -> BlockedFamily {
        if choice.is_multiple_of(2) {
            BlockedFamily::Locked
        } else {
            BlockedFamily::Endgame
        }
    }
}

/// The start of the family `choice` gives.
fn start(seed: u64, choice: u8) -> Sample {
    let mut samples = if BlockedFamily::of_choice(choice) == BlockedFamily::Locked {
        locked::generate(1, seed)
    } else {
        endgame::generate(1, seed)
    };
    samples.remove(0)
}
