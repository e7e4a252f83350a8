//! Adjudicating game databases: every game of a PGN source replayed with
//! the [`Arbiter`], and what the rules say about it.
//!
//! Per game ([`Adjudication`]): the first ply at which each draw claim
//! became available (on a written move and on the board), the first
//! automatic ending and its article, how many plies were played after the
//! game was over by rule, whether the recorded result contradicts the rules,
//! and the final status record. A game that cannot be read or replayed gets
//! a [`GameError`] naming the ply and the move; the next game goes on.
//!
//! [`adjudicate_source`] streams a source through the arbiter on several
//! threads, in input order; [`Summary`] counts the findings.
//!
//! # Examples
//!
//! ```
//! use drawrules::Edition;
//! use drawrules_pgn::adjudicate::{GameFinding, adjudicate};
//! use drawrules_pgn::Games;
//!
//! let pgn = "[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1-0\n";
//! let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
//! let found = adjudicate(&game, Edition::Fide2018).unwrap();
//! assert_eq!(found.threefold_repetition.on_move, Some(7));
//! assert_eq!(found.threefold_repetition.on_board, Some(8));
//! assert_eq!(found.findings(), [GameFinding::ThreefoldClaimable]);
//! ```

mod dead;
mod finding;
mod summary;
mod time_forfeit;

pub use dead::DeadScan;
pub use finding::{Adjudication, EndedAt, FirstClaim, GameFinding, ResultCheck};
pub use summary::Summary;
pub use time_forfeit::{TimeForfeit, is_time_forfeit};

use crate::line_ends::LineEnds;
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;
use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Move, Position};
use thiserror::Error;

use crate::chunks::{Chunks, Item, Numbering};
use crate::parse::parse;
use crate::san::to_move;
use crate::unit::Unit;
use crate::units::Units;
use crate::{
    Ended, GameError, Limits, ParallelError, PgnGame, Sharing, SourceError, Variant,
    in_order_streamed,
};
use drawrules::Arbiter;
use drawrules::laws::{Claim, Edition};
use drawrules::mating::Budget;
use finding::check_result;

/// Replays `game` with the arbiter under `edition` and reports what the
/// rules say about it.
///
/// # Errors
///
/// [`GameError`] when the game is too long for the reader's limits, its
/// text has a syntax error or ends without a termination marker, the variant is unsupported, the FEN tag is not a
/// legal position, or a move of the main line (before or after the end by
/// rule) is not legal.
pub fn adjudicate(game: &PgnGame, edition: Edition) -> Result<Adjudication, GameError> {
    adjudicate_with(game, edition, DeadCheck::Material)
}

/// How Article 5.2.2 is decided in an adjudication.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DeadCheck {
    /// As the arbiter decides it, by material alone, at every ply.
    #[default]
    Material,
    /// Also exactly, over the whole game (see [`DeadScan`]): the last
    /// position, and the first dead ply when it is dead. A dead position
    /// found this way ends the game like the other automatic endings. It
    /// costs a search per game (a few milliseconds for most).
    Exact,
}

/// [`adjudicate`], deciding Article 5.2.2 as `dead` says.
///
/// # Errors
///
/// As [`adjudicate`].
pub fn adjudicate_with(
    game: &PgnGame,
    edition: Edition,
    dead: DeadCheck,
) -> Result<Adjudication, GameError> {
    let plies = readable_plies(game)?;
    let start = game.start()?;
    let variant = if start.is_chess960() {
        Variant::Chess960
    } else {
        Variant::Standard
    };
    let mut replay = Replay::new(Arbiter::new(&start, edition), dead);
    for (index, san) in game.moves.iter().enumerate() {
        replay.play(index, san)?;
    }
    let Replay {
        mut arbiter,
        claims,
        mut ended,
        mut plies_after_end,
        played,
        ..
    } = replay;
    arbiter.settle();
    if ended.is_none() && arbiter.is_over() {
        ended = Some(ended_at(&arbiter));
    }
    let dead_position = (dead == DeadCheck::Exact).then(|| {
        let scan = dead::scan(
            start.position(),
            &played,
            start.castling_mode(),
            Budget::DEFAULT,
        );
        if let DeadScan::Dead { ply, .. } = scan {
            dead::end_at(&mut ended, &mut plies_after_end, ply, plies);
        }
        scan
    });
    let recorded_result = game.recorded_result();
    Ok(Adjudication {
        variant,
        plies,
        threefold_repetition: claims.threefold,
        fifty_moves: claims.fifty,
        result_check: check_result(ended.as_ref(), recorded_result),
        time_forfeit: time_forfeit::verdict(
            game.tags.termination.as_deref(),
            recorded_result,
            ended.as_ref(),
            arbiter.position(),
            start.castling_mode(),
            dead,
        ),
        ended,
        plies_after_end,
        recorded_result,
        final_status: arbiter.status(),
        dead_position,
    })
}

