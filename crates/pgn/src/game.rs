//! One game as read from PGN: its tags, its main line in SAN, its
//! termination marker, and what the parser could not read.

use shakmaty::CastlingMode;
use shakmaty::san::SanPlus;
use thiserror::Error;

use drawrules::laws::GameResult;
use drawrules::{ParseStartError, StartPosition};

/// The tags the adjudication reads (the others are not kept).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags {
    /// `Event`.
    pub event: Option<String>,
    /// `Site`.
    pub site: Option<String>,
    /// `Date`.
    pub date: Option<String>,
    /// `Round`.
    pub round: Option<String>,
    /// `White`.
    pub white: Option<String>,
    /// `Black`.
    pub black: Option<String>,
    /// `Result`.
    pub result: Option<String>,
    /// `FEN`: the start position, when not the standard one.
    pub fen: Option<String>,
    /// `SetUp`.
    pub setup: Option<String>,
    /// `Variant`.
    pub variant: Option<String>,
    /// `Termination`: how the game ended, in the words of whoever recorded
    /// it (`Time forfeit`, `Normal`, `adjudication`, ...).
    pub termination: Option<String>,
}

impl Tags {
    /// Keeps `value` if `name` is one of the tags read here.
    pub fn set(&mut self, name: &[u8], value: String) {
        self.set_with(name, || value);
    }

    /// Keeps the value `value` makes if `name` is one of the tags read here
    /// (the value is made only then).
    pub fn set_with(&mut self, name: &[u8], value: impl FnOnce() -> String) {
        let slot = match name {
            b"Event" => &mut self.event,
            b"Site" => &mut self.site,
            b"Date" => &mut self.date,
            b"Round" => &mut self.round,
            b"White" => &mut self.white,
            b"Black" => &mut self.black,
            b"Result" => &mut self.result,
            b"FEN" => &mut self.fen,
            b"SetUp" => &mut self.setup,
            b"Variant" => &mut self.variant,
            b"Termination" => &mut self.termination,
            _ => return,
        };
        *slot = Some(value());
    }
}

/// The kind of chess a game is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Standard chess.
    Standard,
    /// Chess960 (Fischer Random Chess).
    Chess960,
}

impl Variant {
    /// The castling mode of the variant.
    pub fn castling_mode(self) -> CastlingMode {
        match self {
            Variant::Standard => CastlingMode::Standard,
            Variant::Chess960 => CastlingMode::Chess960,
        }
    }
}

/// A game read from PGN.
#[derive(Debug, Clone, Default)]
pub struct PgnGame {
    /// The game's number in its source, from 1.
    pub index: u64,
    /// The line of the source its text starts on, from 1.
    pub line: u64,
    /// The tags read.
    pub tags: Tags,
    /// The main line, in SAN, as written.
    pub moves: Vec<SanPlus>,
    /// The game termination marker at the end of the movetext, if any.
    pub termination: Option<GameResult>,
    /// What the parser could not read in this game, if anything, and
    /// where.
    pub syntax_error: Option<String>,
    /// Which limit the game went over ([`Limits`](crate::Limits)), if
    /// any: its moves were then not kept.
    pub too_long: Option<String>,
}

impl PgnGame {
    /// The variant named by the `Variant` tag: standard chess when absent
    /// or `normal`/`standard`/`from position`, Chess960 for `chess960`,
    /// `chess 960`, `fischerandom` or `fischer random` (any case).
    ///
    /// # Errors
    ///
    /// [`GameError::Variant`] for any other variant.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_pgn::{PgnGame, Variant};
    ///
    /// let mut game = PgnGame::default();
    /// assert_eq!(game.variant().unwrap(), Variant::Standard);
    /// game.tags.variant = Some("fischerandom".into());
    /// assert_eq!(game.variant().unwrap(), Variant::Chess960);
    /// game.tags.variant = Some("atomic".into());
    /// assert!(game.variant().is_err());
    /// ```
    pub fn variant(&self) -> Result<Variant, GameError> {
        let Some(name) = &self.tags.variant else {
            return Ok(Variant::Standard);
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "" | "normal" | "standard" | "chess" | "from position" => Ok(Variant::Standard),
            "chess960"
            | "chess 960"
            | "fischerandom"
            | "fischer random"
            | "fischer random chess"
            | "frc" => Ok(Variant::Chess960),
            _ => Err(GameError::Variant(name.clone())),
        }
    }

