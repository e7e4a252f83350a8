//! The arbiter: the draw rules at the speed of move generation.
//!
//! It gives the same [`Status`] records as the [reference](mod@crate::reference),
//! ply for ply, but works incrementally:
//!
//! * a move's legality is decided from the board (the man reaches the
//!   square, and no enemy man attacks its king after the move), shakmaty
//!   being asked only about castling and en passant;
//! * the clock is a counter; the automatic endings are decided once per ply,
//!   and whether any legal move exists (mate, stalemate) is first settled by
//!   a cheap proof (out of check, a man that cannot be pinned with a move;
//!   a legal king step), generating all moves only when there is none;
//! * repetitions are looked for only among the positions since the last
//!   pawn move, capture or loss of a castling right (nothing older can come
//!   back), with the same player to move, by Zobrist hash, and every hash
//!   match is confirmed on the full position before it counts;
//! * a threefold claim on a written move (9.2.1) is possible only towards a
//!   position that has already stood twice with the other player to move,
//!   and only by the one quiet move between the two squares where the
//!   boards differ; when there is no such position, no move is tried;
//! * the fifty-move claim on a written move (9.3.1) lists the quiet moves
//!   of the pieces read from the board, without generating the pawn moves
//!   and captures it leaves out.
//!
//! * Article 5.2.2 is decided by material by default. Under the exact rule
//!   ([`DeadRule::Exact`]) the arbiter keeps the helpmate line that proved
//!   the position before the move alive and tries to carry it to the new
//!   position, each candidate replayed move by move to its checkmate
//!   (see `carried`); only when none replays does it run its own full
//!   decision ([`deadness_in`](crate::unwinnable::deadness_in), built for
//!   speed, apart from the reference's), never on a checkmate. Once a
//!   side's searches have found nothing, they are not run for it again
//!   until the next capture or pawn move: the plies between are decided by
//!   the cheap steps (material, the wall, a short helpmate search, two
//!   plies ahead) or left undetermined.
//!
//! Chess960 games need nothing special here: shakmaty keeps castling rights
//! per rook square, loses them as the Laws do (a king move loses both, a
//! rook move or capture on its square loses that rook's), and the
//! repetition key compares those squares. Only the text differs: castling
//! in UCI is the king taking its rook, and the FEN's castling field names
//! the rooks' files (Shredder-FEN).

mod carried;
mod mobility;
mod quiet;
mod window;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use crate::laws::{Claim, Edition, Ending, GameResult};
use crate::mating::{DeadRule, Deadness};
use crate::notation::{PlayTextError, parse_move, uci_sorted_in};
use crate::rules::{Rules, RulesError};
use crate::start::{ParseStartError, StartPosition};
use crate::status::{ClaimsOnMove, Status};
use crate::unwinnable::{Spent, deadness_sparing};
use carried::Carried;
use mobility::{has_legal_move, is_legal};
use quiet::quiet_piece_moves;
use thiserror::Error;
use window::{Key, Window, hash, hash_after};

/// The optimised, incremental implementation of the draw rules.
///
/// # Examples
///
/// ```
/// use drawrules::{Arbiter, Claim, Edition, Ending};
///
/// let mut game = Arbiter::default();
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
///     game.play_text(san).unwrap();
/// }
/// // Black may claim by writing Ng8 (Article 9.2.1).
/// assert_eq!(game.claims_on_move().threefold_repetition, ["f6g8"]);
/// game.play_text("Ng8").unwrap();
/// assert_eq!(game.repetition(), 3);
/// assert_eq!(game.claims(), [Claim::ThreefoldRepetition]);
///
/// let mut game = Arbiter::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", Edition::Fide2018).unwrap();
/// game.play_text("Ra8#").unwrap();
/// assert_eq!(game.endings(), [Ending::Checkmate]);
/// assert!(game.is_over());
/// assert!(game.play_text("Kh8").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Arbiter {
    edition: Edition,
    mode: CastlingMode,
    position: Chess,
    hash: u64,
    clock: u32,
    ply: u32,
    window: Window,
    ended: Vec<Ending>,
    /// Whether checkmate and stalemate are still to be decided for the
    /// current position (replay mode; see [`Arbiter::play_replayed`]).
    /// Then no other ending holds: `ended` is empty.
    unsettled: bool,
    /// How 5.2.2 is decided.
    dead_rule: DeadRule,
    /// Whether 5.2.2 was decided neither way for the current position
    /// (exact rule only).
    undetermined: bool,
    /// The helpmate line that proves the current position alive, when the
    /// exact rule found one.
    carried: Option<Carried>,
    /// The sides whose 5.2.2 searches are no longer run until the next
    /// capture or pawn move (exact rule only; see `deadness_sparing`).
    spent: Spent,
    /// The move that reached the current position (`None` at the start).
    played: Option<Move>,
    /// How the exact rule decided the plies judged so far.
    searches: DeadSearches,
}

