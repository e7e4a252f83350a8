//! Malformed input in every run: move text that is not a move (a square
//! off the board, promotion to a king or a pawn, the wrong length, capital
//! letters, trailing text) and FEN variants (four or three fields, an extra
//! field, a negative clock, a clock past 2^31, an en passant square with a
//! man on it, a castling right whose king or rook is off its square, move
//! number 0), each with its expected outcome, judged in a report group of
//! their own (`input`).
//!
//! The expected outcome is the reference's: a refusal where it refuses
//! (`unreadable-move`, `illegal-move`, `invalid-fen`), the game as it
//! plays it where it reads the text. Where the reference reads leniently
//! what the FEN standard does not allow (four or three fields: the
//! counters taken as `0 1`), a refusal is accepted too. An engine that
//! reads a malformation leniently on purpose declares it in its handshake
//! (`lenient`, for the kinds that have one repair: capital letters,
//! trailing text, an extra FEN field) and is judged on the repaired text.

use drawrules::Judgement;
use drawrules::laws::Edition;

use crate::protocol::{EngineError, Hello, Malformation, OutOfRange, Part};

use crate::verify::game::cause::Cause;
use crate::verify::game::compare::{Comparison, compare};
use crate::verify::game::divergence::Divergence;
use crate::verify::game::group::Group;
use crate::verify::game::subject::Subject;
use crate::verify::game::trial::{Checked, Trial, ask, reference_judgement};

/// Valid starts the malformed games are built on: each with a pawn ready
/// to promote for the side to move, and a few quiet moves before it.
const BASES: [(&str, &[&str], &str); 4] = [
    (
        "4k3/P7/8/8/8/8/8/R3K3 w - - 3 40",
        &["a1b1", "e8d7", "b1a1", "d7e8"],
        "a7a8",
    ),
    (
        "4k2r/8/8/8/8/8/p7/4K3 b - - 0 60",
        &["h8h7", "e1d1", "h7h8", "d1e1"],
        "a2a1",
    ),
    (
        "r3k3/1P6/8/8/8/8/8/4K2R w Kq - 10 30",
        &["h1h2", "a8a7", "h2h1", "a7a8"],
        "b7b8",
    ),
    (
        "4k3/8/8/8/8/8/6p1/4K3 b - - 0 1",
        &["e8d7", "e1d1", "d7e8", "d1e1"],
        "g2g1",
    ),
];

/// The starts of the kinds whose malformation is in the position itself,
/// White and then Black to move, each with a move that is legal once the
/// malformation is repaired (the en passant square or the castling right
/// taken out).
const POSITIONS: [(Malformation, [(&str, &str); 2]); 3] = [
    (
        Malformation::FenEnPassantSquareOccupied,
        [
            ("4k3/8/4n3/3Pp3/8/8/8/4K3 w - e6 0 40", "d5e6"),
            ("4k3/8/8/8/3pP3/4N3/8/4K3 b - e3 0 40", "d4e3"),
        ],
    ),
    (
        Malformation::FenCastlingKingOffItsSquare,
        [
            ("4k3/8/8/8/8/8/8/R2K4 w Q - 0 30", "a1a2"),
            ("r2k4/8/8/8/8/8/8/4K3 b q - 0 30", "a8a7"),
        ],
    ),
    (
        Malformation::FenCastlingRookOffItsSquare,
        [
            ("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 30", "b1b2"),
            ("1r2k3/8/8/8/8/8/8/4K3 b q - 0 30", "b8b7"),
        ],
    ),
];

