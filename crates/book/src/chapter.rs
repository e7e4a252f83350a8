//! One chapter's Markdown, made into what the book shows: every
//! `drawrules explain` example replayed through the reference, checked
//! against what the page shows and given its board; every
//! ```` ```dead-position ```` block checked and given its board; every
//! `{{#drawrules-cases GROUP}}` line replaced by that group of the corpus.

use std::path::Path;

use crate::BookError;
use crate::corpus::render_group;
use crate::dead_block;
use crate::explain::ExplainExample;
use crate::figure::{BoardChoice, figure};

/// What a chapter held, counted: the book's build reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drawn {
    /// `drawrules explain` examples replayed and checked.
    pub examples: usize,
    /// Boards drawn (examples, 5.2.2 blocks, corpus cases).
    pub boards: usize,
    /// Corpus groups rendered.
    pub groups: usize,
}

impl std::ops::AddAssign for Drawn {
    fn add_assign(&mut self, other: Drawn) {
        self.examples += other.examples;
        self.boards += other.boards;
        self.groups += other.groups;
    }
}

/// The directive a line holds alone to bring in a corpus group.
const CASES: &str = "{{#drawrules-cases ";

/// Rewrites a chapter's Markdown (`name` says where, in errors); corpus
/// groups are read from `cases_dir`.
///
/// # Errors
///
/// The first [`BookError`]: an example the reference does not bear out,
/// a block or directive written wrongly, a corpus case that does not
/// hold.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use drawrules_book::chapter::rewrite;
///
/// let page = "At clock 99:\n\n```console\n$ drawrules explain --fen \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60\" a1a8 | tail -n 1\nverdict: 1-0 White wins by checkmate (5.1.1)\n```\n";
/// let (html, drawn) = rewrite(page, "p.md", Path::new("spec/cases")).unwrap();
/// assert_eq!(drawn.examples, 1);
/// assert!(html.contains("<figure class=\"drawrules\">"));
/// assert!(html.ends_with("(5.1.1)\n```\n"));
///
/// let wrong = page.replace("1-0 White", "0-1 Black");
/// assert!(rewrite(&wrong, "p.md", Path::new("spec/cases")).is_err());
/// ```
pub fn rewrite(text: &str, name: &str, cases_dir: &Path) -> Result<(String, Drawn), BookError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len());
    let mut drawn = Drawn::default();
    let mut choice: Option<(usize, BoardChoice)> = None;
    let mut index = 0;
    let at = |line: usize| format!("{name} line {}", line + 1);
    while index < lines.len() {
        let line = lines[index];
        let trimmed = line.trim();
        if let Some(text) = trimmed
            .strip_prefix("<!-- board:")
            .and_then(|rest| rest.strip_suffix("-->"))
        {
            let parsed = BoardChoice::parse(text)
                .map_err(|why| BookError::Malformed { at: at(index), why })?;
            choice = Some((index, parsed));
            index += 1;
            continue;
        }
        if let Some(group) = trimmed
            .strip_prefix(CASES)
            .and_then(|rest| rest.strip_suffix("}}"))
        {
            let page = render_group(cases_dir, group.trim())?;
            drawn.boards += page.matches("<figure").count();
            drawn.groups += 1;
            out.push_str(&page);
            index += 1;
            continue;
        }
        let fence = trimmed.strip_prefix("```");
        let Some(language) = fence.filter(|language| !language.is_empty()) else {
            out.push_str(&book_links(line));
            out.push('\n');
            index += 1;
            continue;
        };
        let end = lines[index + 1..]
            .iter()
            .position(|line| line.trim() == "```")
            .map(|offset| index + 1 + offset)
            .ok_or_else(|| BookError::Malformed {
                at: at(index),
                why: format!("the ```{language} block does not close"),
            })?;
        let body = &lines[index + 1..end];
        let taken = match choice.take() {
            Some((line, taken)) if line + 1 == index && language == "console" => Some(taken),
            Some((line, _)) => return Err(misplaced(at(line))),
            None => None,
        };
        match language {
            "console" => {
                let figures = console(body, index, name, taken, &mut drawn)?;
                out.push_str(&figures);
            }
            "dead-position" => {
                let diagram = dead_block::diagram(body)
                    .map_err(|why| BookError::Disagrees { at: at(index), why })?;
                out.push_str("<figure class=\"drawrules\">");
                out.push_str(&diagram.svg());
                out.push_str("</figure>\n\n");
                drawn.boards += 1;
            }
            _ => {}
        }
        for line in &lines[index..=end] {
            out.push_str(line);
            out.push('\n');
        }
        index = end + 1;
    }
    if let Some((line, _)) = choice {
        return Err(misplaced(at(line)));
    }
    Ok((out, drawn))
}