/// How the arbiter decided Article 5.2.2 under the exact rule
/// ([`DeadRule::Exact`]) at the plies it has judged since the game
/// started: the plies neither dead by material nor checkmate, split by
/// where the verdict came from.
///
/// # Examples
///
/// ```
/// use drawrules::mating::DeadRule;
/// use drawrules::Arbiter;
///
/// let mut game = Arbiter::default().with_dead_rule(DeadRule::exact());
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     game.play_text(uci).unwrap();
/// }
/// let searches = game.dead_searches();
/// // The start position and four plies: each either carried a line from
/// // the ply before or searched afresh.
/// assert_eq!(searches.carried + searches.searched, 5);
/// assert!(searches.searched >= 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeadSearches {
    /// Plies proved alive by the helpmate line of the ply before, carried
    /// over and replayed to its checkmate.
    pub carried: u64,
    /// Plies given the arbiter's own full decision.
    pub searched: u64,
}

impl Default for Arbiter {
    /// The standard starting position under [`Edition::Fide2018`].
    fn default() -> Arbiter {
        Arbiter::new(&StartPosition::standard(), Edition::default())
    }
}

impl Arbiter {
    /// A new game from `start` under `edition`.
    pub fn new(start: &StartPosition, edition: Edition) -> Arbiter {
        Arbiter::started(start, edition, DeadRule::default())
    }

    /// A new game from `start` under `edition`, its start position judged
    /// once, with 5.2.2 decided as `dead_rule` says.
    fn started(start: &StartPosition, edition: Edition, dead_rule: DeadRule) -> Arbiter {
        let position = start.position().clone();
        let mut arbiter = Arbiter {
            edition,
            mode: start.castling_mode(),
            hash: hash(&position),
            clock: start.setup().halfmoves,
            ply: 0,
            window: Window::default(),
            ended: Vec::new(),
            unsettled: false,
            dead_rule,
            undetermined: false,
            carried: None,
            spent: Spent::default(),
            played: None,
            searches: DeadSearches::default(),
            position,
        };
        arbiter.window.restart(&arbiter.position, arbiter.hash);
        arbiter.decide_endings();
        arbiter
    }

    /// A new game from a FEN under `edition`.
    ///
    /// # Errors
    ///
    /// [`ParseStartError`] if the text is not a legal position in FEN.
    pub fn from_fen(fen: &str, edition: Edition) -> Result<Arbiter, ParseStartError> {
        Ok(Arbiter::new(&StartPosition::from_fen(fen)?, edition))
    }

    /// The same game with Article 5.2.2 decided as `rule` says (the
    /// default is [`DeadRule::Material`]); the current position is judged
    /// again under it.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::DeadRule;
    /// use drawrules::{Arbiter, Edition, Ending};
    ///
    /// // Only the kings can move, each behind its side of a locked chain.
    /// let fen = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1";
    /// let game = Arbiter::from_fen(fen, Edition::Fide2018).unwrap();
    /// assert!(!game.is_over());
    /// let game = game.with_dead_rule(DeadRule::exact());
    /// assert_eq!(game.endings(), [Ending::DeadPosition]);
    /// ```
    #[must_use]
    pub fn with_dead_rule(mut self, rule: DeadRule) -> Arbiter {
        self.dead_rule = rule;
        self.carried = None;
        self.spent = Spent::default();
        self.decide_endings();
        self
    }

