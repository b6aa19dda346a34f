//! How a nim-sequence g(0), …, g(upto) is written, and read back.
//!
//! The binary format, for programs: the 8 bytes `NIMSEQ\0\x01` (name and version); the
//! game's spec as a u32 length and its UTF-8 bytes; the first heap (u64, 0) and the
//! number of values (u64); the width of a value in bytes (u8: 2 for take-and-break
//! games, 4 otherwise); the values, little-endian; and a CRC-32 (IEEE, u32) of the
//! values' bytes. Every number is little-endian.
//!
//! The counts format, for record runs, holds no listing that grows with the number of
//! values: one JSON object ([`Counts`]) with how often each value occurs, the rare
//! positions and a checksum of the whole sequence.

use crate::RunError;
use crate::files::{lock, open_regular, refuse};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::str::FromStr;

/// How the values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// How often each value occurs, the rare positions and a checksum ([`Counts`]).
    Counts,
}

impl Format {
    /// Every format, in the order a help lists them.
    pub const ALL: [Format; 6] = [
        Format::Plain,
        Format::Csv,
        Format::Json,
        Format::Bfile,
        Format::Binary,
        Format::Counts,
    ];

    /// The format's name, as a command line gives it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Plain => "plain",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Bfile => "bfile",
            Format::Binary => "binary",
            Format::Counts => "counts",
        }
    }

    /// What the format looks like, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            Format::Plain => "one line of values separated by spaces",
            Format::Csv => "\"n,grundy\" rows under a header",
            Format::Json => "one JSON object: {\"game\", \"upto\", \"values\"}",
            Format::Bfile => "\"n g(n)\" lines, as an OEIS b-file",
            Format::Binary => {
                "a header, the values as 16-bit or 32-bit little-endian numbers, and a CRC-32"
            }
            Format::Counts => {
                "one JSON object: how often each value occurs, the rare positions and a \
                 checksum, for records (no listing of values)"
            }
        }
    }

    /// Whether the format lists every value (all but `counts`).
    pub fn lists_values(self) -> bool {
        self != Format::Counts
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    /// A format by its [`Format::name`].
    fn from_str(text: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == text)
            .ok_or_else(|| {
                let names: Vec<_> = Format::ALL.iter().map(|f| f.name()).collect();
                format!(
                    "invalid format '{text}': expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Values encoded in one step.
pub(crate) const CHUNK: u64 = 1 << 16;

const MAGIC: &[u8; 8] = b"NIMSEQ\0\x01";

/// How one nim-sequence is encoded: its format and what the header says.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub(crate) fn header(&self) -> Vec<u8> {
        match self.format {
            Format::Plain | Format::Bfile => Vec::new(),
            Format::Csv => b"n,grundy\n".to_vec(),
            Format::Json => {
                let mut out = self.header_to_upto();
                out.extend(format!("{},\"values\":[", self.upto).into_bytes());
                out
            }
            Format::Binary => {
                let mut out = self.signature();
                out.extend((self.upto + 1).to_le_bytes());
                out.push(if self.wide { 4 } else { 2 });
                out
            }
            Format::Counts => Vec::new(),
        }
    }

    /// The bytes that every file of this game in this format begins with, whatever its
    /// number of values: a file that does not is not one this program wrote for the
    /// game, and is not overwritten.
    pub fn signature(&self) -> Vec<u8> {
        match self.format {
            // g(0) is 0 in every game.
            Format::Plain => b"0".to_vec(),
            Format::Csv => b"n,grundy\n0,0".to_vec(),
            Format::Bfile => b"0 0".to_vec(),
            Format::Json => self.header_to_upto(),
            Format::Counts => format!(
                "{{\"nimlab_counts\":{COUNTS_VERSION},\"game\":{},",
                serde_json::to_string(&self.spec).expect("a string serializes")
            )
            .into_bytes(),
            Format::Binary => {
                let mut out = MAGIC.to_vec();
                out.extend((self.spec.len() as u32).to_le_bytes());
                out.extend(self.spec.as_bytes());
                out.extend(0u64.to_le_bytes());
                out
            }
        }
    }

    /// The JSON header up to the number `upto`.
    fn header_to_upto(&self) -> Vec<u8> {
        format!(
            "{{\"game\":{},\"upto\":",
            serde_json::to_string(&self.spec).expect("a string serializes")
        )
        .into_bytes()
    }

    /// The values g(first), g(first + 1), … appended to `out`.
    pub(crate) fn encode(&self, first: u64, values: impl Iterator<Item = u32>, out: &mut Vec<u8>) {
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
                Format::Counts => {}
            }
        }
    }

    /// A reader of the values this encoding wrote after its header, fed the bytes in
    /// order, in pieces of any size.
    pub(crate) fn decoder(&self) -> Decoder {
        Decoder {
            format: self.format,
            wide: self.wide,
            next: 0,
            number: None,
            field: 0,
            binary: Vec::new(),
        }
    }

    /// What comes after the last value; `crc` is the CRC-32 of the values' bytes (the
    /// binary format's trailer).
    pub(crate) fn trailer(&self, crc: u32) -> Vec<u8> {
        match self.format {
            Format::Plain => b"\n".to_vec(),
            Format::Csv | Format::Bfile | Format::Counts => Vec::new(),
            Format::Json => b"]}\n".to_vec(),
            Format::Binary => crc.to_le_bytes().to_vec(),
        }
    }

    /// The whole sequence, g(0) … g(upto) = `values`, written to `out` (not in the counts
    /// format, which [`Counts`] writes).
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

    /// Write the whole sequence, g(0) … g(upto) = `values`, to the file at `path`
    /// (replacing it, if it is empty or a file of this game in this format; for values
    /// computed in memory), locked while it is written and synced to the disk.
    pub fn write_file(&self, path: &Path, values: &[u32]) -> Result<(), RunError> {
        self.write_file_with(path, &|out| self.write_all(out, values))
    }

    /// Write the values of a graph's vertices, g(0) … g(upto) = `entries`, to `out` in
    /// this text format (`vertex,value` rows under CSV; not binary or counts).
    pub fn write_entries(&self, out: &mut dyn Write, entries: &[Entry]) -> io::Result<()> {
        match self.format {
            Format::Plain => {
                let line: Vec<String> = entries.iter().map(Entry::to_string).collect();
                writeln!(out, "{}", line.join(" "))
            }
            Format::Csv => {
                writeln!(out, "vertex,value")?;
                for (v, entry) in entries.iter().enumerate() {
                    writeln!(out, "{v},{entry}")?;
                }
                Ok(())
            }
            Format::Bfile => {
                for (v, entry) in entries.iter().enumerate() {
                    writeln!(out, "{v} {entry}")?;
                }
                Ok(())
            }
            Format::Json => {
                let values: Vec<serde_json::Value> = entries.iter().map(Entry::json).collect();
                let report = serde_json::json!({
                    "game": self.spec,
                    "upto": entries.len().saturating_sub(1),
                    "values": values,
                });
                writeln!(out, "{report}")
            }
            Format::Binary | Format::Counts => Err(io::Error::other(format!(
                "the {} format holds values of heaps, not of vertices",
                self.format
            ))),
        }
    }

    /// [`Encoding::write_entries`] to the file at `path`, as [`Encoding::write_file`].
    pub fn write_entries_file(&self, path: &Path, entries: &[Entry]) -> Result<(), RunError> {
        self.write_file_with(path, &|out| self.write_entries(out, entries))
    }

    fn write_file_with(
        &self,
        path: &Path,
        write: &dyn Fn(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), RunError> {
        let failed = RunError::io("write", path);
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        let file = open_regular(path, &mut options, "--out", "a file to write")?;
        lock(&file, path, "--out")?;
        refuse_unrelated(&file, path, &self.signature())?;
        let result = file.set_len(0).and_then(|()| {
            let mut out = BufWriter::new(&file);
            write(&mut out)?;
            out.flush()
        });
        result.and_then(|()| file.sync_all()).map_err(failed)
    }
}

/// Refuse `file` (at `path`, given as --out) unless it is empty or begins with
/// `signature`: a file of the same game in the same format, which a run may replace.
pub(crate) fn refuse_unrelated(file: &File, path: &Path, signature: &[u8]) -> Result<(), RunError> {
    let length = file.metadata().map_err(RunError::io("read", path))?.len();
    if length == 0 {
        return Ok(());
    }
    let mut start = vec![0; signature.len().min(length as usize)];
    file.read_exact_at(&mut start, 0)
        .map_err(RunError::io("read", path))?;
    if start == signature {
        return Ok(());
    }
    Err(refuse(
        "--out",
        path,
        "it exists and is not a nim-sequence of this game in this format",
        "a new file, an empty one, or one this command wrote (delete the file to replace it)",
    ))
}

/// A value of a graph's vertex: a Grundy value, or ∞ with the set K of the finite values
/// its options reach (`None` for a value too large for 64 bits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A Grundy value.
    Finite(Option<u64>),
    /// ∞, with the finite values its options reach.
    Infinite(Vec<Option<u64>>),
}

