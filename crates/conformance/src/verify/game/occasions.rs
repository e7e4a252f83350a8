//! Where a part's rule came up in the reference's game: the occasions a
//! run must compare a part on before it may say the part agrees.
//!
//! An answer can agree on every ply and still prove nothing of a rule that
//! never came up: an engine whose en passant identity is wrong agrees on
//! every ply of a corpus without a double step. So each part has the
//! occasions where implementations of its rule break (an ending first
//! holding, a claim opening, an en passant right standing or existing only
//! on paper, a castling right lost, the clock reaching 100 or 150, a move
//! offered after the end or an illegal one), read from the reference's
//! records and moves, never from how the game was made. A part compared on
//! fewer than [`FLOOR`] of one of its occasions is "not exercised"
//! ([`Verdict::NotExercised`](crate::verify::Verdict::NotExercised)), never
//! "agrees".

use std::collections::BTreeMap;
use std::fmt;

use drawrules::laws::{Claim, Ending};
use drawrules::{Judgement, RefusalKind, Status};

use crate::protocol::{Hello, Part};

use crate::verify::game::conventions::double_step;

/// The occasions a part must be compared on, per occasion, before it
/// agrees: 10.
///
/// One occasion proves little: implementations break on some forms of a
/// rule and not others (a pin along a rank and not a diagonal, mate on the
/// 150th ply and not a stalemate there), and a bug that shows on one
/// occasion in four survives ten occasions one time in eighteen
/// (0.75^10 = 0.056), three occasions two times in five. Ten is also what
/// a default run reaches with room to spare for every occasion (the
/// corpus alone gives each of them ten or more), so the floor fails only a
/// run made small (`--games 0` with a corpus of a few cases) or a
/// declaration, refusal or known entry that keeps a part from its
/// occasions.
pub const FLOOR: usize = 10;

/// An occasion for a part's rule: a ply (or a move) of the reference's
/// game where the rule came up.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::Part;
/// use drawrules_conformance::verify::Occasion;
///
/// assert_eq!(Occasion::EnPassantOnPaper.name(), "en-passant-on-paper");
/// assert!(Occasion::of(Part::Fen).contains(&Occasion::EnPassantOnPaper));
/// assert!(Occasion::of(Part::Result).contains(&Occasion::SeventyFiveMoves));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Occasion {
    /// Checkmate holds (5.1.1).
    Checkmate,
    /// Stalemate holds (5.2.1).
    Stalemate,
    /// A dead position holds (5.2.2).
    DeadPosition,
    /// Fivefold repetition holds (9.6.1).
    FivefoldRepetition,
    /// Seventy-five moves hold (9.6.2).
    SeventyFiveMoves,
    /// A threefold claim on the board opens: possible at this ply and not
    /// at the one before (9.2.2).
    ThreefoldOpens,
    /// A fifty-move claim on the board opens (9.3.2).
    FiftyOpens,
    /// A threefold claim on a written move opens (9.2.1).
    ThreefoldOnMoveOpens,
    /// A fifty-move claim on a written move opens (9.3.1).
    FiftyOnMoveOpens,
    /// The position stands for the second time or more (9.2.3).
    PositionRepeats,
    /// An en passant capture is legal: the right exists (9.2.3).
    EnPassantRight,
    /// A pawn has just advanced two squares (or the start FEN names the
    /// square it skipped) and no en passant capture is legal: the right
    /// exists only on paper (9.2.3).
    EnPassantOnPaper,
    /// A castling right was lost by the move into this ply (9.2.3).
    CastlingRightLost,
    /// The move into this ply castled, which leaves the count running
    /// (9.3).
    CastlingInCount,
    /// The count reaches 100 plies (9.3).
    ClockReaches100,
    /// The count reaches 150 plies (9.6.2).
    ClockReaches150,
    /// A move was offered after the game ended (5.1.1, 5.2, 9.6).
    MoveAfterTheEnd,
    /// An illegal move was offered (3.7 to 3.10).
    IllegalMove,
}

impl Occasion {
    /// Every occasion, in the order reports list them.
    pub const ALL: [Occasion; 18] = [
        Occasion::Checkmate,
        Occasion::Stalemate,
        Occasion::DeadPosition,
        Occasion::FivefoldRepetition,
        Occasion::SeventyFiveMoves,
        Occasion::ThreefoldOpens,
        Occasion::FiftyOpens,
        Occasion::ThreefoldOnMoveOpens,
        Occasion::FiftyOnMoveOpens,
        Occasion::PositionRepeats,
        Occasion::EnPassantRight,
        Occasion::EnPassantOnPaper,
        Occasion::CastlingRightLost,
        Occasion::CastlingInCount,
        Occasion::ClockReaches100,
        Occasion::ClockReaches150,
        Occasion::MoveAfterTheEnd,
        Occasion::IllegalMove,
    ];

