//! The census of octal games: every code with at most D digits after the point, and
//! for each one line of findings — its certified period, or how far the search went
//! without one. A census is split into disjoint shards for many machines, and its lines
//! concatenate, in any order, into the whole; [`report`] turns them into the tables
//! researchers publish.

use crate::budget::Budget;
use crate::error::{Error, InputError};
use crate::heap::engine::stop_on;
use crate::limits::OCTAL_DIGITS;
use crate::solve::quotient::bounds;
use nimlab_octal::{Base, Code, Rules, Solver, TakeBreak};

/// Most digits of a census of every code (8^D − 1 codes).
pub const MAX_CENSUS_DIGITS: u32 = 6;

/// What the census found about one code.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CensusLine {
    /// The code, e.g. "0.137".
    pub code: String,
    /// How many values were computed, g(0) onwards.
    pub values: usize,
    /// The largest value among them.
    pub largest: u16,
    /// The number of distinct rare values (sparse-space method), for splitting codes.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rare_values: Option<usize>,
    /// The last heap whose value is rare, for splitting codes with a rare value at a
    /// heap of one token or more (the pairs of the sparse-space method reach back to it).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub last_rare_heap: Option<usize>,
    /// The least preperiod, when a period was certified.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub preperiod: Option<usize>,
    /// The least period, when one was certified.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub period: Option<usize>,
    /// The values the Guy–Smith theorem needed to prove it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub values_needed: Option<usize>,
    /// The bound of the search, when no period was certified within it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub bound_reached: Option<usize>,
    /// The misère quotient, when the census was asked for it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub misere: Option<MisereColumn>,
}

/// What the census says of a code's misère play: its quotient's order, the size of its
/// P-portion and whether it is tame, or how far the computation got.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MisereColumn {
    /// Tame, wild, or not found within the bounds.
    pub kind: QuotientKind,
    /// The quotient's order (of the heaps solved, when not found).
    pub order: usize,
    /// The largest heap solved.
    pub last_heap: usize,
    /// The size of the P-portion (absent from census files of earlier versions).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub p_portion: Option<usize>,
    /// When not found: whether the quotient of the heaps solved is tame.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub tame_so_far: Option<bool>,
}

/// What kind of misère quotient a code has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum QuotientKind {
    /// The quotient of misère Nim: the game is tame.
    #[cfg_attr(feature = "serde", serde(rename = "tame"))]
    Tame,
    /// Any other quotient.
    #[cfg_attr(feature = "serde", serde(rename = "wild"))]
    Wild,
    /// Not found within the bounds.
    #[cfg_attr(feature = "serde", serde(rename = "not found"))]
    NotFound,
}

impl MisereColumn {
    /// The column for one code, within the bounds every misère quotient is computed in.
    pub fn of(code: &Code) -> Self {
        let game = TakeBreak::Code(code.clone());
        match nimlab_misere::quotient(&game, &bounds()) {
            Ok(q) => MisereColumn {
                kind: if q.tame().is_some() {
                    QuotientKind::Tame
                } else {
                    QuotientKind::Wild
                },
                order: q.order(),
                last_heap: q.last_heap(),
                p_portion: Some(q.p_portion().len()),
                tame_so_far: None,
            },
            Err(e) => MisereColumn {
                kind: QuotientKind::NotFound,
                order: e.partial.order(),
                last_heap: e.partial.last_heap(),
                p_portion: Some(e.partial.p_portion().len()),
                tame_so_far: Some(e.partial.tame().is_some()),
            },
        }
    }
}

/// Every octal code with 1 to `digits` digits after the point (the last one not 0),
/// in increasing order of length, then of digits: 0.1, …, 0.7, 0.01, …
pub fn codes(digits: u32) -> Result<Vec<String>, InputError> {
    if !(1..=MAX_CENSUS_DIGITS).contains(&digits) {
        return Err(InputError::invalid(
            "--digits",
            &digits.to_string(),
            format!("1 to {MAX_CENSUS_DIGITS} (a census of D digits has 8^D − 1 codes)"),
        ));
    }
    let mut codes = Vec::new();
    for length in 1..=digits {
        for number in 0..8u32.pow(length) {
            let text: String = (0..length)
                .rev()
                .map(|i| char::from(b'0' + (number / 8u32.pow(i) % 8) as u8))
                .collect();
            if !text.ends_with('0') {
                codes.push(format!("0.{text}"));
            }
        }
    }
    Ok(codes)
}

