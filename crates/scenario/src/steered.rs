//! Games steered to one [`Situation`] each: a start position set up for
//! it and the few moves that bring it about, then free play as
//! [`Scenario::from_bytes`] plays it. `drawrules verify` takes most of its
//! generated games from here, one situation after another, so that every
//! situation appears in a fixed share of the games of any run, whatever
//! the seed; the seed still picks the set-up, the clock, the moves of each
//! step and the free play after them.
//!
//! The situations are found again in the games by
//! [`situations`](crate::situations::situations), which looks only at what
//! happened; a test counts them.

use std::collections::BTreeMap;

use arbitrary::Unstructured;
use shakmaty::{CastlingMode, Chess, Move, Position, Role};

use drawrules::StartPosition;
use drawrules::laws::Edition;

use crate::cycles::{self, ORDERS, after, cycle, is_quiet};
use crate::situations::Situation;
use crate::{Scenario, SeededBytes, choose_move};

/// One step of a steered game's opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// A pawn's two-square step.
    TwoSquarePush,
    /// Each side moves a man out and back (no pawn move, capture or
    /// castling): the position of the step's start stands again.
    Cycle,
    /// A move that checkmates.
    Mate,
    /// A move that stalemates.
    Stalemate,
    /// A capture or a pawn move.
    Reset,
    /// Castling; when the side to move cannot castle, a quiet move that
    /// keeps every right first, and the other side castles.
    Castle,
    /// A quiet move: no pawn move, capture or castling.
    Quiet,
    /// Quiet moves, one after another, until the count reaches 99 plies
    /// (or none is left).
    QuietTo99,
    /// A capture after which neither side has the men to mate with.
    IntoDead,
    /// Four-ply cycles, each losing one castling right in the game's order
    /// of rights (the placement stands again after each), until `keep`
    /// rights are left; with `by_king`, each side's last right is lost by
    /// its king's move, else every right by its rook's.
    Chain { by_king: bool, keep: usize },
}

/// A situation's set-ups: start placements (FEN without clocks), the range
/// of start clocks, and the steps.
struct Plant {
    fens: &'static [&'static str],
    clocks: (u32, u32),
    steps: &'static [Step],
}

const MATES: &[&str] = &[
    "6k1/5ppp/8/8/8/8/8/R5K1 w - -",
    "r5k1/8/8/8/8/8/5PPP/6K1 b - -",
    "7k/8/5KQ1/8/8/8/8/8 w - -",
    "8/8/8/8/8/5kq1/8/7K b - -",
];

/// Mates in one that wait while every castling right is lost in a chain
/// (the placement stands again after it): a queen lands beside the king
/// on the e-file, guarded by a knight or a bishop.
const MATES_WITH_RIGHTS: &[&str] = &[
    "r3k2r/8/7n/3N4/1Q6/8/8/R3K2R w KQkq -",
    "r3k2r/8/n7/8/7Q/B7/8/R3K2R w KQkq -",
    "r3k2r/8/8/1q6/3n4/7N/8/R3K2R b KQkq -",
    "r3k2r/8/b7/7q/8/N7/8/R3K2R b KQkq -",
];

const STALEMATES: &[&str] = &[
    "k7/8/1Q6/8/8/8/8/K7 w - -",
    "7k/8/6K1/8/8/8/8/5Q2 w - -",
    "K7/8/1q6/8/8/8/8/k7 b - -",
];

/// Kings and rooks at home with every castling right, and men that can
/// move out and back without touching a right; either side to move.
const CASTLING: &[&str] = &[
    "r3k2r/8/2n5/8/8/5N2/8/R3K2R w KQkq -",
    "r3k2r/8/5n2/8/8/2N5/8/R3K2R b KQkq -",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq -",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq -",
];

/// The same, and a set-up where knights stand between kings and rooks:
/// no castling move is legal, yet every right exists.
const RIGHTS: &[&str] = &[
    "r3k2r/8/2n5/8/8/5N2/8/R3K2R w KQkq -",
    "r3k2r/8/5n2/8/8/2N5/8/R3K2R b KQkq -",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq -",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq -",
    "rn2k1nr/8/8/8/8/8/8/RN2K1NR b KQkq -",
];

