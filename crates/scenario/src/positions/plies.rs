//! Plies sampled from real games: one per game, late plies with little
//! material preferred, where dead positions (and the hard cases of the
//! search) are found.

use shakmaty::{Chess, Position};

use super::{Family, Rng, Sample};

/// The ply of `game` (its positions, ply 0 first) to survey, or `None`
/// when the game is over at every ply. Each ply where the side to move has
/// a legal move is chosen with a weight growing with the ply number and,
/// faster, with the men already off the board.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::positions::{Rng, plies};
/// use shakmaty::{Chess, Position, Square, Move, Role};
///
/// let start = Chess::default();
/// let mut after = start.clone();
/// after.play_unchecked(Move::Normal {
///     role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None,
/// });
/// let ply = plies::pick(&[start, after], &mut Rng::new(3)).unwrap();
/// assert!(ply <= 1);
/// ```
pub fn pick(game: &[Chess], rng: &mut Rng) -> Option<usize> {
    let weights: Vec<u64> = game
        .iter()
        .enumerate()
        .map(|(ply, position)| {
            if position.legal_moves().is_empty() {
                return 0;
            }
            let off = 33 - u64::from(position.board().occupied().count() as u32);
            (ply as u64 + 1) * off * off * off
        })
        .collect();
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut target = rng.next_u64() % total;
    weights.iter().position(|&weight| {
        if target < weight {
            true
        } else {
            target -= weight;
            false
        }
    })
}

/// A sample of ply `ply` of `game`, labelled with where it comes from.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::positions::plies;
/// use shakmaty::Chess;
///
/// let sample = plies::sample(&[Chess::default()], 0, "game 1");
/// assert_eq!(sample.label, "game 1 ply 0");
/// ```
pub fn sample(game: &[Chess], ply: usize, source: &str) -> Sample {
    Sample {
        family: Family::Games,
        label: format!("{source} ply {ply}"),
        position: game[ply].clone(),
    }
}

/// Reads up to `games` standard-chess games of the PGN file at `path`
/// (plain or compressed) and samples one ply of each with [`from_games`].
///
/// # Errors
///
/// When the file cannot be opened or read.
///
/// # Examples
///
/// ```no_run
/// use drawrules_scenario::positions::plies;
/// use drawrules_scenario::shared;
///
/// let file = shared::data_dir().join(shared::LICHESS);
/// let samples = plies::from_pgn(&file, 100, 1).unwrap();
/// assert!(samples[0].label.starts_with("lichess-elite-2013-2015.pgn.xz#"));
/// ```
#[cfg(feature = "pgn")]
pub fn from_pgn(
    path: &std::path::Path,
    games: usize,
    seed: u64,
) -> Result<Vec<Sample>, Box<dyn std::error::Error + Send + Sync>> {
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    from_games(&name, drawrules_pgn::open(path)?, games, seed)
}

/// Reads up to `games` standard-chess games of the PGN text `input`,
/// replays each and samples one ply of it with [`pick`] (games that cannot
/// be read or replayed, and Chess960 games, are passed over). Each sample
/// is labelled `name#game ply N`.
///
/// # Errors
///
/// When `input` cannot be read.
///
/// # Examples
///
/// ```
/// use drawrules_scenario::pgn_text::generated_pgn;
/// use drawrules_scenario::positions::{Family, plies};
///
/// let text = generated_pgn(20, 1);
/// let samples = plies::from_games("generated", text.as_bytes(), 5, 1).unwrap();
/// assert_eq!(samples.len(), 5);
/// assert!(samples.iter().all(|s| s.family == Family::Games));
/// assert!(samples[0].label.starts_with("generated#"));
/// ```
#[cfg(feature = "pgn")]
pub fn from_games(
    name: &str,
    input: impl std::io::Read,
    games: usize,
    seed: u64,
) -> Result<Vec<Sample>, Box<dyn std::error::Error + Send + Sync>> {
    use drawrules_pgn::{Games, Variant};

    let mut rng = Rng::new(seed);
    let mut samples = Vec::new();
    for game in Games::new(input) {
        if samples.len() == games {
            break;
        }
        let game = game?;
        if game.syntax_error.is_some() || !matches!(game.variant(), Ok(Variant::Standard)) {
            continue;
        }
        let Ok(start) = game.start() else { continue };
        let mut positions = vec![start.position().clone()];
        for san in &game.moves {
            let current = positions.last().expect("ply 0");
            let Ok(mv) = san.san.to_move(current) else {
                break;
            };
            let mut next = current.clone();
            next.play_unchecked(mv);
            positions.push(next);
        }
        if positions.len() != game.moves.len() + 1 {
            continue;
        }
        if let Some(ply) = pick(&positions, &mut rng) {
            let source = format!("{name}#{}", game.index);
            samples.push(sample(&positions, ply, &source));
        }
    }
    Ok(samples)
}
