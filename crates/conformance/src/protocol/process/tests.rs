//! Engines written in `sh` that misbehave: requests they do not read,
//! children that leave the process group and outlive their parent.

use std::time::{Duration, Instant};

use super::test_engines::{HELLO, pids, request, scratch};
use super::*;

/// Whether process `pid` is gone (a zombie is gone: it runs no more).
fn gone(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| {
            let state = stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .next();
            matches!(state, Some("Z" | "X"))
        })
        .unwrap_or(true)
}

#[test]
fn a_request_the_engine_does_not_read_is_a_timeout_and_then_the_engine_is_broken() {
    let timeout = Duration::from_millis(300);
    let mut engine = EngineProcess::new(&format!("echo '{HELLO}'; exec sleep 60"), timeout);
    engine.hello().unwrap();
    // Far more than a pipe holds: the write itself must give up.
    let huge = request(vec!["a".repeat(1 << 20)]);
    let began = Instant::now();
    assert_eq!(
        engine.judge(&huge).unwrap_err(),
        EngineError::Timeout { ms: 300 }
    );
    let first = began.elapsed();
    assert!(first >= timeout && first < timeout * 3, "{first:?}");
    let broken = engine.judge(&huge).unwrap_err();
    assert!(
        matches!(&broken, EngineError::Broken { faults: 2, last, .. }
            if matches!(**last, EngineError::Timeout { .. })),
        "{broken:?}"
    );
    let spent = began.elapsed();
    assert!(
        spent < timeout * 2 + Duration::from_millis(700),
        "{spent:?}"
    );
    // Broken is said at once, and nothing is started again.
    let again = Instant::now();
    assert_eq!(engine.judge(&request(Vec::new())).unwrap_err(), broken);
    assert!(again.elapsed() < Duration::from_millis(50));
    assert_eq!(engine.starts(), 2);
}

#[test]
fn children_that_leave_the_group_go_with_the_engine() {
    let file = scratch("setsid", "pids");
    let path = file.display();
    // The engine's child starts its own session, and the engine writes
    // its own pid too; both keep the output open.
    let command = format!(
        "setsid sh -c 'echo $$ >> {path}; exec sleep 60' & echo $$ >> {path}; echo '{HELLO}'; exec sleep 60"
    );
    let mut engine = EngineProcess::new(&command, Duration::from_millis(300));
    engine.hello().unwrap();
    let began = Instant::now();
    while pids(&file).len() < 2 && began.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let pids = pids(&file);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert!(pids.iter().all(|&pid| !gone(pid)));
    engine.stop();
    assert!(pids.iter().all(|&pid| gone(pid)), "{pids:?} left running");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn orphans_of_an_engine_that_exited_go_too() {
    let file = scratch("orphan", "pids");
    let path = file.display();
    // The engine answers the handshake and exits; its child, in a session
    // of its own, holds the output open.
    let command = format!(
        "setsid sh -c 'echo $$ >> {path}; exec sleep 60' & \
         while [ ! -s {path} ]; do sleep 0.01; done; echo '{HELLO}'; exit 0"
    );
    let mut engine = EngineProcess::new(&command, Duration::from_millis(300));
    engine.hello().unwrap();
    let fault = engine.judge(&request(Vec::new())).unwrap_err();
    assert!(
        matches!(
            fault,
            EngineError::Exited { .. } | EngineError::Timeout { ms: 300 }
        ),
        "{fault:?}"
    );
    let pids = pids(&file);
    assert_eq!(pids.len(), 1, "{pids:?}");
    assert!(gone(pids[0]), "{pids:?} left running");
    let _ = std::fs::remove_file(&file);
}
