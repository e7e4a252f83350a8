//! Reading case files and directories, and checking what TOML alone cannot:
//! names, articles, editions, and expectations that fit the moves.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::Read as _;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::error::CorpusError;
use drawrules::RefusalKind;

use drawrules::PartialStatus;

use super::bounds::{
    self, Beyond, MAX_CASE_BYTES, MAX_CORPUS_BYTES, MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS,
    MAX_TABLES,
};
use super::format::{Case, CasesFile};
use super::lines::Lines;

/// A whole corpus: every case file of a directory, in file-name order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Corpus {
    /// The files, sorted by group.
    pub files: Vec<CasesFile>,
    /// Where the files came from, for reports: the directory, or
    /// [`BUILT_IN`](super::BUILT_IN) for the corpus built into the program.
    pub source: String,
}

impl Corpus {
    /// Every case with its group, in file order.
    pub fn cases(&self) -> impl Iterator<Item = (&str, &Case)> {
        self.files
            .iter()
            .flat_map(|file| file.cases.iter().map(|case| (file.group.as_str(), case)))
    }

    /// How many cases the corpus holds.
    pub fn len(&self) -> usize {
        self.files.iter().map(|file| file.cases.len()).sum()
    }

    /// Whether the corpus holds no case.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The top level of a case file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileFormat {
    #[serde(default)]
    case: Vec<Spanned<Case>>,
}

/// Parses and checks the text of one case file; `file_name` (the name or
/// path the text came from) gives the group and is named in errors.
///
/// It never panics, whatever the text, and its memory is bounded before
/// anything is parsed: the text is checked against the limits
/// ([`MAX_FILE_BYTES`], [`MAX_DEPTH`], [`MAX_CASE_BYTES`]) and then parsed
/// one case at a time, so that the parser's tree of one case is all it
/// holds besides the cases already read.
///
/// # Errors
///
/// [`CorpusError::TooLarge`], [`CorpusError::TooDeep`] and
/// [`CorpusError::CaseTooLarge`] when the text passes a limit (before it
/// is parsed), [`CorpusError::Toml`] when the text is not TOML of the case format
/// (unknown fields included), [`CorpusError::Case`] when a case breaks a
/// rule of the format (a duplicate name, an unknown article, an expected
/// ply the moves do not reach, ...), [`CorpusError::NoCases`] for a file
/// without cases and [`CorpusError::FileName`] for a name that cannot be a
/// group.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::corpus::parse_file;
///
/// let text = r#"
/// [[case]]
/// name = "bad"
/// articles = ["9.2.2"]
/// shows = "a misspelt field"
/// expect = { repetiton = 1 }
/// "#;
/// let err = parse_file("threefold.toml", text).unwrap_err();
/// assert!(err.to_string().starts_with("threefold.toml:6: case \"bad\": unknown field `repetiton`"), "{err}");
/// ```
pub fn parse_file(file_name: &str, text: &str) -> Result<CasesFile, CorpusError> {
    let group = group_of(file_name)?;
    if text.len() > MAX_FILE_BYTES {
        return Err(CorpusError::TooLarge {
            file: file_name.to_owned(),
            bytes: text.len() as u64,
            exact: true,
            limit: MAX_FILE_BYTES,
        });
    }
    let pieces = bounds::split(text).map_err(|beyond| match beyond {
        Beyond::Depth { line, depth } => CorpusError::TooDeep {
            file: file_name.to_owned(),
            line,
            depth,
            limit: MAX_DEPTH,
        },
        Beyond::Tables { case_line, line } => CorpusError::TooManyTables {
            file: file_name.to_owned(),
            case_line,
            line,
            limit: MAX_TABLES,
        },
        Beyond::Items { case_line, line } => CorpusError::TooManyItems {
            file: file_name.to_owned(),
            case_line,
            line,
            limit: MAX_ITEMS,
        },
        Beyond::Case { line, bytes } => CorpusError::CaseTooLarge {
            file: file_name.to_owned(),
            line,
            bytes,
            limit: MAX_CASE_BYTES,
        },
    })?;
    let mut names = HashSet::new();
    let mut cases = Vec::with_capacity(pieces.len());
    // The line each piece starts on: the newlines before it, counted piece
    // by piece.
    let mut first_line = 1;
    for piece in pieces {
        let piece_text = &text[piece.clone()];
        parse_piece(file_name, piece_text, first_line, &mut names, &mut cases)?;
        first_line += newlines(piece_text);
    }
    if cases.is_empty() {
        return Err(CorpusError::NoCases {
            file: file_name.to_owned(),
        });
    }
    cases.shrink_to_fit();
    Ok(CasesFile { group, cases })
}

