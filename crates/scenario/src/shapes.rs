//! Games of a given shape, built from a [`Scenario`]: a prefix where the
//! game goes on followed by a four-ply cycle ([`Cycle`]) or by two move
//! orders that transpose ([`Transposition`]), and a game played on to its
//! end ([`Finished`]).
//!
//! A property that needs such a shape gets it for every input instead of
//! searching random games and saying nothing when it finds none. Each
//! builder looks in the scenario's game first (the latest ply that fits, so
//! the history before it counts); when no ply fits (most often the clock is
//! too close to 150 for four more plies), at the scenario's start position
//! with its clock lowered; failing that, at a fixed stand-in start that
//! always has one. The shape says where it was found ([`Found`]), so that a
//! test can show how often each happens.
//!
//! Whether a move may be played (the game has not ended) is asked of the
//! [`Reference`]: the shapes hold under the rules, and a property can
//! require every implementation to accept every move of them.

use std::fmt;

use drawrules::{Reference, StartPosition};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role};

use crate::Scenario;

/// The stand-in starts, each with cycles and transpositions for both
/// sides: the standard position, a middlegame with castling rights, kings
/// and knights; FEN without clocks.
const STAND_INS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq -",
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - -",
];

/// How many candidate moves a search tries at one ply of the game, or at
/// its start with the clock lowered, before moving on. At a stand-in start
/// the search is not bounded: it ends there, and a bounded one can miss
/// (about 1 pick in 360 did, on the middlegame stand-in).
const TRIES: usize = 48;

/// Where a shape was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Found {
    /// At a ply of the scenario's own game.
    InGame,
    /// At the scenario's start position, its clock lowered so that four
    /// more plies cannot reach 150.
    LoweredClock,
    /// At a stand-in start (one of three fixed positions).
    StandIn,
}

/// A game cut where it goes on and no en passant right stands, and a
/// four-ply cycle from there: each side moves one man out and back, no
/// right lost, so the cycle ends in the position it started from. The rules
/// let all four moves be played (the game may end with the fourth).
#[derive(Clone)]
pub struct Cycle {
    /// The game up to where the cycle starts.
    pub prefix: Scenario,
    /// Out, out, back, back.
    pub moves: [Move; 4],
    /// Where it was found.
    pub found: Found,
}

/// A game cut where it goes on, and moves `x1 y1 x2 y2` that capture
/// nothing and do not castle, `x1` and `x2` of different men, such that
/// `x1 y1 x2 y2` and `x2 y1 x1 y2` are both legal, reach the same position,
/// and may both be played in full under the rules.
#[derive(Clone)]
pub struct Transposition {
    /// The game up to where both orders start.
    pub prefix: Scenario,
    /// `x1 y1 x2 y2`.
    pub moves: [Move; 4],
    /// Where it was found.
    pub found: Found,
}

/// A game whose last move ends it (or that is over at its start): the
/// scenario cut at its ending, or played on until one holds.
#[derive(Clone)]
pub struct Finished {
    /// The game, its last record over.
    pub game: Scenario,
    /// How many plies were played on after the scenario's own moves ran
    /// out without an ending.
    pub played_on: usize,
}

impl Transposition {
    /// The other order: `x2 y1 x1 y2`.
    pub fn other_order(&self) -> [Move; 4] {
        let [x1, y1, x2, y2] = self.moves;
        [x2, y1, x1, y2]
    }
}

/// The moves as UCI text, space-separated.
fn uci_text(scenario: &Scenario, moves: &[Move]) -> String {
    let mode = scenario.start.castling_mode();
    moves
        .iter()
        .map(|&mv| UciMove::from_move(mv, mode).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Debug for Cycle {
    /// The prefix's `drawrules explain` command, then the cycle.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} then the cycle {}{}",
            self.prefix,
            uci_text(&self.prefix, &self.moves),
            match self.found {
                Found::InGame => "",
                Found::LoweredClock => " (start, clock lowered)",
                Found::StandIn => " (stand-in)",
            }
        )
    }
}

impl fmt::Debug for Transposition {
    /// The prefix's `drawrules explain` command, then both orders.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} then {} or {}{}",
            self.prefix,
            uci_text(&self.prefix, &self.moves),
            uci_text(&self.prefix, &self.other_order()),
            match self.found {
                Found::InGame => "",
                Found::LoweredClock => " (start, clock lowered)",
                Found::StandIn => " (stand-in)",
            }
        )
    }
}

impl fmt::Debug for Finished {
    /// The game's `drawrules explain` command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.game)?;
        if self.played_on > 0 {
            write!(f, " ({} plies played on)", self.played_on)?;
        }
        Ok(())
    }
}

