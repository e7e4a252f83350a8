//! What `drawrules cases` prints: the list of cases, and a run's summary.

use super::load::Corpus;
use super::run::CaseRun;

/// One line per case whose full name contains `filter`: the full name, its
/// articles and its editions, in aligned columns.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::corpus::{parse_file, render_list, Corpus};
///
/// let text = r#"
/// [[case]]
/// name = "knights-twice"
/// articles = ["9.2.2"]
/// shows = "two knight round trips bring the start position back a third time"
/// editions = ["fide-2014"]
/// moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
/// expect = { repetition = 3 }
/// "#;
/// let corpus = Corpus {
///     files: vec![parse_file("threefold.toml", text).unwrap()],
///     source: "threefold.toml".to_owned(),
/// };
/// assert_eq!(render_list(&corpus, ""), "threefold/knights-twice  9.2.2  fide-2014\n");
/// assert_eq!(render_list(&corpus, "fivefold"), "");
/// ```
pub fn render_list(corpus: &Corpus, filter: &str) -> String {
    let rows: Vec<[String; 3]> = corpus
        .cases()
        .map(|(group, case)| {
            let editions: Vec<&str> = case.editions.iter().map(|e| e.name()).collect();
            [
                case.full_name(group),
                case.articles
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                editions.join(","),
            ]
        })
        .filter(|[name, _, _]| name.contains(filter))
        .collect();
    let width = |column: usize| {
        rows.iter()
            .map(|row| row[column].chars().count())
            .max()
            .unwrap_or(0)
    };
    let (name_width, articles_width) = (width(0), width(1));
    rows.iter()
        .map(|[name, articles, editions]| {
            format!("{name:name_width$}  {articles:articles_width$}  {editions}\n")
        })
        .collect()
}

/// The closing line of a run: how many case runs held, against which
/// engine.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::corpus::summary;
///
/// assert_eq!(summary(&[], "arbiter"), "0 of 0 case runs hold against arbiter");
/// ```
pub fn summary(runs: &[CaseRun], engine: &str) -> String {
    let held = runs.iter().filter(|run| run.holds()).count();
    let failed = runs.len() - held;
    let mut line = format!("{held} of {} case runs hold against {engine}", runs.len());
    if failed > 0 {
        line.push_str(&format!(" ({failed} fail)"));
    }
    line
}
