//! Comparing an engine's answer with our reference's judgement: every ply,
//! every part the engine declares, every distinct divergence.

use std::collections::BTreeMap;

use crate::protocol::{Answer, GameAnswers, Hello, Meaning, Part, RefusalKind};
use drawrules::{Judgement, PartialStatus, Status};
use shakmaty::Square;

use crate::verify::game::cause::{Cause, cause, en_passant_field_cause};
use crate::verify::game::conventions::counted::{ConventionTally, DecidedConventions};
use crate::verify::game::conventions::{double_step, told_apart};
use crate::verify::game::direction::Direction;
use crate::verify::game::divergence::{Divergence, TheirRefusal, compare_part, shape};
use crate::verify::game::exceptions::{
    absent_end, as_declared, claim_after_the_end, depends_on_an_absent_end,
    ended_where_undetermined, fen_by_field, judged_part, missing_is_allowed, one_ending_named,
    promises_every_ply, reading_followed, stops_after, undetermined,
};
use crate::verify::game::group::Group;
use crate::verify::game::occasions::{Exercise, Hider, Occasion, at_plies, of_refusal};
use crate::verify::game::readings::Reading;

/// What comparing one answer with the reference found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Every distinct divergence: the first of each group and cause, in
    /// the order of plies, then of [`Part::ALL`]; then, once the run has
    /// decided its FEN conventions ([`Comparison::add_departures`]), the
    /// first ply of each field that follows another.
    pub divergences: Vec<Divergence>,
    /// The plies compared, per declared part.
    pub plies: BTreeMap<Part, usize>,
    /// The plies of the game, from ply 0, up to the last on which some
    /// part was compared (a per-game part counts the plies it judged).
    pub plies_judged: usize,
    /// The engine's message when it refused the game as outside what it
    /// supports (`unsupported`): nothing of the game was compared.
    pub unsupported: Option<String>,
    /// The plies where the engine's record differs from ours on parts that
    /// follow an accepted reading, per reading.
    pub readings: BTreeMap<Reading, usize>,
    /// The plies where several endings held and the engine, declaring
    /// `"ended": "one"`, named one of them.
    pub one_ending_named: usize,
    /// The plies of our game after the one where a draw the engine makes
    /// automatic ended its game: not compared.
    pub after_own_draw: usize,
    /// The plies at which published conventions of the FEN write a field
    /// differently, by the conventions the engine's field follows there:
    /// the run decides from these which one it follows.
    pub conventions: ConventionTally,
    /// The occasions of the parts' rules in our game, and those each part
    /// was compared on.
    pub exercise: Exercise,
}

impl Comparison {
    /// The first divergence, if any.
    pub fn first(&self) -> Option<&Divergence> {
        self.divergences.first()
    }

    /// Keeps `divergence` with its cause (read from `ours` unless it has
    /// one already, as a `fen` field has), unless one of the same group,
    /// cause and direction is kept already.
    fn keep(&mut self, ours: &Judgement, mut divergence: Divergence) {
        if divergence.cause == Cause::Plain {
            divergence.cause = cause(divergence.group, ours, divergence.ply);
        } else if divergence.cause == Cause::UnusableEnPassant {
            // The FEN's en passant field where ours names no square: told
            // apart by why there is none, as repetition's causes are.
            divergence.cause = en_passant_field_cause(ours, divergence.ply);
        }
        self.push_new(divergence);
    }

    /// Counts the occasions of `ours` from ply `from` on (and of the move
    /// we refuse) as kept from comparison by `hider`.
    fn hide_from(
        &mut self,
        ours: &Judgement,
        occasions: &[Vec<Occasion>],
        from: usize,
        hider: Hider,
    ) {
        self.exercise
            .hide(&occasions[from..], of_refusal(ours), hider);
    }

    /// The comparison stops after ply `index`: a draw the engine makes
    /// automatic ended its game there, or an ending it declares absent
    /// ended ours. The occasions after it are counted as such, and a move
    /// the engine plays after its own automatic draw is a divergence.
    fn stopped_after(
        &mut self,
        hello: &Hello,
        (ours, occasions): (&Judgement, &[Vec<Occasion>]),
        index: usize,
        theirs: &[PartialStatus],
    ) {
        let Some(rule) = hello.draws.own_ending_at(&ours.records[index]) else {
            self.hide_from(ours, occasions, index + 1, Hider::AbsentEnding);
            return;
        };
        self.after_own_draw = ours.records.len() - index - 1;
        self.exercise
            .beyond_own_draw(&occasions[index + 1..], of_refusal(ours));
        if let Some(divergence) = played_after_own_draw(hello, rule, index, theirs) {
            self.keep(ours, divergence);
        }
    }

    fn push_new(&mut self, divergence: Divergence) {
        let same =
            |d: &Divergence| d.key() == divergence.key() && d.direction == divergence.direction;
        if !self.divergences.iter().any(same) {
            self.divergences.push(divergence);
        }
    }

