//! `nimlab.play(game, position)`: a game against the computer in the terminal, with
//! the dialogue of `nimlab play` (the `nimlab-play` crate), for a built-in game, a
//! heap game or a defined game alike.

use crate::define::{Defined, DefinedGame};
use crate::{Engine, budget, to_py};
use nimlab_core::protocol::policy::{Player, Policy, Style};
use nimlab_core::protocol::{AnyPosition, Erased, Ruleset};
use nimlab_core::{Budget, Convention, Error};
use nimlab_play::{Ending, Failure, First, Session};
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::{Arc, PoisonError};

/// The Python exception of a game that stopped short.
fn failure_to_py(failure: Failure) -> PyErr {
    match failure {
        Failure::Game(error) => to_py(error),
        Failure::Input(message) => PyValueError::new_err(message),
        Failure::Terminal(message) => PyOSError::new_err(message),
        Failure::Io(error) => error.into(),
    }
}

/// The exception a callback of `game` raised during play, if any. A heap game's
/// values computed from the empty options that stood in for the failed call are
/// dropped, as `Engine::ask` drops them.
fn callback_failure(
    game: &Bound<'_, PyAny>,
    defined: Option<&Erased<DefinedGame>>,
) -> Option<PyErr> {
    if let Some(defined) = defined {
        return defined.0.take_failure();
    }
    game.cast::<Engine>().ok()?.get().take_failure()
}

/// Play `game` (an `Engine` or a `Defined`) from `position` (the text of a position of
/// an engine's game, or a defined game's own value) against the computer at `level`,
/// the person first unless `first` says otherwise ("you", "computer", "ask" or
/// "con"). The winner ("you" or "computer"), "draw", or `None` when the person quit;
/// Ctrl-C at the prompt abandons the game and raises `KeyboardInterrupt`. Each
/// question has `time_limit` seconds and `max_positions`: the most positions a
/// defined game's question meets (the Python side always gives it), or the table
/// entries an engine's question holds (`None`: the command line's bound).
#[pyfunction]
#[pyo3(signature = (game, position, misere, first, level, seed, time_limit, max_positions))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    misere: bool,
    first: &str,
    level: u8,
    seed: Option<u64>,
    time_limit: Option<f64>,
    max_positions: Option<u64>,
) -> PyResult<Option<&'static str>> {
    let first = match first {
        "you" => First::You,
        "computer" => First::Computer,
        "ask" => First::Ask { seconds: 5 },
        "con" => First::Con { given: true },
        _ => {
            return Err(PyValueError::new_err(format!(
                "invalid first {first:?}: expected \"you\", \"computer\", \"ask\" or \"con\""
            )));
        }
    };
    if level > 10 {
        return Err(PyValueError::new_err(format!(
            "invalid level {level}: expected a level from 0 to 10"
        )));
    }
    // An engine's questions hold at most `max_positions` entries; a defined game
    // counts its positions itself.
    let memory = max_positions.filter(|_| game.cast::<Engine>().is_ok());
    budget(time_limit, memory)?;
    // The game, its start, and a defined game's own face (whose flag stops its
    // questions when a callback fails).
    let (ruleset, start, defined): (
        Arc<dyn Ruleset>,
        AnyPosition,
        Option<Arc<Erased<DefinedGame>>>,
    ) = if let Ok(engine) = game.cast::<Engine>() {
        let ruleset = Arc::clone(
            &engine
                .get()
                .game
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        let text: String = position.extract()?;
        let start = ruleset.parse_position(&text).map_err(to_py)?;
        (ruleset, start, None)
    } else if let Ok(defined) = game.cast::<Defined>() {
        let (game, start) =
            defined
                .get()
                .session(py, position, max_positions.unwrap_or(u64::MAX))?;
        (Arc::clone(&game) as Arc<dyn Ruleset>, start, Some(game))
    } else {
        return Err(PyTypeError::new_err(format!(
            "invalid game {}: expected a game of nimlab.game, nimlab.HeapGame or nimlab.define",
            game.repr()?
        )));
    };
    let cancel = defined.as_ref().map(|game| game.0.cancel_flag());
    let question = move || {
        let question = budget(time_limit, memory).unwrap_or_else(|_| Budget::question(None));
        match &cancel {
            Some(flag) => question.with_cancel(Arc::clone(flag)),
            None => question,
        }
    };
    let convention = Convention::misere_if(misere);
    let policy = Policy {
        level,
        style: Style::Longest,
    };
    let ended = py.detach(|| -> Result<Ending, Failure> {
        // As `nimlab play` does: a convention the game cannot be solved in is refused
        // before the game starts, and so is a start with no move.
        ruleset.analyze(&start, convention, 0, &question())?;
        if ruleset.is_over(&start) {
            return Err(Failure::Game(Error::Input(
                nimlab_core::InputError::invalid(
                    "position",
                    &ruleset.format_position(&start),
                    "a position with a move to make: there is nothing to play from here",
                ),
            )));
        }
        let rng = Session::rng(seed);
        let mut session =
            Session::new(ruleset, convention, start, policy, rng, Box::new(question))?;
        session.run(first)
    });
    if let Some(failure) = callback_failure(game, defined.as_deref()) {
        return Err(failure);
    }
    match ended.map_err(failure_to_py)? {
        Ending::Over(Some(Player::Person)) => Ok(Some("you")),
        Ending::Over(Some(Player::Computer)) => Ok(Some("computer")),
        Ending::Over(None) => Ok(Some("draw")),
        Ending::Quit => Ok(None),
        Ending::Interrupted => Err(PyKeyboardInterrupt::new_err("the game was abandoned")),
    }
}
