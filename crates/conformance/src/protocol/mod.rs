//! The engine protocol (`spec/PROTOCOL.md`, version 2; version 1 engines
//! are still read): JSON lines through
//! which `drawrules verify` asks another implementation of the draw rules
//! for its status records.
//!
//! * `part`: the parts of the rules an engine may declare ([`Part`]);
//! * `malformation`: the kinds of malformed input a run sends
//!   ([`Malformation`]), which a handshake may declare read leniently;
//! * [`messages`]: what is said: requests, answers, the handshake, records
//!   that may leave out what the engine does not implement;
//! * [`draws`]: the draw policy an engine declares per rule;
//! * [`profiles`]: named sets of draw policies and editions
//!   (`spec/PROFILES.md`), declared at once;
//! * `handshake`: a handshake read, its profile expanded;
//! * [`meanings`]: a part whose library API answers a narrower question;
//! * [`printable()`]: an engine's own words (its name, a refusal's
//!   message) made safe to print in any report;
//! * [`reader`]: one line of an engine's output read as an answer, or a clean
//!   [`ParseAnswerError`];
//! * [`process`]: an engine running as a child process, with time limits,
//!   restarts and faults.

mod dead_reading;
pub mod draws;
mod ended_reading;
mod handshake;
mod judgeable;
mod malformation;
pub mod meanings;
pub mod messages;
mod part;
mod printable;
pub mod process;
pub mod profiles;
pub mod reader;

pub use dead_reading::DeadReading;
pub use draws::{DrawPolicies, Policy};
pub use ended_reading::EndedReading;
pub use malformation::Malformation;
pub use meanings::{Meaning, Meanings, check_meanings};
pub use messages::{
    Answer, EngineRefusal, GameAnswers, Hello, JudgeRequest, OutOfRange, PROTOCOL_VERSION, Plies,
    RefusalKind, SUPPORTED_VERSIONS,
};
pub use part::Part;
pub use printable::printable;
pub use process::{
    BROKEN_AFTER, ENGINE_ID_VAR, EngineError, EngineProcess, STDERR_LINE_CHARS, STDERR_LINES,
    adopt_orphans, stop_all_engines,
};
pub use profiles::{ParseProfileError, Profile};
pub use reader::{ParseAnswerError, read_answer};
