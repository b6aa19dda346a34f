//! `nimlab._nimlab`: the engine behind the Python package `nimlab` (see
//! `python/nimlab/__init__.py`, which wraps it, and `docs/PYTHON.md`).
//!
//! Answers are the reports the command line's `--json` prints ([`AnalysisReport`],
//! [`MovesReport`]), handed to Python as that JSON, so the two cannot differ. A heap
//! game of the user's own is a [`HeapRules`] whose options come from a Python callable
//! (`PythonOptions`), played by the same [`HeapSum`] as the built-in heap games.

use malachite_base::num::conversion::traits::FromStringBase;
use nimlab_core::conformance::check_game;
use nimlab_core::error::MEMORY_BUDGET;
use nimlab_core::families::graph::{Kind, TokenGraph};
use nimlab_core::heap::{HeapOption, HeapRules, HeapSum};
use nimlab_core::limits::{
    DAG_FILE, FIBONACCI_COUNT, FIBONACCI_INDEX, GRUNDY_TABLE, Limit, MISERE_QUOTIENT_HEAPS,
    MISERE_QUOTIENT_MAX_HEAP, MISERE_QUOTIENT_MAX_MEMORY, MISERE_QUOTIENT_MEMORY, OCTAL_DIGITS,
    POSITION_ECHO, SUM_PARTS, ZECKENDORF_WRITTEN_DIGITS,
};
use nimlab_core::parse::parse_bounded;
use nimlab_core::protocol::sum::Sum;
use nimlab_core::protocol::{Erased, HeapSequence};
use nimlab_core::report::plot::{PLOT_VALUES, sequence_svg};
use nimlab_core::report::{AnalysisReport, MovesReport, PeriodReport, QuotientReport};
use nimlab_core::research::census;
use nimlab_core::seq;
use nimlab_core::{Budget, Convention, Error, InputError, Nat, Ruleset, Spec};
use nimlab_misere::{Bounds, Computation, MisereHeapRules, Need, QuotientError, Shortfall};
use nimlab_octal::TakeBreak;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};
use std::collections::HashMap;
use std::convert::Infallible;
use std::io::Read;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

mod define;
mod play;

create_exception!(
    nimlab,
    NimlabError,
    PyException,
    "A question nimlab cannot answer: it has no known answer, or the game has no such thing."
);
create_exception!(
    nimlab,
    LimitError,
    NimlabError,
    "A question beyond a limit: its time limit, or one of nimlab's limits on size."
);

/// The Python exception of a core error: `ValueError` for bad input, [`LimitError`]
/// for a limit hit, [`NimlabError`] for a question without an answer. The message is
/// the one line the command line prints.
fn to_py(error: impl Into<Error>) -> PyErr {
    let error = error.into();
    let line = error.to_string();
    match error {
        Error::Input(_) => PyValueError::new_err(line),
        Error::TooLarge(_) | Error::OutOfTime(_) | Error::Cancelled(_) => LimitError::new_err(line),
        Error::NoKnownValue(_) | Error::Undefined(_) => NimlabError::new_err(line),
    }
}

/// The budget of one question: `time_limit` seconds (`None` or 0: no limit), as the
/// command line's `--time-limit`, and at most `max_positions` table entries held (a
/// value of a table, or a number of a position a search keeps; by default the
/// command line's [`QUESTION_MEMORY`](nimlab_core::limits::QUESTION_MEMORY)).
fn budget(time_limit: Option<f64>, max_positions: Option<u64>) -> PyResult<Budget> {
    let budget = match time_limit {
        Some(seconds) if !(seconds.is_finite() && (0.0..=1e9).contains(&seconds)) => {
            return Err(PyValueError::new_err(format!(
                "invalid time_limit {seconds}: expected a number of seconds from 0 (no limit) to 1000000000"
            )));
        }
        Some(seconds) if seconds > 0.0 => Budget::question(Some(Duration::from_secs_f64(seconds))),
        _ => Budget::question(None),
    };
    match max_positions {
        Some(0) => Err(PyValueError::new_err(
            "invalid max_positions 0: expected a number of positions from 1",
        )),
        Some(entries) => Ok(budget.with_memory(entries)),
        None => Ok(budget),
    }
}

/// A question's error, where its memory ran out, says which argument allows more.
fn with_positions_hint(error: Error) -> Error {
    match error {
        Error::TooLarge(mut too_large) if too_large.limit == MEMORY_BUDGET => {
            too_large.message = format!(
                "{} (max_positions={}; a larger max_positions allows more)",
                too_large.message, too_large.max
            );
            Error::TooLarge(too_large)
        }
        error => error,
    }
}

