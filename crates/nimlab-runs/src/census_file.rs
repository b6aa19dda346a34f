//! The census file: a header line, then one JSON line per code, which any number of
//! writers may append to at once and which a census resumes.
//!
//! The first line is the header, `{"nimlab_census":1,"upto":N,"misere":B}`: the format's
//! version and the settings of the census ([`Header`]). Each other line is one code's
//! findings, a JSON object with a `"code"` key; what else a line holds is the caller's
//! (its `parse` function decides whether a line is whole).
//!
//! Every append is one `write` of one whole line, to a file opened with `O_APPEND`,
//! under an exclusive lock (`flock`) taken after reading the lines other writers
//! appended since: a code already in the file is not appended again. So two runs —
//! two shards on one file, or a run and its requeued copy — may append at once: lines
//! never interleave and no code is written twice. A line that does not read (cut by a
//! crash, or garbled by a writer that did not lock) is dropped: the file keeps it, its
//! code counts as not done and is computed again, and readers skip it.

use crate::RunError;
use crate::files::{Locked, open_regular, refuse};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// The largest census file read: a census of every code of six digits with misère
/// columns takes about 60 MB, and a report holds every line of its files in memory.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The longest line read; a longer one is garbled.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// The version of the format this build writes and reads.
const VERSION: u32 = 1;

const WHAT: &str = "a census file (written by census --out) or a new file";

/// The settings of a census, which every run appending to its file must share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The bound of each code's period search, in values.
    pub upto: u64,
    /// Whether each line has the code's misère quotient.
    pub misere: bool,
}

/// The header line as it is written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderLine {
    nimlab_census: u32,
    upto: u64,
    misere: bool,
}

impl Header {
    fn line(self) -> String {
        let line = HeaderLine {
            nimlab_census: VERSION,
            upto: self.upto,
            misere: self.misere,
        };
        serde_json::to_string(&line).expect("headers serialize") + "\n"
    }

    fn parse(line: &[u8]) -> Option<Header> {
        let line: HeaderLine = serde_json::from_slice(line).ok()?;
        (line.nimlab_census == VERSION).then_some(Header {
            upto: line.upto,
            misere: line.misere,
        })
    }

    /// The settings in the words of the command line.
    fn describe(self) -> String {
        let misere = if self.misere { " --misere" } else { "" };
        format!("--upto {}{misere}", self.upto)
    }
}

/// The lines of a census file.
#[derive(Debug)]
pub struct Census<T> {
    /// Its header.
    pub header: Header,
    /// The lines that read, in the file's order.
    pub lines: Vec<T>,
    /// How many lines did not read.
    pub garbled: usize,
}

/// A census file open for appending. See the module documentation.
pub struct CensusFile<P> {
    file: File,
    path: PathBuf,
    parse: P,
    /// The codes of the lines read so far.
    done: HashSet<String>,
    /// The bytes read so far: the end of the last complete line.
    seen: u64,
    /// Lines that did not read.
    garbled: usize,
}

impl<P: Fn(&str) -> Option<String>> CensusFile<P> {
    /// The census file at `path`, created with `header` if it is new or empty; `parse`
    /// gives the code of a whole line of this census, or `None` for a garbled one. A
    /// file that is not a census file, or is one of a census with other settings, is
    /// refused and left as it is. A line cut at the end of the file is ended, so that
    /// it stays a garbled line of its own.
    pub fn open(path: &Path, header: Header, parse: P) -> Result<CensusFile<P>, RunError> {
        let mut options = OpenOptions::new();
        options.read(true).append(true).create(true);
        let file = open_regular(path, &mut options, "--out", WHAT)?;
        let mut census = CensusFile {
            file,
            path: path.to_path_buf(),
            parse,
            done: HashSet::new(),
            seen: 0,
            garbled: 0,
        };
        let locked = Locked::wait(&census.file, path, "--out")?;
        let length = census.length()?;
        let mut first = vec![0; length.min(MAX_LINE_BYTES as u64) as usize];
        census
            .file
            .read_exact_at(&mut first, 0)
            .map_err(RunError::io("read", path))?;
        let start = b"{\"nimlab_census\":";
        match first.iter().position(|&b| b == b'\n') {
            Some(end) => match Header::parse(&first[..end]) {
                Some(found) if found == header => census.seen = end as u64 + 1,
                Some(found) => {
                    return Err(refuse(
                        "--out",
                        path,
                        &format!(
                            "it is a census with {}, not {}",
                            found.describe(),
                            header.describe()
                        ),
                        "the same settings to resume it, or another file",
                    ));
                }
                None => return Err(census.not_a_census()),
            },
            // New, or only a header cut by a crash: the header is written anew.
            None if first.len() as u64 == length
                && (start.starts_with(&first) || first.starts_with(start)) =>
            {
                let line = header.line();
                census
                    .file
                    .set_len(0)
                    .and_then(|()| (&census.file).write_all(line.as_bytes()))
                    .map_err(RunError::io("write", path))?;
                census.seen = line.len() as u64;
            }
            None => return Err(census.not_a_census()),
        }
        census.catch_up()?;
        drop(locked);
        Ok(census)
    }

