//! The `drawrules explain` examples of the pages: the command read as the
//! command line reads it, the game replayed through the reference, and
//! the output the command prints worked out from that replay, so that a
//! page whose example shows anything else is caught when the book builds.

use clap::error::ErrorKind;
use drawrules::explain::{Explanation, explain, render_table, verdict};
use drawrules::mating::DeadRule;
use drawrules::{Reference, Rules, StartPosition};
use drawrules_cli::ExplainArgs;

use crate::BookError;

/// One `$ drawrules explain …` line of a page, read.
///
/// # Examples
///
/// ```
/// use drawrules_book::explain::ExplainExample;
///
/// let example = ExplainExample::parse(
///     r#"drawrules explain --json --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 60" a1a8 | tail -n 1"#,
/// )
/// .unwrap()
/// .unwrap();
/// assert!(example.args.json && example.last_line_only);
/// let replay = example.replay();
/// assert_eq!(replay.explanation.rows.len(), 2);
/// assert!(replay.output.contains(r#""ended":["checkmate"]"#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplainExample {
    /// The command's options and moves, read as the command reads them.
    /// The page's output is held to the reference's whatever `--engine`
    /// names: both implementations must print it.
    pub args: ExplainArgs,
    /// `| tail -n 1`: only the last line is shown.
    pub last_line_only: bool,
    /// `2>&1`: standard error is shown after standard output, and the
    /// command must fail.
    pub with_stderr: bool,
}

/// An example replayed through the reference.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The start position, unless the FEN was refused.
    pub start: Option<StartPosition>,
    /// A row per ply played, and the refusal that stopped the game.
    pub explanation: Explanation,
    /// What the command prints (standard output, then standard error when
    /// the example shows it), as the page must show it.
    pub output: String,
    /// Whether the command fails (exit status 2).
    pub fails: bool,
}

impl ExplainExample {
    /// Reads a command line (without its `$ `): `Ok(None)` when it is not
    /// a `drawrules explain` command.
    ///
    /// # Errors
    ///
    /// [`BookError::Example`] for quotes that do not close, a pipe other
    /// than `| tail -n 1`, or what the command itself refuses before it
    /// plays (an option `explain` does not have, one that lacks its value
    /// or is given twice, an unknown edition or engine: in clap's words,
    /// as the command prints them) and `--help`.
    pub fn parse(command: &str) -> Result<Option<ExplainExample>, BookError> {
        let refuse = |why: String| BookError::Example {
            command: command.to_owned(),
            why,
        };
        let Some((words, last_line_only, with_stderr)) = shell_words(command, refuse)? else {
            return Ok(None);
        };
        let args = ExplainArgs::try_parse_words(words.into_iter().skip(2))
            .map_err(|err| refuse(clap_why(&err)))?;
        Ok(Some(ExplainExample {
            args,
            last_line_only,
            with_stderr,
        }))
    }

    /// Plays the example through the reference as `drawrules explain`
    /// plays it, and works out what the command prints.
    pub fn replay(&self) -> Replay {
        let args = &self.args;
        let (start, explanation, error) = match args.start() {
            Ok(start) => {
                let mut reference = Reference::new(&start, args.rules);
                if args.exact_dead_position {
                    reference.set_dead_rule(DeadRule::exact());
                }
                let explanation = explain(&mut reference, &start, args.rules, &args.moves);
                let error = explanation.error.as_ref().map(ToString::to_string);
                (Some(start), explanation, error)
            }
            Err(message) => (
                None,
                Explanation {
                    rows: Vec::new(),
                    error: None,
                },
                Some(message),
            ),
        };
        let mut output = if args.json {
            explanation
                .rows
                .iter()
                .map(|row| serde_json::to_string(&row.status).unwrap_or_default() + "\n")
                .collect()
        } else if start.is_some() {
            render_table(&explanation.rows)
        } else {
            String::new()
        };
        if let (false, None, Some(last)) = (args.json, &error, explanation.rows.last()) {
            output.push_str(&verdict(last));
            output.push('\n');
        }
        if let (true, Some(message)) = (self.with_stderr, &error) {
            output.push_str(&format!("error: {message}\n"));
        }
        if self.last_line_only {
            output = output
                .lines()
                .last()
                .map(|line| format!("{line}\n"))
                .unwrap_or_default();
        }
        Replay {
            start,
            explanation,
            output,
            fails: error.is_some(),
        }
    }

