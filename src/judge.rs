//! The judging pipeline: a start position and a list of moves played
//! through any [`Rules`] implementation, giving the status record of every
//! ply or the located [`Refusal`] that stopped the game.
//!
//! Every caller in the workspace replays games through [`judge`]: `explain`,
//! the conformance corpus, verify's judgement of our implementations, the
//! oracles and the tests. So "move 5 was refused because the game was
//! over" means the same thing everywhere, and is found in one place.
//!
//! Moves are given as text (UCI, or UCI or SAN, as [`Notation`] says) or
//! as typed [`UciMove`]s, which need no reading. The implementation decides
//! whether a move is legal; the pipeline only reads the text against the
//! position the moves reach and refuses nothing the rules accept.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::laws::Edition;
use crate::notation::{ParseMoveError, parse_move};
use crate::refusal::{Refusal, RefusalReason};
use crate::rules::{Rules, RulesError};
use crate::start::StartPosition;
use crate::status::Status;

/// How move texts are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// UCI only (`g1f3`, `e1g1`, `e7e8q`): the corpus and the engine
    /// protocol speak it.
    #[default]
    Uci,
    /// UCI, or else SAN (`Nf3`, `O-O`), read against the position: what
    /// people type on the command line.
    UciOrSan,
}

/// A move as the pipeline receives it: text to read, or a typed UCI move.
pub trait MoveInput {
    /// The move as written, for refusals.
    fn text(&self) -> String;

    /// The move as UCI, read in `position` under `notation`.
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] when the text does not name a move in `notation`.
    fn read(&self, position: &Chess, notation: Notation) -> Result<UciMove, ParseMoveError>;
}

impl MoveInput for UciMove {
    fn text(&self) -> String {
        self.to_string()
    }

    fn read(&self, _: &Chess, _: Notation) -> Result<UciMove, ParseMoveError> {
        Ok(*self)
    }
}

impl MoveInput for str {
    fn text(&self) -> String {
        self.to_owned()
    }

    fn read(&self, position: &Chess, notation: Notation) -> Result<UciMove, ParseMoveError> {
        match notation {
            Notation::Uci => self.parse().map_err(|_| ParseMoveError::NotUci),
            Notation::UciOrSan => parse_move(self, position)
                .map(|mv| UciMove::from_move(mv, position.castles().mode())),
        }
    }
}

impl MoveInput for String {
    fn text(&self) -> String {
        self.clone()
    }

    fn read(&self, position: &Chess, notation: Notation) -> Result<UciMove, ParseMoveError> {
        self.as_str().read(position, notation)
    }
}

impl<T: MoveInput + ?Sized> MoveInput for &T {
    fn text(&self) -> String {
        (**self).text()
    }

    fn read(&self, position: &Chess, notation: Notation) -> Result<UciMove, ParseMoveError> {
        (**self).read(position, notation)
    }
}

/// What an implementation said about a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The status records of plies 0 to the last played.
    pub records: Vec<Status>,
    /// The moves played, as shakmaty plays them: `moves[i]` made ply `i + 1`.
    pub moves: Vec<Move>,
    /// Why the remaining moves (or the start) were refused, if they were.
    pub refusal: Option<Refusal>,
    /// The start position's FEN as it was given (after parsing): its en
    /// passant field as written, where the records name a square only
    /// when a capture is legal. Empty when the start was refused.
    pub start_fen: String,
}

impl Judgement {
    /// A game whose start position was refused before any record.
    pub fn refused_at_start(reason: RefusalReason) -> Judgement {
        Judgement {
            records: Vec::new(),
            moves: Vec::new(),
            refusal: Some(Refusal {
                ply: 0,
                text: None,
                reason,
            }),
            start_fen: String::new(),
        }
    }

    /// The record of the last ply played, if the game started.
    pub fn last(&self) -> Option<&Status> {
        self.records.last()
    }
}

