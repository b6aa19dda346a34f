//! Nim-sequences written to files: the formats of `grundy --format`, long runs of the
//! octal engine that checkpoint and resume byte for byte, and the SVG plot.
//!
//! The binary format, for programs: the 8 bytes `NIMSEQ\0\x01` (name and version); the
//! game's spec as a u32 length and its UTF-8 bytes; the first heap (u64, 0) and the
//! number of values (u64); the width of a value in bytes (u8: 2 for take-and-break
//! games, 4 otherwise); the values, little-endian; and a CRC-32 (IEEE, u32) of the
//! values' bytes. Every number is little-endian.
//!
//! A long run keeps the engine's values in `FILE.table`, a memory-mapped file
//! ([`MappedTable`]), so its memory does not grow with the number of values. Its
//! checkpoint (`FILE.checkpoint`) is the line `nimlab checkpoint 2` and a JSON line
//! saying which run it belongs to, how far the file is written, and how many values
//! the table holds with their CRC-32. It is written after both files are synced, to a
//! temporary file, synced and renamed, so a kill at any moment leaves either the old
//! checkpoint or the new one, and the files hold at least what it covers.

use super::mapped_table::MappedTable;
use crate::failure::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use nimlab_core::solve::period::Periodicity;
use nimlab_octal::{Method, Rules, Solver};
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How the values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One line of values separated by spaces.
    Plain,
    /// "n,grundy" rows under a header.
    Csv,
    /// One JSON object: {"game", "upto", "values"}.
    Json,
    /// "n g(n)" lines, as an OEIS b-file.
    Bfile,
    /// A header, the values and a CRC-32 (see the module documentation).
    Binary,
}

/// Values written in one step of a long run.
const CHUNK: u64 = 1 << 16;

/// The most values drawn by `--plot`.
pub const PLOT_VALUES: usize = 1 << 20;

const MAGIC: &[u8; 8] = b"NIMSEQ\0\x01";
const CHECKPOINT_LINE: &str = "nimlab checkpoint 2";

/// The longest checkpoint read: two short lines.
const MAX_CHECKPOINT_BYTES: u64 = 1 << 16;

/// How one nim-sequence is encoded: its format and what the header says.
pub struct Encoding {
    /// The format.
    pub format: Format,
    /// The game's spec.
    pub spec: String,
    /// The largest heap: values g(0), …, g(upto).
    pub upto: u64,
    /// Whether values take 4 bytes in the binary format (2 for take-and-break games).
    pub wide: bool,
}

impl Encoding {
    /// What comes before the first value.
    fn header(&self) -> Vec<u8> {
        match self.format {
            Format::Plain | Format::Bfile => Vec::new(),
            Format::Csv => b"n,grundy\n".to_vec(),
            Format::Json => format!(
                "{{\"game\":{},\"upto\":{},\"values\":[",
                serde_json::to_string(&self.spec).expect("a string serializes"),
                self.upto
            )
            .into_bytes(),
            Format::Binary => {
                let mut out = MAGIC.to_vec();
                out.extend((self.spec.len() as u32).to_le_bytes());
                out.extend(self.spec.as_bytes());
                out.extend(0u64.to_le_bytes());
                out.extend((self.upto + 1).to_le_bytes());
                out.push(if self.wide { 4 } else { 2 });
                out
            }
        }
    }

    /// The values g(first), g(first + 1), … appended to `out`.
    fn encode(&self, first: u64, values: impl Iterator<Item = u32>, out: &mut Vec<u8>) {
        let mut buffer = itoa::Buffer::new();
        for (n, value) in (first..).zip(values) {
            match self.format {
                Format::Plain | Format::Json => {
                    if n > 0 {
                        out.push(if self.format == Format::Plain {
                            b' '
                        } else {
                            b','
                        });
                    }
                    out.extend(buffer.format(value).as_bytes());
                }
                Format::Csv | Format::Bfile => {
                    out.extend(buffer.format(n).as_bytes());
                    out.push(if self.format == Format::Csv {
                        b','
                    } else {
                        b' '
                    });
                    out.extend(buffer.format(value).as_bytes());
                    out.push(b'\n');
                }
                Format::Binary if self.wide => out.extend(value.to_le_bytes()),
                Format::Binary => out.extend((value as u16).to_le_bytes()),
            }
        }
    }

    /// What comes after the last value; `crc` is the CRC-32 of the binary values.
    fn trailer(&self, crc: u32) -> Vec<u8> {
        match self.format {
            Format::Plain => b"\n".to_vec(),
            Format::Csv | Format::Bfile => Vec::new(),
            Format::Json => b"]}\n".to_vec(),
            Format::Binary => crc.to_le_bytes().to_vec(),
        }
    }