/// The codes of a list, one per line (`0.137` or `octal:0.137`; blank lines and
/// lines starting with `#` are skipped), checked and in canonical form, each once (at
/// its first place).
pub fn codes_from_list(text: &str) -> Result<Vec<String>, InputError> {
    let mut seen = std::collections::HashSet::new();
    let codes: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let code = line.strip_prefix("octal:").unwrap_or(line);
            Rules::octal(code)
                .map(|rules| rules.to_string())
                .map_err(|_| {
                    InputError::invalid(
                        "code in the list",
                        line,
                        format!(
                            "an octal code such as 0.137, with at most {} digits",
                            OCTAL_DIGITS.value
                        ),
                    )
                })
        })
        .collect::<Result<_, _>>()?;
    Ok(codes
        .into_iter()
        .filter(|code| seen.insert(code.clone()))
        .collect())
}

/// Shard `index` of `count` (0 ≤ index < count): every count-th code from the
/// index-th. The shards of one census are disjoint and together hold every code.
pub fn shard(codes: Vec<String>, index: usize, count: usize) -> Vec<String> {
    codes
        .into_iter()
        .skip(index)
        .step_by(count.max(1))
        .collect()
}

/// Compute `code`'s nim-sequence until a period is certified or `upto` values are
/// known, within `budget`, and with `misere` its misère quotient's column.
pub fn survey(code: &str, upto: usize, misere: bool, budget: &Budget) -> Result<CensusLine, Error> {
    let parsed = Code::parse(code, Base::Octal)
        .map_err(|e| InputError::invalid("octal code", code, format!("an octal code ({e})")))?;
    let rules = Rules::from_code(parsed.clone());
    let canonical = rules.to_string();
    let mut solver = Solver::new(rules);
    let stopped = std::cell::Cell::new(None);
    let certificate = solver
        .find_period(upto, &stop_on(budget, &stopped))
        .map_err(|e| Error::NoKnownValue(format!("{canonical}: {e}")))?
        .cloned();
    if let (None, Some(why)) = (&certificate, stopped.get()) {
        return Err(Error::from_budget(why, "the census of one code"));
    }
    let summary = solver.summary();
    Ok(CensusLine {
        code: canonical,
        values: summary.values,
        largest: summary.largest,
        rare_values: summary.rare_values,
        last_rare_heap: summary.last_rare_position,
        preperiod: certificate.as_ref().map(|c| c.preperiod),
        period: certificate.as_ref().map(|c| c.period),
        values_needed: certificate.as_ref().map(|c| c.values_needed),
        bound_reached: certificate.is_none().then_some(upto),
        misere: misere.then(|| MisereColumn::of(&parsed)),
    })
}

/// How a census report is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportStyle {
    /// A Markdown document.
    Markdown,
    /// A standalone HTML page with the same content.
    Html,
}

