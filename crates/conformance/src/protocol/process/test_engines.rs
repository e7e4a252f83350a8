//! What the tests of misbehaving engines share on every platform (the
//! engines themselves are written in `sh` in `tests`, in Python in
//! `tests_windows`), and the one such test that needs no engine program.

use std::path::{Path, PathBuf};
use std::time::Duration;

use drawrules::Edition;

use super::{EngineError, EngineProcess};
use crate::protocol::{JudgeRequest, Plies};

/// The handshake line of a well-behaved engine.
pub(super) const HELLO: &str = r#"{"type":"hello","protocol":1,"name":"t","implements":[],"editions":["fide-2018"],"draws":"claims"}"#;

/// A request to judge `moves` from a rook ending.
pub(super) fn request(moves: Vec<String>) -> JudgeRequest {
    JudgeRequest {
        id: 1,
        edition: Edition::Fide2018,
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".into(),
        moves,
        plies: Plies::All,
    }
}

/// A file of the test named `name` ending in `ending`, none there yet.
pub(super) fn scratch(name: &str, ending: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("drawrules-{name}-{}.{ending}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The pids an engine and its children wrote to `path`.
pub(super) fn pids(path: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.split_whitespace()
        .map(|pid| pid.parse().unwrap())
        .collect()
}

#[test]
fn an_engine_that_exits_at_the_handshake_is_a_fault() {
    let status = if cfg!(windows) {
        "exit code: 3"
    } else {
        "exit status: 3"
    };
    let mut engine = EngineProcess::new("exit 3", Duration::from_millis(300));
    let err = engine.hello().unwrap_err();
    assert_eq!(
        err,
        EngineError::Exited {
            status: Some(status.to_owned())
        }
    );
}
