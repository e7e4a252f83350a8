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
//!    corner mate: it finds most of their lines, at once; against pawns
//!    alone, first after one of them has become a knight or a bishop);
//! 5. `explore` taken on from where step 3 stopped: every reachable
//!    position visited, a fifth of its budget at most; a checkmate among
//!    them comes with its line, none proves the side can never mate
//!    (positions dead by material are visited but not explored further).
//!    A visit whose queue of positions still to explore has fallen below
//!    a third of those it reached is nearing its end (a closed position
//!    runs out of new ones): it goes on at once, its limit doubled while
//!    that holds, up to the whole budget (the race of tempi of CHA's
//!    published positions, 23,221 positions, and the locked structures
//!    of 40,000 to 65,000 reachable positions are settled here and not
//!    after step 7; a visit stopped at the whole budget is let go before
//!    step 6);
//! 6. when too many positions are reachable, `ahead`: steps 1 and 2 on
//!    every position one and two legal moves later (the wall often fails
//!    only because of what the next move must change, such as a king in
//!    check from a pawn); a few hundred static proofs at most, tried
//!    before the searches of step 7, which run to their budget when they
//!    find nothing;
//! 7. `helpmate`'s best-first search, an eighth of its budget; then,
//!    for a side with a pawn, the best-first search with the whole
//!    budget and `shaped` again, deeper and with 25 times the budget;
//!    for a side of pieces alone, the same two the other way round (a
//!    side with pawns mostly mates with men yet to be made, which the
//!    best-first search's estimate counts; a lone minor piece mates by
//!    the plans of the shaped search, and best first spent its whole
//!    budget failing before it);
//! 8. `explore` taken on from where step 5 stopped (the positions
//!    reached are kept, never visited twice), to the whole budget: it
//!    settles positions whose reachable set is larger than step 5 visits
//!    (races of tempi before a stalemate, locked structures). It comes
//!    last because, run before step 7, it cost 50 ms to 100 ms more on
//!    each side of a real game whose line only step 7 finds.
//!
//! For a position, steps 1 and 2 and the quick shaped search of step 3
//! run for both sides first; then the two sides take the rest of their
//! searches in turn, one search each (see `searches`), and the first line
//! found ends the decision. A side that no search settles thus no longer
//! spends its whole budget before the other side's first long search:
//! on one of the costliest positions we know,
//! `k7/p1p1p3/8/8/8/P5p1/2P1P1Pp/7K w - - 0 1` (White undetermined),
//! Black's line came after 0.45 s and now comes after 0.20 s. The two
//! sides' visits of steps 3, 5 and 8 are one visit while they are the
//! same (see `explore`): each side gets what its own visit would give,
//! and each position is reached once for both.

mod ahead;
mod check;
mod confined;
mod corner;
mod explore;
mod helpmate;
mod material;
mod node;
mod searches;
mod shaped;
mod wall;

use std::cell::RefCell;
use std::rc::Rc;

use shakmaty::{CastlingMode, Chess, Color};

use explore::Exploration;

use crate::mating::{Budget, Deadness, Mating, NoMate};
use node::uci_line;
use searches::Searches;

