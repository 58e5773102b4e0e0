//! The charts read back from their SVG: category labels below the plot, bars over their
//! dots, the legend inside the picture and clear of the plot, no tick label twice on an
//! axis, and the guide's band and line where the guide says.

use super::*;

/// A `<text>` element of an SVG: its position, anchor, whether it is turned, and its text.
#[derive(Debug)]
struct Label {
    x: i32,
    y: i32,
    anchor: String,
    turned: bool,
    text: String,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(tag[at..at + tag[at..].find('"')?].to_string())
}

fn labels(svg: &str) -> Vec<Label> {
    svg.split("<text")
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find('>').unwrap()];
            let body = &rest[rest.find('>').unwrap() + 1..rest.find("</text>").unwrap()];
            Label {
                x: attr(tag, "x").unwrap().parse().unwrap(),
                y: attr(tag, "y").unwrap().parse().unwrap(),
                anchor: attr(tag, "text-anchor").unwrap(),
                turned: attr(tag, "transform").is_some_and(|t| t.starts_with("rotate(90")),
                text: body.trim().to_string(),
            }
        })
        .collect()
}

fn size(svg: &str) -> (i32, i32) {
    let tag = &svg[..svg.find('>').unwrap()];
    (attr(tag, "width").unwrap().parse().unwrap(), attr(tag, "height").unwrap().parse().unwrap())
}

/// Every axis's tick labels, each read once: the value axis's (right-aligned, one column)
/// and the category or parameter axis's (one row) are each without repeats.
fn assert_ticks_unique(svg: &str) {
    let all = labels(svg);
    let mut groups: std::collections::BTreeMap<(String, i32), Vec<&str>> = Default::default();
    for l in all.iter().filter(|l| !l.turned && !l.text.is_empty()) {
        let key = if l.anchor == "end" { ("column".to_string(), l.x) } else { ("row".into(), l.y) };
        groups.entry(key).or_default().push(&l.text);
    }
    for (key, texts) in groups {
        let mut unique = texts.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), texts.len(), "{key:?} repeats a label: {texts:?}");
    }
}

fn cards() -> Vec<Estimate> {
    let names = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "golden_7"];
    let more = ["skull", "clock", "jackpot", "roll_off", "boost_em", "bunk_em"];
    names
        .iter()
        .chain(&more)
        .enumerate()
        .map(|(i, n)| {
            // One near the axis's floor, where a label reaching up would cover it.
            let v = if *n == "golden_7" { 1.3 } else { 5.0 + i as f64 % 6.0 };
            Estimate { label: n.to_string(), value: v, lo: v - 0.1, hi: v + 0.1 }
        })
        .collect()
}

#[test]
fn category_labels_lie_below_the_plot_and_apart() {
    let chart = intervals(&cards(), &Guide::default(), "mean per match").unwrap();
    let axis_y = chart.y_map[0].1;
    let (_, height) = size(&chart.svg);
    let drawn: Vec<Label> = labels(&chart.svg).into_iter().filter(|l| l.turned).collect();
    assert_eq!(drawn.len(), 19, "every card is labelled, turned: {drawn:?}");
    for l in &drawn {
        // Turned a quarter clockwise and anchored at its start, a label runs down from y.
        assert_eq!(l.anchor, "start", "{l:?}");
        assert!(l.y > axis_y, "{} starts inside the plot: {l:?}", l.text);
        assert!(l.y + axis::text_width(&l.text) <= height, "{} runs out of the picture", l.text);
    }
    for w in drawn.windows(2) {
        assert!(w[1].x - w[0].x >= 15, "{} and {} overlap", w[0].text, w[1].text);
    }
    // Four short labels lie flat, centred under their points, apart.
    let seats: Vec<Estimate> = (0..4)
        .map(|s| Estimate { label: format!("seat {s}"), value: 0.25, lo: 0.24, hi: 0.26 })
        .collect();
    let chart = intervals(&seats, &Guide::line(0.25), "win share").unwrap();
    let flat: Vec<Label> =
        labels(&chart.svg).into_iter().filter(|l| l.text.starts_with("seat")).collect();
    assert_eq!(flat.len(), 4);
    for w in flat.windows(2) {
        let room = (axis::text_width(&w[0].text) + axis::text_width(&w[1].text)) / 2;
        assert!(!w[0].turned && w[1].x - w[0].x > room, "{w:?}");
        assert!(w[0].y > chart.y_map[0].1);
    }
    // Seven game names: flat on two rows; labels of one row never overlap.
    let games =
        ["dardz", "love-actually", "low-blow", "pig", "pride-prejudice", "tictactoe", "trice"];
    let edges: Vec<Estimate> = games
        .iter()
        .map(|g| Estimate { label: g.to_string(), value: 1.0, lo: -1.0, hi: 3.0 })
        .collect();
    let chart = intervals(&edges, &Guide::line(0.0), "pp").unwrap();
    let drawn: Vec<Label> =
        labels(&chart.svg).into_iter().filter(|l| games.contains(&l.text.as_str())).collect();
    assert_eq!(drawn.len(), 7);
    for (i, a) in drawn.iter().enumerate() {
        assert!(!a.turned && a.y > chart.y_map[0].1, "{a:?}");
        for b in drawn[i + 1..].iter().filter(|b| b.y == a.y) {
            let room = (axis::text_width(&a.text) + axis::text_width(&b.text)) / 2;
            assert!(b.x - a.x > room, "{} and {} overlap", a.text, b.text);
        }
    }
}

