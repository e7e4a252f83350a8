//! A position drawn as an inline SVG board, with the moves that matter
//! drawn as arrows and a text alternative for readers who cannot see it:
//! the boards of the book (`crates/book`) and of its in-browser page
//! (`crates/web`), drawn by the same code.
//!
//! The SVG carries classes, not colours: the stylesheet
//! `book/theme/drawrules.css` paints the squares, the men and the arrows.

use std::fmt::Write;

use shakmaty::{Board, Color, Move, Piece, Role, Square};

/// Side of one square, in SVG units.
const SQUARE: u32 = 40;
/// Room for the file letters under the board and the rank numbers beside
/// it.
const MARGIN: u32 = 16;

/// One arrow on a board: a move from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrow {
    /// Where the man stood.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// What the arrow stands for.
    pub kind: ArrowKind,
}

impl Arrow {
    /// The arrow of a move, drawn as the man goes: castling from the
    /// king's square to where the king ends up (shakmaty writes castling as
    /// the king taking its rook).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_board::{Arrow, ArrowKind};
    /// use shakmaty::{CastlingSide, Move, Square};
    ///
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// let arrow = Arrow::of_move(castle, ArrowKind::Played);
    /// assert_eq!((arrow.from, arrow.to), (Square::E1, Square::G1));
    /// ```
    pub fn of_move(mv: Move, kind: ArrowKind) -> Arrow {
        let from = mv.from().unwrap_or(mv.to());
        let to = match mv.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), from.rank()),
            None => mv.to(),
        };
        Arrow { from, to, kind }
    }
}

/// What an arrow stands for, and so how it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowKind {
    /// A move played in the example: solid.
    Played,
    /// A move only written down, or a line that could follow: dashed.
    Written,
}

/// A board ready to draw: the men, the arrows, and the text that stands
/// for the picture.
///
/// # Examples
///
/// ```
/// use drawrules_board::{Arrow, ArrowKind, Diagram};
/// use shakmaty::{Board, Square};
///
/// let diagram = Diagram {
///     board: Board::new(),
///     arrows: vec![Arrow { from: Square::E2, to: Square::E4, kind: ArrowKind::Played }],
///     alt: "the standard start position, and the pawn's double step e2-e4".to_owned(),
/// };
/// let svg = diagram.svg();
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("<title>the standard start position"));
/// assert_eq!(svg.matches("<text class=\"man").count(), 32);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The men on the board.
    pub board: Board,
    /// The moves drawn, in order (a later arrow is drawn over an earlier
    /// one).
    pub arrows: Vec<Arrow>,
    /// The text alternative: what the board shows, in words (the FEN and
    /// the moves drawn).
    pub alt: String,
}

impl Diagram {
    /// The board as an SVG element, White at the bottom: the squares, the
    /// men (chess glyphs), the files and ranks, and the arrows; `role="img"`
    /// with [`Diagram::alt`] as its title.
    pub fn svg(&self) -> String {
        let size = 8 * SQUARE + MARGIN;
        let mut svg = String::new();
        let _ = write!(
            svg,
            "<svg class=\"drawrules-board\" xmlns=\"http://www.w3.org/2000/svg\" \
             viewBox=\"0 0 {size} {size}\" width=\"{size}\" height=\"{size}\" role=\"img\" \
             aria-label=\"{alt}\"><title>{alt}</title>",
            alt = escape(&self.alt),
        );
        svg.push_str(
            "<defs><marker id=\"drawrules-head\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" \
             markerWidth=\"3\" markerHeight=\"3\" orient=\"auto-start-reverse\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker></defs>",
        );
        for square in Square::ALL {
            let (x, y) = corner(square);
            let shade = if square.is_light() { "light" } else { "dark" };
            let _ = write!(
                svg,
                "<rect class=\"{shade}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\"/>"
            );
        }
        for (square, piece) in self.board.iter() {
            let (x, y) = centre(square);
            let _ = write!(
                svg,
                "<text class=\"man {colour}\" x=\"{x}\" y=\"{y}\">{glyph}</text>",
                colour = match piece.color {
                    Color::White => "white",
                    Color::Black => "black",
                },
                glyph = glyph(piece),
            );
        }
        for index in 0..8u32 {
            let file = char::from(b'a' + u8::try_from(index).unwrap_or(0));
            let rank = 8 - index;
            let x = MARGIN + index * SQUARE + SQUARE / 2;
            let y = index * SQUARE + SQUARE / 2;
            let _ = write!(
                svg,
                "<text class=\"coord\" x=\"{x}\" y=\"{bottom}\">{file}</text>\
                 <text class=\"coord\" x=\"{left}\" y=\"{y}\">{rank}</text>",
                bottom = 8 * SQUARE + MARGIN / 2 + 1,
                left = MARGIN / 2,
            );
        }
        for arrow in &self.arrows {
            let (x1, y1) = centre(arrow.from);
            let (x2, y2) = centre(arrow.to);
            let class = match arrow.kind {
                ArrowKind::Played => "arrow played",
                ArrowKind::Written => "arrow written",
            };
            // Stop short of the centre so that the head does not hide the
            // man it points at.
            let (dx, dy) = (f64::from(x2) - f64::from(x1), f64::from(y2) - f64::from(y1));
            let length = (dx * dx + dy * dy).sqrt().max(1.0);
            let shorten = f64::from(SQUARE) * 0.3;
            let (ex, ey) = (
                f64::from(x2) - dx / length * shorten,
                f64::from(y2) - dy / length * shorten,
            );
            let _ = write!(
                svg,
                "<line class=\"{class}\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" \
                 marker-end=\"url(#drawrules-head)\"/>"
            );
        }
        svg.push_str("</svg>");
        svg
    }
}

