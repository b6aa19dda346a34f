//! A long run of the octal engine writing one nim-sequence file, checkpointed and
//! resumed byte for byte, with memory and scratch space bounded at any length.
//!
//! The engine keeps only the values later values read ([`WINDOW`]: the first ones, the
//! last ones, and the rare positions; see [`nimlab_octal::Window`]), in memory. The run
//! writes `FILE` and keeps beside it `FILE.checkpoint`, a [`Checkpoint`] saved every
//! so often, and, in the counts format only, the engine's state (`FILE.state.0` and
//! `FILE.state.1`, in turn). They are deleted when the run ends. The run holds a lock on
//! `FILE` from start to end: a second run on the same file is refused, not raced.
//!
//! A run asked to resume continues from the checkpoint. In a format that lists the
//! values, everything it needs is in the output itself: it reads back the prefix the
//! checkpoint vouches for (its CRC-32 must match), and the engine takes in those values
//! as if it had computed them. So nothing beside the output can make a resumed run
//! differ from the output it continues. In the counts format the engine's state comes
//! from the state file the checkpoint names, whose CRC-32 it records, and which must be
//! consistent in itself. With no checkpoint (a run killed before its first) a run
//! starts from the beginning. A run that cannot go on (a value the window let go)
//! saves a checkpoint of what it did before it stops, and names what it needed; so
//! does a run asked to stop (by a signal, say), within milliseconds of the request.
//!
//! A new run replaces `FILE` only if it is empty, or a file of this game in this format
//! (one this command wrote): any other file is refused and left as it was.

use crate::RunError;
use crate::checkpoint::Checkpoint;
use crate::files::{lock, open_regular, process_limits, refuse};
use crate::format::{CHUNK, Counts, Encoding, refuse_unrelated};
use crate::state::State;
pub use crate::state::state_path;
use crc32fast::Hasher;
use nimlab_octal::{Method, Rules, SolveError, Solver, Window};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The values a run's engine keeps once it lets values go: the first 2^29 and the last
/// 2^30 (and up to an eighth more): 3.25 GiB, 4 GiB at the moment it first lets values
/// go (at 1.6·10^9 values); a run shorter than that keeps every value it computes. So a
/// rare position may lie up to 2^30 − 64 heaps from the start, and a proof scan may read
/// 2^29 pairs (0.167's rare positions at heaps 332,129,728 and 628,834,638 need about
/// 6.3·10^8 and 3.2·10^8). Periods are looked for until values are let go.
pub const WINDOW: Window = Window {
    front: 1 << 29,
    tail: 1 << 30,
};

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
    /// The run began: `total` values in all, of which `done` are already done.
    Started {
        /// Values the run computes in all.
        total: u64,
        /// Values already done.
        done: u64,
        /// How it began.
        start: Start,
    },
    /// `done` values are done.
    Advanced {
        /// Values done so far.
        done: u64,
    },
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// Every value is written, and the checkpoint and state are deleted.
    Finished,
    /// Asked to stop, the run saved a checkpoint of the `values` values it had, from
    /// which a run with `resume` goes on.
    Stopped {
        /// Values done and saved.
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
    /// Threads computing the sequence (see [`Solver::set_threads`]).
    pub threads: usize,
}

/// How far the run is, with the running CRC-32s that a checkpoint records.
struct Written {
    /// Values done: g(0) … g(values − 1).
    values: u64,
    /// Bytes of the output that hold them, the header included.
    bytes: u64,
    /// The CRC-32 of those bytes.
    output: Hasher,
    /// The CRC-32 of the values' bytes alone (the binary format's trailer).
    values_crc: Hasher,
    /// The CRC-32 of the values as 16-bit little-endian numbers.
    checksum: Hasher,
    /// How often each value occurs (counts format only).
    counts: Vec<u64>,
    /// The state file of the last checkpoint (counts format only).
    state_slot: u8,
}

impl Written {
    fn new(header: &[u8]) -> Written {
        let mut output = Hasher::new();
        output.update(header);
        Written {
            values: 0,
            bytes: header.len() as u64,
            output,
            values_crc: Hasher::new(),
            checksum: Hasher::new(),
            counts: Vec::new(),
            state_slot: 1,
        }
    }

