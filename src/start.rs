//! Where a game begins: the standard position, a position given as FEN, or
//! a Chess960 start.

use std::fmt;
use std::str::FromStr;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, FromSetup, Position, PositionError, Role, Setup};
use thiserror::Error;

/// A legal position from which a game is played, with the FEN fields that the
/// rules read: the castling rights granted, the halfmove clock and the move
/// number, and whether the game is standard chess or Chess960.
///
/// Nothing that happened before the start position is known: the rules count
/// repetitions from it and take its halfmove clock as given.
///
/// In a Chess960 game ([`CastlingMode::Chess960`]) a castling right may
/// belong to any rook on its king's back rank, named in the FEN's castling
/// field by the rook's file (Shredder-FEN, `HAha`) or as `K`/`Q` for the
/// outermost rook on that side (X-FEN). Castling moves are then written in
/// UCI as the king taking its own rook (`e1h1`), and status records write
/// the castling field in Shredder-FEN.
///
/// # Examples
///
/// ```
/// use drawrules::StartPosition;
/// use shakmaty::CastlingMode;
///
/// let start: StartPosition = "8/8/8/4k3/8/8/4K3/4R3 w - - 99 80".parse().unwrap();
/// assert_eq!(start.setup().halfmoves, 99);
///
/// let err = "8/8/8/8/8/8/8/8 w - - 0 1".parse::<StartPosition>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid fen: illegal position: empty board, missing king");
///
/// // A Chess960 start: king on b1 between rooks on a1 and g1.
/// let start = StartPosition::from_fen_in(
///     "rkbnqbrn/pppppppp/8/8/8/8/PPPPPPPP/RKBNQBRN w GAga - 0 1",
///     CastlingMode::Chess960,
/// )
/// .unwrap();
/// assert!(start.is_chess960());
/// ```
#[derive(Clone, Debug)]
pub struct StartPosition {
    setup: Setup,
    position: Chess,
    mode: CastlingMode,
}

