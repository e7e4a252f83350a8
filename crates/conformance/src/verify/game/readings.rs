//! Accepted readings ([`drawrules::Reading`]) as the corpus and `verify`
//! know them: the corpus lists each reading it accepts beside ours
//! (`[[case.alternative]]`, `spec/README.md`), and `verify` accepts each
//! of them, in corpus cases and in generated games alike. `verify`
//! compares an engine's record with ours first; where that differs and a
//! reading applies, it compares the record with the reading's, and when
//! every declared part holds there, the ply is no departure: the report
//! counts it under the reading the library follows. The test suite checks
//! each reading against the corpus alternatives [`cases`] names.

pub use drawrules::Reading;

/// The corpus cases whose alternatives `reading` stands for (group and
/// name).
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{Reading, reading_cases};
///
/// assert_eq!(reading_cases(Reading::CountBeforeTheMate), ["seventy-five-moves/fen-checkmate-past-150"]);
/// ```
pub fn cases(reading: Reading) -> &'static [&'static str] {
    match reading {
        Reading::StalemateBeforeTheCount => &[
            "seventy-five-moves/stalemate-on-the-150th-ply",
            "seventy-five-moves/stalemate-dead-and-seventy-five-at-a-fen-start",
        ],
        Reading::CountBeforeTheMate => &["seventy-five-moves/fen-checkmate-past-150"],
    }
}
