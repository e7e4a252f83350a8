//! `drawrules explain`: play a game through any [`Rules`] implementation and
//! report the status of every ply, as a table for people or as status
//! records for programs.

mod table;

pub use table::{HEADERS, cells, render_table, verdict};

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

use crate::judge::{Notation, judge};
use crate::laws::Edition;
use crate::reference::Game;
use crate::reference::same_position::{Identity, identity};
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
    /// The same move as shakmaty played it; `None` for ply 0.
    pub played: Option<Move>,
    /// The earlier plies that held the same position as this one (Article
    /// 9.2.3, as the reference's
    /// [`identity`] decides it),
    /// in order.
    pub earlier: Vec<u32>,
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
/// assert_eq!(explained.rows[8].earlier, [0, 4]);
/// assert_eq!(explained.rows[8].played.map(|mv| mv.to().to_string()), Some("g8".to_owned()));
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
    let mut game = Game::new(start.clone());
    let mut identities = Vec::with_capacity(judged.records.len());
    let mut rows = Vec::with_capacity(judged.records.len());
    let mut records = judged.records.into_iter();
    if let Some(status) = records.next() {
        identities.push(identity(&game, 0));
        rows.push(row(None, status, &game, &identities));
    }
    for (status, mv) in records.zip(judged.moves) {
        let san = SanPlus::from_move_and_play_unchecked(&mut game.current().clone(), mv);
        // `judge` plays only moves legal where they are played.
        let pushed = game.push(mv);
        debug_assert!(pushed, "{mv} is legal");
        identities.push(identity(&game, game.last_ply()));
        rows.push(row(Some((san.to_string(), mv)), status, &game, &identities));
    }
    Explanation {
        rows,
        error: judged.refusal,
    }
}

/// The row of the last ply of `game`, reached by `played` (its SAN and
/// the move), whose identities up to it are `identities`.
fn row(
    played: Option<(String, Move)>,
    status: Status,
    game: &Game,
    identities: &[Identity],
) -> Row {
    let (san, played) = played.unzip();
    Row {
        san,
        played,
        earlier: earlier_plies(identities),
        threefold_on_move_san: threefold_san(&status, game.current()),
        status,
    }
}

/// The plies before the last of `identities` that held its position.
fn earlier_plies(identities: &[Identity]) -> Vec<u32> {
    let Some((now, before)) = identities.split_last() else {
        return Vec::new();
    };
    (0u32..)
        .zip(before)
        .filter(|(_, identity)| *identity == now)
        .map(|(ply, _)| ply)
        .collect()
}

/// The written moves of `status`'s threefold claim (9.2.1), in SAN.
fn threefold_san(status: &Status, position: &Chess) -> Vec<String> {
    status
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
        .collect()
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
    fn a_row_carries_its_move_and_the_earlier_plies_of_its_position() {
        // The double step's en passant capture is illegal (the pawn on d4
        // is pinned), so the position after the bishop's round trip is
        // the one after the double step (9.2.3).
        let explained = run(
            Some("7k/8/8/8/3p4/8/1B2P3/4K3 w - - 0 1"),
            &["e2e4", "h8g8", "b2a1", "g8h8", "a1b2"],
        );
        let earlier: Vec<&[u32]> = explained.rows.iter().map(|row| &row.earlier[..]).collect();
        assert_eq!(earlier, [&[][..], &[], &[], &[], &[], &[1]]);
        let played: Vec<Option<String>> = explained
            .rows
            .iter()
            .map(|row| {
                row.played
                    .map(|mv| format!("{}{}", mv.from().unwrap(), mv.to()))
            })
            .collect();
        assert_eq!(played[0], None);
        assert_eq!(played[1].as_deref(), Some("e2e4"));
        assert_eq!(played[5].as_deref(), Some("a1b2"));
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
