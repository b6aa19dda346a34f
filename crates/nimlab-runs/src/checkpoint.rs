//! The one save format of a long run: a checkpoint beside its output file.
//!
//! A checkpoint is two lines: `nimlab checkpoint 4 crc32:XXXXXXXX`, where XXXXXXXX is
//! the CRC-32 of the second line in hexadecimal, and one JSON object ([`Checkpoint`])
//! saying which run it belongs to, how many values it has, how far the output is
//! written with the CRC-32 of those bytes, and, for the counts format, which state file
//! holds the rest with the CRC-32 of its bytes. A checkpoint is written after the files
//! it vouches for are synced, to a temporary file that is synced and renamed over the
//! old one, so a kill at any moment leaves either the old checkpoint or the new one,
//! and the files hold at least what it vouches for.

use crate::RunError;
use crate::files::{open_regular, refuse, replace_whole};
use crate::format::Format;
use serde::{Deserialize, Serialize};
use std::fs::OpenOptions;
use std::io::{self, Read};
use std::path::Path;

/// The first line's start; the version follows.
const NAME: &str = "nimlab checkpoint ";

/// The version of the format this build writes and reads.
const VERSION: u32 = 4;

/// The longest checkpoint read: two short lines.
pub const MAX_BYTES: u64 = 1 << 16;

/// Which run a checkpoint belongs to and how far its files are written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// The game's spec.
    pub spec: String,
    /// The output's format.
    pub format: Format,
    /// The largest heap of the run.
    pub upto: u64,
    /// Values the run has: g(0) … g(values − 1).
    pub values: u64,
    /// Bytes of the output that hold them, its header included (0 in the counts format,
    /// which writes the output at the end).
    pub bytes: u64,
    /// The CRC-32 of those bytes.
    pub output_crc: u32,
    /// The CRC-32 of the values as 16-bit little-endian numbers (the counts format's
    /// checksum).
    pub checksum: u32,
    /// In the counts format: the state file (0 or 1) and the CRC-32 of its bytes.
    pub state: Option<(u8, u32)>,
}

impl Checkpoint {
    /// Write the checkpoint to `path` so that a kill at any moment leaves the old one or
    /// this one whole (see the module documentation).
    pub fn save(&self, path: &Path) -> Result<(), RunError> {
        let record = serde_json::to_string(self).expect("checkpoints serialize");
        let text = format!(
            "{NAME}{VERSION} crc32:{:08x}\n{record}\n",
            crc32fast::hash(record.as_bytes())
        );
        replace_whole(path, text.as_bytes())
    }

    /// The checkpoint at `path`, or `None` if there is none. Anything else than a whole,
    /// unchanged checkpoint of this version is refused: a file of another kind (a FIFO
    /// is refused without blocking), one longer than [`MAX_BYTES`], one whose CRC-32
    /// does not match its record.
    pub fn load(path: &Path) -> Result<Option<Checkpoint>, RunError> {
        let expected = "the checkpoint of an unfinished run (a regular file of two lines)";
        let mut options = OpenOptions::new();
        options.read(true);
        let file = match open_regular(path, &mut options, "checkpoint", expected) {
            Err(RunError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                return Ok(None);
            }
            other => other?,
        };
        let mut bytes = Vec::new();
        file.take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(RunError::io("read", path))?;
        let unusable = |why: &str| refuse("checkpoint", path, why, expected);
        if bytes.len() as u64 > MAX_BYTES {
            return Err(unusable(&format!("it is longer than {MAX_BYTES} bytes")));
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| unusable("it is not text"))?;
        let (first, rest) = text
            .split_once('\n')
            .ok_or_else(|| unusable("it is not a nimlab checkpoint"))?;
        let (version, crc) = first
            .strip_prefix(NAME)
            .and_then(|rest| rest.split_once(' '))
            .ok_or_else(|| unusable("it is not a nimlab checkpoint"))?;
        if version != VERSION.to_string() {
            return Err(unusable(&format!(
                "it was written by another version of nimlab (format {version}, this one \
                 reads {VERSION}): start the run again without --resume"
            )));
        }
        let record = rest
            .strip_suffix('\n')
            .filter(|record| !record.contains('\n'))
            .ok_or_else(|| unusable("it is not two lines"))?;
        if crc != format!("crc32:{:08x}", crc32fast::hash(record.as_bytes())) {
            return Err(unusable(
                "its record does not match its CRC-32: the checkpoint was changed or damaged",
            ));
        }
        serde_json::from_str(record)
            .map(Some)
            .map_err(|e| unusable(&format!("its record does not read ({e})")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn example() -> Checkpoint {
        Checkpoint {
            spec: "octal:0.167".into(),
            format: Format::Bfile,
            upto: 1000,
            values: 300,
            bytes: 2345,
            output_crc: 0xdead_beef,
            checksum: 7,
            state: Some((1, 99)),
        }
    }

    #[test]
    fn a_checkpoint_reads_back_and_any_changed_byte_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.checkpoint");
        assert_eq!(Checkpoint::load(&path).unwrap(), None);
        example().save(&path).unwrap();
        assert_eq!(Checkpoint::load(&path).unwrap(), Some(example()));
        assert!(!dir.path().join("run.checkpoint.tmp").exists());
        let bytes = fs::read(&path).unwrap();
        for at in 0..bytes.len() {
            for flip in [1u8, 4, 0x20] {
                let mut changed = bytes.clone();
                changed[at] ^= flip;
                fs::write(&path, &changed).unwrap();
                match Checkpoint::load(&path) {
                    Err(RunError::Refused(message)) => assert!(!message.contains('\n')),
                    other => panic!("byte {at} ^ {flip}: {other:?}"),
                }
            }
        }
        fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(matches!(Checkpoint::load(&path), Err(RunError::Refused(_))));
    }

    #[test]
    fn a_checkpoint_that_is_not_a_regular_file_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo.checkpoint");
        rustix::fs::mkfifoat(rustix::fs::CWD, &fifo, rustix::fs::Mode::RUSR).unwrap();
        let message = Checkpoint::load(&fifo).unwrap_err().to_string();
        assert!(message.contains("FIFO") && message.contains("fifo.checkpoint"));
        let message = Checkpoint::load(dir.path()).unwrap_err().to_string();
        assert!(message.contains("a directory"), "{message}");
        let zero = Checkpoint::load(Path::new("/dev/zero")).unwrap_err();
        assert!(zero.to_string().contains("character device"));
    }
}