/// Start placements for a high count: each side can move without a pawn
/// move or a capture.
const HIGH_CLOCKS: &[&str] = &[
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - -",
    "r3k3/8/8/8/8/8/8/4K2R w Kq -",
    "8/8/3k4/8/8/3K4/8/2B2B2 w - -",
];

/// A capture away from a position where neither side has the men to mate
/// with: a bishop or a knight takes the last other man but the kings,
/// either side to move.
const INTO_DEAD: &[&str] = &[
    "4k3/8/8/3p4/4B3/8/8/4K3 w - -",
    "4k3/8/8/4n3/8/5N2/8/4K3 w - -",
    "4k3/8/8/8/8/3b4/4N3/4K3 b - -",
    "4k3/8/8/3n4/8/4P3/8/4K3 b - -",
];

/// Every right lost, one after another, by rook moves.
const BY_ROOKS: Step = Step::Chain {
    by_king: false,
    keep: 0,
};

/// A plant's parts: start placements, the range of start clocks, steps.
type SetUp = (&'static [&'static str], (u32, u32), &'static [Step]);

/// The plant of each situation, in the order of [`Situation::ALL`].
fn plant(situation: Situation) -> Plant {
    use Step::{Mate, Quiet, Reset, Stalemate};
    let (fens, clocks, steps): SetUp = match situation {
        Situation::EnPassantPinnedOnRank
        | Situation::EnPassantPinnedOnDiagonal
        | Situation::EnPassantBesideAPiece
        | Situation::EnPassantInFenUnusable
        | Situation::EnPassantUsable => en_passant_plant(situation),
        // From a count of 0, so that the count reaching 99 is the game's
        // own and the start FEN's clock explains nothing.
        Situation::CastlingInCount
        | Situation::CastlingRightLostInCount
        | Situation::CastlingRightLostBetweenRepetitions
        | Situation::CastlingRightsLostByKing
        | Situation::CastlingRightLostByKingSideRook
        | Situation::CastlingRightLostByQueenSideRook
        | Situation::CastlingRightsLostRookAfterRook => castling_plant(situation),
        // The chain's 16 quiet plies bring the count to 99 or 149.
        Situation::MateAt100 => (MATES_WITH_RIGHTS, (83, 83), &[BY_ROOKS, Mate]),
        Situation::StalemateAt100 => (STALEMATES, (99, 99), &[Stalemate]),
        Situation::MateAt150 => (MATES_WITH_RIGHTS, (133, 133), &[BY_ROOKS, Mate]),
        Situation::StalemateAt150 => (STALEMATES, (149, 149), &[Stalemate]),
        Situation::ResetAtTheCount => (
            &[
                "r3k2r/1P6/2n5/8/8/5N2/8/R3K2R w KQkq -",
                "r3k2r/8/2n5/8/3p4/5N2/8/R3K2R w KQkq -",
                "r3k2r/8/2n5/8/8/5N2/1p6/R3K2R b KQkq -",
            ],
            (83, 83),
            &[BY_ROOKS, Reset],
        ),
        Situation::WrittenMoveThatEnds => (MATES, (99, 99), &[]),
        Situation::WrittenMoveAt99 => (
            &[
                "4k3/8/8/8/8/8/8/R3K3 w - -",
                "1n2k1n1/8/8/8/8/8/8/1N2K1N1 b - -",
            ],
            (97, 99),
            &[Quiet],
        ),
        Situation::DeadPositionByCapture => (INTO_DEAD, (0, 60), &[Step::IntoDead]),
        Situation::HighClockStart => (HIGH_CLOCKS, (100, 160), &[Quiet]),
        // Over at the start: the free play after it is the test.
        Situation::StartPast150 => (HIGH_CLOCKS, (151, 250), &[]),
    };
    Plant {
        fens,
        clocks,
        steps,
    }
}