    /// How Article 5.2.2 is decided.
    pub fn dead_rule(&self) -> DeadRule {
        self.dead_rule
    }

    /// Under the exact 5.2.2 rule, a helpmate line that proves the current
    /// position alive: the side that mates and the moves, from the current
    /// position, after which it has given checkmate. `None` under the
    /// material rule, when the position is checkmate, dead or undetermined.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::DeadRule;
    /// use drawrules::Arbiter;
    /// use shakmaty::Position;
    ///
    /// let game = Arbiter::default().with_dead_rule(DeadRule::exact());
    /// let (side, line) = game.helpmate().unwrap();
    /// let mut position = game.position().clone();
    /// for &mv in line {
    ///     position = position.play(mv).unwrap();
    /// }
    /// assert!(position.is_checkmate());
    /// assert_ne!(position.turn(), side);
    /// ```
    pub fn helpmate(&self) -> Option<(Color, &[Move])> {
        self.carried
            .as_ref()
            .map(|carried| (carried.side, carried.line.as_slice()))
    }

    /// How the exact 5.2.2 rule was decided at the plies judged so far.
    pub fn dead_searches(&self) -> DeadSearches {
        self.searches
    }

    /// The edition whose rules apply.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// How castling is played and written: standard chess or Chess960.
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Plies played since the start position.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Plies since the last pawn move or capture (Article 9.3).
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// How many times the current position has stood (Article 9.2.3).
    #[inline]
    pub fn repetition(&self) -> u32 {
        self.window.repetition()
    }

    /// The endings that hold, in article order; empty while the game goes on.
    pub fn endings(&self) -> &[Ending] {
        if self.unsettled {
            return match self.stuck() {
                Some(ending) => std::slice::from_ref(ending),
                None => &[],
            };
        }
        &self.ended
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        !self.ended.is_empty() || (self.unsettled && self.stuck().is_some())
    }

    /// Whether every ending of the current position has been decided: always
    /// true but after [`Arbiter::play_replayed`], until the next move or
    /// [`Arbiter::settle`]. While it is false, no ending other than
    /// checkmate and stalemate holds, and the answers of the other methods
    /// are still exact (they decide those two when they need to).
    #[inline]
    pub fn is_settled(&self) -> bool {
        !self.unsettled
    }

    /// Decides checkmate and stalemate for the current position if
    /// [`Arbiter::play_replayed`] left them open.
    pub fn settle(&mut self) {
        if std::mem::take(&mut self.unsettled)
            && let Some(ending) = self.stuck()
        {
            self.ended.push(*ending);
        }
    }

