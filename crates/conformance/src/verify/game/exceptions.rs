//! When a difference is not a departure: each exception `compare` makes,
//! as a small named function, so that the comparison reads as the list of
//! them.
//!
//! * [`judged_part`]: a part the engine does not declare, or whose rule
//!   its draw policy declares absent, is not compared;
//! * [`promises_every_ply`], [`missing_is_allowed`]: records are promised
//!   only by an engine that declares a part read from them, and may stop at
//!   a refused move;
//! * [`as_declared`]: the reference's record with the result the engine's
//!   own draw policy gives and no claim of a rule it lacks;
//! * [`absent_end`], [`stops_after`]: nothing is compared after an
//!   ending whose rule the engine declares absent, or a draw its policy
//!   makes; at that ply, only what depends on the ending is left out
//!   ([`depends_on_an_absent_end`]). An ending the engine merely does not
//!   report (left out of `implements`, its rule as the Laws have it) is no
//!   exception: the game's result there and the refusal of every later
//!   move are compared;
//! * [`undetermined`], [`ended_where_undetermined`]: a ply our exact 5.2.2
//!   rule decided neither way holds the engine to nothing;
//! * [`claim_after_the_end`]: a claim reported once the game is over is
//!   grouped apart;
//! * [`narrowed`](crate::verify::game::divergence::narrowed): a part the engine
//!   declares with a narrower meaning is judged by that meaning (where
//!   one part of a record is compared);
//! * [`one_ending_named`]: one of several endings named, by an engine
//!   that declares its game-over API gives one reason;
//! * [`reading_followed`]: the parts of a record that follow an accepted
//!   reading, judged part by part;
//! * [`fen_by_field`]: a `fen` that differs is a departure per field, less
//!   the fields a published convention writes so (whether the run follows
//!   that convention throughout is decided once the run is over).

use std::borrow::Cow;

use drawrules::{Claim, Ending, GameResult, Judgement, PartialStatus, Status};

#[cfg(test)]
use crate::protocol::RefusalKind;
use crate::protocol::{EndedReading, Hello, Meanings, Part};

use crate::verify::game::cause::Cause;
use crate::verify::game::conventions::Told;
use crate::verify::game::divergence::{Divergence, TheirRefusal, compare_part};
use crate::verify::game::fen_fields::differing_fields;
use crate::verify::game::readings::Reading;

/// Whether `part` is compared at all: the engine declares it, and its draw
/// policy does not declare the part's rule absent.
pub(crate) fn judged_part(hello: &Hello, part: Part) -> bool {
    hello.implements(part) && !hello.draws.is_absent(part)
}

/// Whether the engine promises a record of every ply: it declares a part
/// read from the records.
pub(crate) fn promises_every_ply(hello: &Hello) -> bool {
    Part::ALL
        .into_iter()
        .any(|part| judged_part(hello, part) && part.field().is_some())
}

/// Whether the Laws end the game at `status` by endings whose rules the
/// engine declares absent, and by no other: its game goes on there, so
/// only what does not depend on the ending is compared at that ply, and
/// nothing after. An ending the engine does not report but has as the Laws
/// do (left out of `implements`, no `absent` policy) is not such an end:
/// the engine's game is expected to end there too, its `result` and its
/// refusal of every later move are compared as at any ending.
pub(crate) fn absent_end(hello: &Hello, status: &Status) -> bool {
    status.is_over()
        && status
            .ended
            .iter()
            .all(|&ending| hello.draws.is_absent(Part::of_ending(ending)))
}

/// Whether `part`, at the ply of `status` where the game ends by absent
/// rules alone ([`absent_end`]), depends on that ending and is not
/// compared there: the claims (none once the Laws end the game, while it
/// goes on for the engine) and the result. The counts, the FEN and the
/// endings it judges are compared at that ply as at any other; only the
/// plies after it are not.
pub(crate) fn depends_on_an_absent_end(part: Part) -> bool {
    part == Part::Result || part.claim().is_some() || part == Part::DrawClaimable
}

