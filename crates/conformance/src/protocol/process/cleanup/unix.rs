//! Unix: the engine's process group, its descendants (also those that
//! left the group with `setsid()`), and the orphans that carry its mark in
//! their environment.
//!
//! Each engine is started in a process group of its own. Killing it
//! sweeps, until none is left alive: the group, every process whose parent
//! is one of the engine's, and every process whose environment holds the
//! engine's mark (the descendants whose parent died before them, wherever
//! they were re-parented). With [`adopt_orphans`] (Linux) those orphans are
//! re-parented to this process, so that they stay in its tree and are
//! reaped here; and an orphan that also left the group and dropped the
//! mark from its environment is still found: it is a child of this process
//! that no engine started here is, so a sweep kills it too (a program that
//! adopts orphans has no children but its engines and theirs). Outside
//! Linux only the group is killed.

use std::collections::HashSet;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::super::EngineError;
use super::{ENGINE_ID_VAR, Live, next_mark};

/// The engines: process group (the shell's pid) and mark.
static LIVE: Mutex<Live<(i32, String)>> = Mutex::new(Live::new());

fn live() -> MutexGuard<'static, Live<(i32, String)>> {
    super::lock(&LIVE)
}

/// Makes this process the reaper of the orphans among its descendants, so
/// that an engine's child that leaves its process group and outlives its
/// parent is re-parented here (Linux; elsewhere it does nothing). Call it
/// once, before the first engine starts, in a program whose children are
/// its own to reap.
///
/// # Errors
///
/// The error of `prctl(PR_SET_CHILD_SUBREAPER)`.
pub fn adopt_orphans() -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        let on: libc::c_ulong = 1;
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER and an integer sets
        // one attribute of this process; no memory is passed.
        if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, on) } != 0 {
            return Err(io::Error::last_os_error());
        }
        ADOPTING.store(true, Ordering::SeqCst);
    }
    Ok(())
}

/// Set by [`adopt_orphans`]: every child of this process is an engine or
/// an engine's orphan, so a sweep may kill the children no live engine is.
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// Kills every running engine and all it started, and lets no engine start
/// any more (each start then fails with [`EngineError::Stopping`]). For a
/// program that is about to exit, for instance on a signal; safe to call
/// from any thread.
pub fn stop_all_engines() {
    let mut live = live();
    live.stopping = true;
    let engines = std::mem::take(&mut live.engines);
    for (group, mark) in &engines {
        sweep(*group, &Mark::Exact(mark), true, &[]);
    }
    // Anything left by engines already stopped.
    sweep(
        0,
        &Mark::Prefix(&format!("{}.", std::process::id())),
        true,
        &[],
    );
}

/// Starts `command` as an engine: in a process group of its own, marked.
/// Returns the child and its mark.
pub(in super::super) fn spawn(command: &mut Command) -> Result<(Child, String), EngineError> {
    let mut live = live();
    if live.stopping {
        return Err(EngineError::Stopping);
    }
    let mark = next_mark();
    let child = command
        .env(ENGINE_ID_VAR, &mark)
        .process_group(0)
        .spawn()
        .map_err(|err| EngineError::Spawn(err.to_string()))?;
    if let Ok(group) = i32::try_from(child.id()) {
        live.engines.push((group, mark.clone()));
    }
    Ok((child, mark))
}

