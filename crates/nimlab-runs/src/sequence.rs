//! A long run of the octal engine writing one nim-sequence file, checkpointed and
//! resumed byte for byte.
//!
//! The run writes `FILE` and keeps two files beside it while it runs: `FILE.table`,
//! the engine's values in a [`MappedTable`] (so that its memory does not grow with the
//! number of values), and `FILE.checkpoint`, a [`Checkpoint`] saved every so often.
//! Both are deleted when the run ends. The run holds a lock on `FILE` and on its table
//! from start to end: a second run on the same file is refused, not raced.
//!
//! A run asked to resume continues from the checkpoint, after checking that the
//! output's prefix and the table are exactly what the checkpoint vouches for (their
//! CRC-32s); with no checkpoint (a run killed before its first) it starts from the
//! beginning. A run that cannot go on (a table that cannot grow) saves a checkpoint
//! of what it did before it stops, and names the limit it met; so does a run asked to
//! stop (by a signal, say), within milliseconds of the request.

use crate::Error;
use crate::checkpoint::Checkpoint;
use crate::files::{lock, open_regular, process_limits, refuse};
use crate::format::{CHUNK, Encoding};
use crate::mapped_table::MappedTable;
use crc32fast::Hasher;
use nimlab_octal::{Method, Rules, SolveError, Solver};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Bytes a value takes in the table.
const VALUE_BYTES: u64 = std::mem::size_of::<u16>() as u64;

/// The file beside `out` with `suffix` added to its name.
fn beside(out: &Path, suffix: &str) -> PathBuf {
    let mut name = out.to_path_buf().into_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// The checkpoint of a run writing `out`: `out.checkpoint`.
pub fn checkpoint_path(out: &Path) -> PathBuf {
    beside(out, ".checkpoint")
}

/// The table of a run writing `out`: `out.table`.
pub fn table_path(out: &Path) -> PathBuf {
    beside(out, ".table")
}

/// How a run began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// From the first value, as asked.
    New,
    /// From its checkpoint.
    Resumed,
    /// Asked to resume, but there was no checkpoint (the run had not saved one, or it
    /// had finished): from the first value.
    NothingToResume,
}

/// What a run tells its caller as it goes, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The run began: `total` values in all, of which `done` are already written.
    Started {
        /// Values the file will hold.
        total: u64,
        /// Values already written.
        done: u64,
        /// How it began.
        start: Start,
    },
    /// `done` values are written.
    Advanced {
        /// Values written so far.
        done: u64,
    },
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every value is written, and the checkpoint and table are deleted.
    Finished,
    /// Asked to stop, the run saved a checkpoint of the `values` values it wrote, from
    /// which a run with `resume` goes on.
    Stopped {
        /// Values written and saved.
        values: u64,
    },
}

/// A long run of the octal engine writing one file.
pub struct Run {
    /// The file written.
    pub path: PathBuf,
    /// How the values are written.
    pub encoding: Encoding,
    /// The game's rules.
    pub rules: Rules,
    /// Whether to continue from the checkpoint, if there is one.
    pub resume: bool,
    /// Time between checkpoints.
    pub checkpoint_every: Duration,
}

/// How far the output is written, with the running CRC-32s that a checkpoint records.
struct Written {
    /// Values written: g(0) … g(values − 1).
    values: u64,
    /// Bytes they take, the header included.
    bytes: u64,
    /// The CRC-32 of those bytes.
    output: Hasher,
    /// The CRC-32 of the values' bytes alone (the binary format's trailer; cheap
    /// enough to keep for every format).
    values_crc: Hasher,
    /// The CRC-32 of the values the table holds. It follows them as they are computed,
    /// while they are resident: reading them back at a checkpoint would fault them all
    /// in again.
    table: Hasher,
}

impl Written {
    /// Record `bytes` appended to the output, holding values up to g(`values` − 1).
    fn append(&mut self, bytes: &[u8], values: u64) {
        self.output.update(bytes);
        self.values_crc.update(bytes);
        self.bytes += bytes.len() as u64;
        self.values = values;
    }
}

impl Run {
    fn capacity(&self) -> u64 {
        self.encoding.upto + 1
    }