/// The number of plies of `game`'s main line, once it is known to be
/// readable: neither too long nor with a syntax error, and ended by a
/// termination marker.
fn readable_plies(game: &PgnGame) -> Result<u32, GameError> {
    if let Some(limit) = &game.too_long {
        return Err(GameError::TooLong {
            line: game.line,
            limit: limit.clone(),
        });
    }
    if let Some(error) = &game.syntax_error {
        return Err(GameError::Syntax(error.clone()));
    }
    let plies = u32::try_from(game.moves.len()).unwrap_or(u32::MAX);
    if game.termination.is_none() {
        return Err(GameError::Truncated { plies });
    }
    Ok(plies)
}

/// A game being replayed: with the arbiter until the game is over by
/// rule, then on the board alone.
struct Replay {
    arbiter: Arbiter,
    claims: Claims,
    /// Once the game is over, the board the remaining moves are checked on:
    /// they are void under the rules.
    after_end: Option<Chess>,
    ended: Option<EndedAt>,
    plies_after_end: u32,
    /// The moves the arbiter played, for the exact 5.2.2 check.
    played: Vec<Move>,
    dead: DeadCheck,
}

impl Replay {
    fn new(arbiter: Arbiter, dead: DeadCheck) -> Replay {
        let mut claims = Claims::default();
        claims.observe(&arbiter);
        let after_end: Option<Chess> = arbiter.is_over().then(|| arbiter.position().clone());
        let ended = after_end.as_ref().map(|_| ended_at(&arbiter));
        Replay {
            arbiter,
            claims,
            after_end,
            ended,
            plies_after_end: 0,
            played: Vec::new(),
            dead,
        }
    }

    /// Plays `san`, the move at `index` of the main line.
    ///
    /// Replay mode: the legality of each move proves that the position
    /// before it was neither checkmate nor stalemate, so the arbiter decides
    /// those two only where it must (a claim found, another ending, the last
    /// position).
    fn play(&mut self, index: usize, san: &SanPlus) -> Result<(), GameError> {
        let ply = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let refused = |reason: String| GameError::Move {
            ply,
            san: san.to_string(),
            reason: match san.san {
                San::Null => "a null move is not a move of chess".to_owned(),
                _ => reason,
            },
        };
        if let Some(position) = &mut self.after_end {
            let mv = to_move(&san.san, position).map_err(|err| refused(err.to_string()))?;
            position.play_unchecked(mv);
            self.plies_after_end += 1;
            return Ok(());
        }
        // A position where no move is legal (checkmate or stalemate, still
        // undecided) refuses every move here, as a game over would.
        let arbiter = &mut self.arbiter;
        let mv = to_move(&san.san, arbiter.position()).map_err(|err| refused(err.to_string()))?;
        arbiter
            .play_replayed(mv)
            .map_err(|err| refused(err.to_string()))?;
        if self.dead == DeadCheck::Exact {
            self.played.push(mv);
        }
        self.claims.observe(arbiter);
        if arbiter.is_settled() && arbiter.is_over() {
            self.ended = Some(ended_at(arbiter));
            self.after_end = Some(arbiter.position().clone());
        }
        Ok(())
    }
}

fn ended_at(arbiter: &Arbiter) -> EndedAt {
    EndedAt {
        ply: arbiter.ply(),
        endings: arbiter.endings().to_vec(),
        articles: arbiter
            .endings()
            .iter()
            .map(|ending| ending.article().number())
            .collect(),
        result: arbiter.result(),
    }
}

/// The first plies at which the claims became available.
#[derive(Default)]
struct Claims {
    threefold: FirstClaim,
    fifty: FirstClaim,
}

impl Claims {
    /// Notes the claims the rules open to the player to move at the
    /// arbiter's current ply, as the arbiter decides them (none once the
    /// game is over); each one is looked for only until it is first found.
    fn observe(&mut self, arbiter: &Arbiter) {
        let ply = Some(arbiter.ply());
        for claim in Claim::ALL {
            let first = self.first_mut(claim);
            if first.on_board.is_none() && arbiter.may_claim(claim) {
                first.on_board = ply;
            }
            if first.on_move.is_none() && arbiter.claimable_on_move(claim) {
                first.on_move = ply;
            }
        }
    }

    fn first_mut(&mut self, claim: Claim) -> &mut FirstClaim {
        match claim {
            Claim::ThreefoldRepetition => &mut self.threefold,
            Claim::FiftyMoves => &mut self.fifty,
        }
    }
}