/// Kills the engine `child` (marked `mark`) and every process it started,
/// and reaps it.
pub(in super::super) fn kill(child: &mut Child, mark: &str) {
    if let Ok(group) = i32::try_from(child.id()) {
        // The other engines, and all they started, are spared; none starts
        // while the sweep runs (it would be a child no engine is yet).
        let mut live = live();
        let others: Vec<i32> = live
            .engines
            .iter()
            .map(|(g, _)| *g)
            .filter(|&g| g != group)
            .collect();
        sweep(group, &Mark::Exact(mark), false, &others);
        live.engines.retain(|(g, _)| *g != group);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Which marks a sweep kills.
enum Mark<'a> {
    /// One engine's.
    Exact(&'a str),
    /// Every engine's of this harness.
    Prefix(&'a str),
}

impl Mark<'_> {
    /// Whether `value` (of [`ENGINE_ID_VAR`]) is one of these marks.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    fn matches(&self, value: &[u8]) -> bool {
        match self {
            Mark::Exact(mark) => value == mark.as_bytes(),
            Mark::Prefix(prefix) => value.starts_with(prefix.as_bytes()),
        }
    }
}

/// Kills process group `group` (0: none), and on Linux every descendant of
/// its processes and every process marked `mark`, and (once this process
/// adopts orphans) every child of this process but the leaders of the
/// engines in `spared`, until none is left alive; reaps those that are
/// this process's children (the group leader only if `reap_leader`:
/// otherwise its [`Child`] does).
fn sweep(group: i32, mark: &Mark<'_>, reap_leader: bool, spared: &[i32]) {
    if group > 0 {
        // SAFETY: kill(2) with a negative pid signals the process group
        // the engine was started in (`process_group(0)` made the shell's
        // pid the group id); it touches no memory of ours.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
    #[cfg(target_os = "linux")]
    procfs::sweep(group, mark, reap_leader, spared);
    #[cfg(not(target_os = "linux"))]
    let _ = (mark, reap_leader, spared);
}

#[cfg(target_os = "linux")]
mod procfs {
    //! The sweep through `/proc`.

    use std::time::Duration;

    use super::{ADOPTING, ENGINE_ID_VAR, HashSet, Mark, Ordering};

    /// How many times a sweep looks again for processes still alive (each
    /// look kills what it finds; a process that keeps forking is outrun).
    const ROUNDS: usize = 500;

    /// One process as `/proc/<pid>/stat` shows it.
    struct Process {
        pid: i32,
        parent: i32,
        group: i32,
        zombie: bool,
    }

    pub(super) fn sweep(group: i32, mark: &Mark<'_>, reap_leader: bool, spared: &[i32]) {
        let me = i32::try_from(std::process::id()).unwrap_or(0);
        let adopting = ADOPTING.load(Ordering::SeqCst);
        let mut ours: HashSet<i32> = HashSet::new();
        if group > 0 {
            ours.insert(group);
        }
        for _ in 0..ROUNDS {
            let processes = processes();
            for process in &processes {
                // An orphan that left the group and dropped its mark:
                // adopted here, and no live engine's leader.
                let unmarked_orphan =
                    adopting && process.parent == me && !spared.contains(&process.pid);
                if process.pid != me
                    && !ours.contains(&process.pid)
                    && ((group > 0 && process.group == group)
                        || unmarked_orphan
                        || (!process.zombie && marked(process.pid, mark)))
                {
                    ours.insert(process.pid);
                }
            }
            // Descendants of ours, to the last generation.
            loop {
                let before = ours.len();
                for process in &processes {
                    if process.pid != me && ours.contains(&process.parent) {
                        ours.insert(process.pid);
                    }
                }
                if ours.len() == before {
                    break;
                }
            }
            let mut alive = 0;
            for process in processes.iter().filter(|p| ours.contains(&p.pid)) {
                if process.zombie {
                    if process.parent == me && (reap_leader || process.pid != group) {
                        // SAFETY: waitpid(2) on a zombie child of ours that
                        // belongs to the engine (no `Child` of std waits
                        // for it); WNOHANG never blocks; the status pointer
                        // may be null.
                        unsafe {
                            libc::waitpid(process.pid, std::ptr::null_mut(), libc::WNOHANG);
                        }
                    }
                } else {
                    alive += 1;
                    // SAFETY: kill(2) of one process of the engine; it
                    // touches no memory of ours.
                    unsafe {
                        libc::kill(process.pid, libc::SIGKILL);
                    }
                }
            }
            if alive == 0 {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Every process `/proc` lists now.
    fn processes() -> Vec<Process> {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .filter_map(|entry| {
                let pid: i32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
                let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
                // `pid (comm) state ppid pgrp ...`; comm may hold anything.
                let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace();
                let state = fields.next()?;
                Some(Process {
                    pid,
                    zombie: matches!(state, "Z" | "X"),
                    parent: fields.next()?.parse().ok()?,
                    group: fields.next()?.parse().ok()?,
                })
            })
            .collect()
    }

    /// Whether process `pid`'s environment holds one of the marks (only
    /// processes of the same user can be read).
    fn marked(pid: i32, mark: &Mark<'_>) -> bool {
        let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else {
            return false;
        };
        environ.split(|&byte| byte == 0).any(|entry| {
            entry
                .strip_prefix(ENGINE_ID_VAR.as_bytes())
                .and_then(|rest| rest.strip_prefix(b"="))
                .is_some_and(|value| mark.matches(value))
        })
    }
}
