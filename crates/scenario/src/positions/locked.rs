//! Locked pawn structures: a chain of white pawns, each blocked by a black
//! pawn directly in front of it, across the board; kings placed on either
//! side of the wall; sometimes a few pieces.
//!
//! The white pawn of each file stands one rank above or below the white
//! pawn of the next file, so no pawn attacks an enemy pawn and the wall is
//! shut. Variants open it: a file left out (a gap kings and pieces may pass
//! through, unless pawns guard it), two neighbouring files on the same rank
//! (a capture is available), or a free pawn besides the chain (a pawn
//! break). Pieces: one or two bishops (of one square colour or of both), a
//! knight, a rook, for either side, on either side of the wall.

use super::{Family, Placement, Rng, Sample, is_light};

/// How the wall is opened, if at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opening {
    Shut,
    Capture,
    FreePawn,
}

/// `count` locked structures from `seed`.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::positions::{Family, locked};
///
/// let samples = locked::generate(20, 1);
/// assert_eq!(samples.len(), 20);
/// assert!(samples.iter().all(|s| s.family == Family::Locked));
/// assert_eq!(samples[3].fen(), locked::generate(20, 1)[3].fen());
/// ```
pub fn generate(count: usize, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let mut samples = Vec::with_capacity(count);
    while samples.len() < count {
        if let Some(sample) = locked_structure(&mut rng) {
            samples.push(sample);
        }
    }
    samples
}

/// Which side of the wall each king stands on: white's south of it (its
/// home side) or north, black's north (home) or south.
#[derive(Debug, Clone, Copy)]
struct Kings {
    white_south: bool,
    black_north: bool,
}

impl Kings {
    /// Whether the men of the side (`white` or black) stand south of the
    /// wall, beside their king.
    fn south(self, white: bool) -> bool {
        if white {
            self.white_south
        } else {
            !self.black_north
        }
    }
}

/// One locked structure drawn from `rng`: the wall, its opening, the
/// kings and the pieces; `None` when a man found no square.
fn locked_structure(rng: &mut Rng) -> Option<Sample> {
    let opening = opening(rng);
    let ranks = chain_ranks(rng, opening);
    let gaps = gaps(rng);
    let mut board = Placement::empty();
    for file in (0..8).filter(|&file| !gaps[file]) {
        board.put(ranks[file] * 8 + file, 'P');
        board.put((ranks[file] + 1) * 8 + file, 'p');
    }
    if opening == Opening::FreePawn {
        let pawn = if rng.one_in(2) { 'P' } else { 'p' };
        place(rng, &mut board, pawn, |square| (8..56).contains(&square))?;
    }
    let kings = Kings {
        white_south: rng.below(8) != 0,
        black_north: rng.below(8) != 0,
    };
    place(rng, &mut board, 'K', beside_wall(ranks, kings.south(true)))?;
    place(rng, &mut board, 'k', beside_wall(ranks, kings.south(false)))?;
    let pieces = pieces(rng, &mut board, ranks, kings)?;
    let white_to_move = rng.one_in(2);
    let position = board.position(white_to_move)?;
    Some(Sample {
        family: Family::Locked,
        label: label(gaps.contains(&true), opening, kings, &pieces),
        position,
    })
}

/// How the wall is opened: shut in four structures of six.
fn opening(rng: &mut Rng) -> Opening {
    match rng.below(6) {
        0 => Opening::Capture,
        1 => Opening::FreePawn,
        _ => Opening::Shut,
    }
}

/// The white pawn's rank (0-based) on each file: a walk up and down, flat
/// once (two neighbouring files on one rank) when the opening is a capture.
fn chain_ranks(rng: &mut Rng, opening: Opening) -> [usize; 8] {
    let mut ranks = [0usize; 8];
    ranks[0] = 1 + rng.below(5);
    let flat = (opening == Opening::Capture).then(|| 1 + rng.below(7));
    for file in 1..8 {
        let previous = ranks[file - 1];
        ranks[file] = if flat == Some(file) {
            previous
        } else if previous == 1 || (previous < 5 && rng.one_in(2)) {
            previous + 1
        } else {
            previous - 1
        };
    }
    ranks
}

/// The files left out of the wall: none in two structures of three, else
/// one or two draws of a file.
fn gaps(rng: &mut Rng) -> [bool; 8] {
    let mut gaps = [false; 8];
    if rng.one_in(3) {
        for _ in 0..1 + rng.below(2) {
            gaps[rng.below(8)] = true;
        }
    }
    gaps
}

/// Whether a square is south of the wall (`south`) or north of it, the
/// white pawn of each file standing on `ranks[file]`.
fn beside_wall(ranks: [usize; 8], south: bool) -> impl Fn(usize) -> bool {
    move |square: usize| {
        let (rank, file) = (square / 8, square % 8);
        if south {
            rank < ranks[file]
        } else {
            rank > ranks[file] + 1
        }
    }
}

/// The pieces, each on its king's side of the wall: none in half the
/// structures, one group in a third, two in a sixth; a group is a bishop,
/// two bishops, a knight or a rook, for either side. Gives the men placed.
fn pieces(
    rng: &mut Rng,
    board: &mut Placement,
    ranks: [usize; 8],
    kings: Kings,
) -> Option<Vec<char>> {
    let mut pieces = Vec::new();
    let pieces_wanted = [0, 0, 0, 1, 1, 2][rng.below(6)];
    for _ in 0..pieces_wanted {
        let white = rng.one_in(2);
        let south = kings.south(white);
        let kind = rng.below(5);
        let men: &[char] = match kind {
            0 | 1 => &['B'],
            2 => &['B', 'B'],
            3 => &['N'],
            _ => &['R'],
        };
        let mut colour: Option<bool> = None;
        for &man in men {
            let man = if white { man } else { man.to_ascii_lowercase() };
            // Two bishops: of one square colour, or (kind 1 then 2) of both.
            let wanted = match (man.to_ascii_uppercase(), colour, kind) {
                ('B', Some(light), 2) => Some(light),
                ('B', Some(light), _) => Some(!light),
                _ => None,
            };
            let on_side = beside_wall(ranks, south);
            let square = place(rng, board, man, move |square| {
                on_side(square) && wanted.is_none_or(|light| is_light(square) == light)
            })?;
            colour = Some(is_light(square));
            pieces.push(man);
        }
    }
    Some(pieces)
}

/// The sample's label: the wall, where the kings stand, the pieces.
fn label(gapped: bool, opening: Opening, kings: Kings, pieces: &[char]) -> String {
    format!(
        "chain{}{}, kings {}/{}{}",
        if gapped { " with a gap" } else { "" },
        match opening {
            Opening::Shut => "",
            Opening::Capture => ", capture",
            Opening::FreePawn => ", free pawn",
        },
        if kings.white_south { "home" } else { "across" },
        if kings.black_north { "home" } else { "across" },
        if pieces.is_empty() {
            String::new()
        } else {
            format!(", {}", pieces.iter().collect::<String>())
        },
    )
}

/// Puts `man` on an empty square that `allowed` accepts (50 tries), and
/// says which.
fn place(
    rng: &mut Rng,
    board: &mut Placement,
    man: char,
    allowed: impl Fn(usize) -> bool,
) -> Option<usize> {
    for _ in 0..50 {
        let square = rng.below(64);
        if board.is_empty(square) && allowed(square) {
            board.put(square, man);
            return Some(square);
        }
    }
    None
}
