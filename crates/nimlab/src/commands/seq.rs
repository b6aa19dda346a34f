//! `nimlab seq`: the integer sequences behind the games' closed forms.

use crate::failure::Failure;
use crate::output::{read_position, to_stdout};
use nimlab_core::InputError;
use nimlab_core::limits::{FIBONACCI_COUNT, FIBONACCI_INDEX, ZECKENDORF_WRITTEN_DIGITS};
use nimlab_core::num::Nat;
use nimlab_core::parse::{parse_bounded, parse_nat, tokens};
use nimlab_core::seq::fibonacci::{fibonacci, fibonacci_numbers, zeckendorf};
use nimlab_core::seq::fusc::{Fusc, fusc};
use nimlab_core::seq::wythoff::{pair, pairs};
use std::io::Write;

const EXAMPLES: &str = "\
Examples:
  nimlab seq fusc                      the first 50 terms of Stern's diatomic sequence
  nimlab seq fusc --count 1000000
  nimlab seq fusc --at 123456789012345678901234567890
  nimlab seq zeckendorf 1000           1000 = 987 + 13
  nimlab seq fibonacci --count 20
  nimlab seq fibonacci --at 1000
  nimlab seq wythoff --count 10        the P-positions of Wythoff's game
  nimlab seq wythoff --at 1000000000000000000000
Numbers may have any number of digits; - reads one from standard input.";

/// Print integer sequences: fusc, Zeckendorf representations, Fibonacci numbers and
/// the Wythoff pairs.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    sequence: Sequence,
}

#[derive(clap::Subcommand)]
enum Sequence {
    /// Stern's diatomic sequence fusc(0), fusc(1), … (OEIS A002487), or one term.
    Fusc {
        /// How many terms to print, from fusc(0).
        #[arg(long, value_name = "N", default_value = "50", conflicts_with = "at")]
        count: String,
        /// Print only fusc(N), for N of any size (- reads N from standard input).
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        at: Option<String>,
    },
    /// The Zeckendorf representation of N: distinct, non-consecutive Fibonacci numbers
    /// adding up to N.
    Zeckendorf {
        /// The number, of any size (- reads it from standard input).
        #[arg(value_name = "N", allow_hyphen_values = true)]
        number: String,
        /// Print the indices i of the terms F(i), largest first, instead of the terms.
        #[arg(long)]
        indices: bool,
    },
    /// The Fibonacci numbers F(0), F(1), … (F(0) = 0, F(1) = F(2) = 1), or one of them.
    Fibonacci {
        /// How many numbers to print.
        #[arg(long, value_name = "N", default_value = "50", conflicts_with = "at")]
        count: String,
        /// Print only F(N) (N up to 10^7, a number of about two million digits).
        #[arg(long, value_name = "N")]
        at: Option<String>,
    },
    /// The Wythoff pairs (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k) from k = 0: the P-positions of
    /// Wythoff's game.
    Wythoff {
        /// How many pairs to print.
        #[arg(long, value_name = "N", default_value = "50", conflicts_with = "at")]
        count: String,
        /// Print only the pair (a_K, b_K), for K of any size (- reads K from standard
        /// input).
        #[arg(long, value_name = "K", allow_hyphen_values = true)]
        at: Option<String>,
    },
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.sequence {
        Sequence::Fusc { at: Some(n), .. } => {
            let n = read_number(&n)?;
            to_stdout(|out| writeln!(out, "{}", fusc(&n)))
        }
        Sequence::Fusc { count, at: None } => {
            let count = parse_bounded(&count, "--count", 0, usize::MAX as u64)? as usize;
            to_stdout(|out| {
                let mut buffer = itoa::Buffer::new();
                for (i, value) in Fusc::new().take(count).enumerate() {
                    if i > 0 {
                        out.write_all(b", ")?;
                    }
                    out.write_all(buffer.format(value).as_bytes())?;
                }
                writeln!(out)
            })
        }
        Sequence::Zeckendorf { number, indices } => {
            let n = read_number(&number)?;
            let terms = zeckendorf(&n);
            if indices {
                let words: Vec<String> = terms.iter().rev().map(|i| i.to_string()).collect();
                return to_stdout(|out| writeln!(out, "{}", words.join(" ")));
            }
            let text = n.to_string();
            if text.len() > ZECKENDORF_WRITTEN_DIGITS.get() {
                let limit = ZECKENDORF_WRITTEN_DIGITS;
                return Err(limit
                    .exceeded(
                        Some(Nat::from(text.len())),
                        format!(
                            "N has {} digits; the terms are written out for N of up to {} \
                             digits (the limit '{}'; --indices lists F(i) by index at any size)",
                            text.len(),
                            limit.value,
                            limit.name
                        ),
                    )
                    .into());
            }
            let sum = if terms.is_empty() {
                "0 (the empty sum)".to_string()
            } else {
                let values: Vec<String> = terms
                    .iter()
                    .rev()
                    .map(|&i| fibonacci(i).to_string())
                    .collect();
                values.join(" + ")
            };
            to_stdout(|out| writeln!(out, "{text} = {sum}"))
        }
        Sequence::Fibonacci { at: Some(n), .. } => {
            let n = parse_bounded(&n, "--at", 0, FIBONACCI_INDEX.value)?;
            to_stdout(|out| writeln!(out, "{}", fibonacci(n)))
        }
        Sequence::Fibonacci { count, at: None } => {
            let count = FIBONACCI_COUNT.read(&count, "--count", 0)?;
            to_stdout(|out| write_list(out, fibonacci_numbers().take(count as usize)))
        }
        Sequence::Wythoff { at: Some(k), .. } => {
            let (a, b) = pair(&read_number(&k)?);
            to_stdout(|out| writeln!(out, "({a},{b})"))
        }
        Sequence::Wythoff { count, at: None } => {
            let count = parse_bounded(&count, "--count", 0, usize::MAX as u64)? as usize;
            to_stdout(|out| {
                let pairs = pairs().take(count).map(|(a, b)| format!("({a},{b})"));
                write_list(out, pairs)
            })
        }
    }
}

/// Write items separated by ", " on one line.
fn write_list<T: std::fmt::Display>(
    out: &mut dyn Write,
    items: impl Iterator<Item = T>,
) -> std::io::Result<()> {
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.write_all(b", ")?;
        }
        write!(out, "{item}")?;
    }
    writeln!(out)
}

/// One non-negative integer given as an argument, or on standard input for `-`.
fn read_number(argument: &str) -> Result<Nat, Failure> {
    let text = read_position(&[argument.to_string()])?;
    let words: Vec<&str> = tokens(&text).collect();
    match words[..] {
        [] => Err(InputError::missing("number", "a non-negative integer").into()),
        [word] => Ok(parse_nat(word, "number")?),
        _ => {
            Err(InputError::invalid("number", text.trim(), "a single non-negative integer").into())
        }
    }
}
