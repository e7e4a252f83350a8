//! Published conventions of the formats the protocol speaks, where the Laws
//! have nothing to say: what each writes, and which of them explain an
//! engine's FEN at one ply. `verify` decides from the whole run which one
//! the engine follows ([`ConventionTally`](crate::verify::ConventionTally)).
//!
//! The FEN is the one format the status record carries. Its conventions
//! differ in two fields:
//!
//! * **The en passant field.** Ours names the square only when an en
//!   passant capture is legal, the only case in which it changes the
//!   position (9.2.3); X-FEN names it when an enemy pawn stands beside the
//!   pawn that has just advanced two squares, legal capture or not; the
//!   original FEN standard (and the PGN standard that embeds it) after
//!   every two-square step. Each writes a subset of what the next writes.
//!   The step is the move into the ply; at the start, the square the start
//!   FEN names, when a pawn stands so that it may just have made that step.
//! * **The castling field.** Ours, like the original standard, writes
//!   `KQkq`; Shredder-FEN names each castling rook by its file (`HAha`).
//!
//! **What "explains" means.** At a ply where the conventions of a field
//! write it differently (a two-square step with no legal capture; any
//! castling right), a convention explains the engine's field when the
//! field is what that convention writes there (castling letters in any
//! order). The conventions overlap: after a step with no enemy pawn beside,
//! `-` is what ours and X-FEN both write, and the square is what the
//! original writes; after a step beside an enemy pawn that cannot take
//! (a pin), `-` is ours alone and the square both X-FEN's and the
//! original's. So a ply is explained by a set of conventions, and one
//! convention explains a run when it is in the set of every such ply.
//! Plies where every convention writes the same, and fields that none of
//! them writes (a departure), tell nothing and are not counted. Anything
//! else that differs in a FEN is compared as written.

pub(crate) mod counted;

use std::fmt;

use drawrules::Judgement;
use shakmaty::{Board, Color, Rank, Role, Square};

use crate::verify::game::fen_fields::FenField;

/// A published convention of the FEN, ours included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Convention {
    /// The en passant field names the square only when an en passant
    /// capture is legal (ours).
    EnPassantWhenLegal,
    /// The en passant field names the square when an enemy pawn stands
    /// beside the pawn that has just advanced two squares (X-FEN).
    EnPassantBesideEnemyPawn,
    /// The en passant field names the square behind every pawn that has
    /// just advanced two squares (the original FEN standard).
    EnPassantAfterEveryDoubleStep,
    /// The castling field writes `KQkq` (ours, the original standard).
    CastlingByLetter,
    /// The castling field names each castling rook by its file
    /// (Shredder-FEN).
    CastlingByFile,
}

impl Convention {
    /// Every convention, ours first within each field: the order in which
    /// a tie is decided.
    pub const ALL: [Convention; 5] = [
        Convention::EnPassantWhenLegal,
        Convention::EnPassantBesideEnemyPawn,
        Convention::EnPassantAfterEveryDoubleStep,
        Convention::CastlingByLetter,
        Convention::CastlingByFile,
    ];

