//! How a nim-sequence g(0), …, g(upto) is written.
//!
//! The binary format, for programs: the 8 bytes `NIMSEQ\0\x01` (name and version); the
//! game's spec as a u32 length and its UTF-8 bytes; the first heap (u64, 0) and the
//! number of values (u64); the width of a value in bytes (u8: 2 for take-and-break
//! games, 4 otherwise); the values, little-endian; and a CRC-32 (IEEE, u32) of the
//! values' bytes. Every number is little-endian.

use crate::Error;
use crate::files::{lock, open_regular};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
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
}

impl Format {
    /// Every format, in the order a help lists them.
    pub const ALL: [Format; 5] = [
        Format::Plain,
        Format::Csv,
        Format::Json,
        Format::Bfile,
        Format::Binary,
    ];

    /// The format's name, as a command line gives it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Plain => "plain",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Bfile => "bfile",
            Format::Binary => "binary",
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
        }
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
            }
        }
    }

    /// The byte that ends or separates the values in a text format.
    pub(crate) fn delimiter(&self) -> Option<u8> {
        match self.format {
            Format::Plain => Some(b' '),
            Format::Json => Some(b','),
            Format::Csv | Format::Bfile => Some(b'\n'),
            Format::Binary => None,
        }
    }

    /// How many values `bytes` bytes of encoded values hold, `delimiters` of them the
    /// [`Encoding::delimiter`]; `None` if no whole number of values takes those bytes.
    pub(crate) fn values_held(&self, bytes: u64, delimiters: u64) -> Option<u64> {
        match self.format {
            Format::Plain | Format::Json => Some(if bytes == 0 { 0 } else { delimiters + 1 }),
            Format::Csv | Format::Bfile => Some(delimiters),
            Format::Binary => {
                let width = if self.wide { 4 } else { 2 };
                (bytes % width == 0).then_some(bytes / width)
            }
        }
    }

    /// What comes after the last value; `crc` is the CRC-32 of the values' bytes (the
    /// binary format's trailer).
    pub(crate) fn trailer(&self, crc: u32) -> Vec<u8> {
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

    /// Write the whole sequence, g(0) … g(upto) = `values`, to the file at `path`
    /// (replacing it; for values computed in memory), locked while it is written and
    /// synced to the disk.
    pub fn write_file(&self, path: &Path, values: &[u32]) -> Result<(), Error> {
        let failed = Error::io("write", path);
        let mut options = OpenOptions::new();
        options.write(true).create(true).truncate(false);
        let file = open_regular(path, &mut options, "--out", "a file to write")?;
        lock(&file, path, "--out")?;
        let result = file.set_len(0).and_then(|()| {
            let mut out = BufWriter::new(&file);
            self.write_all(&mut out, values)?;
            out.flush()
        });
        result.and_then(|()| file.sync_all()).map_err(failed)
    }
}
