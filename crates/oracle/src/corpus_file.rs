//! The corpus oracle: any text as a case file of `spec/cases`.

use drawrules::Arbiter;
use drawrules::laws::Edition;
use drawrules::reference::Reference;
use drawrules_conformance::corpus::{Failure, Readings, parse_file, run_case};

use super::{Agreement, InconsistencyError};

/// The name the text is read under; every error must name it.
const FILE: &str = "fuzz.toml";

/// Judges `text` as a corpus file named `fuzz.toml`. (Only `inputs` and
/// `rejected` are counted: a case is no status record.)
///
/// Text the format refuses must come with a one-line message that names
/// the file; it counts as rejected. A file the format accepts has every case
/// run against the reference and the arbiter under each edition it names
/// (whatever the case expects: only running must not fail), and the two
/// engines must find the same failures, reading for reading.
///
/// # Errors
///
/// An [`InconsistencyError`] when a refusal does not say where, or the engines
/// judge a case differently.
///
/// # Examples
///
/// ```
/// use drawrules_oracle::corpus_file;
///
/// let case = r#"
/// [[case]]
/// name = "knights"
/// articles = ["9.2.2"]
/// shows = "the start position stands a second time"
/// moves = "g1f3 g8f6 f3g1 f6g8"
/// expect = { repetition = 2 }
/// "#;
/// assert_eq!(corpus_file(case).unwrap().rejected, 0);
/// assert_eq!(corpus_file("[[case]]\nname = 3").unwrap().rejected, 1);
/// ```
pub fn corpus_file(text: &str) -> Result<Agreement, InconsistencyError> {
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