    /// The start position: the `FEN` tag when there is one, else the
    /// standard array (also for Chess960, where it is start 518).
    ///
    /// A game without a `Variant` tag whose FEN is legal only in Chess960
    /// (castling rights on rooks off the corners, or a king off the e-file
    /// with a right) is played as Chess960: no standard game can start
    /// there.
    ///
    /// # Errors
    ///
    /// [`GameError::Variant`] for a variant other than standard chess and
    /// Chess960, [`GameError::Fen`] for a FEN tag that is not a legal
    /// position of the variant.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_pgn::PgnGame;
    ///
    /// let mut game = PgnGame::default();
    /// game.tags.fen = Some("bbrnkqnr/pppppppp/8/8/8/8/PPPPPPPP/BBRNKQNR w KQkq - 0 1".into());
    /// assert!(game.start().unwrap().is_chess960());
    /// game.tags.variant = Some("standard".into());
    /// assert!(game.start().is_err());
    /// ```
    pub fn start(&self) -> Result<StartPosition, GameError> {
        let variant = self.variant()?;
        match &self.tags.fen {
            Some(fen) => StartPosition::from_fen_in(fen, variant.castling_mode())
                .or_else(|err| match (&self.tags.variant, err) {
                    (None, ParseStartError::Position(_)) => {
                        StartPosition::from_fen_in(fen, CastlingMode::Chess960)
                    }
                    (_, err) => Err(err),
                })
                .map_err(|source| GameError::Fen {
                    fen: fen.clone(),
                    source,
                }),
            None => Ok(match variant {
                Variant::Standard => StartPosition::standard(),
                Variant::Chess960 => {
                    StartPosition::chess960(518).expect("518 is the standard array")
                }
            }),
        }
    }

    /// The recorded result: the `Result` tag if it is a result, else the
    /// termination marker.
    pub fn recorded_result(&self) -> Option<GameResult> {
        self.tags
            .result
            .as_deref()
            .and_then(parse_result)
            .or(self.termination)
    }

    /// Names the game for messages: its number and whichever of Event,
    /// White, Black and Round it has.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_pgn::PgnGame;
    ///
    /// let mut game = PgnGame { index: 3, ..PgnGame::default() };
    /// game.tags.white = Some("Tal".into());
    /// game.tags.round = Some("1".into());
    /// assert_eq!(game.name(), r#"game 3 (White "Tal", Round "1")"#);
    /// ```
    pub fn name(&self) -> String {
        let tags = [
            ("Event", &self.tags.event),
            ("White", &self.tags.white),
            ("Black", &self.tags.black),
            ("Round", &self.tags.round),
        ];
        let named: Vec<String> = tags
            .iter()
            .filter_map(|(name, value)| value.as_ref().map(|value| format!("{name} {value:?}")))
            .collect();
        if named.is_empty() {
            format!("game {}", self.index)
        } else {
            format!("game {} ({})", self.index, named.join(", "))
        }
    }
}

/// A result as PGN writes it.
pub(crate) fn parse_result(text: &str) -> Option<GameResult> {
    match text.trim() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" => Some(GameResult::Draw),
        "*" => Some(GameResult::Ongoing),
        _ => None,
    }
}

/// Why a game could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The parser could not read the game text.
    #[error("pgn syntax: {0}")]
    Syntax(String),
    /// A variant other than standard chess and Chess960.
    #[error("unsupported variant {0:?}")]
    Variant(String),
    /// The FEN tag is not a legal start position.
    #[error("FEN tag {fen:?}: {source}")]
    Fen {
        /// The tag's text.
        fen: String,
        /// Why it was refused.
        source: ParseStartError,
    },
    /// A move of the main line is not legal, or ambiguous, or a null move.
    #[error("ply {ply}, move {san:?}: {reason}")]
    Move {
        /// The ply the move would have made.
        ply: u32,
        /// The move as written.
        san: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The game is longer than a limit ([`Limits`](crate::Limits)): it
    /// was skipped.
    #[error("game too long: {limit} (text from line {line}); skipped")]
    TooLong {
        /// The line its text starts on.
        line: u64,
        /// The limit, in words (`more than 20000 plies`).
        limit: String,
    },
    /// The movetext ends without a termination marker (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`): the text was cut short.
    #[error("no game termination marker after ply {plies}: truncated game text")]
    Truncated {
        /// The plies read before the text ended.
        plies: u32,
    },
}