/// `line` with its relative links made to work in the book: mdBook writes
/// a chapter `README.md` as `index.html`, so a link to a `README.md` (or to
/// a directory, whose chapter is its `README.md`) is made a link to its
/// `index.md`, which mdBook then writes as `index.html`. Links on the
/// spec pages name `README.md`, which is what a reader of the repository
/// follows.
///
/// # Examples
///
/// ```
/// use drawrules_book::chapter::book_links;
///
/// assert_eq!(
///     book_links("see [rules](rules/README.md#editions) and [cases](cases/)"),
///     "see [rules](rules/index.md#editions) and [cases](cases/index.md)"
/// );
/// assert_eq!(book_links("[web](https://x.org/README.md)"), "[web](https://x.org/README.md)");
/// ```
pub fn book_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..at + 2]);
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        let (path, anchor) = target.split_at(target.find('#').unwrap_or(target.len()));
        let relative = !path.is_empty() && !path.contains("://") && !path.starts_with('/');
        if relative && (path == "README.md" || path.ends_with("/README.md")) {
            out.push_str(&path[..path.len() - "README.md".len()]);
            out.push_str("index.md");
            out.push_str(anchor);
        } else if relative && path.ends_with('/') {
            out.push_str(path);
            out.push_str("index.md");
            out.push_str(anchor);
        } else {
            out.push_str(target);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A board comment that is not right above a console block.
fn misplaced(at: String) -> BookError {
    BookError::Malformed {
        at,
        why: "a board comment must stand right above the console block it is for".to_owned(),
    }
}

/// The figures of the `drawrules explain` examples of one console block
/// (`body`, the block opening at line `opens`), each checked.
fn console(
    body: &[&str],
    opens: usize,
    name: &str,
    mut choice: Option<BoardChoice>,
    drawn: &mut Drawn,
) -> Result<String, BookError> {
    let mut figures = String::new();
    let starts: Vec<usize> = body
        .iter()
        .enumerate()
        .filter(|(_, line)| line.starts_with("$ "))
        .map(|(offset, _)| offset)
        .collect();
    for (number, &start) in starts.iter().enumerate() {
        let stop = starts.get(number + 1).copied().unwrap_or(body.len());
        let command = &body[start][2..];
        let Some(example) = ExplainExample::parse(command)? else {
            continue;
        };
        let shown: String = body[start + 1..stop]
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        let at = format!("{name} line {}", opens + 2 + start);
        let replay = example.replay();
        example.check(&shown, &replay, &at)?;
        drawn.examples += 1;
        // A board comment is for the block's first example; the others
        // get the default board.
        let choice = choice.take().unwrap_or_default();
        let html = figure(
            &replay.explanation.rows,
            &choice,
            example.args.chess960,
            Some(example.args.rules),
        )
        .map_err(|why| BookError::Malformed { at, why })?;
        if let Some(html) = html {
            figures.push_str(&html);
            figures.push_str("\n\n");
            drawn.boards += 1;
        }
    }
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases")
    }

    const CASTLING: &str = "```console\n$ drawrules explain --fen \"r3k3/8/8/8/8/8/8/4K2R w Kq - 98 60\" e1g1 e8c8 | tail -n 1\nverdict: * the game goes on; White to move may claim fifty-moves (9.3.2)\n```\n";

    #[test]
    fn text_outside_examples_is_kept_as_it_is() {
        let page = "# Title\n\nSome *text*.\n\n```rust\nlet x = 1;\n```\n";
        let (out, drawn) = rewrite(page, "p.md", &dir()).unwrap();
        assert_eq!(out, page);
        assert_eq!(drawn, Drawn::default());
    }

    #[test]
    fn an_example_gets_its_board_above_its_block() {
        let (out, drawn) = rewrite(CASTLING, "p.md", &dir()).unwrap();
        assert_eq!(drawn.examples, 1);
        assert_eq!(drawn.boards, 1);
        let figure = out.find("<figure").unwrap();
        let block = out.find("```console").unwrap();
        assert!(figure < block);
        assert!(out.contains("O-O-O, drawn from e8 to c8"));
    }

    #[test]
    fn a_board_comment_chooses_the_board_of_the_block_below_it() {
        let page = format!("<!-- board: ply 1; written e8c8 -->\n{CASTLING}");
        let (out, _) = rewrite(&page, "p.md", &dir()).unwrap();
        assert!(out.contains("The position at ply 1:"), "{out}");
        assert!(!out.contains("<!-- board"));
        let apart = format!("<!-- board: ply 1 -->\n\ntext\n{CASTLING}");
        let err = rewrite(&apart, "p.md", &dir()).unwrap_err().to_string();
        assert_eq!(
            err,
            "p.md line 1: a board comment must stand right above the console block it is for"
        );
        let wrong = format!("<!-- board: arrows e2e4 -->\n{CASTLING}");
        let err = rewrite(&wrong, "p.md", &dir()).unwrap_err().to_string();
        assert!(err.starts_with("p.md line 1: unknown \"arrows\""), "{err}");
    }

    #[test]
    fn an_example_the_reference_does_not_bear_out_names_its_line() {
        let page = format!(
            "text\n\n{}",
            CASTLING.replace("White to move", "Black to move")
        );
        let err = rewrite(&page, "rules/x.md", &dir())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("rules/x.md line 4: the page shows"),
            "{err}"
        );
    }

    #[test]
    fn an_unclosed_block_is_an_error() {
        let err = rewrite("```console\n$ drawrules explain\n", "p.md", &dir())
            .unwrap_err()
            .to_string();
        assert_eq!(err, "p.md line 1: the ```console block does not close");
    }

    #[test]
    fn a_dead_position_block_is_checked_and_drawn() {
        let page = "```dead-position\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nwhite: impossible (material)\nblack: impossible (material)\nverdict: dead\n```\n";
        let (out, drawn) = rewrite(page, "p.md", &dir()).unwrap();
        assert_eq!(drawn.boards, 1);
        assert!(out.contains("The verdict: dead."));
        let wrong = page.replace("verdict: dead", "verdict: undetermined");
        let err = rewrite(&wrong, "p.md", &dir()).unwrap_err().to_string();
        assert!(
            err.starts_with("p.md line 1: verdict: the block says"),
            "{err}"
        );
    }

    #[test]
    fn a_cases_directive_brings_in_the_group() {
        let (out, drawn) = rewrite("{{#drawrules-cases threefold}}\n", "p.md", &dir()).unwrap();
        assert_eq!(drawn.groups, 1);
        assert!(drawn.boards >= 5, "{drawn:?}");
        assert!(out.contains("### `threefold/"));
    }

    #[test]
    fn commands_other_than_explain_are_left_alone() {
        let page = "```console\n$ drawrules cases\n39 cases\n```\n";
        let (out, drawn) = rewrite(page, "p.md", &dir()).unwrap();
        assert_eq!(out, page);
        assert_eq!(drawn.examples, 0);
    }
}