    fn not_a_census(&self) -> RunError {
        refuse(
            "--out",
            &self.path,
            "it is not a census file (its first line is not a census header)",
            WHAT,
        )
    }

    fn length(&self) -> Result<u64, RunError> {
        let length = self
            .file
            .metadata()
            .map_err(RunError::io("read", &self.path))?
            .len();
        if length > MAX_FILE_BYTES {
            return Err(refuse(
                "--out",
                &self.path,
                &format!("it has {length} bytes, more than the limit of {MAX_FILE_BYTES}"),
                WHAT,
            ));
        }
        Ok(length)
    }

    /// Read the lines appended since the last look (the lock is held), and end a line
    /// cut at the end of the file.
    fn catch_up(&mut self) -> Result<(), RunError> {
        let length = self.length()?;
        let (done, garbled) = (&mut self.done, &mut self.garbled);
        let parse = &self.parse;
        let end = scan(
            &self.file,
            self.seen,
            length,
            &mut |line| match std::str::from_utf8(line).ok().and_then(parse) {
                Some(code) => {
                    done.insert(code);
                }
                None => *garbled += 1,
            },
        )
        .map_err(RunError::io("read", &self.path))?;
        self.seen = end;
        if end < length {
            // The cut line ends here and is dropped; its code is done again.
            (&self.file)
                .write_all(b"\n")
                .map_err(RunError::io("write", &self.path))?;
            self.garbled += 1;
            self.seen = length + 1;
        }
        Ok(())
    }

    /// Whether the file holds a line of `code`, as far as it was last read.
    pub fn is_done(&self, code: &str) -> bool {
        self.done.contains(code)
    }

    /// How many lines were dropped for not reading.
    pub fn garbled(&self) -> usize {
        self.garbled
    }

    /// Append `line`, the findings of `code`, in one write, unless another writer has
    /// appended a line of `code` since this one last looked; whether it was appended.
    pub fn append(&mut self, code: &str, line: &str) -> Result<bool, RunError> {
        let locked = Locked::wait(&self.file, &self.path, "--out")?;
        self.catch_up()?;
        if self.done.contains(code) {
            return Ok(false);
        }
        let mut whole = String::with_capacity(line.len() + 1);
        whole.push_str(line);
        whole.push('\n');
        (&self.file)
            .write_all(whole.as_bytes())
            .map_err(RunError::io("write", &self.path))?;
        self.seen += whole.len() as u64;
        self.done.insert(code.to_string());
        drop(locked);
        Ok(true)
    }
}

/// Read the census file at `path`: its header, and its lines that `parse` reads (the
/// others are counted as garbled), without changing it.
pub fn read<T>(path: &Path, parse: impl Fn(&str) -> Option<T>) -> Result<Census<T>, RunError> {
    let file = open_regular(path, OpenOptions::new().read(true), "census file", WHAT)?;
    let length = file.metadata().map_err(RunError::io("read", path))?.len();
    if length > MAX_FILE_BYTES {
        return Err(refuse(
            "census file",
            path,
            &format!("it has {length} bytes, more than the limit of {MAX_FILE_BYTES}"),
            WHAT,
        ));
    }
    let not_census = || {
        refuse(
            "census file",
            path,
            "it is not a census file (its first line is not a census header)",
            WHAT,
        )
    };
    let mut header = None;
    let mut lines = Vec::new();
    let mut garbled = 0;
    let mut first = true;
    let end = scan(&file, 0, length, &mut |line| {
        if std::mem::take(&mut first) {
            header = Header::parse(line);
        } else {
            match std::str::from_utf8(line).ok().and_then(&parse) {
                Some(parsed) => lines.push(parsed),
                None => garbled += 1,
            }
        }
    })
    .map_err(RunError::io("read", path))?;
    let header = header.ok_or_else(not_census)?;
    Ok(Census {
        header,
        lines,
        // A line cut at the end is garbled too.
        garbled: garbled + usize::from(end < length),
    })
}