/// The malformed game of `kind` number `index` of a run.
pub fn malformed_game(kind: Malformation, index: usize, edition: Edition) -> Trial {
    let (fen, quiet, promote) = BASES[index % BASES.len()];
    let played = index % (quiet.len() + 1);
    let mut moves: Vec<String> = quiet[..played].iter().map(|&m| m.to_owned()).collect();
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut start = fen.to_owned();
    // The move made malformed: the next quiet move, legal after the prefix
    // (the four quiet moves bring the start position back).
    let plain = quiet[played % quiet.len()];
    match kind {
        Malformation::SquareOffTheBoard => {
            let off = if index.is_multiple_of(2) { 'i' } else { '9' };
            let mut text: Vec<char> = plain.chars().collect();
            if off == 'i' {
                text[2] = 'i';
            } else {
                text[3] = '9';
            }
            moves.push(text.into_iter().collect());
        }
        Malformation::PromotionToAKing | Malformation::PromotionToAPawn => {
            // The promotion comes after an even prefix: same side to move.
            moves.truncate(played - played % 2);
            let role = if kind == Malformation::PromotionToAKing {
                'k'
            } else {
                'p'
            };
            moves.push(format!("{promote}{role}"));
        }
        Malformation::WrongLength => {
            moves.push(if index.is_multiple_of(2) {
                plain[..3].to_owned()
            } else {
                format!("{plain}4")
            });
        }
        Malformation::CapitalLetters => moves.push(plain.to_ascii_uppercase()),
        Malformation::TrailingText => {
            let tail = ["+", "!", "x"][index % 3];
            moves.push(format!("{plain}{tail}"));
        }
        Malformation::FenFourFields => start = fields[..4].join(" "),
        Malformation::FenThreeFields => start = fields[..3].join(" "),
        Malformation::FenExtraField => start = format!("{fen} 0"),
        Malformation::FenNegativeClock => {
            start = format!("{} -1 {}", fields[..4].join(" "), fields[5]);
        }
        Malformation::FenClockPast2To31 => {
            // The game is over at its start: the start's record is the
            // question, any move would be refused after the end.
            start = format!("{} 2147483648 {}", fields[..4].join(" "), fields[5]);
            moves.clear();
        }
        Malformation::FenMoveNumberZero => start = format!("{} 0", fields[..5].join(" ")),
        Malformation::FenEnPassantSquareOccupied
        | Malformation::FenCastlingKingOffItsSquare
        | Malformation::FenCastlingRookOffItsSquare => {
            let (fen, played) = position_start(kind, index);
            start = fen.to_owned();
            moves = vec![played.to_owned()];
        }
    }
    Trial {
        fen: start,
        moves,
        edition,
    }
}

/// The start and move of a kind of [`POSITIONS`], for game `index`.
fn position_start(kind: Malformation, index: usize) -> (&'static str, &'static str) {
    POSITIONS
        .iter()
        .find(|(of, _)| *of == kind)
        .map_or(("", ""), |(_, starts)| starts[index % 2])
}

/// `game` as an engine that declares `kind` lenient reads it.
fn repaired(kind: Malformation, game: &Trial) -> Trial {
    let mut game = game.clone();
    match kind {
        Malformation::CapitalLetters => {
            if let Some(last) = game.moves.last_mut() {
                *last = last.to_ascii_lowercase();
            }
        }
        Malformation::TrailingText => {
            if let Some(last) = game.moves.last_mut() {
                last.truncate(4);
            }
        }
        Malformation::FenExtraField => {
            let fields: Vec<&str> = game.fen.split(' ').collect();
            game.fen = fields[..fields.len().min(6)].join(" ");
        }
        _ => {}
    }
    game
}

/// Whether a refusal of the start is accepted beside the reference's
/// lenient reading of `kind` (a FEN the standard does not allow, which the
/// reference reads with counters `0 1`).
fn refusal_accepted(kind: Malformation) -> bool {
    matches!(
        kind,
        Malformation::FenFourFields | Malformation::FenThreeFields
    )
}

