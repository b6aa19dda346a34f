//! Where the person's lines come from: a terminal with line editing, or a pipe read
//! a bounded line at a time; end of input and Ctrl-C are answers too.

use crate::Failure;
use nimlab_core::limits::PLAY_LINE;
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use std::io::{self, BufRead, IsTerminal, Read};
use std::time::Duration;

/// What the person typed, once understood.
pub enum Typed {
    Line(String),
    Quit,
    Interrupted,
}

/// Where the person's lines come from: rustyline on a terminal (editing, history,
/// Ctrl-C), or a reader of lines of at most [`PLAY_LINE`] bytes of text when the
/// input is piped or redirected.
pub enum Lines {
    Terminal(Box<DefaultEditor>),
    Piped(io::StdinLock<'static>),
}

impl Lines {
    pub fn open() -> Result<Lines, Failure> {
        if io::stdin().is_terminal() {
            let editor = DefaultEditor::new()
                .map_err(|e| Failure::Terminal(format!("cannot read the terminal: {e}")))?;
            Ok(Lines::Terminal(Box::new(editor)))
        } else {
            Ok(Lines::Piped(io::stdin().lock()))
        }
    }

    /// The next line (without its end), the end of the input, or Ctrl-C.
    pub fn read(&mut self, prompt: &str) -> Result<Typed, Failure> {
        match self {
            Lines::Terminal(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Ok(Typed::Line(line))
                }
                Err(ReadlineError::Eof) => Ok(Typed::Quit),
                Err(ReadlineError::Interrupted) => Ok(Typed::Interrupted),
                Err(e) => Err(Failure::Terminal(format!("cannot read the terminal: {e}"))),
            },
            Lines::Piped(stdin) => {
                let mut line = Vec::new();
                stdin
                    .take(PLAY_LINE.value + 1)
                    .read_until(b'\n', &mut line)?;
                if line.is_empty() {
                    return Ok(Typed::Quit);
                }
                if line.last() == Some(&b'\n') {
                    line.pop();
                } else if line.len() as u64 > PLAY_LINE.value {
                    return Err(Failure::Input(format!(
                        "a line of input is longer than the limit of {} {} ({})",
                        PLAY_LINE.value, PLAY_LINE.unit, PLAY_LINE.name
                    )));
                }
                let text = (!line.contains(&0))
                    .then(|| String::from_utf8(line).ok())
                    .flatten()
                    .ok_or_else(|| {
                        Failure::Input("the input is not text (UTF-8 without NUL bytes)".into())
                    })?;
                Ok(Typed::Line(text.trim_end_matches('\r').to_string()))
            }
        }
    }
}

/// Whether standard input has something to read within `timeout`.
pub fn wait_for_input(timeout: Duration) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = rustix::stdio::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let timeout = Timespec {
        tv_sec: timeout.as_secs() as i64,
        tv_nsec: 0,
    };
    matches!(poll(&mut fds, Some(&timeout)), Ok(n) if n > 0)
}
