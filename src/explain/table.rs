//! The readable table of `drawrules explain` and its closing verdict.

use super::Row;
use crate::laws::{Claim, Ending, GameResult};
use crate::status::Status;

/// How many written moves a claims cell names before it just counts them.
const LISTED_MOVES: usize = 3;

/// The table's column headers, in order.
pub const HEADERS: [&str; 6] = ["ply", "move", "clock", "rep", "claims", "endings"];

/// The table: one row per ply with its move in SAN, clock, repetition count,
/// the claims open to the player to move and the endings that hold, each
/// with its article.
///
/// A claim that holds on the position now is shown as such; otherwise the
/// written moves that support it are named (up to three, then a count).
pub fn render_table(rows: &[Row]) -> String {
    let cells: Vec<[String; 6]> = rows.iter().map(cells).collect();
    let mut widths = HEADERS.map(str::len);
    for row in &cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let header = HEADERS.map(str::to_owned);
    for row in std::iter::once(&header).chain(&cells) {
        let mut line = String::new();
        for (column, (cell, width)) in row.iter().zip(widths).enumerate() {
            let pad = " ".repeat(width - cell.chars().count());
            match column {
                0 | 2 | 3 => line.push_str(&format!("{pad}{cell}")),
                _ => line.push_str(&format!("{cell}{pad}")),
            }
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The cells of one row of the table, as [`render_table`] writes them
/// (one per [`HEADERS`] column, `-` for an empty one): for a page that
/// lays the table out itself.
///
/// # Examples
///
/// ```
/// use drawrules::explain::{cells, explain};
/// use drawrules::{Edition, Reference, StartPosition};
///
/// let start: StartPosition = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60".parse().unwrap();
/// let explained = explain(&mut Reference::default(), &start, Edition::Fide2018, &["a1a8"]);
/// let [ply, san, clock, rep, claims, endings] = cells(&explained.rows[1]);
/// assert_eq!([ply.as_str(), &san, &clock, &rep, &claims], ["1", "Ra8#", "100", "1", "-"]);
/// assert_eq!(endings, "checkmate (5.1.1)");
/// ```
pub fn cells(row: &Row) -> [String; 6] {
    let status = &row.status;
    [
        status.ply.to_string(),
        row.san.clone().unwrap_or_else(|| "-".to_owned()),
        status.clock.to_string(),
        status.repetition.to_string(),
        or_dash(claims(row)),
        or_dash(endings_and_undetermined(status)),
    ]
}

/// The endings that hold, then the ones decided neither way, marked so.
fn endings_and_undetermined(status: &Status) -> Vec<String> {
    let mut parts = endings(&status.ended);
    parts.extend(
        status
            .undetermined
            .iter()
            .map(|ending| format!("{ending} undetermined ({})", ending.article())),
    );
    parts
}

fn or_dash(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}

/// Each claim open to the player to move, now or on a written move.
fn claims(row: &Row) -> Vec<String> {
    let status = &row.status;
    Claim::ALL
        .into_iter()
        .filter_map(|claim| {
            if status.claims.contains(&claim) {
                return Some(format!("{claim} ({})", claim.article_now()));
            }
            let written: &[String] = match claim {
                Claim::ThreefoldRepetition => &row.threefold_on_move_san,
                Claim::FiftyMoves => status.claims_on_move.moves(claim),
            };
            match written.len() {
                0 => None,
                n if claim == Claim::FiftyMoves || n > LISTED_MOVES => Some(format!(
                    "{claim} on any of {n} written move{} ({})",
                    if n == 1 { "" } else { "s" },
                    claim.article_on_move()
                )),
                _ => Some(format!(
                    "{claim} on written {} ({})",
                    written.join(" or "),
                    claim.article_on_move()
                )),
            }
        })
        .collect()
}

fn endings(ended: &[Ending]) -> Vec<String> {
    ended
        .iter()
        .map(|ending| format!("{ending} ({})", ending.article()))
        .collect()
}

/// One line on the last ply: the result if the game is over, otherwise who
/// is to move, which draws they may claim, and any ending decided neither
/// way (an undetermined 5.2.2 verdict under the exact rule).
pub fn verdict(last: &Row) -> String {
    let status = &last.status;
    if status.is_over() {
        let how = endings(&status.ended).join(" and ");
        let what = match status.result {
            GameResult::WhiteWins => "White wins",
            GameResult::BlackWins => "Black wins",
            _ => "drawn",
        };
        return format!("verdict: {} {what} by {how}", status.result);
    }
    let mover = match status.fen.split(' ').nth(1) {
        Some("b") => "Black",
        _ => "White",
    };
    let open = claims(last);
    let goes_on = if open.is_empty() {
        format!("verdict: * the game goes on; {mover} to move has no draw to claim")
    } else {
        format!(
            "verdict: * the game goes on; {mover} to move may claim {}",
            open.join(" or ")
        )
    };
    // An ending decided neither way is said, never passed over: the game
    // goes on only because it was not shown to be over.
    let undecided: Vec<String> = status
        .undetermined
        .iter()
        .map(|ending| format!("{ending} ({})", ending.article()))
        .collect();
    if undecided.is_empty() {
        goes_on
    } else {
        format!(
            "{goes_on}; {} undetermined within the search budget",
            undecided.join(" and ")
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::explain::{explain, render_table, verdict};
    use crate::{Edition, Reference, StartPosition};

    #[test]
    fn table_and_verdict_for_a_threefold_claim() {
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];
        let explained = explain(
            &mut Reference::default(),
            &StartPosition::standard(),
            Edition::Fide2018,
            &moves,
        );
        let table = render_table(&explained.rows);
        let expected = "\
ply  move  clock  rep  claims                                       endings
  0  -         0    1  -                                            -
  1  Nf3       1    1  -                                            -
  2  Nf6       2    1  -                                            -
  3  Ng1       3    1  -                                            -
  4  Ng8       4    2  -                                            -
  5  Nf3       5    2  -                                            -
  6  Nf6       6    2  -                                            -
  7  Ng1       7    2  threefold-repetition on written Ng8 (9.2.1)  -
";
        assert_eq!(table, expected);
        assert_eq!(
            verdict(explained.rows.last().unwrap()),
            "verdict: * the game goes on; Black to move may claim \
             threefold-repetition on written Ng8 (9.2.1)"
        );
    }
}
