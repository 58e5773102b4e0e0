//! The charts' axes: value ranges that take in every guide a reader judges by, tick labels
//! that never read the same twice, and category labels laid out so that they touch neither
//! the points nor each other (drawn by arena rather than plotters, which centres a turned
//! label on its tick, so a long one reaches up into the plot).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::ReportError;
use crate::report::charts::{fail, text_style};

/// A y range covering `values` (each finite one), padded so nothing touches the frame.
pub(crate) fn y_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = values
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
pub(crate) fn not_magnified(y0: f64, y1: f64, reference: Option<f64>) -> (f64, f64) {
    match reference {
        Some(r) if r > 0.0 && r.is_finite() => (y0.min(r * 0.8), y1.max(r * 1.2)),
        _ => (y0, y1),
    }
}

/// A tick label on an axis spanning `span`: as many decimals as the ticks' spacing (about a
/// tenth of the span) needs, so that no two ticks read the same ("40.6, 40.6" on a narrow
/// axis), and no trailing zeros beyond them.
pub fn tick(v: f64, span: f64) -> String {
    if !(span.is_finite() && span > 0.0) {
        return short(v);
    }
    let decimals = (-(span / 10.0).log10()).ceil().clamp(0.0, 6.0) as usize;
    let text = format!("{v:.decimals$}");
    let text =
        if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { &text };
    if text == "-0" { "0".into() } else { text.to_string() }
}

/// An axis label without a known span: whole numbers without decimals, others with at most
/// three.
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

/// The width a label takes in the charts' text, in pixels, erring wide: 12.1 px sans-serif
/// averages under 7.5 px a character (digits and wide letters included).
pub(crate) fn text_width(text: &str) -> i32 {
    (text.chars().count() as f64 * 7.5).ceil() as i32
}

/// The longest a category label is drawn (the table under the chart has the whole name).
const LONGEST_LABEL: usize = 24;

/// The smallest distance between two turned labels' baselines: a line of the text.
const LINE: i32 = 15;

/// How the category labels of a chart whose plot is `plot_width` pixels wide fit under it.
pub(crate) struct CategoryLabels {
    pub texts: Vec<String>,
    /// Turned a quarter (reading downwards from the axis) when the widest does not fit its
    /// slot lying flat, even on two rows.
    pub turned: bool,
    /// Flat on two rows, every other label on the lower one, when the widest fits two
    /// slots but not one (the summary's game names).
    pub staggered: bool,
    /// Every `step`-th label is drawn, so that turned labels never overlap.
    pub step: usize,
    /// The height of the label area under the plot.
    pub area: u32,
}

impl CategoryLabels {
    pub fn new(labels: &[String], plot_width: i32) -> CategoryLabels {
        let texts: Vec<String> = labels
            .iter()
            .map(|l| {
                if l.chars().count() > LONGEST_LABEL {
                    let cut: String = l.chars().take(LONGEST_LABEL - 1).collect();
                    format!("{cut}…")
                } else {
                    l.clone()
                }
            })
            .collect();
        let slot = plot_width / texts.len().max(1) as i32;
        let widest = texts.iter().map(|t| text_width(t)).max().unwrap_or(0);
        // Flat labels need their width and a gap; turned ones a line each.
        let staggered = widest + 8 > slot && widest + 8 <= 2 * slot;
        let turned = widest + 8 > 2 * slot;
        let step = if turned && slot < LINE { (LINE + slot - 1) / slot.max(1) } else { 1 };
        let area = match (turned, staggered) {
            (true, _) => (widest + 16).clamp(30, 200) as u32,
            (false, true) => 30 + LINE as u32,
            (false, false) => 30,
        };
        CategoryLabels { texts, turned, staggered, step: step as usize, area }
    }

    /// Draw the labels on `root`, label `i` under the pixel column `xs[i]`, from `axis_y`
    /// (the plot's bottom edge) down: nothing of a label lies inside the plot.
    pub fn draw(
        &self,
        root: &DrawingArea<SVGBackend, Shift>,
        xs: &[i32],
        axis_y: i32,
    ) -> Result<(), ReportError> {
        let style = if self.turned {
            text_style().transform(FontTransform::Rotate90).pos(Pos::new(HPos::Left, VPos::Center))
        } else {
            text_style().pos(Pos::new(HPos::Center, VPos::Top))
        };
        for (i, (text, &x)) in self.texts.iter().zip(xs).enumerate() {
            if i % self.step != 0 {
                continue;
            }
            let lower = if self.staggered && i % 2 == 1 { LINE } else { 0 };
            root.draw(&Text::new(text.clone(), (x, axis_y + 8 + lower), style.clone()))
                .map_err(fail)?;
        }
        Ok(())
    }
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

    #[test]
    fn labels_lie_flat_when_they_fit_and_turn_when_they_do_not() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let flat = CategoryLabels::new(&names(&["seat 0", "seat 1", "seat 2", "seat 3"]), 636);
        assert!(!flat.turned && !flat.staggered && flat.step == 1);
        // The default experiment's games: 91 px slots, "pride-prejudice" wider than one.
        let games = ["dardz", "love-actually", "low-blow", "pig", "pride-prejudice", "tictactoe"];
        let two_rows = CategoryLabels::new(&names(&[&games[..], &["trice"]].concat()), 636);
        assert!(two_rows.staggered && !two_rows.turned);
        // DARDZ's cards: 19 slots of 33 px, and "golden_7" is wider than that.
        let cards: Vec<String> = (1..=12)
            .map(|c| c.to_string())
            .chain(names(&["golden_7", "skull", "clock", "jackpot", "roll_off"]))
            .chain(names(&["boost_em", "bunk_em"]))
            .collect();
        let turned = CategoryLabels::new(&cards, 636);
        assert!(turned.turned && !turned.staggered && turned.step == 1);
        assert!(turned.area as i32 >= text_width("golden_7") + 8, "room for the longest");
        // Too many to turn one per line: every other one.
        let many: Vec<String> = (0..100).map(|i| format!("m{i}")).collect();
        assert!(CategoryLabels::new(&many, 636).step >= 2);
        let long = CategoryLabels::new(&names(&[&"x".repeat(60)]), 636);
        assert_eq!(long.texts[0].chars().count(), LONGEST_LABEL);
    }
}
