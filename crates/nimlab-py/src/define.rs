//! `nimlab.define`: a game of the user's own, given by a Python callable
//! `moves(position)` that returns the positions one move away, positions being any
//! hashable Python values, and optionally `components(position)`, which splits a
//! position into independent parts whose values add by nim-sum.
//!
//! Each question numbers the positions it meets ([`PositionId`]) in a table of its own
//! (a Python dict from position to number, the positions by number, and the moves of
//! each position once asked), and [`DefinedGame`] over those numbers implements the
//! core's [`Game`], [`Notation`] and [`Strategy`] with the core's own searches: the
//! memoized Grundy engine, and, where positions repeat, the generalized
//! Sprague–Grundy values and the retrograde analysis that `graph:` games use. No
//! game is assumed to end, so every defined game offers the core's [`Repeating`]
//! capability: the computer makes progress when it wins, and play that goes on
//! forever is a draw. Nothing here searches.
//!
//! The core asks for moves without a way to fail, so an exception (the callable's
//! own, a `TypeError` for a wrong return value, or a position beyond `max_positions`)
//! is kept, the question's budget is cancelled, and the call re-raises it.

use crate::{LimitError, budget, to_py};
use malachite_base::num::basic::traits::Zero;
use nimlab_core::Nat;
use nimlab_core::budget::Budget;
use nimlab_core::conformance::check_game;
use nimlab_core::error::{Error, InputError};
use nimlab_core::limits::SEARCH_BRANCHING;
use nimlab_core::protocol::policy::Policy;
use nimlab_core::protocol::{AnyMove, AnyPosition, Erased, Notation, Repeating, Ruleset, Strategy};
use nimlab_core::report::{AnalysisReport, MovesReport};
use nimlab_core::rules::{Convention, Game};
use nimlab_core::solve::loopy::{Gamma, PositionValues, Retrograde};
use pyo3::exceptions::{PyAssertionError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// A position of a defined game: its number in the question's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PositionId(u32);

/// The most positions a question may number: ids are 32-bit.
const MOST_POSITIONS: u64 = u32::MAX as u64;

/// The longest text of a position read back with `ast.literal_eval`, and the most
/// brackets in it (deeply nested text can exhaust the parser's stack).
const LITERAL_TEXT: usize = 10_000;
const LITERAL_BRACKETS: usize = 100;

/// Lists of moves up to this long are searched for repeats one by one.
const SHORT_LIST: usize = 32;

/// The user's callables and the game's name.
struct Rules {
    name: String,
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
}

/// One of the user's callables, and how what it returns is read: at most `most`
/// positions, without repeats if `distinct` (moves are positions, each once; the
/// components of a sum count as often as they are listed). `expected` says what it
/// should return, for the error of a wrong value.
struct Callback<'a> {
    function: &'a Py<PyAny>,
    name: &'static str,
    expected: &'static str,
    most: usize,
    distinct: bool,
}

/// The moves of a position, as its callable listed them: the positions one move away,
/// without repeats, in the callable's order; `complete` is false when there were more
/// than a search lists ([`SEARCH_BRANCHING`]), and only that many were read.
struct Listed {
    followers: Box<[PositionId]>,
    complete: bool,
}

/// The positions a question has met.
struct Table {
    /// Each position's number.
    ids: Py<PyDict>,
    /// The positions, by number.
    positions: Vec<Py<PyAny>>,
    /// Each position's moves, once asked for.
    moves: Vec<Option<Arc<Listed>>>,
    /// Each position's components, once asked for.
    parts: Vec<Option<Arc<[PositionId]>>>,
}

/// A defined game as one question sees it: the user's rules over the positions it
/// has met. See the module documentation.
pub(crate) struct DefinedGame {
    rules: Arc<Rules>,
    table: Mutex<Table>,
    max_positions: usize,
    /// The first exception of a callback, re-raised by the call.
    failure: Mutex<Option<PyErr>>,
    /// Raised by a failure or by Ctrl-C: the question's budget stops.
    cancel: Arc<AtomicBool>,
    /// The values the winner last made progress by (see [`Repeating::progress`]).
    values: Mutex<Option<PositionValues<DefinedGame>>>,
}

/// The text of `value` as `repr` writes it, or a placeholder if `repr` fails.
fn shown(value: &Bound<'_, PyAny>) -> String {
    value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "a value without a repr".to_string())
}

