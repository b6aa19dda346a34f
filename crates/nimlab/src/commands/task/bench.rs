//! Task B: deciding m piles of the subtraction game S = {1, 2, 3}, each of n = 8, by
//! (a) a monolithic win/loss search over the whole tuple of piles (the core's
//! brute-force `Oracle`), and (b) Grundy decomposition (the core's subtraction table,
//! then an XOR of the m piles' values). The search runs for m = 1, 2, … until it
//! exceeds its time budget, once on raw tuples and once on sorted tuples (symmetric
//! states share a memo entry).
//!
//! The search runs within a budget with a deadline: once it passes, the search stops
//! with an error, and the row is reported as over budget.

use crate::failure::Failure;
use crate::output::to_stdout;
use nimlab_core::Budget;
use nimlab_core::families::subtraction::extend_table;
use nimlab_core::parse::parse_bounded;
use nimlab_core::solve::search::Oracle;
use nimlab_core::task::piles::Piles;
use nimlab_core::{Convention, InputError, Outcome};
use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The subtraction set S.
const SET: [u8; 3] = [1, 2, 3];
/// Every pile's size.
const N: u8 = 8;
/// The benchmark table covers m = 1..5 at least, as the exercise asks.
const LEAST_MAX_M: usize = 5;

/// What task B was asked for.
pub struct BenchOptions {
    max_m: usize,
    budget: Duration,
    plot: Option<String>,
}

impl BenchOptions {
    /// Read `--max-m` (default 40), `--budget-seconds` (default 1) and `--plot`.
    pub fn parse(
        max_m: Option<&str>,
        budget: Option<&str>,
        plot: Option<String>,
    ) -> Result<Self, InputError> {
        let max_m = match max_m {
            Some(text) => parse_bounded(text, "--max-m", LEAST_MAX_M as u64, 64)? as usize,
            None => 40,
        };
        let budget = match budget {
            None => Duration::from_secs(1),
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|s| *s > 0.0 && *s <= 3600.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    InputError::invalid(
                        "--budget-seconds",
                        text,
                        "a number of seconds above 0 and at most 3600, e.g. 0.5",
                    )
                })?,
        };
        Ok(BenchOptions {
            max_m,
            budget,
            plot,
        })
    }
}

/// One monolithic search: its time, and its answer and the states it memoized,
/// unless it ran out of time (then `None` and the states visited so far).
struct Search {
    time: Duration,
    outcome: Option<Outcome>,
    states: usize,
}

/// Runs that finish this fast are repeated, and the fastest run reported, so that a
/// moment of preemption on a busy machine does not show as a spike.
const REPEAT_BELOW: Duration = Duration::from_millis(50);
/// How many runs a fast measurement takes.
const RUNS: usize = 5;

/// The monolithic search, repeated if it is fast (see [`REPEAT_BELOW`]).
fn monolithic(m: usize, sorted: bool, budget: Duration) -> Search {
    let first = monolithic_once(m, sorted, budget);
    if first.outcome.is_none() || first.time >= REPEAT_BELOW {
        return first;
    }
    (1..RUNS)
        .map(|_| monolithic_once(m, sorted, budget))
        .fold(
            first,
            |best, run| if run.time < best.time { run } else { best },
        )
}

fn monolithic_once(m: usize, sorted: bool, budget: Duration) -> Search {
    let start = Instant::now();
    let game = Piles {
        set: SET.to_vec(),
        sorted,
    };
    let deadline = Budget::unlimited().with_deadline(start + budget);
    let mut oracle = Oracle::with_budget(&game, Convention::Normal, &deadline);
    let outcome = oracle.outcome(&vec![N; m]).ok();
    Search {
        time: start.elapsed(),
        outcome,
        states: oracle.memo_len(),
    }
}

/// Decomposition: the table g(0..n) once, then the XOR of the m piles' values. It
/// takes microseconds, so it is repeated for a fifth of a millisecond and the mean
/// taken; the fastest of [`RUNS`] such means is reported.
fn decomposition(m: usize) -> (Outcome, Duration) {
    let batch = || {
        let start = Instant::now();
        let mut runs = 0u32;
        loop {
            let mut table = Vec::new();
            extend_table(black_box(&SET.map(usize::from)), &mut table, N as usize + 1);
            let x = black_box(vec![N; m])
                .iter()
                .fold(0, |x, &p| x ^ table[p as usize]);
            runs += 1;
            if start.elapsed() >= Duration::from_micros(200) {
                return (Outcome::from_mover_wins(x != 0), start.elapsed() / runs);
            }
        }
    };
    (1..RUNS)
        .map(|_| batch())
        .fold(batch(), |best, run| if run.1 < best.1 { run } else { best })
}

/// One row of a table.
struct Row {
    m: usize,
    search: Search,
    decomposed: Outcome,
    decompose_time: Duration,
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

fn winner(outcome: Outcome) -> &'static str {
    nimlab_core::task::winner(outcome)
}

/// Run the search for m = 1, 2, … up to `max_m`, stopping after the first m over
/// budget (but never before m = 1..5).
fn measure(sorted: bool, options: &BenchOptions) -> Vec<Row> {
    let mut rows = Vec::new();
    for m in 1..=options.max_m {
        let (decomposed, decompose_time) = decomposition(m);
        let search = monolithic(m, sorted, options.budget);
        let over = search.outcome.is_none();
        rows.push(Row {
            m,
            search,
            decomposed,
            decompose_time,
        });
        if over && m >= LEAST_MAX_M {
            break;
        }
    }
    rows
}

