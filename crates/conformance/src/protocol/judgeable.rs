//! Whether a handshake can be judged as it stands: every refusal of a
//! handshake whose fields cannot be judged or contradict each other, each
//! a line that names what is wrong. A declaration narrows what is judged;
//! one that would silence a part the engine reports is refused rather
//! than read.

use super::meanings::check_meanings;
use super::messages::Hello;
use super::part::Part;

impl Hello {
    /// Why this handshake cannot be judged, if it cannot: draw policies
    /// no rulebook has ([`DrawPolicies::check`](super::DrawPolicies::check)),
    /// a meaning given to another part, a leniency with more than one
    /// repair, no edition, or a part in `implements` whose rule the draw
    /// policies (or the profile) declare absent: the engine reports a part
    /// it also says it lacks, and judging it as declared would compare
    /// nothing of it.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_conformance::protocol::Hello;
    ///
    /// let hello: Hello = serde_json::from_str(
    ///     r#"{"protocol":2,"name":"x","implements":["fivefold-repetition"],"profile":"us-chess"}"#,
    /// ).unwrap();
    /// assert_eq!(
    ///     hello.check().unwrap_err(),
    ///     "implements lists fivefold-repetition, but its rule is absent under profile \
    ///      us-chess: leave the part out of implements, or declare draw policies that keep \
    ///      its rule"
    /// );
    /// ```
    pub fn check(&self) -> Result<(), String> {
        self.draws
            .check()
            .map_err(|why| format!("draw policies that cannot be judged: {why}"))?;
        check_meanings(&self.meanings)
            .map_err(|why| format!("a part with a meaning that cannot be judged: {why}"))?;
        if let Some(kind) = self.lenient.iter().find(|kind| !kind.may_be_lenient()) {
            return Err(format!(
                "a leniency that cannot be judged: {} (only capital-letters, trailing-text and \
                 fen-extra-field have one reading)",
                kind.name()
            ));
        }
        if self.editions.is_empty() {
            return Err("a handshake that names no edition".to_owned());
        }
        if let Some(twice) = named_twice(&self.implements) {
            return Err(format!(
                "implements lists {} twice: name each part once",
                twice.name()
            ));
        }
        if let Some(twice) = named_twice(&self.editions) {
            return Err(format!(
                "editions lists {twice} twice: name each edition once"
            ));
        }
        match self.implemented_yet_absent() {
            Some(part) => Err(format!(
                "implements lists {}, but its rule is absent under {}: leave the part out of \
                 implements, or declare draw policies that keep its rule",
                part.name(),
                match self.profile {
                    Some(profile) => format!("profile {profile}"),
                    None => "the handshake's draws".to_owned(),
                }
            )),
            None => Ok(()),
        }
    }

    /// The first part the engine implements whose rule its draw policies
    /// declare absent.
    fn implemented_yet_absent(&self) -> Option<Part> {
        self.implements
            .iter()
            .copied()
            .find(|&part| self.draws.is_absent(part))
    }
}

/// The first item of `items` that appears in it more than once.
fn named_twice<T: PartialEq + Copy>(items: &[T]) -> Option<T> {
    items
        .iter()
        .enumerate()
        .find(|(at, item)| items[at + 1..].contains(item))
        .map(|(_, &item)| item)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hello(fields: &str) -> Hello {
        serde_json::from_str(&format!(r#"{{"protocol":2,"name":"x",{fields}}}"#)).unwrap()
    }

    #[test]
    fn a_part_implemented_whose_rule_is_absent_is_refused() {
        let declared = hello(
            r#""implements":["clock","threefold-on-move"],"editions":["fide-2018"],
                "draws":{"threefold-repetition":"absent"}"#,
        );
        assert_eq!(
            declared.check().unwrap_err(),
            "implements lists threefold-on-move, but its rule is absent under the handshake's \
             draws: leave the part out of implements, or declare draw policies that keep its \
             rule"
        );
        let profile = hello(r#""implements":["seventy-five-moves"],"profile":"us-chess""#);
        assert!(profile.check().unwrap_err().starts_with(
            "implements lists seventy-five-moves, but its rule is absent under profile us-chess"
        ));
        let kept = hello(r#""implements":["clock","repetition"],"profile":"us-chess""#);
        assert_eq!(kept.check(), Ok(()));
    }

    #[test]
    fn the_other_refusals_keep_their_lines() {
        let threshold = hello(
            r#""implements":[],"editions":["fide-2018"],"draws":{"fifty-moves":{"automatic":1}}"#,
        );
        assert!(
            threshold.check().unwrap_err().starts_with(
                "draw policies that cannot be judged: fifty-moves: {\"automatic\": 1}"
            )
        );
        let lenient =
            hello(r#""implements":[],"editions":["fide-2018"],"lenient":["wrong-length"]"#);
        assert_eq!(
            lenient.check().unwrap_err(),
            "a leniency that cannot be judged: wrong-length (only capital-letters, trailing-text \
             and fen-extra-field have one reading)"
        );
        let editions = hello(r#""implements":[],"editions":[]"#);
        assert_eq!(
            editions.check().unwrap_err(),
            "a handshake that names no edition"
        );
    }

    #[test]
    fn a_part_or_edition_named_twice_is_refused() {
        let parts = hello(r#""implements":["clock","result","clock"],"editions":["fide-2018"]"#);
        assert_eq!(
            parts.check().unwrap_err(),
            "implements lists clock twice: name each part once"
        );
        let editions = hello(r#""implements":[],"editions":["fide-2014","fide-2014"]"#);
        assert_eq!(
            editions.check().unwrap_err(),
            "editions lists fide-2014 twice: name each edition once"
        );
        let claim = hello(
            r#""implements":[],"editions":["fide-2018"],"draws":{"fivefold-repetition":"claim"}"#,
        );
        assert_eq!(
            claim.check().unwrap_err(),
            "draw policies that cannot be judged: fivefold-repetition: only automatic or absent \
             (the game ends there by itself)"
        );
    }
}
