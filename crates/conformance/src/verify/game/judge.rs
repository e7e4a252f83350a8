//! Judging a game with one of our implementations, through the judging
//! pipeline ([`drawrules::judge`]), in the protocol's terms.

use drawrules::laws::Edition;
use drawrules::{Judgement, Notation, Rules, StartPosition, judge};

/// Plays `moves` (UCI text) from `fen` under `edition` through `rules`.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, Reference, RefusalKind};
/// use drawrules_conformance::verify::judge_text;
///
/// let moves = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"].map(String::from);
/// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let judged = judge_text(&mut Reference::default(), fen, &moves, Edition::Fide2018);
/// assert_eq!(judged.records.len(), 5);
/// let refusal = judged.refusal.unwrap();
/// assert_eq!((refusal.ply, refusal.kind()), (5, RefusalKind::GameOver));
/// ```
pub fn judge_text(
    rules: &mut dyn Rules,
    fen: &str,
    moves: &[String],
    edition: Edition,
) -> Judgement {
    match StartPosition::from_fen(fen) {
        Ok(start) => judge(rules, &start, edition, moves, Notation::Uci),
        Err(err) => Judgement::refused_at_start(err.into()),
    }
}

/// The reference's judgement of `moves` (UCI, separated by spaces) from
/// `fen` under the 2018 edition, for the tests of `verify`.
#[cfg(test)]
pub(crate) fn judged(fen: &str, moves: &str) -> Judgement {
    let moves: Vec<String> = moves.split_whitespace().map(str::to_owned).collect();
    judge_text(
        &mut drawrules::Reference::default(),
        fen,
        &moves,
        Edition::Fide2018,
    )
}
