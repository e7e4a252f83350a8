//! A worked example as the book shows it: the board at the ply that
//! matters, with its moves drawn, beside the table of every ply as the
//! reference judged it.

use std::fmt::Write;

use drawrules::Edition;
use drawrules::explain::{HEADERS, Row, cells};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use drawrules_board::{Arrow, ArrowKind, Diagram, escape};

/// Which board an example shows and what is drawn on it, as a page may ask
/// in a `<!-- board: … -->` comment before the example; by default the
/// last ply, with the move that reached it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardChoice {
    /// No board for this example.
    pub none: bool,
    /// The ply whose position is drawn (default: the last one).
    pub ply: Option<usize>,
    /// Moves drawn solid, in UCI, instead of the move that reached the ply.
    pub played: Vec<String>,
    /// Moves drawn dashed, in UCI: moves only written down, or a line
    /// that could follow.
    pub written: Vec<String>,
}

impl BoardChoice {
    /// Reads the text of a `<!-- board: … -->` comment (after `board:`):
    /// `none`, or any of `ply N`, `played UCI…`, `written UCI…`, separated
    /// by `;`.
    ///
    /// # Errors
    ///
    /// What is wrong, in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_book::figure::BoardChoice;
    ///
    /// let choice = BoardChoice::parse("ply 0; written a1a8 g1f1").unwrap();
    /// assert_eq!(choice.ply, Some(0));
    /// assert_eq!(choice.written, ["a1a8", "g1f1"]);
    /// assert!(BoardChoice::parse("plies 3").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<BoardChoice, String> {
        let mut choice = BoardChoice::default();
        for part in text
            .split(';')
            .map(str::trim)
            .filter(|part| !part.is_empty())
        {
            let mut words = part.split_whitespace();
            match words.next() {
                Some("none") => choice.none = true,
                Some("ply") => {
                    let number = words.next().unwrap_or_default();
                    choice.ply = Some(
                        number
                            .parse()
                            .map_err(|_| format!("`ply` wants a number, not {number:?}"))?,
                    );
                }
                Some("played") => choice.played.extend(words.by_ref().map(str::to_owned)),
                Some("written") => choice.written.extend(words.by_ref().map(str::to_owned)),
                Some(other) => {
                    return Err(format!(
                        "unknown {other:?} (none, ply N, played UCI…, written UCI…)"
                    ));
                }
                None => {}
            }
            if let Some(extra) = words.next() {
                return Err(format!("{extra:?} after {part:?}"));
            }
        }
        Ok(choice)
    }
}

/// The figure of an explained game: the board `choice` asks for beside
/// the table of `rows`, the drawn ply marked, and the edition the game was
/// judged under as its caption when it is given (a page that shows both
/// editions must say which each figure is); `None` when the choice is no
/// board or nothing was played (a refused FEN).
///
/// # Errors
///
/// A ply past the last, or a move to draw that is not legal where it is
/// drawn.
///
/// # Examples
///
/// ```
/// use drawrules::explain::explain;
/// use drawrules::{Edition, Reference, StartPosition};
/// use drawrules_book::figure::{BoardChoice, figure};
///
/// let start: StartPosition = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60".parse().unwrap();
/// let explained = explain(&mut Reference::default(), &start, Edition::Fide2018, &["a1a8"]);
/// let html = figure(&explained.rows, &BoardChoice::default(), false, Some(Edition::Fide2018))
///     .unwrap()
///     .unwrap();
/// assert!(html.starts_with("<figure class=\"drawrules\">"));
/// assert!(html.contains("<figcaption>Judged under fide-2018</figcaption>"));
/// assert!(html.contains("Ra8#, drawn from a1 to a8"));
/// assert!(html.contains("<td>checkmate (5.1.1)</td>"));
/// ```
pub fn figure(
    rows: &[Row],
    choice: &BoardChoice,
    chess960: bool,
    edition: Option<Edition>,
) -> Result<Option<String>, String> {
    if choice.none || rows.is_empty() {
        return Ok(None);
    }
    let last = rows.len() - 1;
    let shown = choice.ply.unwrap_or(last);
    if shown > last {
        return Err(format!("ply {shown}: the game has plies 0 to {last}"));
    }
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let row = &rows[shown];
    let fen = &row.status.fen;
    let position: Chess = fen
        .parse::<Fen>()
        .map_err(|err| format!("{fen}: {err}"))?
        .into_position(mode)
        .map_err(|err| format!("{fen}: {err}"))?;
    let mut drawing = Drawing::default();
    drawing.played(row, choice)?;
    drawing.written(row, choice, &position)?;
    let mut alt = format!("The position at ply {shown}: {fen}");
    for part in &drawing.said {
        alt.push_str(", ");
        alt.push_str(part);
    }
    alt.push('.');
    let diagram = Diagram {
        board: position.board().clone(),
        arrows: drawing.arrows,
        alt,
    };
    let mut html = String::from("<figure class=\"drawrules\">");
    if let Some(edition) = edition {
        html.push_str(&format!("<figcaption>Judged under {edition}</figcaption>"));
    }
    html.push_str(&diagram.svg());
    html.push_str(&table(rows, shown));
    html.push_str("</figure>");
    Ok(Some(html))
}