    /// The whole sequence, g(0) … g(upto) = `values`, written to `out`.
    pub fn write_all(&self, out: &mut dyn Write, values: &[u32]) -> io::Result<()> {
        out.write_all(&self.header())?;
        let mut crc = crc32fast::Hasher::new();
        let mut buffer = Vec::new();
        for (index, chunk) in values.chunks(CHUNK as usize).enumerate() {
            buffer.clear();
            self.encode(index as u64 * CHUNK, chunk.iter().copied(), &mut buffer);
            crc.update(&buffer);
            out.write_all(&buffer)?;
        }
        out.write_all(&self.trailer(crc.finalize()))
    }
}

/// Write a whole sequence to `path` (for games whose values are computed in memory).
pub fn write_all(path: &Path, encoding: &Encoding, values: &[u32]) -> Result<(), Failure> {
    let failed = |e: io::Error| file_error(path, e);
    let mut out = BufWriter::new(File::create(path).map_err(failed)?);
    encoding.write_all(&mut out, values).map_err(failed)?;
    out.into_inner()
        .map_err(|e| failed(e.into_error()))?
        .sync_all()
        .map_err(failed)
}

/// Bytes a value takes in the table.
const VALUE_BYTES: u64 = std::mem::size_of::<u16>() as u64;

fn file_error(path: &Path, error: impl std::fmt::Display) -> Failure {
    Failure::Other(format!("cannot write {}: {error}", path.display()))
}

/// Which run a checkpoint belongs to and how far its file is written.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct CheckpointMeta {
    spec: String,
    format: Format,
    upto: u64,
    /// Values written to the file: g(0) … g(values − 1).
    values: u64,
    /// Bytes of the file that hold them (header included).
    bytes: u64,
    /// The CRC-32 of the binary values written, and how many bytes it covers.
    crc: u32,
    crc_bytes: u64,
    /// Values the table holds, synced, and the CRC-32 of their bytes.
    table_values: u64,
    table_crc: u32,
}

/// A long run of the octal engine writing one file.
pub struct Run {
    /// The file written.
    pub path: PathBuf,
    /// How the values are written.
    pub encoding: Encoding,
    /// The game's rules.
    pub rules: Rules,
    /// Whether to continue from the checkpoint.
    pub resume: bool,
    /// Time between checkpoints.
    pub checkpoint_every: Duration,
}

