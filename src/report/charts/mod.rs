//! The report's charts, drawn with plotters' SVG backend into strings that the page inlines:
//! points with interval bars against a reference line, histograms with quantile marks, and
//! lines with interval bands against a varied parameter. A chart that judges balance draws
//! its guide (the fair line, the verdict's margin as a band) and its axis always takes the
//! guide in. Each chart also returns how its value axis maps to pixels, which the page
//! records so a test can check that a bar sits where the CSV says.

mod axis;
mod legend;
mod panels;
mod rows;

pub use axis::tick;
pub use legend::FRAME as LEGEND_FRAME;
pub use panels::panels;
pub use rows::rows;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::report::ReportError;
use axis::{CategoryLabels, not_magnified, y_range};
use legend::Legend;

const WIDTH: u32 = 720;
const HEIGHT: u32 = 300;
/// The charts' outer margin and the width of the value axis's labels.
const MARGIN: i32 = 12;
const Y_LABELS: i32 = 60;
/// The label area under a plot whose labels lie flat.
const X_LABELS: u32 = 30;
/// The colour of interval bars; tests find the bars by it.
pub const BAR_COLOUR: RGBColor = RGBColor(0x1f, 0x5f, 0xa8);
const REFERENCE: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
/// The fill of a margin band (drawn at 18% opacity); tests find the band by it.
pub const MARGIN_FILL: RGBColor = RGBColor(0xe6, 0x7e, 0x22);
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x1f, 0x5f, 0xa8),
    RGBColor(0xe0, 0x7b, 0x00),
    RGBColor(0x2e, 0x8b, 0x57),
    RGBColor(0x8e, 0x44, 0xad),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xb0, 0x3a, 0x2e),
];

/// A drawn chart: the SVG and the value axis's (value, pixel) at two points.
pub struct Chart {
    pub svg: String,
    pub y_map: [(f64, i32); 2],
}

/// One estimate with its interval.
pub struct Estimate {
    pub label: String,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// What a chart that judges balance draws behind its estimates, and its value axis takes in
/// whatever the data: a reader can always see where fair is and how far off still counts
/// as fair.
#[derive(Clone, Copy, Debug, Default)]
pub struct Guide {
    /// The reference line: a fair share, zero for a difference, or a margin's edge.
    pub line: Option<f64>,
    /// The range a verdict calls fair (fair ± its margin, or 0 up to the margin), shaded.
    pub band: Option<(f64, f64)>,
}

impl Guide {
    /// A reference line alone.
    pub fn line(at: f64) -> Guide {
        Guide { line: Some(at), band: None }
    }

    /// A reference line with a band around it.
    pub fn line_and_band(at: f64, band: (f64, f64)) -> Guide {
        Guide { line: Some(at), band: Some(band) }
    }

    fn values(&self) -> impl Iterator<Item = f64> {
        self.line.into_iter().chain(self.band.into_iter().flat_map(|(a, b)| [a, b]))
    }
}

pub(crate) fn fail(e: impl std::fmt::Display) -> ReportError {
    ReportError::Chart(e.to_string())
}

fn frame(root: &DrawingArea<SVGBackend, Shift>) -> Result<(), ReportError> {
    root.fill(&WHITE).map_err(fail)
}

/// The charts' text: plotters' SVG writes a font of size `s` as `s / 1.24` px, so 15 is
/// 12.1 px, the smallest a chart's text should be (plotters' default drew 9.7 px).
pub(crate) fn text_style() -> TextStyle<'static> {
    ("sans-serif", 15).into_font().into()
}

/// The baseline's value on the x axis, when there is one, as a grey vertical line from
/// `y0` to `y1`.
fn draw_baseline<C>(
    chart: &mut ChartContext<SVGBackend, C>,
    baseline: Option<f64>,
    (y0, y1): (f64, f64),
) -> Result<(), ReportError>
where
    C: plotters::coord::CoordTranslate<From = (f64, f64)>,
{
    if let Some(b) = baseline {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(b, y0), (b, y1)],
                BLACK.mix(0.5).stroke_width(2),
            )))
            .map_err(fail)?;
    }
    Ok(())
}

