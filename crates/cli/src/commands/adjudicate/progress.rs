//! The progress bar of `drawrules adjudicate` on standard error, shown only
//! when standard error is a terminal: bytes read of the files (a bar when
//! their sizes are known), games and games per second.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar, and where the bytes read so far are counted.
pub(super) struct Progress {
    bar: ProgressBar,
    started: Instant,
    bytes_before: u64,
    bytes: Option<Arc<AtomicU64>>,
    last: Instant,
}

impl Progress {
    /// A bar over the total size of `files` (a spinner when one is
    /// standard input or its size is unknown), hidden off a terminal.
    pub(super) fn new(files: &[PathBuf]) -> Progress {
        let total: Option<u64> = files
            .iter()
            .map(|path| {
                (path.as_os_str() != "-")
                    .then(|| std::fs::metadata(path).ok())
                    .flatten()
                    .filter(std::fs::Metadata::is_file)
                    .map(|meta| meta.len())
            })
            .sum();
        let bar = match total {
            Some(total) => ProgressBar::new(total).with_style(
                ProgressStyle::with_template(
                    "{bar:30} {bytes}/{total_bytes} {msg} ({elapsed}, {eta} left)",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            ),
            None => ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {bytes} read, {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        bar.set_draw_target(if io::stderr().is_terminal() {
            ProgressDrawTarget::stderr_with_hz(4)
        } else {
            ProgressDrawTarget::hidden()
        });
        let now = Instant::now();
        Progress {
            bar,
            started: now,
            bytes_before: 0,
            bytes: None,
            last: now,
        }
    }

    /// Counts the bytes of the file now read.
    pub(super) fn reading(&mut self, bytes: Arc<AtomicU64>) {
        self.bytes = Some(bytes);
    }

    fn bytes(&self) -> u64 {
        self.bytes_before
            + self
                .bytes
                .as_ref()
                .map_or(0, |bytes| bytes.load(Ordering::Relaxed))
    }

    /// The file is read: its bytes stay counted.
    pub(super) fn finish_file(&mut self) {
        self.bytes_before = self.bytes();
        self.bytes = None;
    }

    /// `games` have been reported so far.
    pub(super) fn tick(&mut self, games: u64) {
        if self.bar.is_hidden() || self.last.elapsed() < Duration::from_millis(100) {
            return;
        }
        self.last = Instant::now();
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_position(self.bytes());
        self.bar.set_message(format!(
            "{games} games, {:.0} games/s",
            games as f64 / seconds
        ));
    }

    /// Prints a line on standard error above the bar.
    pub(super) fn println(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Removes the bar.
    pub(super) fn clear(&self) {
        self.bar.finish_and_clear();
    }
}
