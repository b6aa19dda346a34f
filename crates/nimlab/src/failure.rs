//! How the command line reports failure: one line on stderr and an exit status.
//! Status 2: the input is malformed. Status 1: well-formed input nimlab cannot answer,
//! or an I/O failure. Never a backtrace.

use nimlab_core::error::shorten_words;
use nimlab_core::{Error, InputError};
use std::io;
use std::process::ExitCode;

/// Why a command stopped.
#[derive(Debug)]
pub enum Failure {
    /// Malformed input: exit status 2.
    Input(String),
    /// Anything else: exit status 1.
    Other(String),
    /// The reader of our output went away (e.g. `| head`): stop quietly.
    BrokenPipe,
}

impl Failure {
    /// The message, without the exit status.
    pub fn message(&self) -> &str {
        match self {
            Failure::Input(message) | Failure::Other(message) => message,
            Failure::BrokenPipe => "the reader of the output went away",
        }
    }

    /// Print the message and give the exit status.
    pub fn report(self) -> ExitCode {
        match self {
            Failure::Input(message) => {
                eprintln!("nimlab: {}", shorten_words(&message));
                ExitCode::from(2)
            }
            Failure::Other(message) => {
                eprintln!("nimlab: {}", shorten_words(&message));
                ExitCode::from(1)
            }
            Failure::BrokenPipe => ExitCode::SUCCESS,
        }
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        match error {
            Error::Input(e) => Failure::Input(e.to_string()),
            Error::OutOfTime(message) => Failure::Other(format!(
                "{} (--time-limit SECONDS allows more; 0 means no limit)",
                shorten_words(&message)
            )),
            other => Failure::Other(other.to_string()),
        }
    }
}

impl From<InputError> for Failure {
    fn from(error: InputError) -> Self {
        Failure::Input(error.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Other(format!("I/O error: {error}"))
        }
    }
}

impl From<nimlab_play::Failure> for Failure {
    fn from(failure: nimlab_play::Failure) -> Self {
        match failure {
            nimlab_play::Failure::Game(error) => error.into(),
            nimlab_play::Failure::Io(error) => error.into(),
            nimlab_play::Failure::Input(message) => Failure::Input(message),
            nimlab_play::Failure::Terminal(message) => Failure::Other(message),
        }
    }
}

/// Report a command-line usage error from clap in two lines at most (help and version
/// are printed as clap formats them).
pub fn report_usage_error(error: clap::Error, subcommand: Option<&str>) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    eprintln!(
        "{}",
        usage_error_lines(&error.render().to_string(), subcommand)
    );
    ExitCode::from(2)
}

/// Clap's report of a usage error in at most two lines: what is wrong, with its
/// suggestions and possible values; then the usage and where the help is.
fn usage_error_lines(rendered: &str, subcommand: Option<&str>) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .collect();
    let usage = lines.iter().find_map(|line| line.strip_prefix("Usage: "));
    let what: Vec<&str> = lines
        .iter()
        .take_while(|line| !line.starts_with("Usage: "))
        .map(|line| {
            line.trim_start_matches("error: ")
                .trim_start_matches("tip: ")
        })
        .collect();
    let what = match what.split_first() {
        // "the following required arguments were not provided:" and their names.
        Some((first, rest)) if first.ends_with(':') => format!("{first} {}", rest.join(", ")),
        Some((first, rest)) => {
            let notes = rest.iter().map(|note| note.trim_matches(['[', ']']));
            std::iter::once(*first)
                .chain(notes)
                .collect::<Vec<_>>()
                .join("; ")
        }
        None => "invalid arguments".to_string(),
    };
    let help = match subcommand {
        Some(name) => format!("see 'nimlab {name} --help'"),
        None => "see 'nimlab --help'".to_string(),
    };
    let what = shorten_words(&what);
    match usage {
        Some(usage) => format!("nimlab: {what}\nusage: {usage} ({help})"),
        None => format!("nimlab: {what} ({help})"),
    }
}

/// Make an unexpected panic a one-line report with status 1 instead of a backtrace.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        // Printing to a reader that went away (`nimlab play | head`) is not a bug:
        // stop quietly, as a finished command would.
        if message.starts_with("failed printing to stdout") {
            std::process::exit(0);
        }
        eprintln!("nimlab: internal error (a bug; please report it): {message}");
        std::process::exit(1);
    }));
}
