//! Faults in a row, and when they make an engine broken.

use std::time::{Duration, Instant};

use super::EngineError;

/// Faults in a row after which an engine is broken.
pub const BROKEN_AFTER: u32 = 3;

/// The faults in a row of one engine, and the window they must fit in.
///
/// A run of faults starts when the exchange that failed first began; from
/// then on every exchange (restart handshakes included) must end within
/// twice the time limit of that start, and the engine is broken at the
/// [`BROKEN_AFTER`]th fault in a row or at the first fault that ends past
/// that window. So a broken engine is known within twice the time limit of
/// the start of its first failing exchange, however it fails.
#[derive(Debug)]
pub(super) struct Streak {
    /// Twice the time limit.
    window: Duration,
    /// The faults in a row, and when the first of them began.
    run: Option<(u32, Instant)>,
    /// The error every request gets once the engine is broken.
    broken: Option<EngineError>,
}

impl Streak {
    /// No fault yet, for an engine whose time limit is `timeout`.
    pub(super) fn new(timeout: Duration) -> Streak {
        Streak {
            window: timeout.saturating_mul(2),
            run: None,
            broken: None,
        }
    }

    /// The error to give at once, if the engine is broken.
    pub(super) fn broken(&self) -> Option<&EngineError> {
        self.broken.as_ref()
    }

    /// The time an exchange that may take `limit` and begins now has: all
    /// of it, or what is left of the window during a run of faults.
    pub(super) fn limit(&self, limit: Duration) -> Duration {
        match self.run {
            None => limit,
            Some((_, first)) => {
                let left = (first + self.window).saturating_duration_since(Instant::now());
                limit.min(left)
            }
        }
    }

    /// An exchange succeeded: the run is over.
    pub(super) fn success(&mut self) {
        self.run = None;
    }

    /// An exchange that began at `began` ended with `fault`: the fault, or
    /// [`EngineError::Broken`] when it ends the engine.
    pub(super) fn fault(&mut self, fault: EngineError, began: Instant) -> EngineError {
        let (faults, first) = match self.run {
            None => (1, began),
            Some((faults, first)) => (faults + 1, first),
        };
        self.run = Some((faults, first));
        let spent = first.elapsed();
        if faults < BROKEN_AFTER && spent < self.window {
            return fault;
        }
        let broken = EngineError::Broken {
            faults,
            ms: u64::try_from(spent.as_millis()).unwrap_or(u64::MAX),
            last: Box::new(fault),
        };
        self.broken = Some(broken.clone());
        broken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_quick_faults_in_a_row_break_the_engine() {
        let mut streak = Streak::new(Duration::from_secs(60));
        let exited = || EngineError::Exited { status: None };
        assert_eq!(streak.fault(exited(), Instant::now()), exited());
        streak.success();
        assert_eq!(streak.fault(exited(), Instant::now()), exited());
        assert_eq!(streak.fault(exited(), Instant::now()), exited());
        assert!(streak.broken().is_none());
        let broken = streak.fault(exited(), Instant::now());
        assert!(
            matches!(&broken, EngineError::Broken { faults: 3, last, .. } if **last == exited()),
            "{broken:?}"
        );
        assert_eq!(streak.broken(), Some(&broken));
        assert!(
            broken
                .to_string()
                .starts_with("the engine is broken: one process had 3 faults in a row")
        );
    }

    #[test]
    fn a_run_of_faults_has_twice_the_time_limit() {
        let timeout = Duration::from_millis(40);
        let mut streak = Streak::new(timeout);
        assert_eq!(streak.limit(timeout), timeout);
        let began = Instant::now();
        let fault = EngineError::Timeout { ms: 40 };
        assert_eq!(streak.fault(fault.clone(), began), fault);
        assert!(streak.limit(timeout) <= timeout);
        std::thread::sleep(Duration::from_millis(50));
        assert!(streak.limit(timeout) < Duration::from_millis(40));
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(streak.limit(timeout), Duration::ZERO);
        let broken = streak.fault(fault, Instant::now());
        assert!(
            matches!(broken, EngineError::Broken { faults: 2, .. }),
            "{broken:?}"
        );
    }
}