#[test]
fn each_interval_bar_is_drawn_over_its_dot() {
    let chart = intervals(&cards(), &Guide::default(), "mean per match").unwrap();
    let bar = format!("stroke=\"#{:02X}{:02X}{:02X}\"", BAR_COLOUR.0, BAR_COLOUR.1, BAR_COLOUR.2);
    // Dot, then its bar, point after point: every dot is followed by a bar before the next.
    let pieces: Vec<&str> = chart.svg.split("<circle").skip(1).collect();
    assert_eq!(pieces.len(), 19);
    for (i, p) in pieces.iter().enumerate() {
        assert!(p.contains(&bar), "point {i}'s bar is not drawn after its dot");
    }
}

#[test]
fn the_legend_lies_inside_the_picture_and_clear_of_the_plot() {
    for count in [2, 4, 8, 19] {
        let lines: Vec<Line> = (0..count)
            .map(|i| Line {
                label: format!("points_share_card_{i}"),
                points: vec![(4.0, 0.05, 0.04, 0.06), (12.0, 0.06, 0.05, 0.07)],
            })
            .collect();
        let xs = [(4.0, "4".to_string()), (12.0, "12".to_string())];
        let chart = bands(&lines, &xs, Some(4.0), &Guide::default(), "share").unwrap();
        let (width, height) = size(&chart.svg);
        let frame = format!(
            "stroke=\"#{:02X}{:02X}{:02X}\"",
            LEGEND_FRAME.0, LEGEND_FRAME.1, LEGEND_FRAME.2
        );
        let rect = chart
            .svg
            .split("<rect")
            .find(|r| r[..r.find('>').unwrap()].contains(&frame))
            .unwrap_or_else(|| panic!("{count} lines: no legend frame"));
        let n = |k: &str| -> i32 { attr(rect, k).unwrap().parse().unwrap() };
        let (x, y, w, h) = (n("x"), n("y"), n("width"), n("height"));
        assert!(x >= 0 && y >= 0 && x + w <= width && y + h <= height, "{count} lines: legend out");
        // Above the plot's top (the pixel of the axis's top value), hiding no data.
        assert!(y + h <= chart.y_map[1].1, "{count} lines: the legend covers the plot");
        for l in labels(&chart.svg).iter().filter(|l| l.text.starts_with("points_share")) {
            assert!(l.x + axis::text_width(&l.text) <= x + w, "{} runs out of the legend", l.text);
            assert!(l.y > y && l.y < y + h);
        }
        assert_ticks_unique(&chart.svg);
    }
}

#[test]
fn no_axis_repeats_a_tick_label() {
    let narrow: Vec<Estimate> = (0..4)
        .map(|s| Estimate { label: format!("s{s}"), value: 40.6, lo: 40.55, hi: 40.65 })
        .collect();
    assert_ticks_unique(&intervals(&narrow, &Guide::default(), "turns").unwrap().svg);
    assert_ticks_unique(&intervals(&cards(), &Guide::line(0.0), "mean").unwrap().svg);
    let bins: Vec<(f64, f64)> = (38..44).map(|v| (v as f64, 10.0)).collect();
    assert_ticks_unique(&histogram(&bins, &[("p50", 41.0)], "turns").unwrap().svg);
    let line =
        Line { label: "x".into(), points: vec![(0.1, 0.5, 0.49, 0.51), (0.2, 0.5, 0.5, 0.5)] };
    let xs = [(0.1, "0.1".to_string()), (0.2, "0.2".to_string())];
    assert_ticks_unique(&bands(&[line], &xs, None, &Guide::default(), "y").unwrap().svg);
}

#[test]
fn a_sweep_of_seats_gets_one_panel_per_seat() {
    // Four bands in one plot read as mud; a panel each, on one scale.
    let seat = |s: usize| Line {
        label: format!("seat {s}"),
        points: (0..3).map(|i| (i as f64, 0.25, 0.23, 0.27)).collect(),
    };
    let lines: Vec<Line> = (0..4).map(seat).collect();
    let guide = Guide::line_and_band(0.25, (0.24, 0.26));
    let chart = panels(&lines, &[(1.0, "10".into())], Some(1.0), &guide, "win share").unwrap();
    assert_eq!(chart.svg.matches("<polygon").count(), 4, "one band per seat");
    for s in 0..4 {
        assert_eq!(labels(&chart.svg).iter().filter(|l| l.text == format!("seat {s}")).count(), 1);
    }
    assert_eq!(size(&chart.svg).1, 2 * 230, "two rows of two panels");
}

#[test]
fn a_chart_of_rows_wraps_its_words_onto_two_lines_at_most() {
    let long = "pick a number that brings your points pile to 10 cards: the round ends, +10 to the most cards";
    let lines = super::rows::wrapped(long);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].ends_with('…'), "the rest is cut: {lines:?}");
    assert_eq!(super::rows::wrapped("pick 12"), ["pick 12"]);
    let points = [Estimate { label: long.into(), value: 1.0, lo: 0.0, hi: 2.0 }];
    let chart = rows(&points, &Guide::line(0.0), "pp win share").unwrap();
    let texts = labels(&chart.svg);
    assert!(texts.iter().any(|l| l.text == lines[0] && l.anchor == "end"), "{texts:?}");
    // The labels end left of the plot, where the value axis starts.
    let plot_left = chart.y_map[0].1;
    assert!(texts.iter().filter(|l| l.text == lines[1]).all(|l| l.x < plot_left));
}