/// The scenario replayed by the reference up to where it refuses a move
/// (the game ended); returns the reference at each ply reached.
fn replay(scenario: &Scenario) -> Vec<Reference> {
    let mut reference = Reference::new(&scenario.start, scenario.edition);
    let mut states = vec![reference.clone()];
    for &mv in &scenario.moves {
        if reference.play_move(mv).is_err() {
            break;
        }
        states.push(reference.clone());
    }
    states
}

/// Whether the reference accepts every one of `moves` from `state`.
fn accepts(state: &Reference, moves: &[Move]) -> bool {
    let mut reference = state.clone();
    moves.iter().all(|&mv| reference.play_move(mv).is_ok())
}

/// The scenario's first `ply` moves.
fn cut(scenario: &Scenario, ply: usize) -> Scenario {
    Scenario {
        moves: scenario.moves[..ply].to_vec(),
        ..scenario.clone()
    }
}

/// A clock from `pick` low enough that four more plies cannot reach 150.
fn low_clock(pick: u32) -> u32 {
    pick % 147
}

/// The scenario's start with a clock from `pick` ([`low_clock`]), no
/// moves.
fn lowered(scenario: &Scenario, pick: u32) -> Scenario {
    let clock = low_clock(pick);
    let fen = scenario.start.to_string();
    let fields: Vec<&str> = fen.split(' ').take(4).collect();
    let fen = format!("{} {clock} {}", fields.join(" "), 1 + clock / 2);
    Scenario {
        edition: scenario.edition,
        start: StartPosition::from_fen_in(&fen, scenario.start.castling_mode())
            .expect("the start with another clock is legal"),
        moves: Vec::new(),
    }
}

/// The stand-in game: one of [`STAND_INS`] chosen by `pick`, no moves, the
/// scenario's edition, a clock from `pick` ([`low_clock`]).
fn stand_in(scenario: &Scenario, pick: u32) -> Scenario {
    let clock = low_clock(pick);
    let board = STAND_INS[(pick >> 24) as usize % STAND_INS.len()];
    let fen = format!("{board} {clock} {}", 1 + clock / 2);
    Scenario {
        edition: scenario.edition,
        start: StartPosition::from_fen_in(&fen, CastlingMode::Standard)
            .expect("the stand-in FEN is legal"),
        moves: Vec::new(),
    }
}

/// The latest ply of the scenario's game where `usable` holds and `find`
/// finds a shape trying at most [`TRIES`] candidates; else ply 0 of the
/// start with a lowered clock, likewise; else the stand-in start, searched
/// without bound, where `find` must succeed.
fn search(
    scenario: &Scenario,
    pick: u32,
    usable: impl Fn(&Reference) -> bool,
    find: impl Fn(&Reference, usize) -> Option<[Move; 4]>,
) -> (Scenario, [Move; 4], Found) {
    let states = replay(scenario);
    for (ply, state) in states.iter().enumerate().rev() {
        if usable(state)
            && let Some(moves) = find(state, TRIES)
        {
            return (cut(scenario, ply), moves, Found::InGame);
        }
    }
    for (start, found, tries) in [
        (lowered(scenario, pick), Found::LoweredClock, TRIES),
        (stand_in(scenario, pick), Found::StandIn, usize::MAX),
    ] {
        let state = Reference::new(&start.start, start.edition);
        if usable(&state)
            && let Some(moves) = find(&state, tries)
        {
            return (start, moves, found);
        }
    }
    unreachable!("the stand-in start has every shape")
}

/// `list` rotated to start at `pick` (modulo its length), so that different
/// picks try the moves in different orders.
fn rotated(mut list: Vec<Move>, pick: u32) -> Vec<Move> {
    if !list.is_empty() {
        let by = pick as usize % list.len();
        list.rotate_left(by);
    }
    list
}

/// Legal moves that capture nothing and do not castle.
fn non_capturing(position: &Chess) -> Vec<Move> {
    position
        .legal_moves()
        .into_iter()
        .filter(|mv| !mv.is_capture() && !mv.is_castle())
        .collect()
}

/// Legal moves of men other than pawns that capture nothing and do not
/// castle.
fn quiet(position: &Chess) -> Vec<Move> {
    position
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.role() != Role::Pawn && !mv.is_capture() && !mv.is_castle())
        .collect()
}

/// Quiet moves that lose no castling right, so that moving back restores
/// the position.
fn reversible(position: &Chess) -> Vec<Move> {
    let rights = position.castles().castling_rights();
    quiet(position)
        .into_iter()
        .filter(|&mv| {
            let mut after = position.clone();
            after.play_unchecked(mv);
            after.castles().castling_rights() == rights
        })
        .collect()
}

