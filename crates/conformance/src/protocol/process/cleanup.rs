//! Every process an engine started is gone when the engine is.
//!
//! Each engine is started with [`ENGINE_ID_VAR`] set to a mark of its own,
//! inherited by whatever it starts. How its processes are held together
//! and killed is the platform's: on Unix a process group, its descendants
//! and the marked orphans (`unix`), on Windows a job object that kills
//! every process in it (`windows`).

#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(unix)]
pub use unix::{adopt_orphans, stop_all_engines};
#[cfg(unix)]
pub(super) use unix::{kill, spawn};
#[cfg(windows)]
pub use windows::{adopt_orphans, stop_all_engines};
#[cfg(windows)]
pub(super) use windows::{kill, spawn};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The environment variable that marks every process of an engine:
/// `<harness pid>.<engine number>`, inherited by whatever the engine starts.
pub const ENGINE_ID_VAR: &str = "DRAWRULES_ENGINE_ID";

/// The engines running now (each as the platform holds it), and whether
/// new ones may start.
struct Live<E> {
    /// Set by [`stop_all_engines`]: no engine starts any more.
    stopping: bool,
    /// The engines.
    engines: Vec<E>,
}

impl<E> Live<E> {
    /// No engine yet, and engines may start.
    const fn new() -> Live<E> {
        Live {
            stopping: false,
            engines: Vec::new(),
        }
    }
}

/// The engines of `live`, locked (a panic elsewhere does not lose them).
fn lock<E>(live: &'static Mutex<Live<E>>) -> MutexGuard<'static, Live<E>> {
    live.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The number of the next engine's mark.
static NEXT: AtomicU64 = AtomicU64::new(1);

/// A new engine's mark, `<harness pid>.<engine number>`.
fn next_mark() -> String {
    format!(
        "{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}