impl Entry {
    /// The entry as JSON: a number, or `{"infinite": [K…]}`.
    fn json(&self) -> serde_json::Value {
        match self {
            Entry::Finite(value) => serde_json::json!(value),
            Entry::Infinite(reached) => serde_json::json!({ "infinite": reached }),
        }
    }
}

/// The text of an entry: the number, or `inf{0,2}`.
impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |f: &mut fmt::Formatter<'_>, value: &Option<u64>| match value {
            Some(value) => write!(f, "{value}"),
            None => f.write_str("?"),
        };
        match self {
            Entry::Finite(value) => number(f, value),
            Entry::Infinite(reached) => {
                f.write_str("inf{")?;
                for (i, value) in reached.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    number(f, value)?;
                }
                f.write_str("}")
            }
        }
    }
}

/// Reads back the values of a sequence file (after its header) as [`Encoding::decoder`]
/// made it: every value must be a number of the format's width, and in CSV and b-files
/// each row must name the heap it is for.
pub(crate) struct Decoder {
    format: Format,
    wide: bool,
    /// The heap of the next value.
    next: u64,
    /// The digits read so far of the number in progress.
    number: Option<u64>,
    /// In CSV and b-file rows: 0 while reading the heap, 1 the value.
    field: u8,
    /// Bytes of a binary value cut between two pieces.
    binary: Vec<u8>,
}

