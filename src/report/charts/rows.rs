//! Estimates with interval bars, one row each, their labels in words at the left: for
//! categories named by a phrase ("pick 12 and add your 12s to your points pile"), which a
//! column chart could only cut or turn sideways. A label wraps onto two lines and is cut
//! with "…" beyond them; the value axis runs along the bottom.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{text_width, tick, y_range};
use super::{
    BAR_COLOUR, Chart, Estimate, Guide, MARGIN, MARGIN_FILL, REFERENCE, WIDTH, fail, frame,
    text_style,
};
use crate::report::ReportError;

/// The width of the labels' column, in pixels, and the characters a line of it holds.
const LABELS: i32 = 300;
const LINE_CHARS: usize = 38;
/// A line of label text, and the room under the plot for the value axis and its name.
const LINE: i32 = 16;
const X_AXIS: u32 = 64;

/// `label` in at most two lines of [`LINE_CHARS`], broken at spaces, the rest cut with "…".
pub(crate) fn wrapped(label: &str) -> Vec<String> {
    let mut lines: Vec<String> = vec![String::new()];
    for word in label.split_whitespace() {
        let last = lines.last_mut().expect("one line");
        if last.is_empty() {
            last.push_str(word);
        } else if last.chars().count() + 1 + word.chars().count() <= LINE_CHARS {
            last.push(' ');
            last.push_str(word);
        } else {
            lines.push(word.to_string());
        }
    }
    if lines.len() > 2 {
        lines.truncate(2);
        let second: String = lines[1].chars().take(LINE_CHARS - 1).collect();
        lines[1] = format!("{second}…");
    }
    for l in &mut lines {
        if l.chars().count() > LINE_CHARS {
            *l = format!("{}…", l.chars().take(LINE_CHARS - 1).collect::<String>());
        }
    }
    lines
}

/// A row per estimate, top to bottom in the given order, against `guide` (a vertical line
/// at zero, say); `x_desc` names the value axis. The chart's `y_map` is of its value axis,
/// here horizontal: (value, pixel column).
pub fn rows(points: &[Estimate], guide: &Guide, x_desc: &str) -> Result<Chart, ReportError> {
    let labels: Vec<Vec<String>> = points.iter().map(|p| wrapped(&p.label)).collect();
    let lines = labels.iter().map(Vec::len).max().unwrap_or(1) as i32;
    let row = LINE * lines + 10;
    let n = points.len().max(1);
    let height = (2 * MARGIN + row * n as i32) as u32 + X_AXIS;
    let mut svg = String::new();
    let y_map;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        frame(&root)?;
        let values = points.iter().flat_map(|p| [p.value, p.lo, p.hi]).chain(guide.values());
        let (x0, x1) = y_range(values);
        let top = n as f64 - 0.5;
        let mut chart = ChartBuilder::on(&root)
            .margin(MARGIN)
            .x_label_area_size(X_AXIS - MARGIN as u32)
            .y_label_area_size(LABELS)
            .build_cartesian_2d(x0..x1, -0.5..top)
            .map_err(fail)?;
        let no_label = |_: &f64| String::new();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .label_style(text_style())
            .axis_desc_style(text_style())
            .x_desc(x_desc)
            .x_label_formatter(&|x| tick(*x, x1 - x0))
            .y_labels(0)
            .y_label_formatter(&no_label)
            .draw()
            .map_err(fail)?;
        if let Some((lo, hi)) = guide.band {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(lo, -0.5), (hi, top)],
                    MARGIN_FILL.mix(0.18).filled(),
                )))
                .map_err(fail)?;
        }
        if let Some(r) = guide.line {
            chart
                .draw_series(LineSeries::new(vec![(r, -0.5), (r, top)], REFERENCE.stroke_width(2)))
                .map_err(fail)?;
        }
        // The first estimate on the top row.
        let y_of = |i: usize| (n - 1 - i) as f64;
        let bar = BAR_COLOUR.stroke_width(2);
        for (i, p) in points.iter().enumerate() {
            let y = y_of(i);
            if p.lo.is_finite() && p.hi.is_finite() {
                let cap = 0.15;
                chart
                    .draw_series([
                        PathElement::new(vec![(p.lo, y), (p.hi, y)], bar),
                        PathElement::new(vec![(p.lo, y - cap), (p.lo, y + cap)], bar),
                        PathElement::new(vec![(p.hi, y - cap), (p.hi, y + cap)], bar),
                    ])
                    .map_err(fail)?;
            }
            if p.value.is_finite() {
                chart
                    .draw_series(std::iter::once(Circle::new((p.value, y), 5, BLACK.filled())))
                    .map_err(fail)?;
            }
        }
        let style = text_style().pos(Pos::new(HPos::Right, VPos::Center));
        let plot_left = chart.backend_coord(&(x0, 0.0)).0;
        for (i, text) in labels.iter().enumerate() {
            let centre = chart.backend_coord(&(x0, y_of(i))).1;
            let first = centre - (text.len() as i32 - 1) * LINE / 2;
            for (k, line) in text.iter().enumerate() {
                debug_assert!(text_width(line) < LABELS, "{line} is wider than its column");
                root.draw(&Text::new(
                    line.clone(),
                    (plot_left - 8, first + k as i32 * LINE),
                    style.clone(),
                ))
                .map_err(fail)?;
            }
        }
        y_map = [(x0, chart.backend_coord(&(x0, 0.0)).0), (x1, chart.backend_coord(&(x1, 0.0)).0)];
        root.present().map_err(fail)?;
    }
    Ok(Chart { svg, y_map })
}