    /// Checks the output a page shows for this example against the replay.
    ///
    /// # Errors
    ///
    /// [`BookError::Disagrees`] when the page shows anything else, or
    /// shows standard error for a command that succeeds (or hides it for
    /// one that fails).
    pub fn check(&self, shown: &str, replay: &Replay, at: &str) -> Result<(), BookError> {
        let why = if replay.output != shown {
            Some(format!(
                "the page shows\n{shown}the reference prints\n{}",
                replay.output
            ))
        } else if self.with_stderr && !replay.fails {
            Some(
                "the page shows standard error (2>&1) for a game that is played to the end"
                    .to_owned(),
            )
        } else if !self.with_stderr && replay.fails {
            Some("the command fails; show its error with 2>&1".to_owned())
        } else {
            None
        };
        match why {
            Some(why) => Err(BookError::Disagrees {
                at: at.to_owned(),
                why,
            }),
            None => Ok(()),
        }
    }
}

/// The words of a `drawrules explain` command line, and whether it ends
/// with `| tail -n 1` and with `2>&1`; `None` for another command.
fn shell_words(
    command: &str,
    refuse: impl Fn(String) -> BookError,
) -> Result<Option<(Vec<String>, bool, bool)>, BookError> {
    let mut rest = command.trim();
    let last_line_only = match rest.strip_suffix("| tail -n 1") {
        Some(before) => {
            rest = before.trim_end();
            true
        }
        None => false,
    };
    let with_stderr = match rest.strip_suffix("2>&1") {
        Some(before) => {
            rest = before.trim_end();
            true
        }
        None => false,
    };
    if rest.contains('|') {
        return Err(refuse(
            "only `| tail -n 1` may follow the command".to_owned(),
        ));
    }
    let words = shlex::split(rest).ok_or_else(|| refuse("a quote does not close".to_owned()))?;
    if words.first().map(String::as_str) != Some("drawrules")
        || words.get(1).map(String::as_str) != Some("explain")
    {
        return Ok(None);
    }
    Ok(Some((words, last_line_only, with_stderr)))
}

/// What a clap error says, for [`BookError::Example`]: its first
/// paragraph (the possible values of `--engine` included) on one line,
/// without clap's `error: `; the tip, usage and hint that follow are for
/// a person at the command line.
fn clap_why(err: &clap::Error) -> String {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return "an example shows a game played, not the command's help".to_owned();
    }
    let text = err.to_string();
    let first = text.split("\n\n").next().unwrap_or_default();
    let why: Vec<&str> = first.lines().map(str::trim).collect();
    let why = why.join(" ");
    why.strip_prefix("error: ").unwrap_or(&why).to_owned()
}

#[cfg(test)]
mod tests {
    use drawrules::Edition;
    use drawrules_cli::Engine;

    use super::*;

    fn parse(command: &str) -> ExplainExample {
        ExplainExample::parse(command).unwrap().unwrap()
    }