/// The endings the engine leaves out of `implements` without declaring
/// their rules absent: it does not report them, yet its game is judged to
/// end there as the Laws have it ([`absent_end`]), in article order.
pub(crate) fn endings_judged_unreported(hello: &Hello) -> Vec<Part> {
    Part::ALL
        .into_iter()
        .filter(|&part| {
            part.ending().is_some() && !hello.implements(part) && !hello.draws.is_absent(part)
        })
        .collect()
}

/// Whether the comparison stops after the ply of `status`: the game ends
/// there by rules the engine declares absent, or by a draw its own policy
/// makes automatic.
pub(crate) fn stops_after(hello: &Hello, status: &Status) -> bool {
    absent_end(hello, status) || hello.draws.ends_game_at(status)
}

/// Whether `part` is an ending our exact 5.2.2 rule decided neither way
/// at the ply of `status`: not compared there.
pub(crate) fn undetermined(part: Part, status: &Status) -> bool {
    part.ending()
        .is_some_and(|ending| status.undetermined.contains(&ending))
}

/// Whether the engine says an ending holds that our exact rule decided
/// neither way at this ply: its game ended where ours cannot tell, and
/// nothing from here on is compared.
pub(crate) fn ended_where_undetermined(status: &Status, theirs: &PartialStatus) -> bool {
    Part::ALL.into_iter().any(|part| {
        undetermined(part, status)
            && theirs
                .ended
                .as_ref()
                .zip(part.ending())
                .is_some_and(|(ended, ending)| ended.contains(&ending))
    })
}

/// Whether a difference in `part` at the ply of `status` is a claim
/// reported after the game ended (grouped apart: one root cause).
pub(crate) fn claim_after_the_end(status: &Status, part: Part) -> bool {
    status.is_over() && (part.claim().is_some() || part == Part::DrawClaimable)
}

/// The reference's `status` as the engine should report it: the result a
/// draw of its own policy gives, and no claim of a rule it declares
/// absent. Borrowed, not copied, when neither applies (every ply of an
/// engine that follows the Laws).
pub(crate) fn as_declared<'a>(hello: &Hello, status: &'a Status) -> Cow<'a, Status> {
    let policy_end = hello.draws.ends_game_at(status);
    let lacks_threefold = hello.draws.is_absent(Part::ThreefoldRepetition);
    let lacks_fifty = hello.draws.is_absent(Part::FiftyMoves);
    if !policy_end && !lacks_threefold && !lacks_fifty {
        return Cow::Borrowed(status);
    }
    let mut expected = status.clone();
    if policy_end {
        expected.result = GameResult::Draw;
    }
    if lacks_threefold {
        expected.claims.retain(|&c| c != Claim::ThreefoldRepetition);
        expected.claims_on_move.threefold_repetition.clear();
    }
    if lacks_fifty {
        expected.claims.retain(|&c| c != Claim::FiftyMoves);
        expected.claims_on_move.fifty_moves.clear();
    }
    Cow::Owned(expected)
}

/// Not a departure, for an engine that declares `"ended": "one"` (its
/// game-over API gives one reason): at a ply where several endings it
/// implements hold, its record names exactly one of them. Returns the
/// expected record with that one ending alone among those it implements,
/// and whether it was so narrowed. Naming none, two, or one that does not
/// hold is compared as ever.
pub(crate) fn one_ending_named<'a>(
    hello: &Hello,
    expected: Cow<'a, Status>,
    theirs: &PartialStatus,
) -> (Cow<'a, Status>, bool) {
    let judged = |ending: &Ending| judged_part(hello, Part::of_ending(*ending));
    if hello.ended != EndedReading::One || expected.ended.iter().filter(|e| judged(e)).count() < 2 {
        return (expected, false);
    }
    let named: Vec<Ending> = theirs
        .ended
        .iter()
        .flatten()
        .copied()
        .filter(|e| judged(e))
        .collect();
    match named[..] {
        [one] if expected.ended.contains(&one) => {
            let mut narrowed = expected.into_owned();
            narrowed.ended.retain(|e| *e == one || !judged(e));
            (Cow::Owned(narrowed), true)
        }
        _ => (expected, false),
    }
}