    /// Take in the values g(values) … and the bytes that encode them.
    fn append(&mut self, values: &[u16], bytes: &[u8], count: bool) {
        self.output.update(bytes);
        self.values_crc.update(bytes);
        self.bytes += bytes.len() as u64;
        self.values += values.len() as u64;
        self.checksum.update(bytemuck::cast_slice(&le(values)));
        if count {
            for &value in values {
                let value = usize::from(value);
                if value >= self.counts.len() {
                    self.counts.resize(value + 1, 0);
                }
                self.counts[value] += 1;
            }
        }
    }
}

/// `values` as little-endian numbers.
fn le(values: &[u16]) -> Vec<u16> {
    values.iter().map(|v| v.to_le()).collect()
}

impl Run {
    fn capacity(&self) -> u64 {
        self.encoding.upto + 1
    }

    fn counts(&self) -> bool {
        !self.encoding.format.lists_values()
    }

    fn solver(&self) -> Solver {
        let mut solver = Solver::with_window(self.rules.clone(), Method::Auto, WINDOW);
        solver.set_threads(self.threads);
        solver
    }

    /// Compute and write g(0) … g(upto), checkpointing as it goes; `report` hears of
    /// its progress. See the module documentation.
    ///
    /// `stop()` is asked between chunks of values and, while they are computed, as
    /// often as [`Solver::advance_until`] asks (every few milliseconds); once it says
    /// to stop, the run writes the values it has, saves a checkpoint and ends with
    /// [`RunOutcome::Stopped`]. Before the first chunk (while a resumed run reads its
    /// files) it is not asked.
    pub fn execute(
        &self,
        report: &mut dyn FnMut(Event),
        stop: &dyn Fn() -> bool,
    ) -> Result<RunOutcome, RunError> {
        let checkpoint_path = checkpoint_path(&self.path);
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
                refuse_unrelated(&file, &self.path, &self.encoding.signature())?;
                let header = self.encoding.header();
                file.set_len(0)
                    .and_then(|()| file.write_all_at(&header, 0))
                    .and_then(|()| (&file).seek(SeekFrom::End(0)).map(drop))
                    .map_err(RunError::io("write", &self.path))?;
                let start = if self.resume {
                    Start::NothingToResume
                } else {
                    Start::New
                };
                (self.solver(), Written::new(&header), start)
            }
        };
        report(Event::Started {
            total: self.capacity(),
            done: written.values,
            start,
        });
        let failed = RunError::io("write", &self.path);
        let mut out = BufWriter::new(&file);
        let mut last_checkpoint = Instant::now();
        let mut buffer = Vec::new();
        let mut stopped = false;
        while written.values < self.capacity() && !stopped {
            let from = written.values;
            let mut end = (from + CHUNK).min(self.capacity());
            let values: Vec<u16> = match solver.certificate().cloned() {
                Some(c) => {
                    stopped = stop();
                    (from..end)
                        .map(|n| solver.value(c.reduce(n.into())).expect("a period is kept"))
                        .collect()
                }
                None => {
                    let advanced = solver.advance_until(end as usize, stop).map(drop);
                    // Stopped or failed within the chunk: its values so far are written.
                    stopped = (solver.len() as u64) < end;
                    end = solver.len() as u64;
                    let kept = solver.first_kept() as u64;
                    let values = solver.values()[(from - kept) as usize..].to_vec();
                    if let Err(e) = advanced {
                        self.account(&mut written, &mut out, &values, &mut buffer)?;
                        return Err(self.stop(e, &mut out, &solver, &mut written));
                    }
                    values
                }
            };
            debug_assert_eq!(values.len() as u64, end - from);
            self.account(&mut written, &mut out, &values, &mut buffer)?;
            report(Event::Advanced { done: end });
            if end < self.capacity()
                && (stopped || last_checkpoint.elapsed() >= self.checkpoint_every)
            {
                self.save(&mut out, &solver, &mut written)?;
                last_checkpoint = Instant::now();
            }
        }
        if written.values < self.capacity() {
            return Ok(RunOutcome::Stopped {
                values: written.values,
            });
        }
        if self.counts() {
            let counts = self.counts_of(&solver, &written);
            file.set_len(0)
                .and_then(|()| file.write_all_at(&counts.line(), 0))
                .and_then(|()| file.sync_all())
                .map_err(&failed)?;
        } else {
            let trailer = self.encoding.trailer(written.values_crc.clone().finalize());
            out.write_all(&trailer)
                .and_then(|()| out.flush())
                .and_then(|()| file.sync_all())
                .map_err(&failed)?;
        }
        // The checkpoint goes first: a kill in between leaves a state and no checkpoint,
        // which a new run replaces, never a checkpoint without its state.
        let scratch = [
            checkpoint_path,
            state_path(&self.path, 0),
            state_path(&self.path, 1),
        ];
        for path in &scratch {
            match fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => {
                    return Err(RunError::io("delete", path)(e));
                }
                _ => {}
            }
        }
        Ok(RunOutcome::Finished)
    }

    /// Take in `values`, the next ones: write them (in a format that lists them) and
    /// count them.
    fn account(
        &self,
        written: &mut Written,
        out: &mut BufWriter<&File>,
        values: &[u16],
        buffer: &mut Vec<u8>,
    ) -> Result<(), RunError> {
        buffer.clear();
        let wide = values.iter().map(|&v| u32::from(v));
        self.encoding.encode(written.values, wide, buffer);
        out.write_all(buffer)
            .map_err(RunError::io("write", &self.path))?;
        written.append(values, buffer, self.counts());
        Ok(())
    }

    /// What the counts format writes at the end.
    fn counts_of(&self, solver: &Solver, written: &Written) -> Counts {
        let summary = solver.summary();
        Counts {
            nimlab_counts: Counts::VERSION,
            game: self.encoding.spec.clone(),
            upto: self.encoding.upto,
            largest: (written.counts.len() - 1) as u16,
            checksum: format!("{:08x}", written.checksum.clone().finalize()),
            counts: (0..)
                .zip(&written.counts)
                .filter(|&(_, &count)| count > 0)
                .map(|(value, &count)| (value, count))
                .collect(),
            mask: summary.mask,
            rare: solver
                .rare_positions()
                .map(|(n, value)| (n as u64, value))
                .collect(),
            period: solver
                .certificate()
                .map(|c| serde_json::json!({ "preperiod": c.preperiod, "period": c.period })),
        }
    }

    /// Save a checkpoint: the output (or the state) synced first, then the record.
    fn save(
        &self,
        out: &mut BufWriter<&File>,
        solver: &Solver,
        written: &mut Written,
    ) -> Result<(), RunError> {
        let failed = RunError::io("write", &self.path);
        out.flush().map_err(&failed)?;
        out.get_ref().sync_data().map_err(failed)?;
        let state = if self.counts() {
            let slot = 1 - written.state_slot;
            let state = State {
                counts: written.counts.clone(),
                snapshot: solver.snapshot(),
            };
            let crc = state.save(&state_path(&self.path, slot))?;
            written.state_slot = slot;
            Some((slot, crc))
        } else {
            None
        };
        Checkpoint {
            spec: self.encoding.spec.clone(),
            format: self.encoding.format,
            upto: self.encoding.upto,
            values: written.values,
            bytes: written.bytes,
            output_crc: written.output.clone().finalize(),
            checksum: written.checksum.clone().finalize(),
            state,
        }
        .save(&checkpoint_path(&self.path))
    }

    /// The error of a run the engine cannot take further, after saving what it did.
    fn stop(
        &self,
        error: SolveError,
        out: &mut BufWriter<&File>,
        solver: &Solver,
        written: &mut Written,
    ) -> RunError {
        let limits = match error {
            SolveError::TooLarge { .. } => process_limits(),
            _ => String::new(),
        };
        let why = format!("{}: {error}{limits}", self.encoding.spec);
        match self.save(out, solver, written) {
            Ok(()) => RunError::Stopped(format!(
                "{why}; the run is saved at {} values",
                written.values
            )),
            Err(e) => RunError::Stopped(format!("{why}; its checkpoint could not be saved: {e}")),
        }
    }

    /// The engine and how far the run is, restored from `saved` once the files match it;
    /// the output is cut to the prefix the checkpoint vouches for.
    fn restore(
        &self,
        file: &File,
        saved: &Checkpoint,
        checkpoint_path: &Path,
    ) -> Result<(Solver, Written), RunError> {
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
        if saved.values > self.capacity() {
            return Err(unusable(&format!(
                "it claims {} values, more than the {} asked",
                saved.values,
                self.capacity()
            )));
        }
        let (solver, written) = if self.counts() {
            self.restore_state(saved, &unusable)?
        } else {
            self.restore_from_output(file, saved, &unusable)?
        };
        if written.checksum.clone().finalize() != saved.checksum {
            return Err(unusable(
                "its checksum does not match the values the run has: a file was changed",
            ));
        }
        file.set_len(saved.bytes)
            .and_then(|()| (&*file).seek(SeekFrom::End(0)).map(drop))
            .map_err(RunError::io("write", &self.path))?;
        Ok((solver, written))
    }

    /// The engine from the values of the output, which lists them.
    fn restore_from_output(
        &self,
        file: &File,
        saved: &Checkpoint,
        unusable: &dyn Fn(&str) -> RunError,
    ) -> Result<(Solver, Written), RunError> {
        let header = self.encoding.header();
        let length = file
            .metadata()
            .map_err(RunError::io("read", &self.path))?
            .len();
        if saved.bytes < header.len() as u64 || length < saved.bytes || saved.state.is_some() {
            return Err(unusable(&format!(
                "it vouches for {} bytes of {}, which has {length}",
                saved.bytes,
                self.path.display()
            )));
        }
        let mut solver = self.solver();
        let mut written = Written::new(&[]);
        let mut decoder = self.encoding.decoder();
        let mut values = Vec::new();
        let mut read = 0u64;
        let mut take_in = |values: &mut Vec<u16>, written: &mut Written| -> Result<(), String> {
            for &value in values.iter() {
                match solver.certificate() {
                    None => solver.take_in(&[value]),
                    Some(c) => {
                        let expected = solver.value(c.reduce(read.into()));
                        if expected != Some(value) {
                            return Err(format!("g({read}) does not continue its period"));
                        }
                    }
                }
                read += 1;
            }
            written.checksum.update(bytemuck::cast_slice(&le(values)));
            values.clear();
            Ok(())
        };
        let prefix = read_prefix(file, header.len() as u64, saved.bytes, &mut |bytes| {
            decoder.feed(bytes, &mut values)?;
            take_in(&mut values, &mut written)
        })
        .map_err(RunError::io("read", &self.path))?;
        let crc = match prefix {
            Ok(crc) if crc.whole == saved.output_crc => crc,
            _ => {
                return Err(unusable(&format!(
                    "the first {} bytes of {} do not match its CRC-32: the file was changed",
                    saved.bytes,
                    self.path.display()
                )));
            }
        };
        let finished = decoder
            .finish(&mut values)
            .and_then(|()| take_in(&mut values, &mut written));
        if let Err(why) = finished.and_then(|()| match read == saved.values {
            true => Ok(()),
            false => Err(format!("they hold {read} values")),
        }) {
            return Err(unusable(&format!(
                "it says {} values are written, but the first {} bytes of {} do not hold \
                 them: {why}",
                saved.values,
                saved.bytes,
                self.path.display()
            )));
        }
        let values_bytes = saved.bytes - header.len() as u64;
        written.values = saved.values;
        written.bytes = saved.bytes;
        written.output = Hasher::new_with_initial_len(crc.whole, saved.bytes);
        written.values_crc = Hasher::new_with_initial_len(crc.values, values_bytes);
        Ok((solver, written))
    }

    /// The engine and the counts from the state file the checkpoint names.
    fn restore_state(
        &self,
        saved: &Checkpoint,
        unusable: &dyn Fn(&str) -> RunError,
    ) -> Result<(Solver, Written), RunError> {
        let Some((slot, crc)) = saved.state.filter(|&(slot, _)| slot < 2) else {
            return Err(unusable("it names no state file"));
        };
        if saved.bytes != 0 {
            return Err(unusable(
                "it vouches for output bytes the counts format has not",
            ));
        }
        let path = state_path(&self.path, slot);
        let state = State::load(&path, crc)?;
        let inconsistent = |why: &str| {
            refuse(
                "state",
                &path,
                why,
                "the state its checkpoint was saved with",
            )
        };
        let mut solver =
            Solver::from_snapshot(self.rules.clone(), Method::Auto, WINDOW, &state.snapshot)
                .map_err(|why| inconsistent(&why))?;
        solver.set_threads(self.threads);
        let counted = (state.counts.iter()).try_fold(0u64, |sum, &count| sum.checked_add(count));
        let computed = solver.len() as u64;
        if counted != Some(saved.values)
            || computed > saved.values
            || (computed < saved.values && solver.certificate().is_none())
        {
            return Err(inconsistent(&format!(
                "it counts {} values and computed {computed}, not the {} its checkpoint \
                 says",
                counted.map_or("more than 2^64".to_string(), |counted| counted.to_string()),
                saved.values
            )));
        }
        let mut written = Written::new(&[]);
        written.values = saved.values;
        written.bytes = 0;
        written.checksum = Hasher::new_with_initial_len(saved.checksum, 2 * saved.values);
        written.counts = state.counts;
        written.state_slot = slot;
        Ok((solver, written))
    }
}

