//! The ```` ```dead-position ```` blocks of the 5.2.2 page: one position
//! (`fen`, `moves` played first), each side's answer and the verdict,
//! checked against the reference's exact decision when the book builds and
//! drawn as a board.

use drawrules::mating::{Budget, Deadness, Mating};
use drawrules::reference::dead_position::can_ever_mate_in;
use drawrules::{Edition, Reference, StartPosition};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use drawrules_board::{Arrow, ArrowKind, Diagram};

/// The fields a block may have.
const FIELDS: [&str; 7] = [
    "fen", "moves", "white", "black", "verdict", "ended", "exact",
];

/// How many moves of a helpmate line are drawn, dashed.
const LINE_DRAWN: usize = 2;

/// Reads one block (its lines between the fences), holds it to the
/// reference and returns the board to show above it.
///
/// The reference decides each side with the default budget: its answer,
/// with the length of its helpmate line and the first moves the block
/// shows, or its reason, must read as the block writes it, and so must the
/// verdict. The board shows the position after the block's moves, the
/// last of them drawn, and the first moves of the helpmate line of the
/// side the verdict names, dashed.
///
/// # Errors
///
/// What is wrong or differs, in words.
///
/// # Examples
///
/// ```
/// use drawrules_book::dead_block::diagram;
///
/// let block = ["fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white: impossible (material)",
///              "black: impossible (material)", "verdict: dead"];
/// let board = diagram(&block).unwrap();
/// assert!(board.arrows.is_empty());
/// let wrong = ["fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white: impossible (material)",
///              "black: impossible (material)", "verdict: alive (white)"];
/// assert!(diagram(&wrong).unwrap_err().contains("verdict"));
/// ```
pub fn diagram(lines: &[&str]) -> Result<Diagram, String> {
    let block = Block::read(lines)?;
    let decided = confirm(&block)?;
    Ok(draw(&block, &decided))
}

/// A block's fields, as written.
struct Block<'a> {
    fields: Vec<(&'a str, &'a str)>,
}

impl<'a> Block<'a> {
    /// Reads the `key: value` lines of a block; every key is one of
    /// [`FIELDS`].
    fn read(lines: &[&'a str]) -> Result<Block<'a>, String> {
        let mut fields = Vec::new();
        for line in lines {
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| format!("{line:?} is not `key: value`"))?;
            if !FIELDS.contains(&key) {
                return Err(format!("unknown field {key:?}"));
            }
            fields.push((key, value.trim()));
        }
        Ok(Block { fields })
    }

    /// The field `key`, if the block has it.
    fn get(&self, key: &str) -> Option<&'a str> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// The field `key`, which the block must have.
    fn need(&self, key: &str) -> Result<&'a str, String> {
        self.get(key).ok_or_else(|| format!("no {key:?}"))
    }
}

/// What the reference decides of a block's position, once the block is
/// found to say the same.
struct Decided {
    /// The position after the block's moves.
    position: Chess,
    /// The last of those moves.
    last: Option<Move>,
    /// The verdict, from the two sides' answers.
    deadness: Deadness,
}

/// Plays the block's moves through the reference, decides each side, and
/// holds the block's answers and verdict to the reference's.
fn confirm(block: &Block<'_>) -> Result<Decided, String> {
    let (position, last) = played(block.need("fen")?, block.get("moves"))?;
    let mut answers = Vec::new();
    for (key, color) in [("white", Color::White), ("black", Color::Black)] {
        let mating = can_ever_mate_in(&position, color, CastlingMode::Standard, Budget::DEFAULT);
        confirm_side(key, block.need(key)?, &mating)?;
        answers.push(mating);
    }
    // The verdict from the two answers, as the decision combines them,
    // rather than deciding the position again.
    let deadness = Deadness::of(&answers[0], &answers[1]);
    let written = block.need("verdict")?;
    if written != deadness.name() {
        return Err(format!(
            "verdict: the block says {written:?}, the reference {:?}",
            deadness.name()
        ));
    }
    Ok(Decided {
        position,
        last,
        deadness,
    })
}

/// The position after `moves` (UCI, by spaces) from `fen`, and the last
/// of them.
fn played(fen: &str, moves: Option<&str>) -> Result<(Chess, Option<Move>), String> {
    let start: StartPosition = fen.parse().map_err(|err| format!("fen {fen:?}: {err}"))?;
    let mut game = Reference::new(&start, Edition::Fide2018);
    let mut last = None;
    for text in moves.unwrap_or_default().split_whitespace() {
        let mv = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(game.position()).ok())
            .ok_or_else(|| format!("move {text:?} is not legal"))?;
        game.play_move(mv)
            .map_err(|err| format!("move {text:?}: {err}"))?;
        last = Some(mv);
    }
    Ok((game.position().clone(), last))
}

