//! Small endgames: random legal placements of a few material sets, from
//! bare kings to a king and pawn, with bishops of one square colour or of
//! both where it matters and pawns blocking each other where asked.

use super::{Family, Placement, Rng, Sample, is_light};

/// What a material set asks of the placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Anywhere legal.
    Free,
    /// Every bishop on squares of one colour.
    OneColour,
    /// The second bishop on the other colour from the first.
    BothColours,
    /// The first white pawn directly blocked by the first black pawn.
    Blocked,
}

/// The material sets: name, White's men, Black's men, shape.
const SETS: [(&str, &str, &str, Shape); 18] = [
    ("K v K", "K", "k", Shape::Free),
    ("KB v K", "KB", "k", Shape::Free),
    ("KN v K", "KN", "k", Shape::Free),
    ("KBB v K, one colour", "KBB", "k", Shape::OneColour),
    ("KBB v K", "KBB", "k", Shape::BothColours),
    ("KNN v K", "KNN", "k", Shape::Free),
    ("KB v KB, one colour", "KB", "kb", Shape::OneColour),
    ("KB v KB, both colours", "KB", "kb", Shape::BothColours),
    ("KN v KN", "KN", "kn", Shape::Free),
    ("KB v KN", "KB", "kn", Shape::Free),
    ("KR v K", "KR", "k", Shape::Free),
    ("KP v K", "KP", "k", Shape::Free),
    ("KBP v K", "KBP", "k", Shape::Free),
    ("KN v KP", "KN", "kp", Shape::Free),
    ("KB v KP", "KB", "kp", Shape::Free),
    ("KP v KP, blocked", "KP", "kp", Shape::Blocked),
    ("KBP v KP, blocked", "KBP", "kp", Shape::Blocked),
    ("KB v KBP, one colour", "KB", "kbp", Shape::OneColour),
];

/// `count` endgames from `seed`, the material sets taken in turn.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::positions::{Family, endgame};
///
/// let samples = endgame::generate(18, 2);
/// assert!(samples.iter().all(|s| s.family == Family::Endgame));
/// assert_eq!(samples[0].label, "K v K");
/// ```
pub fn generate(count: usize, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let mut samples = Vec::with_capacity(count);
    let mut turn = 0;
    while samples.len() < count {
        let (name, white, black, shape) = SETS[turn % SETS.len()];
        if let Some(position) = place(&mut rng, white, black, shape) {
            samples.push(Sample {
                family: Family::Endgame,
                label: name.to_owned(),
                position,
            });
            turn += 1;
        }
    }
    samples
}

fn place(rng: &mut Rng, white: &str, black: &str, shape: Shape) -> Option<shakmaty::Chess> {
    let mut board = Placement::empty();
    if shape == Shape::Blocked {
        let square = 8 + rng.below(40);
        board.put(square, 'P');
        board.put(square + 8, 'p');
    }
    let mut first_bishop: Option<bool> = None;
    let mut pawns_left = usize::from(shape == Shape::Blocked) * 2;
    for man in white.chars().chain(black.chars()) {
        if man.eq_ignore_ascii_case(&'p') && pawns_left > 0 {
            pawns_left -= 1; // placed above, blocked
            continue;
        }
        let colour = match (man.eq_ignore_ascii_case(&'b'), first_bishop, shape) {
            (true, Some(light), Shape::OneColour) => Some(light),
            (true, Some(light), Shape::BothColours) => Some(!light),
            _ => None,
        };
        let square = (0..50).map(|_| rng.below(64)).find(|&square| {
            let pawn_rank = !man.eq_ignore_ascii_case(&'p') || (8..56).contains(&square);
            board.is_empty(square)
                && pawn_rank
                && colour.is_none_or(|light| is_light(square) == light)
        })?;
        if man.eq_ignore_ascii_case(&'b') && first_bishop.is_none() {
            first_bishop = Some(is_light(square));
        }
        board.put(square, man);
    }
    board.position(rng.one_in(2))
}
