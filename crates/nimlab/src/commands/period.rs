//! `nimlab period GAME`: the certified preperiod and period of a heap game.

use super::long::{Signals, with_progress};
use super::{game, heap_sequence, parse_time_limit};
use crate::failure::Failure;
use crate::output::{to_stdout, write_json};
use nimlab_core::error::{Error, InputError};
use nimlab_core::limits::{GRUNDY_TABLE, OCTAL_PERIOD_SEARCH};
use nimlab_core::parse::parse_bounded;
use nimlab_core::report::PeriodReport;
use nimlab_core::{Budget, Ruleset};

const EXAMPLES: &str = "\
Examples:
  nimlab period subtraction:19,41,60
  nimlab period take:3 --json
  nimlab period kayles
  nimlab period octal:0.16
  nimlab period octal:0.156 --time-limit 10";

/// The preperiod and period of a heap game's nim-sequence, with the certificate that
/// proves them.
///
/// Without --max the search stops after --time-limit seconds (1.5 by default) and says
/// how far it got; with --max it runs to N values, however long, showing its progress
/// on a terminal, and Ctrl-C stops it saying how far it got.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game, e.g. subtraction:19,41,60.
    game: String,
    /// For take-and-break games (octal:, hex:, kayles, …): search at most N values
    /// instead of 2^20, with no time limit unless --time-limit is given. A game with no
    /// period within N ends with status 1, saying how far it got.
    #[arg(long, value_name = "N")]
    max: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Stop after SECONDS of computing, saying how far it got (0: no limit). Default:
    /// 1.5 without --max, no limit with it.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<String>,
}

/// The time limit without --max: [`nimlab_core::limits::QUESTION_TIME`].
const DEFAULT_TIME_LIMIT: &str = "1.5";

pub fn run(args: Args) -> Result<(), Failure> {
    let max = match &args.max {
        Some(max) => Some(parse_bounded(max, "--max", 1, GRUNDY_TABLE.value)? as usize),
        None => None,
    };
    let time = match (&args.time_limit, max) {
        (Some(seconds), _) => parse_time_limit(seconds)?,
        (None, Some(_)) => None,
        (None, None) => parse_time_limit(DEFAULT_TIME_LIMIT)?,
    };
    let signals = Signals::catch()?;
    let budget = Budget::question(time).with_cancel(signals.flag());
    let game = game(&args.game, &budget)?;
    let sequence = heap_sequence(game.as_ref())?;
    let total = max.unwrap_or(OCTAL_PERIOD_SEARCH.get()) as u64;
    let periodicity = with_progress(total, &budget, || match max {
        None => Some(sequence.periodicity(&budget)),
        Some(max) => sequence.periodicity_within(max, &budget),
    })
    .ok_or_else(|| {
        InputError::invalid(
            "game for --max",
            &args.game,
            "a take-and-break game (octal:, hex:, kayles, grundy-game, …): other games' \
             periods are not searched in a growing table",
        )
    })?;
    let periodicity =
        periodicity.map_err(|error| stopped(error, &args, game.as_ref(), &budget, &signals))?;
    let report = PeriodReport::new(game.spec(), &periodicity);
    to_stdout(|out| {
        if args.json {
            write_json(out, &report)
        } else {
            writeln!(out, "Game: {}", report.game)?;
            writeln!(out, "Preperiod: {}", report.preperiod)?;
            writeln!(out, "Period: {}", report.period)?;
            writeln!(out, "Certificate: {}.", report.certificate)
        }
    })
}

/// The failure of a search stopped by a signal or its time limit, saying how far it
/// got (about: the work spent counts values a few thousand at a time) and how to ask
/// for more; any other error as it is.
fn stopped(
    error: Error,
    args: &Args,
    game: &dyn Ruleset,
    budget: &Budget,
    signals: &Signals,
) -> Failure {
    let reached = budget.spent();
    let spec = game.spec();
    match error {
        Error::Cancelled(_) if signals.raised() => Failure::Other(format!(
            "stopped by {}: {spec} has no period in the first {reached} values or so",
            signals.name()
        )),
        Error::OutOfTime(_) => {
            let limit = args.time_limit.as_deref().unwrap_or(DEFAULT_TIME_LIMIT);
            let more = match &args.max {
                None => format!(
                    "--max N searches up to N values with no time limit (the default search \
                     stops at {}), or --time-limit SECONDS allows more",
                    OCTAL_PERIOD_SEARCH.get()
                ),
                Some(_) => "--time-limit SECONDS allows more (0: no limit)".to_string(),
            };
            Failure::Other(format!(
                "{spec}: no period in the first {reached} values or so, computed within the \
                 time limit of {limit} s; {more}"
            ))
        }
        error => error.into(),
    }
}
