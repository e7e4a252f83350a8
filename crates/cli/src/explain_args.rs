//! The options of `drawrules explain`, as clap reads them.

use clap::{Args, Parser};
use drawrules::{Edition, StartPosition};
use shakmaty::CastlingMode;

use crate::engine::Engine;

/// The arguments of `drawrules explain`: the start position, the edition,
/// the output form, the implementation that judges and the moves.
///
/// The command reads them with clap; so does the book, for the command
/// lines of its worked examples ([`ExplainArgs::try_parse_words`]).
///
/// # Examples
///
/// ```
/// use drawrules_cli::ExplainArgs;
///
/// let args = ExplainArgs::try_parse_words(["--json", "--fen=8/8/8/8/8/8/8/K1k5 w - - 0 1"])
///     .unwrap();
/// assert!(args.json && !args.chess960);
/// assert_eq!(args.fen.as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
/// assert!(args.moves.is_empty());
///
/// let err = ExplainArgs::try_parse_words(["--verbose"]).unwrap_err();
/// assert!(err.to_string().contains("'--verbose'"));
/// ```
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct ExplainArgs {
    /// Start position as FEN (default: the standard position).
    #[arg(long)]
    pub fen: Option<String>,
    /// The game is Chess960: castling rights by rook file (Shredder-FEN
    /// or X-FEN), castling written king-takes-rook in UCI (e1h1).
    #[arg(long)]
    pub chess960: bool,
    /// The edition of the Laws: fide-2018 (2017, 2018 and 2023 texts) or
    /// fide-2014.
    #[arg(long, default_value_t = Edition::Fide2018)]
    pub rules: Edition,
    /// Print one JSON status record per ply instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Which implementation judges the game: the arbiter (fast) or the
    /// reference (the executable specification).
    #[arg(long, value_enum, default_value_t = Engine::Arbiter)]
    pub engine: Engine,
    /// Decide Article 5.2.2 (dead position) exactly at every ply, with the
    /// default budget, instead of by material alone; a ply decided neither
    /// way shows `dead-position undetermined` (JSON: `undetermined`). A
    /// search per ply: from microseconds to a second or two on the hardest
    /// positions we know. (The arbiter searches only where the line of the
    /// ply before no longer replays to a mate, and once a side's searches
    /// have found nothing, not again for that side until the next capture
    /// or pawn move.)
    #[arg(long)]
    pub exact_dead_position: bool,
    /// The moves, in UCI (g1f3, e1g1) or SAN (Nf3, O-O).
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// `explain` alone, as the `drawrules` command reads its subcommand.
#[derive(Parser)]
#[command(name = "explain")]
struct ExplainCommand {
    #[command(flatten)]
    args: ExplainArgs,
}

impl ExplainArgs {
    /// Reads the words that follow `drawrules explain` (already split as a
    /// shell splits them) as the command reads them.
    ///
    /// # Errors
    ///
    /// clap's error for an option `explain` does not have, one that lacks
    /// its value, a value that cannot be read (an unknown edition or
    /// engine), or `--help` (whose text is the error's).
    pub fn try_parse_words<I, T>(words: I) -> Result<ExplainArgs, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let line = std::iter::once(std::ffi::OsString::from("explain"))
            .chain(words.into_iter().map(Into::into));
        ExplainCommand::try_parse_from(line).map(|command| command.args)
    }

    /// The start position the options name: the FEN of `--fen` read as
    /// standard chess or, with `--chess960`, as Chess960; without `--fen`
    /// the standard position (Chess960's array 518 with `--chess960`).
    ///
    /// # Errors
    ///
    /// The line `drawrules explain` prints for a FEN that cannot be read
    /// or is not a legal start: `ply 0, --fen "…": ` and why.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_cli::ExplainArgs;
    ///
    /// let args = ExplainArgs::try_parse_words(["--fen", "8/8 w - - 0 1"]).unwrap();
    /// let err = args.start().unwrap_err();
    /// assert!(err.starts_with("ply 0, --fen \"8/8 w - - 0 1\": "), "{err}");
    /// assert!(ExplainArgs::try_parse_words(["--chess960"]).unwrap().start().is_ok());
    /// ```
    pub fn start(&self) -> Result<StartPosition, String> {
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        match self.fen.as_deref() {
            Some(fen) => StartPosition::from_fen_in(fen, mode)
                .map_err(|err| format!("ply 0, --fen {fen:?}: {err}")),
            None if self.chess960 => StartPosition::chess960(518).map_err(|err| err.to_string()),
            None => Ok(StartPosition::standard()),
        }
    }
}