/// Buffer of the reader below.
const READ_BUFFER: usize = 1 << 20;

/// The CRC-32s of the written part of an output.
struct PrefixCrc {
    /// Of its bytes.
    whole: u32,
    /// Of its values' bytes (after the header).
    values: u32,
}

/// Read the first `bytes` bytes of `file`, of which the first `header` are the header,
/// at their offsets (the file's position is left alone), handing the values' bytes to
/// `values` in order; their CRC-32s, or why `values` refused them.
fn read_prefix(
    file: &File,
    header: u64,
    bytes: u64,
    values: &mut dyn FnMut(&[u8]) -> Result<(), String>,
) -> io::Result<Result<PrefixCrc, String>> {
    let mut whole = Hasher::new();
    let mut values_crc = Hasher::new();
    let mut buffer = vec![0; READ_BUFFER];
    let mut at = 0;
    while at < bytes {
        let want = (bytes - at).min(READ_BUFFER as u64) as usize;
        file.read_exact_at(&mut buffer[..want], at)?;
        whole.update(&buffer[..want]);
        let skip = header.saturating_sub(at).min(want as u64) as usize;
        let part = &buffer[skip..want];
        values_crc.update(part);
        if let Err(why) = values(part) {
            return Ok(Err(why));
        }
        at += want as u64;
    }
    Ok(Ok(PrefixCrc {
        whole: whole.finalize(),
        values: values_crc.finalize(),
    }))
}