/// Starts `rules` from `start` under `edition`, plays `moves` in order and
/// collects the status record of every ply, ply 0 first.
///
/// The game stops at the first move that cannot be played, with a
/// [`Refusal`] naming its ply and text: once an ending holds, any further
/// move is refused as [`RulesError::GameOver`] whatever its text (no move
/// may follow the end of the game); otherwise a text that names no move is
/// refused as unreadable, and a move the implementation refuses with the
/// implementation's reason. The records before the refusal are kept.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, Notation, Reference, RefusalKind, StartPosition, judge};
///
/// let moves = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"];
/// let judged = judge(
///     &mut Reference::default(),
///     &StartPosition::standard(),
///     Edition::Fide2018,
///     &moves,
///     Notation::Uci,
/// );
/// assert_eq!(judged.records.len(), 5, "plies 0 to 4");
/// let refusal = judged.refusal.unwrap();
/// assert_eq!(refusal.kind(), RefusalKind::GameOver);
/// assert_eq!(
///     refusal.to_string(),
///     "ply 5, move \"a2a3\": the game is already over (checkmate, 5.1.1)"
/// );
/// ```
pub fn judge<R, M>(
    rules: &mut R,
    start: &StartPosition,
    edition: Edition,
    moves: &[M],
    notation: Notation,
) -> Judgement
where
    R: Rules + ?Sized,
    M: MoveInput,
{
    let mut judging = match Judging::start(rules, start, edition, notation) {
        Ok(judging) => judging,
        Err(err) => return Judgement::refused_at_start(err.into()),
    };
    judging.judgement.records.reserve(moves.len());
    judging.judgement.moves.reserve(moves.len());
    for input in moves {
        if let Err(refusal) = judging.play(rules, input) {
            judging.judgement.refusal = Some(refusal);
            break;
        }
    }
    judging.judgement
}

/// A game judged move by move, as [`judge`] judges a whole list: what a
/// caller that receives its moves one at a time (a game object of the
/// Python or JavaScript API) holds between them.
///
/// A move that cannot be played is refused, located by its ply and text,
/// and leaves the game as it was: the next move is judged from the same
/// position.
///
/// # Examples
///
/// ```
/// use drawrules::{Arbiter, Edition, Judging, Notation, RefusalKind, StartPosition};
///
/// let mut arbiter = Arbiter::default();
/// let start = StartPosition::standard();
/// let mut game = Judging::start(&mut arbiter, &start, Edition::Fide2018, Notation::UciOrSan)
///     .expect("an in-process implementation accepts every start");
/// assert_eq!(game.play(&mut arbiter, "e4").unwrap().ply, 1);
/// let refusal = game.play(&mut arbiter, "e1e3").unwrap_err();
/// assert_eq!(refusal.kind(), RefusalKind::IllegalMove);
/// assert_eq!(refusal.to_string(), "ply 2, move \"e1e3\": illegal move in this position");
/// assert_eq!(game.play(&mut arbiter, "e7e5").unwrap().ply, 2);
/// assert_eq!(game.judgement().records.len(), 3);
/// ```
#[derive(Debug, Clone)]
pub struct Judging {
    judgement: Judgement,
    position: Chess,
    notation: Notation,
}

impl Judging {
    /// Starts `rules` from `start` under `edition`, moves to be read as
    /// `notation` says.
    ///
    /// # Errors
    ///
    /// The implementation's refusal of the start (an in-process one never
    /// refuses).
    pub fn start<R>(
        rules: &mut R,
        start: &StartPosition,
        edition: Edition,
        notation: Notation,
    ) -> Result<Judging, RulesError>
    where
        R: Rules + ?Sized,
    {
        rules.start(start, edition)?;
        Ok(Judging {
            judgement: Judgement {
                records: vec![rules.status()],
                moves: Vec::new(),
                refusal: None,
                start_fen: start.to_string(),
            },
            position: start.position().clone(),
            notation,
        })
    }

    /// Plays `input` on `rules` (the implementation this game was started
    /// on) and returns the new ply's record.
    ///
    /// # Errors
    ///
    /// The [`Refusal`] of the move, naming its ply and text: once an
    /// ending holds, any move is refused as [`RulesError::GameOver`]
    /// whatever its text; otherwise a text that names no move is refused as
    /// unreadable, and a move the implementation refuses with its reason.
    /// The game is unchanged.
    pub fn play<R, M>(&mut self, rules: &mut R, input: &M) -> Result<&Status, Refusal>
    where
        R: Rules + ?Sized,
        M: MoveInput + ?Sized,
    {
        let ply = u32::try_from(self.judgement.moves.len() + 1).unwrap_or(u32::MAX);
        let last = self.judgement.records.last();
        match play(rules, &self.position, input, self.notation, last) {
            Ok(mv) => {
                self.position.play_unchecked(mv);
                self.judgement.moves.push(mv);
                self.judgement.records.push(rules.status());
                Ok(self.judgement.records.last().expect("just pushed"))
            }
            Err(reason) => Err(Refusal {
                ply,
                text: Some(input.text()),
                reason,
            }),
        }
    }