/// A file a spec names (`graph:FILE`), read as the command line reads it: UTF-8 text
/// of at most [`DAG_FILE`] bytes.
fn read_file(path: &str) -> Result<String, InputError> {
    let invalid = |why: String| InputError::invalid("file", path, why);
    let file =
        std::fs::File::open(path).map_err(|e| invalid(format!("a readable text file ({e})")))?;
    let mut bytes = Vec::new();
    file.take(DAG_FILE.value + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| invalid(format!("a readable text file ({e})")))?;
    if bytes.len() as u64 > DAG_FILE.value {
        return Err(invalid(format!(
            "a text file: the file is longer than the limit of {} {} ({})",
            DAG_FILE.value, DAG_FILE.unit, DAG_FILE.name
        )));
    }
    if bytes.contains(&0) {
        return Err(invalid("a text file: the file is not text".to_string()));
    }
    String::from_utf8(bytes)
        .map_err(|_| invalid("a text file: the file is not UTF-8 text".to_string()))
}

/// The rules of a heap game whose options come from a Python callable `options(n)`,
/// which returns the tuples of heaps a heap of `n` can become. Each heap's options are
/// asked for once and kept. The core asks for options without a way to fail, so an
/// exception (the callable's own, or a `TypeError` for a wrong return value) is kept
/// here, the heap gets no options, and the call that asked re-raises it.
struct PythonOptions {
    name: String,
    callable: Py<PyAny>,
    known: Mutex<HashMap<Nat, Vec<HeapOption>>>,
    failure: Mutex<Option<PyErr>>,
}

impl PythonOptions {
    /// The options of a heap of `n`, from the callable.
    fn call(&self, py: Python<'_>, n: &Nat) -> PyResult<Vec<HeapOption>> {
        let argument = match u64::try_from(n) {
            Ok(small) => small.into_pyobject(py)?.into_any(),
            Err(_) => py
                .import("builtins")?
                .getattr("int")?
                .call1((n.to_string(),))?,
        };
        let returned = self.callable.bind(py).call1((argument,))?;
        let heaps: Vec<Vec<u64>> = returned.extract().map_err(|_| {
            let shown = returned
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_else(|_| "a value".to_string());
            PyTypeError::new_err(format!(
                "options({n}) of the heap game {} returned {shown}: expected a list of \
                 tuples of non-negative integers, the heaps a heap of {n} can become, \
                 e.g. [(), (2,), (1, 1)]",
                self.name
            ))
        })?;
        Ok(heaps
            .into_iter()
            .map(|option| option.into_iter().map(Nat::from).collect())
            .collect())
    }

    /// The exception a callback raised since the last call, if any.
    fn take_failure(&self) -> Option<PyErr> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// Heaps up to this size (at least) are checked against the take-and-break code a
/// declared game's options show.
const DECLARED_CHECKED_HEAPS: usize = 64;

/// The take-and-break code (`octal:…` or `hex:…`) whose moves `options` shows, for a
/// heap game declared to take at most `max_take` tokens (1 to [`OCTAL_DIGITS`]) and
/// leave at most `max_parts` heaps (1 to 3), which the caller has checked. Digit k of the code is read from the
/// smallest heaps where each of its moves can show (taking k and leaving j heaps, seen
/// at a heap of k + j); then the options of every heap up to
/// max([`DECLARED_CHECKED_HEAPS`], 4·(max_take + max_parts)) must be exactly the code's.
/// A `ValueError` names the first heap whose options differ.
fn declared_code(
    py: Python<'_>,
    options: &PythonOptions,
    max_take: usize,
    max_parts: usize,
) -> PyResult<String> {
    let sorted = |mut heaps: Vec<usize>| {
        heaps.sort_unstable();
        heaps
    };
    let asked = |n: usize| -> PyResult<Vec<Vec<usize>>> {
        let mut listed: Vec<Vec<usize>> = options
            .call(py, &Nat::from(n))?
            .into_iter()
            .map(|option| {
                sorted(
                    option
                        .iter()
                        .filter_map(|heap| usize::try_from(heap).ok())
                        .filter(|&heap| heap > 0)
                        .collect(),
                )
            })
            .collect();
        listed.sort();
        Ok(listed)
    };
    let digits: Vec<u8> = (0..=max_take)
        .map(|take| {
            (0..=max_parts)
                .filter(|&parts| !(take == 0 && parts < 2))
                .map(|parts| {
                    let shown = asked(take + parts)?.contains(&vec![1; parts]);
                    Ok(if shown { 1u8 << parts } else { 0 })
                })
                .sum::<PyResult<u8>>()
        })
        .collect::<PyResult<_>>()?;
    let written: String = digits[1..]
        .iter()
        .map(|&digit| char::from_digit(u32::from(digit), 16).expect("a digit below 16"))
        .collect();
    let code = format!("{:x}.{}", digits[0], written.trim_end_matches('0'));
    let (family, game) = if max_parts == 3 {
        ("hex", TakeBreak::hex(&code))
    } else {
        ("octal", TakeBreak::octal(&code))
    };
    let game = game.map_err(|e| {
        PyValueError::new_err(format!(
            "the options of {} show no take-and-break game ({e})",
            options.name
        ))
    })?;
    let checked = DECLARED_CHECKED_HEAPS.max(4 * (max_take + max_parts));
    for n in 0..=checked {
        let mut expected: Vec<Vec<usize>> = game.options(&n).map(sorted).collect();
        expected.sort();
        let given = asked(n)?;
        if given != expected {
            return Err(PyValueError::new_err(format!(
                "invalid max_take={max_take}, max_parts={max_parts} for {}: the options of \
                 heaps up to {} are those of the take-and-break game {family}:{code}, but \
                 options({n}) is not: {} of them, where {family}:{code} has {}",
                options.name,
                max_take + max_parts,
                given.len(),
                expected.len()
            )));
        }
    }
    Ok(format!("{family}:{code}"))
}

/// [`PythonOptions`] shared between the game and the engine that plays it.
struct SharedOptions(Arc<PythonOptions>);

impl HeapRules for SharedOptions {
    fn spec(&self) -> String {
        self.0.name.clone()
    }