/// The format a run writes is one `Decoder` reads; checked here so the two cannot drift.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;

    #[test]
    fn every_listing_format_reads_back_what_it_wrote() {
        let values: Vec<u16> = (0..5000u32)
            .map(|n| (n.wrapping_mul(2_654_435_761) >> 20) as u16)
            .collect();
        for format in Format::ALL.into_iter().filter(|f| f.lists_values()) {
            let encoding = Encoding {
                format,
                spec: "octal:0.167".into(),
                upto: values.len() as u64 - 1,
                wide: false,
            };
            let mut bytes = Vec::new();
            encoding.encode(0, values.iter().map(|&v| u32::from(v)), &mut bytes);
            for piece in [1, 7, 4096] {
                let mut decoder = encoding.decoder();
                let mut read = Vec::new();
                for part in bytes.chunks(piece) {
                    decoder.feed(part, &mut read).unwrap();
                }
                decoder.finish(&mut read).unwrap();
                assert_eq!(read, values, "{format} in pieces of {piece}");
            }
            if format != Format::Binary {
                let mut decoder = encoding.decoder();
                let mut read = Vec::new();
                let garbled = [&bytes[..10], b"x", &bytes[10..]].concat();
                assert!(decoder.feed(&garbled, &mut read).is_err(), "{format}");
            }
        }
    }
}