/// The move that takes `mv`'s man straight back.
fn back(mv: Move) -> Option<Move> {
    Some(Move::Normal {
        role: mv.role(),
        from: mv.to(),
        capture: None,
        to: mv.from()?,
        promotion: None,
    })
}

/// Plays `moves` from `position` if each is legal in turn.
fn run(position: &Chess, moves: &[Move]) -> Option<Chess> {
    let mut p = position.clone();
    for &mv in moves {
        if !p.is_legal(mv) {
            return None;
        }
        p.play_unchecked(mv);
    }
    Some(p)
}

/// A cycle from the reference's current position that the rules let be
/// played in full, trying at most `tries` candidates.
fn cycle_at(state: &Reference, pick: u32, tries: usize) -> Option<[Move; 4]> {
    let position = state.position();
    let mut tried = 0;
    for a_out in rotated(reversible(position), pick) {
        let mut after_a = position.clone();
        after_a.play_unchecked(a_out);
        for b_out in rotated(reversible(&after_a), pick >> 8) {
            tried += 1;
            if tried > tries {
                return None;
            }
            let moves = [a_out, b_out, back(a_out)?, back(b_out)?];
            if run(position, &moves).is_some() && accepts(state, &moves) {
                return Some(moves);
            }
        }
    }
    None
}

/// A transposition from the reference's current position that the rules
/// let be played in full, in both orders, trying at most `tries`
/// candidates.
fn transposition_at(state: &Reference, pick: u32, tries: usize) -> Option<[Move; 4]> {
    let position = state.position();
    let xs = rotated(non_capturing(position), pick);
    let same = |p: &Chess, q: &Chess| {
        Fen::from_position(p, EnPassantMode::Legal).to_string()
            == Fen::from_position(q, EnPassantMode::Legal).to_string()
    };
    let mut tried = 0;
    for (i, &x1) in xs.iter().enumerate() {
        for &x2 in xs.iter().skip(i + 1).chain(&xs[..i]) {
            if x1.from() == x2.from() {
                continue;
            }
            let mut after_x1 = position.clone();
            after_x1.play_unchecked(x1);
            for y1 in rotated(non_capturing(&after_x1), pick >> 8) {
                tried += 1;
                if tried > tries {
                    return None;
                }
                let (Some(a), Some(b)) =
                    (run(position, &[x1, y1, x2]), run(position, &[x2, y1, x1]))
                else {
                    continue;
                };
                let Some(y2) = rotated(non_capturing(&a), pick >> 16)
                    .into_iter()
                    .find(|&y2| b.is_legal(y2))
                else {
                    continue;
                };
                let (Some(end_a), Some(end_b)) = (run(&a, &[y2]), run(&b, &[y2])) else {
                    continue;
                };
                if same(&end_a, &end_b)
                    && accepts(state, &[x1, y1, x2, y2])
                    && accepts(state, &[x2, y1, x1, y2])
                {
                    return Some([x1, y1, x2, y2]);
                }
            }
        }
    }
    None
}

impl Cycle {
    /// The latest ply of `scenario`'s game where the game goes on, no en
    /// passant right stands and a cycle can be played, with that cycle
    /// (else see [`Found`]). `pick` chooses among the cycles.
    pub fn build(scenario: &Scenario, pick: u32) -> Cycle {
        let usable = |state: &Reference| {
            state.endings().is_empty() && state.position().legal_ep_square().is_none()
        };
        let (prefix, moves, found) = search(scenario, pick, usable, |state, tries| {
            cycle_at(state, pick, tries)
        });
        Cycle {
            prefix,
            moves,
            found,
        }
    }
}

impl Transposition {
    /// The latest ply of `scenario`'s game where the game goes on and a
    /// transposition can be played, with that transposition (else see
    /// [`Found`]). `pick` chooses among the transpositions.
    pub fn build(scenario: &Scenario, pick: u32) -> Transposition {
        let usable = |state: &Reference| state.endings().is_empty();
        let (prefix, moves, found) = search(scenario, pick, usable, |state, tries| {
            transposition_at(state, pick, tries)
        });
        Transposition {
            prefix,
            moves,
            found,
        }
    }
}

/// The most plies [`Finished::build`] plays on; every game ends long before.
const MOST_PLIES_ON: usize = 4_000;