    /// The records and moves so far (its `refusal` is always `None`: a
    /// refused move is not part of the game).
    pub fn judgement(&self) -> &Judgement {
        &self.judgement
    }

    /// The position the moves so far reach.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The records and moves so far, taken.
    pub fn into_judgement(self) -> Judgement {
        self.judgement
    }
}

/// Plays one move in `position`, whose record is `last`.
fn play<R, M>(
    rules: &mut R,
    position: &Chess,
    input: &M,
    notation: Notation,
    last: Option<&Status>,
) -> Result<Move, RefusalReason>
where
    R: Rules + ?Sized,
    M: MoveInput + ?Sized,
{
    // No move may follow an ending, whatever its text.
    if let Some(last) = last.filter(|status| status.is_over()) {
        return Err(RulesError::GameOver {
            ended: last.ended.clone(),
        }
        .into());
    }
    let uci = input.read(position, notation)?;
    rules.play(uci)?;
    // The implementation accepted the move; a move shakmaty does not know
    // in this position means the implementation broke the rules.
    uci.to_move(position)
        .map_err(|_| RefusalReason::AcceptedIllegal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refusal::RefusalKind;
    use crate::{Arbiter, Reference};

    fn both(moves: &[&str], notation: Notation) -> [Judgement; 2] {
        let start = StartPosition::standard();
        [
            judge(
                &mut Reference::default(),
                &start,
                Edition::Fide2018,
                moves,
                notation,
            ),
            judge(
                &mut Arbiter::default(),
                &start,
                Edition::Fide2018,
                moves,
                notation,
            ),
        ]
    }

    #[test]
    fn every_ply_is_recorded_with_its_move() {
        for judged in both(&["e2e4", "e7e5", "g1f3"], Notation::Uci) {
            assert_eq!(judged.records.len(), 4);
            assert_eq!(judged.moves.len(), 3);
            assert!(judged.refusal.is_none());
            let plies: Vec<u32> = judged.records.iter().map(|s| s.ply).collect();
            assert_eq!(plies, [0, 1, 2, 3]);
        }
    }

    #[test]
    fn refusals_are_located_and_kinded() {
        let cases: [(&[&str], Notation, u32, RefusalKind, &str); 5] = [
            (
                &["e2e4", "Nf6"],
                Notation::Uci,
                2,
                RefusalKind::UnreadableMove,
                "ply 2, move \"Nf6\": not a move in UCI notation",
            ),
            (
                &["e2e4", "Nf6", "Nf9"],
                Notation::UciOrSan,
                3,
                RefusalKind::UnreadableMove,
                "ply 3, move \"Nf9\": not a move in UCI or SAN notation",
            ),
            (
                &["e2e5"],
                Notation::Uci,
                1,
                RefusalKind::IllegalMove,
                "ply 1, move \"e2e5\": illegal move in this position",
            ),
            (
                &["e2e5"],
                Notation::UciOrSan,
                1,
                RefusalKind::IllegalMove,
                "ply 1, move \"e2e5\": illegal move in this position",
            ),
            (
                // Unreadable text after the end: the end takes precedence.
                &["f2f3", "e7e5", "g2g4", "d8h4", "xyz"],
                Notation::Uci,
                5,
                RefusalKind::GameOver,
                "ply 5, move \"xyz\": the game is already over (checkmate, 5.1.1)",
            ),
        ];
        for (moves, notation, ply, kind, message) in cases {
            for judged in both(moves, notation) {
                assert_eq!(judged.records.len(), ply as usize, "{moves:?}");
                let refusal = judged.refusal.expect("refused");
                assert_eq!(refusal.ply, ply);
                assert_eq!(refusal.kind(), kind);
                assert_eq!(refusal.to_string(), message);
            }
        }
    }
}