/// Parses one piece of a file (one case, as [`bounds::split`] cuts them),
/// which starts on line `first_line`, checks its cases and adds them to
/// `cases`; `names` holds the names seen so far in the file.
fn parse_piece(
    file_name: &str,
    text: &str,
    first_line: usize,
    names: &mut HashSet<String>,
    cases: &mut Vec<Case>,
) -> Result<(), CorpusError> {
    let lines = Lines::new(text);
    let line_of = |offset: usize| first_line + lines.line_of(offset) - 1;
    let parsed: FileFormat = toml::from_str(text).map_err(|err| CorpusError::Toml {
        file: file_name.to_owned(),
        line: err.span().map(|span| line_of(span.start)),
        case: err.span().and_then(|span| case_at(text, span.start)),
        message: err.message().trim_end().replace('\n', "; "),
    })?;
    for spanned in parsed.case {
        let line = line_of(spanned.span().start);
        let mut case = spanned.into_inner();
        case.line = line;
        let problem = check(&case).err().or_else(|| {
            (!names.insert(case.name.clone())).then(|| "duplicate name in this file".to_owned())
        });
        if let Some(problem) = problem {
            return Err(CorpusError::Case {
                file: file_name.to_owned(),
                line,
                name: case.name,
                problem,
            });
        }
        cases.push(case);
    }
    Ok(())
}

fn newlines(text: &str) -> usize {
    text.bytes().filter(|&byte| byte == b'\n').count()
}

/// Reads and checks one case file, refusing one larger than
/// [`MAX_FILE_BYTES`] before reading it (by its size; a file that grows
/// while it is read is read no further than one byte past the limit).
///
/// # Errors
///
/// [`CorpusError::Read`] when the file cannot be read as UTF-8 text,
/// [`CorpusError::TooLarge`] when it is larger than the limit, and every
/// error of [`parse_file`].
pub fn load_file(path: &Path) -> Result<CasesFile, CorpusError> {
    let file_name = path.display().to_string();
    let text = read_text(path)?;
    parse_file(&file_name, &text)
}