    fn options(&self, n: &Nat, limit: usize) -> Vec<HeapOption> {
        let rules = &self.0;
        if let Some(options) = rules
            .known
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(n)
        {
            return options.iter().take(limit).cloned().collect();
        }
        if rules
            .failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
        {
            return Vec::new();
        }
        match Python::attach(|py| rules.call(py, n)) {
            Ok(options) => {
                let listed = options.iter().take(limit).cloned().collect();
                rules
                    .known
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(n.clone(), options);
                listed
            }
            Err(error) => {
                *rules.failure.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
                Vec::new()
            }
        }
    }
}

/// Builds a game afresh, with no values computed.
type Build = Arc<dyn Fn() -> Arc<dyn Ruleset> + Send + Sync>;

/// A game the engine plays: a built-in game of a spec, a heap game of the user's own,
/// or a sum of such games. Python's `nimlab.Game` wraps it.
#[pyclass(frozen, module = "nimlab._nimlab")]
struct Engine {
    game: Mutex<Arc<dyn Ruleset>>,
    /// The options of every heap game of the user's own that the game plays.
    callbacks: Vec<Arc<PythonOptions>>,
    /// How to build the game afresh, for a game with callbacks (whose values are
    /// dropped when a callback fails).
    rebuild: Option<Build>,
}

impl Engine {
    /// A game without callbacks of the user's.
    fn built_in(game: Arc<dyn Ruleset>) -> Engine {
        Engine {
            game: Mutex::new(game),
            callbacks: Vec::new(),
            rebuild: None,
        }
    }

    /// The game as it is now.
    fn current(&self) -> Arc<dyn Ruleset> {
        Arc::clone(&self.game.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// A builder of this game afresh: its own, or one that hands out the game as it
    /// is (a built-in game's values do not depend on a callback).
    fn builder(&self) -> Build {
        match &self.rebuild {
            Some(build) => Arc::clone(build),
            None => {
                let game = self.current();
                Arc::new(move || Arc::clone(&game))
            }
        }
    }

    /// Run `question` on the game within `time_limit` seconds and `max_positions`
    /// table entries (as [`budget`]), on a
    /// worker thread without the GIL (a user's callback takes it again), while this
    /// thread looks for signals: Ctrl-C cancels the question's budget and raises
    /// `KeyboardInterrupt`. A callback's exception is re-raised, and the game's values,
    /// which were computed from an empty list of options, are dropped.
    fn ask<T: Send + 'static>(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
        question: impl FnOnce(&dyn Ruleset, &Budget) -> Result<T, Error> + Send + 'static,
    ) -> PyResult<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = budget(time_limit, max_positions)?.with_cancel(Arc::clone(&cancel));
        let game = self.current();
        let answer = define::interruptible(py, &cancel, move || question(game.as_ref(), &budget))?;
        if let Some(failure) = self.take_failure() {
            return Err(failure);
        }
        answer.map_err(|error| to_py(with_positions_hint(error)))
    }

