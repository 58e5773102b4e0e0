//! The report's charts, drawn with plotters' SVG backend into strings that the page inlines:
//! points with interval bars against a reference line, histograms with quantile marks, and
//! lines with interval bands against a varied parameter. Each chart also returns how its
//! value axis maps to pixels, which the page records so a test can check that a bar sits
//! where the CSV says.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::report::ReportError;

const WIDTH: u32 = 720;
const HEIGHT: u32 = 300;
/// The colour of interval bars; tests find the bars by it.
pub const BAR_COLOUR: RGBColor = RGBColor(0x1f, 0x5f, 0xa8);
const REFERENCE: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
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

fn fail(e: impl std::fmt::Display) -> ReportError {
    ReportError::Chart(e.to_string())
}

/// A y range covering `values` (and `reference`), padded so nothing touches the frame.
fn y_range(values: impl Iterator<Item = f64>, reference: Option<f64>) -> (f64, f64) {
    let (mut lo, mut hi) = values
        .chain(reference)
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    if hi - lo < 1e-9 {
        lo -= 0.5;
        hi += 0.5;
    }
    let pad = (hi - lo) * 0.08;
    (lo - pad, hi + pad)
}

/// Around a positive reference (a fair share), an axis at least ±20% of it wide, so that
/// noise of a tenth of a point is not drawn as a canyon; wider data widen it.
fn not_magnified(y0: f64, y1: f64, reference: Option<f64>) -> (f64, f64) {
    match reference {
        Some(r) if r > 0.0 && r.is_finite() => (y0.min(r * 0.8), y1.max(r * 1.2)),
        _ => (y0, y1),
    }
}

/// An axis label: whole numbers without decimals, others with at most three.
/// A tick label on an axis spanning `span`: as many decimals as the ticks' spacing (about a
/// tenth of the span) needs, so that no two ticks read the same ("40.6, 40.6" on a narrow
/// axis), and no trailing zeros beyond them.
fn tick(v: f64, span: f64) -> String {
    if !(span.is_finite() && span > 0.0) {
        return short(v);
    }
    let decimals = (-(span / 10.0).log10()).ceil().clamp(0.0, 6.0) as usize;
    let text = format!("{v:.decimals$}");
    let text =
        if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { &text };
    if text == "-0" { "0".into() } else { text.to_string() }
}

fn short(v: f64) -> String {
    if v.abs() >= 1000.0 || (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').to_string()
    }
}

fn frame(root: &DrawingArea<SVGBackend, Shift>) -> Result<(), ReportError> {
    root.fill(&WHITE).map_err(fail)
}

/// The charts' text: plotters' SVG writes a font of size `s` as `s / 1.24` px, so 15 is
/// 12.1 px, the smallest a chart's text should be (plotters' default drew 9.7 px).
fn text_style() -> TextStyle<'static> {
    ("sans-serif", 15).into_font().into()
}

