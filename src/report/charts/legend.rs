//! A chart's legend, laid out by arena in rows above the plot and inside the picture: the
//! legend plotters draws sits over the plot (hiding data behind it) and runs out of the
//! picture when the lines are many (the sweep page's card shares did).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::ReportError;
use crate::report::charts::axis::text_width;
use crate::report::charts::{fail, text_style};

/// The colour of the legend's frame; tests find the frame by it.
pub const FRAME: RGBColor = RGBColor(0xb0, 0xb0, 0xb0);

const ROW: i32 = 20;
const SWATCH: i32 = 18;
const GAP: i32 = 18;
const PAD: i32 = 6;

/// Where each entry of a legend goes: (x, row) of its swatch, relative to the legend's
/// top-left corner.
pub(crate) struct Legend {
    entries: Vec<(String, RGBColor, i32, i32)>,
    pub width: i32,
    pub height: i32,
}

impl Legend {
    /// Entries `(label, colour)` in rows at most `width` pixels wide.
    pub fn new(entries: &[(String, RGBColor)], width: i32) -> Legend {
        let mut placed = Vec::new();
        let (mut x, mut row, mut widest) = (PAD, 0, 0);
        for (label, colour) in entries {
            let w = SWATCH + 4 + text_width(label);
            if x > PAD && x + w + PAD > width {
                x = PAD;
                row += 1;
            }
            placed.push((label.clone(), *colour, x, row));
            x += w + GAP;
            widest = widest.max(x - GAP + PAD);
        }
        let rows = if entries.is_empty() { 0 } else { row + 1 };
        Legend { entries: placed, width: widest.min(width), height: rows * ROW + PAD }
    }

    /// Draw the legend with its top-left corner at `(left, top)` of `root`.
    pub fn draw(
        &self,
        root: &DrawingArea<SVGBackend, Shift>,
        left: i32,
        top: i32,
    ) -> Result<(), ReportError> {
        root.draw(&Rectangle::new(
            [(left, top), (left + self.width, top + self.height)],
            FRAME.stroke_width(1),
        ))
        .map_err(fail)?;
        let style = text_style().pos(Pos::new(HPos::Left, VPos::Center));
        for (label, colour, x, row) in &self.entries {
            let y = top + PAD / 2 + row * ROW + ROW / 2;
            let x = left + x;
            root.draw(&PathElement::new(vec![(x, y), (x + SWATCH, y)], colour.stroke_width(3)))
                .map_err(fail)?;
            root.draw(&Text::new(label.clone(), (x + SWATCH + 4, y), style.clone()))
                .map_err(fail)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_entries_wrap_into_rows_inside_the_width() {
        let entries: Vec<(String, RGBColor)> =
            (0..19).map(|i| (format!("card_{i}"), RGBColor(0, 0, 0))).collect();
        let legend = Legend::new(&entries, 600);
        assert!(legend.width <= 600);
        assert!(legend.height >= 3 * ROW, "19 entries need several rows: {}", legend.height);
        for (label, _, x, _) in &legend.entries {
            assert!(x + SWATCH + 4 + text_width(label) <= legend.width, "{label} runs out");
        }
        assert_eq!(Legend::new(&entries[..4], 600).height, ROW + PAD, "four fit in one row");
    }
}