    /// The exception a callback raised since the last question, if any; the game's
    /// values, computed from the empty options that stood in for the failed call, are
    /// then dropped.
    fn take_failure(&self) -> Option<PyErr> {
        let failures: Vec<PyErr> = self
            .callbacks
            .iter()
            .filter_map(|options| options.take_failure())
            .collect();
        let failure = failures.into_iter().next()?;
        if let Some(build) = &self.rebuild {
            *self.game.lock().unwrap_or_else(PoisonError::into_inner) = build();
        }
        Some(failure)
    }
}

/// A quotient not certified, as the error of its kind: out of time or memory (a
/// limit), or no certificate within the bounds (no known value), in the command
/// line's words with Python's names for its options.
fn quotient_error(error: &QuotientError, time_limit: Option<f64>) -> Error {
    let (reason, progress) = (error.reason(), error.progress());
    match &error.shortfall {
        Shortfall::Stopped { .. } => Error::OutOfTime(format!(
            "{reason} by the time limit of {} s ({progress}); time_limit=SECONDS allows more \
             (0: no limit), and max_heap=N goes on to heap N",
            time_limit.unwrap_or(0.0)
        )),
        Shortfall::TooLarge { need, .. } => {
            let more = match need {
                Need::Memory { .. } => "; memory=MIB allows more",
                _ => "",
            };
            MISERE_QUOTIENT_MAX_MEMORY.exceeded(None, format!("{error}{more}"))
        }
        Shortfall::NoPeriod { .. } => {
            Error::NoKnownValue(format!("{error}; max_heap=N goes further"))
        }
        _ => Error::NoKnownValue(error.to_string()),
    }
}

/// The heap game the misère solver takes for `game`, or why `game` has no quotient.
fn quotient_game(game: &dyn Ruleset) -> PyResult<&(dyn MisereHeapRules + Send + Sync)> {
    let lazy = game.heap_game().and_then(|heaps| heaps.misere_quotient());
    lazy.map(|lazy| lazy.game()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "invalid game '{}' for quotient: expected a take-and-break game (octal:, hex:, \
             kayles, grundy-game, …) or a subtraction game",
            game.spec()
        ))
    })
}

/// The nim-sequence of a game played on heaps, or why the game has none.
fn heap_sequence(game: &dyn Ruleset) -> Result<&dyn HeapSequence, Error> {
    match game.heap_game() {
        Some(heaps) => Ok(heaps.sequence()),
        None => Err(Error::Undefined(format!(
            "{} is not played on heaps, so it has no nim-sequence",
            game.spec()
        ))),
    }
}

#[pymethods]
impl Engine {
    /// The game of a spec the command line takes (files it names are read).
    #[staticmethod]
    #[pyo3(signature = (spec, time_limit, max_positions=None))]
    fn from_spec(
        py: Python<'_>,
        spec: &str,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
    ) -> PyResult<Engine> {
        let budget = budget(time_limit, max_positions)?;
        let spec: Spec = spec.parse().map_err(to_py)?;
        let game = py
            .detach(|| spec.build(&read_file, &budget))
            .map_err(to_py)?;
        Ok(Engine::built_in(game))
    }

    /// The game of tokens on the graph whose text (`V E u1 v1 …`, as `graph:FILE`
    /// reads from its file) is `text`, at most [`DAG_FILE`] bytes; `origin` names it
    /// in the spec (`graph:ORIGIN`).
    #[staticmethod]
    fn from_graph_text(py: Python<'_>, text: &str, origin: &str) -> PyResult<Engine> {
        if text.len() as u64 > DAG_FILE.value {
            return Err(to_py(InputError::invalid(
                "graph",
                origin,
                format!(
                    "a graph of at most {} {} of text ({}): its edges are written as \
                         they would be in a file",
                    DAG_FILE.value, DAG_FILE.unit, DAG_FILE.name
                ),
            )));
        }
        let graph = py
            .detach(|| TokenGraph::parse(text, origin, Kind::Loopy))
            .map_err(to_py)?;
        Ok(Engine::built_in(Arc::new(Erased(graph))))
    }