    /// Checkmate or stalemate of the current position, decided from
    /// scratch: the player to move has no legal move (Articles 5.1.1 and
    /// 5.2.1).
    fn stuck(&self) -> Option<&'static Ending> {
        let checkers = self.position.checkers();
        if has_legal_move(&self.position, checkers) {
            None
        } else if checkers.any() {
            Some(&Ending::Checkmate)
        } else {
            Some(&Ending::Stalemate)
        }
    }

    /// The result: the winner after checkmate, a draw after any other
    /// ending, `*` while the game goes on.
    pub fn result(&self) -> GameResult {
        match (self.endings().first(), self.position.turn()) {
            (None, _) => GameResult::Ongoing,
            (Some(Ending::Checkmate), Color::White) => GameResult::BlackWins,
            (Some(Ending::Checkmate), Color::Black) => GameResult::WhiteWins,
            (Some(_), _) => GameResult::Draw,
        }
    }

    /// The draws the player to move may claim on the position as it stands
    /// (Articles 9.2.2 and 9.3.2), in article order.
    #[inline]
    pub fn claims(&self) -> Vec<Claim> {
        // Most plies are below a clock of 100 and on no third occurrence.
        if self.clock < 100 && self.repetition() < 3 {
            return Vec::new();
        }
        Claim::ALL
            .into_iter()
            .filter(|&claim| self.may_claim(claim))
            .collect()
    }

    /// Whether the player to move may claim `claim` on the position as it
    /// stands (Articles 9.2.2 and 9.3.2): whether [`Arbiter::claims`] lists
    /// it, without building the list. Always `false` once the game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::{Arbiter, Claim, Edition};
    ///
    /// let game = Arbiter::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80", Edition::Fide2018).unwrap();
    /// assert!(game.may_claim(Claim::FiftyMoves));
    /// assert!(!game.may_claim(Claim::ThreefoldRepetition));
    /// ```
    #[inline]
    pub fn may_claim(&self, claim: Claim) -> bool {
        let due = match claim {
            Claim::ThreefoldRepetition => self.repetition() >= 3,
            Claim::FiftyMoves => self.clock >= 100,
        };
        due && !self.is_over()
    }

    /// The legal moves on which the player to move may claim each draw by
    /// writing the move down first (Articles 9.2.1 and 9.3.1), as sorted UCI.
    pub fn claims_on_move(&self) -> ClaimsOnMove {
        if self.is_over() {
            return ClaimsOnMove::default();
        }
        ClaimsOnMove {
            threefold_repetition: uci_sorted_in(self.threefold_on_move(), self.mode),
            fifty_moves: uci_sorted_in(self.fifty_moves_on_move(), self.mode),
        }
    }

    /// Whether the player to move may claim `claim` by writing down a move
    /// first (Articles 9.2.1 and 9.3.1): whether some legal move supports
    /// it, exactly when [`Arbiter::claims_on_move`] lists a move for it, but
    /// without writing the moves out as sorted UCI. Always `false` once the
    /// game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::{Arbiter, Claim, Edition};
    ///
    /// let mut game = Arbiter::default();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"] {
    ///     game.play_text(san).unwrap();
    /// }
    /// assert!(!game.claimable_on_move(Claim::ThreefoldRepetition));
    /// game.play_text("Ng1").unwrap();
    /// // Black may write Ng8, which brings the start position back a third time.
    /// assert!(game.claimable_on_move(Claim::ThreefoldRepetition));
    /// assert!(game.claims().is_empty(), "not yet on the board");
    ///
    /// let game = Arbiter::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", Edition::Fide2018).unwrap();
    /// assert!(game.claimable_on_move(Claim::FiftyMoves), "a king move");
    /// ```
    #[inline]
    pub fn claimable_on_move(&self, claim: Claim) -> bool {
        match claim {
            Claim::ThreefoldRepetition => !self.threefold_on_move().is_empty(),
            Claim::FiftyMoves => !self.fifty_moves_on_move().is_empty(),
        }
    }

    /// The legal moves that would bring a position back for the third time
    /// (Article 9.2.1); empty once the game is over.
    ///
    /// Only a quiet move can lead back into the window (a pawn move, a
    /// capture or a lost castling right would make a new position), so a
    /// target position must differ from the current one on exactly two
    /// squares, the move's from and to: at most one move per target is
    /// tried, and confirmed on the full position.
    #[inline]
    pub fn threefold_on_move(&self) -> Vec<Move> {
        // Most plies have no position that stood twice with the other
        // player to move: nothing to look for.
        if self.window.threefold_targets().is_empty() || (!self.unsettled && self.is_over()) {
            return Vec::new();
        }
        self.threefold_moves()
    }

    /// The moves of [`Arbiter::threefold_on_move`] in a game that goes on,
    /// towards the targets of the window.
    fn threefold_moves(&self) -> Vec<Move> {
        let occupied = self.position.board().occupied();
        let mut moves: Vec<Move> = Vec::new();
        for &(target_hash, ref target) in self.window.threefold_targets() {
            let differ = occupied ^ target.occupied();
            if differ.count() != 2 {
                continue;
            }
            let (Some(from), Some(to)) =
                ((differ & occupied).first(), (differ & !occupied).first())
            else {
                continue;
            };
            let Some(role) = self.position.board().role_at(from) else {
                continue;
            };
            let mv = Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            };
            // The hash rules most targets out before the move's legality
            // is asked; a match is confirmed on the full position.
            if hash_after(&self.position, self.hash, mv) != target_hash
                || !is_legal(&self.position, mv)
            {
                continue;
            }
            let mut child = self.position.clone();
            child.play_unchecked(mv);
            if Key::of(&child) == *target {
                moves.push(mv);
            }
        }
        // While mate and stalemate are open, a legal move found here rules
        // both out: the game goes on.
        moves
    }

    /// The legal moves that would complete 50 moves by each player without
    /// a pawn move or capture (Article 9.3.1); empty once the game is over.
    #[inline]
    pub fn fifty_moves_on_move(&self) -> Vec<Move> {
        // While mate and stalemate are open, any legal move rules both out.
        if self.clock < 99 || (!self.unsettled && self.is_over()) {
            return Vec::new();
        }
        self.fifty_moves()
    }

    /// The moves of [`Arbiter::fifty_moves_on_move`] at a clock of 99 or
    /// more in a game that goes on: every legal move but the pawn moves and
    /// captures, read from the board.
    fn fifty_moves(&self) -> Vec<Move> {
        quiet_piece_moves(&self.position)
    }

    /// The full status record of the current ply.
    pub fn status(&self) -> Status {
        Status {
            ply: self.ply,
            fen: self.fen(),
            clock: self.clock,
            repetition: self.repetition(),
            ended: self.endings().to_vec(),
            undetermined: if self.undetermined {
                vec![Ending::DeadPosition]
            } else {
                Vec::new()
            },
            result: self.result(),
            claims: self.claims(),
            claims_on_move: self.claims_on_move(),
        }
    }

    /// The FEN of the current position: the en passant square only when an
    /// en passant capture is legal, the castling field in Shredder-FEN
    /// (rook files) in Chess960.
    pub fn fen(&self) -> String {
        // Written straight into a string (the same text as its `Display`,
        // without a formatter call per character).
        let mut fen = String::with_capacity(96);
        Fen::from_position(&self.position, EnPassantMode::Legal).append_to_string(&mut fen);
        if self.mode == CastlingMode::Standard {
            return fen;
        }
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let castling = shredder_castling(&self.position);
        if let Some(field) = fields.get_mut(2) {
            *field = &castling;
        }
        fields.join(" ")
    }

    /// Plays a move given as text, UCI (`g1f3`) or SAN (`Nf3`); returns it.
    ///
    /// # Errors
    ///
    /// [`PlayTextError`] if the game is over or the text names no legal move.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayTextError> {
        self.ensure_going_on()?;
        let mv = parse_move(text, &self.position)?;
        self.play_legal(mv)?;
        Ok(mv)
    }

    /// Plays a move.
    ///
    /// # Errors
    ///
    /// [`RulesError::GameOver`] once an ending holds,
    /// [`RulesError::IllegalMove`] if the move is not legal here. The game is
    /// unchanged after an error.
    pub fn play_move(&mut self, mv: Move) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        if !is_legal(&self.position, mv) {
            return Err(RulesError::IllegalMove);
        }
        self.advance(mv);
        Ok(())
    }

    /// Plays the move `san` names in the current position, as a PGN reader
    /// does, and returns it.
    ///
    /// shakmaty's SAN reading yields only legal moves, so legality is not
    /// checked a second time.
    ///
    /// # Errors
    ///
    /// [`PlaySanError::San`] when `san` names no legal move here (or more
    /// than one), [`PlaySanError::Rules`] once an ending holds. The game is
    /// unchanged after an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::{Arbiter, PlaySanError};
    /// use shakmaty::san::San;
    ///
    /// let mut arbiter = Arbiter::default();
    /// let nf3: San = "Nf3".parse().unwrap();
    /// assert_eq!(arbiter.play_san(&nf3).unwrap().to_string(), "Ng1-f3");
    /// let illegal: San = "Nf5".parse().unwrap();
    /// assert!(matches!(arbiter.play_san(&illegal), Err(PlaySanError::San(_))));
    /// ```
    pub fn play_san(&mut self, san: &San) -> Result<Move, PlaySanError> {
        self.ensure_going_on()?;
        let mv = san.to_move(&self.position)?;
        self.play_legal(mv)?;
        Ok(mv)
    }

    /// Plays the legal move `mv` in replay mode, for a caller that reads a
    /// game's moves one after another (a PGN replay): checkmate and
    /// stalemate of the new position are left open, since the legality of
    /// the game's next move will prove that neither holds. Every other
    /// ending is decided at once; when one holds, checkmate and stalemate
    /// are decided too, so that the endings are complete.
    ///
    /// The position before `mv` may itself be unsettled: `mv` being legal
    /// proves it was neither checkmate nor stalemate. After the last move,
    /// call [`Arbiter::settle`] (or ask any question: the answers are exact
    /// either way, deciding what they need).
    ///
    /// `mv` must be legal in the current position (as shakmaty's SAN or UCI
    /// reading or its move generation give it): legality is not checked
    /// again.
    ///
    /// # Errors
    ///
    /// [`RulesError::GameOver`] when an ending other than checkmate and
    /// stalemate holds (those two are ruled out by `mv` being legal).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::{Arbiter, Ending};
    /// use shakmaty::san::San;
    ///
    /// let mut arbiter = Arbiter::default();
    /// for text in ["f3", "e5", "g4", "Qh4#"] {
    ///     let san: San = text.parse().unwrap();
    ///     let mv = san.to_move(arbiter.position()).unwrap();
    ///     arbiter.play_replayed(mv).unwrap();
    /// }
    /// assert!(!arbiter.is_settled());
    /// assert_eq!(arbiter.endings(), [Ending::Checkmate], "exact all the same");
    /// arbiter.settle();
    /// assert!(arbiter.is_settled() && arbiter.is_over());
    /// ```
    pub fn play_replayed(&mut self, mv: Move) -> Result<(), RulesError> {
        if !self.ended.is_empty() {
            return Err(RulesError::GameOver {
                ended: self.ended.clone(),
            });
        }
        debug_assert!(self.position.is_legal(mv), "{mv:?} must be legal");
        let changes_material = mv.is_capture() || mv.is_promotion();
        self.step(mv);
        self.decide_endings_replayed(changes_material);
        Ok(())
    }

    /// Plays `mv`, which shakmaty's own move reading (SAN or UCI `to_move`)
    /// or move generation produced for the current position and so is
    /// legal: its legality is not checked a second time.
    fn play_legal(&mut self, mv: Move) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        debug_assert!(self.position.is_legal(mv), "{mv:?} must be legal");
        self.advance(mv);
        Ok(())
    }

    /// Plays the legal move `mv` and judges the new position.
    fn advance(&mut self, mv: Move) {
        self.step(mv);
        self.decide_endings();
    }

    /// Plays the legal move `mv`: position, hash, clock and window.
    fn step(&mut self, mv: Move) {
        let rights_before = self.position.castles().castling_rights();
        self.hash = hash_after(&self.position, self.hash, mv);
        self.position.play_unchecked(mv);
        self.played = Some(mv);
        self.ply = self.ply.saturating_add(1);
        // Castling does not restart the count, but losing a castling right
        // (like a pawn move or a capture) means no earlier position can
        // stand again.
        let resets_count = mv.is_zeroing();
        self.clock = if resets_count {
            0
        } else {
            self.clock.saturating_add(1)
        };
        if resets_count || self.position.castles().castling_rights() != rights_before {
            self.window.restart(&self.position, self.hash);
        } else {
            self.window.push(&self.position, self.hash, mv);
        }
    }

    fn ensure_going_on(&self) -> Result<(), RulesError> {
        if self.is_over() {
            Err(RulesError::GameOver {
                ended: self.endings().to_vec(),
            })
        } else {
            Ok(())
        }
    }

    /// Decides the automatic endings of the new position (Articles 5.1.1,
    /// 5.2.1, 5.2.2, 9.6.1, 9.6.2).
    fn decide_endings(&mut self) {
        self.unsettled = false;
        self.ended.clear();
        let checkers = self.position.checkers();
        let stuck = !has_legal_move(&self.position, checkers);
        let check = checkers.any();
        let checkmate = stuck && check;
        let fivefold = self.is_fivefold();
        let dead = self.dead(checkmate);
        let holds = [
            (Ending::Checkmate, checkmate),
            (Ending::Stalemate, stuck && !check),
            (Ending::DeadPosition, dead),
            (Ending::FivefoldRepetition, fivefold),
            (Ending::SeventyFiveMoves, self.clock >= 150 && !checkmate),
        ];
        self.ended.extend(
            holds
                .iter()
                .filter(|(_, holds)| *holds)
                .map(|&(ending, _)| ending),
        );
    }
}

