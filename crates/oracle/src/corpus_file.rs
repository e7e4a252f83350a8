//! The corpus oracle: any text as a case file of `spec/cases`.

use std::borrow::Cow;

use drawrules::Arbiter;
use drawrules::laws::Edition;
use drawrules::reference::Reference;
use drawrules_conformance::corpus::{Case, Failure, Readings, parse_file, run_case};
use drawrules_conformance::protocol::DeadReading;

use super::{Agreement, InconsistencyError};

/// The name the text is read under; every error must name it.
const FILE: &str = "fuzz.toml";

/// How [`corpus_file`] runs the cases that ask for the exact 5.2.2 rule
/// (`dead-rule = "exact"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactCases {
    /// As they ask: both engines decide 5.2.2 at every ply with the default
    /// budget. Seconds a case on the costliest ones of the corpus.
    Run,
    /// Under the material rule, everything else as the case asks, and
    /// counted ([`Agreement::exact_as_material`]). The fuzz target's choice:
    /// a file that keeps the costly cases would otherwise cost half a
    /// minute an input, and the exact decision has a target of its own
    /// (`dead_position_game`).
    UnderMaterial,
}

/// Judges `text` as a corpus file named `fuzz.toml`. (Only `inputs` and
/// `rejected` are counted: a case is no status record.)
///
/// Text the format refuses must come with a one-line message that names
/// the file; it counts as rejected. A file the format accepts has every case
/// run against the reference and the arbiter under each edition it names
/// (whatever the case expects: only running must not fail), and the two
/// engines must find the same failures, reading for reading. A case that
/// asks for the exact 5.2.2 rule runs as `exact` says.
///
/// # Errors
///
/// An [`InconsistencyError`] when a refusal does not say where, or the engines
/// judge a case differently.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::{ExactCases, corpus_file};
///
/// let case = r#"
/// [[case]]
/// name = "knights"
/// articles = ["9.2.2"]
/// shows = "the start position stands a second time"
/// moves = "g1f3 g8f6 f3g1 f6g8"
/// expect = { repetition = 2 }
/// "#;
/// assert_eq!(corpus_file(case, ExactCases::Run).unwrap().rejected, 0);
/// let refused = corpus_file("[[case]]\nname = 3", ExactCases::Run).unwrap();
/// assert_eq!(refused.rejected, 1);
///
/// let exact = format!("{case}dead-rule = \"exact\"\n");
/// let agreement = corpus_file(&exact, ExactCases::UnderMaterial).unwrap();
/// assert_eq!(agreement.exact_as_material, 1);
/// ```
pub fn corpus_file(text: &str, exact: ExactCases) -> Result<Agreement, InconsistencyError> {
    let mut agreement = Agreement {
        inputs: 1,
        ..Agreement::default()
    };
    let file = match parse_file(FILE, text) {
        Ok(file) => file,
        Err(err) => {
            let message = err.to_string();
            if !message.starts_with(FILE) || message.contains('\n') {
                return Err(InconsistencyError {
                    edition: Edition::default(),
                    what: format!("refusal {message:?} does not name the file on one line"),
                });
            }
            agreement.rejected = 1;
            return Ok(agreement);
        }
    };
    for case in &file.cases {
        let case = &*as_asked(case, exact, &mut agreement);
        for &edition in &case.editions {
            for readings in [Readings::Ours, Readings::Any] {
                let by_reference = run_case(&mut Reference::default(), case, edition, readings);
                let by_arbiter = run_case(&mut Arbiter::default(), case, edition, readings);
                let describe = |failures: &[Failure]| {
                    failures.iter().map(ToString::to_string).collect::<Vec<_>>()
                };
                if describe(&by_reference) != describe(&by_arbiter) {
                    return Err(InconsistencyError {
                        edition,
                        what: format!(
                            "case {:?}: the engines judge it differently\n  reference: {:?}\n  arbiter:   {:?}",
                            case.name,
                            describe(&by_reference),
                            describe(&by_arbiter)
                        ),
                    });
                }
            }
        }
    }
    Ok(agreement)
}

/// `case` as `exact` runs it, counted in `agreement` when its rule changed.
fn as_asked<'a>(case: &'a Case, exact: ExactCases, agreement: &mut Agreement) -> Cow<'a, Case> {
    if exact == ExactCases::UnderMaterial && case.dead_rule == DeadReading::Exact {
        agreement.exact_as_material += 1;
        return Cow::Owned(Case {
            dead_rule: DeadReading::Material,
            ..case.clone()
        });
    }
    Cow::Borrowed(case)
}