    /// The convention's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Convention::EnPassantWhenLegal => "fen-en-passant-when-legal",
            Convention::EnPassantBesideEnemyPawn => "fen-en-passant-beside-enemy-pawn",
            Convention::EnPassantAfterEveryDoubleStep => "fen-en-passant-after-double-step",
            Convention::CastlingByLetter => "fen-castling-kqkq",
            Convention::CastlingByFile => "fen-castling-by-file",
        }
    }

    /// What it means, for a report's reader.
    pub fn explain(self) -> &'static str {
        match self {
            Convention::EnPassantWhenLegal => {
                "the FEN names the en passant square only when the capture is legal (ours)"
            }
            Convention::EnPassantBesideEnemyPawn => {
                "the FEN names the en passant square when an enemy pawn stands beside, legal capture or not (X-FEN)"
            }
            Convention::EnPassantAfterEveryDoubleStep => {
                "the FEN names the en passant square after every two-square pawn step (original FEN standard)"
            }
            Convention::CastlingByLetter => "the FEN writes castling rights as KQkq (ours)",
            Convention::CastlingByFile => {
                "the FEN names castling rooks by their files, HAha (Shredder-FEN)"
            }
        }
    }

    /// The FEN field the convention is about.
    pub fn field(self) -> FenField {
        match self {
            Convention::EnPassantWhenLegal
            | Convention::EnPassantBesideEnemyPawn
            | Convention::EnPassantAfterEveryDoubleStep => FenField::EnPassant,
            Convention::CastlingByLetter | Convention::CastlingByFile => FenField::Castling,
        }
    }

    /// Our records' convention for `field`, if conventions differ there.
    pub fn ours(field: FenField) -> Option<Convention> {
        match field {
            FenField::EnPassant => Some(Convention::EnPassantWhenLegal),
            FenField::Castling => Some(Convention::CastlingByLetter),
            _ => None,
        }
    }

    /// The field as the convention writes it where our FEN's `fields` are
    /// ours, the ply reached by a two-square step over `double_step`.
    fn writes(self, fields: &[&str], double_step: Option<Square>) -> String {
        let behind = |written: bool| match double_step {
            Some(square) if written => square.to_string(),
            _ => "-".to_owned(),
        };
        match self {
            Convention::EnPassantWhenLegal | Convention::CastlingByLetter => {
                fields[self.field().index()].to_owned()
            }
            Convention::EnPassantBesideEnemyPawn => {
                behind(double_step.is_some_and(|sq| enemy_pawn_beside(fields, sq)))
            }
            Convention::EnPassantAfterEveryDoubleStep => behind(true),
            Convention::CastlingByFile => fields[2].chars().map(by_file).collect(),
        }
    }

    /// Whether the engine's field `theirs` is what the convention writes
    /// (`writing`): castling letters in any order.
    fn is_written(self, writing: &str, theirs: &str) -> bool {
        match self.field() {
            FenField::Castling => sorted(writing) == sorted(theirs),
            _ => writing == theirs,
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A castling letter of standard chess as Shredder-FEN writes it.
fn by_file(letter: char) -> char {
    match letter {
        'K' => 'H',
        'Q' => 'A',
        'k' => 'h',
        'q' => 'a',
        other => other,
    }
}

fn sorted(field: &str) -> Vec<char> {
    let mut letters: Vec<char> = field.chars().collect();
    letters.sort_unstable();
    letters
}

/// One ply at which the conventions of a FEN field write it differently,
/// and which of them the engine's field is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The field.
    pub field: FenField,
    /// What each convention of the field writes, in [`Convention::ALL`]'s
    /// order.
    pub writings: Vec<(Convention, String)>,
    /// The engine's field.
    pub theirs: String,
    /// The conventions whose writing the engine's field is (none: a
    /// departure, not a convention).
    pub explained: Vec<Convention>,
}

impl Told {
    /// What `convention` writes at this ply.
    pub fn writing(&self, convention: Convention) -> Option<&str> {
        self.writings
            .iter()
            .find(|(c, _)| *c == convention)
            .map(|(_, w)| w.as_str())
    }
}

/// The fields at which the conventions write our FEN `ours` differently
/// (the ply reached by a two-square step over `double_step`, see
/// [`double_step`]), and which conventions explain the engine's FEN
/// `theirs` there. Nothing when either is not six fields or the two
/// differ in placement or side to move (another position).
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{Convention, FenField, told_apart};
///
/// // After 1. e4 no black pawn stands beside: ours and X-FEN write `-`.
/// let ours = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// let original = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
/// let told = told_apart(ours, original, "e3".parse().ok());
/// assert_eq!(told[0].field, FenField::Castling);
/// assert_eq!(told[1].field, FenField::EnPassant);
/// assert_eq!(told[1].explained, [Convention::EnPassantAfterEveryDoubleStep]);
/// let told = told_apart(ours, ours, "e3".parse().ok());
/// assert_eq!(
///     told[1].explained,
///     [Convention::EnPassantWhenLegal, Convention::EnPassantBesideEnemyPawn]
/// );
/// ```
pub fn told_apart(ours: &str, theirs: &str, double_step: Option<Square>) -> Vec<Told> {
    let ours: Vec<&str> = ours.split(' ').collect();
    let their_fields: Vec<&str> = theirs.split(' ').collect();
    if ours.len() != 6 || their_fields.len() != 6 || ours[..2] != their_fields[..2] {
        return Vec::new();
    }
    [FenField::Castling, FenField::EnPassant]
        .into_iter()
        .filter_map(|field| {
            let writings: Vec<(Convention, String)> = Convention::ALL
                .into_iter()
                .filter(|c| c.field() == field)
                .map(|c| (c, c.writes(&ours, double_step)))
                .collect();
            if writings.iter().all(|(_, w)| *w == writings[0].1) {
                return None;
            }
            let theirs = their_fields[field.index()].to_owned();
            let explained = writings
                .iter()
                .filter(|(c, w)| c.is_written(w, &theirs))
                .map(|(c, _)| *c)
                .collect();
            Some(Told {
                field,
                writings,
                theirs,
                explained,
            })
        })
        .collect()
}

/// The square a two-square pawn step skipped to reach ply `ply` of the
/// game `ours` judged: the move into it, or at ply 0 the square the start
/// FEN names when a pawn stands so that it may just have made that step.
pub fn double_step(ours: &Judgement, ply: usize) -> Option<Square> {
    if ply == 0 {
        let named: Square = ours.start_fen.split(' ').nth(3)?.parse().ok()?;
        let fen = &ours.records.first()?.fen;
        let mut fields = fen.split(' ');
        let (board, turn) = (fields.next()?, fields.next()?);
        return behind_a_double_step(board, turn, named).then_some(named);
    }
    let mv = ours.moves.get(ply - 1)?;
    let from = mv.from()?;
    if mv.role() != Role::Pawn || from.rank().distance(mv.to().rank()) != 2 {
        return None;
    }
    let skipped = if from.rank() == Rank::Second {
        Rank::Third
    } else {
        Rank::Sixth
    };
    Some(Square::from_coords(from.file(), skipped))
}

/// The colour that moved last, from the FEN's side to move.
fn mover(turn: &str) -> Option<Color> {
    match turn {
        "w" => Some(Color::Black),
        "b" => Some(Color::White),
        _ => None,
    }
}

/// The rank of a pawn of `mover` that has just advanced two squares.
fn pawn_rank(mover: Color) -> Rank {
    match mover {
        Color::White => Rank::Fourth,
        Color::Black => Rank::Fifth,
    }
}

/// Whether a pawn of the side to move (our FEN's `fields`) stands beside
/// the pawn that has just stepped over `square`.
fn enemy_pawn_beside(fields: &[&str], square: Square) -> bool {
    let (Ok(board), Some(mover)) = (fields[0].parse::<Board>(), mover(fields[1])) else {
        return false;
    };
    let rank = pawn_rank(mover);
    [-1, 1].into_iter().any(|delta| {
        square.file().offset(delta).is_some_and(|file| {
            board.piece_at(Square::from_coords(file, rank)) == Some((!mover).pawn())
        })
    })
}

/// Whether `square` lies behind a pawn that may just have advanced two
/// squares in the placement `board` with `turn` to move: the pawn of the
/// side that moved stands in front of it, and the square and the one the
/// pawn came from are empty.
fn behind_a_double_step(board: &str, turn: &str, square: Square) -> bool {
    let (Ok(setup), Some(mover)) = (board.parse::<Board>(), mover(turn)) else {
        return false;
    };
    let (behind, from_rank) = match mover {
        Color::White => (Rank::Third, Rank::Second),
        Color::Black => (Rank::Sixth, Rank::Seventh),
    };
    let file = square.file();
    square.rank() == behind
        && setup.piece_at(Square::from_coords(file, pawn_rank(mover))) == Some(mover.pawn())
        && setup.piece_at(square).is_none()
        && setup
            .piece_at(Square::from_coords(file, from_rank))
            .is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::judge::judged;

    fn explained(ours: &str, theirs: &str, step: &str) -> Vec<Convention> {
        told_apart(ours, theirs, step.parse().ok())
            .into_iter()
            .find(|told| told.field == FenField::EnPassant)
            .map(|told| told.explained)
            .expect("the conventions differ")
    }

    #[test]
    fn a_pinned_pawn_beside_tells_x_fen_from_ours() {
        // 1... d5 beside White's e5 pawn, pinned along the rank: no capture.
        let ours = "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2";
        let square = "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2";
        use Convention::*;
        assert_eq!(explained(ours, ours, "d6"), [EnPassantWhenLegal]);
        assert_eq!(
            explained(ours, square, "d6"),
            [EnPassantBesideEnemyPawn, EnPassantAfterEveryDoubleStep]
        );
        // Pinned on a diagonal (king c3, bishop g7): the same sets.
        let diagonal = "4k3/6b1/8/3pP3/8/2K5/8/8 w - - 0 2";
        assert_eq!(explained(diagonal, diagonal, "d6"), [EnPassantWhenLegal]);
        // A square no convention writes explains nothing.
        assert_eq!(
            explained(ours, "4k3/8/8/K2pP2r/8/8/8/8 w - c6 0 2", "d6"),
            []
        );
    }

    #[test]
    fn plies_where_every_convention_agrees_tell_nothing() {
        // The capture is legal: every convention names the square.
        let usable = "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2";
        assert_eq!(told_apart(usable, usable, "d6".parse().ok()), []);
        // No step and no castling right.
        let bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(told_apart(bare, bare, None), []);
        // Another placement is another position.
        let ours = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1";
        assert_eq!(
            told_apart(ours, "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1", None),
            []
        );
    }

    #[test]
    fn castling_by_file_is_told_from_letters_in_any_order() {
        let ours = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1";
        let told = |theirs: &str| told_apart(ours, theirs, None)[0].explained.clone();
        assert_eq!(told(ours), [Convention::CastlingByLetter]);
        assert_eq!(
            told("r3k3/8/8/8/8/8/8/4K2R w aH - 0 1"),
            [Convention::CastlingByFile]
        );
        assert_eq!(told("r3k3/8/8/8/8/8/8/4K2R w HAa - 0 1"), []);
    }

    #[test]
    fn the_step_is_the_move_into_the_ply_or_the_start_fens_square() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let game = judged(start, "e2e4 g8f6 d7d5");
        assert_eq!(double_step(&game, 1), "e3".parse().ok());
        assert_eq!(double_step(&game, 2), None);
        let from_fen = judged("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "");
        assert_eq!(double_step(&from_fen, 0), "e3".parse().ok());
        // A square with no pawn in front of it is no step.
        let black = judged("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2", "");
        assert_eq!(double_step(&black, 0), None);
    }
}