    /// The heap game whose heap of `n` can become the tuples `options(n)` returns.
    /// With `max_take` and `max_parts`, the game is declared a take-and-break game:
    /// it is the code its options show ([`declared_code`]), played by the engine of
    /// built-in codes (certified periods, misère quotients, heaps of any size).
    #[staticmethod]
    #[pyo3(signature = (options, name, max_take=None, max_parts=None))]
    fn from_heap_options(
        py: Python<'_>,
        options: Py<PyAny>,
        name: String,
        max_take: Option<&str>,
        max_parts: Option<&str>,
    ) -> PyResult<Engine> {
        if name.trim().is_empty() || name.chars().any(char::is_whitespace) {
            return Err(PyValueError::new_err(format!(
                "invalid name {name:?}: expected a name without spaces, e.g. \"take-or-split\""
            )));
        }
        let options = Arc::new(PythonOptions {
            name,
            callable: options,
            known: Mutex::new(HashMap::new()),
            failure: Mutex::new(None),
        });
        match (max_take, max_parts) {
            (None, None) => {}
            (Some(max_take), Some(max_parts)) => {
                let read = |text: &str, what: &str, most: u64| {
                    parse_bounded(text, what, 1, most)
                        .map(|value| value as usize)
                        .map_err(to_py)
                };
                let max_take = read(max_take, "max_take", OCTAL_DIGITS.value)?;
                let max_parts = read(max_parts, "max_parts", 3)?;
                let code = declared_code(py, &options, max_take, max_parts)?;
                return Engine::from_spec(py, &code, None, None);
            }
            _ => {
                return Err(PyValueError::new_err(
                    "invalid declaration: give both max_take and max_parts (the most tokens \
                     a move takes and the most heaps it leaves), or neither",
                ));
            }
        }
        let shared = Arc::clone(&options);
        let build: Build =
            Arc::new(move || Arc::new(Erased(HeapSum::new(SharedOptions(Arc::clone(&shared))))));
        Ok(Engine {
            game: Mutex::new(build()),
            callbacks: vec![options],
            rebuild: Some(build),
        })
    }

    /// The sum of `parts` (at most [`SUM_PARTS`] games): each turn, a move in exactly
    /// one of them. Its positions are the parts' positions separated by `+`.
    #[staticmethod]
    fn from_sum(parts: Vec<PyRef<'_, Engine>>) -> PyResult<Engine> {
        if parts.len() < 2 || parts.len() as u64 > SUM_PARTS.value {
            return Err(PyValueError::new_err(format!(
                "invalid sum of {} games: expected 2 to {} games (the limit '{}')",
                parts.len(),
                SUM_PARTS.value,
                SUM_PARTS.name
            )));
        }
        let callbacks = parts
            .iter()
            .flat_map(|part| part.callbacks.iter().cloned())
            .collect();
        let builders: Vec<Build> = parts.iter().map(|part| part.builder()).collect();
        let build: Build = Arc::new(move || {
            let games = builders.iter().map(|build| build()).collect();
            Arc::new(Erased(Sum::new(games)))
        });
        Ok(Engine {
            game: Mutex::new(build()),
            callbacks,
            rebuild: Some(build),
        })
    }

    /// The game's canonical spec.
    fn spec(&self) -> String {
        self.game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .spec()
    }

    /// The game's rules, in a sentence.
    fn rules(&self) -> String {
        self.game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .rules()
    }

    /// How positions are written.
    fn position_syntax(&self) -> String {
        self.game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .position_syntax()
    }

    /// What `nimlab analyze GAME POSITION --json` prints (without its newline).
    fn analyze_json(
        &self,
        py: Python<'_>,
        position: String,
        misere: bool,
        max_moves: usize,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
    ) -> PyResult<String> {
        self.ask(py, time_limit, max_positions, move |game, budget| {
            let parsed = game.parse_position(&position)?;
            let analysis =
                game.analyze(&parsed, Convention::misere_if(misere), max_moves, budget)?;
            let with_positions = position.len() <= POSITION_ECHO.get();
            let report = AnalysisReport::new(game, &parsed, analysis, with_positions);
            Ok(serde_json::to_string(&report).expect("reports serialize"))
        })
    }

    /// What `nimlab moves GAME POSITION --json` prints (without its newline).
    fn moves_json(
        &self,
        py: Python<'_>,
        position: String,
        misere: bool,
        max_moves: usize,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
    ) -> PyResult<String> {
        self.ask(py, time_limit, max_positions, move |game, budget| {
            let parsed = game.parse_position(&position)?;
            let convention = Convention::misere_if(misere);
            let values = game.move_list(&parsed, convention, max_moves, budget)?;
            let with_positions = position.len() <= POSITION_ECHO.get();
            let report = MovesReport::new(game, &parsed, convention, values, with_positions);
            Ok(serde_json::to_string(&report).expect("reports serialize"))
        })
    }

