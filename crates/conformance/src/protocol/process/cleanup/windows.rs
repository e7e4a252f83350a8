//! Windows: each engine runs in a job object of its own, made to kill
//! every process in it when its last handle closes. A process an engine
//! starts joins the engine's job, whatever becomes of its parent, so that
//! killing the job kills all of them; and should this program end without
//! killing it, the system closes the handle and the job goes with it.
//!
//! The engine is created suspended and only resumed once it is in its job,
//! so that nothing it starts can escape the job; and in a process group of
//! its own, so that the Ctrl-C typed at the console reaches this program
//! alone (which then stops the engine itself).

use std::io;
use std::os::windows::io::AsRawHandle;
use std::os::windows::process::CommandExt;
use std::process::{Child, Command};
use std::sync::{Mutex, MutexGuard};

use windows_sys::Win32::Foundation::{CloseHandle, HANDLE, INVALID_HANDLE_VALUE};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, TH32CS_SNAPTHREAD, THREADENTRY32, Thread32First, Thread32Next,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JobObjectExtendedLimitInformation,
    SetInformationJobObject, TerminateJobObject,
};
use windows_sys::Win32::System::Threading::{
    CREATE_NEW_PROCESS_GROUP, CREATE_SUSPENDED, OpenThread, ResumeThread, THREAD_SUSPEND_RESUME,
};

use super::super::EngineError;
use super::{ENGINE_ID_VAR, Live, next_mark};

/// A job object that kills its processes when it is dropped.
struct Job(HANDLE);

// SAFETY: a job object's handle may be used and closed from any thread.
unsafe impl Send for Job {}

impl Job {
    /// A new job object, with kill-on-close set.
    fn new() -> io::Result<Job> {
        // SAFETY: no security attributes and no name (both may be null);
        // the handle returned is ours to close.
        let handle = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if handle.is_null() {
            return Err(io::Error::last_os_error());
        }
        let job = Job(handle);
        // SAFETY: an all-zero JOBOBJECT_EXTENDED_LIMIT_INFORMATION is a
        // valid one (no limits); only the flag below is set.
        let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        let size = u32::try_from(size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>())
            .map_err(io::Error::other)?;
        // SAFETY: the structure lives on this stack for the call and its
        // size is the one given; the handle is the job's, open.
        let set = unsafe {
            SetInformationJobObject(
                job.0,
                JobObjectExtendedLimitInformation,
                (&raw const limits).cast(),
                size,
            )
        };
        if set == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(job)
    }

    /// Puts `child` (and so all it will start) in the job.
    fn assign(&self, child: &Child) -> io::Result<()> {
        // SAFETY: both handles are open: the job's, and the child's for as
        // long as `child` lives.
        if unsafe { AssignProcessToJobObject(self.0, child.as_raw_handle()) } == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        // SAFETY: the job's handle is open and closed here only. Kill-on-
        // close would end the processes anyway; terminating first does not
        // wait for other handles to the job to close.
        unsafe {
            TerminateJobObject(self.0, 1);
            CloseHandle(self.0);
        }
    }
}

/// The engines: process id and job.
static LIVE: Mutex<Live<(u32, Job)>> = Mutex::new(Live::new());

fn live() -> MutexGuard<'static, Live<(u32, Job)>> {
    super::lock(&LIVE)
}

/// Does nothing on Windows: a process an engine starts stays in the
/// engine's job object whatever becomes of its parent, and dies with it.
///
/// # Errors
///
/// None on Windows.
pub fn adopt_orphans() -> io::Result<()> {
    Ok(())
}

/// Kills every running engine and all it started, and lets no engine start
/// any more (each start then fails with [`EngineError::Stopping`]). For a
/// program that is about to exit, for instance on Ctrl-C; safe to call
/// from any thread.
pub fn stop_all_engines() {
    let mut live = live();
    live.stopping = true;
    // Dropping a job kills every process in it.
    live.engines.clear();
}

/// Starts `command` as an engine: in a job object of its own, marked.
/// Returns the child and its mark.
pub(in super::super) fn spawn(command: &mut Command) -> Result<(Child, String), EngineError> {
    let mut live = live();
    if live.stopping {
        return Err(EngineError::Stopping);
    }
    let mark = next_mark();
    let job =
        Job::new().map_err(|err| EngineError::Spawn(format!("cannot make a job object: {err}")))?;
    let mut child = command
        .env(ENGINE_ID_VAR, &mark)
        .creation_flags(CREATE_SUSPENDED | CREATE_NEW_PROCESS_GROUP)
        .spawn()
        .map_err(|err| EngineError::Spawn(err.to_string()))?;
    if let Err(err) = job.assign(&child).and_then(|()| resume(child.id())) {
        let _ = child.kill();
        let _ = child.wait();
        return Err(EngineError::Spawn(format!(
            "cannot start the engine in its job object: {err}"
        )));
    }
    live.engines.push((child.id(), job));
    Ok((child, mark))
}

/// Kills the engine `child` and every process it started, and reaps it.
pub(in super::super) fn kill(child: &mut Child, _mark: &str) {
    let id = child.id();
    // Dropping its job kills every process in it.
    live().engines.retain(|(engine, _)| *engine != id);
    let _ = child.kill();
    let _ = child.wait();
}

/// Resumes every thread of the suspended process `pid`.
fn resume(pid: u32) -> io::Result<()> {
    // SAFETY: a snapshot of the system's threads; the handle returned is
    // ours to close.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot == INVALID_HANDLE_VALUE {
        return Err(io::Error::last_os_error());
    }
    let mut resumed = 0;
    let mut result = Ok(());
    // SAFETY: an all-zero THREADENTRY32 is valid; its size is set below as
    // Thread32First requires.
    let mut entry: THREADENTRY32 = unsafe { std::mem::zeroed() };
    entry.dwSize = u32::try_from(size_of::<THREADENTRY32>()).unwrap_or(u32::MAX);
    // SAFETY: the snapshot is open and `entry` lives on this stack, its
    // size set.
    let mut more = unsafe { Thread32First(snapshot, &raw mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            match resume_thread(entry.th32ThreadID) {
                Ok(()) => resumed += 1,
                Err(err) => result = Err(err),
            }
        }
        // SAFETY: as for Thread32First.
        more = unsafe { Thread32Next(snapshot, &raw mut entry) } != 0;
    }
    // SAFETY: the snapshot's handle is open and closed here only.
    unsafe { CloseHandle(snapshot) };
    result?;
    if resumed == 0 {
        return Err(io::Error::other("no thread of the engine to resume"));
    }
    Ok(())
}

/// Resumes thread `tid`.
fn resume_thread(tid: u32) -> io::Result<()> {
    // SAFETY: opens a thread by id with the one right it needs; the handle
    // returned is ours to close.
    let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, tid) };
    if thread.is_null() {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the thread's handle is open, with THREAD_SUSPEND_RESUME.
    let previous = unsafe { ResumeThread(thread) };
    let result = if previous == u32::MAX {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    };
    // SAFETY: the thread's handle is open and closed here only.
    unsafe { CloseHandle(thread) };
    result
}
