//! Game generators for tests, fuzzers, benchmarks and `drawrules verify`.
//!
//! A [`Scenario`] is a start position, an edition and a list of moves that
//! are legal on the board one after another. It is built from arbitrary
//! bytes ([`arbitrary::Arbitrary`]) or, with the feature `proptest`, from a
//! proptest strategy (`scenarios`), and steered towards the corners of the rules, which
//! random play almost never reaches:
//!
//! * players undo their previous move or repeat the move of four plies ago,
//!   so positions come back, also by other routes (transpositions);
//! * quiet piece moves are preferred, so the clock climbs;
//! * starts come from families of FENs (middlegames with castling rights,
//!   en passant set-ups with legal and pinned captures, mates and stalemates
//!   in one, endgame material) with clocks from 0 to 160, often 99 or 149,
//!   where a waiting mate or stalemate is played with good odds;
//! * double pawn pushes and castling are played when a byte asks for them;
//! * some games are Chess960: a numbered start array, or a set-up where a
//!   king or rook already stands on its castling destination, the king and
//!   rook swap squares, or the right belongs to the inner of two rooks.
//!
//! Moves are only legal on the board: a scenario may run on past an ending of
//! the draw rules, and a replay must stop (with a `GameOver` error from every
//! implementation) where the game ended.
//!
//! The [`shapes`] module builds, from any scenario, games of the shapes that
//! properties need: a four-ply cycle ([`Cycle`]), two move orders that
//! transpose ([`Transposition`]), a game played to its end ([`Finished`]);
//! with the feature `proptest`, `cycles`, `transpositions` and `finished`
//! are their strategies.
//!
//! The [`positions`] module builds single positions, not games, for
//! surveying Article 5.2.2: locked pawn structures, small endgames and
//! plies of real games, from a seed.
//!
//! The [`pgn_text`] module writes generated games out as PGN, for tests
//! and benchmarks that need many well-formed games; with the feature
//! `pgn`, `shared` reads real games from the shared collection beside the
//! repository, which the project never copies into its tree.

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
#[cfg(feature = "proptest")]
use proptest::prelude::*;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Role};

use drawrules::Chess960NumberError;

use drawrules::StartPosition;
use drawrules::laws::Edition;

mod blocked;
pub mod classes;
mod cycles;
pub mod pgn_text;
pub mod positions;
pub mod shapes;
#[cfg(feature = "pgn")]
pub mod shared;
pub mod situations;
mod steered;

pub use blocked::{BLOCKED_PLIES, BlockedFamily};
pub use shapes::{Cycle, Finished, Transposition};
pub use steered::{Run, run_of};

/// A generated game: where it starts, which edition judges it, what is
/// played. Its `Debug` form is a ready-to-paste `drawrules explain` command.
#[derive(Clone)]
pub struct Scenario {
    /// The edition of the Laws.
    pub edition: Edition,
    /// The start position.
    pub start: StartPosition,
    /// Moves, each legal in the position the previous ones reach.
    pub moves: Vec<Move>,
}

/// Families of start positions (FEN without clocks), each aimed at one
/// corner of the rules.
const FAMILIES: [&[&str]; 6] = [
    // Full armies and middlegames with castling rights.
    &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq -",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq -",
    ],
    // Double pawn pushes beside enemy pawns: legal, pinned, doubly pinned.
    &[
        "4k3/8/8/8/3p4/8/4P3/4K3 w - -",
        "4k3/3p4/8/4P3/8/8/8/4K3 b - -",
        "7k/8/8/8/3p4/8/1B2P3/4K3 w - -",
        "8/8/8/8/R2p3k/8/4P3/4K3 w - -",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - -",
    ],
    // A mate in one waits.
    &[
        "6k1/5ppp/8/8/8/8/8/R5K1 w - -",
        "r5k1/8/8/8/8/8/5PPP/6K1 b - -",
        "7k/8/5KQ1/8/8/8/8/8 w - -",
    ],
    // A stalemate in one waits.
    &[
        "k7/8/1Q6/8/8/8/8/K7 w - -",
        "7k/8/6K1/8/8/8/8/5Q2 w - -",
        "K7/8/1q6/8/8/8/8/k7 b - -",
    ],
    // Endgame material, some a capture away from a dead position.
    &[
        "4k3/8/8/8/8/8/8/R3K3 w - -",
        "4k3/8/8/8/8/8/3n4/4KB2 w - -",
        "8/8/4k3/8/2n5/8/3B4/4K3 b - -",
        "2b1k3/8/8/8/8/8/3r4/R3KB2 w Q -",
        "8/8/3k4/8/8/3K4/8/2B2B2 w - -",
    ],
    // Rooks and knights that can shuffle for a long time.
    &[
        "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - -",
        "r3k3/8/8/8/8/8/8/4K2R w Kq -",
        "4k2r/8/8/8/8/8/8/R3K3 b Qk -",
    ],
];