    /// g(0), …, g(upto) of one heap, as native-endian unsigned 32-bit integers in a
    /// `bytearray` (which numpy takes as its buffer without copying); `upto` is the
    /// decimal text of a number within [`GRUNDY_TABLE`], as the command line's
    /// `--upto` (the table is held in memory: by default, as long as `upto` asks).
    fn grundy_bytes<'py>(
        &self,
        py: Python<'py>,
        upto: &str,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let upto = GRUNDY_TABLE.read(upto, "upto", 0).map_err(to_py)? as usize;
        // By default a table may be as long as `upto` allows, as on the command line.
        let max_positions = max_positions.or(Some(GRUNDY_TABLE.value + 1));
        let values = self.ask(py, time_limit, max_positions, move |game, budget| {
            heap_sequence(game)?.grundy_table(upto, budget)
        })?;
        let bytes: &[u8] = bytemuck::cast_slice(&values);
        PyByteArray::new_with(py, bytes.len(), |buffer| {
            buffer.copy_from_slice(bytes);
            Ok(())
        })
    }

    /// The SVG plot `nimlab grundy GAME --upto N --plot FILE` draws: g(0), …, g(upto)
    /// (at most [`PLOT_VALUES`] of them), with the period's start marked when the
    /// game's own search finds one within the time limit.
    fn plot_svg(
        &self,
        py: Python<'_>,
        upto: &str,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
    ) -> PyResult<String> {
        let upto = GRUNDY_TABLE.read(upto, "upto", 0).map_err(to_py)? as usize;
        self.ask(py, time_limit, max_positions, move |game, budget| {
            let sequence = heap_sequence(game)?;
            let values = sequence.grundy_table(upto.min(PLOT_VALUES - 1), budget)?;
            let periodicity = sequence.periodicity(budget).ok();
            sequence_svg(&game.spec(), &values, periodicity.as_ref()).map_err(Error::Undefined)
        })
    }

    /// What `nimlab period GAME --json` prints (without its newline): the period
    /// searched up to the game's own bound, or, with `max`, up to `max` values (the
    /// decimal text of a number from 1 to [`GRUNDY_TABLE`], as `--max`), which only
    /// take-and-break games' searches take.
    #[pyo3(signature = (max, time_limit, max_positions))]
    fn period_json(
        &self,
        py: Python<'_>,
        max: Option<&str>,
        time_limit: Option<f64>,
        max_positions: Option<u64>,
    ) -> PyResult<String> {
        let max = max
            .map(|max| parse_bounded(max, "max", 1, GRUNDY_TABLE.value))
            .transpose()
            .map_err(to_py)?;
        self.ask(py, time_limit, max_positions, move |game, budget| {
            let sequence = heap_sequence(game)?;
            let periodicity = match max {
                None => sequence.periodicity(budget),
                Some(max) => sequence
                    .periodicity_within(max as usize, budget)
                    .unwrap_or_else(|| {
                        Err(InputError::invalid(
                            "game for max",
                            &game.spec(),
                            "a take-and-break game (octal:, hex:, kayles, grundy-game, …): \
                             other games' periods are not searched in a growing table",
                        )
                        .into())
                    }),
            }?;
            let report = PeriodReport::new(game.spec(), &periodicity);
            Ok(serde_json::to_string(&report).expect("reports serialize"))
        })
    }

    /// What `nimlab quotient GAME --json` prints (without its newline) for a certified
    /// quotient: heaps up to `max_heap` (the decimal text of a number within
    /// [`MISERE_QUOTIENT_MAX_HEAP`], as `--max-heap`; default
    /// [`MISERE_QUOTIENT_HEAPS`]) within `memory` MiB (as `--memory`). A quotient not
    /// certified within these bounds is an error saying how far it got.
    #[pyo3(signature = (max_heap, memory, time_limit))]
    fn quotient_json(
        &self,
        py: Python<'_>,
        max_heap: Option<&str>,
        memory: Option<&str>,
        time_limit: Option<f64>,
    ) -> PyResult<String> {
        let read = |limit: Limit, text: Option<&str>, what: &str| match text {
            Some(text) => limit.read(text, what, 1).map_err(to_py),
            None => Ok(limit.value),
        };
        let max_heap = match max_heap {
            Some(_) => read(MISERE_QUOTIENT_MAX_HEAP, max_heap, "max_heap")?,
            None => MISERE_QUOTIENT_HEAPS.value,
        };
        let memory = match memory {
            Some(_) => read(MISERE_QUOTIENT_MAX_MEMORY, memory, "memory")?,
            None => MISERE_QUOTIENT_MEMORY.value,
        };
        let bounds =
            Bounds::memory_only(max_heap as usize, (memory as usize).saturating_mul(1 << 20));
        quotient_game(self.current().as_ref())?;
        self.ask(py, time_limit, None, move |game, budget| {
            let heaps = quotient_game(game).expect("the game was asked for its quotient above");
            let stop = || budget.check().is_err();
            let result = Computation::new(heaps, bounds).and_then(|mut computation| {
                let shortfall = computation.run(&stop, |_| Ok::<(), Infallible>(()));
                let Ok(shortfall) = shortfall;
                computation.finish(true, shortfall)
            });
            let quotient = result.map_err(|error| quotient_error(&error, time_limit))?;
            let report = QuotientReport::new(game.spec(), Ok(&quotient));
            Ok(serde_json::to_string(&report).expect("reports serialize"))
        })
    }

    /// Run the conformance check every built-in family passes, from `position`; the
    /// counts of what was checked, or `AssertionError` with the broken promise.
    fn check<'py>(&self, py: Python<'py>, position: String) -> PyResult<Bound<'py, PyDict>> {
        let checked = self.ask(py, None, None, move |game, _| {
            let start = game.parse_position(&position)?;
            Ok(check_game(game, &start))
        })?;
        let checked = checked
            .map_err(|violation| pyo3::exceptions::PyAssertionError::new_err(violation.0))?;
        let counts = PyDict::new(py);
        counts.set_item("positions", checked.positions)?;
        counts.set_item("moves", checked.moves)?;
        counts.set_item("searched", checked.searched)?;
        counts.set_item("clicked", checked.clicked)?;
        counts.set_item("played", checked.played)?;
        Ok(counts)
    }
}

