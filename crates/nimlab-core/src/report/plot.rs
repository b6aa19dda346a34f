//! The plot of a nim-sequence, as SVG text: g(n) against n, with the start of a
//! certified period marked. `nimlab grundy --plot FILE` writes it, and the Python
//! package shows it in notebooks.

use crate::solve::period::Periodicity;
use plotters::prelude::*;

/// The most values a plot draws: 2^20, a dot each.
pub const PLOT_VALUES: usize = 1 << 20;

/// The SVG drawing of g(0), …, g(values.len() − 1) of the game `spec` (at most the
/// first [`PLOT_VALUES`]), with the preperiod of `periodicity` marked by a red line;
/// an error says why it could not be drawn.
pub fn sequence_svg(
    spec: &str,
    values: &[u32],
    periodicity: Option<&Periodicity>,
) -> Result<String, String> {
    let values = &values[..values.len().min(PLOT_VALUES)];
    let mut svg = String::new();
    draw(&mut svg, spec, values, periodicity).map_err(|e| format!("cannot draw the plot: {e}"))?;
    Ok(svg)
}

/// Draw the plot into `svg`.
fn draw(
    svg: &mut String,
    spec: &str,
    values: &[u32],
    periodicity: Option<&Periodicity>,
) -> Result<(), Box<dyn std::error::Error>> {
    let last = values.len().max(2) as u64 - 1;
    let top = values.iter().copied().max().unwrap_or(0).max(1);
    let caption = match periodicity {
        Some(p) => format!(
            "{spec}: g(n) for n ≤ {last}; period {} from n = {}",
            p.period, p.preperiod
        ),
        None => format!("{spec}: g(n) for n ≤ {last}"),
    };
    let root = SVGBackend::with_string(svg, (1000, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0..last, 0..top + 1)?;
    chart
        .configure_mesh()
        .x_desc("n (heap size)")
        .y_desc("g(n)")
        .draw()?;
    chart.draw_series(
        (0u64..)
            .zip(values)
            .map(|(n, &g)| Circle::new((n, g), 1, BLUE.filled())),
    )?;
    if let Some(p) = periodicity.filter(|p| (p.preperiod as u64) <= last) {
        let at = p.preperiod as u64;
        chart.draw_series(LineSeries::new(
            [(at, 0), (at, top + 1)],
            RED.stroke_width(2),
        ))?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::period::Theorem;

    #[test]
    fn the_plot_has_a_dot_per_value_and_marks_the_period() {
        let values = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4];
        let periodicity = Periodicity {
            preperiod: 4,
            period: 4,
            values_checked: 10,
            theorem: Theorem::FiniteMemory { window: 1 },
        };
        let svg = sequence_svg("kayles", &values, Some(&periodicity)).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), values.len());
        assert!(svg.contains("period 4 from n = 4"));
        assert!(
            svg.contains("stroke=\"#FF0000\""),
            "the period's start is a red line"
        );
        let plain = sequence_svg("kayles", &values, None).unwrap();
        assert!(!plain.contains("#FF0000"));
    }
}