/// The set-ups of the en passant situations: a two-square step, then the
/// position standing again (those with kings and rooks at home lose every
/// castling right in a chain first, or last for the start FEN's square).
fn en_passant_plant(situation: Situation) -> SetUp {
    use Step::{Cycle, TwoSquarePush};
    match situation {
        Situation::EnPassantPinnedOnRank => (
            &[
                "8/8/8/8/R2p3k/8/4P3/4K3 w - -",
                "4k3/4p3/8/K2P3r/8/8/8/8 b - -",
            ],
            (0, 60),
            &[TwoSquarePush, Cycle, Cycle],
        ),
        Situation::EnPassantPinnedOnDiagonal => (
            &[
                "7k/8/8/8/3p4/8/1B2P3/4K3 w - -",
                "4k3/1b2p3/8/3P4/8/8/8/7K b - -",
            ],
            (0, 60),
            &[TwoSquarePush, Cycle, Cycle],
        ),
        Situation::EnPassantBesideAPiece => (
            &[
                "r3k2r/7p/2n5/6B1/8/5N2/8/R3K2R b KQkq -",
                "r3k2r/8/2n5/8/1n6/5N2/P7/R3K2R w KQkq -",
            ],
            (0, 60),
            &[BY_ROOKS, TwoSquarePush, Cycle, Cycle],
        ),
        // The chain comes last: the start's en passant field must stand
        // beside the same castling rights when its placement recurs.
        Situation::EnPassantInFenUnusable => (
            &[
                "r3k2r/8/2n5/8/4P3/5N2/8/R3K2R b KQkq e3",
                "r3k2r/8/2n5/3p4/8/5N2/8/R3K2R w KQkq d6",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3",
            ],
            (0, 60),
            &[Cycle, Cycle, BY_ROOKS],
        ),
        // Situation::EnPassantUsable, the only other one.
        _ => (
            &[
                "r3k2r/8/2n5/8/3p4/5N2/4P3/R3K2R w KQkq -",
                "r3k2r/3p4/2n5/4P3/8/5N2/8/R3K2R b KQkq -",
            ],
            (0, 60),
            &[BY_ROOKS, TwoSquarePush, Cycle, Cycle],
        ),
    }
}

/// The set-ups of the castling situations: chains of lost rights.
fn castling_plant(situation: Situation) -> SetUp {
    use Step::{Castle, Chain, QuietTo99};
    match situation {
        // Three rights lost in turn, then castling with the last.
        Situation::CastlingInCount => (
            CASTLING,
            (0, 0),
            &[
                Chain {
                    by_king: false,
                    keep: 1,
                },
                Castle,
                QuietTo99,
            ],
        ),
        Situation::CastlingRightLostInCount => (RIGHTS, (0, 0), &[BY_ROOKS, QuietTo99]),
        Situation::CastlingRightsLostByKing => (
            RIGHTS,
            (0, 60),
            &[Chain {
                by_king: true,
                keep: 0,
            }],
        ),
        _ => (RIGHTS, (0, 60), &[BY_ROOKS]),
    }
}

/// The most plies a steered game has, steps and free play together.
const MAX_PLIES: usize = 240;

impl Scenario {
    /// A game steered to `situation`, every choice in it (set-up, clock,
    /// the moves of each step, the edition, free play after the steps)
    /// drawn from `bytes`. Never fails: a step with no move to play ends
    /// the steps, and short input gives a short game. Steps that end in
    /// a mate or a stalemate are followed by one move more, which the end
    /// forbids (so that every such game asks for its refusal), and no
    /// free play.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_scenario::Scenario;
    /// use drawrules_scenario::situations::{Situation, situations};
    ///
    /// let game = Scenario::steered(Situation::MateAt150, &[7; 64]);
    /// let found = situations(&game.start, &game.moves, game.edition);
    /// assert!(found.contains(&Situation::MateAt150));
    /// ```
    pub fn steered(situation: Situation, bytes: &[u8]) -> Scenario {
        Scenario::steered_with(situation, None, bytes).0
    }

