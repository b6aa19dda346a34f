//! The bytes a [`crate::Solver`] saves itself to.
//!
//! Format, version 1 (integers little-endian):
//! - 8 bytes `NIMOCTAL`, then the version (u32);
//! - the game's canonical text ([`Rules`]'s `Display`): its length (u32), its UTF-8 bytes;
//! - the number of values N (u64), then g(0), …, g(N − 1) (u16 each);
//! - FNV-1a (64-bit) of every byte before it (u64).
//!
//! Only the values are stored: everything else the solver holds is rebuilt from them,
//! the same way an uninterrupted run builds it, so a restored solver continues exactly.

use crate::code::Rules;
use std::fmt;

const MAGIC: &[u8; 8] = b"NIMOCTAL";
const VERSION: u32 = 1;

/// Why bytes do not restore a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotError {
    /// Not a snapshot: the first bytes are not `NIMOCTAL`.
    NotASnapshot,
    /// Written by a format version this build does not read.
    UnsupportedVersion {
        /// The version found.
        version: u32,
    },
    /// The bytes end early, or go on after the checksum.
    WrongLength,
    /// The checksum does not match: the bytes were damaged.
    ChecksumMismatch,
    /// The snapshot is of another game.
    DifferentGame {
        /// The game the snapshot is of.
        snapshot: String,
        /// The game it was restored for.
        expected: String,
    },
    /// The values do not fit in memory.
    TooLarge {
        /// How many values the snapshot holds.
        values: usize,
    },
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::NotASnapshot => f.write_str("not a nimlab-octal snapshot"),
            SnapshotError::UnsupportedVersion { version } => write!(
                f,
                "snapshot format version {version} is not supported (this build reads {VERSION})"
            ),
            SnapshotError::WrongLength => f.write_str("snapshot is truncated or has extra bytes"),
            SnapshotError::ChecksumMismatch => {
                f.write_str("snapshot checksum does not match: the bytes are damaged")
            }
            SnapshotError::DifferentGame { snapshot, expected } => {
                write!(f, "snapshot is of game {snapshot}, not {expected}")
            }
            SnapshotError::TooLarge { values } => {
                write!(f, "snapshot holds {values} values, more than memory allows")
            }
        }
    }
}

impl std::error::Error for SnapshotError {}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

pub(crate) fn encode(rules: &Rules, values: &[u16]) -> Vec<u8> {
    let game = rules.to_string();
    let mut bytes = Vec::with_capacity(32 + game.len() + 2 * values.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(game.len() as u32).to_le_bytes());
    bytes.extend_from_slice(game.as_bytes());
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    bytes.extend_from_slice(&checksum(&bytes).to_le_bytes());
    bytes
}

/// Reads the fields of a snapshot in order.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], SnapshotError> {
        if count > self.bytes.len() {
            return Err(SnapshotError::WrongLength);
        }
        let (head, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(head)
    }

    fn take_array<const N: usize>(&mut self) -> Result<[u8; N], SnapshotError> {
        Ok(self.take(N)?.try_into().expect("take returns N bytes"))
    }
}

pub(crate) fn decode(rules: &Rules, bytes: &[u8]) -> Result<Vec<u16>, SnapshotError> {
    let mut reader = Reader { bytes };
    if reader.take(MAGIC.len()).ok() != Some(MAGIC.as_slice()) {
        return Err(SnapshotError::NotASnapshot);
    }
    let version = u32::from_le_bytes(reader.take_array()?);
    if version != VERSION {
        return Err(SnapshotError::UnsupportedVersion { version });
    }
    let body_len = bytes
        .len()
        .checked_sub(8)
        .ok_or(SnapshotError::WrongLength)?;
    let stored = u64::from_le_bytes(bytes[body_len..].try_into().expect("8 bytes"));
    if checksum(&bytes[..body_len]) != stored {
        return Err(SnapshotError::ChecksumMismatch);
    }
    let game_len = u32::from_le_bytes(reader.take_array()?) as usize;
    let game = String::from_utf8_lossy(reader.take(game_len)?).into_owned();
    let expected = rules.to_string();
    if game != expected {
        return Err(SnapshotError::DifferentGame {
            snapshot: game,
            expected,
        });
    }
    let count = u64::from_le_bytes(reader.take_array()?);
    let count = usize::try_from(count).map_err(|_| SnapshotError::WrongLength)?;
    let value_bytes = reader.take(count.checked_mul(2).ok_or(SnapshotError::WrongLength)?)?;
    if reader.bytes.len() != 8 {
        return Err(SnapshotError::WrongLength);
    }
    let mut values = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| SnapshotError::TooLarge { values: count })?;
    values.extend(
        value_bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]])),
    );
    Ok(values)
}