    /// Puts the divergences of move acceptance and answer shape in `group`:
    /// the group of the malformed input or illegal move the game probes.
    pub(crate) fn regroup_acceptance(&mut self, group: Group) {
        for divergence in &mut self.divergences {
            if matches!(divergence.group, Group::MoveAcceptance | Group::AnswerShape) {
                divergence.group = group;
            }
        }
    }

    /// Adds the departures of this game from the FEN conventions `decided`
    /// for the run: per field, the first ply that follows another
    /// convention, in the group `fen`.
    pub fn add_departures(&mut self, decided: &DecidedConventions) {
        for departure in decided.departures(&self.conventions) {
            self.push_new(Divergence {
                group: Group::Part(Part::Fen),
                cause: Cause::of_mixed_conventions(departure.field),
                ply: Some(departure.ply),
                expected: departure.expected,
                actual: departure.actual,
                direction: None,
            });
        }
    }
}

/// Compares `answer` with `ours` on every ply and every part `hello`
/// declares, and returns every distinct divergence (the first of each
/// group and cause: a systematic difference in one part hides nothing in
/// the others), with the plies compared per part.
///
/// * The engine promised a record of every ply we judged: a missing
///   record is a divergence ([`Group::AnswerShape`]), unless the engine
///   refused the move into that ply (compared as [`Group::MoveAcceptance`]
///   when it declares the part `moves`, else a missing record too), or its
///   own draw policy ended the game before it.
/// * A refusal as `unsupported` compares nothing and is returned as such.
/// * Once our game is over by an ending the engine does not implement
///   (or whose rule it declares absent), that ply is compared but for the
///   claims and (unless an ending it judges holds too) the result, which
///   depend on the ending; nothing after it is compared.
/// * A claim reported once our game is over is grouped apart
///   ([`Group::ClaimsAfterTheEnd`]), and so is a move played after the end
///   ([`Group::MovesAfterTheEnd`]).
/// * At a ply where our reference (under the exact 5.2.2 rule an engine
///   may declare) decided an ending neither way, that ending is not
///   compared; when the engine says it holds, nothing from that ply on is
///   compared, and a per-game claim is compared only up to that ply.
/// * The engine is judged on the draw policies it declares
///   ([`DrawPolicies`](crate::protocol::DrawPolicies)): the parts of a rule
///   it declares absent are not compared (nor are they in
///   `draw-claimable`); at the first ply where a rule it makes automatic
///   ends the game, its result must be `1/2-1/2`, and nothing after that
///   ply is compared.
pub fn compare(hello: &Hello, ours: &Judgement, answer: &Answer) -> Comparison {
    let mut comparison = Comparison::default();
    let occasions = at_plies(ours);
    comparison.exercise.meet(&occasions, ours);
    let (theirs, refused) = match their_records(answer) {
        Ok(records) => records,
        Err(Unjudged::Unsupported(message)) => {
            comparison.unsupported = Some(message.to_owned());
            comparison.hide_from(ours, &occasions, 0, Hider::Unsupported);
            return comparison;
        }
        Err(Unjudged::Misshapen(divergence)) => {
            comparison.divergences.push(divergence);
            comparison.hide_from(ours, &occasions, 0, Hider::ShortAnswer);
            return comparison;
        }
    };
    if let Answer::Records { game, .. } = answer {
        for divergence in compare_game(hello, (ours, &occasions), game.as_ref(), &mut comparison) {
            comparison.keep(ours, divergence);
        }
    }
    for (index, status) in ours.records.iter().enumerate() {
        let Some(record) = theirs.get(index) else {
            if let Some(divergence) = missing_record(hello, ours, index, refused) {
                comparison.keep(ours, divergence);
            }
            let hider = if refused.is_some() {
                Hider::Refusal
            } else {
                Hider::ShortAnswer
            };
            comparison.hide_from(ours, &occasions, index, hider);
            break;
        };
        if ended_where_undetermined(status, record) {
            comparison.hide_from(ours, &occasions, index, Hider::Undetermined);
            return comparison;
        }
        let step = double_step(ours, index);
        let at = (status, step, occasions[index].as_slice());
        for divergence in compare_ply(hello, at, record, &mut comparison) {
            comparison.keep(ours, divergence);
        }
        if stops_after(hello, status) {
            comparison.stopped_after(hello, (ours, &occasions), index, theirs);
            return comparison;
        }
    }
    if hello.implements(Part::Moves) {
        let accepted = theirs.len().min(ours.records.len());
        *comparison.plies.entry(Part::Moves).or_default() += accepted;
        // The move we refuse was put to the engine only if its records
        // reached the ply before it.
        if accepted == ours.records.len() {
            let refused_move: Vec<Occasion> = of_refusal(ours).into_iter().collect();
            comparison.exercise.compare(Part::Moves, &refused_move);
        }
        comparison.plies_judged = comparison.plies_judged.max(accepted);
        if let Some(divergence) = compare_acceptance(hello, ours, theirs, refused) {
            comparison.keep(ours, divergence);
        }
    }
    comparison
}

