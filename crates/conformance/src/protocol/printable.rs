//! An engine's own words made safe to print: every text an engine supplies
//! (its name and version, the unknown fields of its handshake, the message
//! of a refusal) is read through [`printable`], so that no report line can
//! be broken, forged or hidden by what the engine says.

use serde::{Deserialize, Deserializer};

/// `text` with every character that could change how a report reads
/// written as a visible escape: line breaks and other control characters
/// (`\n`, `\r`, `\t`, `\u{1b}`, ...), the Unicode line and paragraph
/// separators and the marks that reorder text (bidirectional overrides and
/// isolates). Everything else, `<` and `|` included, is kept: each report
/// format escapes what is special to it.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::printable;
///
/// assert_eq!(printable("python-chess"), "python-chess");
/// assert_eq!(printable("x\nPASS: all agree"), "x\\nPASS: all agree");
/// assert_eq!(printable("\u{1b}[2J\u{202e}"), "\\u{1b}[2J\\u{202e}");
/// ```
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hides_or_breaks(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` breaks a line or changes how the text around it shows.
fn hides_or_breaks(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// Reads a string field of an engine's answer as [`printable`] text.
pub(crate) fn printable_string<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<String, D::Error> {
    String::deserialize(deserializer).map(|text| printable(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_an_engine_says_breaks_a_line() {
        for hostile in [
            "a\nb",
            "a\r\nPASS: ok",
            "\u{85}next",
            "\u{2028}",
            "\u{7f}",
            "\u{0}",
        ] {
            let shown = printable(hostile);
            assert!(
                !shown.chars().any(|c| c.is_control() || c == '\u{2028}'),
                "{hostile:?} -> {shown:?}"
            );
        }
        assert_eq!(printable("<!-- é | ok"), "<!-- é | ok");
    }
}