    /// Compute and write g(0) … g(upto), checkpointing as it goes; `report` hears of
    /// its progress. See the module documentation.
    ///
    /// `stop()` is asked between chunks of values and, while they are computed, as
    /// often as [`Solver::advance_until`] asks (every few milliseconds); once it says
    /// to stop, the run writes the values it has, saves a checkpoint and ends with
    /// [`Outcome::Stopped`]. Before the first chunk (while a resumed run reads its
    /// files) it is not asked.
    pub fn execute(
        &self,
        report: &mut dyn FnMut(Event),
        stop: &dyn Fn() -> bool,
    ) -> Result<Outcome, Error> {
        let checkpoint_path = checkpoint_path(&self.path);
        let table_path = table_path(&self.path);
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        let file = open_regular(&self.path, &mut options, "--out", "a file to write")?;
        lock(&file, &self.path, "--out")?;
        let (mut solver, mut written, start) = match Checkpoint::load(&checkpoint_path)? {
            Some(_) if !self.resume => {
                return Err(refuse(
                    "--out",
                    &self.path,
                    &format!(
                        "it has the checkpoint of an unfinished run ({})",
                        checkpoint_path.display()
                    ),
                    "--resume to continue it, or delete the checkpoint to start again",
                ));
            }
            Some(saved) => {
                let (solver, written) = self.restore(&file, &saved, &checkpoint_path)?;
                (solver, written, Start::Resumed)
            }
            None => {
                let (solver, written) = self.begin(&file, &table_path)?;
                let start = if self.resume {
                    Start::NothingToResume
                } else {
                    Start::New
                };
                (solver, written, start)
            }
        };
        report(Event::Started {
            total: self.capacity(),
            done: written.values,
            start,
        });
        let failed = Error::io("write", &self.path);
        let mut out = BufWriter::new(&file);
        let mut last_checkpoint = Instant::now();
        let mut buffer = Vec::new();
        let mut stopped = false;
        while written.values < self.capacity() && !stopped {
            let mut end = (written.values + CHUNK).min(self.capacity());
            buffer.clear();
            match solver.certificate().cloned() {
                Some(c) => {
                    let values = solver.values();
                    let range = written.values as usize..end as usize;
                    let periodic = range.map(|n| u32::from(values[c.reduce(n as u128)]));
                    self.encoding.encode(written.values, periodic, &mut buffer);
                    stopped = stop();
                }
                None => {
                    let computed = solver.len();
                    let advanced = solver.advance_until(end as usize, stop).map(drop);
                    written
                        .table
                        .update(bytemuck::cast_slice(&solver.values()[computed..]));
                    if let Err(e) = advanced {
                        return Err(self.stop(e, &mut out, &solver, &written));
                    }
                    // Stopped within the chunk: its values so far are written.
                    stopped = (solver.len() as u64) < end;
                    end = solver.len() as u64;
                    let range = written.values as usize..end as usize;
                    let values = solver.values()[range].iter().map(|&v| u32::from(v));
                    self.encoding.encode(written.values, values, &mut buffer);
                }
            }
            out.write_all(&buffer).map_err(&failed)?;
            written.append(&buffer, end);
            report(Event::Advanced { done: end });
            if end < self.capacity()
                && (stopped || last_checkpoint.elapsed() >= self.checkpoint_every)
            {
                self.save(&mut out, &solver, &written)?;
                last_checkpoint = Instant::now();
            }
        }
        if written.values < self.capacity() {
            return Ok(Outcome::Stopped {
                values: written.values,
            });
        }
        let trailer = self.encoding.trailer(written.values_crc.finalize());
        out.write_all(&trailer)
            .and_then(|()| out.flush())
            .and_then(|()| file.sync_all())
            .map_err(&failed)?;
        drop(solver);
        // The checkpoint goes first: a kill in between leaves a table and no
        // checkpoint, which a resumed run replaces, never a checkpoint without table.
        for scratch in [&checkpoint_path, &table_path] {
            match fs::remove_file(scratch) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => {
                    return Err(Error::io("delete", scratch)(e));
                }
                _ => {}
            }
        }
        Ok(Outcome::Finished)
    }

    /// A new run: an empty table, and the output holding its header.
    fn begin(
        &self,
        file: &File,
        table_path: &Path,
    ) -> Result<(Solver<MappedTable>, Written), Error> {
        // The table first: if another run holds it, the output is left as it was.
        let table = MappedTable::create(table_path, self.capacity() as usize)?;
        let header = self.encoding.header();
        let mut output = Hasher::new();
        output.update(&header);
        file.set_len(0)
            .and_then(|()| file.write_all_at(&header, 0))
            .and_then(|()| (&*file).seek(SeekFrom::End(0)).map(drop))
            .map_err(Error::io("write", &self.path))?;
        let written = Written {
            values: 0,
            bytes: header.len() as u64,
            output,
            values_crc: Hasher::new(),
            table: Hasher::new(),
        };
        Ok((
            Solver::with_table(self.rules.clone(), Method::Auto, table),
            written,
        ))
    }

    /// Save a checkpoint: the output and the table synced first, then the record.
    fn save(
        &self,
        out: &mut BufWriter<&File>,
        solver: &Solver<MappedTable>,
        written: &Written,
    ) -> Result<(), Error> {
        let failed = Error::io("write", &self.path);
        out.flush().map_err(&failed)?;
        out.get_ref().sync_data().map_err(failed)?;
        let table_path = table_path(&self.path);
        solver
            .table()
            .sync()
            .map_err(Error::io("write", &table_path))?;
        Checkpoint {
            spec: self.encoding.spec.clone(),
            format: self.encoding.format,
            upto: self.encoding.upto,
            values: written.values,
            bytes: written.bytes,
            output_crc: written.output.clone().finalize(),
            table_values: solver.len() as u64,
            table_crc: written.table.clone().finalize(),
        }
        .save(&checkpoint_path(&self.path))
    }

    /// The error of a run the engine cannot take further, after saving what it did.
    fn stop(
        &self,
        error: SolveError,
        out: &mut BufWriter<&File>,
        solver: &Solver<MappedTable>,
        written: &Written,
    ) -> Error {
        let why = match solver.table().failure() {
            Some(e) => format!(
                "cannot grow {}: {e}{}",
                table_path(&self.path).display(),
                process_limits()
            ),
            None => format!("{}: {error}", self.encoding.spec),
        };
        match self.save(out, solver, written) {
            Ok(()) => Error::Stopped(format!(
                "{why}; the run is saved at {} values: resume it where that limit allows",
                written.values
            )),
            Err(e) => Error::Stopped(format!("{why}; its checkpoint could not be saved: {e}")),
        }
    }

    /// The solver and how far the output is written, restored from `saved` once the
    /// output's prefix and the table match it; the output is cut to that prefix.
    fn restore(
        &self,
        file: &File,
        saved: &Checkpoint,
        checkpoint_path: &Path,
    ) -> Result<(Solver<MappedTable>, Written), Error> {
        let expected = "the checkpoint of this run";
        let unusable = |why: &str| refuse("checkpoint", checkpoint_path, why, expected);
        let asked = (
            &self.encoding.spec,
            self.encoding.format,
            self.encoding.upto,
        );
        if (&saved.spec, saved.format, saved.upto) != asked {
            return Err(unusable(&format!(
                "it is for {} --upto {} --format {}, not {} --upto {} --format {}",
                saved.spec, saved.upto, saved.format, asked.0, asked.2, asked.1
            )));
        }
        let most = saved.values.max(saved.table_values);
        if most > self.capacity() {
            return Err(unusable(&format!(
                "it claims {most} values, more than the {} asked",
                self.capacity()
            )));
        }
        let header = self.encoding.header();
        let length = file
            .metadata()
            .map_err(Error::io("read", &self.path))?
            .len();
        if saved.bytes < header.len() as u64 || length < saved.bytes {
            return Err(unusable(&format!(
                "it vouches for {} bytes of {}, which has {length}",
                saved.bytes,
                self.path.display()
            )));
        }
        let delimiter = self.encoding.delimiter();
        let prefix = read_prefix(file, header.len() as u64, saved.bytes, delimiter)
            .map_err(Error::io("read", &self.path))?;
        if prefix.crc != saved.output_crc {
            return Err(unusable(&format!(
                "the first {} bytes of {} do not match its CRC-32: the file was changed",
                saved.bytes,
                self.path.display()
            )));
        }
        let values_bytes = saved.bytes - header.len() as u64;
        let held = self.encoding.values_held(values_bytes, prefix.delimiters);
        if held != Some(saved.values) {
            return Err(unusable(&format!(
                "it says {} values are written, but the first {} bytes of {} do not hold \
                 that many",
                saved.values,
                saved.bytes,
                self.path.display()
            )));
        }
        let table_path = table_path(&self.path);
        let table = MappedTable::open(
            &table_path,
            saved.table_values as usize,
            self.capacity() as usize,
        )?;
        let table_bytes = saved.table_values * VALUE_BYTES;
        let table_crc =
            file_crc(&table_path, table_bytes).map_err(Error::io("read", &table_path))?;
        if table_crc != saved.table_crc {
            return Err(refuse(
                "table",
                &table_path,
                "its values do not match the checkpoint's CRC-32: the file was changed",
                "the table its checkpoint was written with",
            ));
        }
        file.set_len(saved.bytes)
            .and_then(|()| (&*file).seek(SeekFrom::End(0)).map(drop))
            .map_err(Error::io("write", &self.path))?;
        // Last, once every check has passed: taking up the table reads all of it.
        let solver = Solver::with_table(self.rules.clone(), Method::Auto, table);
        if saved.values > saved.table_values && solver.certificate().is_none() {
            return Err(unusable(&format!(
                "it says {} values are written but its table holds {} and no period",
                saved.values, saved.table_values
            )));
        }
        Ok((
            solver,
            Written {
                values: saved.values,
                bytes: saved.bytes,
                output: Hasher::new_with_initial_len(prefix.crc, saved.bytes),
                values_crc: Hasher::new_with_initial_len(prefix.values_crc, values_bytes),
                table: Hasher::new_with_initial_len(table_crc, table_bytes),
            },
        ))
    }
}

