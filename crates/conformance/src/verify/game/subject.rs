//! What `verify` checks: an engine process, or our own arbiter in this
//! process, both seen through the protocol.

use crate::protocol::{
    Answer, DeadReading, DrawPolicies, EndedReading, EngineError, EngineProcess, EngineRefusal,
    GameAnswers, Hello, JudgeRequest, PROTOCOL_VERSION, Part, Plies,
};
use drawrules::laws::Edition;
use drawrules::{Arbiter, Claim, PartialStatus};

use crate::verify::game::judge::judge_text;

/// An implementation under verification.
pub trait Subject {
    /// Its handshake.
    ///
    /// # Errors
    ///
    /// The fault that prevented the handshake.
    fn hello(&mut self) -> Result<Hello, EngineError>;

    /// Its answer to `request`.
    ///
    /// # Errors
    ///
    /// The fault that prevented an answer.
    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError>;
}

impl Subject for EngineProcess {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        EngineProcess::hello(self)
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        EngineProcess::judge(self, request)
    }
}

/// Our arbiter, answering in this process as an engine would.
///
/// # Examples
///
/// ```
/// use drawrules::Edition;
/// use drawrules_conformance::protocol::{Answer, JudgeRequest, Plies};
/// use drawrules_conformance::verify::{OurArbiter, Subject};
///
/// let mut arbiter = OurArbiter;
/// assert_eq!(arbiter.hello().unwrap().name, "drawrules-arbiter");
/// let answer = arbiter.judge(&JudgeRequest {
///     id: 1,
///     edition: Edition::Fide2018,
///     fen: "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".into(),
///     moves: vec!["a1a2".into()],
///     plies: Plies::Last,
/// });
/// let Ok(Answer::Records { records, .. }) = answer else { panic!() };
/// assert_eq!(records[0].clock, Some(100));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct OurArbiter;

impl Subject for OurArbiter {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        Ok(our_hello("drawrules-arbiter", DeadReading::Material))
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        Ok(our_answer(&mut Arbiter::default(), request))
    }
}

/// Our own arbiter with Article 5.2.2 decided exactly (`DeadRule::exact()`),
/// seen through the protocol: it declares `"dead-position": "exact"`, so
/// `verify` holds it to the reference's exact reading.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::DeadReading;
/// use drawrules_conformance::verify::{OurExactArbiter, Subject};
///
/// let hello = OurExactArbiter.hello().unwrap();
/// assert_eq!(hello.dead_position, DeadReading::Exact);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct OurExactArbiter;

impl Subject for OurExactArbiter {
    fn hello(&mut self) -> Result<Hello, EngineError> {
        Ok(our_hello("drawrules-arbiter-exact", DeadReading::Exact))
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let mut arbiter = Arbiter::default().with_dead_rule(DeadReading::Exact.rule());
        Ok(our_answer(&mut arbiter, request))
    }
}

/// The handshake of our arbiter under `name`: every part, every edition,
/// the Laws' draw policies, 5.2.2 decided as `dead_position` says.
fn our_hello(name: &str, dead_position: DeadReading) -> Hello {
    Hello {
        protocol: PROTOCOL_VERSION,
        name: name.to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        implements: Part::ALL.to_vec(),
        profile: None,
        editions: Edition::ALL.to_vec(),
        draws: DrawPolicies::default(),
        dead_position,
        meanings: Default::default(),
        lenient: Vec::new(),
        ended: EndedReading::All,
        ignored: Vec::new(),
    }
}

/// The answer of `arbiter` (its 5.2.2 rule already set) to `request`.
fn our_answer(arbiter: &mut Arbiter, request: &JudgeRequest) -> Answer {
    let judged = judge_text(arbiter, &request.fen, &request.moves, request.edition);
    let some_ply = |claim: Claim| judged.records.iter().any(|r| r.claims.contains(&claim));
    let game = GameAnswers {
        threefold_repetition: Some(some_ply(Claim::ThreefoldRepetition)),
        fifty_moves: Some(some_ply(Claim::FiftyMoves)),
    };
    let mut records: Vec<PartialStatus> = judged.records.iter().map(PartialStatus::from).collect();
    if request.plies == Plies::Last {
        records = records.pop().into_iter().collect();
    }
    match judged.refusal {
        None => Answer::Records {
            id: request.id,
            records,
            game: Some(game),
            out_of_range: Vec::new(),
        },
        Some(refusal) => Answer::Error(EngineRefusal {
            id: Some(request.id),
            kind: refusal.kind(),
            ply: refusal.move_ply(),
            message: format!("refused by the arbiter ({})", refusal.kind()),
            records,
            out_of_range: Vec::new(),
        }),
    }
}
