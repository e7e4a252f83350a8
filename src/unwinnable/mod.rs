//! Article 5.2.2 decided for speed: the [`Arbiter`](crate::Arbiter)'s
//! decision, and the one the command line, `adjudicate` and the comparison
//! with other analysers call.
//!
//! The [reference](crate::reference::dead_position) keeps the decision
//! written for reading; this one is its own, built so that the cheap exact
//! proofs come first and the searches are tuned. The two share no code: the
//! tests and the fuzz targets compare them, and where both decide, they
//! must decide alike. The vocabulary is the same ([`Mating`], [`Deadness`],
//! [`NoMate`], [`Budget`]), and so is the reading: both players are taken
//! to cooperate; a side *can mate* when some series of legal moves leads to
//! a checkmate given by that side; the position is dead when neither side
//! can. Every verdict carries its evidence and we never guess.
//!
//! Per side, the steps are, in order, each exact on its own:
//!
//! 1. `material`: a lone king never mates; with no pawn, rook or queen
//!    and at most one minor piece, or only bishops all on one colour,
//!    neither side ever mates; bishops of one colour, or a lone knight,
//!    never mate men that always answer their checks (see `material`);
//! 2. `wall`, then `confined`: a static proof that the side can never
//!    mate, first behind a wall no pawn can leave, then with pawns that
//!    can still walk up to the wall (and bishops of one colour that may
//!    check but never mate);
//! 3. `shaped`: a helpmate found by a depth-first search in which the
//!    moves that follow a mating plan cost no depth, a short one for both
//!    sides first (enough for almost every position of a real game); then
//!    `helpmate`'s best-first search, brief (a thirty-second of its
//!    budget: it finds at once many lines of a few men against a king
//!    that the searches after it spend tens of milliseconds on); then
//!    `explore`, to a fiftieth of its budget (a side with few reachable
//!    positions is settled here, before any longer search); then the
//!    wide shaped search of step 7, brief (a thirty-second of its
//!    budget: it finds at once lines of a lone minor piece or rook that
//!    the searches after it spend tens of milliseconds on), then the
//!    deeper shaped search;
//! 4. for a side with minor pieces only, `corner` (best first toward a
//!    corner mate: it finds most of their lines, at once); then
//!    `helpmate`'s narrow search for short lines (a quarter of its budget
//!    after `corner`);
//! 5. `explore` taken on from where step 3 stopped: every reachable
//!    position visited, a fifth of its budget at most; a checkmate among
//!    them comes with its line, none proves the side can never mate
//!    (positions dead by material are visited but not explored further).
//!    A visit whose queue of positions still to explore has fallen below
//!    a quarter of those it reached is nearing its end (a closed position
//!    runs out of new ones): it goes on at once, its limit doubled while
//!    that holds, up to the whole budget (the race of tempi of CHA's
//!    published positions, 23,221 positions, is settled here and not
//!    after step 7; a visit stopped at the whole budget is let go before
//!    step 6);
//! 6. when too many positions are reachable, `ahead`: steps 1 and 2 on
//!    every position one and two legal moves later (the wall often fails
//!    only because of what the next move must change, such as a king in
//!    check from a pawn); a few hundred static proofs at most, tried
//!    before the searches of step 7, which run to their budget when they
//!    find nothing;
//! 7. `shaped` again, deeper and with 25 times the budget, then
//!    `helpmate`'s best-first search with the whole budget;
//! 8. `explore` taken on from where step 5 stopped (the positions
//!    reached are kept, never visited twice), to the whole budget: it
//!    settles positions whose reachable set is larger than step 5 visits
//!    (races of tempi before a stalemate, locked structures). It comes
//!    last because, run before step 7, it cost 50 ms to 100 ms more on
//!    each side of a real game whose line only step 7 finds.

mod ahead;
mod check;
mod confined;
mod corner;
mod explore;
mod helpmate;
mod material;
mod node;
mod shaped;
mod wall;

use shakmaty::{CastlingMode, Chess, Color};

use crate::mating::{Budget, Deadness, Mating, NoMate};
use explore::{Exploration, Explored};
use node::uci_line;