// --- the integer sequences of `nimlab seq` (Python's `nimlab.seq`) -----------------

/// A natural number Python's `nimlab.seq` passes as hexadecimal text (Python writes
/// and reads hexadecimal at any size, decimal only up to 4300 digits by default).
fn nat_from_hex(hex: &str) -> PyResult<Nat> {
    Nat::from_string_base(16, hex)
        .ok_or_else(|| PyValueError::new_err(format!("invalid hexadecimal number {hex:?}")))
}

/// A natural number as a Python int.
fn nat_to_py<'py>(py: Python<'py>, n: &Nat) -> PyResult<Bound<'py, PyAny>> {
    match u64::try_from(n) {
        Ok(small) => Ok(small.into_pyobject(py)?.into_any()),
        Err(_) => py
            .import("builtins")?
            .getattr("int")?
            .call1((format!("{n:x}"), 16)),
    }
}

/// A term of a sequence that [`Terms`] yields.
enum Term {
    Small(u64),
    Big(Nat),
    Pair(Nat, Nat),
}

/// The terms of a sequence, computed one at a time as Python iterates over them.
#[pyclass(frozen, module = "nimlab._nimlab")]
struct Terms(Mutex<Box<dyn Iterator<Item = Term> + Send>>);

impl Terms {
    fn new(count: &str, terms: impl Iterator<Item = Term> + Send + 'static) -> PyResult<Terms> {
        let count = parse_bounded(count, "count", 0, u64::MAX).map_err(to_py)?;
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        Ok(Terms(Mutex::new(Box::new(terms.take(count)))))
    }
}

#[pymethods]
impl Terms {
    fn __iter__(this: PyRef<'_, Self>) -> PyRef<'_, Self> {
        this
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let term = self.0.lock().unwrap_or_else(PoisonError::into_inner).next();
        Ok(Some(match term {
            None => return Ok(None),
            Some(Term::Small(n)) => n.into_pyobject(py)?.into_any(),
            Some(Term::Big(n)) => nat_to_py(py, &n)?,
            Some(Term::Pair(a, b)) => (nat_to_py(py, &a)?, nat_to_py(py, &b)?)
                .into_pyobject(py)?
                .into_any(),
        }))
    }
}

/// fusc(n) (`nimlab seq fusc --at N`), for `n` in hexadecimal.
#[pyfunction]
fn fusc<'py>(py: Python<'py>, n: &str) -> PyResult<Bound<'py, PyAny>> {
    let n = nat_from_hex(n)?;
    nat_to_py(py, &py.detach(|| seq::fusc::fusc(&n)))
}

/// fusc(0), fusc(1), … (`nimlab seq fusc --count COUNT`).
#[pyfunction]
fn fusc_terms(count: &str) -> PyResult<Terms> {
    Terms::new(count, seq::fusc::Fusc::new().map(Term::Small))
}

/// F(n) (`nimlab seq fibonacci --at N`), `n` within [`FIBONACCI_INDEX`].
#[pyfunction]
fn fibonacci<'py>(py: Python<'py>, n: &str) -> PyResult<Bound<'py, PyAny>> {
    let n = parse_bounded(n, "n", 0, FIBONACCI_INDEX.value).map_err(to_py)?;
    nat_to_py(py, &py.detach(|| seq::fibonacci::fibonacci(n)))
}

/// F(0), F(1), … (`nimlab seq fibonacci --count COUNT`), `count` within
/// [`FIBONACCI_COUNT`].
#[pyfunction]
fn fibonacci_numbers(count: &str) -> PyResult<Terms> {
    FIBONACCI_COUNT.read(count, "count", 0).map_err(to_py)?;
    Terms::new(count, seq::fibonacci::fibonacci_numbers().map(Term::Big))
}