    /// [`Scenario::steered`], the order in which a chain of lost castling
    /// rights loses them given by `chain` (see [`cycles::order`]) where
    /// it is `Some`, else drawn from `bytes` like every other choice; and
    /// whether a chain step was played.
    fn steered_with(situation: Situation, chain: Option<usize>, bytes: &[u8]) -> (Scenario, bool) {
        let mut u = Unstructured::new(bytes);
        let plant = plant(situation);
        let board = plant.fens[u.choose_index(plant.fens.len()).unwrap_or(0)];
        let clock = u
            .int_in_range(plant.clocks.0..=plant.clocks.1)
            .unwrap_or(plant.clocks.0);
        let edition = if u.arbitrary::<bool>().unwrap_or(false) {
            Edition::Fide2014
        } else {
            Edition::Fide2018
        };
        let fen = format!("{board} {clock} {}", 1 + clock / 2);
        let Ok(start) = StartPosition::from_fen_in(&fen, CastlingMode::Standard) else {
            return (Scenario::empty(), false);
        };
        let chain = chain.unwrap_or_else(|| u.choose_index(ORDERS).unwrap_or(0));
        let mut position = start.position().clone();
        let mut moves: Vec<Move> = Vec::new();
        let mut chained = false;
        for &step in plant.steps {
            let Some(played) = step_moves(step, cycles::order(chain), &position, &mut u) else {
                break;
            };
            chained |= matches!(step, Step::Chain { .. });
            for mv in played {
                position.play_unchecked(mv);
                moves.push(mv);
            }
        }
        if position.legal_moves().is_empty() {
            // A mate or stalemate: one move more, which the game's end
            // forbids, so that every such game asks for its refusal.
            moves.extend(after_the_end(&position));
        } else {
            let steps_end = moves.len();
            play_freely(&mut position, &mut moves, &mut u);
            let over = plant.steps.last() == Some(&Step::IntoDead) || plant.clocks.0 > 150;
            if moves.len() == steps_end && over {
                // A dead position, or a count past 150, is over too,
                // though moves are legal: one of them, so that the game
                // asks for its refusal.
                moves.extend(pick(&mut u, &position.legal_moves()));
            }
        }
        let scenario = Scenario {
            edition,
            start,
            moves,
        };
        (scenario, chained)
    }
}

/// A move for the side that has no legal one (mated or stalemated): its
/// king's step to the first square beside it on the board, whatever stands
/// there. Never legal; the reference refuses it as played after the end.
fn after_the_end(position: &Chess) -> Option<Move> {
    let from = position.board().king_of(position.turn())?;
    let to = (shakmaty::attacks::king_attacks(from)).first()?;
    Some(Move::Normal {
        role: Role::King,
        from,
        capture: position.board().role_at(to),
        to,
        promotion: None,
    })
}

/// Free play after the steps, as [`Scenario::from_bytes`] plays, up to
/// [`MAX_PLIES`] in all.
fn play_freely(position: &mut Chess, moves: &mut Vec<Move>, u: &mut Unstructured<'_>) {
    let free = u.int_in_range(0..=MAX_PLIES - moves.len()).unwrap_or(0);
    let until = moves.len() + free;
    while moves.len() < until && !u.is_empty() {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let Ok(mv) = choose_move(u, position, &legal, moves) else {
            break;
        };
        position.play_unchecked(mv);
        moves.push(mv);
    }
}

/// How many games in thirty of a run are steered (the other is free):
/// the castling chains and eighteen set-ups of 15 games each need 290 of
/// 300 (`spec/SITUATIONS.md`).
const STEERED_IN_THIRTY: usize = 29;

/// The situations a run's steered games are set up for, in turn. The
/// others of [`Situation::ALL`] are reached in these games along the way
/// and have no set-up turn of their own: every chain of lost castling
/// rights has the same placement before and after a right was lost, the
/// set-ups at a count of 99 or 149 open a claim on a written move (one
/// that mates or stalemates, where a mate or stalemate waits), and those
/// at 149 start at a high clock.
const SCHEDULE: [Situation; 18] = [
    Situation::EnPassantPinnedOnRank,
    Situation::EnPassantPinnedOnDiagonal,
    Situation::EnPassantBesideAPiece,
    Situation::EnPassantInFenUnusable,
    Situation::EnPassantUsable,
    Situation::CastlingInCount,
    Situation::CastlingRightLostInCount,
    Situation::CastlingRightsLostByKing,
    Situation::CastlingRightLostByKingSideRook,
    Situation::CastlingRightLostByQueenSideRook,
    Situation::CastlingRightsLostRookAfterRook,
    Situation::MateAt100,
    Situation::StalemateAt100,
    Situation::MateAt150,
    Situation::StalemateAt150,
    Situation::ResetAtTheCount,
    Situation::DeadPositionByCapture,
    Situation::StartPast150,
];