/// The top-left corner of `square`, White at the bottom.
fn corner(square: Square) -> (u32, u32) {
    let file = u32::from(square.file());
    let rank = u32::from(square.rank());
    (MARGIN + file * SQUARE, (7 - rank) * SQUARE)
}

/// The centre of `square`.
fn centre(square: Square) -> (u32, u32) {
    let (x, y) = corner(square);
    (x + SQUARE / 2, y + SQUARE / 2)
}

/// The glyph of a man: the solid chess symbols for both colours (the
/// stylesheet fills White's men white with a dark outline), each followed
/// by the text-presentation selector, so that no font draws it as an
/// emoji.
fn glyph(piece: Piece) -> &'static str {
    match piece.role {
        Role::King => "\u{265A}\u{FE0E}",
        Role::Queen => "\u{265B}\u{FE0E}",
        Role::Rook => "\u{265C}\u{FE0E}",
        Role::Bishop => "\u{265D}\u{FE0E}",
        Role::Knight => "\u{265E}\u{FE0E}",
        Role::Pawn => "\u{265F}\u{FE0E}",
    }
}

/// `text` safe inside an XML attribute or element.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn diagram(fen: &str, arrows: Vec<Arrow>) -> Diagram {
        let fen: Fen = fen.parse().unwrap();
        Diagram {
            board: fen.as_setup().board.clone(),
            arrows,
            alt: format!("FEN {fen}"),
        }
    }

    #[test]
    fn a1_is_dark_and_in_the_bottom_left_corner() {
        assert_eq!(corner(Square::A1), (MARGIN, 7 * SQUARE));
        assert_eq!(corner(Square::H8), (MARGIN + 7 * SQUARE, 0));
        let svg = diagram("8/8/8/8/8/8/8/8 w - - 0 1", Vec::new()).svg();
        let a1 = format!("<rect class=\"dark\" x=\"{MARGIN}\" y=\"{}\"", 7 * SQUARE);
        assert!(svg.contains(&a1), "{svg}");
        assert_eq!(svg.matches("class=\"dark\"").count(), 32);
        assert_eq!(svg.matches("class=\"light\"").count(), 32);
    }

    #[test]
    fn each_man_is_drawn_on_its_square_in_its_colour() {
        let svg = diagram("6k1/8/8/8/8/8/8/R5K1 w - - 0 1", Vec::new()).svg();
        let (x, y) = centre(Square::A1);
        assert!(
            svg.contains(&format!(
                "<text class=\"man white\" x=\"{x}\" y=\"{y}\">\u{265C}\u{FE0E}</text>"
            )),
            "{svg}"
        );
        let (x, y) = centre(Square::G8);
        assert!(
            svg.contains(&format!(
                "<text class=\"man black\" x=\"{x}\" y=\"{y}\">\u{265A}\u{FE0E}</text>"
            )),
            "{svg}"
        );
        assert_eq!(svg.matches("class=\"man").count(), 3);
    }

    #[test]
    fn arrows_run_from_the_centre_of_one_square_towards_the_other() {
        let arrows = vec![
            Arrow {
                from: Square::A1,
                to: Square::A8,
                kind: ArrowKind::Played,
            },
            Arrow {
                from: Square::G1,
                to: Square::F1,
                kind: ArrowKind::Written,
            },
        ];
        let svg = diagram("6k1/8/8/8/8/8/8/R5K1 w - - 0 1", arrows).svg();
        let (x1, y1) = centre(Square::A1);
        let (_, y8) = centre(Square::A8);
        let end = f64::from(y8) + f64::from(SQUARE) * 0.3;
        assert!(
            svg.contains(&format!(
                "<line class=\"arrow played\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x1}.0\" y2=\"{end:.1}\""
            )),
            "{svg}"
        );
        assert_eq!(svg.matches("class=\"arrow written\"").count(), 1);
    }

    #[test]
    fn the_text_alternative_is_escaped() {
        let mut one = diagram("8/8/8/8/8/8/8/8 w - - 0 1", Vec::new());
        one.alt = "a \"quoted\" <b> & more".to_owned();
        let svg = one.svg();
        assert!(svg.contains("<title>a &quot;quoted&quot; &lt;b&gt; &amp; more</title>"));
        assert!(!svg.contains("<b>"));
    }
}
