//! What the integration tests share: a run of `verify` with no known
//! divergences, its options, and the fake engines of `tests/engines/`.

use std::path::{Path, PathBuf};

use drawrules_conformance::protocol::{Answer, EngineError, Hello, JudgeRequest, Part};
use drawrules_conformance::verify::{
    KnownDivergences, OurArbiter, Subject, VerifyOptions, VerifyReport, verify,
};

/// A run of `verify` on `subject` with `options` and no known
/// divergences, its handshake accepted.
pub fn run(subject: &mut dyn Subject, options: &VerifyOptions) -> VerifyReport {
    verify(
        subject,
        options,
        KnownDivergences::default(),
        &mut |_, _| {},
    )
    .expect("a handshake")
}

/// The options of a run of `games` generated games, the rest as by
/// default.
pub fn options(games: usize) -> VerifyOptions {
    VerifyOptions {
        games,
        ..VerifyOptions::default()
    }
}

/// The fake engine `script` of `tests/engines/`.
pub fn engine_script(script: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(script)
}

/// `arg` quoted as one word of the engine's command line: in single quotes
/// for `sh` (arguments here hold none), in double quotes with its own
/// escaped for `cmd` and the program's parsing of its command line on
/// Windows (arguments here hold none of cmd's operators).
pub fn quoted(arg: &str) -> String {
    if cfg!(windows) {
        format!("\"{}\"", arg.replace('"', "\\\""))
    } else {
        format!("'{arg}'")
    }
}

/// Our arbiter, with its handshake and answers changed by the closures.
pub struct Doctored<H, J> {
    /// Changes the arbiter's handshake.
    pub hello: H,
    /// Changes the arbiter's answer to a request.
    pub answer: J,
}

impl<H, J> Subject for Doctored<H, J>
where
    H: FnMut(Hello) -> Hello,
    J: FnMut(&JudgeRequest, Answer) -> Answer,
{
    fn hello(&mut self) -> Result<Hello, EngineError> {
        Ok((self.hello)(OurArbiter.hello()?))
    }

    fn judge(&mut self, request: &JudgeRequest) -> Result<Answer, EngineError> {
        let answer = OurArbiter.judge(request)?;
        Ok((self.answer)(request, answer))
    }
}

/// A handshake changer: the arbiter's handshake implementing `parts` alone.
pub fn only(parts: &[Part]) -> impl FnMut(Hello) -> Hello {
    let parts = parts.to_vec();
    move |hello| Hello {
        implements: parts.clone(),
        ..hello
    }
}

/// The records of `answer`, those before its refusal for a refusal.
pub fn records_of(answer: &mut Answer) -> &mut Vec<drawrules::PartialStatus> {
    match answer {
        Answer::Records { records, .. } => records,
        Answer::Error(refusal) => &mut refusal.records,
        Answer::Hello(_) => panic!("a handshake from the arbiter"),
    }
}