    /// The occasion's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Occasion::Checkmate => "checkmate",
            Occasion::Stalemate => "stalemate",
            Occasion::DeadPosition => "dead-position",
            Occasion::FivefoldRepetition => "fivefold-repetition",
            Occasion::SeventyFiveMoves => "seventy-five-moves",
            Occasion::ThreefoldOpens => "threefold-claim-opens",
            Occasion::FiftyOpens => "fifty-move-claim-opens",
            Occasion::ThreefoldOnMoveOpens => "threefold-on-move-opens",
            Occasion::FiftyOnMoveOpens => "fifty-moves-on-move-opens",
            Occasion::PositionRepeats => "position-repeats",
            Occasion::EnPassantRight => "en-passant-right",
            Occasion::EnPassantOnPaper => "en-passant-on-paper",
            Occasion::CastlingRightLost => "castling-right-lost",
            Occasion::CastlingInCount => "castling-in-count",
            Occasion::ClockReaches100 => "clock-reaches-100",
            Occasion::ClockReaches150 => "clock-reaches-150",
            Occasion::MoveAfterTheEnd => "move-after-the-end",
            Occasion::IllegalMove => "illegal-move",
        }
    }

    /// The occasions of `part`: where its rule comes up.
    pub fn of(part: Part) -> &'static [Occasion] {
        use Occasion::*;
        match part {
            Part::Checkmate => &[Checkmate],
            Part::Stalemate => &[Stalemate],
            Part::DeadPosition => &[DeadPosition],
            Part::FivefoldRepetition => &[FivefoldRepetition],
            Part::SeventyFiveMoves => &[SeventyFiveMoves],
            Part::ThreefoldRepetition | Part::GameThreefoldRepetition => &[ThreefoldOpens],
            Part::FiftyMoves | Part::GameFiftyMoves => &[FiftyOpens],
            Part::ThreefoldOnMove => &[ThreefoldOnMoveOpens],
            Part::FiftyMovesOnMove => &[FiftyOnMoveOpens],
            Part::DrawClaimable => &[
                ThreefoldOpens,
                FiftyOpens,
                ThreefoldOnMoveOpens,
                FiftyOnMoveOpens,
            ],
            Part::Repetition => &[
                PositionRepeats,
                EnPassantRight,
                EnPassantOnPaper,
                CastlingRightLost,
            ],
            Part::Clock => &[CastlingInCount, ClockReaches100, ClockReaches150],
            Part::Fen => &[EnPassantRight, EnPassantOnPaper, CastlingRightLost],
            Part::Result => &[
                Checkmate,
                Stalemate,
                DeadPosition,
                FivefoldRepetition,
                SeventyFiveMoves,
            ],
            Part::Moves => &[MoveAfterTheEnd, IllegalMove],
        }
    }

    /// The ending that holds on this occasion, if it is one.
    pub fn ending(self) -> Option<Ending> {
        match self {
            Occasion::Checkmate => Some(Ending::Checkmate),
            Occasion::Stalemate => Some(Ending::Stalemate),
            Occasion::DeadPosition => Some(Ending::DeadPosition),
            Occasion::FivefoldRepetition => Some(Ending::FivefoldRepetition),
            Occasion::SeventyFiveMoves => Some(Ending::SeventyFiveMoves),
            _ => None,
        }
    }

    /// The occasions `part` must reach [`FLOOR`] of under `hello`: all of
    /// its own, less the endings whose rule the engine's draw policies
    /// declare absent (they end nothing in its game, and are not
    /// compared).
    pub fn required(hello: &Hello, part: Part) -> Vec<Occasion> {
        Occasion::of(part)
            .iter()
            .copied()
            .filter(|occasion| {
                occasion
                    .ending()
                    .is_none_or(|ending| !hello.draws.is_absent(Part::of_ending(ending)))
            })
            .collect()
    }
}

impl fmt::Display for Occasion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The occasions at each ply of the reference's game `ours`, from ply 0.
pub(crate) fn at_plies(ours: &Judgement) -> Vec<Vec<Occasion>> {
    (0..ours.records.len())
        .map(|index| at_ply(ours, index))
        .collect()
}