/// One game's report: which game, and what was found or what went wrong.
///
/// # Examples
///
/// ```
/// use drawrules::Edition;
/// use drawrules_pgn::Games;
/// use drawrules_pgn::adjudicate::{GameFinding, GameReport};
///
/// let pgn = "[White \"A\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
/// let report = GameReport::of("x.pgn", &game, Edition::Fide2018);
/// assert_eq!(report.findings, [GameFinding::Checkmate]);
/// assert_eq!(report.name(), "x.pgn#1 (A - ?)");
/// assert!(report.json().starts_with(r#"{"source":"x.pgn","game":1,"#));
/// assert_eq!(report.error_line(), None);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct GameReport {
    /// The source (file name, or `-` for standard input).
    pub source: String,
    /// The game's number in its source, from 1.
    pub game: u64,
    /// The line of the source the game's text starts on, from 1.
    pub line: u64,
    /// The `Event` tag.
    pub event: Option<String>,
    /// The `White` tag.
    pub white: Option<String>,
    /// The `Black` tag.
    pub black: Option<String>,
    /// The `Round` tag.
    pub round: Option<String>,
    /// The findings, in the order of [`GameFinding::ALL`].
    pub findings: Vec<GameFinding>,
    /// What was found, when the game could be replayed.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub adjudication: Option<Adjudication>,
    /// Why the game could not be replayed, naming the ply and the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl GameReport {
    /// Adjudicates `game` from `source` under `edition`.
    pub fn of(source: &str, game: &PgnGame, edition: Edition) -> GameReport {
        GameReport::checked(source, game, edition, DeadCheck::Material)
    }

    /// Adjudicates `game` from `source` under `edition`, deciding Article
    /// 5.2.2 as `dead` says.
    pub fn checked(source: &str, game: &PgnGame, edition: Edition, dead: DeadCheck) -> GameReport {
        let mut report = GameReport::judged(source, game, edition, dead);
        report.event.clone_from(&game.tags.event);
        report.white.clone_from(&game.tags.white);
        report.black.clone_from(&game.tags.black);
        report.round.clone_from(&game.tags.round);
        report
    }

    /// [`GameReport::checked`] on a game no longer needed: its tags are
    /// moved into the report, not copied.
    fn checked_taking(
        source: &str,
        mut game: PgnGame,
        edition: Edition,
        dead: DeadCheck,
    ) -> GameReport {
        let mut report = GameReport::judged(source, &game, edition, dead);
        report.event = game.tags.event.take();
        report.white = game.tags.white.take();
        report.black = game.tags.black.take();
        report.round = game.tags.round.take();
        report
    }

    /// The report of `game`, its tags not yet filled in.
    fn judged(source: &str, game: &PgnGame, edition: Edition, dead: DeadCheck) -> GameReport {
        let outcome = adjudicate_with(game, edition, dead);
        let (findings, adjudication, error) = match outcome {
            Ok(found) => (found.findings(), Some(found), None),
            Err(err) => (vec![GameFinding::ParseError], None, Some(err.to_string())),
        };
        GameReport {
            source: source.to_owned(),
            game: game.index,
            line: game.line,
            event: None,
            white: None,
            black: None,
            round: None,
            findings,
            adjudication,
            error,
        }
    }

    /// Names the game: source, number, players.
    pub fn name(&self) -> String {
        let unknown = || "?".to_owned();
        format!(
            "{}#{} ({} - {})",
            self.source,
            self.game,
            self.white.clone().unwrap_or_else(unknown),
            self.black.clone().unwrap_or_else(unknown)
        )
    }

    /// The error line for standard error: the game by number and tags, and
    /// the reason with its ply and move.
    pub fn error_line(&self) -> Option<String> {
        let error = self.error.as_ref()?;
        let tags: Vec<String> = [
            ("Event", &self.event),
            ("White", &self.white),
            ("Black", &self.black),
            ("Round", &self.round),
        ]
        .iter()
        .filter_map(|(name, value)| value.as_ref().map(|value| format!("{name} {value:?}")))
        .collect();
        let mut named = vec![format!("line {}", self.line)];
        named.extend(tags);
        Some(format!(
            "{}: game {} ({}): {error}",
            self.source,
            self.game,
            named.join(", ")
        ))
    }

    /// The report as one line of JSON.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|err| {
            format!(
                r#"{{"source":{:?},"game":{},"error":{:?}}}"#,
                self.source,
                self.game,
                err.to_string()
            )
        })
    }
}

