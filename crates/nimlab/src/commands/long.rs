//! What the commands that run long (`grundy`, `period`) show while they run: a progress
//! bar on a terminal, and SIGINT (Ctrl-C) or SIGTERM turned into a request to stop, so
//! that they can say how far they got.

use crate::failure::Failure;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimlab_core::Budget;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// A stop request by signal: from now on, SIGTERM and SIGINT set the signal's number
/// (and a flag, for a budget) instead of ending the process, and a second one ends it
/// as the first would have.
pub(super) struct Signals {
    number: Arc<AtomicUsize>,
    raised: Arc<AtomicBool>,
}

impl Signals {
    pub(super) fn catch() -> Result<Signals, Failure> {
        let number = Arc::new(AtomicUsize::new(0));
        let raised = Arc::new(AtomicBool::new(false));
        let cannot = |e: std::io::Error| Failure::Other(format!("cannot handle signals: {e}"));
        for signal in [SIGTERM, SIGINT] {
            // In this order: the default action runs only if an earlier signal set
            // `raised`.
            signal_hook::flag::register_conditional_default(signal, Arc::clone(&raised))
                .map_err(cannot)?;
            signal_hook::flag::register(signal, Arc::clone(&raised)).map_err(cannot)?;
            signal_hook::flag::register_usize(signal, Arc::clone(&number), signal as usize)
                .map_err(cannot)?;
        }
        Ok(Signals { number, raised })
    }

    /// Whether a signal asked to stop.
    pub(super) fn raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }

    /// The flag a signal raises, for a [`Budget`]'s cancel.
    pub(super) fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.raised)
    }

    /// The exit status of a process that stopped at Ctrl-C or at this signal: 128 plus
    /// the signal's number, as the shell reports a process the signal ended (130 for
    /// Ctrl-C typed at a prompt in raw mode, where no signal is raised).
    pub(super) fn exit_status(&self) -> i32 {
        128 + match self.number.load(Ordering::Relaxed) {
            0 => SIGINT,
            number => number as i32,
        }
    }

    /// The name of the signal that asked to stop ("SIGINT"), or "a signal".
    pub(super) fn name(&self) -> &'static str {
        signal_hook::low_level::signal_name(self.number.load(Ordering::Relaxed) as i32)
            .unwrap_or("a signal")
    }
}

/// A progress bar on standard error, drawn only on a terminal, of `total` steps.
pub(super) fn progress_bar(total: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{human_pos}}/{{human_len}} {unit}, {{per_sec:0}}, {{eta}} left"
        ))
        .expect("the template parses"),
    );
    bar
}

/// Run `compute` with a progress bar of `total` values that follows the work `budget`
/// has spent (one unit a value).
pub(super) fn with_progress<R>(total: u64, budget: &Budget, compute: impl FnOnce() -> R) -> R {
    let bar = progress_bar(total, "values");
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                bar.set_position(budget.spent().min(total));
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let result = compute();
        done.store(true, Ordering::Relaxed);
        result
    });
    bar.finish_and_clear();
    result
}