/// Chess960 set-ups (FEN without clocks, Shredder castling fields) at the
/// corners of castling by rook: the king on g1 already (short castling
/// moves only the rook); the king on b1 with a rook on f1, already on its
/// short-castling square; king d1 and rook c1, which swap on long castling;
/// the right held by the g-file rook with another rook outside it on h1.
const CHESS960: [&str; 4] = [
    "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHbh -",
    "rk3r2/8/8/8/8/8/8/RK3R2 w AFaf -",
    "2rk1r2/pppppppp/8/8/8/8/PPPPPPPP/2RK1R2 w CFcf -",
    "4k1rr/8/8/8/8/8/8/4K1RR w Gg -",
];

/// The FEN of Chess960 start `number` without its clocks.
fn chess960_start(number: u32) -> Result<String, Chess960NumberError> {
    let fen = StartPosition::chess960(number)?.to_string();
    Ok(fen.rsplitn(3, ' ').nth(2).unwrap_or_default().to_owned())
}

impl Scenario {
    /// Builds a scenario from bytes; never fails (short input gives short
    /// games).
    pub fn from_bytes(bytes: &[u8]) -> Scenario {
        let mut u = Unstructured::new(bytes);
        // Every draw from `u` below succeeds: exhausted input yields defaults.
        Scenario::generate(&mut u).unwrap_or_else(|_| Scenario::empty())
    }

    /// The standard position, no moves, default edition.
    pub fn empty() -> Scenario {
        Scenario {
            edition: Edition::default(),
            start: StartPosition::standard(),
            moves: Vec::new(),
        }
    }

    /// The moves as UCI.
    pub fn uci(&self) -> Vec<UciMove> {
        let mode = self.start.castling_mode();
        self.moves
            .iter()
            .map(|&mv| UciMove::from_move(mv, mode))
            .collect()
    }

    /// The `drawrules explain` command that replays this scenario.
    pub fn command(&self) -> String {
        let mut command = format!(
            "drawrules explain --rules {}{} --fen \"{}\"",
            self.edition,
            if self.start.is_chess960() {
                " --chess960"
            } else {
                ""
            },
            self.start
        );
        for uci in self.uci() {
            command.push(' ');
            command.push_str(&uci.to_string());
        }
        command
    }

    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Scenario> {
        let edition = if u.arbitrary::<bool>()? {
            Edition::Fide2014
        } else {
            Edition::Fide2018
        };
        // One more choice than there are families: Chess960.
        let family_index = u.choose_index(FAMILIES.len() + 1)?;
        let (board, mode) = match FAMILIES.get(family_index) {
            Some(family) => (
                family[u.choose_index(family.len())?].to_owned(),
                CastlingMode::Standard,
            ),
            None => {
                let board = if u.arbitrary::<bool>()? {
                    CHESS960[u.choose_index(CHESS960.len())?].to_owned()
                } else {
                    chess960_start(u.int_in_range(0..=959)?)
                        .map_err(|_| arbitrary::Error::IncorrectFormat)?
                };
                (board, CastlingMode::Chess960)
            }
        };
        let aimed_at_finish = matches!(family_index, 2 | 3);
        let clock = start_clock(u, aimed_at_finish)?;
        let fen = format!("{board} {clock} {}", 1 + clock / 2);
        let start = StartPosition::from_fen_in(&fen, mode)
            .map_err(|_| arbitrary::Error::IncorrectFormat)?;

        let max_plies = u.int_in_range(0..=240)?;
        let mut position = start.position().clone();
        let mut moves: Vec<Move> = Vec::new();
        while moves.len() < max_plies && !u.is_empty() {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = choose_move(u, &position, &legal, &moves)?;
            position.play_unchecked(mv);
            moves.push(mv);
        }
        Ok(Scenario {
            edition,
            start,
            moves,
        })
    }
}