/// Article 5.2.2 on `position` (castling written as `mode` writes it):
/// whether either side can still mate, with the evidence, within `budget`.
///
/// One side able to mate is enough, so the cheap answers come first for
/// both sides (material, the wall, the quick shaped helpmate search), and
/// the long searches only after.
pub fn deadness_in(position: &Chess, mode: CastlingMode, budget: Budget) -> Deadness {
    deadness_sparing(position, mode, budget, &mut Spent::default())
}

/// The sides, White then Black, whose searches (the deeper one of step 3,
/// steps 4, 5, 7 and 8) a game no
/// longer runs: they came back with nothing at a ply since the last
/// capture or pawn move (see [`deadness_sparing`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spent([bool; 2]);

/// [`deadness_in`] for a ply of a game that `spent` follows: for a side
/// `spent` names, only the cheap steps run (1 and 2, the quick shaped
/// search, 6), not the searches; `spent` then names every
/// side looked at here that came back undetermined. The game clears it at
/// each capture or pawn move.
///
/// Between two such moves the same men stand on the board and the pawns
/// do not move; only the pieces walk. A side whose searches found nothing
/// at one ply would cost up to seconds a ply for what is almost always
/// the same answer. Leaving the searches out can only leave a ply
/// undetermined that they would have decided; no verdict changes.
pub(crate) fn deadness_sparing(
    position: &Chess,
    mode: CastlingMode,
    budget: Budget,
    spent: &mut Spent,
) -> Deadness {
    if material::insufficient_for_both(position) {
        return Deadness::Dead {
            white: NoMate::Material,
            black: NoMate::Material,
        };
    }
    let mut settled = [None, None];
    for (slot, side) in settled.iter_mut().zip([Color::White, Color::Black]) {
        *slot = statically(position, side);
        if slot.is_some() {
            continue;
        }
        if let Some(line) = shaped::line(position, side, budget.helpmate_nodes / 8) {
            return alive(side, uci_line(&line, mode));
        }
    }
    let [white, black] = settled;
    let mut answer = |side: Color, settled: Option<Mating>| {
        let index = usize::from(side == Color::Black);
        let mating = settled.unwrap_or_else(|| {
            if spent.0[index] {
                two_plies_ahead(position, side)
            } else {
                searched(position, side, mode, budget)
            }
        });
        spent.0[index] = mating == Mating::Undetermined;
        mating
    };
    let white = answer(Color::White, white);
    if white.is_possible() {
        return Deadness::of(&white, &Mating::Undetermined);
    }
    let black = answer(Color::Black, black);
    Deadness::of(&white, &black)
}

fn alive(side: Color, line: Vec<String>) -> Deadness {
    let found = Mating::Possible { line };
    match side {
        Color::White => Deadness::of(&found, &Mating::Undetermined),
        Color::Black => Deadness::of(&Mating::Undetermined, &found),
    }
}

/// Whether `side` can still checkmate from `position` by some series of
/// legal moves, both players cooperating (Article 5.2.2 for one side; the
/// test Article 6.9 needs when a flag falls), with the default [`Budget`].
///
/// # Examples
///
/// ```
/// use drawrules::mating::{Mating, NoMate};
/// use drawrules::unwinnable::can_ever_mate;
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
///
/// let position: Chess = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// // White's rook can mate with Black's help; Black's lone king never can.
/// assert!(matches!(can_ever_mate(&position, Color::White), Mating::Possible { .. }));
/// assert_eq!(
///     can_ever_mate(&position, Color::Black),
///     Mating::Impossible { reason: NoMate::Material }
/// );
/// ```
pub fn can_ever_mate(position: &Chess, side: Color) -> Mating {
    can_ever_mate_in(position, side, CastlingMode::Standard, Budget::DEFAULT)
}

/// [`can_ever_mate`] with the castling notation `mode` (for the helpmate
/// line) and an explicit `budget`.
pub fn can_ever_mate_in(
    position: &Chess,
    side: Color,
    mode: CastlingMode,
    budget: Budget,
) -> Mating {
    if let Some(settled) = statically(position, side) {
        return settled;
    }
    if let Some(line) = shaped::line(position, side, budget.helpmate_nodes / 8) {
        return Mating::Possible {
            line: uci_line(&line, mode),
        };
    }
    searched(position, side, mode, budget)
}