/// One line of estimates: its interval as a shaded band of `band_alpha` (as whiskers where
/// fewer than two points have one), the line through the estimates and their points.
fn draw_line<C>(
    chart: &mut ChartContext<SVGBackend, C>,
    line: &Line,
    colour: RGBColor,
    band_alpha: f64,
) -> Result<(), ReportError>
where
    C: plotters::coord::CoordTranslate<From = (f64, f64)>,
{
    let banded: Vec<&(f64, f64, f64, f64)> =
        line.points.iter().filter(|p| p.2.is_finite() && p.3.is_finite()).collect();
    if banded.len() >= 2 {
        let mut outline: Vec<(f64, f64)> = banded.iter().map(|p| (p.0, p.3)).collect();
        outline.extend(banded.iter().rev().map(|p| (p.0, p.2)));
        chart
            .draw_series(std::iter::once(Polygon::new(outline, colour.mix(band_alpha).filled())))
            .map_err(fail)?;
    } else {
        chart
            .draw_series(
                banded.iter().map(|p| {
                    PathElement::new(vec![(p.0, p.2), (p.0, p.3)], colour.stroke_width(2))
                }),
            )
            .map_err(fail)?;
    }
    chart
        .draw_series(LineSeries::new(
            line.points.iter().map(|p| (p.0, p.1)),
            colour.stroke_width(2),
        ))
        .map_err(fail)?;
    chart
        .draw_series(line.points.iter().map(|p| Circle::new((p.0, p.1), 3, colour.filled())))
        .map_err(fail)?;
    Ok(())
}

/// Draw `guide` across the plot from `x0` to `x1`: the band under everything, then the line.
fn draw_guide<C>(
    chart: &mut ChartContext<SVGBackend, C>,
    guide: &Guide,
    (x0, x1): (f64, f64),
    line_width: u32,
) -> Result<(), ReportError>
where
    C: plotters::coord::CoordTranslate<From = (f64, f64)>,
{
    if let Some((lo, hi)) = guide.band {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x0, lo), (x1, hi)],
                MARGIN_FILL.mix(0.18).filled(),
            )))
            .map_err(fail)?;
    }
    if let Some(r) = guide.line {
        chart
            .draw_series(LineSeries::new(
                vec![(x0, r), (x1, r)],
                REFERENCE.stroke_width(line_width),
            ))
            .map_err(fail)?;
    }
    Ok(())
}

/// Points with 95% interval bars, one per label, against `guide` (the fair share with the
/// verdict's margin, zero for a difference, or nothing). Each bar is drawn over its dot, so
/// an interval narrower than the dot still shows as its two caps.
pub fn intervals(points: &[Estimate], guide: &Guide, y_desc: &str) -> Result<Chart, ReportError> {
    let labels: Vec<String> = points.iter().map(|p| p.label.clone()).collect();
    let plot_width = WIDTH as i32 - 2 * MARGIN - Y_LABELS;
    let x_labels = CategoryLabels::new(&labels, plot_width);
    let height = HEIGHT + x_labels.area.saturating_sub(X_LABELS);
    let mut svg = String::new();
    let y_map;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        frame(&root)?;
        let n = points.len().max(1);
        let (y0, y1) =
            y_range(points.iter().flat_map(|p| [p.value, p.lo, p.hi]).chain(guide.values()));
        let (y0, y1) = not_magnified(y0, y1, guide.line);
        let mut chart = ChartBuilder::on(&root)
            .margin(MARGIN)
            .x_label_area_size(x_labels.area)
            .y_label_area_size(Y_LABELS)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), y0..y1)
            .map_err(fail)?;
        let y_tick = |y: &f64| tick(*y, y1 - y0);
        // The categories are labelled below by `x_labels`; the mesh draws only their ticks.
        let no_label = |_: &f64| String::new();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .label_style(text_style())
            .axis_desc_style(text_style())
            .x_labels(n * 2 + 1)
            .x_label_formatter(&no_label)
            .y_label_formatter(&y_tick)
            .y_desc(y_desc)
            .draw()
            .map_err(fail)?;
        draw_guide(&mut chart, guide, (-0.5, n as f64 - 0.5), 2)?;
        let bar = BAR_COLOUR.stroke_width(2);
        for (i, p) in points.iter().enumerate() {
            let x = i as f64;
            if p.value.is_finite() {
                chart
                    .draw_series(std::iter::once(Circle::new((x, p.value), 5, BLACK.filled())))
                    .map_err(fail)?;
            }
            if p.lo.is_finite() && p.hi.is_finite() {
                let cap = 0.12;
                chart
                    .draw_series([
                        PathElement::new(vec![(x, p.lo), (x, p.hi)], bar),
                        PathElement::new(vec![(x - cap, p.lo), (x + cap, p.lo)], bar),
                        PathElement::new(vec![(x - cap, p.hi), (x + cap, p.hi)], bar),
                    ])
                    .map_err(fail)?;
            }
        }
        let axis_y = chart.backend_coord(&(0.0, y0)).1;
        let xs: Vec<i32> =
            (0..points.len()).map(|i| chart.backend_coord(&(i as f64, y0)).0).collect();
        x_labels.draw(&root, &xs, axis_y)?;
        y_map = [(y0, axis_y), (y1, chart.backend_coord(&(0.0, y1)).1)];
        root.present().map_err(fail)?;
    }
    Ok(Chart { svg, y_map })
}