/// What the reference says of `game`, as an engine judged by `hello` may
/// answer it: the reference's judgement of the text (of the repaired text
/// for a declared leniency), and for a kind whose refusal is accepted, a
/// refusal of the start as well.
fn expectations(hello: &Hello, kind: Malformation, game: &Trial) -> Vec<Judgement> {
    let judge = |trial: &Trial| reference_judgement(hello, trial);
    let read = if hello.lenient.contains(&kind) {
        repaired(kind, game)
    } else {
        game.clone()
    };
    let mut expected = vec![judge(&read)];
    if refusal_accepted(kind) {
        expected.push(judge(&Trial {
            fen: format!("{} x", game.fen),
            ..game.clone()
        }));
    }
    expected
}

/// How far an answer is from one expected outcome: the groups (rules) it
/// departs in, not its divergences (a FEN wrong in two fields is two
/// divergences of one rule).
fn groups_departed(comparison: &Comparison) -> usize {
    let mut groups: Vec<&str> = comparison
        .divergences
        .iter()
        .map(|divergence| divergence.group.name())
        .collect();
    groups.sort_unstable();
    groups.dedup();
    groups.len()
}

/// Judges the malformed `game` of `kind` with `subject` and compares the
/// answer with every outcome it may give; the closest comparison (the
/// fewest groups departed in, the first on a tie), its
/// divergences of move acceptance and answer shape grouped under
/// [`Group::Input`]. A number of the answer's records that no record holds
/// (a negative clock kept from the FEN) is what the engine kept of the
/// input: named in that divergence, never a fault.
///
/// # Errors
///
/// The subject's fault.
pub(crate) fn check_malformed(
    subject: &mut dyn Subject,
    hello: &Hello,
    kind: Malformation,
    game: &Trial,
    id: u64,
) -> Result<Checked, EngineError> {
    let answer = ask(subject, game, id)?;
    let (reference, mut comparison) = expectations(hello, kind, game)
        .into_iter()
        .map(|ours| {
            let comparison = compare(hello, &ours, &answer);
            (ours, comparison)
        })
        .min_by_key(|(_, comparison): &(Judgement, Comparison)| groups_departed(comparison))
        .expect("at least one expectation");
    comparison.regroup_acceptance(Group::Input(kind));
    if !answer.out_of_range().is_empty() {
        note_kept(&mut comparison, kind, answer.out_of_range());
    }
    Ok(Checked {
        reference,
        comparison,
    })
}

/// Names in the input divergence of `kind` the numbers the engine kept of
/// a malformed input that no record holds (a FEN's negative clock, say),
/// or makes them one: the reference holds no such number.
fn note_kept(comparison: &mut Comparison, kind: Malformation, kept: &[OutOfRange]) {
    let text = kept
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let input = comparison
        .divergences
        .iter_mut()
        .find(|divergence| divergence.group == Group::Input(kind));
    match input {
        Some(divergence) => divergence.actual = format!("{}, keeping {text}", divergence.actual),
        None => comparison.divergences.push(Divergence {
            group: Group::Input(kind),
            cause: Cause::Plain,
            ply: u32::try_from(kept[0].record).ok(),
            expected: format!("a {} of 0 or more", kept[0].field),
            actual: text,
            direction: None,
        }),
    }
}

/// The malformed games of a run, two of each kind, for an engine that
/// declares `moves` (the others are not asked: what they accept is not
/// compared).
pub(crate) fn malformed_games(hello: &Hello) -> Vec<(Malformation, Trial)> {
    if !hello.implements(Part::Moves) {
        return Vec::new();
    }
    let edition = hello.editions[0];
    Malformation::ALL
        .into_iter()
        .flat_map(|kind| [kind, kind])
        .enumerate()
        .map(|(index, kind)| (kind, malformed_game(kind, index, edition)))
        .collect()
}