impl DefinedGame {
    fn new(py: Python<'_>, rules: Arc<Rules>, max_positions: usize) -> Self {
        DefinedGame {
            rules,
            table: Mutex::new(Table {
                ids: PyDict::new(py).unbind(),
                positions: Vec::new(),
                moves: Vec::new(),
                parts: Vec::new(),
            }),
            max_positions,
            failure: Mutex::new(None),
            cancel: Arc::new(AtomicBool::new(false)),
            values: Mutex::new(None),
        }
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Empty the table of a stopped question, a chunk of positions at a time, each
    /// chunk with the GIL, so that another thread (the caller, which had Ctrl-C
    /// pressed) runs Python between chunks instead of waiting while a table of
    /// millions of positions is freed at once.
    fn release(&self) {
        const CHUNK: usize = 10_000;
        let mut done = false;
        while !done {
            Python::attach(|py| {
                let mut table = self.table();
                let ids = table.ids.bind(py).clone();
                for _ in 0..CHUNK {
                    let Some(position) = table.positions.pop() else {
                        done = true;
                        break;
                    };
                    // A position is in the dict once; a failure leaves it to the drop.
                    let _ = ids.del_item(position.bind(py));
                }
            });
        }
        let mut table = self.table();
        table.moves = Vec::new();
        table.parts = Vec::new();
    }

    /// Keep the first failure and stop the question.
    fn fail(&self, error: PyErr) {
        let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        if failure.is_none() {
            *failure = Some(error);
        }
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The flag that stops the questions of this game: raised by a failure.
    pub(crate) fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// The first exception of a callback since the last call, if any.
    pub(crate) fn take_failure(&self) -> Option<PyErr> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// The number of `position` (interned if new); `source` says where it came from,
    /// for the error of an unhashable position.
    fn intern(
        &self,
        py: Python<'_>,
        table: &mut Table,
        position: &Bound<'_, PyAny>,
        source: impl FnOnce() -> String,
    ) -> PyResult<PositionId> {
        let ids = table.ids.bind(py);
        match ids.get_item(position) {
            Ok(Some(id)) => return Ok(PositionId(id.extract()?)),
            Ok(None) => {}
            Err(error) if error.is_instance_of::<PyTypeError>(py) && position.hash().is_err() => {
                let unhashable = PyTypeError::new_err(format!(
                    "{}: the position {} is unhashable; positions must be hashable values, \
                     e.g. tuples rather than lists, frozensets rather than sets",
                    source(),
                    shown(position)
                ));
                unhashable.set_cause(py, Some(error));
                return Err(unhashable);
            }
            Err(error) => return Err(error),
        }
        let count = table.positions.len();
        if count >= self.max_positions {
            return Err(LimitError::new_err(format!(
                "the game '{}' reaches more than {} positions from the position asked \
                 about (max_positions={}; a larger max_positions allows more)",
                self.rules.name, self.max_positions, self.max_positions
            )));
        }
        let id = PositionId(count as u32);
        ids.set_item(position, count)?;
        table.positions.push(position.clone().unbind());
        table.moves.push(None);
        table.parts.push(None);
        Ok(id)
    }

    /// The number of a position the user passed.
    fn start(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PositionId> {
        let mut table = self.table();
        self.intern(py, &mut table, position, || {
            format!("invalid position for the game '{}'", self.rules.name)
        })
    }

    /// The user's value of position `id`.
    fn value(&self, py: Python<'_>, id: PositionId) -> Py<PyAny> {
        self.table().positions[id.0 as usize].clone_ref(py)
    }

    /// Call `callback` on position `id` and number the positions it returns (see
    /// [`Callback`]); the flag says whether that was all of them.
    fn call(
        &self,
        py: Python<'_>,
        table: &mut Table,
        callback: &Callback<'_>,
        id: PositionId,
    ) -> PyResult<(Vec<PositionId>, bool)> {
        let position = table.positions[id.0 as usize].clone_ref(py).into_bound(py);
        let returned = callback.function.bind(py).call1((&position,))?;
        let call = || format!("{}({})", callback.name, shown(&position));
        let items = returned.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{} of the game '{}' returned {}: expected {}",
                call(),
                self.rules.name,
                shown(&returned),
                callback.expected
            ))
        })?;
        let mut listed: Vec<PositionId> = Vec::new();
        // Repeats are looked for in the list while it is short, then in a set.
        let mut seen = HashSet::new();
        for item in items {
            if listed.len() == callback.most {
                return Ok((listed, false));
            }
            let id = self.intern(py, table, &item?, || {
                format!(
                    "{} of the game '{}' returned a position",
                    call(),
                    self.rules.name
                )
            })?;
            let repeated = callback.distinct
                && if listed.len() < SHORT_LIST {
                    listed.contains(&id)
                } else {
                    if seen.is_empty() {
                        seen.extend(listed.iter().copied());
                    }
                    !seen.insert(id)
                };
            if !repeated {
                listed.push(id);
            }
        }
        Ok((listed, true))
    }

    /// The moves of `id`, from the user's `moves` the first time (none once the
    /// question has failed). Like every use of the table, the GIL is taken first.
    fn moves_of(&self, id: PositionId) -> Arc<Listed> {
        if let Some(listed) = &self.table().moves[id.0 as usize] {
            return Arc::clone(listed);
        }
        // Once the question is stopped (a failed callback, Ctrl-C), a position's moves
        // are an incomplete list, which every search refuses at once: a search that
        // took them for a position without moves would finish its whole walk first,
        // which on a long chain took seconds.
        let stopped = || {
            Arc::new(Listed {
                followers: Box::new([]),
                complete: false,
            })
        };
        if self.cancel.load(Ordering::Relaxed) {
            return stopped();
        }
        Python::attach(|py| {
            let mut table = self.table();
            let callback = Callback {
                function: &self.rules.moves,
                name: "moves",
                expected: "an iterable of positions, those one move away ([] when no move is \
                           left)",
                most: SEARCH_BRANCHING.get(),
                distinct: true,
            };
            match self.call(py, &mut table, &callback, id) {
                Ok((followers, complete)) => {
                    let listed = Arc::new(Listed {
                        followers: followers.into_boxed_slice(),
                        complete,
                    });
                    table.moves[id.0 as usize] = Some(Arc::clone(&listed));
                    listed
                }
                Err(error) => {
                    self.fail(error);
                    stopped()
                }
            }
        })
    }

    /// The components of `id`, from the user's `components` the first time.
    fn parts_of(&self, id: PositionId) -> Vec<PositionId> {
        let Some(components) = &self.rules.components else {
            return vec![id];
        };
        if let Some(parts) = &self.table().parts[id.0 as usize] {
            return parts.to_vec();
        }
        if self.cancel.load(Ordering::Relaxed) {
            return vec![id];
        }
        Python::attach(|py| {
            let mut table = self.table();
            let callback = Callback {
                function: components,
                name: "components",
                expected: "an iterable of positions, the independent parts of the position \
                           ([position] when it has one)",
                most: usize::MAX,
                distinct: false,
            };
            match self.call(py, &mut table, &callback, id) {
                Ok((parts, _)) => {
                    table.parts[id.0 as usize] = Some(parts.clone().into());
                    parts
                }
                Err(error) => {
                    self.fail(error);
                    vec![id]
                }
            }
        })
    }

    /// What the searches of this game are called in errors.
    fn what(&self) -> String {
        format!("the search of {}", self.rules.name)
    }
}