impl Arbiter {
    /// Article 9.6.1 for the current position: five occurrences of it
    /// (2017 on), or under the 2014 text the same position at plies n,
    /// n-4, n-8, n-12 and n-16.
    fn is_fivefold(&self) -> bool {
        match self.edition {
            Edition::Fide2018 => self.window.repetition() >= 5,
            Edition::Fide2014 => self.window.four_ply_rhythm(&self.position),
        }
    }

    /// Article 5.2.2 for the current position under the arbiter's rule,
    /// `checkmate` telling whether it is mate; notes an undetermined
    /// verdict.
    fn dead(&mut self, checkmate: bool) -> bool {
        self.undetermined = false;
        let carried = self.carried.take();
        if self.clock == 0 {
            // A capture or a pawn move: the searches see new men.
            self.spent = Spent::default();
        }
        if self.position.is_insufficient_material() {
            return true;
        }
        match self.dead_rule {
            DeadRule::Material => false,
            // A checkmate on the board is its own helpmate.
            DeadRule::Exact(_) if checkmate => false,
            DeadRule::Exact(budget) => {
                let next = carried
                    .zip(self.played)
                    .and_then(|(line, played)| line.after_move(&self.position, played));
                if let Some(next) = next {
                    self.searches.carried += 1;
                    self.carried = Some(next);
                    return false;
                }
                self.searches.searched += 1;
                match deadness_sparing(&self.position, self.mode, budget, &mut self.spent) {
                    Deadness::Dead { .. } => true,
                    Deadness::Alive { side, line } => {
                        self.carried = carried::from_uci(&self.position, side.into(), &line);
                        false
                    }
                    Deadness::Undetermined => {
                        self.undetermined = true;
                        false
                    }
                }
            }
        }
    }