/// A start clock: often just below 100 or 150, where the rules change.
fn start_clock(u: &mut Unstructured<'_>, aimed_at_finish: bool) -> arbitrary::Result<u32> {
    let choice = u.int_in_range(0..=if aimed_at_finish { 2 } else { 5 })?;
    Ok(match choice {
        0 => 99,
        1 => 149,
        2 => u.int_in_range(0..=160)?,
        3 => 0,
        4 => u.int_in_range(88..=100)?,
        _ => u.int_in_range(138..=150)?,
    })
}

/// Picks the next move, biased towards the corners of the rules.
fn choose_move(
    u: &mut Unstructured<'_>,
    position: &Chess,
    legal: &[Move],
    played: &[Move],
) -> arbitrary::Result<Move> {
    let quiet: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|mv| mv.role() != Role::Pawn && !mv.is_capture())
        .collect();
    let pick = |u: &mut Unstructured<'_>, from: &[Move]| -> arbitrary::Result<Option<Move>> {
        if from.is_empty() {
            Ok(None)
        } else {
            Ok(Some(from[u.choose_index(from.len())?]))
        }
    };

    // Near the 100th or 150th ply, play a waiting mate or stalemate half the
    // time.
    if matches!(position.halfmoves(), 99 | 149) && u.arbitrary::<bool>()? {
        let finishers: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| {
                let mut after = position.clone();
                after.play_unchecked(mv);
                after.legal_moves().is_empty()
            })
            .collect();
        if let Some(mv) = pick(u, &finishers)? {
            return Ok(mv);
        }
    }

    let candidate = match u.int_in_range(0..=9)? {
        // Undo my previous move: back and forth, positions come back.
        0..=4 => played
            .len()
            .checked_sub(2)
            .map(|index| played[index])
            .and_then(|prev| {
                legal.iter().copied().find(|mv| {
                    !mv.is_capture() && mv.from() == Some(prev.to()) && Some(mv.to()) == prev.from()
                })
            }),
        // Repeat the move of four plies ago: cycles longer than two moves.
        5 => played
            .len()
            .checked_sub(4)
            .map(|index| played[index])
            .filter(|mv| legal.contains(mv)),
        6 | 7 => pick(u, &quiet)?,
        // A double pawn push or castling, if there is one.
        8 => {
            let special: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|mv| {
                    mv.is_castle()
                        || (mv.role() == Role::Pawn
                            && mv.from().is_some_and(|from| from.distance(mv.to()) == 2))
                })
                .collect();
            pick(u, &special)?
        }
        _ => pick(u, legal)?,
    };
    match candidate {
        Some(mv) => Ok(mv),
        None => match pick(u, &quiet)? {
            Some(mv) => Ok(mv),
            None => Ok(legal[u.choose_index(legal.len())?]),
        },
    }
}

impl<'a> Arbitrary<'a> for Scenario {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Scenario> {
        Scenario::generate(u)
    }
}

impl fmt::Debug for Scenario {
    /// The ready-to-paste command that replays the scenario.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command())
    }
}

/// Reproducible pseudo-random bytes (SplitMix64), for running the
/// generators from a fixed seed without a fuzzer.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::SeededBytes;
///
/// let mut a = SeededBytes::new(7);
/// let mut b = SeededBytes::new(7);
/// assert_eq!(a.take(100), b.take(100));
/// ```
#[derive(Clone, Debug)]
pub struct SeededBytes {
    state: u64,
}

