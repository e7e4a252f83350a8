//! `drawrules explain`: play a game through any [`Rules`] implementation and
//! report the status of every ply, as a table for people or as status
//! records for programs.

mod table;

pub use table::{HEADERS, cells, render_table, verdict};

use shakmaty::Chess;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;

use crate::judge::{Notation, judge};
use crate::laws::Edition;
use crate::refusal::Refusal;
use crate::rules::Rules;
use crate::start::StartPosition;
use crate::status::Status;

/// One ply of an explained game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The move that produced this ply, in SAN with its check or mate
    /// suffix; `None` for ply 0.
    pub san: Option<String>,
    /// The status record the implementation reported.
    pub status: Status,
    /// The moves in `status.claims_on_move.threefold_repetition`, in SAN.
    pub threefold_on_move_san: Vec<String>,
}

/// What was explained: a row per ply played, and the refusal that stopped
/// the game early, if any. Rows before the refusal are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// Ply 0 first.
    pub rows: Vec<Row>,
    /// Why the remaining moves were not played.
    pub error: Option<Refusal>,
}

/// Plays `moves` (UCI or SAN, one move per item) from `start` through
/// `rules` and collects the status of every ply.
///
/// The move text is read against the position the moves reach, so SAN works
/// with any implementation; a move given after the game is over is an error
/// even if it would be illegal anyway.
///
/// # Examples
///
/// ```
/// use drawrules::explain::explain;
/// use drawrules::{Edition, Reference, StartPosition};
///
/// let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
/// let mut reference = Reference::default();
/// let explained = explain(&mut reference, &StartPosition::standard(), Edition::Fide2018, &moves);
/// assert!(explained.error.is_none());
/// assert_eq!(explained.rows.len(), 9);
/// assert_eq!(explained.rows[8].status.repetition, 3);
/// ```
pub fn explain<R, S>(
    rules: &mut R,
    start: &StartPosition,
    edition: Edition,
    moves: &[S],
) -> Explanation
where
    R: Rules + ?Sized,
    S: AsRef<str>,
{
    let texts: Vec<&str> = moves.iter().map(AsRef::as_ref).collect();
    let judged = judge(rules, start, edition, &texts, Notation::UciOrSan);
    let mut position = start.position().clone();
    let mut rows = Vec::with_capacity(judged.records.len());
    let mut records = judged.records.into_iter();
    if let Some(status) = records.next() {
        rows.push(row(None, status, &position));
    }
    for (status, mv) in records.zip(judged.moves) {
        let san = SanPlus::from_move_and_play_unchecked(&mut position, mv);
        rows.push(row(Some(san.to_string()), status, &position));
    }
    Explanation {
        rows,
        error: judged.refusal,
    }
}

fn row(san: Option<String>, status: Status, position: &Chess) -> Row {
    let threefold_on_move_san = status
        .claims_on_move
        .threefold_repetition
        .iter()
        .map(|uci| {
            uci.parse::<UciMove>()
                .ok()
                .and_then(|uci| uci.to_move(position).ok())
                .map_or_else(
                    || uci.clone(),
                    |mv| San::from_move(position, mv).to_string(),
                )
        })
        .collect();
    Row {
        san,
        status,
        threefold_on_move_san,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::Ending;
    use crate::reference::Reference;

    fn run(fen: Option<&str>, moves: &[&str]) -> Explanation {
        let start = fen.map_or_else(StartPosition::standard, |fen| fen.parse().unwrap());
        explain(&mut Reference::default(), &start, Edition::Fide2018, moves)
    }

    #[test]
    fn errors_name_ply_move_and_reason_and_keep_earlier_rows() {
        let explained = run(None, &["e4", "e5", "Ke3"]);
        assert_eq!(explained.rows.len(), 3);
        let error = explained.error.unwrap();
        assert_eq!(
            error.to_string(),
            r#"ply 3, move "Ke3": illegal move in this position"#
        );

        let explained = run(None, &["e4", "zz9"]);
        assert_eq!(
            explained.error.unwrap().to_string(),
            r#"ply 2, move "zz9": not a move in UCI or SAN notation"#
        );
    }

    #[test]
    fn a_move_after_the_end_is_refused_even_if_it_would_be_illegal() {
        let explained = run(None, &["f3", "e5", "g4", "Qh4#", "a3"]);
        assert_eq!(explained.rows.len(), 5);
        assert_eq!(explained.rows[4].status.ended, vec![Ending::Checkmate]);
        assert_eq!(
            explained.error.unwrap().to_string(),
            r#"ply 5, move "a3": the game is already over (checkmate, 5.1.1)"#
        );
    }

    #[test]
    fn san_is_recorded_with_suffixes() {
        let explained = run(None, &["f2f3", "e7e5", "g2g4", "d8h4"]);
        let san: Vec<_> = explained.rows.iter().map(|row| row.san.clone()).collect();
        assert_eq!(
            san,
            [
                None,
                Some("f3".into()),
                Some("e5".into()),
                Some("g4".into()),
                Some("Qh4#".into())
            ]
        );
    }
}
