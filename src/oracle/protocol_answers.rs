//! The protocol oracle: any text as an engine's output.

use std::sync::OnceLock;

use crate::laws::Edition;
use crate::protocol::{Draws, Hello, PROTOCOL_VERSION, Part, read_answer};
use crate::reference::Reference;
use crate::verify::{Game, Judgement, Rule, compare, judge, render};

use super::{Agreement, Inconsistency};

/// The game every answer is compared with: a knight shuffle to a threefold
/// repetition, then a move after a refused one.
fn game() -> &'static (Game, Judgement) {
    static GAME: OnceLock<(Game, Judgement)> = OnceLock::new();
    GAME.get_or_init(|| {
        let game = Game {
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            moves: "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e5"
                .split(' ')
                .map(str::to_owned)
                .collect(),
            edition: Edition::Fide2018,
        };
        let judged = judge(
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
/// An [`Inconsistency`] for a refusal without a message, or an engine that
/// declares nothing and still diverges on anything but the answer's shape.
///
/// # Examples
///
/// ```
/// use drawrules::oracle::protocol_answers;
///
/// let agreement = protocol_answers("{\"type\":\"records\",\"id\":1,\"records\":[{\"ply\":0}]}\nbestmove e2e4\n").unwrap();
/// assert_eq!((agreement.inputs, agreement.rejected), (2, 1));
/// ```
pub fn protocol_answers(text: &str) -> Result<Agreement, Inconsistency> {
    let (game, judged) = game();
    let mut agreement = Agreement::default();
    let hellos = [Part::ALL.to_vec(), Vec::new()].map(|implements| Hello {
        protocol: PROTOCOL_VERSION,
        name: "fuzz".to_owned(),
        version: String::new(),
        implements,
        editions: vec![Edition::Fide2018],
        draws: Draws::Claims,
    });
    let fail = |what: String| Inconsistency {
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
            let Some(divergence) = compare(hello, judged, &answer) else {
                continue;
            };
            if hello.implements.is_empty() && divergence.rule != Rule::AnswerShape {
                return Err(fail(format!(
                    "an engine that declares nothing diverges: {divergence}"
                )));
            }
            let _ = divergence.to_string();
            let _ = render::corpus_case("fuzz", game, &divergence);
        }
    }
    Ok(agreement)
}
