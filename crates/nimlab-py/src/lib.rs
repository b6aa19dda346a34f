//! `nimlab._nimlab`: the engine behind the Python package `nimlab` (see
//! `python/nimlab/__init__.py`, which wraps it, and `docs/PYTHON.md`).
//!
//! Answers are the reports the command line's `--json` prints ([`AnalysisReport`],
//! [`MovesReport`]), handed to Python as that JSON, so the two cannot differ. A heap
//! game of the user's own is a [`HeapRules`] whose options come from a Python callable
//! (`PythonOptions`), played by the same [`HeapSum`] as the built-in heap games.

use malachite_base::num::conversion::traits::FromStringBase;
use nimlab_core::conformance::check_game;
use nimlab_core::families::graph::{Kind, TokenGraph};
use nimlab_core::heap::{HeapOption, HeapRules, HeapSum};
use nimlab_core::limits::{
    DAG_FILE, FIBONACCI_COUNT, FIBONACCI_INDEX, GRUNDY_TABLE, Limit, MISERE_QUOTIENT_HEAPS,
    MISERE_QUOTIENT_MAX_HEAP, MISERE_QUOTIENT_MAX_MEMORY, MISERE_QUOTIENT_MEMORY, POSITION_ECHO,
    ZECKENDORF_WRITTEN_DIGITS,
};
use nimlab_core::parse::parse_bounded;
use nimlab_core::protocol::{Erased, HeapSequence};
use nimlab_core::report::{AnalysisReport, MovesReport, PeriodReport, QuotientReport};
use nimlab_core::research::census;
use nimlab_core::seq;
use nimlab_core::{Budget, Convention, Error, InputError, Nat, Ruleset, Spec};
use nimlab_misere::{Bounds, Computation, MisereHeapRules, Need, QuotientError, Shortfall};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::collections::HashMap;
use std::convert::Infallible;
use std::io::Read;
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
fn to_py(error: Error) -> PyErr {
    let line = error.to_string();
    match error {
        Error::Input(_) => PyValueError::new_err(line),
        Error::TooLarge(_) | Error::OutOfTime(_) | Error::Cancelled(_) => LimitError::new_err(line),
        Error::NoKnownValue(_) | Error::Undefined(_) => NimlabError::new_err(line),
    }
}