/// The arrows of a board, and what they show in words.
#[derive(Default)]
struct Drawing {
    arrows: Vec<Arrow>,
    said: Vec<String>,
}

impl Drawing {
    /// The moves drawn solid: those `choice` names, or else the move that
    /// reached `row`.
    fn played(&mut self, row: &Row, choice: &BoardChoice) -> Result<(), String> {
        if choice.played.is_empty() {
            if let (Some(san), Some(mv)) = (&row.san, row.played) {
                let drawn = Arrow::of_move(mv, ArrowKind::Played);
                self.said.push(format!(
                    "with the move that reached it, {san}, drawn from {} to {}",
                    drawn.from, drawn.to
                ));
                self.arrows.push(drawn);
            }
        } else {
            for uci in &choice.played {
                self.arrows.push(drawn(uci, ArrowKind::Played)?);
            }
            self.said
                .push(format!("with the moves {} drawn", choice.played.join(" ")));
        }
        Ok(())
    }

    /// The moves drawn dashed: those `choice` names, or else the written
    /// moves that would support a threefold claim (9.2.1) in `position`
    /// (`row`'s), when there are few: the move a player may write down
    /// instead of playing it.
    fn written(&mut self, row: &Row, choice: &BoardChoice, position: &Chess) -> Result<(), String> {
        if !choice.written.is_empty() {
            for uci in &choice.written {
                self.arrows.push(drawn(uci, ArrowKind::Written)?);
            }
            self.said.push(format!(
                "and, dashed, the moves {} (written down or still to come, not played)",
                choice.written.join(" ")
            ));
            return Ok(());
        }
        let threefold = &row.status.claims_on_move.threefold_repetition;
        if !threefold.is_empty() && threefold.len() <= WRITTEN_DRAWN {
            for uci in threefold {
                self.arrows
                    .push(drawn_in(uci, position, ArrowKind::Written)?);
            }
            self.said.push(format!(
                "and, dashed, the written {} that would support a threefold claim (9.2.1): {}",
                if threefold.len() == 1 {
                    "move"
                } else {
                    "moves"
                },
                threefold.join(" ")
            ));
        }
        Ok(())
    }
}

/// How many written moves of a threefold claim are drawn by default; more
/// are only listed in the table.
const WRITTEN_DRAWN: usize = 3;

/// A legal move of `position`, given in UCI (castling as the position's
/// mode writes it), drawn as the man goes.
fn drawn_in(uci: &str, position: &Chess, kind: ArrowKind) -> Result<Arrow, String> {
    uci.parse::<UciMove>()
        .ok()
        .and_then(|uci| uci.to_move(position).ok())
        .map(|mv| Arrow::of_move(mv, kind))
        .ok_or_else(|| format!("{uci:?} is not a legal move here"))
}

