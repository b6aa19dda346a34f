//! nimlab-runs: long computations that lose nothing when they are killed.
//!
//! - [`format`](mod@format): how a nim-sequence is written (plain, CSV, JSON, b-file,
//!   binary, counts) and read back.
//! - [`sequence`]: a long run of the octal engine writing one file, checkpointed and
//!   resumed byte for byte, with memory bounded at any length ([`sequence::Run`]).
//! - [`checkpoint`]: the one save format of a run: a checksummed record of how far its
//!   files are written, vouching for them by their CRC-32.
//! - [`census_file`]: the census file, one JSON line per code after a header, which
//!   several runs may append to at once and which a run resumes.
//! - [`files`]: opening files: regular files only (a FIFO or a device is refused at
//!   once, never waited on), locked while a run writes them.
//! - [`quotient_file`]: the file of a misère quotient run, the quotient of the heaps
//!   solved so far, replaced whole as the run goes and resumed after a kill.
//!
//! Every file a run writes is locked while it writes it (a second run refuses), every
//! file it reads must be a regular file and is read to a stated bound, and every
//! failure is a [`RunError`] whose message names the file.

pub mod census_file;
pub mod checkpoint;
mod error;
pub mod files;
pub mod format;
pub mod quotient_file;
pub mod sequence;
mod state;

pub use error::RunError;