/// Holds one side's answer as the block writes it (`written`, under
/// `key`) to the reference's `mating`.
fn confirm_side(key: &str, written: &str, mating: &Mating) -> Result<(), String> {
    let (answer, first) = written.split_once(':').unwrap_or((written, ""));
    let said = match mating {
        Mating::Possible { line } => format!("possible in {} plies", line.len()),
        Mating::Impossible { reason } => format!("impossible ({})", reason.name()),
        Mating::Undetermined => "undetermined".to_owned(),
    };
    if said != answer.trim() {
        return Err(format!(
            "{key}: the block says {answer:?}, the reference {said:?}"
        ));
    }
    if let Mating::Possible { line } = mating {
        let first: Vec<&str> = first.split_whitespace().collect();
        if first.is_empty() || line.len() < first.len() || line[..first.len()] != first[..] {
            return Err(format!(
                "{key}: the block shows the line opening {first:?}, the reference's is {line:?}"
            ));
        }
    }
    Ok(())
}

/// The board of a confirmed block: its last move drawn solid, the first
/// moves of the helpmate line of the side the verdict names dashed.
fn draw(block: &Block<'_>, decided: &Decided) -> Diagram {
    let mut arrows = Vec::new();
    let fen = block.get("fen").unwrap_or_default();
    let mut alt = format!("The position {}", position_words(fen, block.get("moves")));
    if let Some(mv) = decided.last
        && let Some(from) = mv.from()
    {
        arrows.push(Arrow {
            from,
            to: mv.to(),
            kind: ArrowKind::Played,
        });
    }
    if let Deadness::Alive { side, line } = &decided.deadness {
        let drawn = draw_line(&decided.position, line, &mut arrows);
        alt.push_str(&format!(
            "; dashed, the first moves of {:?}'s helpmate line: {}",
            Color::from(*side),
            drawn.join(" ")
        ));
    }
    alt.push_str(&format!(". The verdict: {}.", decided.deadness.name()));
    Diagram {
        board: decided.position.board().clone(),
        arrows,
        alt,
    }
}

/// Draws the first [`LINE_DRAWN`] moves of `line` from `position`,
/// dashed, and returns them.
fn draw_line<'l>(position: &Chess, line: &'l [String], arrows: &mut Vec<Arrow>) -> Vec<&'l str> {
    let mut after = position.clone();
    let mut drawn = Vec::new();
    for text in line.iter().take(LINE_DRAWN) {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&after).ok())
        else {
            break;
        };
        if let Some(from) = mv.from() {
            arrows.push(Arrow {
                from,
                to: mv.to(),
                kind: ArrowKind::Written,
            });
        }
        after.play_unchecked(mv);
        drawn.push(text.as_str());
    }
    drawn
}

/// "with FEN …" or "after the moves … from FEN …".
fn position_words(fen: &str, moves: Option<&str>) -> String {
    match moves.filter(|moves| !moves.trim().is_empty()) {
        Some(moves) => format!("after {moves} from {fen}"),
        None => fen.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alive_block_draws_the_first_moves_of_the_named_sides_line() {
        // The page's example (b): White's helpmate opens with two captures.
        let block = [
            "fen: 4k3/8/8/1p1p1p2/pPpPpPpp/P1P1P1PP/8/4K3 w - - 0 1",
            "white: possible in 27 plies: h3g4 h4g3 g4f5 g3g2 f5f6 e8f8",
            "black: possible in 20 plies: h3g4 h4g3 g4f5 g3g2 f5f6 g2g1q",
            "verdict: alive (white)",
        ];
        let diagram = diagram(&block).unwrap();
        assert_eq!(diagram.arrows.len(), LINE_DRAWN);
        assert!(diagram.arrows.iter().all(|a| a.kind == ArrowKind::Written));
        assert!(
            diagram.alt.contains("White's helpmate line: h3g4 h4g3"),
            "{}",
            diagram.alt
        );
    }

    #[test]
    fn a_block_that_differs_from_the_reference_is_refused() {
        let fen = "fen: 4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1";
        for (lines, why) in [
            (
                vec![
                    fen,
                    "white: impossible (material)",
                    "black: impossible (wall)",
                    "verdict: dead",
                ],
                "white: the block says \"impossible (material)\", the reference \"impossible (wall)\"",
            ),
            (vec![fen, "white: impossible (wall)"], "no \"black\""),
            (vec![fen, "colour: white"], "unknown field \"colour\""),
            (vec![fen, "moves: e1e3"], "move \"e1e3\" is not legal"),
            (vec!["fen: 8/8 w"], "fen \"8/8 w\""),
        ] {
            let err = diagram(&lines).unwrap_err();
            assert!(err.starts_with(why), "{err}");
        }
    }

    #[test]
    fn the_played_move_is_drawn_solid() {
        let block = [
            "fen: 4k3/8/8/8/8/8/3r4/4K3 w - - 12 70",
            "moves: e1d2",
            "white: impossible (material)",
            "black: impossible (material)",
            "verdict: dead",
        ];
        let diagram = diagram(&block).unwrap();
        assert_eq!(diagram.arrows.len(), 1);
        assert_eq!(diagram.arrows[0].kind, ArrowKind::Played);
        assert!(diagram.alt.starts_with("The position after e1d2 from 4k3/"));
    }
}