impl Game for DefinedGame {
    type Position = PositionId;
    type Move = PositionId;

    fn legal_moves(&self, position: &PositionId, limit: usize) -> (Vec<PositionId>, bool) {
        let listed = self.moves_of(*position);
        let taken = listed.followers.len().min(limit);
        let all = listed.complete && taken == listed.followers.len();
        (listed.followers[..taken].to_vec(), all)
    }

    fn legal_moves_into(
        &self,
        position: &PositionId,
        limit: usize,
        moves: &mut Vec<PositionId>,
    ) -> bool {
        let listed = self.moves_of(*position);
        let taken = listed.followers.len().min(limit);
        moves.clear();
        moves.extend_from_slice(&listed.followers[..taken]);
        listed.complete && taken == listed.followers.len()
    }

    fn apply(&self, _position: &PositionId, play: &PositionId) -> PositionId {
        *play
    }

    fn components(&self, position: &PositionId) -> Vec<PositionId> {
        self.parts_of(*position)
    }
}

impl Notation for DefinedGame {
    fn spec(&self) -> String {
        self.rules.name.clone()
    }

    fn rules(&self) -> String {
        format!(
            "{}, a game defined in Python: a move goes from a position to one of the \
             positions moves(position) returns.",
            self.rules.name
        )
    }