    #[test]
    fn options_and_moves_are_read_as_the_command_line_reads_them() {
        let example = parse(
            r#"drawrules explain --rules fide-2014 --exact-dead-position --fen="4k3/8/8/8/8/8/8/4K3 w - - 0 1" --engine reference e1d1 e8d8 2>&1 | tail -n 1"#,
        );
        let args = &example.args;
        assert_eq!(args.rules, Edition::Fide2014);
        assert_eq!(args.engine, Engine::Reference);
        assert!(args.exact_dead_position && example.with_stderr && example.last_line_only);
        assert!(!args.json && !args.chess960);
        assert_eq!(args.fen.as_deref(), Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert_eq!(args.moves, ["e1d1", "e8d8"]);
    }

    #[test]
    fn other_commands_are_not_explain_examples() {
        assert_eq!(ExplainExample::parse("drawrules cases").unwrap(), None);
        assert_eq!(ExplainExample::parse("ls -l").unwrap(), None);
    }

    #[test]
    fn what_the_book_cannot_replay_is_an_error_naming_the_command() {
        for (command, why) in [
            (
                "drawrules explain --fen",
                ": a value is required for '--fen <FEN>' but none was supplied",
            ),
            (
                "drawrules explain --verbose",
                ": unexpected argument '--verbose' found",
            ),
            (
                "drawrules explain -v e2e4",
                ": unexpected argument '-v' found",
            ),
            (
                "drawrules explain --rules fide-1999",
                ": invalid value 'fide-1999' for '--rules <RULES>': unknown rules",
            ),
            (
                "drawrules explain --engine stockfish",
                ": invalid value 'stockfish' for '--engine <ENGINE>' \
                 [possible values: arbiter, reference]",
            ),
            (
                "drawrules explain --json e2e4 --json",
                ": the argument '--json' cannot be used multiple times",
            ),
            (
                "drawrules explain --help",
                ": an example shows a game played, not the command's help",
            ),
            (
                "drawrules explain e2e4 | head -n 2",
                "only `| tail -n 1` may follow",
            ),
            ("drawrules explain --fen \"8/8", "a quote does not close"),
        ] {
            let err = ExplainExample::parse(command).unwrap_err().to_string();
            assert!(err.contains(why), "{command}: {err}");
            assert!(err.contains(&format!("{command:?}")), "{command}: {err}");
        }
    }

    #[test]
    fn the_table_ends_with_the_verdict_and_an_error_ends_the_output() {
        let replay = parse("drawrules explain f2f3 e7e5 g2g4 d8h4").replay();
        assert_eq!(replay.explanation.rows.len(), 5);
        assert!(!replay.fails);
        assert!(replay.output.starts_with("ply  move"), "{}", replay.output);
        assert!(
            replay
                .output
                .ends_with("verdict: 0-1 Black wins by checkmate (5.1.1)\n"),
            "{}",
            replay.output
        );
        let over = parse("drawrules explain f2f3 e7e5 g2g4 d8h4 a2a3 --json 2>&1 | tail -n 1");
        let replay = over.replay();
        assert!(replay.fails);
        assert_eq!(
            replay.output,
            "error: ply 5, move \"a2a3\": the game is already over (checkmate, 5.1.1)\n"
        );
        assert!(over.check(&replay.output, &replay, "here").is_ok());
    }

    #[test]
    fn a_refused_fen_prints_only_its_error() {
        let example = parse(r#"drawrules explain --fen "8/8/8/8/8/8/8/8 w - - 0 1" 2>&1"#);
        let replay = example.replay();
        assert!(replay.fails && replay.start.is_none());
        assert!(
            replay
                .output
                .starts_with("error: ply 0, --fen \"8/8/8/8/8/8/8/8 w - - 0 1\": ")
        );
        assert_eq!(replay.output.lines().count(), 1);
    }

    #[test]
    fn a_page_that_shows_anything_else_is_refused() {
        let example = parse("drawrules explain --json e2e4 | tail -n 1");
        let replay = example.replay();
        assert!(
            example
                .check(&replay.output, &replay, "p.md line 3")
                .is_ok()
        );
        let wrong = replay.output.replace("\"clock\":0", "\"clock\":1");
        let err = example
            .check(&wrong, &replay, "p.md line 3")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("p.md line 3: "), "{err}");
        assert!(err.contains("the reference prints"), "{err}");
        // Standard error shown for a game that succeeds, or hidden for one
        // that fails.
        let shown = parse("drawrules explain --json e2e4 2>&1 | tail -n 1");
        assert!(shown.check(&replay.output, &replay, "here").is_err());
        let hidden = parse("drawrules explain e2e5");
        let failing = hidden.replay();
        assert!(hidden.check(&failing.output, &failing, "here").is_err());
    }
}
