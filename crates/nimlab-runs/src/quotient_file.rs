//! The file of a long misère quotient run (`nimlab quotient --out FILE`): the quotient
//! of the heaps solved so far, saved as the run goes, from which `--resume` goes on.
//!
//! The file is two lines: `nimlab quotient 1 crc32:XXXXXXXX`, where XXXXXXXX is the
//! CRC-32 of the second line in hexadecimal, and one JSON object ([`Saved`]): the game,
//! the pretending function Φ(0…N), the P-portion, and the actions of the generators
//! that describe the monoid Q_N (docs/FORMATS.md). It is replaced whole each time
//! ([`crate::files`]: written beside, synced and renamed), so a kill at any moment
//! leaves the last state saved.
//!
//! A run holds a lock on `FILE.lock`, an empty file beside it that stays, from start to
//! end: a second run on the same file is refused. A file whose CRC-32 does not match is
//! refused; one that matches is still checked in full before a run goes on from it
//! ([`nimlab_misere::Computation::resume`] verifies the quotient again), so a forged
//! file is refused too.

use crate::RunError;
use crate::files::{lock, open_regular, refuse, replace_whole};
use nimlab_misere::Growth;
use nimlab_misere::State;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The first line's start; the version follows.
const NAME: &str = "nimlab quotient ";

/// The version of the format this build writes and reads.
const VERSION: u32 = 1;

/// The largest file read: a quotient of about a million elements with 40 generators
/// (its actions, 7 bytes an entry as JSON).
pub const MAX_BYTES: u64 = 256 << 20;

const WHAT: &str = "a quotient file (written by quotient --out)";

/// A quotient run's state as the file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// The game's name, as the quotient engine writes it (e.g. `0.07`).
    pub game: String,
    /// Φ(0), …, Φ(N): each heap's element.
    pub pretending: Vec<u32>,
    /// The elements of the P-portion, in increasing order.
    pub p_portion: Vec<u32>,
    /// The number of elements of Q_N.
    pub order: u32,
    /// For each distinct image of a heap with a move, smallest first: that element
    /// times each element of Q_N.
    pub actions: Vec<Vec<u32>>,
    /// The heaps at which the presentation changed.
    pub new_generators: Vec<usize>,
    /// The most elements a reduced candidate had.
    pub largest_candidate: usize,
    /// The most elements a candidate had before reduction.
    pub largest_product: usize,
}

impl From<&State> for Saved {
    fn from(state: &State) -> Self {
        Saved {
            game: state.game.clone(),
            pretending: state.image.clone(),
            p_portion: (0..state.in_p.len() as u32)
                .filter(|&x| state.in_p[x as usize])
                .collect(),
            order: state.in_p.len() as u32,
            actions: state.actions.clone(),
            new_generators: state.new_generators.clone(),
            largest_candidate: state.growth.largest_candidate,
            largest_product: state.growth.largest_product,
        }
    }
}

impl Saved {
    /// The state to resume, when the file's numbers are in range (the engine checks the
    /// rest).
    fn state(self) -> Option<State> {
        let order = self.order as usize;
        let mut in_p = vec![false; order];
        for &x in &self.p_portion {
            *in_p.get_mut(x as usize)? = true;
        }
        Some(State {
            game: self.game,
            image: self.pretending,
            in_p,
            actions: self.actions,
            new_generators: self.new_generators,
            growth: Growth {
                largest_candidate: self.largest_candidate,
                largest_product: self.largest_product,
            },
        })
    }
}

/// The lock file of a run writing `out`: `out.lock`.
pub fn lock_path(out: &Path) -> PathBuf {
    let mut name = out.to_path_buf().into_os_string();
    name.push(".lock");
    PathBuf::from(name)
}

/// A quotient file held by this run until it is dropped.
pub struct QuotientFile {
    path: PathBuf,
    /// The lock file, open (and so locked) while the run lasts.
    _lock: File,
}

impl QuotientFile {
    /// Take `path` for a run. With `resume`, the state the file holds (`None` when there
    /// is no file yet: the run starts from the beginning); without, the file must not
    /// exist. Refused when another run holds it, when it is not a regular file, or when
    /// it is not a whole quotient file of this format.
    pub fn open(path: &Path, resume: bool) -> Result<(QuotientFile, Option<State>), RunError> {
        let lock_path = lock_path(path);
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        let lock_file = open_regular(
            &lock_path,
            &mut options,
            "--out's lock",
            "an empty file beside --out that runs lock",
        )?;
        lock(&lock_file, path, "--out")?;
        let file = QuotientFile {
            path: path.to_path_buf(),
            _lock: lock_file,
        };
        let state = match (resume, read(path)?) {
            (true, saved) => saved,
            (false, None) => None,
            (false, Some(_)) => {
                return Err(refuse(
                    "--out",
                    path,
                    "it holds a quotient run",
                    "a new file, or --resume to go on with that run",
                ));
            }
        };
        Ok((file, state))
    }