/// Whether something holds at a ply.
type Holds = fn(&Status) -> bool;

/// The occasions that are a ply where something holds that did not hold
/// at the ply before (or that holds at ply 0).
const OPENING: [(Occasion, Holds); 6] = [
    (Occasion::ThreefoldOpens, |s| {
        s.claims.contains(&Claim::ThreefoldRepetition)
    }),
    (Occasion::FiftyOpens, |s| {
        s.claims.contains(&Claim::FiftyMoves)
    }),
    (Occasion::ThreefoldOnMoveOpens, |s| {
        !s.claims_on_move.threefold_repetition.is_empty()
    }),
    (Occasion::FiftyOnMoveOpens, |s| {
        !s.claims_on_move.fifty_moves.is_empty()
    }),
    (Occasion::ClockReaches100, |s| s.clock >= 100),
    (Occasion::ClockReaches150, |s| s.clock >= 150),
];

/// The occasions at ply `index` of `ours`.
fn at_ply(ours: &Judgement, index: usize) -> Vec<Occasion> {
    let status = &ours.records[index];
    let before = index.checked_sub(1).map(|i| &ours.records[i]);
    let mut occasions: Vec<Occasion> = Occasion::ALL
        .into_iter()
        .filter(|occasion| occasion.ending().is_some_and(|e| status.ended.contains(&e)))
        .collect();
    let opens = |holds: Holds| holds(status) && !before.is_some_and(holds);
    occasions.extend(
        OPENING
            .into_iter()
            .filter(|&(_, holds)| opens(holds))
            .map(|(occasion, _)| occasion),
    );
    if status.repetition >= 2 {
        occasions.push(Occasion::PositionRepeats);
    }
    let en_passant = field(status, 3);
    if en_passant != "-" {
        occasions.push(Occasion::EnPassantRight);
    } else if double_step(ours, index).is_some() {
        occasions.push(Occasion::EnPassantOnPaper);
    }
    if before.is_some_and(|before| field(before, 2) != field(status, 2)) {
        occasions.push(Occasion::CastlingRightLost);
    }
    if index > 0 && ours.moves.get(index - 1).is_some_and(|mv| mv.is_castle()) {
        occasions.push(Occasion::CastlingInCount);
    }
    occasions.sort();
    occasions
}

/// Field `n` (from 0) of a record's FEN.
fn field(status: &Status, n: usize) -> &str {
    status.fen.split(' ').nth(n).unwrap_or("")
}

/// The occasion of the move our game refused, if it is one: a move after
/// the end, or an illegal move.
pub(crate) fn of_refusal(ours: &Judgement) -> Option<Occasion> {
    let refusal = ours.refusal.as_ref()?;
    refusal.move_ply()?;
    match refusal.kind() {
        RefusalKind::GameOver => Some(Occasion::MoveAfterTheEnd),
        RefusalKind::IllegalMove => Some(Occasion::IllegalMove),
        _ => None,
    }
}

/// The occasions a run met, and of those, the ones compared per part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Exercise {
    /// Each occasion's count in the reference's games.
    pub met: BTreeMap<Occasion, usize>,
    /// The occasions each part was compared on.
    pub compared: BTreeMap<(Part, Occasion), usize>,
    /// Of those met, the ones after a draw the engine makes automatic
    /// ended its game: outside its game as it declares it, never compared.
    pub after_own_draws: BTreeMap<Occasion, usize>,
    /// Of those met, the ones no part was compared on because of what
    /// stopped the comparison of their game before them.
    pub hidden: BTreeMap<(Occasion, Hider), usize>,
}

/// What keeps the occasions of a game's later plies from every comparison:
/// each is named in the reports beside the occasions it hid, which count
/// against the floor all the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Hider {
    /// The engine refused a move (or the start) that our reference plays
    /// (a finding of `move-acceptance`, known or not).
    Refusal,
    /// The engine's answer stopped short with no refusal, or was no list
    /// of records (a finding of `answer-shape`).
    ShortAnswer,
    /// The engine refused the whole game as `unsupported`.
    Unsupported,
    /// An ending the engine declares `absent` held: its game goes on where
    /// ours ended, and nothing after that ply is compared.
    AbsentEnding,
    /// The engine said an ending holds that our exact 5.2.2 rule decided
    /// neither way (undetermined): nothing from that ply on is compared.
    Undetermined,
}