/// Buffer of the readers below.
const READ_BUFFER: usize = 1 << 20;

/// What the written part of an output holds.
struct Prefix {
    /// The CRC-32 of its bytes.
    crc: u32,
    /// The CRC-32 of its values' bytes (after the header).
    values_crc: u32,
    /// How many of the values' bytes are the delimiter.
    delimiters: u64,
}

/// Read the first `bytes` bytes of `file`, of which the first `header` are the header,
/// at their offsets (the file's position is left alone).
fn read_prefix(file: &File, header: u64, bytes: u64, delimiter: Option<u8>) -> io::Result<Prefix> {
    let mut whole = Hasher::new();
    let mut values = Hasher::new();
    let mut delimiters = 0;
    let mut buffer = vec![0; READ_BUFFER];
    let mut at = 0;
    while at < bytes {
        let want = (bytes - at).min(READ_BUFFER as u64) as usize;
        file.read_exact_at(&mut buffer[..want], at)?;
        whole.update(&buffer[..want]);
        let skip = header.saturating_sub(at).min(want as u64) as usize;
        let part = &buffer[skip..want];
        values.update(part);
        if let Some(delimiter) = delimiter {
            delimiters += part.iter().filter(|&&b| b == delimiter).count() as u64;
        }
        at += want as u64;
    }
    Ok(Prefix {
        crc: whole.finalize(),
        values_crc: values.finalize(),
        delimiters,
    })
}

/// The CRC-32 of the first `bytes` bytes of the file at `path`, read through the page
/// cache rather than a map, so that the pages do not count as the process's memory.
fn file_crc(path: &Path, bytes: u64) -> io::Result<u32> {
    let mut reader = File::open(path)?.take(bytes);
    let mut crc = Hasher::new();
    let mut buffer = vec![0; READ_BUFFER];
    loop {
        match reader.read(&mut buffer)? {
            0 => return Ok(crc.finalize()),
            read => crc.update(&buffer[..read]),
        }
    }
}