    /// Save `state`, replacing the file whole.
    pub fn save(&self, state: &State) -> Result<(), RunError> {
        let record = serde_json::to_string(&Saved::from(state)).expect("states serialize");
        let text = format!(
            "{NAME}{VERSION} crc32:{:08x}\n{record}\n",
            crc32fast::hash(record.as_bytes())
        );
        replace_whole(&self.path, text.as_bytes())
    }
}

/// The state in the quotient file at `path`, `None` when there is no file. A file that
/// exists and is not a whole quotient file of this version is refused (an unrelated
/// file is never overwritten).
pub fn read(path: &Path) -> Result<Option<State>, RunError> {
    let mut options = OpenOptions::new();
    options.read(true);
    let file = match open_regular(path, &mut options, "--out", WHAT) {
        Err(RunError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            return Ok(None);
        }
        other => other?,
    };
    let unusable = |why: &str| refuse("--out", path, why, WHAT);
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(RunError::io("read", path))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(unusable(&format!("it is longer than {MAX_BYTES} bytes")));
    }
    let not_ours = || unusable("it is not a nimlab quotient file");
    let (first, rest) = bytes
        .iter()
        .position(|&b| b == b'\n')
        .map(|at| (&bytes[..at], &bytes[at + 1..]))
        .ok_or_else(not_ours)?;
    let first = std::str::from_utf8(first).map_err(|_| not_ours())?;
    let (version, crc) = first
        .strip_prefix(NAME)
        .and_then(|rest| rest.split_once(' '))
        .ok_or_else(not_ours)?;
    if version != VERSION.to_string() {
        return Err(unusable(&format!(
            "it was written by another version of nimlab (format {version}, this one reads \
             {VERSION}): start the run again in a new file"
        )));
    }
    let record = rest
        .strip_suffix(b"\n")
        .filter(|record| !record.contains(&b'\n'))
        .ok_or_else(|| unusable("it is not two lines"))?;
    if crc != format!("crc32:{:08x}", crc32fast::hash(record)) {
        return Err(unusable(
            "its record does not match its CRC-32: the file was changed or damaged",
        ));
    }
    let saved: Saved = serde_json::from_slice(record)
        .map_err(|e| unusable(&format!("its record does not read ({e})")))?;
    saved
        .state()
        .map(Some)
        .ok_or_else(|| unusable("its P-portion names elements it does not have"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimlab_misere::{Bounds, Computation};
    use nimlab_octal::TakeBreak;
    use std::fs;

    /// The state of Dawson's Kayles after heap 20 (order 24).
    fn example() -> State {
        let game = TakeBreak::octal("0.07").unwrap();
        let mut computation = Computation::new(&game, Bounds::memory_only(20, 1 << 26)).unwrap();
        assert_eq!(computation.run(&|| false, |_| Ok::<(), ()>(())), Ok(None));
        computation.state()
    }

    #[test]
    fn a_state_reads_back_and_any_changed_byte_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q.json");
        assert_eq!(read(&path).unwrap(), None);
        let (file, state) = QuotientFile::open(&path, true).unwrap();
        assert_eq!(state, None);
        file.save(&example()).unwrap();
        assert_eq!(read(&path).unwrap(), Some(example()));
        assert!(!dir.path().join("q.json.tmp").exists());
        let bytes = fs::read(&path).unwrap();
        for at in (0..bytes.len()).step_by(7) {
            let mut changed = bytes.clone();
            changed[at] ^= 0x04;
            fs::write(&path, &changed).unwrap();
            match read(&path) {
                Err(RunError::Refused(message)) => assert!(!message.contains('\n')),
                other => panic!("byte {at}: {other:?}"),
            }
        }
        fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(matches!(read(&path), Err(RunError::Refused(_))));
    }

    #[test]
    fn a_second_run_and_an_unrelated_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q");
        let (first, _) = QuotientFile::open(&path, false).unwrap();
        first.save(&example()).unwrap();
        let second = QuotientFile::open(&path, true).err().unwrap().to_string();
        assert!(second.contains("another run is writing it"), "{second}");
        drop(first);
        // Without --resume an existing run is not overwritten…
        let again = QuotientFile::open(&path, false).err().unwrap().to_string();
        assert!(again.contains("--resume"), "{again}");
        // …and with it, the run goes on from its state.
        let (_, state) = QuotientFile::open(&path, true).unwrap();
        assert_eq!(state, Some(example()));
        let other = dir.path().join("notes.txt");
        fs::write(&other, "my notes\n").unwrap();
        for resume in [false, true] {
            let message = QuotientFile::open(&other, resume)
                .err()
                .unwrap()
                .to_string();
            assert!(message.contains("notes.txt"), "{message}");
        }
        assert_eq!(fs::read_to_string(&other).unwrap(), "my notes\n");
        let fifo = dir.path().join("fifo");
        rustix::fs::mkfifoat(rustix::fs::CWD, &fifo, rustix::fs::Mode::RUSR).unwrap();
        let message = read(&fifo).unwrap_err().to_string();
        assert!(message.contains("FIFO"), "{message}");
    }
}