/// Points with 95% interval bars, one per label, and an optional reference line (the fair
/// share, or zero for a difference).
pub fn intervals(
    points: &[Estimate],
    reference: Option<f64>,
    y_desc: &str,
) -> Result<Chart, ReportError> {
    let mut svg = String::new();
    let y_map;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        frame(&root)?;
        let n = points.len().max(1);
        let (y0, y1) = y_range(points.iter().flat_map(|p| [p.value, p.lo, p.hi]), reference);
        let (y0, y1) = not_magnified(y0, y1, reference);
        let labels: Vec<String> = points.iter().map(|p| p.label.clone()).collect();
        let formatter = |x: &f64| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(if n > 8 { 70 } else { 30 })
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), y0..y1)
            .map_err(fail)?;
        let y_tick = |y: &f64| tick(*y, y1 - y0);
        let mut mesh = chart.configure_mesh();
        mesh.disable_x_mesh()
            .label_style(text_style())
            .axis_desc_style(text_style())
            .x_labels(n * 2 + 1)
            .x_label_formatter(&formatter)
            .y_label_formatter(&y_tick)
            .y_desc(y_desc);
        if n > 8 {
            mesh.x_label_style(text_style().transform(FontTransform::Rotate90));
        }
        mesh.draw().map_err(fail)?;
        if let Some(r) = reference {
            chart
                .draw_series(LineSeries::new(
                    vec![(-0.5, r), (n as f64 - 0.5, r)],
                    REFERENCE.stroke_width(2),
                ))
                .map_err(fail)?;
        }
        let bar = BAR_COLOUR.stroke_width(2);
        for (i, p) in points.iter().enumerate() {
            let x = i as f64;
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
            if p.value.is_finite() {
                chart
                    .draw_series(std::iter::once(Circle::new((x, p.value), 5, BLACK.filled())))
                    .map_err(fail)?;
            }
        }
        y_map = [(y0, chart.backend_coord(&(0.0, y0)).1), (y1, chart.backend_coord(&(0.0, y1)).1)];
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
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
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
/// vertical line and an optional horizontal reference.
pub fn bands(
    lines: &[Line],
    x_labels: &[(f64, String)],
    baseline: Option<f64>,
    reference: Option<f64>,
    y_desc: &str,
) -> Result<Chart, ReportError> {
    let mut svg = String::new();
    let y_map;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        frame(&root)?;
        let xs = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0));
        let (x0, x1) = y_range(xs, None);
        let (y0, y1) = y_range(
            lines.iter().flat_map(|l| l.points.iter().flat_map(|p| [p.1, p.2, p.3])),
            reference,
        );
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
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
        if let Some(r) = reference {
            chart
                .draw_series(LineSeries::new(vec![(x0, r), (x1, r)], REFERENCE.stroke_width(1)))
                .map_err(fail)?;
        }
        if let Some(b) = baseline {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(b, y0), (b, y1)],
                    BLACK.mix(0.5).stroke_width(2),
                )))
                .map_err(fail)?;
        }
        for (i, line) in lines.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let banded: Vec<&(f64, f64, f64, f64)> =
                line.points.iter().filter(|p| p.2.is_finite() && p.3.is_finite()).collect();
            if banded.len() >= 2 {
                let mut outline: Vec<(f64, f64)> = banded.iter().map(|p| (p.0, p.3)).collect();
                outline.extend(banded.iter().rev().map(|p| (p.0, p.2)));
                chart
                    .draw_series(std::iter::once(Polygon::new(outline, colour.mix(0.18).filled())))
                    .map_err(fail)?;
            } else {
                chart
                    .draw_series(banded.iter().map(|p| {
                        PathElement::new(vec![(p.0, p.2), (p.0, p.3)], colour.stroke_width(2))
                    }))
                    .map_err(fail)?;
            }
            chart
                .draw_series(LineSeries::new(
                    line.points.iter().map(|p| (p.0, p.1)),
                    colour.stroke_width(2),
                ))
                .map_err(fail)?
                .label(line.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(
                    line.points.iter().map(|p| Circle::new((p.0, p.1), 3, colour.filled())),
                )
                .map_err(fail)?;
        }
        if lines.len() > 1 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.3))
                .position(SeriesLabelPosition::UpperRight)
                .draw()
                .map_err(fail)?;
        }
        y_map = [(y0, chart.backend_coord(&(x0, y0)).1), (y1, chart.backend_coord(&(x0, y1)).1)];
        root.present().map_err(fail)?;
    }
    Ok(Chart { svg, y_map })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_on_a_narrow_axis_never_read_the_same() {
        // Ticks 0.05 apart on an axis of half a turn: two decimals, each one its own.
        let labels: Vec<String> = (0..10).map(|i| tick(40.5 + 0.05 * i as f64, 0.5)).collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "{labels:?}");
        assert_eq!(tick(40.55, 0.5), "40.55");
        assert_eq!(tick(2000.0, 8000.0), "2000");
        assert_eq!(tick(0.25, 0.2), "0.25");
        assert_eq!(tick(-0.0, 1.0), "0");
    }

    #[test]
    fn a_share_axis_is_never_zoomed_into_noise() {
        // Seat shares 0.248..0.252 around a fair 0.25: the axis spans at least 0.2..0.3.
        assert_eq!(not_magnified(0.248, 0.252, Some(0.25)), (0.2, 0.3));
        assert_eq!(not_magnified(0.1, 0.5, Some(0.25)), (0.1, 0.5));
        assert_eq!(not_magnified(-1.0, 1.0, Some(0.0)), (-1.0, 1.0));
    }
}