fn write_table(
    out: &mut dyn Write,
    title: &str,
    rows: &[Row],
    options: &BenchOptions,
) -> io::Result<bool> {
    writeln!(out, "{title}")?;
    writeln!(out, "m   monolithic_ms   decompose_ms   states      winner")?;
    for row in rows {
        let (time, states, winner) = match row.search.outcome {
            Some(outcome) => (
                format!("{:.3}", ms(row.search.time)),
                row.search.states.to_string(),
                winner(outcome),
            ),
            None => (
                format!(">{:.0}", ms(options.budget)),
                format!(">{}", row.search.states),
                "-",
            ),
        };
        writeln!(
            out,
            "{:<3} {time:<15} {:<14.4} {states:<11} {winner}",
            row.m,
            ms(row.decompose_time)
        )?;
    }
    let finished: Vec<&Row> = rows.iter().filter(|r| r.search.outcome.is_some()).collect();
    let budget = options.budget.as_secs_f64();
    match rows.iter().find(|r| r.search.outcome.is_none()) {
        Some(row) => writeln!(
            out,
            "The monolithic search exceeded its budget of {budget} s at m = {} (more than {} \
             states visited): from there on it is impractical.",
            row.m, row.search.states
        )?,
        None => writeln!(
            out,
            "The monolithic search stayed within its budget of {budget} s up to m = {} (--max-m).",
            options.max_m
        )?,
    }
    let disagree: Vec<usize> = finished
        .iter()
        .filter(|r| r.search.outcome != Some(r.decomposed))
        .map(|r| r.m)
        .collect();
    let last = finished.last().map_or(0, |r| r.m);
    if disagree.is_empty() {
        let mut winners: Vec<&str> = finished.iter().map(|r| winner(r.decomposed)).collect();
        winners.dedup();
        let said = match winners.as_slice() {
            [one] => format!("{one} for every m"),
            _ => "the same winner for each m, as listed".to_string(),
        };
        writeln!(
            out,
            "Winners agree for every m the search finished (m = 1..{last}): both methods say {said}."
        )?;
    } else {
        writeln!(out, "Winners DISAGREE for m = {disagree:?}.")?;
    }
    Ok(disagree.is_empty())
}

/// Print both tables (and draw them, if asked); fail if any winners disagree.
pub fn run(options: BenchOptions) -> Result<(), Failure> {
    let raw = measure(false, &options);
    let sorted = measure(true, &options);
    let mut agree = true;
    to_stdout(|out| {
        writeln!(
            out,
            "Task B: m piles of n = {N} in the subtraction game S = {{1, 2, 3}}; monolithic \
             win/loss search vs Grundy decomposition (times in ms)."
        )?;
        agree &= write_table(
            out,
            "Monolithic search on full tuples (p1, …, pm), up to (n+1)^m states:",
            &raw,
            &options,
        )?;
        writeln!(out)?;
        agree &= write_table(
            out,
            "Monolithic search on canonicalized (sorted) tuples, up to C(n+m, m) states:",
            &sorted,
            &options,
        )?;
        writeln!(out)?;
        writeln!(
            out,
            "Decomposition turns the product state space of (n+1)^m tuples into one table of \
             n+1 values and an XOR of m values: O(n·|S| + m)."
        )
    })?;
    if let Some(path) = &options.plot {
        plot(path, &raw, &sorted)?;
    }
    if agree {
        Ok(())
    } else {
        Err(Failure::Other(
            "the two methods disagree on a winner (see above)".to_string(),
        ))
    }
}

/// Draw the finished rows' times against m on a log scale, as SVG.
fn plot(path: &str, raw: &[Row], sorted: &[Row]) -> Result<(), Failure> {
    use plotters::prelude::*;
    let failed = |e: &dyn std::fmt::Display| Failure::Other(format!("cannot draw {path}: {e}"));
    let points = |rows: &[Row], time: fn(&Row) -> Option<Duration>| -> Vec<(u32, f64)> {
        rows.iter()
            .filter_map(|r| time(r).map(|t| (r.m as u32, ms(t))))
            .collect()
    };
    let search = |r: &Row| r.search.outcome.map(|_| r.search.time);
    let series = [
        ("monolithic search, full tuples", points(raw, search), RED),
        (
            "monolithic search, sorted tuples",
            points(sorted, search),
            BLUE,
        ),
        (
            "Grundy decomposition",
            points(sorted, |r| Some(r.decompose_time)),
            GREEN,
        ),
    ];
    let all = series
        .iter()
        .flat_map(|(_, p, _)| p.iter().map(|&(_, t)| t));
    let (low, high) = all.fold((f64::MAX, f64::MIN), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let last_m = sorted.len().max(raw.len()) as u32;
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Deciding m piles of 8, S = {1, 2, 3}: time per method",
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(70)
        .build_cartesian_2d(1u32..last_m.max(2), (low / 2.0..high * 2.0).log_scale())
        .map_err(|e| failed(&e))?;
    chart
        .configure_mesh()
        .x_desc("m (number of piles)")
        .y_desc("time (ms, log scale)")
        .draw()
        .map_err(|e| failed(&e))?;
    for (label, points, color) in series {
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                color.stroke_width(2),
            ))
            .map_err(|e| failed(&e))?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(|e| failed(&e))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(|e| failed(&e))?;
    root.present().map_err(|e| failed(&e))
}
