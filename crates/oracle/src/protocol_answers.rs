//! The protocol oracle: any text as an engine's output.

use std::sync::OnceLock;

use drawrules::Judgement;
use drawrules::laws::Edition;
use drawrules::reference::Reference;
use drawrules_conformance::protocol::{
    DeadReading, DrawPolicies, Hello, PROTOCOL_VERSION, Part, read_answer,
};
use drawrules_conformance::verify::{Group, Minimal, Trial, compare, judge_text, render};

use super::{Agreement, InconsistencyError};

/// The game every answer is compared with: a knight shuffle to a threefold
/// repetition, then a move after a refused one.
fn game() -> &'static (Trial, Judgement) {
    static GAME: OnceLock<(Trial, Judgement)> = OnceLock::new();
    GAME.get_or_init(|| {
        let game = Trial {
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            moves: "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e5"
                .split(' ')
                .map(str::to_owned)
                .collect(),
            edition: Edition::Fide2018,
        };
        let judged = judge_text(
            &mut Reference::default(),
            &game.fen,
            &game.moves,
            game.edition,
        );
        (game, judged)
    })
}

/// Judges `text` as lines an engine wrote: each line is read as an answer
/// of the protocol or refused with a message, never a panic; each answer
/// read is compared with the reference's judgement of a fixed game under
/// two handshakes (every part declared, none declared), and each divergence
/// found renders as a report line and, where it is about the rules, as a
/// corpus case. (`inputs` counts lines; `rejected` the lines refused.)
///
/// # Errors
///
/// An [`InconsistencyError`] for a refusal without a message, or an engine that
/// declares nothing and still diverges on anything but the answer's shape.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::protocol_answers;
///
/// let agreement = protocol_answers("{\"type\":\"records\",\"id\":1,\"records\":[{\"ply\":0}]}\nbestmove e2e4\n").unwrap();
/// assert_eq!((agreement.inputs, agreement.rejected), (2, 1));
/// ```
pub fn protocol_answers(text: &str) -> Result<Agreement, InconsistencyError> {
    let (game, judged) = game();
    let mut agreement = Agreement::default();
    let hellos = [Part::ALL.to_vec(), Vec::new()].map(|implements| Hello {
        protocol: PROTOCOL_VERSION,
        name: "fuzz".to_owned(),
        version: String::new(),
        implements,
        profile: None,
        editions: vec![Edition::Fide2018],
        draws: DrawPolicies::default(),
        dead_position: DeadReading::Material,
        meanings: Default::default(),
        lenient: Vec::new(),
        ended: Default::default(),
        ignored: Vec::new(),
    });
    let fail = |what: String| InconsistencyError {
        edition: Edition::Fide2018,
        what,
    };
    for line in text.lines() {
        agreement.inputs += 1;
        let answer = match read_answer(line) {
            Ok(answer) => answer,
            Err(err) => {
                if err.reason.is_empty() {
                    return Err(fail(format!("refused {line:?} without a reason")));
                }
                agreement.rejected += 1;
                continue;
            }
        };
        for hello in &hellos {
            let comparison = compare(hello, judged, &answer);
            if let Some(part) = comparison.plies.keys().find(|&&p| !hello.implements(p)) {
                return Err(fail(format!(
                    "compared the undeclared part {}",
                    part.name()
                )));
            }
            for divergence in comparison.divergences {
                if hello.implements.is_empty() && divergence.group != Group::AnswerShape {
                    return Err(fail(format!(
                        "an engine that declares nothing diverges: {divergence}"
                    )));
                }
                let _ = divergence.to_string();
                let minimal = Minimal {
                    game: game.clone(),
                    divergence,
                    reference: judged.clone(),
                };
                let _ = render::corpus_case("fuzz", &minimal);
            }
        }
    }
    Ok(agreement)
}
