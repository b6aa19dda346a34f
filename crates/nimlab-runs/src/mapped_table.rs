//! The octal engine's values in a memory-mapped file, for long runs.
//!
//! The file (`FILE.table` beside a run's output) holds g(0), g(1), … as 16-bit numbers in
//! this machine's byte order; it is the run's scratch, deleted when the run finishes.
//! The operating system keeps resident only the pages the engine touches, and the table
//! gives back all but the first [`FRONT`] and the last [`BACK`] values every
//! [`RELEASE_EVERY`] values the engine takes up (as it computes them, or reads them in
//! when a run resumes), so the run's memory does not grow with the number of values: the sparse method reads the first values, the last ones (the partners of
//! the rare positions) and, in an occasional long proof scan, others, which come back
//! from the page cache or the disk. Every value stays addressable, so no value depends
//! on a guess about how far back the engine will look.

use crate::Error;
use crate::files::{lock, open_regular, refuse};
use memmap2::{MmapMut, UncheckedAdvice};
use nimlab_octal::Table;
use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

/// Values kept resident at the start of the table.
pub const FRONT: usize = 1 << 20;

/// Values kept resident at the end of the table.
pub const BACK: usize = 1 << 22;

/// Values computed between two releases of the rest.
pub const RELEASE_EVERY: usize = 1 << 22;

/// The most values a period check examines (16 MiB of work space): periods up to about
/// four million are found; longer ones are not, and values are then computed rather
/// than repeated, which changes no value.
pub const PERIOD_WINDOW: usize = 1 << 22;

const VALUE_BYTES: usize = std::mem::size_of::<u16>();

/// A [`Table`] in a memory-mapped file, locked for this process while it is open.
pub struct MappedTable {
    file: File,
    map: MmapMut,
    /// Values held: g(0) … g(len − 1).
    len: usize,
    /// Values the file and the map have room for (at least 1: a map is never empty).
    capacity: usize,
    /// The most values the table may grow to.
    most: usize,
    /// How many values the engine had taken up when the rest was last released.
    released_at: usize,
    /// Why the table last failed to grow.
    failure: Option<io::Error>,
}

/// Values a new table has room for before it first grows.
const FIRST_CAPACITY: usize = 1 << 20;

impl MappedTable {
    /// A new, empty table in `path` (replacing any file there, once it is locked) that
    /// may grow to `most` values; it claims the disk as it grows (doubling), so a
    /// periodic game that needs few values takes little.
    pub fn create(path: &Path, most: usize) -> Result<MappedTable, Error> {
        let file = open_locked(path, OpenOptions::new().create(true))?;
        file.set_len(0).map_err(Error::io("write", path))?;
        MappedTable::new(file, 0, most.min(FIRST_CAPACITY), most).map_err(Error::io("write", path))
    }

    /// The table in `path`, whose first `len` values a run wrote and synced, that may
    /// grow to `most` values.
    pub fn open(path: &Path, len: usize, most: usize) -> Result<MappedTable, Error> {
        let expected = "the table its checkpoint was written with";
        let file = match open_locked(path, &mut OpenOptions::new()) {
            Err(Error::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                return Err(refuse("table", path, "it does not exist", expected));
            }
            file => file?,
        };
        let bytes = file.metadata().map_err(Error::io("read", path))?.len();
        if bytes < (len * VALUE_BYTES) as u64 {
            let what = format!(
                "it has {bytes} bytes, fewer than the {} its {len} values take",
                len * VALUE_BYTES
            );
            return Err(refuse("table", path, &what, expected));
        }
        MappedTable::new(file, len, len, most.max(len)).map_err(Error::io("read", path))
    }

    /// Why the table last failed to grow, if it did.
    pub fn failure(&self) -> Option<&io::Error> {
        self.failure.as_ref()
    }

    fn new(file: File, len: usize, capacity: usize, most: usize) -> io::Result<MappedTable> {
        let capacity = capacity.max(1);
        Ok(MappedTable {
            map: claim(&file, capacity)?,
            file,
            len,
            capacity,
            most,
            released_at: 0,
            failure: None,
        })
    }

    /// Write the values to the file; when this returns they survive a kill or a crash.
    pub fn sync(&self) -> io::Result<()> {
        self.map.flush_range(0, self.len * VALUE_BYTES)
    }

