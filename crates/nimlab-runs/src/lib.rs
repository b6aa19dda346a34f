//! nimlab-runs: long computations that lose nothing when they are killed.
//!
//! - [`format`](mod@format): how a nim-sequence is written (plain, CSV, JSON, b-file, binary).
//! - [`sequence`]: a long run of the octal engine writing one file, checkpointed and
//!   resumed byte for byte ([`sequence::Run`]).
//! - [`checkpoint`]: the one save format of a run: a checksummed record of how far its
//!   files are written, vouching for them by their CRC-32.
//! - [`mapped_table`]: the engine's values in a memory-mapped file, so that a run's
//!   memory does not grow with the number of values.
//! - [`census_file`]: the census file, one JSON line per code after a header, which
//!   several runs may append to at once and which a run resumes.
//! - [`quotient_file`]: the file of a misère quotient run, the quotient of the heaps
//!   solved so far, replaced whole as the run goes and resumed after a kill.
//!
//! Every file a run writes is locked while it writes it (a second run refuses), every
//! file it reads must be a regular file and is read to a stated bound, and every
//! failure is an [`Error`] whose message names the file.

pub mod census_file;
pub mod checkpoint;
mod error;
mod files;
pub mod format;
pub mod mapped_table;
pub mod quotient_file;
pub mod sequence;

pub use error::Error;