/// A move to draw, given in UCI, from square to square.
fn drawn(uci: &str, kind: ArrowKind) -> Result<Arrow, String> {
    match uci.parse::<UciMove>() {
        Ok(UciMove::Normal { from, to, .. }) => Ok(Arrow { from, to, kind }),
        _ => Err(format!(
            "{uci:?} is not a move from one square to another in UCI"
        )),
    }
}

/// The table of every ply, the row of `shown` marked.
fn table(rows: &[Row], shown: usize) -> String {
    let mut html = String::from("<table class=\"drawrules-plies\"><thead><tr>");
    for header in HEADERS {
        let _ = write!(html, "<th>{header}</th>");
    }
    html.push_str("</tr></thead><tbody>");
    for (index, row) in rows.iter().enumerate() {
        html.push_str(if index == shown {
            "<tr class=\"shown\">"
        } else {
            "<tr>"
        });
        for cell in cells(row) {
            let _ = write!(html, "<td>{}</td>", escape(&cell));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use drawrules::explain::explain;
    use drawrules::{Edition, Reference, StartPosition};

    fn rows(fen: &str, moves: &[&str]) -> Vec<Row> {
        let start: StartPosition = fen.parse().unwrap();
        explain(&mut Reference::default(), &start, Edition::Fide2018, moves).rows
    }

    #[test]
    fn castling_is_drawn_as_the_king_goes() {
        let rows = rows("r3k3/8/8/8/8/8/8/4K2R w Kq - 98 60", &["e1g1", "e8c8"]);
        let html = figure(&rows, &BoardChoice::default(), false, None)
            .unwrap()
            .unwrap();
        assert!(html.contains("O-O-O, drawn from e8 to c8"), "{html}");
        assert_eq!(html.matches("<line class=\"arrow played\"").count(), 1);
        assert_eq!(html.matches("<tr class=\"shown\">").count(), 1);
        assert_eq!(html.matches("<tr").count(), 4, "a header and three plies");
    }

    #[test]
    fn a_page_may_choose_the_ply_and_the_arrows() {
        let rows = rows("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60", &["a1a8"]);
        let choice = BoardChoice::parse("ply 0; written a1a8").unwrap();
        let html = figure(&rows, &choice, false, None).unwrap().unwrap();
        assert!(html.contains("The position at ply 0: 6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60"));
        assert!(
            html.contains(
                "and, dashed, the moves a1a8 (written down or still to come, not played)"
            )
        );
        assert_eq!(html.matches("arrow written").count(), 1);
        assert_eq!(html.matches("arrow played").count(), 0, "ply 0 has no move");
        assert!(
            figure(&rows, &BoardChoice::parse("none").unwrap(), false, None)
                .unwrap()
                .is_none()
        );
        assert_eq!(
            figure(&rows, &BoardChoice::parse("ply 2").unwrap(), false, None).unwrap_err(),
            "ply 2: the game has plies 0 to 1"
        );
        assert!(
            figure(
                &rows,
                &BoardChoice::parse("played O-O").unwrap(),
                false,
                None
            )
            .is_err()
        );
    }

    #[test]
    fn the_written_moves_of_a_threefold_claim_are_drawn_dashed() {
        let rows = rows(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[
                "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
            ],
        );
        let html = figure(&rows, &BoardChoice::default(), false, None)
            .unwrap()
            .unwrap();
        assert!(
            html.contains("the written move that would support a threefold claim (9.2.1): g1f3"),
            "{html}"
        );
        assert_eq!(html.matches("arrow written").count(), 1);
        assert_eq!(html.matches("arrow played").count(), 1);
    }

    #[test]
    fn a_board_choice_is_read_strictly() {
        assert_eq!(
            BoardChoice::parse("ply x").unwrap_err(),
            "`ply` wants a number, not \"x\""
        );
        assert!(BoardChoice::parse("ply 1 2").is_err());
        assert!(BoardChoice::parse("arrows e2e4").is_err());
        assert_eq!(BoardChoice::parse("").unwrap(), BoardChoice::default());
    }
}
