//! How long a game may be before it is skipped as too long.

/// The most a game may hold; a longer game is reported as too long (with
/// its number and line) and skipped, without its text ever being held
/// whole.
///
/// The defaults are far above any real game: the longest game the rules
/// allow (every 75-move count run out) has under 18,000 plies, and real
/// games with clock and evaluation comments take some 50 bytes a ply.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::{Games, Limits};
///
/// let limits = Limits { max_plies: 2, ..Limits::default() };
/// let game = Games::with_limits("1. e4 e5 2. Nf3 *".as_bytes(), limits)
///     .next()
///     .unwrap()
///     .unwrap();
/// assert_eq!(game.too_long.as_deref(), Some("more than 2 plies"));
/// assert_eq!(Limits::default().max_game_bytes, 1 << 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of a game's text (tags, movetext, comments and variations).
    pub max_game_bytes: usize,
    /// Plies of a game's main line.
    pub max_plies: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_game_bytes: 1 << 20,
            max_plies: 20_000,
        }
    }
}