/// The text of the case file at `path`, refused when it is larger than
/// [`MAX_FILE_BYTES`] (by its size before it is read, and by what was read).
fn read_text(path: &Path) -> Result<String, CorpusError> {
    let file_name = path.display().to_string();
    let unreadable = |err: std::io::Error| CorpusError::Read {
        path: file_name.clone(),
        reason: err.to_string(),
    };
    let too_large = |bytes: u64, exact: bool| CorpusError::TooLarge {
        file: file_name.clone(),
        bytes,
        exact,
        limit: MAX_FILE_BYTES,
    };
    let file = File::open(path).map_err(unreadable)?;
    let size = file.metadata().map_err(unreadable)?.len();
    let limit = MAX_FILE_BYTES as u64;
    if size > limit {
        return Err(too_large(size, true));
    }
    // The size said is only a hint (a file may grow, a special file says
    // 0): read one byte past the limit at most, to know it was passed.
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0) + 1);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64, false));
    }
    String::from_utf8(bytes).map_err(|_| {
        unreadable(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// Reads every `*.toml` file of `dir` (not its subdirectories), sorted by
/// name, each bounded as [`load_file`] bounds it and all of them together
/// by [`MAX_CORPUS_BYTES`].
///
/// # Errors
///
/// [`CorpusError::Read`] when the directory cannot be listed,
/// [`CorpusError::NoFiles`] when it holds no case file,
/// [`CorpusError::CorpusTooLarge`] at the file with which the files read
/// pass [`MAX_CORPUS_BYTES`] together, and the first error of
/// [`load_file`].
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use drawrules_conformance::corpus::load_dir;
///
/// let corpus = load_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases").as_path()).unwrap();
/// assert!(corpus.len() >= 80);
/// assert!(corpus.cases().any(|(group, case)| case.full_name(group) == "threefold/knights-twice"));
/// ```
pub fn load_dir(dir: &Path) -> Result<Corpus, CorpusError> {
    let unreadable = |err: std::io::Error| CorpusError::Read {
        path: dir.display().to_string(),
        reason: err.to_string(),
    };
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        if path.is_file() && path.extension().is_some_and(|ext| ext == "toml") {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(CorpusError::NoFiles {
            dir: dir.display().to_string(),
        });
    }
    paths.sort();
    let mut total: u64 = 0;
    let mut files = Vec::with_capacity(paths.len());
    for path in &paths {
        let text = read_text(path)?;
        let file = path.display().to_string();
        total += text.len() as u64;
        if total > MAX_CORPUS_BYTES as u64 {
            return Err(CorpusError::CorpusTooLarge {
                file,
                total,
                limit: MAX_CORPUS_BYTES,
            });
        }
        files.push(parse_file(&file, &text)?);
    }
    Ok(Corpus {
        files,
        source: dir.display().to_string(),
    })
}

/// The group of a file: its name without directories and `.toml`.
fn group_of(file_name: &str) -> Result<String, CorpusError> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let group = base.strip_suffix(".toml").unwrap_or(base);
    if is_name(group) {
        Ok(group.to_owned())
    } else {
        Err(CorpusError::FileName {
            file: file_name.to_owned(),
        })
    }
}

/// Lowercase letters and digits in words joined by single `-`.
fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit())
        })
}

/// The name of the case whose table holds byte `offset`, if the text is
/// TOML with a `case` array of tables and that case has a string name.
fn case_at(text: &str, offset: usize) -> Option<String> {
    #[derive(Deserialize)]
    struct Loose {
        case: Vec<Spanned<toml::Table>>,
    }
    let loose: Loose = toml::from_str(text).ok()?;
    let case = loose
        .case
        .into_iter()
        .rev()
        .find(|case| case.span().start <= offset)?;
    case.get_ref().get("name")?.as_str().map(str::to_owned)
}

/// The rules of the format that TOML and serde do not check.
fn check(case: &Case) -> Result<(), String> {
    if !is_name(&case.name) {
        return Err("the name must be lowercase words joined by '-'".to_owned());
    }
    if case.articles.is_empty() {
        return Err("no articles named".to_owned());
    }
    // An unknown article number is refused when the file is read
    // (`drawrules::Article` parses it).
    if case.shows.trim().is_empty() || case.shows.contains('\n') {
        return Err("`shows` must be one non-empty line".to_owned());
    }
    if case.editions.is_empty() {
        return Err("`editions` is empty".to_owned());
    }
    let distinct: HashSet<_> = case.editions.iter().collect();
    if distinct.len() != case.editions.len() {
        return Err("an edition is named twice".to_owned());
    }
    check_error(case)?;
    let last = case.last_ply();
    check_expectations(&case.expect, &case.at, last, "")?;
    check_alternatives(case, last)?;
    let expects_something = case.error.is_some()
        || case.expect.as_ref().is_some_and(|e| !e.is_empty())
        || !case.at.is_empty()
        || !case.alternatives.is_empty();
    if !expects_something {
        return Err("the case expects nothing".to_owned());
    }
    Ok(())
}

