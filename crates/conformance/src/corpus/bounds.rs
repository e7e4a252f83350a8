//! The limits on a case file, checked on its text before it is parsed, and
//! the cases it splits into.
//!
//! Parsing TOML builds a tree of every table and array of the text before
//! any of it can be checked, and a table costs the parser far more memory
//! than the few bytes that open it: a file of table headers nested fifty
//! keys deep cost hundreds of times its size. So a file is bounded before
//! the parser sees it: by size ([`MAX_FILE_BYTES`]), by nesting depth
//! ([`MAX_DEPTH`]), and by the size of each case ([`MAX_CASE_BYTES`]),
//! which are then parsed one at a time, so that a parse never holds more
//! than one case's tree. The scan is TOML's own lexer over the text, in one
//! pass that allocates nothing but the list of where the cases start.

use std::ops::Range;

use toml_parser::Source;
use toml_parser::lexer::{Token, TokenKind};

/// The largest case file read, in bytes: 4 MiB.
///
/// The largest file of `spec/cases` is about 8 KB, and a case about 400
/// bytes (the longest, a game of 150 plies with its expectations, 1.6 KB):
/// 4 MiB is some 500 times the largest file, and room for about 10,000
/// cases of the usual size in one file.
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// The most bytes the case files of one corpus (a directory) hold
/// together: 16 MiB, four times [`MAX_FILE_BYTES`].
///
/// A loaded corpus stays in memory for the whole run, and what a case
/// costs once read grows with its text, so bounding each file alone left a
/// directory of many files at the limit unbounded. `spec/cases` holds about
/// 63 KB in 12 files: 16 MiB is some 260 times that, room for about 40,000
/// cases of the usual size; a corpus can be no more costly than four files
/// at the file limit.
pub const MAX_CORPUS_BYTES: usize = 4 * MAX_FILE_BYTES;

/// The largest case, in bytes: 256 KiB, from its `[[case]]` line up to the
/// next one (or the end of the file; the text before the first `[[case]]`
/// counts with the first case).
///
/// The longest case of `spec/cases` is 1.6 KB; 256 KiB is 160 times that,
/// room for a game of 50,000 plies in UCI (the longest game the 75-move
/// rule allows has under 18,000), and for the test inputs that must not
/// fit in a pipe's 64 KiB. The parser's tree of one case is then what
/// bounds the memory of a parse, whatever the file's size.
pub const MAX_CASE_BYTES: usize = 256 * 1024;

/// The deepest nesting of tables and arrays, as written: 16.
///
/// Counted as written, each key of a table header (one more for an array
/// of tables, `[[...]]`), each part of a dotted key but the last, and each
/// `[` or `{` opened in a value, add one. The format itself nests at most
/// 8 deep (`[[case.alternative]]` with `at = [{ claims_on_move = {
/// fifty-moves = [...] } }]`: the case, its alternative, `at` and its entry,
/// `claims_on_move` and the move list, both arrays of tables counting twice);
/// the deepest case of `spec/cases` is 6. Anything deeper is an error of the
/// format anyway; twice the format's depth leaves it room to grow.
pub const MAX_DEPTH: usize = 16;

/// The most tables and arrays one case opens, as written: 1,024.
///
/// Counted like the nesting ([`MAX_DEPTH`]): each key of a table header
/// (one more for an array of tables), each part of a dotted key but the
/// last, and each `[` or `{` opened in a value, over the whole case (a
/// table named twice counts twice). The parser builds a table for each,
/// costing it about a kilobyte where the text spends a few bytes: without
/// this limit a case of 256 KiB made of headers took about 100 MB to parse.
/// A case of `spec/cases` opens at most 25: the limit is forty times that.
pub const MAX_TABLES: usize = 1024;