/// The census as the tables researchers publish: a summary, then one row per code
/// (each code once, at its first line), sorted by code, with its preperiod, period,
/// largest value, number of rare values, last rare heap and the values that certify
/// the period. A code with no period within the search's bound says so in its period
/// column. With `misere`, four columns give each code's misère quotient: tame or wild,
/// its order, the size of its P-portion, and the heap that certified it or, when none
/// did within the bounds, the heap the partial quotient was solved to. `upto` is the
/// census's bound.
pub fn report(lines: &[CensusLine], upto: u64, misere: bool, style: ReportStyle) -> String {
    let mut seen = std::collections::HashSet::new();
    let mut rows: Vec<&CensusLine> = lines.iter().filter(|l| seen.insert(&l.code)).collect();
    rows.sort_by(|a, b| a.code.cmp(&b.code));
    let periodic = rows.iter().filter(|l| l.period.is_some()).count();
    let mut summary = vec![
        format!(
            "{} codes, each searched for a period up to {upto} values: {periodic} have a \
             certified period, {} have none within the bound.",
            rows.len(),
            rows.len() - periodic
        ),
        "Rare values are those of the sparse-space split (popcount(v & mask) even), and \
         the last rare heap is the largest heap with a rare value among those computed; \
         \"values that certify\" is how many values the periodicity theorem needs."
            .to_string(),
    ];
    let mut header = vec![
        "Code",
        "Preperiod",
        "Period",
        "Largest value",
        "Rare values",
        "Last rare heap",
        "Values that certify",
    ];
    if misere {
        let count = |kind| {
            rows.iter()
                .filter(|l| l.misere.as_ref().is_some_and(|m| m.kind == kind))
                .count()
        };
        summary.push(format!(
            "Misère quotients: {} certified tame, {} certified wild, {} partial (none \
             certified within the bounds; the columns give the quotient of the heaps solved).",
            count(QuotientKind::Tame),
            count(QuotientKind::Wild),
            count(QuotientKind::NotFound)
        ));
        header.extend(["Misère quotient", "Order", "P-portion", "Heaps"]);
    }
    let dash = || "—".to_string();
    let number = |n: Option<usize>| n.map_or_else(dash, |n| n.to_string());
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|line| {
            let mut row = vec![
                line.code.clone(),
                number(line.preperiod),
                match (line.period, line.bound_reached) {
                    (Some(period), _) => period.to_string(),
                    (None, bound) => format!("none ≤ {}", bound.unwrap_or(line.values)),
                },
                line.largest.to_string(),
                number(line.rare_values),
                number(line.last_rare_heap),
                number(line.values_needed),
            ];
            if misere {
                match &line.misere {
                    Some(m) => {
                        let tame = match (m.kind, m.tame_so_far) {
                            (QuotientKind::Tame, _) | (_, Some(true)) => "tame",
                            (QuotientKind::Wild, _) | (_, Some(false)) => "wild",
                            (QuotientKind::NotFound, None) => "—",
                        };
                        row.extend([
                            tame.to_string(),
                            m.order.to_string(),
                            number(m.p_portion),
                            match m.kind {
                                QuotientKind::NotFound => format!("partial, to {}", m.last_heap),
                                _ => format!("certified at {}", m.last_heap),
                            },
                        ]);
                    }
                    None => row.extend((0..4).map(|_| dash())),
                }
            }
            row
        })
        .collect();
    let title = "Census of octal games";
    match style {
        ReportStyle::Markdown => {
            let mut text = format!("# {title}\n\n{}\n\n", summary.join("\n\n"));
            let line = |cells: &[&str]| format!("| {} |\n", cells.join(" | "));
            text += &line(&header);
            text += &line(&vec!["---:"; header.len()]);
            for row in &cells {
                text += &line(&row.iter().map(String::as_str).collect::<Vec<_>>());
            }
            text
        }
        ReportStyle::Html => {
            let escape = |text: &str| {
                text.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
                    .replace('"', "&quot;")
            };
            let row = |tag: &str, cells: &mut dyn Iterator<Item = &str>| {
                let cells: String = cells
                    .map(|cell| format!("<{tag}>{}</{tag}>", escape(cell)))
                    .collect();
                format!("<tr>{cells}</tr>\n")
            };
            let mut text = format!(
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                 <title>{title}</title>\n<style>table {{ border-collapse: collapse; }} \
                 th, td {{ border: 1px solid #999; padding: 2px 8px; text-align: right; }}\
                 </style>\n</head>\n<body>\n<h1>{title}</h1>\n"
            );
            for paragraph in &summary {
                text += &format!("<p>{}</p>\n", escape(paragraph));
            }
            text += "<table>\n<thead>\n";
            text += &row("th", &mut header.iter().copied());
            text += "</thead>\n<tbody>\n";
            for cells in &cells {
                text += &row("td", &mut cells.iter().map(String::as_str));
            }
            text + "</tbody>\n</table>\n</body>\n</html>\n"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_up_to_d_digits_number_8_to_the_d_minus_1() {
        for digits in 1..=3 {
            let all = codes(digits).unwrap();
            assert_eq!(all.len(), 8usize.pow(digits) - 1);
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), all.len());
        }
        assert_eq!(
            codes(1).unwrap(),
            ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
        );
        assert!(codes(0).is_err() && codes(7).is_err());
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_census() {
        let all = codes(3).unwrap();
        let mut joined: Vec<String> = (0..5).flat_map(|i| shard(all.clone(), i, 5)).collect();
        joined.sort();
        let mut expected = all.clone();
        expected.sort();
        assert_eq!(joined, expected);
    }

    #[test]
    fn survey_finds_the_period_of_kayles_and_reports_a_bound_otherwise() {
        let kayles = survey("0.77", 1 << 12, true, &Budget::unlimited()).unwrap();
        assert_eq!((kayles.preperiod, kayles.period), (Some(71), Some(12)));
        assert_eq!(kayles.bound_reached, None);
        // Kayles' last rare value is at heap 70, just before its period starts.
        assert_eq!(
            (kayles.rare_values, kayles.last_rare_heap),
            (Some(3), Some(70))
        );
        let misere = kayles.misere.unwrap();
        assert_eq!((misere.kind, misere.order), (QuotientKind::Wild, 40));
        let tame = survey("0.03", 1 << 12, true, &Budget::unlimited()).unwrap();
        assert_eq!(tame.misere.unwrap().kind, QuotientKind::Tame);
        let open = survey("0.167", 1 << 12, false, &Budget::unlimited()).unwrap();
        assert_eq!(open.misere, None);
        assert_eq!((open.period, open.bound_reached), (None, Some(1 << 12)));
        assert_eq!(open.values, 1 << 12);
        assert!(open.rare_values.is_some());
    }

    #[test]
    fn lists_of_codes_are_checked() {
        assert_eq!(
            codes_from_list("# mine\n0.77\noctal:0.1370\n\n0.137\n0.77").unwrap(),
            ["0.77", "0.137"]
        );
        assert!(
            codes_from_list("0.8")
                .unwrap_err()
                .to_string()
                .contains("'0.8'")
        );
    }

    #[test]
    fn a_report_sorts_codes_marks_open_ones_and_gives_quotients() {
        let budget = Budget::unlimited();
        let lines: Vec<CensusLine> = ["0.77", "0.167", "0.07", "0.77"]
            .iter()
            .map(|code| survey(code, 1 << 12, true, &budget).unwrap())
            .collect();
        let markdown = report(&lines, 1 << 12, true, ReportStyle::Markdown);
        let rows: Vec<&str> = markdown.lines().filter(|l| l.starts_with("| 0.")).collect();
        assert_eq!(rows.len(), 3, "{markdown}");
        assert!(rows[0].starts_with("| 0.07 | 53 | 34 |"), "{}", rows[0]);
        assert!(
            rows[1].starts_with("| 0.167 | — | none ≤ 4096 |"),
            "{}",
            rows[1]
        );
        assert!(
            rows[2].starts_with("| 0.77 | 71 | 12 | 8 | 3 | 70 | 168 |"),
            "{}",
            rows[2]
        );
        assert!(
            rows[2].ends_with("| wild | 40 | 9 | certified at 167 |"),
            "{}",
            rows[2]
        );
        assert!(
            rows[0].ends_with("| wild | 24 | 5 | partial, to 24 |"),
            "{}",
            rows[0]
        );
        assert!(markdown.contains("| Last rare heap |"), "{markdown}");
        assert!(markdown.contains("3 codes"), "{markdown}");
        assert!(markdown.contains("2 have a certified period"), "{markdown}");
        let html = report(&lines, 1 << 12, true, ReportStyle::Html);
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert_eq!(html.matches("<tr>").count(), 4);
        assert!(html.contains("<td>none ≤ 4096</td>"));
        let normal = report(&lines, 1 << 12, false, ReportStyle::Markdown);
        assert!(!normal.contains("Misère"));
    }
}