fn check_error(case: &Case) -> Result<(), String> {
    let Some(error) = &case.error else {
        return Ok(());
    };
    let moves = case.moves().count();
    match (error.kind, error.ply) {
        (kind, _) if !kind.is_given_by_the_rules() => Err(format!(
            "`{kind}` is said by an engine about itself, never by the rules"
        )),
        (RefusalKind::InvalidFen, None) => {
            if case.fen.is_none() {
                Err("`invalid-fen` needs a `fen`".to_owned())
            } else if moves > 0 {
                Err("`invalid-fen` allows no moves".to_owned())
            } else if case.expect.is_some() || !case.at.is_empty() || !case.alternatives.is_empty()
            {
                Err("`invalid-fen` leaves no record to expect".to_owned())
            } else {
                Ok(())
            }
        }
        (RefusalKind::InvalidFen, Some(_)) => Err("`invalid-fen` takes no `ply`".to_owned()),
        (kind, None) => Err(format!("`{kind}` needs the `ply` of the refused move")),
        (kind, Some(ply)) => {
            if ply as usize == moves && ply > 0 {
                Ok(())
            } else {
                Err(format!(
                    "`{kind}` at ply {ply}: the refused move must be the last of the {moves} moves"
                ))
            }
        }
    }
}

fn check_expectations(
    expect: &Option<PartialStatus>,
    at: &[PartialStatus],
    last: Option<u32>,
    context: &str,
) -> Result<(), String> {
    if let (Some(expect), Some(last)) = (expect, last)
        && let Some(ply) = expect.ply
        && ply != last
    {
        return Err(format!(
            "{context}`expect` is about ply {last}, the last one played, not ply {ply}"
        ));
    }
    let mut seen = HashSet::new();
    for expected in at {
        let Some(ply) = expected.ply else {
            return Err(format!("{context}an `at` entry without `ply`"));
        };
        if last.is_none_or(|last| ply > last) {
            return Err(format!(
                "{context}`at` ply {ply} is never reached (the last ply played is {})",
                last.map_or_else(|| "none".to_owned(), |last| last.to_string())
            ));
        }
        if !seen.insert(ply) {
            return Err(format!("{context}`at` ply {ply} appears twice"));
        }
        if expected.is_empty() {
            return Err(format!("{context}`at` ply {ply} expects nothing"));
        }
    }
    Ok(())
}