/// The indices of the Fibonacci numbers of n's Zeckendorf representation, largest
/// first (`nimlab seq zeckendorf N --indices`), for `n` in hexadecimal.
#[pyfunction]
fn zeckendorf_indices(py: Python<'_>, n: &str) -> PyResult<Vec<u64>> {
    let n = nat_from_hex(n)?;
    let mut indices = py.detach(|| seq::fibonacci::zeckendorf(&n));
    indices.reverse();
    Ok(indices)
}

/// The terms of n's Zeckendorf representation, largest first (`nimlab seq zeckendorf
/// N`), for `n` in hexadecimal of at most [`ZECKENDORF_WRITTEN_DIGITS`] decimal digits.
#[pyfunction]
fn zeckendorf<'py>(py: Python<'py>, n: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let n = nat_from_hex(n)?;
    let digits = n.to_string().len();
    let limit = ZECKENDORF_WRITTEN_DIGITS;
    if digits > limit.get() {
        return Err(to_py(limit.exceeded(
            Some(Nat::from(digits)),
            format!(
                "n has {digits} digits; the terms are written out for n of up to {} digits \
                 (the limit '{}'; indices=True lists F(i) by index at any size)",
                limit.value, limit.name
            ),
        )));
    }
    let indices = py.detach(|| seq::fibonacci::zeckendorf(&n));
    indices
        .iter()
        .rev()
        .map(|&i| nat_to_py(py, &seq::fibonacci::fibonacci(i)))
        .collect()
}

/// The Wythoff pair (a_k, b_k) (`nimlab seq wythoff --at K`), for `k` in hexadecimal.
#[pyfunction]
fn wythoff_pair<'py>(py: Python<'py>, k: &str) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let k = nat_from_hex(k)?;
    let (a, b) = py.detach(|| seq::wythoff::pair(&k));
    Ok((nat_to_py(py, &a)?, nat_to_py(py, &b)?))
}

/// (a_0, b_0), (a_1, b_1), … (`nimlab seq wythoff --count COUNT`).
#[pyfunction]
fn wythoff_pairs(count: &str) -> PyResult<Terms> {
    Terms::new(count, seq::wythoff::pairs().map(|(a, b)| Term::Pair(a, b)))
}

// --- the census of octal games (`nimlab census`, Python's `nimlab.census`) ---------

/// The codes of a census of octal codes with at most `digits` digits (1 to 6), after
/// checking `upto` (1 to [`GRUNDY_TABLE`]) as `nimlab census --upto` does, so that a
/// bad argument is refused before the first code runs.
#[pyfunction]
fn census_codes(digits: &str, upto: &str) -> PyResult<Vec<String>> {
    parse_bounded(upto, "upto", 1, GRUNDY_TABLE.value).map_err(to_py)?;
    let digits = parse_bounded(digits, "digits", 1, 6).map_err(to_py)?;
    census::codes(digits as u32).map_err(to_py)
}

/// The line `nimlab census` writes for `code`: its period searched up to `upto`
/// values (its misère quotient too with `misere`), as JSON.
#[pyfunction]
#[pyo3(signature = (code, upto, misere, time_limit, max_positions))]
fn census_line(
    py: Python<'_>,
    code: &str,
    upto: &str,
    misere: bool,
    time_limit: Option<f64>,
    max_positions: Option<u64>,
) -> PyResult<String> {
    let upto = parse_bounded(upto, "upto", 1, GRUNDY_TABLE.value).map_err(to_py)?;
    let budget = budget(time_limit, max_positions)?;
    let line = py
        .detach(|| census::survey(code, upto as usize, misere, &budget))
        .map_err(|error| to_py(with_positions_hint(error)))?;
    Ok(serde_json::to_string(&line).expect("census lines serialize"))
}

#[pymodule]
fn _nimlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_class::<Terms>()?;
    m.add_class::<define::Defined>()?;
    m.add_function(wrap_pyfunction!(play::play, m)?)?;
    m.add_function(wrap_pyfunction!(census_codes, m)?)?;
    m.add_function(wrap_pyfunction!(census_line, m)?)?;
    m.add_function(wrap_pyfunction!(fusc, m)?)?;
    m.add_function(wrap_pyfunction!(fusc_terms, m)?)?;
    m.add_function(wrap_pyfunction!(fibonacci, m)?)?;
    m.add_function(wrap_pyfunction!(fibonacci_numbers, m)?)?;
    m.add_function(wrap_pyfunction!(zeckendorf, m)?)?;
    m.add_function(wrap_pyfunction!(zeckendorf_indices, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_pair, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff_pairs, m)?)?;
    m.add("NimlabError", m.py().get_type::<NimlabError>())?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    Ok(())
}