    /// Give back to the operating system the pages between the first [`FRONT`] values
    /// and the last [`BACK`] of the first `count`. Their contents stay in the file and
    /// come back when read.
    fn release_cold(&mut self, count: usize) {
        self.released_at = count;
        let page = rustix::param::page_size();
        let start = (FRONT * VALUE_BYTES).next_multiple_of(page);
        let end = (count.saturating_sub(BACK) * VALUE_BYTES) / page * page;
        if start < end {
            // SAFETY: the map is a shared mapping of a file, so dropping its pages loses
            // nothing: the next read of them maps the file's up-to-date contents again.
            // A release that fails only leaves the pages resident.
            let _ = unsafe {
                self.map
                    .unchecked_advise_range(UncheckedAdvice::DontNeed, start, end - start)
            };
        }
    }
}

/// The regular file at `path`, opened to read and write with `options` and locked.
fn open_locked(path: &Path, options: &mut OpenOptions) -> Result<File, Error> {
    let expected = "the scratch file of a run (a regular file)";
    let file = open_regular(path, options.read(true).write(true), "table", expected)?;
    lock(&file, path, "table")?;
    Ok(file)
}

/// Room for `capacity` values in `file`, claimed on disk, and the whole file mapped.
fn claim(file: &File, capacity: usize) -> io::Result<MmapMut> {
    let bytes = (capacity * VALUE_BYTES) as u64;
    // Claim the disk now: a write through the map to a block the disk cannot give
    // would kill the process with SIGBUS instead of returning an error.
    match rustix::fs::fallocate(file, rustix::fs::FallocateFlags::empty(), 0, bytes) {
        Ok(()) => {}
        Err(e) if e == rustix::io::Errno::OPNOTSUPP => file.set_len(bytes)?,
        Err(e) => {
            return Err(io::Error::new(
                io::Error::from(e).kind(),
                format!("cannot reserve {} MiB on disk for it: {e}", bytes >> 20),
            ));
        }
    }
    // SAFETY: the file is this run's own scratch, locked for it, which nothing else
    // changes while it is mapped, and the map is never read past the file's length.
    unsafe { MmapMut::map_mut(file) }.map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot map its {} MiB into memory: {e}", bytes >> 20),
        )
    })
}

impl Table for MappedTable {
    fn values(&self) -> &[u16] {
        bytemuck::cast_slice(&self.map[..self.len * VALUE_BYTES])
    }

    fn reserve(&mut self, total: usize) -> bool {
        if total <= self.capacity {
            return true;
        }
        if total > self.most {
            self.failure = Some(io::Error::other(format!(
                "{total} values asked, beyond the run's {}",
                self.most
            )));
            return false;
        }
        let capacity = total.max(2 * self.capacity).min(self.most);
        match claim(&self.file, capacity) {
            Ok(map) => {
                self.map = map;
                self.capacity = capacity;
                true
            }
            Err(e) => {
                self.failure = Some(e);
                false
            }
        }
    }

    fn push(&mut self, value: u16) {
        let at = self.len * VALUE_BYTES;
        self.map[at..at + VALUE_BYTES].copy_from_slice(&value.to_ne_bytes());
        self.len += 1;
    }

    fn period_window(&self) -> usize {
        PERIOD_WINDOW
    }

    /// Every [`RELEASE_EVERY`] values taken up, whether computed or read in on resuming.
    fn taken_up(&mut self, count: usize) {
        if count >= self.released_at + RELEASE_EVERY {
            self.release_cold(count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_survive_release_growth_and_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.table");
        let count = FRONT + BACK + RELEASE_EVERY + 12_345;
        let mut table = MappedTable::create(&path, count).unwrap();
        assert_eq!(table.capacity, FIRST_CAPACITY);
        let value = |n: usize| (n.wrapping_mul(2_654_435_761) >> 7) as u16;
        let holds_values = |table: &MappedTable| {
            let values = table.values().iter();
            values.enumerate().all(|(n, &g)| g == value(n))
        };
        for n in 0..count {
            assert!(table.reserve(n + 1));
            table.push(value(n));
        }
        assert_eq!(table.capacity, count);
        assert!(!table.reserve(count + 1));
        assert!(table.failure().unwrap().to_string().contains("beyond"));
        table.taken_up(count);
        assert_eq!(table.released_at, count);
        assert!(holds_values(&table));
        table.sync().unwrap();
        drop(table);
        let reopened = MappedTable::open(&path, count - 5, count).unwrap();
        // While it is open, no other open of the file may have it.
        let held = MappedTable::create(&path, count).err().unwrap().to_string();
        assert!(held.contains("another run is writing it"), "{held}");
        assert_eq!(reopened.values().len(), count - 5);
        assert!(holds_values(&reopened));
        assert!(MappedTable::open(&path, 4 * count, 4 * count).is_err());
        let small = dir.path().join("small.table");
        let table = MappedTable::create(&small, 100).unwrap();
        assert_eq!(std::fs::metadata(&small).unwrap().len(), 200);
        assert!(table.values().is_empty());
    }
}