impl Hider {
    /// Every hider, in the order reports list them.
    pub const ALL: [Hider; 5] = [
        Hider::Refusal,
        Hider::ShortAnswer,
        Hider::Unsupported,
        Hider::AbsentEnding,
        Hider::Undetermined,
    ];

    /// The name in reports: the group of the findings that hid the
    /// occasions, or `absent-ending`, or `undetermined`.
    pub fn name(self) -> &'static str {
        match self {
            Hider::Refusal => "move-acceptance",
            Hider::ShortAnswer => "answer-shape",
            Hider::Unsupported => "unsupported",
            Hider::AbsentEnding => "absent-ending",
            Hider::Undetermined => "undetermined",
        }
    }

    /// What hid them, in words, for a count before it.
    fn words(self) -> &'static str {
        match self {
            Hider::Refusal => "refused moves (move-acceptance)",
            Hider::ShortAnswer => "short answers (answer-shape)",
            Hider::Unsupported => "games refused as unsupported",
            Hider::AbsentEnding => "endings declared absent",
            Hider::Undetermined => "endings our reference left undetermined",
        }
    }
}

impl Exercise {
    /// Counts as met the occasions of the reference's game `ours`, whose
    /// plies have `occasions` ([`at_plies`]).
    pub(crate) fn meet(&mut self, occasions: &[Vec<Occasion>], ours: &Judgement) {
        for &occasion in occasions.iter().flatten().chain(&of_refusal(ours)) {
            *self.met.entry(occasion).or_default() += 1;
        }
    }

    /// Counts the occasions of the plies `beyond` (and of the move we
    /// refuse, `refused`) as met after the engine's own automatic draw.
    pub(crate) fn beyond_own_draw(&mut self, beyond: &[Vec<Occasion>], refused: Option<Occasion>) {
        for &occasion in beyond.iter().flatten().chain(&refused) {
            *self.after_own_draws.entry(occasion).or_default() += 1;
        }
    }

    /// Counts the occasions of the plies `beyond` (and of the move we
    /// refuse, `refused`) as met where `hider` kept them from comparison.
    pub(crate) fn hide(
        &mut self,
        beyond: &[Vec<Occasion>],
        refused: Option<Occasion>,
        hider: Hider,
    ) {
        for &occasion in beyond.iter().flatten().chain(&refused) {
            *self.hidden.entry((occasion, hider)).or_default() += 1;
        }
    }

    /// Counts the occasions in `occasions` that `part` has as compared.
    pub(crate) fn compare(&mut self, part: Part, occasions: &[Occasion]) {
        for &occasion in occasions {
            if Occasion::of(part).contains(&occasion) {
                *self.compared.entry((part, occasion)).or_default() += 1;
            }
        }
    }

    /// Adds `other` (a later game's) to these.
    pub(crate) fn merge(&mut self, other: &Exercise) {
        for (&occasion, &n) in &other.met {
            *self.met.entry(occasion).or_default() += n;
        }
        for (&key, &n) in &other.compared {
            *self.compared.entry(key).or_default() += n;
        }
        for (&occasion, &n) in &other.after_own_draws {
            *self.after_own_draws.entry(occasion).or_default() += n;
        }
        for (&key, &n) in &other.hidden {
            *self.hidden.entry(key).or_default() += n;
        }
    }

    /// How `part` was exercised on each occasion `hello` requires of it.
    pub fn of(&self, hello: &Hello, part: Part) -> Vec<Exercised> {
        Occasion::required(hello, part)
            .into_iter()
            .map(|occasion| Exercised {
                occasion,
                met: self.met.get(&occasion).copied().unwrap_or(0),
                compared: self.compared.get(&(part, occasion)).copied().unwrap_or(0),
                after_own_draws: self.after_own_draws.get(&occasion).copied().unwrap_or(0),
                // A per-game part is compared on the game's answer, not
                // ply by ply: what stops the plies' comparison hides
                // nothing of it, and what does is not put down here.
                hidden: Hider::ALL.map(|hider| match part.game_claim() {
                    Some(_) => 0,
                    None => self.hidden.get(&(occasion, hider)).copied().unwrap_or(0),
                }),
            })
            .collect()
    }
}

/// How a part was exercised on one of its occasions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exercised {
    /// The occasion.
    pub occasion: Occasion,
    /// How often it came up in the reference's games.
    pub met: usize,
    /// How often the part was compared on it.
    pub compared: usize,
    /// How often it came up after a draw the engine makes automatic had
    /// ended its game.
    pub after_own_draws: usize,
    /// How often it came up where each of [`Hider::ALL`], in that order,
    /// kept it from comparison (for a part compared ply by ply; a
    /// per-game part's, compared on the game's answer, are not put down
    /// to a hider).
    pub hidden: [usize; 5],
}

