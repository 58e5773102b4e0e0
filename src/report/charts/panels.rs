//! Small multiples: one small chart per line (a sweep's seats), side by side two to a row,
//! all on one value axis. Four seats' interval bands drawn over each other in one plot read
//! as mud; a panel each shows every seat's band whole, against the same fair line and
//! margin, and the shared axis keeps them comparable at a glance.

use plotters::prelude::*;

use super::axis::{tick, y_range};
use super::{
    Chart, Guide, Line, MARGIN, PALETTE, WIDTH, draw_baseline, draw_guide, draw_line, fail, frame,
    text_style,
};
use crate::report::ReportError;

/// Panels to a row, and each panel's height.
const COLUMNS: usize = 2;
const PANEL_HEIGHT: u32 = 230;
/// The room of a panel's value axis labels and name.
const Y_LABELS: u32 = 56;

/// A panel per line, titled by its label, each with its interval band, the baseline marked
/// by a grey vertical line, and `guide` behind it; `y_desc` names the shared value axis.
/// The chart's `y_map` is the first panel's (every panel has the same axis).
pub fn panels(
    lines: &[Line],
    x_labels: &[(f64, String)],
    baseline: Option<f64>,
    guide: &Guide,
    y_desc: &str,
) -> Result<Chart, ReportError> {
    let rows = lines.len().div_ceil(COLUMNS).max(1);
    let height = PANEL_HEIGHT * rows as u32;
    let mut svg = String::new();
    let mut y_map = [(0.0, 0), (1.0, 0)];
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        frame(&root)?;
        let (x0, x1) = y_range(lines.iter().flat_map(|l| l.points.iter().map(|p| p.0)));
        let (y0, y1) = y_range(
            lines
                .iter()
                .flat_map(|l| l.points.iter().flat_map(|p| [p.1, p.2, p.3]))
                .chain(guide.values()),
        );
        let label_of = |x: &f64| {
            x_labels
                .iter()
                .find(|(v, _)| (v - x).abs() < (x1 - x0) * 1e-3)
                .map(|(_, l)| l.clone())
                .unwrap_or_default()
        };
        let colour = PALETTE[0];
        for (i, (line, area)) in lines.iter().zip(root.split_evenly((rows, COLUMNS))).enumerate() {
            let mut chart = ChartBuilder::on(&area)
                .margin(MARGIN / 2)
                .margin_right(MARGIN)
                .caption(&line.label, text_style())
                .x_label_area_size(28)
                .y_label_area_size(Y_LABELS)
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(fail)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .label_style(text_style())
                .axis_desc_style(text_style())
                .y_desc(y_desc)
                .y_labels(5)
                .x_label_formatter(&label_of)
                .y_label_formatter(&|y| tick(*y, y1 - y0))
                .draw()
                .map_err(fail)?;
            draw_guide(&mut chart, guide, (x0, x1), 1)?;
            draw_baseline(&mut chart, baseline, (y0, y1))?;
            draw_line(&mut chart, line, colour, 0.25)?;
            if i == 0 {
                y_map = [
                    (y0, chart.backend_coord(&(x0, y0)).1),
                    (y1, chart.backend_coord(&(x0, y1)).1),
                ];
            }
        }
        root.present().map_err(fail)?;
    }
    Ok(Chart { svg, y_map })
}
