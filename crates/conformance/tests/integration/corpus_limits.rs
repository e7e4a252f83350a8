//! The limits on a case file, met by hostile shapes: each is refused
//! before it is parsed, with the file, the line where there is one, the
//! limit and what passed it.

use std::fs;
use std::path::{Path, PathBuf};

use drawrules_conformance::corpus::{
    CorpusError, MAX_CASE_BYTES, MAX_CORPUS_BYTES, MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS,
    MAX_TABLES, load_dir, load_file, parse_file,
};

/// A fresh directory of its own for `name`, holding `files`.
fn corpus_dir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "drawrules-corpus-limits-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        fs::write(dir.join(file), text).unwrap();
    }
    dir
}

const GOOD: &str = "[[case]]\nname = \"quiet\"\narticles = [\"9.3.2\"]\nshows = \"x\"\n\
                    expect = { clock = 0 }\n";

fn display(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn a_file_over_the_size_limit_is_refused_by_its_size() {
    let dir = corpus_dir("size", &[("good.toml", GOOD)]);
    let big = dir.join("big.toml");
    // 50 MiB by its length alone: nothing of it is read.
    fs::File::create(&big)
        .unwrap()
        .set_len(50 * 1024 * 1024)
        .unwrap();
    let expected = format!(
        "{}: 52,428,800 bytes, more than the limit of 4 MiB for a corpus file",
        display(&big)
    );
    assert_eq!(load_file(&big).unwrap_err().to_string(), expected);
    // One file too large fails the directory, as any bad file does: no
    // case of it is run on a partial corpus.
    assert_eq!(load_dir(&dir).unwrap_err().to_string(), expected);

    // One byte over.
    fs::File::create(&big)
        .unwrap()
        .set_len(MAX_FILE_BYTES as u64 + 1)
        .unwrap();
    assert_eq!(
        load_file(&big).unwrap_err(),
        CorpusError::TooLarge {
            file: display(&big),
            bytes: 4_194_305,
            exact: true,
            limit: MAX_FILE_BYTES,
        }
    );
    fs::remove_file(&big).unwrap();
    assert_eq!(load_dir(&dir).unwrap().len(), 1);
    let _ = fs::remove_dir_all(&dir);
}

/// A case file of four cases, each padded with comments to under the case
/// limit: about 1 MiB, within every limit of a file.
fn a_mebibyte_of_cases() -> String {
    let padding = format!("# {}\n", "-".repeat(78)).repeat(3_000);
    (1..=4)
        .map(|n| GOOD.replace("quiet", &format!("quiet-{n}")) + &padding)
        .collect()
}

#[test]
fn files_each_within_their_limit_that_together_pass_the_corpus_limit_are_refused() {
    let text = a_mebibyte_of_cases();
    assert!(text.len() < MAX_FILE_BYTES && text.len() > 900 * 1024);
    parse_file("one.toml", &text).unwrap();
    // As many files as fit under the corpus limit, then one more.
    let fit = MAX_CORPUS_BYTES / text.len();
    let names: Vec<String> = (0..=fit).map(|n| format!("f{n:02}.toml")).collect();
    let files: Vec<(&str, &str)> = names
        .iter()
        .map(|name| (name.as_str(), text.as_str()))
        .collect();
    let dir = corpus_dir("total", &files);
    let last = dir.join(&names[fit]);
    let total = (text.len() * (fit + 1)) as u64;
    let err = load_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        CorpusError::CorpusTooLarge {
            file: display(&last),
            total,
            limit: MAX_CORPUS_BYTES,
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "{}: the corpus's files hold {} bytes together up to this one, more than the limit \
             of 16 MiB for a corpus",
            display(&last),
            thousands(total)
        )
    );
    // Without the file that passed it, the corpus is read whole.
    fs::remove_file(&last).unwrap();
    assert_eq!(load_dir(&dir).unwrap().len(), 4 * fit);
    let _ = fs::remove_dir_all(&dir);
}

/// `n` with its digits grouped by three.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[test]
fn text_over_the_size_limit_is_refused_unparsed() {
    let text = format!("{GOOD}{}", "#".repeat(MAX_FILE_BYTES));
    assert_eq!(
        parse_file("g.toml", &text).unwrap_err().to_string(),
        "g.toml: 4,194,384 bytes, more than the limit of 4 MiB for a corpus file"
    );
}