/// Pass each complete line of `file` between the offsets `from` and `to` (without its
/// newline, cut to [`MAX_LINE_BYTES`] + 1 bytes if longer) to `each`; empty lines are
/// skipped. Returns the offset after the last complete line.
fn scan(file: &File, from: u64, to: u64, each: &mut dyn FnMut(&[u8])) -> std::io::Result<u64> {
    let mut buffer = vec![0; 1 << 20];
    let mut line = Vec::new();
    let mut at = from;
    let mut end = from;
    while at < to {
        let want = (to - at).min(buffer.len() as u64) as usize;
        let read = &mut buffer[..want];
        file.read_exact_at(read, at)?;
        for piece in read.split_inclusive(|&b| b == b'\n') {
            let room = (MAX_LINE_BYTES + 1).saturating_sub(line.len());
            let (text, complete) = match piece.strip_suffix(b"\n") {
                Some(text) => (text, true),
                None => (piece, false),
            };
            line.extend_from_slice(&text[..text.len().min(room)]);
            at += piece.len() as u64;
            if complete {
                if !line.is_empty() {
                    each(&line);
                }
                line.clear();
                end = at;
            }
        }
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A census line's code: lines of this test are `{"code":"C"}`.
    fn code_of(line: &str) -> Option<String> {
        #[derive(Deserialize)]
        struct Line {
            code: String,
        }
        serde_json::from_str::<Line>(line).ok().map(|l| l.code)
    }

    fn line(code: &str) -> String {
        format!("{{\"code\":\"{code}\"}}")
    }

    const HEADER: Header = Header {
        upto: 100,
        misere: false,
    };

    #[test]
    fn a_census_file_resumes_drops_garbled_lines_and_refuses_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.jsonl");
        let mut census = CensusFile::open(&path, HEADER, code_of).unwrap();
        assert!(census.append("0.1", &line("0.1")).unwrap());
        assert!(!census.append("0.1", &line("0.1")).unwrap());
        drop(census);
        // A crash left a cut line; another writer garbled one.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"{\"code\":\"0.2\"}{\"co\n{\"code\":\"0.3\"}\n{\"code\":\"0.")
            .unwrap();
        let mut census = CensusFile::open(&path, HEADER, code_of).unwrap();
        assert!(census.is_done("0.1") && census.is_done("0.3"));
        assert!(!census.is_done("0.2"));
        assert_eq!(census.garbled(), 2);
        assert!(census.append("0.2", &line("0.2")).unwrap());
        let read = read(&path, code_of).unwrap();
        assert_eq!(read.header, HEADER);
        assert_eq!(read.lines, ["0.1", "0.3", "0.2"]);
        assert_eq!(read.garbled, 2);

        let other = Header {
            upto: 200,
            misere: true,
        };
        let message = CensusFile::open(&path, other, code_of)
            .err()
            .unwrap()
            .to_string();
        assert!(
            message.contains("--upto 100, not --upto 200 --misere"),
            "{message}"
        );
        let precious = dir.path().join("precious");
        std::fs::write(&precious, "precious data").unwrap();
        let message = CensusFile::open(&precious, HEADER, code_of)
            .err()
            .unwrap()
            .to_string();
        assert!(message.contains("not a census file"), "{message}");
        assert_eq!(std::fs::read(&precious).unwrap(), b"precious data");
        let message = CensusFile::open(Path::new("/dev/zero"), HEADER, code_of)
            .err()
            .unwrap()
            .to_string();
        assert!(message.contains("character device"), "{message}");
        let message = CensusFile::open(dir.path(), HEADER, code_of)
            .err()
            .unwrap()
            .to_string();
        assert!(message.contains("directory"), "{message}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.jsonl");
        let file = File::create(&path).unwrap();
        (&file).write_all(HEADER.line().as_bytes()).unwrap();
        // Sparse: no disk is used for the rest.
        file.set_len(MAX_FILE_BYTES + 1).unwrap();
        let limit = format!("more than the limit of {MAX_FILE_BYTES}");
        let message = CensusFile::open(&path, HEADER, code_of).err().unwrap();
        assert!(message.to_string().contains(&limit), "{message}");
        let message = read(&path, code_of).unwrap_err().to_string();
        assert!(message.contains(&limit), "{message}");
    }

    #[test]
    fn a_header_cut_by_a_crash_is_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.jsonl");
        std::fs::write(&path, "{\"nimlab_cen").unwrap();
        let mut census = CensusFile::open(&path, HEADER, code_of).unwrap();
        census.append("0.7", &line("0.7")).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, format!("{}{}\n", HEADER.line(), line("0.7")));
    }

    #[test]
    fn two_writers_on_one_file_lose_and_repeat_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.jsonl");
        let codes: Vec<String> = (0..400).map(|i| format!("0.{i}")).collect();
        std::thread::scope(|scope| {
            for writer in 0..2 {
                let (codes, path) = (&codes, &path);
                scope.spawn(move || {
                    let mut census = CensusFile::open(path, HEADER, code_of).unwrap();
                    // Both writers do every code, in opposite orders.
                    let order: Vec<&String> = if writer == 0 {
                        codes.iter().collect()
                    } else {
                        codes.iter().rev().collect()
                    };
                    for code in order {
                        if !census.is_done(code) {
                            census.append(code, &line(code)).unwrap();
                        }
                    }
                });
            }
        });
        let read = read(&path, code_of).unwrap();
        assert_eq!(read.garbled, 0);
        let mut found = read.lines.clone();
        found.sort();
        let mut expected = codes.clone();
        expected.sort();
        assert_eq!(found, expected);
    }
}
