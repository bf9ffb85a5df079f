//! A progress bar on stderr for long runs on a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Runs with fewer files finish before a bar would help.
const MIN_FILES: usize = 2000;

pub struct Progress(Option<ProgressBar>);

impl Progress {
    pub fn new(files: usize, terminal: bool) -> Progress {
        if !terminal || files < MIN_FILES {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} checking {pos}/{len} files {wide_bar} {elapsed}",
        ) {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    pub fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