#[test]
fn headers_fifty_keys_deep_are_refused_at_their_line() {
    let key = vec!["a"; 50].join(".");
    // A file of 17 MB of such headers, as measured, is refused at the first.
    let mut text = format!("{GOOD}[case.{key}]\n");
    while text.len() < 3_000_000 {
        text.push_str(&format!("[k{}.{key}]\n", text.len()));
    }
    let dir = corpus_dir("deep", &[("deep.toml", &text)]);
    let path = dir.join("deep.toml");
    assert_eq!(
        load_file(&path).unwrap_err().to_string(),
        format!(
            "{}:6: tables and arrays nested 51 deep, more than the limit of 16",
            display(&path)
        )
    );
    let arrays = format!("[[{key}]]\n");
    assert_eq!(
        parse_file("g.toml", &arrays).unwrap_err(),
        CorpusError::TooDeep {
            file: "g.toml".to_owned(),
            line: 1,
            depth: 51,
            limit: MAX_DEPTH,
        }
    );
    let dotted = format!("{GOOD}{key} = 1\n");
    assert_eq!(
        parse_file("g.toml", &dotted).unwrap_err().to_string(),
        "g.toml:6: tables and arrays nested 51 deep, more than the limit of 16"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn deeply_nested_inline_arrays_and_tables_are_refused_where_they_pass_the_limit() {
    let arrays = format!(
        "{GOOD}at = {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert_eq!(
        parse_file("g.toml", &arrays).unwrap_err().to_string(),
        "g.toml:6: tables and arrays nested 17 deep, more than the limit of 16"
    );
    let tables = format!(
        "{GOOD}x = {}1{}\n",
        "{ a = ".repeat(100_000),
        " }".repeat(100_000)
    );
    assert_eq!(
        parse_file("g.toml", &tables).unwrap_err().to_string(),
        "g.toml:6: tables and arrays nested 17 deep, more than the limit of 16"
    );
    // Inside strings and comments brackets are text.
    let quoted = format!(
        "{}shows = \"{}\" # {}\n",
        GOOD.replace("shows = \"x\"\n", ""),
        "[".repeat(100),
        "{".repeat(100)
    );
    assert_eq!(parse_file("g.toml", &quoted).unwrap().cases.len(), 1);
}

#[test]
fn a_case_over_the_case_limit_is_refused_at_its_line() {
    let long = format!(
        "{GOOD}\n[[case]]\nname = \"long\"\narticles = [\"3.10\"]\nshows = \"x\"\nmoves = \"{}\"\n\
         error = {{ kind = \"unreadable-move\", ply = 1 }}\n{GOOD}",
        "a".repeat(MAX_CASE_BYTES)
    );
    assert_eq!(
        parse_file("g.toml", &long).unwrap_err().to_string(),
        "g.toml:7: a case of 262,256 bytes (up to the next [[case]] or the end), \
         more than the limit of 256 KiB for one case"
    );
}

#[test]
fn a_truncated_file_names_the_line_where_it_breaks() {
    let real = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases/threefold.toml"),
    )
    .unwrap();
    // Cut inside the `expect` of the third case.
    let third = real.match_indices("[[case]]").nth(2).unwrap().0;
    let cut = third + real[third..].find("expect = {").unwrap() + "expect = { rep".len();
    let text = &real[..cut];
    let line = text.lines().count();
    let err = parse_file("threefold.toml", text).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("threefold.toml:{line}: ")),
        "{err}"
    );
    assert!(!err.contains('\n'), "{err}");
}

#[test]
fn cases_are_read_the_same_one_at_a_time() {
    // Every file of the corpus, read case by case, gives the cases of a
    // parse of the whole file, at the same lines.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases");
    let corpus = load_dir(&dir).unwrap();
    for file in &corpus.files {
        let text = fs::read_to_string(dir.join(format!("{}.toml", file.group))).unwrap();
        let whole: toml::Table = toml::from_str(&text).unwrap();
        let cases = whole["case"].as_array().unwrap();
        assert_eq!(cases.len(), file.cases.len(), "{}", file.group);
        for (case, table) in file.cases.iter().zip(cases) {
            assert_eq!(Some(case.name.as_str()), table["name"].as_str());
            let header = text.lines().nth(case.line - 1).unwrap_or_default().trim();
            assert_eq!(header, "[[case]]", "{}/{}", file.group, case.name);
        }
    }
}

#[test]
fn a_case_with_too_many_tables_or_array_elements_is_refused_where_it_passes_the_limit() {
    // A good case, then one (from line 6) whose headers open 2 tables
    // each: its header `[[case]]` 2, then `[t0.x]` on line 7 and on.
    let mut tables = format!("{GOOD}[[case]]\n");
    for index in 0..MAX_TABLES {
        tables.push_str(&format!("[t{index}.x]\n"));
    }
    let dir = corpus_dir("tables", &[("tables.toml", &tables)]);
    let path = dir.join("tables.toml");
    // 2 + 2 x 511 = 1,024 fit: `[t511.x]`, on line 7 + 511, goes past.
    assert_eq!(
        load_file(&path).unwrap_err().to_string(),
        format!(
            "{}:518: the case that starts at line 6 opens more than 1024 tables and arrays, the limit for one case",
            display(&path)
        )
    );
    let _ = fs::remove_dir_all(&dir);

    // `moves` as an array: the commas between its elements count.
    let items = format!(
        "{GOOD}[[case]]\nname = \"long\"\nmoves = [\n{}]\n",
        "\"g1f3\",\n".repeat(MAX_ITEMS + 1)
    );
    assert_eq!(
        parse_file("g.toml", &items).unwrap_err(),
        CorpusError::TooManyItems {
            file: "g.toml".to_owned(),
            case_line: 6,
            // Element k stands on line 9 + k, its comma after it.
            line: 9 + MAX_ITEMS,
            limit: MAX_ITEMS,
        }
    );
    // At the limit, the file reaches the parser (which refuses `moves` as
    // an array: it is a string of the format).
    let at_limit = format!(
        "{GOOD}[[case]]\nname = \"long\"\nmoves = [\n{}]\n",
        "\"g1f3\",\n".repeat(MAX_ITEMS)
    );
    let err = parse_file("g.toml", &at_limit).unwrap_err();
    assert!(!matches!(err, CorpusError::TooManyItems { .. }), "{err}");
}