/// The text given as a start position is not a legal position in FEN.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseStartError {
    /// The text is not FEN.
    #[error("invalid fen: {0}")]
    Syntax(#[from] ParseFenError),
    /// The text is FEN, but the position cannot arise in standard chess (no
    /// king, a castling right without its king and rook at home, an en
    /// passant square with no pawn that just moved, the side not to move in
    /// check, ...).
    #[error("invalid fen: {0}")]
    Position(String),
    /// A field has the form FEN gives it but a value the standard does not
    /// allow, which is refused rather than rewritten: a halfmove clock or
    /// a fullmove number too large to hold (2^32 or more), a fullmove
    /// number 0 (moves are counted from 1), a castling right named twice,
    /// a rook named by its file in standard chess (Shredder-FEN is for
    /// Chess960).
    #[error("invalid fen: {field} {value:?} {reason}")]
    Field {
        /// The field: `halfmove clock`, `fullmove number` or `castling
        /// field`.
        field: &'static str,
        /// The field's text as given.
        value: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A halfmove clock with no fullmove number after it: a FEN gives both
    /// counters or neither (read then as `0 1`), never the first alone.
    #[error("invalid fen: a halfmove clock but no fullmove number: give both counters, or neither")]
    MissingFullmoveNumber,
}

/// A Chess960 start position number outside `0..=959`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("chess960 start number {0} is out of range (0 to 959)")]
pub struct Chess960NumberError(pub u32);

impl StartPosition {
    /// The standard starting position of chess.
    pub fn standard() -> StartPosition {
        StartPosition {
            setup: Setup::default(),
            position: Chess::default(),
            mode: CastlingMode::Standard,
        }
    }

    /// Parses and checks a FEN (standard chess; castling as `KQkq`).
    ///
    /// # Errors
    ///
    /// [`ParseStartError`] when the text is not FEN or the position is not legal.
    pub fn from_fen(fen: &str) -> Result<StartPosition, ParseStartError> {
        StartPosition::from_fen_in(fen, CastlingMode::Standard)
    }

    /// Parses and checks a FEN for standard chess or for Chess960 (`mode`).
    /// In Chess960 the castling field may name rooks by file (Shredder-FEN)
    /// or as `K`/`Q` (X-FEN); standard chess allows only the corner rooks
    /// with the king on its e-file square.
    ///
    /// # Errors
    ///
    /// [`ParseStartError`] when the text is not FEN or the position is not legal.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::StartPosition;
    /// use shakmaty::CastlingMode;
    ///
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// assert!(StartPosition::from_fen_in(fen, CastlingMode::Chess960).is_ok());
    /// assert!(StartPosition::from_fen(fen).is_err(), "not a standard chess position");
    /// ```
    pub fn from_fen_in(fen: &str, mode: CastlingMode) -> Result<StartPosition, ParseStartError> {
        let setup = Fen::from_ascii(fen.trim().as_bytes())?.into_setup();
        let castling = strict_fields(fen, mode)?;
        let position = Chess::from_setup(setup.clone(), mode)
            .map_err(|err: PositionError<Chess>| ParseStartError::Position(err.to_string()))?;
        // In Chess960 a right may be named by a letter and by its rook's
        // file (`KH` when the outermost rook is on h): one right, named
        // twice. Counted on the rights the position holds, once shakmaty
        // has refused any letter that names no rook.
        if let Some(castling) = castling
            && castling.len() != position.castles().castling_rights().count()
        {
            return Err(ParseStartError::Field {
                field: "castling field",
                value: castling.to_owned(),
                reason: "names a right twice",
            });
        }
        Ok(StartPosition {
            setup,
            position,
            mode,
        })
    }

    /// The Chess960 start position with the given number (0 to 959, in the
    /// usual numbering where 518 is the standard array), every castling
    /// right granted.
    ///
    /// # Errors
    ///
    /// [`Chess960NumberError`] when `number` is 960 or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::StartPosition;
    ///
    /// let start = StartPosition::chess960(518).unwrap();
    /// assert!(start.is_chess960());
    /// assert_eq!(start.to_string(), StartPosition::standard().to_string());
    /// assert!(StartPosition::chess960(960).is_err());
    /// ```
    pub fn chess960(number: u32) -> Result<StartPosition, Chess960NumberError> {
        let rank = chess960_back_rank(number).ok_or(Chess960NumberError(number))?;
        let white: String = rank.iter().map(|role| role.upper_char()).collect();
        let black = white.to_ascii_lowercase();
        let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1");
        // Both rooks of each side start with a castling right; X-FEN's
        // `KQkq` names them unambiguously in a start array.
        Ok(StartPosition::from_fen_in(&fen, CastlingMode::Chess960)
            .expect("every chess960 array is a legal start position"))
    }

    /// How castling is played and written: [`CastlingMode::Standard`] or
    /// [`CastlingMode::Chess960`].
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Whether the game is Chess960.
    pub fn is_chess960(&self) -> bool {
        self.mode == CastlingMode::Chess960
    }

    /// The FEN fields as given (castling rights, en passant square, clocks).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The start position, ready to play.
    pub fn position(&self) -> &Chess {
        &self.position
    }
}

impl Default for StartPosition {
    fn default() -> StartPosition {
        StartPosition::standard()
    }
}

impl FromStr for StartPosition {
    type Err = ParseStartError;

    fn from_str(s: &str) -> Result<StartPosition, ParseStartError> {
        StartPosition::from_fen(s)
    }
}

impl fmt::Display for StartPosition {
    /// The FEN as given (after parsing), not normalised.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Fen::try_from_setup(self.setup.clone()) {
            Ok(fen) => fmt::Display::fmt(&fen, f),
            Err(lossy) => fmt::Display::fmt(&lossy.ignore(), f),
        }
    }
}