fn check_alternatives(case: &Case, last: Option<u32>) -> Result<(), String> {
    if case.alternatives.is_empty() {
        return Ok(());
    }
    if case.alternatives.len() < 2 {
        return Err("a lone `alternative`: write it as `expect` and `at`".to_owned());
    }
    let ours = case.alternatives.iter().filter(|a| a.ours).count();
    if ours != 1 {
        return Err(format!(
            "exactly one alternative must be `ours = true`, found {ours}"
        ));
    }
    for (index, alternative) in case.alternatives.iter().enumerate() {
        let context = format!("alternative {}: ", index + 1);
        if alternative.reading.trim().is_empty() || alternative.reading.contains('\n') {
            return Err(format!("{context}`reading` must be one non-empty line"));
        }
        if alternative
            .expect
            .as_ref()
            .is_none_or(PartialStatus::is_empty)
            && alternative.at.is_empty()
        {
            return Err(format!("{context}expects nothing"));
        }
        check_expectations(&alternative.expect, &alternative.at, last, &context)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "[[case]]\nname = \"a\"\narticles = [\"9.2.2\"]\nshows = \"x\"\n";

    fn problem(body: &str) -> String {
        parse_file("g.toml", &format!("{HEAD}{body}"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_minimal_case_loads_with_defaults() {
        let file = parse_file("dir/g.toml", &format!("{HEAD}expect = {{ clock = 0 }}\n")).unwrap();
        assert_eq!(file.group, "g");
        let case = &file.cases[0];
        assert_eq!(case.line, 1);
        assert_eq!(case.editions, drawrules::Edition::ALL);
        assert_eq!(case.last_ply(), Some(0));
    }

    #[test]
    fn format_errors_name_file_line_and_case() {
        assert_eq!(
            problem(""),
            "g.toml:1: case \"a\": the case expects nothing"
        );
        assert_eq!(
            problem(
                "expect = { clock = 0 }\n[[case]]\nname = \"a\"\narticles = [\"9.2.2\"]\nshows = \"y\"\nexpect = { clock = 0 }\n"
            ),
            "g.toml:6: case \"a\": duplicate name in this file"
        );
        assert_eq!(
            problem("moves = \"e2e4\"\nat = [{ ply = 2, clock = 0 }]\n"),
            "g.toml:1: case \"a\": `at` ply 2 is never reached (the last ply played is 1)"
        );
        assert_eq!(
            problem("moves = \"e2e4 e2e4\"\nerror = { kind = \"illegal-move\", ply = 1 }\n"),
            "g.toml:1: case \"a\": `illegal-move` at ply 1: the refused move must be the last of the 2 moves"
        );
        assert_eq!(
            problem("editions = [\"fide-2014\", \"fide-2014\"]\nexpect = { clock = 0 }\n"),
            "g.toml:1: case \"a\": an edition is named twice"
        );
        assert_eq!(
            problem("moves = \"e2e4\"\nerror = { kind = \"unsupported\", ply = 1 }\n"),
            "g.toml:1: case \"a\": `unsupported` is said by an engine about itself, never by the rules"
        );
        let one_ours = "[[case.alternative]]\nreading = \"r\"\nexpect = { clock = 0 }\n";
        assert_eq!(
            problem(&format!("{one_ours}{one_ours}")),
            "g.toml:1: case \"a\": exactly one alternative must be `ours = true`, found 0"
        );
    }

    #[test]
    fn the_dead_rule_is_material_unless_a_case_asks() {
        use crate::protocol::DeadReading;
        let file = parse_file("g.toml", &format!("{HEAD}expect = {{ clock = 0 }}\n")).unwrap();
        assert_eq!(file.cases[0].dead_rule, DeadReading::Material);
        let text = format!("{HEAD}dead-rule = \"exact\"\nexpect = {{ clock = 0 }}\n");
        let file = parse_file("g.toml", &text).unwrap();
        assert_eq!(file.cases[0].dead_rule, DeadReading::Exact);
        let err = problem("dead-rule = \"fast\"\nexpect = { clock = 0 }\n");
        assert!(
            err.starts_with("g.toml:5: case \"a\": unknown variant `fast`"),
            "{err}"
        );
        // Read by name alone, as a handshake's `dead-position` is: the
        // one-key table serde's derived reading would take is refused with
        // the handshake's words.
        let err = problem("dead-rule = { exact = {} }\nexpect = { clock = 0 }\n");
        let said = "invalid type: map, expected a string";
        assert!(
            err.starts_with(&format!("g.toml:5: case \"a\": {said}")),
            "{err}"
        );
        let handshake = serde_json::from_str::<DeadReading>(r#"{"exact": {}}"#).unwrap_err();
        assert!(handshake.to_string().starts_with(said), "{handshake}");
        let err = problem("dead_rule = \"exact\"\nexpect = { clock = 0 }\n");
        assert!(
            err.starts_with("g.toml:5: case \"a\": unknown field `dead_rule`"),
            "{err}"
        );
    }

    #[test]
    fn toml_errors_name_the_line() {
        let err = problem("expect = { clock = -1 }\n");
        assert!(err.starts_with("g.toml:5: "), "{err}");
        let err = problem("colour = \"white\"\n");
        assert!(
            err.starts_with("g.toml:5: case \"a\": unknown field `colour`"),
            "{err}"
        );
        let err = problem("expect = { ended = [\"resignation\"] }\n");
        assert!(
            err.starts_with("g.toml:5: case \"a\": unknown variant `resignation`"),
            "{err}"
        );
        let err = parse_file(
            "g.toml",
            "[[case]]\nname = \"a\"\narticles = [\"9.4\"]\nshows = \"x\"\nexpect = { clock = 0 }\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with("g.toml:3: case \"a\": unknown article \"9.4\" (expected one of 3.7,"),
            "{err}"
        );
        let err = parse_file("g.toml", "[[case]\n").unwrap_err().to_string();
        assert!(err.starts_with("g.toml:1: "), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }

    #[test]
    fn files_without_cases_or_with_bad_names_are_refused() {
        assert_eq!(
            parse_file("g.toml", "").unwrap_err().to_string(),
            "g.toml: no cases"
        );
        assert_eq!(
            parse_file("Bad Name.toml", HEAD).unwrap_err().to_string(),
            "Bad Name.toml: the file name must be lowercase words joined by '-' (it names the group)"
        );
    }
}
