//! Searches for the first of a few bytes, each set of bytes named once.
//!
//! The scanner and the lexer search for the first of one, two or three
//! bytes; [`Search`] is what such a set of bytes answers.
//!
//! `memchr::memchr3` builds its searcher at every call. On the short
//! stretches a PGN text is cut into (a tag's name, its value, a line of
//! moves) building it costs about as much as the search itself, and the
//! scanner and the lexer search once or twice for every tag and every
//! line. Where the processor has AVX2, the searcher is built once for the
//! run; elsewhere (other processors, WebAssembly) each search is the plain
//! `memchr3` call.

use std::sync::LazyLock;

/// A set of bytes to search for.
pub(crate) trait Search {
    /// Where the first of the bytes is in `haystack`, if anywhere.
    fn find(&self, haystack: &[u8]) -> Option<usize>;
}

/// One byte: `memchr::memchr`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct One(pub u8);

impl Search for One {
    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        memchr::memchr(self.0, haystack)
    }
}

/// The first of two bytes: `memchr::memchr2`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Two(pub u8, pub u8);

impl Search for Two {
    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        memchr::memchr2(self.0, self.1, haystack)
    }
}

/// The first of three bytes, with a searcher built once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Three {
    needles: [u8; 3],
    #[cfg(target_arch = "x86_64")]
    built: Option<memchr::arch::x86_64::avx2::memchr::Three>,
}

impl Three {
    fn new(a: u8, b: u8, c: u8) -> Three {
        Three {
            needles: [a, b, c],
            #[cfg(target_arch = "x86_64")]
            built: memchr::arch::x86_64::avx2::memchr::Three::new(a, b, c),
        }
    }
}

impl Search for Three {
    /// What `memchr::memchr3` answers.
    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(built) = &self.built {
            return built.find(haystack);
        }
        let [a, b, c] = self.needles;
        memchr::memchr3(a, b, c, haystack)
    }
}

/// What ends a tag's name: its value's opening quote, or (in a damaged
/// tag) a line break or the closing bracket.
pub(crate) static TAG_NAME_END: LazyLock<Three> = LazyLock::new(|| Three::new(b'"', b'\n', b']'));

/// What ends a tag's value or needs a look: the closing quote, an escape,
/// a line break.
pub(crate) static TAG_VALUE_END: LazyLock<Three> = LazyLock::new(|| Three::new(b'\\', b'"', b'\n'));

/// What the scanner stops at in the movetext: a line break, a comment
/// (`{` or `;`).
pub(crate) static MOVETEXT_STOP: LazyLock<Three> = LazyLock::new(|| Three::new(b'\n', b'{', b';'));

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of needles answers as `memchr3` does, on haystacks of
    /// every length up to past two vectors, with the needle anywhere or
    /// nowhere.
    #[test]
    fn answers_as_memchr3() {
        let mut asked = 0;
        for searcher in [&*TAG_NAME_END, &*TAG_VALUE_END, &*MOVETEXT_STOP] {
            let [a, b, c] = searcher.needles;
            for len in 0..80 {
                for at in 0..=len {
                    for needle in [a, b, c] {
                        let mut haystack = vec![b'x'; len];
                        if at < len {
                            haystack[at] = needle;
                        }
                        assert_eq!(
                            searcher.find(&haystack),
                            memchr::memchr3(a, b, c, &haystack),
                            "{haystack:?}"
                        );
                        asked += 1;
                    }
                }
            }
        }
        assert_eq!(asked, 3 * 3 * (1..=80).sum::<usize>());
    }
}
