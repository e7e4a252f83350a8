//! Engines written in Python that misbehave on Windows: requests they do
//! not read, children detached from the engine's console and process
//! group that outlive it. (The Unix counterparts are in `tests`.)

use std::path::Path;
use std::time::{Duration, Instant};

use windows_sys::Win32::Foundation::{CloseHandle, WAIT_OBJECT_0};
use windows_sys::Win32::System::Threading::{
    OpenProcess, PROCESS_SYNCHRONIZE, WaitForSingleObject,
};

use super::test_engines::{HELLO, pids, request, scratch};
use super::*;

/// An engine running the Python program `body`, after `pids` (the path of
/// a file to append pids to) and `hello` (the handshake line) are defined.
fn engine(name: &str, pids: &Path, body: &str, timeout: Duration) -> EngineProcess {
    let script = scratch(name, "py");
    let program = format!(
        "import os, subprocess, sys, time\npids = {pids:?}\nhello = {HELLO:?}\n{body}\n",
        pids = pids.display().to_string(),
    );
    std::fs::write(&script, program).unwrap();
    EngineProcess::new(&format!("python3 \"{}\"", script.display()), timeout)
}

/// Starts a child that sleeps, detached from the engine's console and in
/// a process group of its own, and appends its pid to `pids`.
const DETACHED_CHILD: &str = "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], \
     creationflags=subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP)\n\
     open(pids, 'a').write(f'{child.pid}\\n')";

/// Whether process `pid` is gone (it has exited, or there is none).
fn gone(pid: u32) -> bool {
    // SAFETY: opens the process by id with the one right a wait needs;
    // the handle returned is closed below.
    let process = unsafe { OpenProcess(PROCESS_SYNCHRONIZE, 0, pid) };
    if process.is_null() {
        return true;
    }
    // SAFETY: the handle is open, with SYNCHRONIZE; a zero wait never
    // blocks.
    let exited = unsafe { WaitForSingleObject(process, 0) } == WAIT_OBJECT_0;
    // SAFETY: the handle is open and closed here only.
    unsafe { CloseHandle(process) };
    exited
}

#[test]
fn a_request_the_engine_does_not_read_is_a_timeout_and_then_the_engine_is_broken() {
    let timeout = Duration::from_millis(300);
    let none = scratch("unread", "pids");
    let body = "print(hello, flush=True)\ntime.sleep(60)";
    let mut engine = engine("unread", &none, body, timeout);
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
    assert_eq!(engine.starts(), 2);
}

#[test]
fn children_detached_from_the_engine_go_with_it() {
    let file = scratch("detached", "pids");
    let body = format!(
        "{DETACHED_CHILD}\nopen(pids, 'a').write(f'{{os.getpid()}}\\n')\nprint(hello, flush=True)\ntime.sleep(60)"
    );
    let mut engine = engine("detached", &file, &body, Duration::from_millis(300));
    engine.hello().unwrap();
    let pids = pids(&file);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert!(pids.iter().all(|&pid| !gone(pid)));
    engine.stop();
    assert!(pids.iter().all(|&pid| gone(pid)), "{pids:?} left running");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn children_of_an_engine_that_exited_go_too() {
    let file = scratch("exited", "pids");
    let body = format!("{DETACHED_CHILD}\nprint(hello, flush=True)\nsys.exit(0)");
    let mut engine = engine("exited", &file, &body, Duration::from_millis(300));
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