    /// Decides the endings of the new position in replay mode: when none
    /// but checkmate or stalemate can hold, those two are left open.
    fn decide_endings_replayed(&mut self, changes_material: bool) {
        let fivefold = self.is_fivefold();
        // The material test depends on the pieces alone: the position
        // before this move passed it, so it can fail only after a capture
        // or a promotion.
        // Under the exact 5.2.2 rule any move may make the position dead.
        if fivefold
            || self.clock >= 150
            || self.dead_rule != DeadRule::Material
            || (changes_material && self.position.is_insufficient_material())
        {
            self.decide_endings();
        } else {
            self.ended.clear();
            self.unsettled = true;
        }
    }
}

impl Rules for Arbiter {
    fn start(&mut self, start: &StartPosition, edition: Edition) -> Result<(), RulesError> {
        *self = Arbiter::started(start, edition, self.dead_rule);
        Ok(())
    }

    fn play(&mut self, mv: UciMove) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        let mv = mv
            .to_move(&self.position)
            .map_err(|_| RulesError::IllegalMove)?;
        self.play_legal(mv)
    }

    fn status(&self) -> Status {
        Arbiter::status(self)
    }

    fn set_dead_rule(&mut self, rule: DeadRule) -> bool {
        // The current position keeps its verdict (see the trait); the
        // next `decide_endings` uses the new rule.
        self.dead_rule = rule;
        self.spent = Spent::default();
        true
    }
}

/// The castling field of `position` in Shredder-FEN: each right's rook file,
/// upper case for White, White first and on each side the king's side (the
/// higher file) first; `-` when no right is left.
fn shredder_castling(position: &Chess) -> String {
    let rights = position.castles().castling_rights();
    let field: String = [Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| {
            (rights & color.backrank())
                .into_iter()
                .rev()
                .map(move |rook| color.fold_wb(rook.file().upper_char(), rook.file().char()))
        })
        .collect();
    if field.is_empty() {
        "-".to_owned()
    } else {
        field
    }
}

/// A SAN move the arbiter could not play.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlaySanError {
    /// The SAN names no legal move in the position, or several.
    #[error(transparent)]
    San(#[from] SanError),
    /// The rules refused the move: the game is over.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

#[cfg(test)]
mod replay_tests;

#[cfg(test)]
mod shortcut_tests;
