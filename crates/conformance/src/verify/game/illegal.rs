//! Illegal moves in every run: well-formed UCI that the Laws forbid where
//! it is played (castling out of, through or into check, after the right
//! is lost or past a man, an en passant capture that exposes the king, a
//! pinned man moved off its line, a king into check, a move from an empty
//! square), each in a short game of its own, White's and Black's, judged
//! in a report group of their own (`illegal-moves`).
//!
//! The expected outcome is the reference's: every move before the last
//! played, the last refused as illegal (Articles 3.8, 3.7 and 3.9, and
//! 3.10: a move that leaves the king in check is no legal move). An
//! engine that plays it, or refuses an earlier one, diverges; every
//! other part it declares is compared on the plies before, as on any game.

use crate::protocol::{EngineError, Hello, Part};

use crate::verify::game::group::Group;
use crate::verify::game::illegal_move::IllegalMove;
use crate::verify::game::subject::Subject;
use crate::verify::game::trial::{Checked, Trial, compare_once};

/// The illegal-move games of a run, two of each kind, for an engine that
/// declares `moves` (the others are not asked: what they accept is not
/// compared), in the engine's first edition.
pub(crate) fn illegal_games(hello: &Hello) -> Vec<(IllegalMove, Trial)> {
    if !hello.implements(Part::Moves) {
        return Vec::new();
    }
    let edition = hello.editions[0];
    IllegalMove::ALL
        .into_iter()
        .flat_map(|kind| kind.games().map(|game| (kind, game)))
        .map(|(kind, (fen, moves))| {
            let trial = Trial {
                fen: fen.to_owned(),
                moves: moves.iter().map(|&m| m.to_owned()).collect(),
                edition,
            };
            (kind, trial)
        })
        .collect()
}

/// Judges the illegal-move `game` of `kind` with `subject` and compares
/// the answer with the reference's, as any well-formed game
/// ([`compare_once`]), its divergences of move acceptance and answer shape
/// grouped under [`Group::IllegalMoves`].
///
/// # Errors
///
/// The subject's fault.
pub(crate) fn check_illegal(
    subject: &mut dyn Subject,
    hello: &Hello,
    kind: IllegalMove,
    game: &Trial,
    id: u64,
) -> Result<Checked, EngineError> {
    let mut checked = compare_once(subject, hello, game, id)?;
    checked
        .comparison
        .regroup_acceptance(Group::IllegalMoves(kind));
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::judge::judge_text;
    use drawrules::laws::Edition;
    use drawrules::reference::Reference;
    use drawrules::{RefusalKind, StartPosition};
    use shakmaty::{Color, Position};

    #[test]
    fn each_game_is_legal_to_its_last_move_which_the_reference_refuses() {
        for kind in IllegalMove::ALL {
            for (index, (fen, moves)) in kind.games().into_iter().enumerate() {
                let moves: Vec<String> = moves.iter().map(|&m| m.to_owned()).collect();
                let judged = judge_text(&mut Reference::default(), fen, &moves, Edition::Fide2018);
                let refusal = judged.refusal.as_ref().expect("a refusal");
                assert_eq!(
                    (refusal.kind(), refusal.move_ply()),
                    (RefusalKind::IllegalMove, u32::try_from(moves.len()).ok()),
                    "{kind} {fen} {moves:?}"
                );
                assert_eq!(judged.records.len(), moves.len(), "{kind}");
                // White's game first, then Black's: the side that plays
                // the illegal move.
                let start = StartPosition::from_fen(fen).unwrap();
                let turn = start.position().turn();
                let mover = if moves.len() % 2 == 1 { turn } else { !turn };
                let expected = if index == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                assert_eq!(mover, expected, "{kind} {fen}");
            }
        }
    }
}
