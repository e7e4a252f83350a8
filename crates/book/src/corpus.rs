//! The corpus chapter: each case of a `spec/cases` file with its board,
//! run through the reference when the book builds (a case that does not
//! hold stops the build).

use std::fmt::Write;
use std::path::Path;

use drawrules::explain::explain;
use drawrules::{Reference, Rules, StartPosition};
use drawrules_conformance::corpus::{Case, Readings, load_file, run_case};
use shakmaty::CastlingMode;

use crate::BookError;
use crate::figure::{BoardChoice, figure};

/// How many plies of a long case the table shows: the start, then the
/// last ones.
const LAST_PLIES: usize = 8;

/// The Markdown of every case of `dir/GROUP.toml`: a heading per case
/// (its full name), its articles and what it shows, the board at its last
/// ply beside the table of its plies, and the case in the corpus format
/// (serialised from what was read: the same fields and values, tables
/// written out).
///
/// # Errors
///
/// [`BookError::Corpus`] when the file cannot be read, and
/// [`BookError::Disagrees`] when a case does not hold for the reference
/// under an edition it holds for.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use drawrules_book::corpus::render_group;
///
/// let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases");
/// let page = render_group(&dir, "threefold").unwrap();
/// assert!(page.contains("### `threefold/"));
/// assert!(page.contains("<figure class=\"drawrules\">"));
/// ```
pub fn render_group(dir: &Path, group: &str) -> Result<String, BookError> {
    let path = dir.join(format!("{group}.toml"));
    let file = load_file(&path).map_err(|err| BookError::Corpus(err.to_string()))?;
    let mut page = String::new();
    // The file's opening comment says what the group is about.
    let text = std::fs::read_to_string(&path)
        .map_err(|err| BookError::Corpus(format!("{}: {err}", path.display())))?;
    let opening: Vec<&str> = text
        .lines()
        .map_while(|line| line.strip_prefix('#'))
        .map(str::trim)
        .collect();
    if !opening.is_empty() {
        page.push_str(&opening.join(" "));
        page.push_str("\n\n");
    }
    for case in &file.cases {
        let name = case.full_name(&file.group);
        for edition in &case.editions {
            let failures = run_case(&mut Reference::default(), case, *edition, Readings::Ours);
            if !failures.is_empty() {
                let listed: Vec<String> = failures.iter().map(ToString::to_string).collect();
                return Err(BookError::Disagrees {
                    at: format!(
                        "{} line {}, case {name} ({edition})",
                        path.display(),
                        case.line
                    ),
                    why: listed.join("; "),
                });
            }
        }
        let articles: Vec<String> = case.articles.iter().map(ToString::to_string).collect();
        let _ = write!(
            page,
            "### `{name}`\n\n{}: {}\n\n",
            if articles.len() == 1 {
                format!("Article {}", articles[0])
            } else {
                format!("Articles {}", articles.join(", "))
            },
            case.shows
        );
        page.push_str(&board(case));
        page.push_str("\n\n```toml\n[[case]]\n");
        page.push_str(&toml::to_string(case).unwrap_or_default());
        page.push_str("```\n\n");
    }
    Ok(page)
}

/// The case's board and plies as the reference judges them, or why there
/// is no board (a FEN the rules refuse).
fn board(case: &Case) -> String {
    let start = match case.fen.as_deref() {
        Some(fen) => match StartPosition::from_fen_in(fen, CastlingMode::Standard)
            .or_else(|_| StartPosition::from_fen_in(fen, CastlingMode::Chess960))
        {
            Ok(start) => start,
            Err(err) => return format!("*No board: the FEN is refused ({err}).*"),
        },
        None => StartPosition::standard(),
    };
    let edition = case.editions.first().copied().unwrap_or_default();
    let mut reference = Reference::new(&start, edition);
    reference.set_dead_rule(case.dead_rule.rule());
    let moves: Vec<&str> = case.moves().collect();
    let explained = explain(&mut reference, &start, edition, &moves);
    let mut rows = explained.rows;
    // A long case's table keeps the start and its last plies (consecutive,
    // so the move that reached the last one is still drawn).
    let elided = rows.len().saturating_sub(LAST_PLIES + 1);
    rows.drain(1..=elided);
    // A case of one edition says which; one of every edition is the same
    // under each.
    let only = (case.editions.len() == 1).then_some(edition);
    let mut html = match figure(&rows, &BoardChoice::default(), start.is_chess960(), only) {
        Ok(Some(html)) => html,
        Ok(None) => String::new(),
        Err(err) => format!("*No board: {err}.*"),
    };
    if elided > 0 {
        let _ = write!(
            html,
            "<p class=\"drawrules-elided\">Plies 1 to {elided} are left out of the table.</p>"
        );
    }
    if let Some(refusal) = explained.error {
        let _ = write!(html, "<p class=\"drawrules-refusal\">Then: {refusal}.</p>");
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases")
    }

    #[test]
    fn every_case_of_a_group_gets_a_heading_and_its_file_text() {
        let page = render_group(&dir(), "fifty-moves").unwrap();
        let file = load_file(&dir().join("fifty-moves.toml")).unwrap();
        assert_eq!(page.matches("### `fifty-moves/").count(), file.cases.len());
        assert_eq!(
            page.matches("```toml\n[[case]]\n").count(),
            file.cases.len()
        );
        assert!(page.contains("name = \"claim-at-100\""));
    }

    #[test]
    fn a_refused_fen_has_no_board_and_says_why() {
        let page = render_group(&dir(), "malformed").unwrap();
        assert!(page.contains("*No board: the FEN is refused ("), "{page}");
    }

    #[test]
    fn a_missing_group_is_an_error_naming_the_file() {
        let err = render_group(&dir(), "no-such-group")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no-such-group.toml"), "{err}");
    }
}