/// The fields shakmaty reads leniently, read strictly: it takes a clock
/// or a move number past 2^32 - 1 as 2^32 - 1, a move number 0 as 1, a
/// castling right named twice as named once, a rook named by its file in
/// standard chess as its letter (`HAha` as `KQkq`), and a halfmove clock
/// without a move number as if the number were 1. Called after shakmaty has
/// accepted the text, so the fields are where FEN puts them (board, side,
/// castling, en passant, halfmove clock, fullmove number), separated by
/// spaces or, as shakmaty also reads them (FENs in web addresses), by
/// underscores. Returns the castling field, unless it is `-` or absent.
fn strict_fields(fen: &str, mode: CastlingMode) -> Result<Option<&str>, ParseStartError> {
    let fields: Vec<&str> = fen
        .split(|c: char| c.is_ascii_whitespace() || c == '_')
        .filter(|field| !field.is_empty())
        .collect();
    let refuse = |field: &'static str, value: &str, reason: &'static str| ParseStartError::Field {
        field,
        value: value.to_owned(),
        reason,
    };
    let castling = fields.get(2).copied().filter(|&field| field != "-");
    if let Some(castling) = castling {
        let named_twice = castling
            .char_indices()
            .any(|(at, right)| castling[at + right.len_utf8()..].contains(right));
        if named_twice {
            return Err(refuse("castling field", castling, "names a right twice"));
        }
        if mode == CastlingMode::Standard && !castling.chars().all(|c| "KQkq".contains(c)) {
            return Err(refuse(
                "castling field",
                castling,
                "names a rook by its file, as only Chess960 does: standard chess writes K, Q, k, q",
            ));
        }
    }
    if fields.len() == 5 {
        return Err(ParseStartError::MissingFullmoveNumber);
    }
    let number = |text: &str| {
        text.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| text.parse::<u64>())
    };
    if let Some(&clock) = fields.get(4)
        && let Some(value) = number(clock)
        && value.map_or(true, |value| value > u64::from(u32::MAX))
    {
        return Err(refuse("halfmove clock", clock, "is larger than 4294967295"));
    }
    if let Some(&moves) = fields.get(5)
        && let Some(value) = number(moves)
    {
        match value {
            Ok(0) => {
                return Err(refuse(
                    "fullmove number",
                    moves,
                    "is 0: moves are counted from 1",
                ));
            }
            Ok(value) if value <= u64::from(u32::MAX) => {}
            _ => {
                return Err(refuse(
                    "fullmove number",
                    moves,
                    "is larger than 4294967295",
                ));
            }
        }
    }
    Ok(castling)
}

/// The white back rank of Chess960 start number `number`, a-file first:
/// the light-squared bishop, the dark-squared bishop, the queen and the
/// knights are placed by the digits of `number`, then rook, king, rook on
/// the three squares left.
fn chess960_back_rank(number: u32) -> Option<[Role; 8]> {
    if number >= 960 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = number as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let mut place_on_empty = |index: usize, role: Role| {
        let file = (0..8)
            .filter(|&file| rank[file].is_none())
            .nth(index)
            .expect("enough empty squares");
        rank[file] = Some(role);
    };
    place_on_empty(n % 6, Role::Queen);
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n];
    // The second knight first, so that the first one's index still counts
    // the same empty squares.
    place_on_empty(second, Role::Knight);
    place_on_empty(first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_empty(0, role);
    }
    Some(rank.map(|role| role.expect("every square filled")))
}

#[cfg(test)]
mod tests {
    use super::*;

    use shakmaty::Position;

