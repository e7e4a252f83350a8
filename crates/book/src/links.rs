//! The built book's links, checked: every relative link of every page
//! leads to a file of the book, and every `#fragment` to an element of
//! that page with that `id`.
//!
//! The pages are mdBook's output, whose attributes are written one way
//! (`href="…"`, `id="…"`, double quotes, entities for `&`), so a scan of
//! the attributes reads them whole; links to other sites (`https:`,
//! `mailto:`…) are not followed.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// A link that leads nowhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenLink {
    /// The page that holds it, relative to the book's directory.
    pub page: PathBuf,
    /// The link as the page writes it.
    pub href: String,
    /// What is missing.
    pub why: &'static str,
}

impl std::fmt::Display for BrokenLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.page.display(), self.href, self.why)
    }
}

/// Every broken link of the HTML pages under `dir`, page by page in path
/// order; an empty list when all lead somewhere.
///
/// # Errors
///
/// A directory or page that cannot be read.
///
/// # Examples
///
/// ```
/// use drawrules_book::links::broken_links;
///
/// let dir = std::env::temp_dir().join(format!("drawrules-links-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("a.html"), r#"<a href="b.html#top">b</a> <a href="c.html">c</a>"#).unwrap();
/// std::fs::write(dir.join("b.html"), r#"<h1 id="top">B</h1>"#).unwrap();
/// let broken = broken_links(&dir).unwrap();
/// assert_eq!(broken.len(), 1);
/// assert_eq!(broken[0].to_string(), "a.html: c.html (no such file)");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn broken_links(dir: &Path) -> io::Result<Vec<BrokenLink>> {
    let mut pages = BTreeMap::new();
    for path in html_files(dir)? {
        let text = fs::read_to_string(&path)?;
        let relative = path.strip_prefix(dir).unwrap_or(&path).to_owned();
        pages.insert(relative, text);
    }
    let ids: BTreeMap<&PathBuf, BTreeSet<String>> = pages
        .iter()
        .map(|(page, text)| (page, attributes(text, "id").into_iter().collect()))
        .collect();
    let mut broken = Vec::new();
    for (page, text) in &pages {
        for href in attributes(text, "href") {
            if href.contains(':') && !href.starts_with('#') {
                continue;
            }
            let (path, fragment) = match href.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (href.as_str(), None),
            };
            let target = if path.is_empty() {
                page.clone()
            } else {
                // A path from the root (mdBook's 404 page links to `/`)
                // is read from the book's directory.
                let joined = match path.strip_prefix('/') {
                    Some(from_root) => normalise(Path::new(from_root)),
                    None => normalise(&page.parent().unwrap_or(Path::new("")).join(path)),
                };
                if dir.join(&joined).is_dir() {
                    joined.join("index.html")
                } else {
                    joined
                }
            };
            let why = if !dir.join(&target).is_file() {
                Some("no such file")
            } else {
                match (fragment, ids.get(&target)) {
                    (Some(fragment), Some(ids))
                        if !fragment.is_empty() && !ids.contains(fragment) =>
                    {
                        Some("no element with that id")
                    }
                    _ => None,
                }
            };
            if let Some(why) = why {
                broken.push(BrokenLink {
                    page: page.clone(),
                    href: href.clone(),
                    why,
                });
            }
        }
    }
    Ok(broken)
}

/// The HTML files under `dir`, at any depth, sorted.
fn html_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(dir) = todo.pop() {
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|ext| ext == "html") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The values of the attribute `name` (`name="value"`) in `html`, with
/// the entities mdBook writes in them decoded.
fn attributes(html: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            rest.find('"').map(|end| decode(&rest[..end]))
        })
        .collect()
}

/// `&amp;`, `&quot;`, `&lt;`, `&gt;` and `&#39;` decoded; percent escapes
/// of file names too (`%20`).
fn decode(text: &str) -> String {
    let text = text
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%'
            && let Some(byte) = text
                .get(index + 1..index + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(byte);
            index += 3;
            continue;
        }
        out.push(bytes[index]);
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `path` with its `.` and `..` parts worked out (a `..` above the top
/// stays, and then the file is not found).
fn normalise(path: &Path) -> PathBuf {
    let mut parts: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch book directory with `files`, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("drawrules-links-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            for (path, text) in files {
                let path = dir.join(path);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(path, text).unwrap();
            }
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn links_between_pages_directories_and_anchors() {
        let book = Scratch::new(
            "mixed",
            &[
                (
                    "index.html",
                    r##"<a href="spec/rules/x.html#the-clock">x</a> <a href="spec/">dir</a>
                        <a href="#top">top</a> <a href="https://example.org/none">web</a>
                        <a href="/">root</a> <a href="/spec/index.html">from the root</a>
                        <a href="mailto:a@b.c">mail</a> <h1 id="top">T</h1>"##,
                ),
                (
                    "spec/index.html",
                    r#"<a href="../index.html">up</a> <a href="rules/../rules/x.html">x</a>"#,
                ),
                (
                    "spec/rules/x.html",
                    r#"<h2 id="the-clock">C</h2> <a href="../../missing.html">m</a> <a href="x.html#gone">g</a> <a href="../../../outside.html">o</a>"#,
                ),
            ],
        );
        let broken: Vec<String> = broken_links(&book.0)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            broken,
            [
                "spec/rules/x.html: ../../missing.html (no such file)",
                "spec/rules/x.html: x.html#gone (no element with that id)",
                "spec/rules/x.html: ../../../outside.html (no such file)",
            ]
        );
    }

    #[test]
    fn entities_and_escapes_in_links_are_decoded() {
        let book = Scratch::new(
            "escaped",
            &[(
                "a b.html",
                r#"<a href="a%20b.html#x&amp;y">self</a> <p id="x&amp;y"></p>"#,
            )],
        );
        assert_eq!(broken_links(&book.0).unwrap(), []);
    }
}