/// The budget of one question: `time_limit` seconds (`None` or 0: no limit), as the
/// command line's `--time-limit`.
fn budget(time_limit: Option<f64>) -> PyResult<Budget> {
    match time_limit {
        Some(seconds) if !(seconds.is_finite() && (0.0..=1e9).contains(&seconds)) => {
            Err(PyValueError::new_err(format!(
                "invalid time_limit {seconds}: expected a number of seconds from 0 (no limit) to 1000000000"
            )))
        }
        Some(seconds) if seconds > 0.0 => {
            Ok(Budget::question(Some(Duration::from_secs_f64(seconds))))
        }
        _ => Ok(Budget::question(None)),
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

/// A game the engine plays: a built-in game of a spec, or a heap game of the user's
/// own. Python's `nimlab.Game` wraps it.
#[pyclass(frozen, module = "nimlab._nimlab")]
struct Engine {
    game: Mutex<Arc<dyn Ruleset>>,
    /// For a heap game of the user's own, its options.
    options: Option<Arc<PythonOptions>>,
}

/// The game of the user's options, with no values computed yet.
fn heap_game(options: &Arc<PythonOptions>) -> Arc<dyn Ruleset> {
    Arc::new(Erased(HeapSum::new(SharedOptions(Arc::clone(options)))))
}

impl Engine {
    /// Run `question` on the game without holding the GIL (a user's callback takes it
    /// again). A callback's exception is re-raised, and the game's values, which were
    /// computed from an empty list of options, are dropped.
    fn ask<T: Send>(
        &self,
        py: Python<'_>,
        question: impl FnOnce(&dyn Ruleset) -> Result<T, Error> + Send,
    ) -> PyResult<T> {
        let game = Arc::clone(&self.game.lock().unwrap_or_else(PoisonError::into_inner));
        let answer = py.detach(|| question(game.as_ref()));
        if let Some(options) = &self.options
            && let Some(failure) = options.take_failure()
        {
            *self.game.lock().unwrap_or_else(PoisonError::into_inner) = heap_game(options);
            return Err(failure);
        }
        answer.map_err(to_py)
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
    #[pyo3(signature = (spec, time_limit))]
    fn from_spec(py: Python<'_>, spec: &str, time_limit: Option<f64>) -> PyResult<Engine> {
        let budget = budget(time_limit)?;
        let spec: Spec = spec.parse().map_err(|e: InputError| to_py(e.into()))?;
        let game = py
            .detach(|| spec.build(&read_file, &budget))
            .map_err(to_py)?;
        Ok(Engine {
            game: Mutex::new(game),
            options: None,
        })
    }

    /// The game of tokens on the graph whose text (`V E u1 v1 …`, as `graph:FILE`
    /// reads from its file) is `text`, at most [`DAG_FILE`] bytes; `origin` names it
    /// in the spec (`graph:ORIGIN`).
    #[staticmethod]
    fn from_graph_text(py: Python<'_>, text: &str, origin: &str) -> PyResult<Engine> {
        if text.len() as u64 > DAG_FILE.value {
            return Err(to_py(
                InputError::invalid(
                    "graph",
                    origin,
                    format!(
                        "a graph of at most {} {} of text ({}): its edges are written as \
                         they would be in a file",
                        DAG_FILE.value, DAG_FILE.unit, DAG_FILE.name
                    ),
                )
                .into(),
            ));
        }
        let graph = py
            .detach(|| TokenGraph::parse(text, origin, Kind::Loopy))
            .map_err(|e| to_py(e.into()))?;
        Ok(Engine {
            game: Mutex::new(Arc::new(Erased(graph))),
            options: None,
        })
    }

    /// The heap game whose heap of `n` can become the tuples `options(n)` returns.
    #[staticmethod]
    fn from_heap_options(options: Py<PyAny>, name: String) -> PyResult<Engine> {
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
        Ok(Engine {
            game: Mutex::new(heap_game(&options)),
            options: Some(options),
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
        position: &str,
        misere: bool,
        max_moves: usize,
        time_limit: Option<f64>,
    ) -> PyResult<String> {
        let budget = budget(time_limit)?;
        self.ask(py, |game| {
            let parsed = game.parse_position(position)?;
            let analysis =
                game.analyze(&parsed, Convention::misere_if(misere), max_moves, &budget)?;
            let with_positions = position.len() <= POSITION_ECHO.get();
            let report = AnalysisReport::new(game, &parsed, analysis, with_positions);
            Ok(serde_json::to_string(&report).expect("reports serialize"))
        })
    }

    /// What `nimlab moves GAME POSITION --json` prints (without its newline).
    fn moves_json(
        &self,
        py: Python<'_>,
        position: &str,
        misere: bool,
        max_moves: usize,
        time_limit: Option<f64>,
    ) -> PyResult<String> {
        let budget = budget(time_limit)?;
        self.ask(py, |game| {
            let parsed = game.parse_position(position)?;
            let convention = Convention::misere_if(misere);
            let values = game.move_list(&parsed, convention, max_moves, &budget)?;
            let with_positions = position.len() <= POSITION_ECHO.get();
            let report = MovesReport::new(game, &parsed, convention, values, with_positions);
            Ok(serde_json::to_string(&report).expect("reports serialize"))
        })
    }

    /// g(0), …, g(upto) of one heap, as native-endian unsigned 32-bit integers;
    /// `upto` is the decimal text of a number within [`GRUNDY_TABLE`], as the command
    /// line's `--upto` (the table is held in memory).
    ///
    /// Games whose values come from a closed form or a certified period build the
    /// table without looking at the clock, so the deadline is looked at again once it
    /// is built: a table that took longer than the time limit is refused as one that
    /// ran out of it midway, and the answer does not depend on the family.
    fn grundy_bytes<'py>(
        &self,
        py: Python<'py>,
        upto: &str,
        time_limit: Option<f64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let upto = GRUNDY_TABLE
            .read(upto, "upto", 0)
            .map_err(|e| to_py(e.into()))? as usize;
        let budget = budget(time_limit)?;
        let values = self.ask(py, |game| {
            let table = heap_sequence(game)?.grundy_table(upto, &budget)?;
            budget
                .check()
                .map_err(|why| Error::from_budget(why, "the nim-sequence"))?;
            Ok(table)
        })?;
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// What `nimlab period GAME --json` prints (without its newline): the period
    /// searched up to the game's own bound, or, with `max`, up to `max` values (the
    /// decimal text of a number from 1 to [`GRUNDY_TABLE`], as `--max`), which only
    /// take-and-break games' searches take.
    #[pyo3(signature = (max, time_limit))]
    fn period_json(
        &self,
        py: Python<'_>,
        max: Option<&str>,
        time_limit: Option<f64>,
    ) -> PyResult<String> {
        let max = max
            .map(|max| parse_bounded(max, "max", 1, GRUNDY_TABLE.value))
            .transpose()
            .map_err(|e| to_py(e.into()))?;
        let budget = budget(time_limit)?;
        self.ask(py, |game| {
            let sequence = heap_sequence(game)?;
            let periodicity = match max {
                None => sequence.periodicity(&budget),
                Some(max) => sequence
                    .periodicity_within(max as usize, &budget)
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
            Some(text) => limit.read(text, what, 1).map_err(|e| to_py(e.into())),
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
        let budget = budget(time_limit)?;
        let game = Arc::clone(&self.game.lock().unwrap_or_else(PoisonError::into_inner));
        quotient_game(game.as_ref())?;
        self.ask(py, |game| {
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
    fn check<'py>(&self, py: Python<'py>, position: &str) -> PyResult<Bound<'py, PyDict>> {
        let checked = self.ask(py, |game| {
            let start = game.parse_position(position)?;
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
        let count = parse_bounded(count, "count", 0, u64::MAX).map_err(|e| to_py(e.into()))?;
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
    let n = parse_bounded(n, "n", 0, FIBONACCI_INDEX.value).map_err(|e| to_py(e.into()))?;
    nat_to_py(py, &py.detach(|| seq::fibonacci::fibonacci(n)))
}

/// F(0), F(1), … (`nimlab seq fibonacci --count COUNT`), `count` within
/// [`FIBONACCI_COUNT`].
#[pyfunction]
fn fibonacci_numbers(count: &str) -> PyResult<Terms> {
    FIBONACCI_COUNT
        .read(count, "count", 0)
        .map_err(|e| to_py(e.into()))?;
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
    parse_bounded(upto, "upto", 1, GRUNDY_TABLE.value).map_err(|e| to_py(e.into()))?;
    let digits = parse_bounded(digits, "digits", 1, 6).map_err(|e| to_py(e.into()))?;
    census::codes(digits as u32).map_err(|e| to_py(e.into()))
}

/// The line `nimlab census` writes for `code`: its period searched up to `upto`
/// values (its misère quotient too with `misere`), as JSON.
#[pyfunction]
#[pyo3(signature = (code, upto, misere, time_limit))]
fn census_line(
    py: Python<'_>,
    code: &str,
    upto: &str,
    misere: bool,
    time_limit: Option<f64>,
) -> PyResult<String> {
    let upto = parse_bounded(upto, "upto", 1, GRUNDY_TABLE.value).map_err(|e| to_py(e.into()))?;
    let budget = budget(time_limit)?;
    let line = py
        .detach(|| census::survey(code, upto as usize, misere, &budget))
        .map_err(to_py)?;
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