impl Run {
    /// The file beside the output with `suffix` added to its name.
    fn beside(&self, suffix: &str) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(suffix);
        PathBuf::from(name)
    }

    fn capacity(&self) -> usize {
        self.encoding.upto as usize + 1
    }

    /// Compute and write g(0) … g(upto), checkpointing as it goes.
    pub fn execute(&self) -> Result<(), Failure> {
        let failed = |e: io::Error| file_error(&self.path, e);
        let checkpoint = self.beside(".checkpoint");
        let table_path = self.beside(".table");
        let (file, mut solver, mut meta) = if self.resume {
            self.restore(&checkpoint, &table_path)?
        } else {
            if checkpoint.exists() {
                return Err(Failure::Input(format!(
                    "invalid --out '{}': it has the checkpoint of an unfinished run ({}); \
                     expected --resume to continue it, or delete the checkpoint to start again",
                    self.path.display(),
                    checkpoint.display()
                )));
            }
            let mut file = File::create(&self.path).map_err(failed)?;
            let header = self.encoding.header();
            file.write_all(&header).map_err(failed)?;
            let meta = CheckpointMeta {
                spec: self.encoding.spec.clone(),
                format: self.encoding.format,
                upto: self.encoding.upto,
                values: 0,
                bytes: header.len() as u64,
                crc: 0,
                crc_bytes: 0,
                table_values: 0,
                table_crc: 0,
            };
            let table = MappedTable::create(&table_path, self.capacity())
                .map_err(|e| file_error(&table_path, e))?;
            let solver = Solver::with_table(self.rules.clone(), Method::Auto, table);
            (file, solver, meta)
        };
        let mut out = BufWriter::new(file);
        let mut crc = crc32fast::Hasher::new_with_initial_len(meta.crc, meta.crc_bytes);
        // The table's CRC follows the values as they are computed, while they are
        // resident: reading them back at a checkpoint would fault them all in again.
        let mut table_crc = crc32fast::Hasher::new_with_initial_len(
            meta.table_crc,
            meta.table_values * VALUE_BYTES,
        );
        let progress = progress_bar(self.encoding.upto + 1, meta.values);
        let mut last_checkpoint = Instant::now();
        let mut buffer = Vec::new();
        while meta.values <= self.encoding.upto {
            let end = (meta.values + CHUNK).min(self.encoding.upto + 1);
            buffer.clear();
            let range = meta.values as usize..end as usize;
            match solver.certificate().cloned() {
                Some(c) => {
                    let values = solver.values();
                    let periodic = range.map(|n| u32::from(values[c.reduce(n as u128)]));
                    self.encoding.encode(meta.values, periodic, &mut buffer);
                }
                None => {
                    let computed = solver.len();
                    if let Err(e) = solver.advance(end as usize).map(drop) {
                        return Err(match solver.table().failure() {
                            Some(why) => file_error(&table_path, why),
                            None => Failure::Other(format!("{}: {e}", self.encoding.spec)),
                        });
                    }
                    let values = solver.values()[range].iter().map(|&v| u32::from(v));
                    self.encoding.encode(meta.values, values, &mut buffer);
                    table_crc.update(bytemuck::cast_slice(&solver.values()[computed..]));
                }
            }
            if self.encoding.format == Format::Binary {
                crc.update(&buffer);
                meta.crc_bytes += buffer.len() as u64;
            }
            out.write_all(&buffer).map_err(failed)?;
            meta.values = end;
            meta.bytes += buffer.len() as u64;
            progress.set_position(end);
            let table_failed = |e: io::Error| file_error(&table_path, e);
            if last_checkpoint.elapsed() >= self.checkpoint_every && end <= self.encoding.upto {
                meta.crc = crc.clone().finalize();
                out.flush().map_err(failed)?;
                out.get_ref().sync_data().map_err(failed)?;
                solver.table().sync().map_err(table_failed)?;
                meta.table_values = solver.len() as u64;
                meta.table_crc = table_crc.clone().finalize();
                self.save_checkpoint(&checkpoint, &meta)?;
                last_checkpoint = Instant::now();
            }
        }
        out.write_all(&self.encoding.trailer(crc.finalize()))
            .map_err(failed)?;
        out.into_inner()
            .map_err(|e| failed(e.into_error()))?
            .sync_all()
            .map_err(failed)?;
        progress.finish_and_clear();
        drop(solver);
        for scratch in [&checkpoint, &table_path] {
            match fs::remove_file(scratch) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => {
                    return Err(file_error(scratch, e));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn save_checkpoint(&self, path: &Path, meta: &CheckpointMeta) -> Result<(), Failure> {
        let failed = |e: io::Error| file_error(path, e);
        let mut temporary = path.to_path_buf().into_os_string();
        temporary.push(".tmp");
        let temporary = PathBuf::from(temporary);
        let mut file = File::create(&temporary).map_err(failed)?;
        let meta = serde_json::to_string(meta).expect("checkpoints serialize");
        file.write_all(format!("{CHECKPOINT_LINE}\n{meta}\n").as_bytes())
            .map_err(failed)?;
        file.sync_all().map_err(failed)?;
        fs::rename(&temporary, path).map_err(failed)
    }

    /// The file, truncated to what the checkpoint covers, the solver restored from the
    /// table, and the checkpoint's record.
    fn restore(
        &self,
        path: &Path,
        table_path: &Path,
    ) -> Result<(File, Solver<MappedTable>, CheckpointMeta), Failure> {
        let unusable =
            |why: String| Failure::Input(format!("invalid checkpoint '{}': {why}", path.display()));
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|file| file.take(MAX_CHECKPOINT_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| {
                unusable(format!(
                    "{e}; expected the checkpoint of an unfinished run of --out (a finished run \
                     leaves none)"
                ))
            })?;
        if bytes.len() as u64 > MAX_CHECKPOINT_BYTES {
            return Err(unusable(format!(
                "it is longer than {MAX_CHECKPOINT_BYTES} bytes; expected a checkpoint of a few \
                 hundred"
            )));
        }
        let mut lines = bytes.splitn(3, |&b| b == b'\n');
        let (Some(first), Some(meta)) = (lines.next(), lines.next()) else {
            return Err(unusable("expected a nimlab checkpoint".to_string()));
        };
        if first.starts_with(b"nimlab checkpoint ") && first != CHECKPOINT_LINE.as_bytes() {
            return Err(unusable(
                "it was written by another version of nimlab; expected a checkpoint of \
                 this version: start the run again without --resume"
                    .to_string(),
            ));
        }
        if first != CHECKPOINT_LINE.as_bytes() {
            return Err(unusable("expected a nimlab checkpoint".to_string()));
        }
        let meta: CheckpointMeta = serde_json::from_slice(meta)
            .map_err(|e| unusable(format!("its record does not read ({e})")))?;
        let asked = (
            &self.encoding.spec,
            self.encoding.format,
            self.encoding.upto,
        );
        if (&meta.spec, meta.format, meta.upto) != asked {
            return Err(unusable(format!(
                "it is for {} --upto {} --format {}, not {} --upto {} --format {}",
                meta.spec,
                meta.upto,
                format_name(meta.format),
                asked.0,
                asked.2,
                format_name(asked.1)
            )));
        }
        if meta.table_values > self.capacity() as u64 {
            return Err(unusable(format!(
                "its table holds {} values, more than the {} asked",
                meta.table_values,
                self.capacity()
            )));
        }
        let bad_table = |why: String| {
            Failure::Input(format!(
                "invalid table '{}' of the checkpoint: {why}",
                table_path.display()
            ))
        };
        let table = MappedTable::open(table_path, meta.table_values as usize, self.capacity())
            .map_err(|e| bad_table(e.to_string()))?;
        let crc = file_crc(table_path, meta.table_values * VALUE_BYTES)
            .map_err(|e| bad_table(e.to_string()))?;
        if crc != meta.table_crc {
            return Err(bad_table(
                "its values' CRC-32 differs from the checkpoint's: the file was changed"
                    .to_string(),
            ));
        }
        let failed = |e: io::Error| file_error(&self.path, e);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&self.path)
            .map_err(failed)?;
        let length = file.metadata().map_err(failed)?.len();
        if length < meta.bytes {
            return Err(unusable(format!(
                "{} has {length} bytes, fewer than the {} the checkpoint covers",
                self.path.display(),
                meta.bytes
            )));
        }
        file.set_len(meta.bytes).map_err(failed)?;
        file.seek(SeekFrom::End(0)).map_err(failed)?;
        // Last, once every check has passed: taking up the table reads all of it.
        let solver = Solver::with_table(self.rules.clone(), Method::Auto, table);
        Ok((file, solver, meta))
    }
}

/// The CRC-32 of the first `bytes` bytes of the file at `path`, read through the page
/// cache rather than a map, so that the pages do not count as the process's memory.
fn file_crc(path: &Path, bytes: u64) -> io::Result<u32> {
    let mut reader = File::open(path)?.take(bytes);
    let mut crc = crc32fast::Hasher::new();
    let mut buffer = vec![0; 1 << 20];
    loop {
        match reader.read(&mut buffer)? {
            0 => return Ok(crc.finalize()),
            read => crc.update(&buffer[..read]),
        }
    }
}

fn format_name(format: Format) -> String {
    use clap::ValueEnum;
    format
        .to_possible_value()
        .map(|value| value.get_name().to_string())
        .unwrap_or_default()
}

/// A progress bar with rate and time left on a terminal; drawn nowhere otherwise.
fn progress_bar(total: u64, done: u64) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} values, {per_sec:0}, {eta} left",
        )
        .expect("the template parses"),
    );
    bar.set_position(done);
    bar
}