/// The most elements the arrays of one case hold together, counted by the
/// commas between them (a trailing comma counts too): 4,096.
///
/// The parser keeps each element of an array at some 170 bytes where the
/// text spends two (`1,`): without this limit a case of 256 KiB made of one
/// array of digits took 22 MB to parse. A case of `spec/cases` holds at
/// most 17; the longest list the format has, a written-move claim's moves,
/// has at most 218 (more legal moves no position has).
pub const MAX_ITEMS: usize = 4096;

/// What the scan of a text found beyond a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Beyond {
    /// Tables and arrays nested deeper than [`MAX_DEPTH`] at `line`.
    Depth {
        /// The 1-based line of the bracket or key that goes too deep.
        line: usize,
        /// How deep it goes there.
        depth: usize,
    },
    /// A case that opens more than [`MAX_TABLES`] tables and arrays.
    Tables {
        /// The 1-based line where the case starts.
        case_line: usize,
        /// The 1-based line where it went past the limit.
        line: usize,
    },
    /// A case whose arrays hold more than [`MAX_ITEMS`] elements.
    Items {
        /// The 1-based line where the case starts.
        case_line: usize,
        /// The 1-based line where it went past the limit.
        line: usize,
    },
    /// A case longer than [`MAX_CASE_BYTES`], starting at `line`.
    Case {
        /// The 1-based line where the case starts.
        line: usize,
        /// Its length in bytes.
        bytes: usize,
    },
}

/// The byte ranges of `text` to parse one after the other, each one case
/// (the text before the first `[[case]]` goes with the first case; a text
/// without a `[[case]]` line is one piece), after checking the depth and
/// case limits.
///
/// The cases are split at the lines the lexer shows to start with a
/// `[[case]]` header (outside strings and comments, outside any value): a
/// `[[case]]` header always opens a new table of the top-level array
/// `case`, and no header after it can reach back into an earlier case, so
/// parsing the pieces one by one reads the same cases as parsing the whole.
pub(crate) fn split(text: &str) -> Result<Vec<Range<usize>>, Beyond> {
    let mut scan = Scan::new(text);
    for token in Source::new(text).lex() {
        scan.token(token)?;
    }
    scan.finish()
}

/// One level of nesting: the top-level table, a table of a header, an
/// inline table or an array.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// How deep the level's values are.
    depth: usize,
    /// Whether keys are read at this level (a table), or only values (an
    /// array).
    table: bool,
    /// For a table: whether the next token belongs to a key.
    in_key: bool,
    /// For a table: the dots of the key read so far.
    dots: usize,
}

impl Level {
    fn table(depth: usize) -> Level {
        Level {
            depth,
            table: true,
            in_key: true,
            dots: 0,
        }
    }

    /// The depth of a bracket opened in the value of the current key.
    fn child_depth(&self) -> usize {
        self.depth + self.dots + 1
    }
}

/// A table header as far as it is read.
#[derive(Debug, Clone, Copy, Default)]
struct Header {
    /// Whether it opens an array of tables (`[[...]]`).
    array: bool,
    /// The keys read so far.
    keys: usize,
    /// Whether the last token was a dot between keys.
    after_dot: bool,
}

/// The state of the scan.
struct Scan<'t> {
    text: &'t str,
    /// The 1-based line of the next token.
    line: usize,
    /// Whether only whitespace came since the last newline.
    line_start: bool,
    /// The table header being read, if any.
    header: Option<Header>,
    /// The top level (the table of the last header) and the brackets open
    /// in a value; never longer than `MAX_DEPTH + 1`, as the scan stops
    /// deeper.
    levels: Vec<Level>,
    /// Where the last piece starts, and on which line.
    piece_start: usize,
    piece_line: usize,
    /// Whether a `[[case]]` header was seen: the first one starts no new
    /// piece, as what comes before it (comments, or text that is an error
    /// with it) is read with it.
    seen_case: bool,
    /// The deepest nesting seen.
    deepest: usize,
    /// The tables and arrays the last piece opened so far.
    opened: usize,
    /// The commas between array elements in the last piece so far.
    items: usize,
    /// The pieces closed so far.
    pieces: Vec<Range<usize>>,
}