/// The generated games of a run: `count` standard-chess games from `seed`,
/// 29 in 30 steered in turn to 18 of the situations of [`Situation::ALL`]
/// (the other four are reached in their games along the way), the
/// thirtieth played freely ([`Scenario::from_bytes`], its Chess960 games
/// passed over). In any run of 300, each of the 18 has at least 16
/// steered games (over 5%), whatever the seed. The games whose set-up
/// loses castling rights in a chain take the 24 orders of the four rights
/// in turn (the chains that keep a right to castle with apart from those
/// that lose every one), so that every pair of castling states meets as
/// evenly as a run's chains allow.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::run_of;
///
/// let games = run_of(1, 30);
/// assert_eq!(games.len(), 30);
/// assert!(games.iter().all(|game| !game.start.is_chess960()));
/// assert_eq!(run_of(1, 30)[7].moves, games[7].moves);
/// ```
pub fn run_of(seed: u64, count: usize) -> Vec<Scenario> {
    Run::new(seed).take(count).collect()
}

/// The games of [`run_of`] one at a time, without end: the first `n` of
/// `Run::new(seed)` are `run_of(seed, n)`, made as they are asked for, so
/// that a long run need not hold them all.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::{Run, run_of};
///
/// let games: Vec<_> = Run::new(1).take(30).collect();
/// assert_eq!(games.len(), 30);
/// assert_eq!(games[29].moves, run_of(1, 30)[29].moves);
/// ```
pub struct Run {
    seeded: SeededBytes,
    made: usize,
    /// Chains played counted apart by how many rights they keep, so that
    /// each kind goes through the orders of the rights in turn (a set-up
    /// whose chain could not start takes no turn).
    chains: BTreeMap<usize, usize>,
}

impl Run {
    /// The games of the run of `seed`.
    pub fn new(seed: u64) -> Run {
        Run {
            seeded: SeededBytes::new(seed),
            made: 0,
            chains: BTreeMap::new(),
        }
    }

    /// The next game from the next bytes, if they make one of the run (a
    /// free game in Chess960 is passed over).
    fn try_next(&mut self) -> Option<Scenario> {
        let index = self.made;
        let len = 64 + (self.seeded.next_u64() % 700) as usize;
        let bytes = self.seeded.take(len);
        if index % 30 < STEERED_IN_THIRTY {
            let steered = index - index / 30;
            let situation = SCHEDULE[steered % SCHEDULE.len()];
            let keep = plant(situation).steps.iter().find_map(|step| match step {
                Step::Chain { keep, .. } => Some(*keep),
                _ => None,
            });
            let nth = keep.map_or(0, |keep| *self.chains.get(&keep).unwrap_or(&0));
            let (scenario, chained) = Scenario::steered_with(situation, Some(nth), &bytes);
            if let (Some(keep), true) = (keep, chained) {
                *self.chains.entry(keep).or_default() += 1;
            }
            Some(scenario)
        } else {
            let scenario = Scenario::from_bytes(&bytes);
            (!scenario.start.is_chess960()).then_some(scenario)
        }
    }
}

impl Iterator for Run {
    type Item = Scenario;

    fn next(&mut self) -> Option<Scenario> {
        loop {
            if let Some(scenario) = self.try_next() {
                self.made += 1;
                return Some(scenario);
            }
        }
    }
}

/// One of `moves` chosen from `u`, if any.
fn pick(u: &mut Unstructured<'_>, moves: &[Move]) -> Option<Move> {
    (!moves.is_empty()).then(|| moves[u.choose_index(moves.len()).unwrap_or(0)])
}

/// The moves of `step` from `position`, chosen from `u` (a chain of lost
/// castling rights loses them in `order`); `None` when the step cannot be
/// made there.
fn step_moves(
    step: Step,
    order: [usize; 4],
    position: &Chess,
    u: &mut Unstructured<'_>,
) -> Option<Vec<Move>> {
    let legal = position.legal_moves();
    // Whether the game ends with `mv`: `Some(true)` for a mate,
    // `Some(false)` for a stalemate.
    let ends = |mv: &Move| {
        let mut after = position.clone();
        after.play_unchecked(*mv);
        after.legal_moves().is_empty().then(|| after.is_check())
    };
    let chosen: Vec<Move> = match step {
        Step::Cycle => return cycle(position, u),
        Step::QuietTo99 => return quiet_to_99(position, u),
        Step::Chain { by_king, keep } => return cycles::chain(position, order, by_king, keep, u),
        Step::TwoSquarePush => legal
            .iter()
            .copied()
            .filter(|mv| {
                mv.role() == Role::Pawn
                    && mv
                        .from()
                        .is_some_and(|from| from.rank().distance(mv.to().rank()) == 2)
            })
            .collect(),
        Step::Mate => legal
            .iter()
            .copied()
            .filter(|mv| ends(mv) == Some(true))
            .collect(),
        Step::Stalemate => legal
            .iter()
            .copied()
            .filter(|mv| ends(mv) == Some(false))
            .collect(),
        Step::Reset => legal
            .iter()
            .copied()
            .filter(|mv| mv.role() == Role::Pawn || mv.is_capture())
            .collect(),
        Step::Castle => return castle(position, u),
        Step::IntoDead => legal
            .iter()
            .copied()
            .filter(|mv| {
                let mut after = position.clone();
                after.play_unchecked(*mv);
                mv.is_capture() && after.is_insufficient_material()
            })
            .collect(),
        Step::Quiet => legal
            .iter()
            .copied()
            .filter(|mv| is_quiet(mv) && ends(mv).is_none())
            .collect(),
    };
    pick(u, &chosen).map(|mv| vec![mv])
}