impl SeededBytes {
    /// A stream starting from `seed`.
    pub fn new(seed: u64) -> SeededBytes {
        SeededBytes { state: seed }
    }

    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next `len` bytes.
    pub fn take(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

#[cfg(feature = "proptest")]
/// A proptest configuration running `default_cases` cases, or as many as the
/// `PROPTEST_CASES` environment variable asks for.
///
/// Failures are not persisted: proptest writes no `*.proptest-regressions`
/// file. A seed stops reproducing its game as soon as a generator changes,
/// so every shrunk failure becomes a named case of the conformance corpus
/// (`spec/cases/`) with a one-line postmortem instead.
pub fn proptest_config(default_cases: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default_cases);
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

#[cfg(feature = "proptest")]
/// A proptest strategy for scenarios. Shrinking works on the underlying
/// bytes, which shortens games and simplifies their choices.
pub fn scenarios() -> impl Strategy<Value = Scenario> {
    proptest::collection::vec(any::<u8>(), 0..1200).prop_map(|bytes| Scenario::from_bytes(&bytes))
}

#[cfg(feature = "proptest")]
/// A proptest strategy for [`Cycle`]s: a generated scenario cut where a
/// four-ply cycle can be played, and the cycle. Every value has one.
pub fn cycles() -> impl Strategy<Value = Cycle> {
    (scenarios(), any::<u32>()).prop_map(|(scenario, pick)| Cycle::build(&scenario, pick))
}

#[cfg(feature = "proptest")]
/// A proptest strategy for [`Transposition`]s: a generated scenario cut
/// where two move orders transpose, and the moves. Every value has them.
pub fn transpositions() -> impl Strategy<Value = Transposition> {
    (scenarios(), any::<u32>()).prop_map(|(scenario, pick)| Transposition::build(&scenario, pick))
}

#[cfg(feature = "proptest")]
/// A proptest strategy for [`Finished`] games: a generated scenario cut at
/// its ending, or played on until one holds. Every game is over.
pub fn finished() -> impl Strategy<Value = Finished> {
    (scenarios(), any::<u32>()).prop_map(|(scenario, pick)| Finished::build(&scenario, pick))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_start_is_a_legal_fen() {
        for family in FAMILIES {
            for board in family {
                for clock in [0, 99, 149, 160] {
                    let fen = format!("{board} {clock} 1");
                    assert!(StartPosition::from_fen(&fen).is_ok(), "{fen}");
                }
            }
        }
        for board in CHESS960 {
            let fen = format!("{board} 0 1");
            let start = StartPosition::from_fen_in(&fen, CastlingMode::Chess960).unwrap();
            let field = board.split(' ').nth(2).unwrap();
            let rights = start.position().castles().castling_rights();
            assert_eq!(rights.count(), field.len(), "{fen}");
        }
        assert_eq!(
            chess960_start(518).unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
        );
    }

    #[test]
    fn chess960_games_are_generated_and_castle() {
        let mut seeded = SeededBytes::new(960);
        let (mut games, mut castles) = (0, 0);
        for _ in 0..2_000 {
            let scenario = Scenario::from_bytes(&seeded.take(400));
            if scenario.start.is_chess960() {
                games += 1;
                castles += usize::from(scenario.moves.iter().any(|mv| mv.is_castle()));
                assert!(scenario.command().contains(" --chess960 "));
            }
        }
        assert!(
            games > 100 && castles > 20,
            "{games} games, {castles} castled"
        );
    }

    #[test]
    fn scenarios_are_deterministic_and_legal() {
        let bytes: Vec<u8> = (0..2000u32).map(|i| (i * 7919 % 251) as u8).collect();
        let a = Scenario::from_bytes(&bytes);
        let b = Scenario::from_bytes(&bytes);
        assert_eq!(a.command(), b.command());
        let mut position = a.start.position().clone();
        for mv in &a.moves {
            assert!(position.is_legal(*mv));
            position.play_unchecked(*mv);
        }
        assert!(format!("{a:?}").starts_with("drawrules explain --rules "));
    }

    #[test]
    fn empty_bytes_give_a_game_without_moves() {
        let scenario = Scenario::from_bytes(&[]);
        assert!(scenario.moves.is_empty());
    }
}