impl Exercised {
    /// How often the occasion came up where `hider` kept it from
    /// comparison.
    pub fn hidden_by(&self, hider: Hider) -> usize {
        Hider::ALL
            .iter()
            .position(|&h| h == hider)
            .map_or(0, |at| self.hidden[at])
    }

    /// Whether the part was exercised enough on this occasion: compared
    /// on at least [`FLOOR`] of it, or on every one of it but those after
    /// the engine's own automatic draws, when there are such (the
    /// engine's draw policies put them outside its game: a declaration
    /// that narrows, named in the report).
    pub fn enough(&self) -> bool {
        self.compared >= FLOOR
            || (self.after_own_draws > 0 && self.compared + self.after_own_draws >= self.met)
    }
}

impl fmt::Display for Exercised {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}/{}", self.occasion, self.compared, self.met)?;
        if self.after_own_draws > 0 {
            write!(
                f,
                " ({} after draws the engine makes automatic)",
                self.after_own_draws
            )?;
        }
        let hidden: Vec<String> = Hider::ALL
            .into_iter()
            .zip(self.hidden)
            .filter(|&(_, n)| n > 0)
            .map(|(hider, n)| format!("{n} after {}", hider.words()))
            .collect();
        if !hidden.is_empty() {
            write!(f, " (hidden: {})", hidden.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drawrules::{Edition, Notation, Reference, StartPosition, judge};

    fn judged(fen: &str, moves: &str) -> Judgement {
        let start: StartPosition = fen.parse().unwrap();
        let moves: Vec<&str> = moves.split_whitespace().collect();
        judge(
            &mut Reference::default(),
            &start,
            Edition::Fide2018,
            &moves,
            Notation::Uci,
        )
    }

    #[test]
    fn every_part_has_an_occasion_and_every_occasion_a_part() {
        for part in Part::ALL {
            assert!(!Occasion::of(part).is_empty(), "{part:?}");
        }
        for occasion in Occasion::ALL {
            assert!(
                Part::ALL
                    .into_iter()
                    .any(|part| Occasion::of(part).contains(&occasion)),
                "{occasion:?}"
            );
        }
    }

    #[test]
    fn a_double_step_with_no_capture_is_a_right_on_paper() {
        let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let found = at_plies(&judged(standard, "e2e4 d7d5 e4e5 f7f5"));
        assert_eq!(found[0], []);
        assert_eq!(found[1], [Occasion::EnPassantOnPaper]);
        assert_eq!(found[2], [Occasion::EnPassantOnPaper]);
        assert_eq!(found[3], []);
        assert_eq!(found[4], [Occasion::EnPassantRight]);
    }

    #[test]
    fn castling_loses_rights_leaves_the_count_running_and_opens_claims() {
        let found = at_plies(&judged("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99 60", "e1g1"));
        assert_eq!(found[0], [Occasion::FiftyOnMoveOpens]);
        assert_eq!(
            found[1],
            [
                Occasion::FiftyOpens,
                Occasion::CastlingRightLost,
                Occasion::CastlingInCount,
                Occasion::ClockReaches100
            ]
        );
    }

    #[test]
    fn an_ending_and_the_move_after_it() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let ours = judged(fen, "a1a8 g8h8");
        assert_eq!(at_plies(&ours)[1], [Occasion::Checkmate]);
        assert_eq!(of_refusal(&ours), Some(Occasion::MoveAfterTheEnd));
        assert_eq!(
            of_refusal(&judged(fen, "a1h8")),
            Some(Occasion::IllegalMove)
        );
        assert_eq!(of_refusal(&judged(fen, "a1a2")), None);
        let mut exercise = Exercise::default();
        exercise.meet(&at_plies(&ours), &ours);
        exercise.meet(&at_plies(&ours), &ours);
        assert_eq!(exercise.met[&Occasion::Checkmate], 2);
        assert_eq!(exercise.met[&Occasion::MoveAfterTheEnd], 2);
        exercise.compare(
            Part::Result,
            &[Occasion::Checkmate, Occasion::EnPassantRight],
        );
        assert_eq!(
            exercise.compared.len(),
            1,
            "result has no en passant occasion"
        );
    }
}