impl<'t> Scan<'t> {
    fn new(text: &'t str) -> Scan<'t> {
        Scan {
            text,
            line: 1,
            line_start: true,
            header: None,
            levels: vec![Level::table(0)],
            piece_start: 0,
            piece_line: 1,
            seen_case: false,
            deepest: 0,
            opened: 0,
            items: 0,
            pieces: Vec::new(),
        }
    }

    fn token(&mut self, token: Token) -> Result<(), Beyond> {
        let span = token.span();
        let raw = &self.text[span.start()..span.end()];
        match token.kind() {
            TokenKind::Whitespace | TokenKind::Eof => {}
            TokenKind::Comment => self.line += newlines(raw),
            TokenKind::Newline => {
                // A header left open is an error of the parser's; its
                // depth still counts.
                self.end_header()?;
                self.line += 1;
                self.line_start = true;
                if let [top] = self.levels.as_mut_slice() {
                    top.in_key = true;
                    top.dots = 0;
                }
            }
            kind => {
                let at_line_start = std::mem::replace(&mut self.line_start, false);
                if kind == TokenKind::LeftSquareBracket && at_line_start {
                    if is_case_header(&self.text[span.start()..], self.levels.len() == 1) {
                        self.case_header(span.start())?;
                    }
                    if self.levels.len() == 1 {
                        self.header = Some(Header::default());
                        self.line += newlines(raw);
                        return Ok(());
                    }
                }
                if self.header.is_some() {
                    self.header_token(kind)?;
                } else {
                    self.value_token(kind)?;
                }
                self.line += newlines(raw);
            }
        }
        Ok(())
    }

    /// A token of a table header, after its first `[`. The header's depth
    /// is checked at its end, so that the error tells how deep it goes.
    fn header_token(&mut self, kind: TokenKind) -> Result<(), Beyond> {
        let Some(mut header) = self.header else {
            return Ok(());
        };
        match kind {
            TokenKind::LeftSquareBracket if !header.array && header.keys == 0 => {
                header.array = true;
            }
            TokenKind::Dot => header.after_dot = true,
            TokenKind::RightSquareBracket => return self.end_header(),
            _ if header.keys == 0 || header.after_dot => {
                header.keys += 1;
                header.after_dot = false;
            }
            _ => {}
        }
        self.header = Some(header);
        Ok(())
    }

    /// Ends the header being read: its table is the new top level.
    fn end_header(&mut self) -> Result<(), Beyond> {
        let Some(header) = self.header.take() else {
            return Ok(());
        };
        let depth = header.keys + usize::from(header.array);
        self.levels[0] = Level::table(depth);
        self.check(depth)?;
        self.open(depth)
    }

    /// A token of a key or a value.
    fn value_token(&mut self, kind: TokenKind) -> Result<(), Beyond> {
        let top = self.levels.len() - 1;
        let level = self.levels[top];
        if level.table && level.in_key {
            match kind {
                TokenKind::Dot => self.levels[top].dots += 1,
                TokenKind::Equals => {
                    // `a.b.c = 1` opens the tables `a` and `b`.
                    self.levels[top].in_key = false;
                    self.check(level.depth + level.dots)?;
                    self.open(level.dots)?;
                }
                TokenKind::RightCurlyBracket if top > 0 => {
                    self.levels.pop();
                }
                _ => {}
            }
            return Ok(());
        }
        match kind {
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => {
                let depth = level.child_depth();
                self.check(depth)?;
                self.open(1)?;
                self.levels.push(if kind == TokenKind::LeftCurlyBracket {
                    Level::table(depth)
                } else {
                    Level {
                        depth,
                        table: false,
                        in_key: false,
                        dots: 0,
                    }
                });
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket if top > 0 => {
                self.levels.pop();
            }
            TokenKind::Comma if level.table => {
                self.levels[top].in_key = true;
                self.levels[top].dots = 0;
            }
            TokenKind::Comma => {
                self.items += 1;
                if self.items > MAX_ITEMS {
                    return Err(Beyond::Items {
                        case_line: self.piece_line,
                        line: self.line,
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A `[[case]]` header starts a new piece at `start`.
    fn case_header(&mut self, start: usize) -> Result<(), Beyond> {
        // Whatever was open belongs to a broken value: the header ends it.
        self.levels.truncate(1);
        if std::mem::replace(&mut self.seen_case, true) {
            self.close_piece(start)?;
            self.piece_start = start;
            self.piece_line = self.line;
            self.opened = 0;
            self.items = 0;
        }
        Ok(())
    }

    /// Ends the last piece at `end`, checking its size.
    fn close_piece(&mut self, end: usize) -> Result<(), Beyond> {
        let start = self.piece_start;
        let bytes = end - start;
        if bytes > MAX_CASE_BYTES {
            return Err(Beyond::Case {
                line: self.piece_line,
                bytes,
            });
        }
        self.pieces.push(start..end);
        Ok(())
    }

    /// Counts `tables` more tables and arrays opened by the last piece.
    fn open(&mut self, tables: usize) -> Result<(), Beyond> {
        self.opened += tables;
        if self.opened > MAX_TABLES {
            Err(Beyond::Tables {
                case_line: self.piece_line,
                line: self.line,
            })
        } else {
            Ok(())
        }
    }

    fn check(&mut self, depth: usize) -> Result<(), Beyond> {
        self.deepest = self.deepest.max(depth);
        if depth > MAX_DEPTH {
            Err(Beyond::Depth {
                line: self.line,
                depth,
            })
        } else {
            Ok(())
        }
    }

    fn finish(mut self) -> Result<Vec<Range<usize>>, Beyond> {
        self.end_header()?;
        self.close_piece(self.text.len())?;
        Ok(self.pieces)
    }
}

fn newlines(raw: &str) -> usize {
    raw.bytes().filter(|&byte| byte == b'\n').count()
}

/// Whether `rest` (the text from a `[` that starts a line) starts with the
/// header `[[case]]`: spaces and tabs may stand around the key; when the
/// `[` is at the top level (`top`), the key may also be quoted, which
/// inside a value would be an array holding a string.
fn is_case_header(rest: &str, top: bool) -> bool {
    let Some(rest) = rest.strip_prefix("[[") else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    let bare = rest.strip_prefix("case");
    let quoted = || {
        rest.strip_prefix("\"case\"")
            .or_else(|| rest.strip_prefix("'case'"))
    };
    let Some(rest) = bare.or_else(|| quoted().filter(|_| top)) else {
        return false;
    };
    rest.trim_start_matches([' ', '\t']).starts_with("]]")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deepest nesting of `text`, scanned without a limit.
    fn deepest(text: &str) -> usize {
        most(text, |scan| scan.deepest)
    }

    /// The pieces of `text`, as text.
    fn pieces(text: &str) -> Vec<&str> {
        split(text)
            .unwrap()
            .into_iter()
            .map(|range| &text[range])
            .collect()
    }

    #[test]
    fn depth_counts_headers_dotted_keys_and_brackets() {
        assert_eq!(deepest("a = 1\n"), 0);
        assert_eq!(deepest("[a]\n"), 1);
        assert_eq!(deepest("[[a]]\n"), 2);
        assert_eq!(deepest("[ a . b . 'c.d' ]\n"), 3);
        assert_eq!(deepest("[[a.\"b\".c]]\n"), 4);
        assert_eq!(deepest("a.b.c = 1\n"), 2);
        assert_eq!(deepest("a.b.c = [1]\n"), 3);
        assert_eq!(deepest("[a]\nb = { c.d = [[1.5, 2.5]] }\n"), 5);
        assert_eq!(deepest("a = [{}, {}, [[]]]\n"), 3);
        // Brackets in strings and comments count for nothing.
        assert_eq!(deepest("a = \"[[[{{{\" # [[[[\nb = '''\n[[[\n'''\n"), 0);
        // Closed brackets give their depth back.
        assert_eq!(deepest("a = [[1], [2], [3]]\nb = [4]\n"), 2);
        // TOML 1.1: an inline table over several lines.
        assert_eq!(deepest("a = {\n b = [\n 1,\n ],\n c.d = {},\n}\n"), 3);
    }

    #[test]
    fn the_deepest_case_of_the_format_is_eight_and_the_corpus_six() {
        let deepest_of_the_format = "[[case]]\n[[case.alternative]]\n\
            at = [{ ply = 1, claims_on_move = { fifty-moves = [\"g1f3\"] } }]\n";
        // As written, the arrays of tables a header walks through count
        // once: 7 of the 8 levels.
        assert_eq!(deepest(deepest_of_the_format), 7);
        let corpus_deepest = corpus_most(deepest);
        assert_eq!(corpus_deepest, 6);
    }

    /// The most a count of the scan (`count` reads it) reaches over
    /// `text`, scanned without a limit.
    fn most(text: &str, count: fn(&Scan) -> usize) -> usize {
        let mut scan = Scan::new(text);
        let mut most = 0;
        for token in Source::new(text).lex() {
            let _ = scan.token(token);
            most = most.max(count(&scan));
        }
        most
    }

    fn most_opened(text: &str) -> usize {
        most(text, |scan| scan.opened)
    }

    fn most_items(text: &str) -> usize {
        most(text, |scan| scan.items)
    }

    /// The most `count` gives over the files of `spec/cases`.
    fn corpus_most(count: fn(&str) -> usize) -> usize {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/cases");
        std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| count(&std::fs::read_to_string(entry.unwrap().path()).unwrap()))
            .max()
            .unwrap()
    }

    #[test]
    fn tables_are_counted_per_case_as_written() {
        assert_eq!(
            most_opened(
                "a = 1
"
            ),
            0
        );
        assert_eq!(
            most_opened(
                "[a.b]
c.d = [1, {e = 2}]
"
            ),
            2 + 1 + 2
        );
        assert_eq!(
            most_opened(
                "[[a]]
[[a]]
"
            ),
            4,
            "a table named twice"
        );
        // Each [[case]] starts the count again.
        assert_eq!(
            most_opened(
                "[[case]]
a.b = {}
[[case]]
[x]
"
            ),
            2 + 1 + 1
        );
        let corpus_most = corpus_most(most_opened);
        assert_eq!(corpus_most, 25, "as MAX_TABLES's documentation says");
    }

    #[test]
    fn array_elements_are_counted_per_case_by_their_commas() {
        assert_eq!(most_items("a = [1]\n"), 0);
        assert_eq!(most_items("a = [1, 2, [3, 4],]\nb = { c = 1, d = 2 }\n"), 4);
        assert_eq!(most_items("[[case]]\na = [1, 2]\n[[case]]\nb = [3]\n"), 1);
        let corpus_most = corpus_most(most_items);
        assert_eq!(corpus_most, 17, "as MAX_ITEMS's documentation says");
        let mut text = String::from("[[case]]\na = [");
        text.push_str(&"1,\n".repeat(MAX_ITEMS + 1));
        text.push_str("]\n");
        // The comma past the limit ends line 2 + MAX_ITEMS.
        assert_eq!(
            split(&text),
            Err(Beyond::Items {
                case_line: 1,
                line: 2 + MAX_ITEMS
            })
        );
    }

    #[test]
    fn a_case_opening_too_many_tables_is_refused_where_it_goes_past() {
        // The second case starts on line 3 and its header opens 2 tables;
        // each line after it opens one more, `[t0]` on line 4.
        let mut text = String::from("[[case]]\nname = \"fine\"\n[[case]]\n");
        for index in 0..MAX_TABLES {
            text.push_str(&format!("[t{index}]\n"));
        }
        // Table 1,025 is `[t1022]`, on line 4 + 1,022.
        assert_eq!(
            split(&text),
            Err(Beyond::Tables {
                case_line: 3,
                line: 4 + (MAX_TABLES - 2),
            })
        );
        // Up to `[t1021]`, the case opens exactly the limit.
        let fits: Vec<&str> = text.lines().take(3 + MAX_TABLES - 2).collect();
        assert_eq!(
            split(&(fits.join("\n") + "\n")).map(|pieces| pieces.len()),
            Ok(2)
        );
    }

    #[test]
    fn nesting_past_the_limit_is_refused_at_its_line() {
        let key = vec!["a"; 50].join(".");
        let text = format!("# deep\n[[case]]\nname = \"x\"\n[{key}]\n");
        let too_deep = |line| {
            Err(Beyond::Depth {
                line,
                depth: MAX_DEPTH + 1,
            })
        };
        assert_eq!(split(&text), Err(Beyond::Depth { line: 4, depth: 50 }));
        let array = format!("[[{key}]]");
        assert_eq!(split(&array), Err(Beyond::Depth { line: 1, depth: 51 }));
        let arrays = format!("\na = {}{}\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(split(&arrays), too_deep(2));
        let tables = format!("a = {}\n", "{ b = ".repeat(40));
        assert_eq!(split(&tables), too_deep(1));
        let dotted = format!("{key} = [1]\n");
        assert_eq!(split(&dotted), Err(Beyond::Depth { line: 1, depth: 49 }));
        let at_the_limit = format!("[{}]\n", vec!["a"; MAX_DEPTH].join("."));
        assert!(split(&at_the_limit).is_ok());
    }

    #[test]
    fn cases_are_split_at_their_headers() {
        let text = "# a comment\n\n[[case]]\nname = \"a\"\n[[case.alternative]]\n\
                    reading = \"r\"\n  [[ case ]]\nname = \"b\"\nmoves = \"\"\"\n[[case]]\n\"\"\"\n\
                    [[\"case\"]] # quoted\n# [[case]]\nname = \"c\"\n";
        assert_eq!(
            pieces(text),
            [
                "# a comment\n\n[[case]]\nname = \"a\"\n[[case.alternative]]\nreading = \"r\"\n  ",
                "[[ case ]]\nname = \"b\"\nmoves = \"\"\"\n[[case]]\n\"\"\"\n",
                "[[\"case\"]] # quoted\n# [[case]]\nname = \"c\"\n",
            ]
        );
    }

    #[test]
    fn text_before_the_first_case_is_read_with_it() {
        let text = "case = []\n[[case]]\nname = \"a\"\n[[case]]\nname = \"b\"\n";
        assert_eq!(
            pieces(text),
            [
                "case = []\n[[case]]\nname = \"a\"\n",
                "[[case]]\nname = \"b\"\n"
            ]
        );
        assert_eq!(pieces(""), [""]);
    }

    #[test]
    fn an_unclosed_value_ends_at_the_next_case() {
        // Inside an array `[["case"]]` is a value; a bare `[[case]]` can
        // only be a header, so the broken value ends there.
        let text = "[[case]]\na = [\n[[\"case\"]],\n[[case]]\nname = \"b\"\n";
        assert_eq!(
            pieces(text),
            [
                "[[case]]\na = [\n[[\"case\"]],\n",
                "[[case]]\nname = \"b\"\n"
            ]
        );
    }

    #[test]
    fn a_case_over_the_limit_is_refused_at_its_line() {
        let long = format!(
            "[[case]]\nname = \"a\"\n\n[[case]]\nmoves = \"{}\"\n[[case]]\n",
            "e2e4 ".repeat(MAX_CASE_BYTES / 5)
        );
        let bytes = MAX_CASE_BYTES / 5 * 5 + "[[case]]\nmoves = \"\"\n".len();
        assert_eq!(split(&long), Err(Beyond::Case { line: 4, bytes }));
    }
}