/// A histogram from exact (value, count) pairs, with the quantiles (label, value) marked by
/// vertical lines (the median, `p50`, drawn thicker).
pub fn histogram(
    bins: &[(f64, f64)],
    quantiles: &[(&str, f64)],
    x_desc: &str,
) -> Result<Chart, ReportError> {
    let mut svg = String::new();
    let y_map;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        frame(&root)?;
        let x0 = bins.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
        let x1 = bins.iter().map(|b| b.0).fold(f64::NEG_INFINITY, f64::max);
        let (x0, x1) = if x0.is_finite() { (x0 - 0.5, x1 + 0.5) } else { (0.0, 1.0) };
        let top = bins.iter().map(|b| b.1).fold(0.0, f64::max).max(1.0) * 1.08;
        let mut chart = ChartBuilder::on(&root)
            .margin(MARGIN)
            .x_label_area_size(40)
            .y_label_area_size(Y_LABELS)
            .build_cartesian_2d(x0..x1, 0.0..top)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .label_style(text_style())
            .axis_desc_style(text_style())
            .x_desc(x_desc)
            .y_desc("matches")
            .x_label_formatter(&|x| tick(*x, x1 - x0))
            .y_label_formatter(&|y| tick(*y, top))
            .draw()
            .map_err(fail)?;
        // Wide ranges get thinner bars; every value seen keeps its own bar.
        let half = 0.45;
        chart
            .draw_series(bins.iter().map(|&(v, c)| {
                Rectangle::new([(v - half, 0.0), (v + half, c)], PALETTE[0].mix(0.75).filled())
            }))
            .map_err(fail)?;
        for (label, q) in quantiles {
            let width = if *label == "p50" { 3 } else { 1 };
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(*q, 0.0), (*q, top)],
                    REFERENCE.stroke_width(width),
                )))
                .map_err(fail)?;
        }
        y_map =
            [(0.0, chart.backend_coord(&(x0, 0.0)).1), (top, chart.backend_coord(&(x0, top)).1)];
        root.present().map_err(fail)?;
    }
    Ok(Chart { svg, y_map })
}

/// One line of a sweep chart: a figure at each value of the varied parameter, with an
/// optional interval band.
pub struct Line {
    pub label: String,
    /// (x, value, band low, band high); the band is skipped where it is NaN.
    pub points: Vec<(f64, f64, f64, f64)>,
}

/// Lines with interval bands against the varied parameter, the baseline marked by a
/// vertical line, against `guide`; several lines get a legend in rows above the plot,
/// inside the picture.
pub fn bands(
    lines: &[Line],
    x_labels: &[(f64, String)],
    baseline: Option<f64>,
    guide: &Guide,
    y_desc: &str,
) -> Result<Chart, ReportError> {
    let plot_left = MARGIN + Y_LABELS;
    let legend = (lines.len() > 1).then(|| {
        let entries: Vec<(String, RGBColor)> = lines
            .iter()
            .enumerate()
            .map(|(i, l)| (l.label.clone(), PALETTE[i % PALETTE.len()]))
            .collect();
        Legend::new(&entries, WIDTH as i32 - plot_left - MARGIN)
    });
    // The legend takes room of its own above the plot, which keeps its height.
    let legend_room = legend.as_ref().map_or(0, |l| l.height + 8);
    let height = HEIGHT + legend_room as u32;
    let mut svg = String::new();
    let y_map;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        frame(&root)?;
        let xs = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0));
        let (x0, x1) = y_range(xs);
        let (y0, y1) = y_range(
            lines
                .iter()
                .flat_map(|l| l.points.iter().flat_map(|p| [p.1, p.2, p.3]))
                .chain(guide.values()),
        );
        let mut chart = ChartBuilder::on(&root)
            .margin(MARGIN)
            .margin_top(MARGIN + legend_room)
            .x_label_area_size(40)
            .y_label_area_size(Y_LABELS)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(fail)?;
        let label_of = |x: &f64| {
            x_labels
                .iter()
                .find(|(v, _)| (v - x).abs() < (x1 - x0) * 1e-3)
                .map(|(_, l)| l.clone())
                // Only the variants' own values are labelled on a sweep's axis.
                .unwrap_or_default()
        };
        chart
            .configure_mesh()
            .label_style(text_style())
            .axis_desc_style(text_style())
            .y_desc(y_desc)
            .x_label_formatter(&label_of)
            .y_label_formatter(&|y| tick(*y, y1 - y0))
            .draw()
            .map_err(fail)?;
        draw_guide(&mut chart, guide, (x0, x1), 1)?;
        draw_baseline(&mut chart, baseline, (y0, y1))?;
        for (i, line) in lines.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            draw_line(&mut chart, line, colour, 0.18)?;
        }
        if let Some(legend) = &legend {
            legend.draw(&root, plot_left, MARGIN)?;
        }
        y_map = [(y0, chart.backend_coord(&(x0, y0)).1), (y1, chart.backend_coord(&(x0, y1)).1)];
        root.present().map_err(fail)?;
    }
    Ok(Chart { svg, y_map })
}

#[cfg(test)]
mod tests;