impl Finished {
    /// The scenario cut at the ply where its game ended; if it never ends,
    /// played on until it does: each side moves its last man back where it
    /// came from when it can (positions come back, towards a fivefold
    /// repetition), otherwise a quiet move, otherwise any legal move
    /// (`pick` chooses).
    pub fn build(scenario: &Scenario, pick: u32) -> Finished {
        let states = replay(scenario);
        let ply = states.len() - 1;
        let mut game = cut(scenario, ply);
        let mut reference = states
            .into_iter()
            .next_back()
            .expect("ply 0 is always there");
        let mut played_on = 0;
        let mut turn = pick;
        while reference.endings().is_empty() {
            assert!(
                played_on < MOST_PLIES_ON,
                "no ending after {MOST_PLIES_ON} plies: {game:?}"
            );
            let position = reference.position();
            let legal = position.legal_moves();
            let undo = game
                .moves
                .len()
                .checked_sub(2)
                .and_then(|i| back(game.moves[i]))
                .filter(|&mv| legal.contains(&mv));
            let quiet = rotated(quiet(position), turn);
            let mv = undo
                .or_else(|| quiet.first().copied())
                .unwrap_or_else(|| legal[turn as usize % legal.len()]);
            reference
                .play_move(mv)
                .expect("a legal move while the game goes on");
            game.moves.push(mv);
            played_on += 1;
            turn = turn.rotate_left(5) ^ 0x9e37_79b9;
        }
        Finished { game, played_on }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeededBytes;

    #[test]
    fn every_shape_holds_for_generated_games() {
        let mut seeded = SeededBytes::new(0x5a9e_5eed);
        for round in 0..60u32 {
            let scenario = Scenario::from_bytes(&seeded.take(400));
            let pick = round.wrapping_mul(2_654_435_761);

            let cycle = Cycle::build(&scenario, pick);
            if cycle.found != Found::InGame {
                assert!(cycle.prefix.moves.is_empty());
            }
            let start = replay(&cycle.prefix).pop().unwrap();
            assert!(accepts(&start, &cycle.moves), "{cycle:?}");
            let end = run(start.position(), &cycle.moves).unwrap();
            // Board, side to move, castling and en passant fields.
            let identity = |p: &Chess| {
                let fen = Fen::from_position(p, EnPassantMode::Legal).to_string();
                fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
            };
            assert_eq!(identity(&end), identity(start.position()), "{cycle:?}");

            let transposition = Transposition::build(&scenario, pick);
            let start = replay(&transposition.prefix).pop().unwrap();
            assert!(accepts(&start, &transposition.moves));
            assert!(accepts(&start, &transposition.other_order()));

            let finished = Finished::build(&scenario, pick);
            let states = replay(&finished.game);
            assert_eq!(states.len(), finished.game.moves.len() + 1);
            assert!(!states.last().unwrap().endings().is_empty(), "{finished:?}");
        }
    }

    #[test]
    fn the_stand_in_has_both_shapes_for_every_pick_tried() {
        let empty = Scenario::empty();
        let edges = [0, 1, 145, 146, 1 << 24, 2 << 24, u32::MAX];
        let mut pick: u32 = 1;
        let spread = std::iter::from_fn(|| {
            pick = pick.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            Some(pick)
        });
        for pick in edges.into_iter().chain(spread.take(20_000)) {
            let prefix = stand_in(&empty, pick);
            let state = Reference::new(&prefix.start, prefix.edition);
            assert!(cycle_at(&state, pick, usize::MAX).is_some(), "{pick}");
            assert!(
                transposition_at(&state, pick, usize::MAX).is_some(),
                "{pick}"
            );
        }
    }

    /// A counterexample kept: with the bound of the in-game search, pick
    /// 4_058_739_037 finds no transposition at the middlegame stand-in;
    /// when the build fell through to the stand-in with such a pick, the
    /// transposition property panicked instead of testing.
    #[test]
    fn a_game_over_at_its_start_gets_the_stand_in_for_any_pick() {
        let pick = 4_058_739_037;
        let middlegame = stand_in(&Scenario::empty(), pick);
        let state = Reference::new(&middlegame.start, middlegame.edition);
        assert!(transposition_at(&state, pick, TRIES).is_none());

        // Fool's mate: no ply of the game, nor its start with any clock, is
        // usable, so both builds must use the stand-in.
        let mated = Scenario {
            start: StartPosition::from_fen(
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            )
            .unwrap(),
            ..Scenario::empty()
        };
        let transposition = Transposition::build(&mated, pick);
        assert_eq!(transposition.found, Found::StandIn);
        assert_eq!(
            transposition.prefix.start.to_string(),
            middlegame.start.to_string()
        );
        let cycle = Cycle::build(&mated, pick);
        assert_eq!(cycle.found, Found::StandIn);
    }
}