/// Steps 1 and 2 alone, no search: why `side` can never mate from
/// `position` when its material or a locked pawn wall proves it, `None`
/// when neither does (which proves nothing). Cheap enough for every game
/// of a database.
///
/// # Examples
///
/// ```
/// use drawrules::mating::NoMate;
/// use drawrules::unwinnable::never_mates;
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
///
/// let position: Chess = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
///     .parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// assert_eq!(never_mates(&position, Color::Black), Some(NoMate::Material));
/// assert_eq!(never_mates(&position, Color::White), None);
/// ```
pub fn never_mates(position: &Chess, side: Color) -> Option<NoMate> {
    if material::never_mates(position, side) {
        return Some(NoMate::Material);
    }
    (wall::walled_off(position, side) || confined::never_mates(position, side))
        .then_some(NoMate::Wall)
}

/// [`never_mates`] as an answer for one side.
fn statically(position: &Chess, side: Color) -> Option<Mating> {
    never_mates(position, side).map(|reason| Mating::Impossible { reason })
}

/// The long searches for `side`: a brief best-first search, every
/// reachable position (a fiftieth of the budget), a brief wide shaped
/// search, the deep shaped search, the corner search (minor pieces only)
/// and the short lines, then the visit on to a fifth of its budget (and
/// further while it is narrowing, see the module's step 5), then (when
/// there are too many) the static proofs two plies ahead, a short
/// best-first search (an eighth of its budget: it finds at once some
/// lines the wide search spends its whole budget missing), the wide
/// shaped search, best first for a helpmate with the whole budget, and
/// the visit taken on from where it stopped to the whole budget.
fn searched(position: &Chess, side: Color, mode: CastlingMode, budget: Budget) -> Mating {
    let possible = |line: Vec<shakmaty::Move>| Mating::Possible {
        line: uci_line(&line, mode),
    };
    if let Some(line) = helpmate::best_first(position, side, budget.helpmate_nodes / 32) {
        return possible(line);
    }
    let mut exploration = Exploration::new(position);
    let found = |explored| match explored {
        Explored::Mate(line) => Some(possible(line)),
        Explored::NoMate(positions) => Some(Mating::Impossible {
            reason: NoMate::Exhausted { positions },
        }),
        Explored::TooMany => None,
    };
    if let Some(found) = found(exploration.run(side, budget.explored_positions / 50)) {
        return found;
    }
    let cornered = corner::applies(position, side);
    let line = shaped::wide_line(position, side, budget.helpmate_nodes / 32)
        .or_else(|| shaped::deep_line(position, side, budget.helpmate_nodes))
        .or_else(|| {
            cornered
                .then(|| corner::line(position, side, budget.helpmate_nodes / 4))
                .flatten()
        })
        .or_else(|| {
            let nodes = if cornered {
                budget.helpmate_nodes / 4
            } else {
                budget.helpmate_nodes
            };
            helpmate::short_line(position, side, nodes)
        });
    if let Some(line) = line {
        return possible(line);
    }
    let most = budget.explored_positions;
    let explored = exploration.run_while_narrowing(side, most / 5, most);
    if let Some(found) = found(explored) {
        return found;
    }
    // A visit already at the whole budget is let go before the long
    // searches: it can add nothing more.
    let mut unfinished = (exploration.reached() < most).then_some(exploration);
    match two_plies_ahead(position, side) {
        Mating::Undetermined => helpmate::best_first(position, side, budget.helpmate_nodes / 8)
            .or_else(|| shaped::wide_line(position, side, budget.helpmate_nodes))
            .or_else(|| helpmate::best_first(position, side, budget.helpmate_nodes))
            .map(possible)
            .or_else(|| {
                unfinished
                    .as_mut()
                    .and_then(|visit| found(visit.run(side, most)))
            })
            .unwrap_or(Mating::Undetermined),
        proved => proved,
    }
}