    #[test]
    fn standard_is_the_default_fen() {
        let start = StartPosition::standard();
        assert_eq!(
            start.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(start.position().legal_moves().len(), 20);
    }

    #[test]
    fn chess960_numbers_give_the_known_arrays() {
        let arrays = [
            (0, "bbqnnrkr"),
            (518, "rnbqkbnr"),
            (959, "rkrnnqbb"),
            (534, "rnbkqbnr"),
        ];
        for (number, array) in arrays {
            let start = StartPosition::chess960(number).unwrap();
            assert!(start.to_string().starts_with(array), "{number}: {start}");
            assert_eq!(start.position().castles().castling_rights().count(), 4);
        }
        let distinct: std::collections::HashSet<String> = (0..960)
            .map(|n| StartPosition::chess960(n).unwrap().to_string())
            .collect();
        assert_eq!(distinct.len(), 960);
        assert_eq!(
            StartPosition::chess960(960).unwrap_err().to_string(),
            "chess960 start number 960 is out of range (0 to 959)"
        );
    }

    #[test]
    fn chess960_castling_fields_name_rooks() {
        // Shredder-FEN: the right on g1 belongs to the inner rook, not h1.
        let start =
            StartPosition::from_fen_in("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", CastlingMode::Chess960)
                .unwrap();
        assert_eq!(
            start.position().castles().castling_rights(),
            shakmaty::Bitboard::from(shakmaty::Square::G1)
        );
        // The same field in standard chess is refused.
        assert!(StartPosition::from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1").is_err());
        // Two rights on one side of the king cannot both exist.
        assert!(
            StartPosition::from_fen_in("4k3/8/8/8/8/8/8/4K1RR w GH - 0 1", CastlingMode::Chess960)
                .is_err()
        );
        // One right named by its letter and by its rook's file.
        for (fen, field) in [
            ("r3k2r/8/8/8/8/8/8/R3K2R w KAkh - 0 1", "KAkh"),
            ("r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", "KHkq"),
        ] {
            let err = StartPosition::from_fen_in(fen, CastlingMode::Chess960).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("invalid fen: castling field {field:?} names a right twice")
            );
        }
        let start = StartPosition::from_fen_in(
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            CastlingMode::Chess960,
        )
        .unwrap();
        assert_eq!(start.position().castles().castling_rights().count(), 4);
    }

    #[test]
    fn the_largest_values_are_read_as_given() {
        let start =
            StartPosition::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 4294967295 4294967295")
                .unwrap();
        assert_eq!(start.setup().halfmoves, u32::MAX);
        assert_eq!(start.setup().fullmoves.get(), u32::MAX);
        assert_eq!(
            start.to_string(),
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 4294967295 4294967295"
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let cases = [
            ("", "invalid fen: invalid fen"),
            ("hello", "invalid fen: invalid board part in fen"),
            (
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "invalid fen: illegal position: empty board, missing king",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                "invalid fen: illegal position: invalid castling rights",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
                "invalid fen: illegal position: invalid ep square",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - x 1",
                "invalid fen: invalid halfmove clock in fen",
            ),
            // Values shakmaty would rewrite are refused, the field named.
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1",
                "invalid fen: halfmove clock \"4294967296\" is larger than 4294967295",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999999 1",
                "invalid fen: halfmove clock \"99999999999999999999999\" is larger than 4294967295",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                "invalid fen: fullmove number \"0\" is 0: moves are counted from 1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296",
                "invalid fen: fullmove number \"4294967296\" is larger than 4294967295",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K2R w KK - 0 1",
                "invalid fen: castling field \"KK\" names a right twice",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkqk - 0 1",
                "invalid fen: castling field \"KQkqk\" names a right twice",
            ),
            // Fields separated by underscores (as in web addresses) are
            // read as strictly as fields separated by spaces.
            (
                "4k3/8/8/8/8/8/8/4K3_w_-_-_0_0",
                "invalid fen: fullmove number \"0\" is 0: moves are counted from 1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3_w_-_-_4294967296_1",
                "invalid fen: halfmove clock \"4294967296\" is larger than 4294967295",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K2R_w_KK_-_0_1",
                "invalid fen: castling field \"KK\" names a right twice",
            ),
            // Shredder-FEN's letters are Chess960's: in standard chess
            // `HAha` is refused, not read as `KQkq`.
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
                "invalid fen: castling field \"HAha\" names a rook by its file, as only \
                 Chess960 does: standard chess writes K, Q, k, q",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KAkh - 0 1",
                "invalid fen: castling field \"KAkh\" names a rook by its file, as only \
                 Chess960 does: standard chess writes K, Q, k, q",
            ),
            // Both counters, or neither: never the clock alone.
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0",
                "invalid fen: a halfmove clock but no fullmove number: give both counters, \
                 or neither",
            ),
        ];
        for (fen, message) in cases {
            let err = StartPosition::from_fen(fen).unwrap_err();
            assert_eq!(err.to_string(), message, "for {fen:?}");
        }
    }
}