/// How to adjudicate a source.
///
/// # Examples
///
/// ```
/// use drawrules::Edition;
/// use drawrules_pgn::adjudicate::AdjudicateOptions;
///
/// let options = AdjudicateOptions {
///     edition: Edition::Fide2014,
///     threads: 2,
///     ..AdjudicateOptions::default()
/// };
/// assert_eq!((options.batch, options.json), (256, false));
/// assert_eq!(options.batch_bytes, 4 << 20);
/// assert!(options.stop.is_none());
/// ```
#[derive(Debug, Clone)]
pub struct AdjudicateOptions {
    /// The edition of the Laws.
    pub edition: Edition,
    /// Worker threads (1: everything on the calling thread).
    pub threads: usize,
    /// Games per batch handed to the workers, when the text is cut game by
    /// game on the reading thread (see [`adjudicate_source`]).
    pub batch: usize,
    /// Bytes of text per piece or batch handed to a worker (pieces are
    /// about 128 KiB at most whatever this says, up to 4 MiB when the
    /// places to cut are far apart): with at most
    /// `2 × threads + 2` in flight, this, the 4 MiB the reading thread may
    /// hold while it looks for a place to cut, and
    /// [`Limits::max_game_bytes`] bound the text held at once.
    pub batch_bytes: usize,
    /// How long a game may be.
    pub limits: Limits,
    /// Whether to render each report as a JSON line on the workers.
    pub json: bool,
    /// How Article 5.2.2 is decided.
    pub dead: DeadCheck,
    /// Set from another thread (on a signal, say) to stop the run early:
    /// see [`adjudicate_source`]. Nothing here watches for signals.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for AdjudicateOptions {
    fn default() -> AdjudicateOptions {
        AdjudicateOptions {
            edition: Edition::default(),
            threads: 1,
            batch: 256,
            batch_bytes: 4 << 20,
            limits: Limits::default(),
            json: false,
            dead: DeadCheck::Material,
            stop: None,
        }
    }
}

/// A source that could not be adjudicated to its end.
#[derive(Debug, Error)]
pub enum AdjudicateError {
    /// The source failed.
    #[error("{source_name}: {error}")]
    Source {
        /// The source's name.
        source_name: String,
        /// What failed.
        error: SourceError,
    },
    /// The worker threads could not start.
    #[error(transparent)]
    Parallel(#[from] ParallelError),
    /// [`AdjudicateOptions::stop`] was set: the games reported are the
    /// first of the source, in order, and the rest was not judged.
    #[error("{source_name}: stopped after {reported} games were reported")]
    Stopped {
        /// The source's name.
        source_name: String,
        /// The games of the source reported before the stop.
        reported: u64,
    },
}

/// Reads every game of `reader` (PGN text, already decompressed), adjudicates
/// them on `options.threads` threads, and calls `on_report` for each in
/// input order with its report and, if `options.json`, its JSON line.
///
/// On one thread the games are cut, read and judged one by one. On
/// several, a reading thread cuts the text into pieces of whole games
/// (about 128 KiB, or `options.batch_bytes` if less; up to 4 MiB when the
/// places to cut are far apart) at lines where any
/// reader of the whole text starts a new game (see the `chunks` module),
/// each worker cuts and judges the games of the pieces it takes, and the
/// calling thread numbers the games in order: the reports are the same
/// either way. Where no such line turns up within 4 MiB (a game longer
/// than that, a stream with no tags), the rest of the text is cut game by
/// game on the reading thread and handed over in batches of
/// `options.batch` games. With [`DeadCheck::Exact`], where each game
/// costs a search, the reading thread cuts every game from the start and
/// hands each over on its own, so that every thread has work whatever the
/// size of the file. Each report is handed on as soon as the reports
/// of the games before it have been, not once its piece is done.
///
/// Once `options.stop` is set, the reports of the games judged before it
/// whose turn has come are handed on and no others (the games reported are
/// always the first of the source, with no gap), no further text is read
/// (a read already waiting on the source is waited for) and no further
/// game is judged; a game being judged is finished or dropped. The run
/// then ends within a few milliseconds of the last game being judged, with
/// [`AdjudicateError::Stopped`].
///
/// # Errors
///
/// [`AdjudicateError`] when the source fails (after the reports of the
/// games read before), the threads cannot start, or the run was stopped.
///
/// # Examples
///
/// ```
/// use drawrules_pgn::adjudicate::{AdjudicateOptions, adjudicate_source};
///
/// let pgn = "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 Ke7?? 1/2-1/2\n\n1. d4 Nf9 2. Nxx *\n";
/// let mut lines = Vec::new();
/// adjudicate_source("x.pgn", pgn.as_bytes(), &AdjudicateOptions::default(), |report, _| {
///     lines.push(format!("{}: {:?}", report.game, report.findings));
/// })
/// .unwrap();
/// assert_eq!(lines, ["1: [Checkmate]", "2: [ParseError]", "3: []"]);
/// ```
pub fn adjudicate_source<R, F>(
    source_name: &str,
    reader: R,
    options: &AdjudicateOptions,
    on_report: F,
) -> Result<(), AdjudicateError>
where
    R: Read + Send,
    F: FnMut(&GameReport, Option<&str>),
{
    let never = AtomicBool::new(false);
    let stop = options.stop.as_deref().unwrap_or(&never);
    let mut reporting = Reporting {
        on_report,
        reported: 0,
        failure: None,
    };
    // Line breaks of classic Mac OS read as any other (`LineEnds`).
    let reader = LineEnds::new(reader);
    let ended = if options.threads <= 1 {
        game_by_game(source_name, reader, options, stop, &mut reporting)
    } else {
        in_pieces(source_name, reader, options, stop, &mut reporting)?
    };
    reporting.end(source_name, ended)
}

/// A game's report and, if the options ask for it, its JSON line; or the
/// failure of the source.
type Judged = Result<(GameReport, Option<String>), SourceError>;

/// Reads and judges the game `unit` holds, as `options` say.
fn judge(
    source_name: &str,
    options: &AdjudicateOptions,
    unit: Result<Unit, SourceError>,
) -> Judged {
    unit.map(|unit| {
        let game = parse(&unit, &options.limits);
        let report = GameReport::checked_taking(source_name, game, options.edition, options.dead);
        let line = options.json.then(|| report.json());
        (report, line)
    })
}

/// What a run of [`adjudicate_source`] has reporting on: the reports, each to
/// `on_report` and counted, and the failure of the source, if any.
struct Reporting<F> {
    on_report: F,
    reported: u64,
    failure: Option<SourceError>,
}

impl<F: FnMut(&GameReport, Option<&str>)> Reporting<F> {
    fn report(&mut self, report: &GameReport, line: Option<&str>) {
        self.reported += 1;
        (self.on_report)(report, line);
    }

