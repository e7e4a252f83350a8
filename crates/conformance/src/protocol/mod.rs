//! The engine protocol (`spec/PROTOCOL.md`, version 1): JSON lines through
//! which `drawrules verify` asks another implementation of the draw rules
//! for its status records.
//!
//! * [`messages`]: what is said: requests, answers, the handshake, records
//!   that may leave out what the engine does not implement;
//! * [`reader`]: one line of an engine's output read as an answer, or a clean
//!   [`ParseAnswerError`];
//! * [`process`]: an engine running as a child process, with time limits,
//!   restarts and faults.

pub mod messages;
pub mod process;
pub mod reader;

pub use messages::{
    Answer, Draws, EngineRefusal, Hello, JudgeRequest, PROTOCOL_VERSION, Part, Plies, RefusalKind,
};
pub use process::{
    BROKEN_AFTER, ENGINE_ID_VAR, EngineError, EngineProcess, adopt_orphans, stop_all_engines,
};
pub use reader::{ParseAnswerError, read_answer};
