//! Input that stops waiting once a stop is asked for: a read from a pipe
//! or a terminal that has nothing to give would otherwise hold the command
//! until the writer writes again or closes it. How a read waits is the
//! platform's: poll(2) on Unix (`unix`), a thread of its own on Windows
//! (`windows`).

#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(unix)]
use unix::{Stoppable, standard_input};
#[cfg(windows)]
use windows::{Stoppable, standard_input};

use std::fs::File;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use drawrules_pgn::{Input, InputError, decompressed};

/// How long a read waits for the source before it looks at the flag again,
/// in milliseconds.
const POLL_MS: u16 = 100;

/// Opens `path` (`-` for standard input) as [`drawrules_pgn::open`] does,
/// reading through a `Stoppable`: its reads end with an error once `stop`
/// is set, instead of waiting on for data.
///
/// # Errors
///
/// [`InputError`] naming the path when it cannot be opened or its first
/// bytes cannot be read.
pub fn open(path: &Path, stop: Arc<AtomicBool>) -> Result<Input, InputError> {
    let fail = |source| InputError {
        path: path.to_owned(),
        source,
    };
    let file = if path == Path::new("-") {
        standard_input().map_err(fail)?
    } else {
        File::open(path).map_err(fail)?
    };
    decompressed(Stoppable::new(file, stop).map_err(fail)?).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    /// The read end of a new pipe as a file, and its write end.
    fn pipe() -> (File, std::io::PipeWriter) {
        let (reader, writer) = std::io::pipe().unwrap();
        #[cfg(unix)]
        let reader = File::from(std::os::fd::OwnedFd::from(reader));
        #[cfg(windows)]
        let reader = File::from(std::os::windows::io::OwnedHandle::from(reader));
        (reader, writer)
    }

    /// What the writer wrote is read; a read that waits on a pipe with
    /// nothing in it ends with an error soon after a stop is asked for,
    /// though the writer keeps it open (it closes it a second later, so
    /// that a read deaf to the stop ends with the pipe's end instead).
    #[test]
    fn a_read_on_an_idle_pipe_ends_once_a_stop_is_asked_for() {
        let (reader, mut writer) = pipe();
        let stop = Arc::new(AtomicBool::new(false));
        let mut input = Stoppable::new(reader, Arc::clone(&stop)).unwrap();
        writer.write_all(b"1. e4 e5").unwrap();
        let mut buf = [0; 8];
        input.read_exact(&mut buf).unwrap();
        assert_eq!(&buf, b"1. e4 e5");
        let asked = Arc::clone(&stop);
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            let at = Instant::now();
            asked.store(true, Ordering::SeqCst);
            std::thread::sleep(Duration::from_secs(1));
            drop(writer);
            at
        });
        let read = input.read(&mut buf);
        let ended = Instant::now();
        let asked_at = stopper.join().unwrap();
        assert_eq!(
            read.map_err(|err| err.to_string()),
            Err("stopped".to_owned())
        );
        let late = ended - asked_at;
        assert!(late < Duration::from_millis(500), "{late:?}");
    }
}