    /// How the run that `ended` so ends: stopped, failed, or whole.
    fn end(self, source_name: &str, ended: Ended) -> Result<(), AdjudicateError> {
        if ended == Ended::Stopped {
            return Err(AdjudicateError::Stopped {
                source_name: source_name.to_owned(),
                reported: self.reported,
            });
        }
        match self.failure {
            Some(error) => Err(AdjudicateError::Source {
                source_name: source_name.to_owned(),
                error,
            }),
            None => Ok(()),
        }
    }
}

/// [`adjudicate_source`] on one thread: game by game, numbered as read.
fn game_by_game<R, F>(
    source_name: &str,
    reader: R,
    options: &AdjudicateOptions,
    stop: &AtomicBool,
    reporting: &mut Reporting<F>,
) -> Ended
where
    R: Read,
    F: FnMut(&GameReport, Option<&str>),
{
    let stopped = || stop.load(Ordering::SeqCst);
    for unit in Units::new(reader, options.limits) {
        if stopped() {
            return Ended::Stopped;
        }
        match judge(source_name, options, unit) {
            Ok(_) if stopped() => return Ended::Stopped,
            Ok((game, line)) => reporting.report(&game, line.as_deref()),
            Err(error) => reporting.failure = Some(error),
        }
    }
    Ended::Whole
}

/// [`adjudicate_source`] on several threads: the reading thread cuts the
/// text into pieces of whole games, each worker cuts and judges the games
/// of its own pieces, and the calling thread numbers the games in order.
fn in_pieces<R, F>(
    source_name: &str,
    reader: R,
    options: &AdjudicateOptions,
    stop: &AtomicBool,
    reporting: &mut Reporting<F>,
) -> Result<Ended, ParallelError>
where
    R: Read + Send,
    F: FnMut(&GameReport, Option<&str>),
{
    let limits = options.limits;
    let piece_size = piece_bytes(options);
    let mut numbering = Numbering::default();
    // The source as JSON writes it, once for every line.
    let source = serde_json::to_string(source_name).unwrap_or_default();
    let (chunks, batch) = match options.dead {
        DeadCheck::Material => (Chunks::new(reader, limits, piece_size), options.batch),
        // A search a game, from microseconds to a second: every game is a
        // batch of its own, taken by whichever worker is free, so that a
        // few costly games never wait behind each other on one worker.
        DeadCheck::Exact => (Chunks::game_by_game(reader, limits), 1),
    };
    let sharing = Sharing {
        threads: options.threads,
        batch,
        max_weight: piece_size,
    };
    in_order_streamed(
        chunks,
        sharing,
        // A piece is a batch of its own, however far short of the size its
        // last game left it; games cut one by one batch up by size.
        |item| match item {
            Item::Piece(_) => piece_size,
            Item::Unit(unit) => unit.as_ref().map_or(0, Unit::weight),
        },
        stop,
        // Each game's report goes out as soon as it is judged. The sink
        // is lent each report (which then goes back to be freed on the
        // worker that made it) and takes the source's failure, if any.
        |item, emit| match item {
            Item::Piece(piece) => {
                for unit in piece.units(limits) {
                    if !emit(judge(source_name, options, unit).map_err(Some)) {
                        return;
                    }
                }
            }
            Item::Unit(unit) => {
                emit(judge(source_name, options, unit).map_err(Some));
            }
        },
        |judged| {
            match judged {
                Ok((game, line)) => {
                    let in_piece = game.game;
                    game.game = numbering.next_game();
                    if let Some(json) = line.take() {
                        *line = Some(renumbered(json, &source, game, in_piece));
                    }
                    reporting.report(game, line.as_deref());
                }
                Err(failure) => {
                    if let Some(mut error) = failure.take() {
                        error.after_game = numbering.read();
                        reporting.failure = Some(error);
                    }
                }
            }
            true
        },
    )
}

/// The text of a piece handed to one worker at a time, at most.
const PIECE_BYTES: usize = 1 << 17;

/// The size of the pieces of text handed to the workers under `options`.
fn piece_bytes(options: &AdjudicateOptions) -> usize {
    options.batch_bytes.clamp(1, PIECE_BYTES)
}

/// The JSON line of `report`, given `json`, its line written when the game
/// had the number `in_piece`, and `source`, its source as JSON writes it:
/// the number is the second field, right after the source, so it is put in
/// place there, in the same string (no new line is built, the number is
/// formatted on the stack, and the line's text is moved only when the
/// number's length changes); anything else is written anew.
fn renumbered(mut json: String, source: &str, report: &GameReport, in_piece: u64) -> String {
    match number_span(&json, source, in_piece) {
        Some(span) => {
            json.replace_range(span, itoa::Buffer::new().format(report.game));
            json
        }
        None => report.json(),
    }
}

/// Where `in_piece` stands in `json` when the line opens with
/// `{"source":<source>,"game":<in_piece>,`.
fn number_span(json: &str, source: &str, in_piece: u64) -> Option<std::ops::Range<usize>> {
    let rest = json.strip_prefix(r#"{"source":"#)?;
    let rest = rest.strip_prefix(source)?;
    let rest = rest.strip_prefix(r#","game":"#)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let start = json.len() - rest.len();
    let written = rest[..digits].parse::<u64>().ok()?;
    (written == in_piece && rest[digits..].starts_with(',')).then_some(start..start + digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::Games;
    use drawrules::laws::{Ending, GameResult};

    #[test]
    fn two_threads_number_the_games_and_write_the_lines_of_one() {
        let text = "[Event \"A\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"B\"]\n\n1. e4 Ke7?? 1/2-1/2\n\n\
                    [Event \"C\"]\n\n1. d4 Nf9 2. Nxx *\n\n[Event \"D\"]\n\n1. e4 *\n";
        // A source name that JSON must escape.
        let name = "we\"ird\\ü.pgn";
        let lines = |threads: usize| {
            let options = AdjudicateOptions {
                threads,
                json: true,
                batch_bytes: 16,
                ..AdjudicateOptions::default()
            };
            let mut lines = Vec::new();
            adjudicate_source(name, text.as_bytes(), &options, |report, line| {
                lines.push((report.game, line.unwrap().to_owned()));
            })
            .unwrap();
            lines
        };
        let one = lines(1);
        assert_eq!(
            one.iter().map(|(game, _)| *game).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert!(
            one[3]
                .1
                .starts_with(r#"{"source":"we\"ird\\ü.pgn","game":4,"#),
            "{}",
            one[3].1
        );
        assert_eq!(lines(2), one);
    }

    #[test]
    fn a_number_that_grows_a_digit_is_put_in_place_and_the_line_kept_whole() {
        // One game a piece: each is game 1 of its piece, and games 10 to
        // 12 need a digit more than the line was written with.
        let text = "[Event \"E\"]\n\n1. e4 e5 *\n\n".repeat(12);
        let options = AdjudicateOptions {
            threads: 2,
            json: true,
            batch_bytes: 16,
            ..AdjudicateOptions::default()
        };
        let mut lines = Vec::new();
        adjudicate_source("g.pgn", text.as_bytes(), &options, |report, line| {
            lines.push((report.json(), line.unwrap().to_owned()));
        })
        .unwrap();
        assert_eq!(lines.len(), 12);
        for (written_anew, renumbered) in &lines {
            assert_eq!(renumbered, written_anew);
        }
        assert!(lines[11].1.starts_with(r#"{"source":"g.pgn","game":12,"#));
    }

    #[test]
    fn a_line_that_does_not_open_as_expected_is_written_anew() {
        let mut reports = Vec::new();
        let options = AdjudicateOptions::default();
        adjudicate_source("g.pgn", "1. e4 *\n".as_bytes(), &options, |report, _| {
            reports.push(report.clone());
        })
        .unwrap();
        let report = &reports[0];
        let source = serde_json::to_string(&report.source).unwrap();
        let anew = report.json();
        assert!(anew.starts_with(r#"{"source":"g.pgn","game":1,"#), "{anew}");
        // Not the number the piece gave, or not a number alone.
        assert_eq!(number_span(&anew, &source, 3), None);
        let odd = anew.replacen(r#""game":1,"#, r#""game":1x,"#, 1);
        assert_eq!(number_span(&odd, &source, 1), None);
        assert_eq!(renumbered(odd, &source, report, 1), anew);
        // As a piece wrote it, game 15 of the piece: the number shrinks.
        let in_piece = anew.replacen(r#""game":1,"#, r#""game":15,"#, 1);
        let at = r#"{"source":"g.pgn","game":"#.len();
        assert_eq!(number_span(&in_piece, &source, 15), Some(at..at + 2));
        assert_eq!(renumbered(in_piece, &source, report, 15), anew);
    }

    #[test]
    fn pieces_are_an_eighth_of_a_mebibyte_or_what_the_options_ask() {
        let options = |batch_bytes| AdjudicateOptions {
            batch_bytes,
            ..AdjudicateOptions::default()
        };
        let default = AdjudicateOptions::default().batch_bytes;
        assert_eq!(piece_bytes(&options(default)), 128 << 10);
        // Asked for smaller pieces, each gets them.
        assert_eq!(piece_bytes(&options(100)), 100);
        assert_eq!(piece_bytes(&options(0)), 1);
    }

    #[test]
    fn a_stop_ends_the_run_after_the_reports_handed_on() {
        let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n".repeat(3_000);
        for threads in [1, 2] {
            let stop = Arc::new(AtomicBool::new(false));
            let options = AdjudicateOptions {
                threads,
                json: true,
                batch_bytes: 4_096,
                stop: Some(Arc::clone(&stop)),
                ..AdjudicateOptions::default()
            };
            let mut games = Vec::new();
            let outcome = adjudicate_source("x.pgn", text.as_bytes(), &options, |report, line| {
                assert!(
                    line.unwrap()
                        .starts_with(&format!(r#"{{"source":"x.pgn","game":{},"#, report.game))
                );
                games.push(report.game);
                if games.len() == 700 {
                    stop.store(true, Ordering::SeqCst);
                }
            });
            // The first games with no gap: at least those before the stop,
            // and on two threads those already judged with them.
            let n = games.len() as u64;
            assert!(n >= 700, "{threads} threads: {n}");
            assert_eq!(games, (1..=n).collect::<Vec<_>>(), "{threads} threads");
            match outcome {
                Err(AdjudicateError::Stopped {
                    source_name,
                    reported,
                }) => assert_eq!((source_name.as_str(), reported), ("x.pgn", n)),
                other => panic!("{threads} threads: {other:?}"),
            }
        }
    }

    fn first(pgn: &str) -> Result<Adjudication, GameError> {
        let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
        adjudicate(&game, Edition::Fide2018)
    }

    #[test]
    fn results_are_checked_against_the_ending() {
        let mate = "1. f3 e5 2. g4 Qh4#";
        let cases = [
            (format!("{mate} 0-1"), ResultCheck::Consistent),
            (format!("{mate} 1-0"), ResultCheck::ContradictsCheckmate),
            (format!("{mate} 1/2-1/2"), ResultCheck::ContradictsCheckmate),
            (format!("{mate} *"), ResultCheck::UnfinishedAfterEnding),
            ("1. e4 e5 1-0".to_owned(), ResultCheck::Consistent),
        ];
        for (pgn, check) in cases {
            assert_eq!(first(&pgn).unwrap().result_check, check, "{pgn}");
        }
        // Bare kings: dead position at once, so a win contradicts it.
        let dead = "[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]\n\n1. Kxd2 1-0";
        let found = first(dead).unwrap();
        assert_eq!(
            found.ended.as_ref().unwrap().endings,
            [Ending::DeadPosition]
        );
        assert_eq!(found.result_check, ResultCheck::DecisiveAfterAutomaticDraw);
        // The Result tag wins over the marker.
        let tagged = format!("[Result \"0-1\"]\n\n{mate} *");
        assert_eq!(
            first(&tagged).unwrap().recorded_result,
            Some(GameResult::BlackWins)
        );
    }

    #[test]
    fn moves_after_the_end_are_counted_and_still_checked() {
        let cycle = "Nf3 Nf6 Ng1 Ng8 ";
        let fivefold = format!("{} Nc3 1/2-1/2", cycle.repeat(5));
        let found = first(&fivefold).unwrap();
        let ended = found.ended.as_ref().unwrap();
        assert_eq!(
            (ended.ply, ended.endings.as_slice()),
            (16, &[Ending::FivefoldRepetition][..])
        );
        assert_eq!(ended.articles, ["9.6.1"]);
        assert_eq!(found.plies_after_end, 5);
        assert_eq!(found.final_status.ply, 16);
        assert_eq!(found.threefold_repetition.on_move, Some(7));
        let broken = format!("{} Nc3 Ke7 1/2-1/2", cycle.repeat(5));
        assert_eq!(
            first(&broken).unwrap_err().to_string(),
            "ply 22, move \"Ke7\": illegal san"
        );
    }

    #[test]
    fn chess960_games_castle_by_rook() {
        let pgn = "[Variant \"Chess960\"]\n[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHbh - 0 1\"]\n\n\
                   1. O-O O-O-O 2. Rb1a1 *";
        let found = first(pgn).unwrap();
        assert_eq!(found.variant, Variant::Chess960);
        assert_eq!(
            found.final_status.fen,
            "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b - - 3 2"
        );
        let standard = "[FEN \"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w - - 0 1\"]\n\n1. Rb1a1 *";
        assert_eq!(first(standard).unwrap().variant, Variant::Standard);
    }

    #[test]
    fn bad_games_say_what_and_where() {
        let cases = [
            (
                "1. e4 e5 2. Nf3",
                "no game termination marker after ply 3: truncated game text",
            ),
            (
                "[Variant \"atomic\"]\n\n1. e4 *",
                "unsupported variant \"atomic\"",
            ),
            (
                "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
                "FEN tag \"8/8/8/8/8/8/8/8 w - - 0 1\": invalid fen: illegal position: empty board, missing king",
            ),
            (
                "1. e4 -- *",
                "ply 2, move \"--\": a null move is not a move of chess",
            ),
            ("1. e4 e5 2. Ke3 *", "ply 3, move \"Ke3\": illegal san"),
        ];
        for (pgn, message) in cases {
            assert_eq!(first(pgn).unwrap_err().to_string(), message, "{pgn}");
        }
    }

    #[test]
    fn an_exact_dead_position_ends_the_game_like_the_other_endings() {
        // ...h4 locks the last file (ply 1): dead by the wall from there,
        // so the moves after it are play past the end and a win
        // contradicts the draw. By material alone the game goes on.
        let pgn = "[FEN \"k7/8/8/p1p1p1pp/P1P1P1P1/7P/8/K7 b - - 0 1\"]\n\n\
                   1... h4 2. Kb1 Kb8 3. Ka1 0-1";
        let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
        let material = adjudicate(&game, Edition::Fide2018).unwrap();
        assert_eq!(material.ended, None);
        assert_eq!(material.dead_position, None);
        let exact = adjudicate_with(&game, Edition::Fide2018, DeadCheck::Exact).unwrap();
        let ended = exact.ended.as_ref().unwrap();
        assert_eq!(
            (
                ended.ply,
                ended.endings.as_slice(),
                ended.articles.as_slice()
            ),
            (1, &[Ending::DeadPosition][..], &["5.2.2"][..])
        );
        assert_eq!(exact.plies_after_end, 3);
        assert_eq!(exact.result_check, ResultCheck::DecisiveAfterAutomaticDraw);
        assert_eq!(
            exact.findings(),
            [
                GameFinding::DeadPosition,
                GameFinding::PlayedPastEnd,
                GameFinding::DecisiveAfterAutomaticDraw
            ]
        );
        assert_eq!(
            exact.dead_position.as_ref().unwrap().first_dead_ply(),
            Some(1)
        );
        let json = serde_json::to_string(&exact).unwrap();
        assert!(
            json.contains(r#""dead_position":{"verdict":"dead","ply":1,"first":true,"white":{"reason":"wall"},"black":{"reason":"wall"}}"#),
            "{json}"
        );
    }

    #[test]
    fn an_exact_check_of_a_live_game_changes_nothing_but_shows_its_line() {
        let pgn = "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Nf3 1-0\n";
        let mut games = Games::new(pgn.as_bytes());
        for _ in 0..2 {
            let game = games.next().unwrap().unwrap();
            let material = adjudicate(&game, Edition::Fide2018).unwrap();
            let exact = adjudicate_with(&game, Edition::Fide2018, DeadCheck::Exact).unwrap();
            assert_eq!(exact.findings(), material.findings());
            assert_eq!(exact.ended, material.ended);
            assert!(matches!(exact.dead_position, Some(DeadScan::Alive { .. })));
        }
    }

    #[test]
    fn a_dead_start_ends_the_game_before_the_seventy_fifth_move() {
        // Kings behind a locked chain, one ply before the 150th without a
        // pawn move or capture: dead by the wall from the start already,
        // so the game ends there, before the 75-move ending.
        let pgn = "[FEN \"k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 149 80\"]\n\n80. Kb1 1/2-1/2";
        let game = Games::new(pgn.as_bytes()).next().unwrap().unwrap();
        let exact = adjudicate_with(&game, Edition::Fide2018, DeadCheck::Exact).unwrap();
        let ended = exact.ended.as_ref().unwrap();
        // Dead from ply 0, before the 75-move ending at ply 1.
        assert_eq!(
            (ended.ply, ended.endings.as_slice()),
            (0, &[Ending::DeadPosition][..])
        );
        assert_eq!(exact.plies_after_end, 1);
    }
}
