//! The state of a run in the counts format, which has no listing of values to resume
//! from: `FILE.state.0` and `FILE.state.1`, written in turn, so that the one the
//! checkpoint names is whole while the other is replaced.
//!
//! The bytes, every number little-endian: `NIMSTATE` and the version (u32); how often
//! each value occurs in the output so far (u32 n, n × u64); then the engine's
//! [`Snapshot`]: the number of values (u64), the front (u64 n, n × u16), the recent
//! values (u64 n, n × u16), the histogram (u32 n, n × u64), the mask (u16) and the rare
//! positions (u64 n, n × (u64 position, u16 value)). The checkpoint holds the file's
//! CRC-32, so a state that is not the one it was saved with is refused.

use crate::RunError;
use crate::files::{open_regular, refuse};
use nimlab_octal::Snapshot;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"NIMSTATE";

/// The version of the format this build writes and reads.
const VERSION: u32 = 1;

/// The longest state read: the engine keeps at most a few hundred MiB of values.
pub const MAX_BYTES: u64 = 4 << 30;

/// What a counts run saves beside its checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// How often each value occurs among the values counted so far.
    pub(crate) counts: Vec<u64>,
    /// The engine's state.
    pub(crate) snapshot: Snapshot,
}

/// The state file `slot` (0 or 1) of a run writing `out`.
pub fn state_path(out: &Path, slot: u8) -> PathBuf {
    let mut name = out.to_path_buf().into_os_string();
    name.push(format!(".state.{slot}"));
    PathBuf::from(name)
}

impl State {
    /// The bytes of the state.
    fn bytes(&self) -> Vec<u8> {
        let s = &self.snapshot;
        let mut out = MAGIC.to_vec();
        out.extend(VERSION.to_le_bytes());
        out.extend((self.counts.len() as u32).to_le_bytes());
        self.counts.iter().for_each(|c| out.extend(c.to_le_bytes()));
        out.extend(s.len.to_le_bytes());
        for values in [&s.front, &s.recent] {
            out.extend((values.len() as u64).to_le_bytes());
            values.iter().for_each(|v| out.extend(v.to_le_bytes()));
        }
        out.extend((s.histogram.len() as u32).to_le_bytes());
        s.histogram.iter().for_each(|c| out.extend(c.to_le_bytes()));
        out.extend(s.mask.to_le_bytes());
        out.extend((s.rare.len() as u64).to_le_bytes());
        for &(position, value) in &s.rare {
            out.extend(position.to_le_bytes());
            out.extend(value.to_le_bytes());
        }
        out
    }

    /// Write the state to `path`, synced; its CRC-32.
    pub(crate) fn save(&self, path: &Path) -> Result<u32, RunError> {
        let bytes = self.bytes();
        let failed = RunError::io("write", path);
        let file = File::create(path).map_err(&failed)?;
        let mut out = BufWriter::new(&file);
        out.write_all(&bytes)
            .and_then(|()| out.flush())
            .and_then(|()| file.sync_all())
            .map_err(failed)?;
        Ok(crc32fast::hash(&bytes))
    }

    /// The state at `path`, which must have the CRC-32 `crc`.
    pub(crate) fn load(path: &Path, crc: u32) -> Result<State, RunError> {
        let expected = "the state its checkpoint was saved with";
        let mut options = OpenOptions::new();
        options.read(true);
        let file = match open_regular(path, &mut options, "state", expected) {
            Err(RunError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                return Err(refuse("state", path, "it does not exist", expected));
            }
            other => other?,
        };
        let mut bytes = Vec::new();
        file.take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(RunError::io("read", path))?;
        let unusable = |why: &str| refuse("state", path, why, expected);
        if bytes.len() as u64 > MAX_BYTES {
            return Err(unusable(&format!("it is longer than {MAX_BYTES} bytes")));
        }
        if crc32fast::hash(&bytes) != crc {
            return Err(unusable(
                "its bytes do not match the checkpoint's CRC-32: the file was changed",
            ));
        }
        State::parse(&bytes).ok_or_else(|| unusable("it is not a nimlab state of this version"))
    }

    fn parse(bytes: &[u8]) -> Option<State> {
        let mut reader = Reader(bytes);
        if reader.take(8)? != MAGIC || reader.u32()? != VERSION {
            return None;
        }
        let count = reader.u32()? as usize;
        let counts = reader.u64s(count)?;
        let len = reader.u64()?;
        let count = usize::try_from(reader.u64()?).ok()?;
        let front = reader.u16s(count)?;
        let count = usize::try_from(reader.u64()?).ok()?;
        let recent = reader.u16s(count)?;
        let count = reader.u32()? as usize;
        let histogram = reader.u64s(count)?;
        let mask = reader.u16()?;
        let rare_count = usize::try_from(reader.u64()?).ok()?;
        let mut rare = Vec::with_capacity(rare_count.min(reader.0.len() / 10));
        for _ in 0..rare_count {
            rare.push((reader.u64()?, reader.u16()?));
        }
        reader.0.is_empty().then_some(State {
            counts,
            snapshot: Snapshot {
                len,
                front,
                recent,
                histogram,
                mask,
                rare,
            },
        })
    }
}

/// Reads little-endian numbers off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Option<&'a [u8]> {
        if count > self.0.len() {
            return None;
        }
        let (taken, rest) = self.0.split_at(count);
        self.0 = rest;
        Some(taken)
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn u16s(&mut self, count: usize) -> Option<Vec<u16>> {
        let bytes = self.take(count.checked_mul(2)?)?;
        Some(
            bytes
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect(),
        )
    }

    fn u64s(&mut self, count: usize) -> Option<Vec<u64>> {
        let bytes = self.take(count.checked_mul(8)?)?;
        Some(
            bytes
                .chunks_exact(8)
                .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_reads_back_and_a_changed_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.state.0");
        let state = State {
            counts: vec![3, 5, 0, 2],
            snapshot: Snapshot {
                len: 10,
                front: vec![0, 1, 2],
                recent: vec![3, 1, 0],
                histogram: vec![1, 4, 2, 2],
                mask: 3,
                rare: vec![(3, 3), (9, 0)],
            },
        };
        let crc = state.save(&path).unwrap();
        assert_eq!(State::load(&path, crc).unwrap(), state);
        assert!(State::load(&path, crc ^ 1).is_err());
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.pop();
        std::fs::write(&path, &bytes).unwrap();
        let message = State::load(&path, crc32fast::hash(&bytes))
            .unwrap_err()
            .to_string();
        assert!(message.contains("not a nimlab state"), "{message}");
        let missing = State::load(&dir.path().join("none"), 0).unwrap_err();
        assert!(missing.to_string().contains("does not exist"));
    }
}