/// Why an answer's plies are not compared at all.
enum Unjudged<'a> {
    /// The engine refused the game as outside what it supports, with its
    /// message.
    Unsupported(&'a str),
    /// The answer is not a list of records that follow on from ply 0.
    Misshapen(Divergence),
}

/// The records of an answer, and the engine's refusal that ends them (if
/// any); or why none of them can be compared.
fn their_records(
    answer: &Answer,
) -> Result<(&[PartialStatus], Option<TheirRefusal<'_>>), Unjudged<'_>> {
    let (theirs, refused) = match answer {
        Answer::Records { records, .. } => (records.as_slice(), None),
        Answer::Error(refusal) if refusal.kind == RefusalKind::Unsupported => {
            return Err(Unjudged::Unsupported(&refusal.message));
        }
        Answer::Error(refusal) => (
            refusal.records.as_slice(),
            Some((refusal.ply, refusal.kind, refusal.message.as_str())),
        ),
        Answer::Hello(_) => {
            return Err(Unjudged::Misshapen(shape(
                None,
                "records or a refusal",
                "a handshake",
            )));
        }
    };
    for (index, record) in theirs.iter().enumerate() {
        if record.ply.map(|ply| ply as usize) != Some(index) {
            return Err(Unjudged::Misshapen(shape(
                record.ply,
                &format!("the record of ply {index}"),
                &match record.ply {
                    Some(ply) => format!("ply {ply}"),
                    None => "no ply".to_owned(),
                },
            )));
        }
    }
    Ok((theirs, refused))
}

/// The divergence of an answer that stops at ply `index` of our records:
/// none when the engine does not promise every ply, or when its refusal
/// allows the stop ([`missing_is_allowed`]).
fn missing_record(
    hello: &Hello,
    ours: &Judgement,
    index: usize,
    refused: Option<TheirRefusal<'_>>,
) -> Option<Divergence> {
    if !promises_every_ply(hello) || missing_is_allowed(hello, ours, index, refused) {
        return None;
    }
    let actual = match refused {
        Some((ply, kind, message)) => format!(
            "{index} records, then a refusal of {} ({}: {message})",
            ply.map_or("the start".to_owned(), |p| format!("move {p}")),
            kind.name()
        ),
        None => format!("{index} records and no refusal"),
    };
    Some(shape(
        u32::try_from(index).ok(),
        &format!("{} records", ours.records.len()),
        &actual,
    ))
}

/// The divergences of one ply: every part judged there ([`judged_part`],
/// less those that depend on an ending by rules the engine declares
/// absent, or an undetermined ending) compared with our record as the
/// engine declares to read it ([`as_declared`], [`one_ending_named`]);
/// none on the parts where
/// the record follows an accepted reading ([`reading_followed`], counted;
/// the other parts are compared as ever); the `fen` field by field,
/// less the fields a published convention writes so ([`fen_by_field`]); a
/// claim after the end regrouped ([`claim_after_the_end`]). Counts the
/// plies compared, and the plies where FEN conventions differ (`step`: the
/// square a two-square pawn step into the ply skipped, see
/// [`double_step`]).
fn compare_ply(
    hello: &Hello,
    (status, step, occasions): (&Status, Option<Square>, &[Occasion]),
    record: &PartialStatus,
    comparison: &mut Comparison,
) -> Vec<Divergence> {
    let (expected, one_named) = one_ending_named(hello, as_declared(hello, status), record);
    comparison.one_ending_named += usize::from(one_named);
    let absent = absent_end(hello, status);
    let parts: Vec<Part> = Part::ALL
        .into_iter()
        .filter(|&part| {
            judged_part(hello, part)
                && !(absent && depends_on_an_absent_end(part))
                && !undetermined(part, status)
                && part.field().is_some()
        })
        .collect();
    if !parts.is_empty() {
        // Plies are compared in order from 0: the count reached so far,
        // which the per-game parts and the moves accepted may also reach.
        comparison.plies_judged = comparison.plies_judged.max(status.ply as usize + 1);
    }
    let told = match (parts.contains(&Part::Fen), &record.fen) {
        (true, Some(theirs)) => told_apart(&status.fen, theirs, step),
        _ => Vec::new(),
    };
    for told in &told {
        comparison.conventions.record(status.ply, told);
    }
    let mut at_ply: Vec<Divergence> = Vec::new();
    for &part in &parts {
        *comparison.plies.entry(part).or_default() += 1;
        comparison.exercise.compare(part, occasions);
        at_ply.extend(compare_part(part, &hello.meanings, &expected, record));
    }
    let fen = Group::Part(Part::Fen);
    let others: Vec<Part> = parts.into_iter().filter(|&p| p != Part::Fen).collect();
    let explained =
        |d: &Divergence, by: &[Part]| matches!(d.group, Group::Part(p) if by.contains(&p));
    if let Some((reading, by)) = reading_followed(&others, &hello.meanings, &expected, record)
        && at_ply.iter().any(|d| explained(d, &by))
    {
        *comparison.readings.entry(reading).or_default() += 1;
        at_ply.retain(|d| !explained(d, &by));
    }
    let mut divergences = Vec::new();
    for mut divergence in at_ply {
        match divergence.group {
            group if group == fen => divergences.extend(fen_by_field(&divergence, &told)),
            Group::Part(part) if claim_after_the_end(status, part) => {
                divergence.group = Group::ClaimsAfterTheEnd(part);
                divergences.push(divergence);
            }
            _ => divergences.push(divergence),
        }
    }
    divergences
}

/// The per-game parts (`game-threefold-repetition`, `game-fifty-moves`)
/// that `hello` declares, compared with whether some ply of our game, up to
/// where the comparison of its plies would stop (an ending the engine does
/// not declare, or its own draw policy), lets the player to move claim the
/// draw on the board. A divergence is placed at the first such ply when we
/// say yes, else at the last ply. Where we judge only part of the game and
/// found no claim, the part is not compared; where we decided an ending
/// neither way, only the plies before are judged.
fn compare_game(
    hello: &Hello,
    (ours, occasions): (&Judgement, &[Vec<Occasion>]),
    game: Option<&GameAnswers>,
    comparison: &mut Comparison,
) -> Vec<Divergence> {
    let parts: Vec<Part> = [Part::GameThreefoldRepetition, Part::GameFiftyMoves]
        .into_iter()
        .filter(|&part| judged_part(hello, part))
        .collect();
    if parts.is_empty() || ours.records.is_empty() {
        return Vec::new();
    }
    let last = ours
        .records
        .iter()
        .position(|status| stops_after(hello, status))
        .unwrap_or(ours.records.len() - 1);
    let mut whole = ours.refusal.is_none() && last + 1 == ours.records.len();
    // From a ply where we decided an ending neither way, the engine's game
    // may have ended: only the plies before it are ours to hold it to.
    let last = match ours.records[..=last]
        .iter()
        .position(|status| !status.undetermined.is_empty())
    {
        Some(0) => return Vec::new(),
        Some(open) => {
            whole = false;
            open - 1
        }
        None => last,
    };
    let mut divergences = Vec::new();
    for part in parts {
        let Some(claim) = part.game_claim() else {
            continue;
        };
        let count_reached = hello.meanings.get(&part) == Some(&Meaning::CountReached);
        let first = ours.records[..=last]
            .iter()
            .position(|status| match count_reached {
                true => Meaning::count_reached_at(status),
                false => status.claims.contains(&claim),
            });
        let theirs = game.and_then(|game| match part {
            Part::GameThreefoldRepetition => game.threefold_repetition,
            _ => game.fifty_moves,
        });
        let Some(theirs) = theirs else {
            divergences.push(shape(
                None,
                &format!("a `game.{}` answer", claim.name()),
                "none",
            ));
            continue;
        };
        // Where our judgement stops before the game's last move (an ending
        // by a rule the engine declares absent, or one after which we
        // refuse every move), the engine's answer may come from plies we
        // do not judge: only a claim we found before the stop can be held
        // against it.
        if first.is_none() && !whole {
            continue;
        }
        *comparison.plies.entry(part).or_default() += last + 1;
        comparison.plies_judged = comparison.plies_judged.max(last + 1);
        for at in &occasions[..=last] {
            comparison.exercise.compare(part, at);
        }
        if theirs != first.is_some() {
            divergences.push(Divergence {
                group: Group::Part(part),
                cause: Cause::Plain,
                ply: u32::try_from(first.unwrap_or(last)).ok(),
                expected: first.is_some().to_string(),
                actual: theirs.to_string(),
                direction: Some(Direction::of_presence(
                    usize::from(first.is_some()),
                    usize::from(theirs),
                )),
            });
        }
    }
    divergences
}

/// Which moves the engine accepted, against ours: where the records of the
/// two stop, and the refusal (ours and theirs) that stops them.
fn compare_acceptance(
    hello: &Hello,
    ours: &Judgement,
    theirs: &[PartialStatus],
    refused: Option<TheirRefusal<'_>>,
) -> Option<Divergence> {
    let our_refusal = ours
        .refusal
        .as_ref()
        .map(|refusal| (refusal.move_ply(), refusal.kind()));
    let (our_plies, their_plies) = (ours.records.len(), theirs.len());
    if our_plies == their_plies {
        stopped_together(our_refusal, refused, our_plies)
    } else if their_plies < our_plies {
        they_stopped_first(hello, ours, their_plies, refused)
    } else {
        they_played_on(ours, our_refusal, their_plies)
    }
}

/// The engine's game ended at ply `index` by `rule`, a draw it makes
/// automatic (by its handshake, or the profile it is judged by), and it
/// played the next move all the same (a record of the ply after): the
/// policy says no move may follow. Compared only for an engine that
/// declares `moves`.
fn played_after_own_draw(
    hello: &Hello,
    rule: Part,
    index: usize,
    theirs: &[PartialStatus],
) -> Option<Divergence> {
    (hello.implements(Part::Moves) && theirs.len() > index + 1).then(|| Divergence {
        group: Group::MovesAfterTheEnd(rule),
        cause: Cause::Plain,
        ply: u32::try_from(index + 1).ok(),
        expected: format!(
            "move {} refused (game-over: a draw made automatic, {}, ended the game)",
            index + 1,
            rule.name()
        ),
        actual: "the move played".to_owned(),
        direction: None,
    })
}

/// Our refusal: of the move into ply `.0`, or of the start (`None`).
type OurRefusal = (Option<u32>, RefusalKind);

/// Both answers have `plies` records: they agree when both or neither end
/// with a refusal.
fn stopped_together(
    our_refusal: Option<OurRefusal>,
    refused: Option<TheirRefusal<'_>>,
    plies: usize,
) -> Option<Divergence> {
    match (our_refusal, refused) {
        (None, None) | (Some(_), Some(_)) => None,
        (None, Some(theirs)) => Some(acceptance(
            plies,
            Direction::Refused,
            "every move played".to_owned(),
            their_stop(Some(theirs)),
        )),
        (Some(ours), None) if plies == 0 => Some(acceptance(
            0,
            Direction::Accepted,
            our_stop(ours),
            "no record and no refusal".to_owned(),
        )),
        (Some(ours), None) => Some(shape(
            u32::try_from(plies).ok(),
            &our_stop(ours),
            "no further record and no refusal",
        )),
    }
}

/// The engine's records stop at `their_plies`, before ours: allowed when
/// its own draw policy ended the game at its last record and it refuses
/// the next move as `game-over`; a missing record without a refusal;
/// otherwise a move it refused that we play.
fn they_stopped_first(
    hello: &Hello,
    ours: &Judgement,
    their_plies: usize,
    refused: Option<TheirRefusal<'_>>,
) -> Option<Divergence> {
    let last_shared = their_plies
        .checked_sub(1)
        .and_then(|index| ours.records.get(index));
    let its_own_draw = matches!(refused, Some((_, RefusalKind::GameOver, _)))
        && last_shared.is_some_and(|status| hello.draws.ends_game_at(status));
    if its_own_draw {
        None
    } else if refused.is_none() {
        Some(shape(
            u32::try_from(their_plies).ok(),
            &format!("{} records", ours.records.len()),
            &format!("{their_plies} records and no refusal"),
        ))
    } else {
        Some(acceptance(
            their_plies,
            Direction::Refused,
            if matches!(refused, Some((None, _, _))) {
                "the start accepted".to_owned()
            } else {
                "the move played".to_owned()
            },
            their_stop(refused),
        ))
    }
}

/// The engine's records go on past ours (`judged`'s): a move played after
/// the game ended, a move or start we refuse, or more records than plies.
fn they_played_on(
    judged: &Judgement,
    our_refusal: Option<OurRefusal>,
    their_plies: usize,
) -> Option<Divergence> {
    let our_plies = judged.records.len();
    match our_refusal {
        Some(ours @ (_, RefusalKind::GameOver)) => Some(Divergence {
            group: Group::MovesAfterTheEnd(ending_before(judged)),
            direction: None,
            ..acceptance(
                our_plies,
                Direction::Accepted,
                our_stop(ours),
                "the move played".to_owned(),
            )
        }),
        Some(ours) => Some(acceptance(
            our_plies,
            Direction::Accepted,
            our_stop(ours),
            if ours.0.is_none() {
                "the start accepted".to_owned()
            } else {
                "the move played".to_owned()
            },
        )),
        None => Some(shape(
            u32::try_from(our_plies).ok(),
            &format!("{our_plies} records"),
            &format!("{their_plies} records"),
        )),
    }
}

/// The ending that held at our last record, the first in article order:
/// the kind of a move played after it.
fn ending_before(judged: &Judgement) -> Part {
    judged
        .records
        .last()
        .and_then(|status| status.ended.first())
        .map_or(Part::Result, |&ending| Part::of_ending(ending))
}

/// A divergence of [`Group::MoveAcceptance`] at `ply`, the engine having
/// refused what we accept or accepted what we refuse (`direction`).
fn acceptance(ply: usize, direction: Direction, expected: String, actual: String) -> Divergence {
    Divergence {
        group: Group::MoveAcceptance,
        cause: Cause::Plain,
        ply: u32::try_from(ply).ok(),
        expected,
        actual,
        direction: Some(direction),
    }
}

/// Our refusal, in words.
fn our_stop((ply, kind): OurRefusal) -> String {
    match ply {
        Some(ply) => format!("move {ply} refused ({})", kind.name()),
        None => format!("the start refused ({})", kind.name()),
    }
}

/// The engine's refusal (or none), in words.
fn their_stop(refusal: Option<TheirRefusal<'_>>) -> String {
    match refusal {
        Some((Some(ply), kind, message)) => {
            format!("move {ply} refused ({}: {message})", kind.name())
        }
        Some((None, kind, message)) => format!("the start refused ({}: {message})", kind.name()),
        None => "every move played".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::conventions::Convention;
    use crate::verify::game::fen_fields::FenField;
    use crate::verify::game::fixtures::hello;
    use crate::verify::game::judge::judged as ours;
    use drawrules::{Ending, GameResult};

    /// The engine's answer: our records, changed by `edit` at each ply.
    fn answer(ours: &Judgement, edit: impl Fn(u32, &mut PartialStatus)) -> Answer {
        let records = ours
            .records
            .iter()
            .map(|status| {
                let mut record = PartialStatus::from(status);
                edit(status.ply, &mut record);
                record
            })
            .collect();
        Answer::Records {
            id: 1,
            records,
            game: None,
            out_of_range: Vec::new(),
        }
    }

    const ENDINGS: [Part; 3] = [Part::Stalemate, Part::SeventyFiveMoves, Part::Result];

    #[test]
    fn a_stop_at_the_engines_own_draw_is_no_divergence() {
        // The clock reaches 100 at ply 1; the engine refuses move 2.
        let ours = ours("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2 e8e7");
        let game_over = Some((Some(2), RefusalKind::GameOver, "the game is drawn"));
        let mut automatic = hello(&[Part::Moves]);
        automatic.draws.fifty_moves = crate::protocol::Policy::Automatic(None);
        assert_eq!(they_stopped_first(&automatic, &ours, 2, game_over), None);
        // Under the Laws the same stop refuses a move we play.
        let laws = hello(&[Part::Moves]);
        let refused = they_stopped_first(&laws, &ours, 2, game_over).expect("a divergence");
        assert_eq!(refused.group, Group::MoveAcceptance);
        assert_eq!(refused.ply, Some(2));
        assert_eq!(refused.expected, "the move played");
        assert_eq!(
            refused.actual,
            "move 2 refused (game-over: the game is drawn)"
        );
        // A stop before the policy's threshold is a refusal all the same,
        // and a stop with no refusal is a missing record.
        let early = they_stopped_first(&automatic, &ours, 1, game_over).expect("a divergence");
        assert_eq!(early.group, Group::MoveAcceptance);
        let silent = they_stopped_first(&automatic, &ours, 2, None).expect("a divergence");
        assert_eq!(silent.group, Group::AnswerShape);
        assert_eq!(
            (silent.expected.as_str(), silent.actual.as_str()),
            ("3 records", "2 records and no refusal")
        );
    }

    #[test]
    fn a_refused_start_and_an_ending_listed_twice_say_what_differs() {
        let start_ours = ours("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "");
        let refused = Some((None, RefusalKind::InvalidFen, "no"));
        let start = they_stopped_first(&hello(&[Part::Moves]), &start_ours, 0, refused).unwrap();
        assert_eq!(
            (start.expected.as_str(), start.actual.as_str()),
            ("the start accepted", "the start refused (invalid-fen: no)")
        );
        let mate = ours("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 60", "a1a8");
        let twice = answer(&mate, |ply, record| {
            if ply == 1 {
                record.ended = Some(vec![Ending::Checkmate, Ending::Checkmate]);
            }
        });
        let found = compare(&hello(&[Part::Checkmate]), &mate, &twice);
        assert_eq!(found.divergences.len(), 1);
        assert_eq!(
            (
                found.divergences[0].expected.as_str(),
                found.divergences[0].actual.as_str()
            ),
            ("present", "listed 2 times")
        );
    }

    #[test]
    fn records_past_ours_are_moves_after_the_end_or_refused_moves() {
        // A move after checkmate is of the kind of the ending that held.
        let mate = ours("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 60", "a1a8 g8h8");
        let after = they_played_on(&mate, Some((Some(2), RefusalKind::GameOver)), 3).unwrap();
        assert_eq!(after.group, Group::MovesAfterTheEnd(Part::Checkmate));
        assert_eq!(
            (after.expected.as_str(), after.actual.as_str()),
            ("move 2 refused (game-over)", "the move played")
        );
        // Stalemate on the 150th ply: the first ending in article order.
        let both = ours("k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "b6c7 a1b1");
        let after = they_played_on(&both, Some((Some(2), RefusalKind::GameOver)), 3).unwrap();
        assert_eq!(after.group, Group::MovesAfterTheEnd(Part::Stalemate));
        let no_kings = ours("8/8/8/8/8/8/8/8 w - - 0 1", "");
        let start = they_played_on(&no_kings, Some((None, RefusalKind::InvalidFen)), 1).unwrap();
        assert_eq!(start.group, Group::MoveAcceptance);
        assert_eq!(start.actual, "the start accepted");
        let short = ours("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2");
        let more = they_played_on(&short, None, 3).unwrap();
        assert_eq!(more.group, Group::AnswerShape);
        assert_eq!(stopped_together(None, None, 2), None);
    }

    #[test]
    fn a_move_played_after_the_engines_own_automatic_draw_is_a_move_after_the_end() {
        // The clock reaches 100 at ply 1; the engine makes 9.3 automatic.
        let ours = ours("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2 e8e7");
        let mut automatic = hello(&[Part::Moves, Part::Result]);
        automatic.draws.fifty_moves = crate::protocol::Policy::Automatic(None);
        let drawn = |ply: u32, record: &mut PartialStatus| {
            if ply >= 1 {
                record.result = Some(GameResult::Draw);
            }
        };
        let played_on = compare(&automatic, &ours, &answer(&ours, drawn));
        let groups: Vec<Group> = played_on.divergences.iter().map(|d| d.group).collect();
        assert_eq!(groups, [Group::MovesAfterTheEnd(Part::FiftyMoves)]);
        let divergence = &played_on.divergences[0];
        assert_eq!(divergence.ply, Some(2));
        assert_eq!(
            divergence.expected,
            "move 2 refused (game-over: a draw made automatic, fifty-moves, ended the game)"
        );
        assert_eq!(divergence.actual, "the move played");
        // Refusing the move as game-over is what the declaration says.
        let Answer::Records { records, .. } = answer(&ours, drawn) else {
            unreachable!()
        };
        let refusing = Answer::Error(crate::protocol::EngineRefusal {
            id: Some(1),
            kind: RefusalKind::GameOver,
            ply: Some(2),
            message: "drawn".to_owned(),
            records: records[..2].to_vec(),
            out_of_range: Vec::new(),
        });
        assert_eq!(compare(&automatic, &ours, &refusing).divergences, []);
        // An engine that does not declare `moves` is not asked.
        let mut no_moves = hello(&[Part::Result]);
        no_moves.draws.fifty_moves = crate::protocol::Policy::Automatic(None);
        assert_eq!(
            compare(&no_moves, &ours, &answer(&ours, drawn)).divergences,
            []
        );
    }

    #[test]
    fn a_stalemate_reported_alone_at_the_count_follows_an_accepted_reading() {
        let ours = ours("k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "b6c7");
        let alone = answer(&ours, |ply, record| {
            if ply == 1 {
                record.ended = Some(vec![Ending::Stalemate]);
            }
        });
        let found = compare(&hello(&ENDINGS), &ours, &alone);
        assert_eq!(found.divergences, []);
        assert_eq!(
            found.readings,
            BTreeMap::from([(Reading::StalemateBeforeTheCount, 1)])
        );
        // Judged part by part: a result that is not the draw is a finding
        // of its own, and the reading still explains the ending.
        let unfinished = answer(&ours, |ply, record| {
            if ply == 1 {
                record.ended = Some(vec![Ending::Stalemate]);
                record.result = Some(GameResult::Ongoing);
            }
        });
        let found = compare(&hello(&ENDINGS), &ours, &unfinished);
        let groups: Vec<Group> = found.divergences.iter().map(|d| d.group).collect();
        assert_eq!(groups, [Group::Part(Part::Result)]);
        assert_eq!(
            found.readings,
            BTreeMap::from([(Reading::StalemateBeforeTheCount, 1)])
        );
        // So is a claim listed at the same ply: a claim after the end,
        // which takes nothing away from the reading.
        let claiming = answer(&ours, |ply, record| {
            if ply == 1 {
                record.ended = Some(vec![Ending::Stalemate]);
                record.claims = Some(vec![drawrules::Claim::FiftyMoves]);
            }
        });
        let parts = [Part::Stalemate, Part::SeventyFiveMoves, Part::FiftyMoves];
        let found = compare(&hello(&parts), &ours, &claiming);
        let groups: Vec<Group> = found.divergences.iter().map(|d| d.group).collect();
        assert_eq!(groups, [Group::ClaimsAfterTheEnd(Part::FiftyMoves)]);
        assert_eq!(
            found.readings,
            BTreeMap::from([(Reading::StalemateBeforeTheCount, 1)])
        );
    }

    #[test]
    fn one_ending_named_where_two_hold_agrees_once_declared() {
        use crate::protocol::EndedReading;
        // Stalemate on the 150th ply: two endings hold.
        let ours = ours("k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "b6c7");
        let named = |ending: Option<Ending>| {
            answer(&ours, move |ply, record| {
                if ply == 1 {
                    record.ended = Some(ending.into_iter().collect());
                }
            })
        };
        let parts = [Part::Stalemate, Part::SeventyFiveMoves, Part::Result];
        let one = Hello {
            ended: EndedReading::One,
            ..hello(&parts)
        };
        let found = compare(&one, &ours, &named(Some(Ending::SeventyFiveMoves)));
        assert_eq!(found.divergences, []);
        assert_eq!(found.one_ending_named, 1);
        // Naming none still diverges: on stalemate (seventy-five moves left
        // out is the accepted reading that stalemate comes first).
        let found = compare(&one, &ours, &named(None));
        let groups: Vec<Group> = found.divergences.iter().map(|d| d.group).collect();
        assert_eq!(groups, [Group::Part(Part::Stalemate)]);
        assert_eq!(found.one_ending_named, 0);
        // Undeclared, the one named is a finding on the other.
        let found = compare(
            &hello(&parts),
            &ours,
            &named(Some(Ending::SeventyFiveMoves)),
        );
        let groups: Vec<Group> = found.divergences.iter().map(|d| d.group).collect();
        assert_eq!(groups, [Group::Part(Part::Stalemate)]);
    }

    #[test]
    fn a_record_that_follows_a_reading_on_some_of_its_parts_follows_none() {
        // A start that is checkmate past 150: under count-before-the-mate
        // a seventy-five-move draw; its result must be the draw too.
        let ours = ours("R5k1/5ppp/8/8/8/8/8/6K1 b - - 160 90", "");
        let half = answer(&ours, |_, record| {
            record.ended = Some(vec![Ending::SeventyFiveMoves]);
        });
        let parts = [Part::Checkmate, Part::SeventyFiveMoves, Part::Result];
        let found = compare(&hello(&parts), &ours, &half);
        let groups: Vec<Group> = found.divergences.iter().map(|d| d.group).collect();
        assert_eq!(
            groups,
            [
                Group::Part(Part::Checkmate),
                Group::Part(Part::SeventyFiveMoves)
            ]
        );
        assert_eq!(found.readings, BTreeMap::new());
        let whole = answer(&ours, |_, record| {
            record.ended = Some(vec![Ending::SeventyFiveMoves]);
            record.result = Some(GameResult::Draw);
        });
        let found = compare(&hello(&parts), &ours, &whole);
        assert_eq!(found.divergences, []);
        assert_eq!(
            found.readings,
            BTreeMap::from([(Reading::CountBeforeTheMate, 1)])
        );
    }

    #[test]
    fn a_fen_with_the_en_passant_square_after_every_double_step_follows_a_convention() {
        let ours = ours(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4 g8f6",
        );
        let original = answer(&ours, |ply, record| {
            if ply == 1 {
                record.fen =
                    Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".to_owned());
            }
        });
        let found = compare(&hello(&[Part::Fen]), &ours, &original);
        assert_eq!(found.divergences, []);
        let original_plies = found
            .conventions
            .explained_by(Convention::EnPassantAfterEveryDoubleStep);
        assert_eq!(original_plies, 1);
        // The square written again after the next move is no convention.
        let stale = answer(&ours, |ply, record| {
            if ply == 2 {
                record.fen = Some(
                    "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 1 2".to_owned(),
                );
            }
        });
        let found = compare(&hello(&[Part::Fen]), &ours, &stale);
        assert_eq!(found.divergences.len(), 1, "{:?}", found.divergences);
        assert_eq!(found.divergences[0].cause, Cause::UnusableEnPassant);
        assert_eq!(found.conventions.plies(FenField::EnPassant), 1);
    }

    #[test]
    fn a_fen_wrong_in_two_fields_is_two_divergences() {
        let ours = ours(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "g1f3 g8f6",
        );
        // At ply 2: a stale en passant square and a halfmove clock of 0.
        let twice = answer(&ours, |ply, record| {
            if ply == 2 {
                record.fen = Some(
                    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e3 0 2".to_owned(),
                );
            }
        });
        let found = compare(&hello(&[Part::Fen]), &ours, &twice);
        let causes: Vec<(Cause, Option<u32>)> =
            found.divergences.iter().map(|d| (d.cause, d.ply)).collect();
        assert_eq!(
            causes,
            [
                (Cause::UnusableEnPassant, Some(2)),
                (Cause::HalfmoveClock, Some(2))
            ]
        );
        let keys: Vec<_> = found.divergences.iter().map(Divergence::key).collect();
        assert_ne!(keys[0], keys[1]);
    }

    #[test]
    fn draw_claimable_on_the_board_is_judged_without_written_moves() {
        // Black may claim the threefold repetition only by writing f6g8.
        let ours = ours(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1",
        );
        let board_only = answer(&ours, |_, record| {
            record.draw_claimable = record.claims.as_ref().map(|claims| !claims.is_empty());
        });
        let part = [Part::DrawClaimable];
        let narrow = Hello {
            meanings: [(Part::DrawClaimable, Meaning::OnTheBoard)]
                .into_iter()
                .collect(),
            ..hello(&part)
        };
        assert_eq!(compare(&narrow, &ours, &board_only).divergences, []);
        let found = compare(&hello(&part), &ours, &board_only);
        assert_eq!(found.divergences.len(), 1);
        assert_eq!(found.divergences[0].ply, Some(7));
    }

    #[test]
    fn a_fifty_move_filter_counts_a_mate_on_the_hundredth_ply() {
        let ours = ours("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60", "a1a8");
        let filter = Answer::Records {
            id: 1,
            records: Vec::new(),
            game: Some(GameAnswers {
                threefold_repetition: None,
                fifty_moves: Some(true),
            }),
            out_of_range: Vec::new(),
        };
        let part = [Part::GameFiftyMoves];
        let narrow = Hello {
            meanings: [(Part::GameFiftyMoves, Meaning::CountReached)]
                .into_iter()
                .collect(),
            ..hello(&part)
        };
        let found = compare(&narrow, &ours, &filter);
        assert_eq!(found.divergences, []);
        assert_eq!(found.plies.get(&Part::GameFiftyMoves), Some(&2));
        // As a claim, it is one too many: checkmate left nothing to claim.
        let found = compare(&hello(&part), &ours, &filter);
        assert_eq!(found.divergences.len(), 1);
    }
}