/// Step 6: the static proofs on every position up to two legal moves
/// ahead, or undetermined (the last step for a side whose searches a game
/// no longer runs).
fn two_plies_ahead(position: &Chess, side: Color) -> Mating {
    if ahead::never_mates_within(position, side, 2) {
        Mating::Impossible {
            reason: NoMate::Wall,
        }
    } else {
        Mating::Undetermined
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::position;
    use shakmaty::Position;
    use shakmaty::uci::UciMove;

    fn verdict(fen: &str) -> Deadness {
        deadness_in(&position(fen), CastlingMode::Standard, Budget::DEFAULT)
    }

    /// Whether `line` replays from `fen` to a checkmate.
    fn mates(fen: &str, line: &[String]) -> bool {
        let mut position = position(fen);
        for text in line {
            let mv = text.parse::<UciMove>().unwrap().to_move(&position).unwrap();
            position.play_unchecked(mv);
        }
        position.is_checkmate()
    }

    fn dead(fen: &str) -> bool {
        let material = material::insufficient_for_both(&position(fen));
        assert_eq!(verdict(fen).is_dead(), material, "{fen}");
        material
    }

    #[test]
    fn material_that_can_never_mate() {
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "K v K");
        assert!(dead("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), "KN v K");
        assert!(dead("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), "KB v K");
        assert!(dead("4kb2/8/8/8/8/8/8/4K3 w - - 0 1"), "K v KB");
        // f1 and c8 are both light squares.
        assert!(
            dead("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"),
            "KB v KB, same colour"
        );
        // c8, f1 and h1 are all light: three bishops that can never mate.
        assert!(
            dead("2b1k3/8/8/8/8/8/8/4KB1B w - - 0 1"),
            "KBB v KB, all light"
        );
    }

    #[test]
    fn material_that_can_mate_with_help() {
        assert!(
            !dead("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"),
            "KB v KB, opposite colours"
        );
        assert!(!dead("2b1k3/8/8/8/8/8/8/B3KB2 w - - 0 1"), "a1 is dark");
        assert!(!dead("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1"), "KNN v K");
        assert!(!dead("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"), "KN v KN");
        assert!(!dead("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1"), "KB v KN");
        assert!(!dead("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "KR v K");
        assert!(!dead("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), "KP v K");
    }

    #[test]
    fn a_locked_chain_with_bare_kings_is_dead_by_the_wall() {
        let wall = NoMate::Wall;
        let dead = Deadness::Dead {
            white: wall,
            black: wall,
        };
        assert_eq!(verdict("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"), dead);
        // A light-squared bishop behind the wall changes nothing.
        assert_eq!(verdict("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/KB6 w - - 0 1"), dead);
    }

    #[test]
    fn a_pawn_that_can_take_a_pawn_opens_the_wall() {
        // g3 can take on h4 (and h4 on g3): Black's g-pawn then runs
        // through. Once judged dead by the wall, as if pawns never took
        // pawns.
        let fen = "4k3/8/8/1p1p1p2/pPpPpPpp/P1P1P1PP/8/4K3 w - - 0 1";
        let Deadness::Alive { line, .. } = verdict(fen) else {
            panic!("{fen} must be alive")
        };
        assert!(mates(fen, &line), "{line:?}");
    }

    #[test]
    fn a_pawn_break_keeps_the_position_alive() {
        let fen = "k7/8/8/p1p1p1p1/P1P1P1P1/8/7P/K7 w - - 0 1";
        let Deadness::Alive { line, .. } = verdict(fen) else {
            panic!("{fen} must be alive")
        };
        assert!(mates(fen, &line), "{line:?}");
    }

    #[test]
    fn a_capture_that_leaves_mate_possible_only_with_help() {
        // After Kxd2 White has a lone knight against a knight: no mate can
        // be forced, but Black's knight can block its own king.
        let fen = "4k3/8/8/8/8/8/3K4/5N1n b - - 0 1";
        let Deadness::Alive { line, .. } = verdict(fen) else {
            panic!("must be alive")
        };
        assert!(mates(fen, &line), "{line:?}");
    }
}