/// Castling from `position`, or a quiet move that keeps every castling
/// right and castling after it; `None` when neither side can.
fn castle(position: &Chess, u: &mut Unstructured<'_>) -> Option<Vec<Move>> {
    let castles = |p: &Chess| -> Vec<Move> {
        p.legal_moves()
            .into_iter()
            .filter(|mv| mv.is_castle())
            .collect()
    };
    if let Some(mv) = pick(u, &castles(position)) {
        return Some(vec![mv]);
    }
    let rights = position.castles().castling_rights();
    let waits: Vec<(Move, Move)> = position
        .legal_moves()
        .into_iter()
        .filter(is_quiet)
        .filter_map(|mv| {
            let next = after(position, mv)?;
            let castling = *castles(&next).first()?;
            (next.castles().castling_rights() == rights).then_some((mv, castling))
        })
        .collect();
    let (wait, castling) = *waits.get(u.choose_index(waits.len().max(1)).unwrap_or(0))?;
    Some(vec![wait, castling])
}

/// Quiet moves from `position` until its count reaches 99 plies, each to
/// a placement not met before on the way where there is one (so that no
/// repetition ends the game first) and giving no check where it can (so
/// that the other side has a quiet answer), chosen from `u`; a stalemate
/// or mate is never chosen. `None` if no quiet move is left.
fn quiet_to_99(position: &Chess, u: &mut Unstructured<'_>) -> Option<Vec<Move>> {
    let mut position = position.clone();
    let mut seen = vec![(position.board().clone(), position.turn())];
    let mut moves = Vec::new();
    while position.halfmoves() < 99 {
        let quiet: Vec<(Move, Chess)> = position
            .legal_moves()
            .into_iter()
            .filter(is_quiet)
            .filter_map(|mv| Some((mv, after(&position, mv)?)))
            .filter(|(_, next)| !next.legal_moves().is_empty())
            .collect();
        // Best a move to a new placement that gives no check (a check may
        // leave the other side no quiet answer), then a new placement, then
        // any quiet move.
        let fresh = |next: &Chess| !seen.contains(&(next.board().clone(), next.turn()));
        let mut from: Vec<&(Move, Chess)> = quiet
            .iter()
            .filter(|(_, next)| fresh(next) && !next.is_check())
            .collect();
        if from.is_empty() {
            from = quiet.iter().filter(|(_, next)| fresh(next)).collect();
        }
        if from.is_empty() {
            from = quiet.iter().collect();
        }
        if from.is_empty() {
            return None;
        }
        let (mv, next) = from[u.choose_index(from.len()).unwrap_or(0)].clone();
        seen.push((next.board().clone(), next.turn()));
        position = next;
        moves.push(mv);
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::situations::situations;

    #[test]
    fn every_steered_game_reaches_its_situation_on_most_seeds() {
        let mut seeded = SeededBytes::new(3);
        let mut short = Vec::new();
        for situation in Situation::ALL {
            let mut reached = 0;
            for _ in 0..20 {
                let game = Scenario::steered(situation, &seeded.take(600));
                if situations(&game.start, &game.moves, game.edition).contains(&situation) {
                    reached += 1;
                } else {
                    eprintln!("{situation} missed: {game:?}");
                }
            }
            eprintln!("{situation}: {reached} of 20");
            if reached < 18 {
                short.push((situation, reached));
            }
        }
        assert_eq!(short, [], "situations reached in fewer than 18 of 20 games");
    }
}