/// Whether the engine may leave out the record of ply `index` (see
/// [`compare`](crate::verify::compare)).
pub(crate) fn missing_is_allowed(
    hello: &Hello,
    ours: &Judgement,
    index: usize,
    refused: Option<TheirRefusal<'_>>,
) -> bool {
    let Some((ply, _, _)) = refused else {
        return false;
    };
    let refused_at = ply.map_or(0, |p| p as usize);
    if refused_at > index {
        return false;
    }
    // Refusing a move is judged as move acceptance, for an engine that
    // declares it.
    if hello.implements(Part::Moves) {
        return true;
    }
    // Both refuse the same move (after an ending, or an illegal one).
    let ours_at = ours
        .refusal
        .as_ref()
        .map(|r| r.move_ply().map_or(0, |p| p as usize));
    ours_at.is_some_and(|ours_at| ours_at <= refused_at)
}

/// Not a departure: at this ply an accepted reading gives another record
/// than ours ([`Reading::record`]) on some of the parts compared there
/// (`parts`), and on every one of those parts the engine's record is the
/// reading's. The reading it follows, and those parts: their divergences
/// from ours are the reading, not findings. The reading is judged part by
/// part: a part it leaves as ours (a claim, the FEN) is compared with ours
/// as at any ply, and its divergence never takes the reading away from the
/// parts the reading explains. A record that follows the reading on some
/// of its parts and not on others follows none.
pub(crate) fn reading_followed(
    parts: &[Part],
    meanings: &Meanings,
    ours: &Status,
    theirs: &PartialStatus,
) -> Option<(Reading, Vec<Part>)> {
    Reading::ALL.into_iter().find_map(|reading| {
        let record = reading.record(ours)?;
        let as_read = PartialStatus::from(&record);
        let changed: Vec<Part> = parts
            .iter()
            .copied()
            .filter(|&part| compare_part(part, meanings, ours, &as_read).is_some())
            .collect();
        let follows = !changed.is_empty()
            && changed
                .iter()
                .all(|&part| compare_part(part, meanings, &record, theirs).is_none());
        follows.then_some((reading, changed))
    })
}