    fn position_syntax(&self) -> String {
        "a position as Python writes it, e.g. (3, 4) or 'abc'".to_string()
    }

    /// A position met before whose text this is, or the Python literal it is.
    fn parse_position(&self, text: &str) -> Result<PositionId, InputError> {
        let invalid = || InputError::invalid("position", text, self.position_syntax());
        Python::attach(|py| {
            let mut table = self.table();
            let brackets = text.chars().filter(|c| "([{".contains(*c)).count();
            let literal = (text.len() <= LITERAL_TEXT && brackets <= LITERAL_BRACKETS)
                .then(|| {
                    py.import("ast")
                        .and_then(|ast| ast.getattr("literal_eval")?.call1((text,)))
                        .ok()
                })
                .flatten();
            if let Some(value) = &literal
                && let Ok(Some(id)) = table.ids.bind(py).get_item(value)
            {
                return Ok(PositionId(id.extract().map_err(|_| invalid())?));
            }
            let known = table
                .positions
                .iter()
                .position(|p| shown(p.bind(py)) == text);
            if let Some(index) = known {
                return Ok(PositionId(index as u32));
            }
            let value = literal.ok_or_else(invalid)?;
            self.intern(py, &mut table, &value, String::new)
                .map_err(|_| invalid())
        })
    }

    fn format_position(&self, position: &PositionId) -> String {
        Python::attach(|py| shown(self.table().positions[position.0 as usize].bind(py)))
    }
}

impl Strategy for DefinedGame {
    /// Every defined game may repeat positions: none is assumed to end.
    fn repeating(&self) -> Option<&dyn Repeating<Position = PositionId, Move = PositionId>> {
        Some(self)
    }
}

impl Repeating for DefinedGame {
    /// The key of the position by the values the winner last made progress by, if
    /// they reach it (none otherwise).
    fn progress(&self, position: &PositionId) -> Vec<(u32, u32)> {
        let values = self.values.lock().unwrap_or_else(PoisonError::into_inner);
        values
            .as_ref()
            .and_then(|values| values.progress(self, position))
            .into_iter()
            .collect()
    }

    /// The move to a position of value 0 that was labelled first (see
    /// [`GammaTable::progress`](nimlab_core::solve::loopy::GammaTable::progress)): the
    /// opponent's every answer can be reversed to one labelled earlier still.
    fn winning_by_progress(
        &self,
        position: &PositionId,
        budget: &Budget,
    ) -> Result<Option<PositionId>, Error> {
        let values = PositionValues::compute(self, position, budget)
            .map_err(|exhausted| Error::from_budget(exhausted, &self.what()))?;
        let zero = Gamma::Finite(Nat::ZERO);
        let (moves, _) = self.legal_moves(position, SEARCH_BRANCHING.get());
        let best = moves
            .into_iter()
            .filter(|after| values.gamma(self, after).as_ref() == Some(&zero))
            .min_by_key(|after| values.progress(self, after));
        *self.values.lock().unwrap_or_else(PoisonError::into_inner) = Some(values);
        Ok(best)
    }
}

