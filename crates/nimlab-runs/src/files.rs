//! Opening the files of a run: regular files only, locked while written.

use crate::RunError;
use rustix::fs::{FlockOperation, OFlags, flock};
use std::fs::{File, FileType, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

/// The kind of a file that is not a regular file, in words.
fn kind(file_type: FileType) -> Option<&'static str> {
    if file_type.is_file() {
        None
    } else if file_type.is_dir() {
        Some("a directory")
    } else if file_type.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if file_type.is_char_device() {
        Some("a character device")
    } else if file_type.is_block_device() {
        Some("a block device")
    } else if file_type.is_socket() {
        Some("a socket")
    } else {
        Some("a special file")
    }
}

/// The refusal of `path`, given as `role` ("--out", "checkpoint", …), for being `what`.
pub(crate) fn refuse(role: &str, path: &Path, what: &str, expected: &str) -> RunError {
    RunError::Refused(format!(
        "invalid {role} '{}': {what}; expected {expected}",
        path.display()
    ))
}

/// `path` opened with `options`, which must be a regular file: a directory, a FIFO, a
/// device or a socket is refused before it is opened, so that a FIFO cannot block the
/// run (and the file is opened without blocking in case it changes in between). The
/// refusal names `path` as `role` ("--out", "checkpoint", …) and says what was
/// `expected`.
pub(crate) fn open_regular(
    path: &Path,
    options: &mut OpenOptions,
    role: &str,
    expected: &str,
) -> Result<File, RunError> {
    open_regular_file(path, options).map_err(|problem| match problem {
        NotRegular::Kind(what) => refuse(role, path, &format!("it is {what}"), expected),
        NotRegular::Io(e) => RunError::io("open", path)(e),
    })
}

/// Why a file was not opened by [`open_regular_file`].
#[derive(Debug)]
pub enum NotRegular {
    /// It is not a regular file but this, in words: "a FIFO (named pipe)", "a
    /// directory", "a character device", ….
    Kind(&'static str),
    /// The system refused to open it.
    Io(io::Error),
}

/// `path` opened with `options` if it is a regular file. Every file nimlab reads or
/// writes is opened this way (graphs, game records, lists of codes, the files of
/// runs): a directory, a FIFO, a device or a socket is refused before it is opened,
/// so that a FIFO never blocks a command and /dev/zero is never read, and the file is
/// opened without blocking and checked again in case it changed in between.
pub fn open_regular_file(path: &Path, options: &mut OpenOptions) -> Result<File, NotRegular> {
    match std::fs::metadata(path) {
        Ok(metadata) => {
            if let Some(what) = kind(metadata.file_type()) {
                return Err(NotRegular::Kind(what));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(NotRegular::Io(e)),
    }
    let file = options
        .custom_flags(OFlags::NONBLOCK.bits() as i32)
        .open(path)
        .map_err(NotRegular::Io)?;
    let metadata = file.metadata().map_err(NotRegular::Io)?;
    match kind(metadata.file_type()) {
        Some(what) => Err(NotRegular::Kind(what)),
        None => Ok(file),
    }
}

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotRegular::Kind(what) => write!(f, "it is {what}, not a regular file"),
            NotRegular::Io(e) => write!(f, "{e}"),
        }
    }
}

/// Lock `file` (at `path`, given as `role`) for this process alone, or refuse at once
/// if another process holds it. The lock lasts as long as the file is open, and the
/// operating system lets go of it when the process ends, even by a kill.
pub(crate) fn lock(file: &File, path: &Path, role: &str) -> Result<(), RunError> {
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(()),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Err(refuse(
            role,
            path,
            "another run is writing it (the file is locked)",
            "one run per file: wait for that run to end, or choose another file",
        )),
        Err(e) => Err(RunError::io("lock", path)(e.into())),
    }
}

/// How long a writer waits for another to finish its append.
const PATIENCE: Duration = Duration::from_secs(30);

/// A file locked for this process until the guard is dropped. The guard holds a
/// duplicate of the file's descriptor, which shares its lock.
pub(crate) struct Locked(File);

impl Locked {
    /// Lock `file`, waiting up to [`PATIENCE`] for another process to let go of it.
    pub(crate) fn wait(file: &File, path: &Path, role: &str) -> Result<Locked, RunError> {
        let file = file.try_clone().map_err(RunError::io("lock", path))?;
        let start = Instant::now();
        loop {
            match lock(&file, path, role) {
                Ok(()) => return Ok(Locked(file)),
                Err(RunError::Refused(_)) if start.elapsed() < PATIENCE => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(RunError::Refused(_)) => {
                    return Err(refuse(
                        role,
                        path,
                        &format!(
                            "another process has held its lock for more than {} s",
                            PATIENCE.as_secs()
                        ),
                        "writers that append a line at a time",
                    ));
                }
                Err(e) => return Err(e),
            }
        }
    }
}

impl Drop for Locked {
    fn drop(&mut self) {
        // Closing every descriptor of the file would let go of it too; failing to
        // unlock leaves it locked only until then.
        let _ = flock(&self.0, FlockOperation::Unlock);
    }
}

/// The limits of this process that a run may meet, in words, for an error message:
/// the address space (`ulimit -v`) and the size of a file (`ulimit -f`).
pub(crate) fn process_limits() -> String {
    use rustix::process::{Resource, getrlimit};
    let mut limits = Vec::new();
    for (resource, what) in [
        (Resource::As, "the address space is limited to"),
        (Resource::Fsize, "a file's size is limited to"),
    ] {
        if let Some(bytes) = getrlimit(resource).current {
            limits.push(format!("{what} {} MiB", bytes >> 20));
        }
    }
    if limits.is_empty() {
        String::new()
    } else {
        format!(" ({})", limits.join(", "))
    }
}

/// Write `bytes` to `path` so that a kill at any moment leaves the old file or the new
/// one whole, never a part: they go to `PATH.tmp`, which is synced and renamed over
/// `path`, and the directory is synced so the rename survives a crash.
pub fn replace_whole(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    let mut temporary = path.to_path_buf().into_os_string();
    temporary.push(".tmp");
    let temporary = std::path::PathBuf::from(temporary);
    let mut file = File::create(&temporary).map_err(RunError::io("write", &temporary))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(RunError::io("write", &temporary))?;
    std::fs::rename(&temporary, path).map_err(RunError::io("write", path))?;
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    File::open(directory)
        .and_then(|directory| directory.sync_all())
        .map_err(RunError::io("sync the directory of", path))
}