/// Whether `game`'s moves and start are as the reference reads them
/// (a helper for tests: the bases' moves are legal).
#[cfg(test)]
fn base_is_legal(fen: &str, moves: &[&str]) -> bool {
    use drawrules::StartPosition;
    use shakmaty::Position;
    use shakmaty::uci::UciMove;

    let Ok(start) = StartPosition::from_fen(fen) else {
        return false;
    };
    let mut position = start.position().clone();
    moves.iter().all(|text| {
        let Ok(mv) = text.parse::<UciMove>().map(|uci| uci.to_move(&position)) else {
            return false;
        };
        mv.map(|mv| position.play_unchecked(mv)).is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::judge::judge_text;
    use drawrules::RefusalKind;
    use drawrules::reference::Reference;

    #[test]
    fn the_bases_are_legal_and_every_kind_is_judged_as_documented() {
        for (fen, quiet, promote) in BASES {
            assert!(base_is_legal(fen, quiet), "{fen}");
            assert!(base_is_legal(fen, &[&format!("{promote}q")]), "{fen}");
        }
        for (index, kind) in Malformation::ALL.into_iter().enumerate() {
            for i in [index * 2, index * 2 + 1] {
                let game = malformed_game(kind, i, Edition::Fide2018);
                let judged = judge_text(
                    &mut Reference::default(),
                    &game.fen,
                    &game.moves,
                    Edition::Fide2018,
                );
                let refused = judged.refusal.as_ref().map(|r| r.kind());
                let expected = match kind {
                    Malformation::FenFourFields
                    | Malformation::FenThreeFields
                    | Malformation::FenClockPast2To31 => None,
                    Malformation::FenExtraField
                    | Malformation::FenNegativeClock
                    | Malformation::FenEnPassantSquareOccupied
                    | Malformation::FenCastlingKingOffItsSquare
                    | Malformation::FenCastlingRookOffItsSquare
                    | Malformation::FenMoveNumberZero => Some(RefusalKind::InvalidFen),
                    Malformation::PromotionToAKing | Malformation::PromotionToAPawn => {
                        Some(RefusalKind::IllegalMove)
                    }
                    _ => Some(RefusalKind::UnreadableMove),
                };
                assert_eq!(refused, expected, "{kind} {game:?}");
            }
        }
    }

    #[test]
    fn a_position_kind_is_its_malformation_alone() {
        // Each start, with its en passant square or castling rights taken
        // out, is legal and so is its move; as given, it is refused.
        for (kind, starts) in POSITIONS {
            for (fen, played) in starts {
                let mut fields: Vec<&str> = fen.split(' ').collect();
                let field = match kind {
                    Malformation::FenEnPassantSquareOccupied => 3,
                    _ => 2,
                };
                assert!(!base_is_legal(fen, &[]), "{kind}: {fen}");
                fields[field] = "-";
                let repaired = fields.join(" ");
                assert!(base_is_legal(&repaired, &[played]), "{kind}: {repaired}");
            }
            let games = [0, 1].map(|i| malformed_game(kind, i, Edition::Fide2018).fen);
            assert_eq!(games, starts.map(|(fen, _)| fen.to_owned()), "{kind}");
        }
        let zero = malformed_game(Malformation::FenMoveNumberZero, 0, Edition::Fide2018);
        assert!(zero.fen.ends_with(" 3 0"), "{}", zero.fen);
        assert!(base_is_legal(&zero.fen.replace(" 3 0", " 3 1"), &[]));
    }

    #[test]
    fn a_declared_leniency_reads_the_repaired_text() {
        let game = malformed_game(Malformation::CapitalLetters, 0, Edition::Fide2018);
        let lowered = repaired(Malformation::CapitalLetters, &game);
        assert_eq!(
            lowered.moves.last().unwrap(),
            &game.moves.last().unwrap().to_ascii_lowercase()
        );
        let fen = malformed_game(Malformation::FenExtraField, 0, Edition::Fide2018);
        assert_eq!(fen.fen.split(' ').count(), 7);
        let six = repaired(Malformation::FenExtraField, &fen);
        assert_eq!(six.fen.split(' ').count(), 6);
        let trailing = malformed_game(Malformation::TrailingText, 0, Edition::Fide2018);
        let cut = repaired(Malformation::TrailingText, &trailing);
        assert_eq!(cut.moves.last().unwrap().len(), 4);
    }
}