impl Decoder {
    /// Read `bytes`, appending the values they complete to `values`; why not, if they
    /// are not what the encoding writes.
    pub(crate) fn feed(&mut self, bytes: &[u8], values: &mut Vec<u16>) -> Result<(), String> {
        if self.format == Format::Binary {
            let width = if self.wide { 4 } else { 2 };
            for &byte in bytes {
                self.binary.push(byte);
                if self.binary.len() == width {
                    let mut value = [0u8; 4];
                    value[..width].copy_from_slice(&self.binary);
                    self.binary.clear();
                    self.push(u64::from(u32::from_le_bytes(value)), values)?;
                }
            }
            return Ok(());
        }
        let (separator, row) = match self.format {
            Format::Plain => (b' ', false),
            Format::Json => (b',', false),
            Format::Csv => (b',', true),
            _ => (b' ', true),
        };
        for &byte in bytes {
            match byte {
                b'0'..=b'9' => {
                    let digit = u64::from(byte - b'0');
                    let number = self.number.unwrap_or(0);
                    let number = number
                        .checked_mul(10)
                        .and_then(|n| n.checked_add(digit))
                        .ok_or("a number is too long")?;
                    self.number = Some(number);
                }
                b'\n' if row && self.field == 1 => {
                    self.end_number(values)?;
                    self.field = 0;
                }
                _ if byte == separator && row && self.field == 0 => {
                    let heap = self.number.take().ok_or("a row has no heap")?;
                    if heap != self.next {
                        return Err(format!("row {} is for heap {heap}", self.next));
                    }
                    self.field = 1;
                }
                _ if byte == separator && !row => self.end_number(values)?,
                _ => return Err(format!("byte {byte:#04x} where a value was expected")),
            }
        }
        Ok(())
    }

    /// Read to the end of the bytes fed: the number in progress, if any, is a value.
    pub(crate) fn finish(&mut self, values: &mut Vec<u16>) -> Result<(), String> {
        if !self.binary.is_empty() || (self.number.is_none() && self.field == 1) {
            return Err("the last value is cut".into());
        }
        if self.number.is_some() {
            if self.field == 0 && matches!(self.format, Format::Csv | Format::Bfile) {
                return Err("the last row is cut".into());
            }
            self.end_number(values)?;
        }
        Ok(())
    }

    fn end_number(&mut self, values: &mut Vec<u16>) -> Result<(), String> {
        let number = self.number.take().ok_or("an empty value")?;
        self.push(number, values)
    }

    fn push(&mut self, value: u64, values: &mut Vec<u16>) -> Result<(), String> {
        let value = u16::try_from(value)
            .map_err(|_| format!("g({}) = {value} is beyond 16 bits", self.next))?;
        values.push(value);
        self.next += 1;
        Ok(())
    }
}

/// The version of the counts format.
const COUNTS_VERSION: u32 = 1;

/// What the counts format says about a nim-sequence g(0) … g(upto), as one JSON object
/// on one line: `{"nimlab_counts":1,"game":…,"upto":…,"largest":…,"checksum":…,
/// "counts":[[v, count], …],"mask":…,"rare":[[n, g(n)], …],"period":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// The format's version.
    pub nimlab_counts: u32,
    /// The game's spec.
    pub game: String,
    /// The largest heap.
    pub upto: u64,
    /// The largest value.
    pub largest: u16,
    /// The CRC-32 (IEEE) of g(0) … g(upto) as 16-bit little-endian numbers, in
    /// hexadecimal: the same as the binary format's trailer.
    pub checksum: String,
    /// Each value that occurs, with how many heaps have it, by increasing value.
    pub counts: Vec<(u16, u64)>,
    /// The rare/common mask of the sparse-space method (v is rare iff the number of 1
    /// bits of v & mask is even), for games that split heaps in two.
    pub mask: Option<u16>,
    /// The heaps n ≥ 1 whose value is rare, with their values (among the values
    /// computed: a periodic sequence repeats them).
    pub rare: Vec<(u64, u16)>,
    /// The certified period, if one was found: `{"preperiod": …, "period": …}`.
    pub period: Option<serde_json::Value>,
}

impl Counts {
    /// The version this build writes.
    pub const VERSION: u32 = COUNTS_VERSION;

    /// The object as one line of JSON.
    pub(crate) fn line(&self) -> Vec<u8> {
        let mut line = serde_json::to_vec(self).expect("counts serialize");
        line.push(b'\n');
        line
    }
}