/// Article 5.2.2 on `position` (castling written as `mode` writes it):
/// whether either side can still mate, with the evidence, within `budget`.
///
/// One side able to mate is enough, so the cheap answers come first for
/// both sides (material, the wall, the quick shaped helpmate search), and
/// the long searches only after, the two sides taking theirs in turn: the
/// line shown is the first found, by either side.
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
    for (slot, side) in settled.iter_mut().zip(Color::ALL) {
        *slot = statically(position, side);
        if slot.is_some() {
            continue;
        }
        if let Some(line) = shaped::line(position, side, budget.helpmate_nodes / 8) {
            return alive(side, uci_line(&line, mode));
        }
    }
    // The sides no cheap step settled take their searches in turn (a
    // side the game has spent takes only the proofs two plies ahead):
    // the first line found ends the decision. A side's mark is set as
    // soon as its answer is known.
    let mut searching: [Option<Searches>; 2] = [None, None];
    let searched: Vec<Color> = Color::ALL
        .into_iter()
        .enumerate()
        .filter(|&(index, _)| settled[index].is_none() && !spent.0[index])
        .map(|(_, side)| side)
        .collect();
    // One visit of the reachable positions for both sides, while it is
    // the same for both (see `explore`).
    let visit = Rc::new(RefCell::new(Exploration::new(position, &searched)));
    for (index, side) in Color::ALL.into_iter().enumerate() {
        if searched.contains(&side) {
            let visit = Rc::clone(&visit);
            searching[index] = Some(Searches::sharing(position, side, mode, budget, visit));
            continue;
        }
        if settled[index].is_none() {
            settled[index] = Some(two_plies_ahead(position, side));
        }
        spent.0[index] = settled[index] == Some(Mating::Undetermined);
    }
    drop(visit);
    while searching.iter().any(Option::is_some) {
        for (index, side) in Color::ALL.into_iter().enumerate() {
            let Some(answer) = searching[index].as_mut().and_then(Searches::step) else {
                continue;
            };
            searching[index] = None;
            spent.0[index] = answer == Mating::Undetermined;
            if let Mating::Possible { line } = answer {
                return alive(side, line);
            }
            settled[index] = Some(answer);
        }
    }
    let [white, black] = settled.map(|answer| answer.unwrap_or(Mating::Undetermined));
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
    Searches::new(position, side, mode, budget).run()
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

    /// The line `side`'s searches find from `fen` when it is asked alone
    /// (it must be able to mate).
    fn line_alone(fen: &str, side: Color) -> Vec<String> {
        let answer = can_ever_mate_in(
            &position(fen),
            side,
            CastlingMode::Standard,
            Budget::DEFAULT,
        );
        let Mating::Possible { line } = answer else {
            panic!("{side:?} can mate from {fen}: {answer:?}");
        };
        line
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

    /// The two sides share one visit of the reachable positions while it
    /// is the same for both, and each side's evidence is what its own
    /// visit gives: the count of positions of a locked structure, and the
    /// line Black's visit finds where White's runs to the whole budget
    /// (its searches asked alone find the same line).
    #[test]
    fn a_shared_visit_gives_each_side_its_own_evidence() {
        let locked = "8/1p1p1p1p/1P6/KP6/PP6/1P3P2/3P3P/k7 w - - 0 1";
        let exhausted = NoMate::Exhausted { positions: 64_768 };
        assert_eq!(
            verdict(locked),
            Deadness::Dead {
                white: exhausted,
                black: exhausted
            }
        );
        let fen = "8/3p1p1p/1p6/1P6/KP6/PP6/3P1P1P/k7 w - - 0 1";
        let alone = line_alone(fen, Color::Black);
        match verdict(fen) {
            Deadness::Alive {
                side: crate::mating::Side::Black,
                line,
            } => {
                assert_eq!(line, alone);
                assert!(mates(fen, &line), "{line:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// The two sides take their searches in turn. Both can mate here:
    /// White's line comes from its tenth search (best first, with the
    /// whole budget), Black's from its fifth (the corner search), so the
    /// decision ends with Black's line, where taken side after side it
    /// ran every search of White's first and ended with White's.
    #[test]
    fn the_side_whose_search_comes_first_in_turn_gives_the_line() {
        let fen = "kbK5/b1p2p1p/1pPp4/1P6/8/8/3P1P1P/8 w - - 0 1";
        let white_line = line_alone(fen, Color::White);
        assert!(mates(fen, &white_line));
        match verdict(fen) {
            Deadness::Alive {
                side: crate::mating::Side::Black,
                line,
            } => {
                assert!(mates(fen, &line), "{line:?}");
                assert_eq!(line.len() % 2, 0, "Black mates, White moves first");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A side with pawns takes its best-first search with the whole
    /// budget before its wide shaped search with the whole budget: here
    /// both find a line for White, and White's answer is the best-first
    /// search's (the wide search's came first before the order depended
    /// on the pawns).
    #[test]
    fn a_side_with_pawns_takes_the_best_first_search_before_the_wide_one() {
        let fen = "1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 w - - 0 1";
        let start = position(fen);
        let nodes = Budget::DEFAULT.helpmate_nodes;
        let uci = |line: Vec<shakmaty::Move>| uci_line(&line, CastlingMode::Standard);
        let best_first = helpmate::best_first(&start, Color::White, nodes).map(uci);
        let wide = shaped::wide_line(&start, Color::White, nodes).map(uci);
        assert!(best_first.is_some() && wide.is_some() && best_first != wide);
        let white = can_ever_mate_in(
            &start,
            Color::White,
            CastlingMode::Standard,
            Budget::DEFAULT,
        );
        assert_eq!(
            white,
            Mating::Possible {
                line: best_first.unwrap()
            }
        );
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