/// The `fen` divergence `whole` (our FEN and theirs) as one divergence per
/// field that differs ([`differing_fields`]), each with its cause; not a
/// departure: an en passant or castling field that a published convention
/// writes so at this ply (`told`, see
/// [`told_apart`](crate::verify::game::conventions::told_apart)).
pub(crate) fn fen_by_field(whole: &Divergence, told: &[Told]) -> Vec<Divergence> {
    differing_fields(&whole.expected, &whole.actual)
        .into_iter()
        .filter(|&field| {
            !told
                .iter()
                .any(|told| told.field == field && !told.explained.is_empty())
        })
        .map(|field| Divergence {
            cause: Cause::of_fen_field(field, &whole.expected),
            ..whole.clone()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Policy;
    use crate::verify::game::fixtures::hello;
    use crate::verify::game::judge::judged;
    use drawrules::mating::{Budget, DeadRule};
    use drawrules::{Edition, Ending, Notation, Reference, Rules, StartPosition, judge};

    fn last(fen: &str, moves: &str) -> Status {
        judged(fen, moves).records.pop().unwrap()
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_part_is_judged_when_declared_and_not_declared_absent() {
        let mut engine = hello(&[Part::ThreefoldRepetition, Part::Clock]);
        assert!(judged_part(&engine, Part::ThreefoldRepetition));
        assert!(!judged_part(&engine, Part::FiftyMoves));
        engine.draws.threefold_repetition = Policy::Absent;
        assert!(!judged_part(&engine, Part::ThreefoldRepetition));
        assert!(promises_every_ply(&engine));
        assert!(!promises_every_ply(&hello(&[
            Part::GameFiftyMoves,
            Part::Moves
        ])));
    }

    #[test]
    fn the_comparison_stops_after_an_absent_ending_or_its_own_draw() {
        let seventy_five = last("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "a1a2");
        // Left out of `implements`, the rule as the Laws have it: the game
        // is expected to end there, as at any ending.
        let unreported = hello(&[Part::Clock, Part::Result, Part::Moves]);
        assert!(!absent_end(&unreported, &seventy_five));
        assert!(!stops_after(&unreported, &seventy_five));
        // Declared absent: its game goes on, nothing after is compared.
        let mut lacking = hello(&[Part::Clock]);
        lacking.draws.seventy_five_moves = Policy::Absent;
        assert!(absent_end(&lacking, &seventy_five));
        assert!(stops_after(&lacking, &seventy_five));
        assert!(depends_on_an_absent_end(Part::Result));
        assert!(depends_on_an_absent_end(Part::FiftyMoves));
        assert!(!depends_on_an_absent_end(Part::Clock));
        // Stalemate at the count: a rule it has ends the game there too.
        let stalemate = last("k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "b6c7");
        assert!(!absent_end(&lacking, &stalemate));
        let having = hello(&[Part::Clock, Part::SeventyFiveMoves]);
        assert!(!stops_after(&having, &seventy_five));
        let hundred = last("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
        let mut automatic = hello(&[Part::Clock]);
        assert!(!stops_after(&automatic, &hundred));
        automatic.draws.fifty_moves = Policy::Automatic(None);
        assert!(stops_after(&automatic, &hundred));
        // Its result is the draw, and no claim of an absent rule is asked.
        assert_eq!(as_declared(&automatic, &hundred).result, GameResult::Draw);
        let mut absent = hello(&[Part::Clock]);
        absent.draws.fifty_moves = Policy::Absent;
        assert_eq!(as_declared(&absent, &hundred).claims, []);
        assert!(matches!(as_declared(&having, &hundred), Cow::Borrowed(_)));
    }

    #[test]
    fn an_ending_decided_neither_way_holds_nobody() {
        let start: StartPosition = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
        let mut reference = Reference::default();
        let tiny = Budget {
            helpmate_nodes: 1,
            explored_positions: 1,
        };
        reference.set_dead_rule(DeadRule::Exact(tiny));
        let status = judge(
            &mut reference,
            &start,
            Edition::Fide2018,
            &[] as &[&str],
            Notation::Uci,
        )
        .records
        .remove(0);
        assert_eq!(status.undetermined, [Ending::DeadPosition]);
        assert!(undetermined(Part::DeadPosition, &status));
        assert!(!undetermined(Part::Checkmate, &status));
        let mut dead = PartialStatus::from(&status);
        dead.ended = Some(vec![Ending::DeadPosition]);
        assert!(ended_where_undetermined(&status, &dead));
        assert!(!ended_where_undetermined(
            &status,
            &PartialStatus::from(&status)
        ));
    }

    #[test]
    fn a_claim_after_the_end_is_told_apart() {
        let mate = last("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60", "a1a8");
        assert!(claim_after_the_end(&mate, Part::FiftyMoves));
        assert!(claim_after_the_end(&mate, Part::DrawClaimable));
        assert!(!claim_after_the_end(&mate, Part::Clock));
        let going_on = last(START, "g1f3");
        assert!(!claim_after_the_end(&going_on, Part::FiftyMoves));
    }

    #[test]
    fn a_missing_record_is_allowed_only_at_a_refused_move() {
        let ours = judged(START, "g1f3 g8f6 f3g1");
        let engine = hello(&[Part::Clock, Part::Moves]);
        let refused = Some((Some(2), RefusalKind::IllegalMove, "no"));
        assert!(missing_is_allowed(&engine, &ours, 2, refused));
        assert!(!missing_is_allowed(&engine, &ours, 1, refused));
        assert!(!missing_is_allowed(&engine, &ours, 2, None));
        // Without `moves`, only where the reference refuses too.
        assert!(!missing_is_allowed(
            &hello(&[Part::Clock]),
            &ours,
            2,
            refused
        ));
    }
}