/// Draw n against g(n) for `values` (the caller passes at most [`PLOT_VALUES`]), with
/// the certified period marked when there is one, as SVG.
pub fn plot(
    path: &Path,
    spec: &str,
    values: &[u32],
    periodicity: Option<&Periodicity>,
) -> Result<(), Failure> {
    use plotters::prelude::*;
    let failed =
        |e: &dyn std::fmt::Display| Failure::Other(format!("cannot draw {}: {e}", path.display()));
    let last = values.len().max(2) as u64 - 1;
    let top = values.iter().copied().max().unwrap_or(0).max(1);
    let caption = match periodicity {
        Some(p) => format!(
            "{spec}: g(n) for n ≤ {last}; period {} from n = {}",
            p.period, p.preperiod
        ),
        None => format!("{spec}: g(n) for n ≤ {last}"),
    };
    let root = SVGBackend::new(path, (1000, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0..last, 0..top + 1)
        .map_err(|e| failed(&e))?;
    chart
        .configure_mesh()
        .x_desc("n (heap size)")
        .y_desc("g(n)")
        .draw()
        .map_err(|e| failed(&e))?;
    chart
        .draw_series(
            (0u64..)
                .zip(values)
                .map(|(n, &g)| Circle::new((n, g), 1, BLUE.filled())),
        )
        .map_err(|e| failed(&e))?;
    if let Some(p) = periodicity.filter(|p| (p.preperiod as u64) <= last) {
        let at = p.preperiod as u64;
        chart
            .draw_series(LineSeries::new(
                [(at, 0), (at, top + 1)],
                RED.stroke_width(2),
            ))
            .map_err(|e| failed(&e))?;
    }
    root.present().map_err(|e| failed(&e))
}