/// Run `work` on a worker thread with the GIL released, while this thread looks for
/// signals every 20 ms: when a signal handler raises (Ctrl-C's `KeyboardInterrupt`),
/// `cancel` is raised and the exception returned at once. The worker stops at its
/// budget's next look at the flag and frees what it built on its own (a search of
/// millions of positions takes a few hundred milliseconds to free), without the
/// caller waiting. The worker stays known to Python for the whole run, so the
/// callbacks it makes attach to Python cheaply.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let caller = std::thread::current();
    let worker = std::thread::Builder::new()
        // Callbacks run Python code here: a stack as large as a main thread's.
        .stack_size(16 << 20)
        .spawn(move || {
            let result = Python::attach(|py| py.detach(work));
            caller.unpark();
            result
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    loop {
        if worker.is_finished() {
            return Ok(py
                .detach(move || worker.join())
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        py.detach(|| std::thread::park_timeout(Duration::from_millis(20)));
        if let Err(signal) = py.check_signals() {
            cancel.store(true, Ordering::Relaxed);
            return Err(signal);
        }
    }
}

/// `max_positions` as a count of positions, or the error of a count out of range.
fn positions_limit(max_positions: u64) -> PyResult<usize> {
    if !(1..=MOST_POSITIONS).contains(&max_positions) {
        return Err(PyValueError::new_err(format!(
            "invalid max_positions {max_positions}: expected a number of positions from 1 to \
             {MOST_POSITIONS}"
        )));
    }
    Ok(max_positions as usize)
}

/// A game of the user's own, as Python's `nimlab.DefinedGame` holds it.
#[pyclass(frozen, module = "nimlab._nimlab")]
pub(crate) struct Defined {
    rules: Arc<Rules>,
}

impl Defined {
    /// Answer `question` about `position` in a fresh table of at most `max_positions`
    /// positions, within `time_limit`, on a worker thread that Ctrl-C stops; a
    /// callback's exception is re-raised as it was. The game comes back with the
    /// answer, to give its positions back as the user's values.
    fn ask<T: Send + 'static>(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        time_limit: Option<f64>,
        max_positions: u64,
        question: impl FnOnce(&Erased<DefinedGame>, &AnyPosition, &Budget) -> Result<T, Error>
        + Send
        + 'static,
    ) -> PyResult<(T, Arc<Erased<DefinedGame>>)> {
        let game = Arc::new(Erased(DefinedGame::new(
            py,
            Arc::clone(&self.rules),
            positions_limit(max_positions)?,
        )));
        let budget = budget(time_limit, None)?.with_cancel(Arc::clone(&game.0.cancel));
        let start = AnyPosition::new(game.0.start(py, position)?);
        let cancel = Arc::clone(&game.0.cancel);
        let worker_game = Arc::clone(&game);
        let answer = interruptible(py, &cancel, move || {
            let answer = question(&worker_game, &start, &budget);
            if worker_game.0.cancel.load(Ordering::Relaxed) {
                // Nobody may be waiting (Ctrl-C): the table is freed here, a little at
                // a time, rather than all at once wherever the game is dropped last.
                worker_game.0.release();
            }
            answer
        })?;
        if let Some(failure) = game.0.take_failure() {
            return Err(failure);
        }
        Ok((answer.map_err(to_py)?, game))
    }
}

impl Defined {
    /// The JSON of the report `question` makes about `position` (as [`Defined::ask`]
    /// answers it), and the positions the moves it names leave, as the user's values.
    fn report<R: serde::Serialize + 'static>(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        time_limit: Option<f64>,
        max_positions: u64,
        question: impl FnOnce(
            &Erased<DefinedGame>,
            &AnyPosition,
            &Budget,
        ) -> Result<(R, Vec<AnyMove>), Error>
        + Send
        + 'static,
    ) -> PyResult<(String, Vec<Py<PyAny>>)> {
        let ((json, after), game) = self.ask(
            py,
            position,
            time_limit,
            max_positions,
            move |game, start, budget| {
                let (report, moves) = question(game, start, budget)?;
                let after: Vec<PositionId> =
                    moves.iter().map(|play| *play.get::<PositionId>()).collect();
                Ok((
                    serde_json::to_string(&report).expect("reports serialize"),
                    after,
                ))
            },
        )?;
        Ok((json, values(py, &game.0, &after)))
    }

    /// A fresh game of at most `max_positions` positions for a session of play, and
    /// `position` in it.
    pub(crate) fn session(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_positions: u64,
    ) -> PyResult<(Arc<Erased<DefinedGame>>, AnyPosition)> {
        let game = Erased(DefinedGame::new(
            py,
            Arc::clone(&self.rules),
            positions_limit(max_positions)?,
        ));
        let start = AnyPosition::new(game.0.start(py, position)?);
        Ok((Arc::new(game), start))
    }
}

/// The positions `ids` of `game` as the user's values.
fn values(py: Python<'_>, game: &DefinedGame, ids: &[PositionId]) -> Vec<Py<PyAny>> {
    ids.iter().map(|&id| game.value(py, id)).collect()
}

#[pymethods]
impl Defined {
    /// The game whose positions one move from `position` are `moves(position)`.
    #[new]
    #[pyo3(signature = (moves, name, components=None))]
    fn new(
        py: Python<'_>,
        moves: Py<PyAny>,
        name: String,
        components: Option<Py<PyAny>>,
    ) -> PyResult<Defined> {
        if name.trim().is_empty() || name.chars().any(char::is_whitespace) {
            return Err(PyValueError::new_err(format!(
                "invalid name {name:?}: expected a name without spaces, e.g. \"my-game\""
            )));
        }
        for (function, what) in [(Some(&moves), "moves"), (components.as_ref(), "components")] {
            if let Some(function) = function
                && !function.bind(py).is_callable()
            {
                return Err(PyTypeError::new_err(format!(
                    "invalid {what} {}: expected a function {what}(position)",
                    shown(function.bind(py))
                )));
            }
        }
        Ok(Defined {
            rules: Arc::new(Rules {
                name,
                moves,
                components,
            }),
        })
    }

    /// The game's name.
    fn name(&self) -> String {
        self.rules.name.clone()
    }

    /// What `nimlab analyze --json` prints for `position`, and the position each
    /// winning move listed leaves.
    fn analyze(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        max_moves: usize,
        time_limit: Option<f64>,
        max_positions: u64,
    ) -> PyResult<(String, Vec<Py<PyAny>>)> {
        self.report(
            py,
            position,
            time_limit,
            max_positions,
            move |game, start, budget| {
                let analysis =
                    game.analyze(start, Convention::misere_if(misere), max_moves, budget)?;
                let after = analysis
                    .winning_moves
                    .iter()
                    .map(|m| m.play.clone())
                    .collect();
                Ok((AnalysisReport::new(game, start, analysis, true), after))
            },
        )
    }

    /// What `nimlab moves --json` prints for `position`, and the position each move
    /// listed leaves.
    fn moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        max_moves: usize,
        time_limit: Option<f64>,
        max_positions: u64,
    ) -> PyResult<(String, Vec<Py<PyAny>>)> {
        self.report(
            py,
            position,
            time_limit,
            max_positions,
            move |game, start, budget| {
                let convention = Convention::misere_if(misere);
                let values = game.move_list(start, convention, max_moves, budget)?;
                let after = values.moves.iter().map(|m| m.play.clone()).collect();
                Ok((
                    MovesReport::new(game, start, convention, values, true),
                    after,
                ))
            },
        )
    }

    /// The outcome ("N", "P" or "D") and remoteness of `position`, by retrograde
    /// analysis of every position reachable from it.
    fn remoteness(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        time_limit: Option<f64>,
        max_positions: u64,
    ) -> PyResult<(&'static str, Option<u32>)> {
        let (solved, _) = self.ask(
            py,
            position,
            time_limit,
            max_positions,
            move |game, start, budget| {
                let start = start.get::<PositionId>();
                let convention = Convention::misere_if(misere);
                let solved = Retrograde::solve(&game.0, start, convention, budget)
                    .map_err(|exhausted| Error::from_budget(exhausted, &game.0.what()))?;
                Ok(solved.get(&game.0, start).expect("the start is reachable"))
            },
        )?;
        Ok((solved.outcome.letter(), solved.remoteness))
    }

    /// The position the computer's move leaves, as `nimlab play` plays it at its
    /// best: a winning move that makes progress, else one that holds a draw, else the
    /// one that makes the game last longest.
    #[pyo3(signature = (position, misere, time_limit, max_positions, seed))]
    fn computer_move(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        time_limit: Option<f64>,
        max_positions: u64,
        seed: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let (after, game) = self.ask(
            py,
            position,
            time_limit,
            max_positions,
            move |game, start, budget| {
                let mut rng = match seed {
                    Some(seed) => StdRng::seed_from_u64(seed),
                    None => rand::make_rng(),
                };
                let convention = Convention::misere_if(misere);
                if game.is_over(start) {
                    return Err(Error::Undefined(format!(
                        "the game is over at {}: there is no move",
                        game.format_position(start)
                    )));
                }
                let play =
                    game.computer_move(start, convention, Policy::PERFECT, &mut rng, budget)?;
                Ok(*play.get::<PositionId>())
            },
        )?;
        Ok(game.0.value(py, after))
    }

    /// Run the conformance check every built-in family passes, from `position`; the
    /// counts of what was checked, or `AssertionError` with the broken promise.
    fn check<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        max_positions: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (checked, _) = self.ask(py, position, None, max_positions, |game, start, _| {
            Ok(check_game(game, start))
        })?;
        let checked = checked.map_err(|violation| PyAssertionError::new_err(violation.0))?;
        let counts = PyDict::new(py);
        counts.set_item("positions", checked.positions)?;
        counts.set_item("moves", checked.moves)?;
        counts.set_item("searched", checked.searched)?;
        counts.set_item("played", checked.played)?;
        Ok(counts)
    }
}
