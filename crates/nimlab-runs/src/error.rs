//! Why a run stopped.

use std::io;
use std::path::{Path, PathBuf};

/// Why a run stopped. Every message is one line and names the file concerned.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The files or settings given cannot be used as asked: a file of another kind, a
    /// checkpoint of another run or one that does not match its files, a file another
    /// run holds. Nothing was changed. Front ends treat it as bad input.
    #[error("{0}")]
    Refused(String),
    /// A file could not be read or written.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// What was being done: "write", "read", "lock", …
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The computation itself could not go on (a value beyond 16 bits, a table that
    /// cannot grow); what was done is saved when the message says so.
    #[error("{0}")]
    Stopped(String),
}

impl RunError {
    /// An I/O failure doing `action` on `path`.
    pub(crate) fn io(action: &'static str, path: &Path) -> impl Fn(io::Error) -> RunError {
        let path = path.to_path_buf();
        move |source| RunError::Io {
            action,
            path: path.clone(),
            source,
        }
    }
}
