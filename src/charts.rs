//! Chart geometry, computed in plain Rust (tested natively) and drawn as SVG by components:
//! horizontal cost bars per provider, cumulative-cost lines with their crossing points, a
//! serving fleet's week and a shared pool's week.

use std::fmt::Write;

use gpucost_core::billing_mode::ModeClass;
use gpucost_core::format::Lang;
use gpucost_core::l10n::{labels, ui};
use gpucost_core::money::{nearest_f64, Money};
use gpucost_core::report::Series;
use gpucost_core::view::charts::overtakes;

mod markup;
mod week;
pub use markup::{bars_svg, cumulative_svg, legend_items};
pub use week::{pool_svg, team_class, week_svg, WEEK_HEIGHT};

/// Width of every chart's coordinate system (the SVG scales to its container).
pub const WIDTH: f64 = 640.0;

/// One bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Label left of the bar.
    pub label: String,
    /// Value printed after the bar.
    pub value: String,
    /// Top edge.
    pub y: f64,
    /// Length.
    pub width: f64,
    /// The cheapest bar.
    pub best: bool,
}

/// A horizontal bar chart.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    /// Bars, top to bottom.
    pub bars: Vec<Bar>,
    /// Total height.
    pub height: f64,
    /// X where bars start (after labels).
    pub x0: f64,
    /// Bar thickness.
    pub bar_height: f64,
}

/// Bars for `(label, value, value text)` rows, longest value = full width.
pub fn bar_chart(rows: &[(String, f64, String)]) -> BarChart {
    let x0 = 190.0;
    let bar_height = 18.0;
    let gap = 8.0;
    let max = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    let span = WIDTH - x0 - 110.0;
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, (label, value, text))| Bar {
            label: label.chars().take(28).collect(),
            value: text.clone(),
            y: 8.0 + i as f64 * (bar_height + gap),
            width: if max > 0.0 {
                (value / max * span).max(1.0)
            } else {
                1.0
            },
            best: i == 0,
        })
        .collect::<Vec<_>>();
    BarChart {
        height: 16.0 + bars.len() as f64 * (bar_height + gap),
        bars,
        x0,
        bar_height,
    }
}

/// One cumulative-cost line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Billing class, for the style.
    pub class: ModeClass,
    /// SVG path data.
    pub d: String,
    /// Legend text: class, seller and final total.
    pub label: String,
}

/// A point where the cheapest line changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    /// Position.
    pub x: f64,
    /// Position.
    pub y: f64,
    /// e.g. "break-even at 312 h".
    pub label: String,
}

/// A cumulative-cost chart.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    /// Lines.
    pub lines: Vec<Line>,
    /// X-axis ticks `(x, label)`.
    pub x_ticks: Vec<(f64, String)>,
    /// Y-axis ticks `(y, label)`.
    pub y_ticks: Vec<(f64, String)>,
    /// Where one way of paying overtakes another.
    pub crossings: Vec<Crossing>,
    /// Plot area: left, top, right, bottom.
    pub area: (f64, f64, f64, f64),
    /// Total height.
    pub height: f64,
}

/// The CSS classes of a way of paying's line.
pub fn line_class(c: ModeClass) -> &'static str {
    match c {
        ModeClass::OnDemand => "line on-demand",
        ModeClass::Spot => "line spot",
        ModeClass::Committed => "line committed",
        ModeClass::Subscription => "line subscription",
    }
}

/// Cumulative cost lines for `series`.
pub fn cumulative_chart(series: &[Series], lang: Lang) -> Option<LineChart> {
    let first = series.first()?;
    let horizon = nearest_f64(first.points.last()?.0).max(1.0);
    // A one-off job that commits to a year dwarfs everything else: cap the scale at 2.5× the
    // cheapest final total and say which lines run past it.
    let finals: Vec<f64> = series
        .iter()
        .map(|s| s.points.last().map(|p| p.1.to_f64_lossy()).unwrap_or(0.0))
        .collect();
    let cheapest = finals.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1.to_f64_lossy()))
        .fold(0.0, f64::max);
    let max = nice_ceiling(highest.min(cheapest * 2.5).max(1.0));
    let (left, top, right, bottom) = (80.0, 10.0, WIDTH - 10.0, 210.0);
    let sx = |h: f64| left + h / horizon * (right - left);
    let sy = |v: f64| bottom - v.min(max) / max * (bottom - top);
    let hours = |p: &(rust_decimal::Decimal, Money)| nearest_f64(p.0);
    let lines = series
        .iter()
        .map(|s| {
            let screen: Vec<(f64, f64)> = s
                .points
                .iter()
                .map(|p| (sx(hours(p)), sy(p.1.to_f64_lossy())))
                .collect();
            let d = path_data(&corners(&screen));
            let beyond = s.points.last().is_some_and(|p| p.1.to_f64_lossy() > max);
            let off_scale = if beyond { ui::beyond_scale(lang) } else { "" };
            Line {
                class: s.class,
                d,
                label: format!("{}{off_scale}", s.legend(lang)),
            }
        })
        .collect();
    // Where a way of paying overtakes on-demand for good: the engine decides from the data,
    // so the mark never claims a break-even that the lines do not show.
    let crossings = series
        .iter()
        .find(|s| s.class == ModeClass::OnDemand)
        .map(|od| {
            overtakes(series)
                .into_iter()
                .filter_map(|o| {
                    let p = od.points.get(o.point)?;
                    let h = hours(p);
                    Some(Crossing {
                        x: sx(h),
                        y: sy(p.1.to_f64_lossy()),
                        label: ui::cheaper_after(labels::class(o.class, lang), h, lang),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let x_ticks = (0..=4)
        .map(|i| {
            let h = horizon * i as f64 / 4.0;
            (sx(h), format!("{} h", h.round()))
        })
        .collect();
    let currency = first.points.last()?.1.currency;
    let y_ticks = (0..=4)
        .map(|i| {
            let v = max * i as f64 / 4.0;
            (sy(v), format!("{}{}", currency.symbol(), compact(v)))
        })
        .collect();
    Some(LineChart {
        lines,
        x_ticks,
        y_ticks,
        crossings,
        area: (left, top, right, bottom),
        height: bottom + 30.0,
    })
}

/// How far (in the chart's units, about pixels) a point may lie above or below the straight
/// segment drawn past it and still be left out of a path: half the path's printed precision
/// (0.1), so a left-out point could not have been drawn anywhere else.
const STRAIGHT: f64 = 0.05;

/// The points of `points` (left to right) where the line bends: the first, the last, and the
/// points a straight segment cannot pass within [`STRAIGHT`] of every point it skips.
///
/// A cumulative cost rises in straight runs (an hour of the same GPUs costs what the hour
/// before did), and the engine gives up to 200 points per line: drawing only the corners draws
/// the same line with a fraction of the markup to write and parse on every edit. One pass:
/// from the last corner, the slopes that stay within reach of every point passed so far narrow
/// to a range, and a point whose own slope falls outside it ends the run at the point before.
fn corners(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let Some(&first) = points.first() else {
        return Vec::new();
    };
    let mut kept = vec![first];
    let (mut anchor, mut at) = (first, 0);
    let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
    for (j, &p) in points.iter().enumerate().skip(1) {
        let dx = p.0 - anchor.0;
        if !(dx > 0.0 && (low..=high).contains(&((p.1 - anchor.1) / dx))) {
            // The run ends at the point before, unless that is the corner itself (a point
            // not to the right of it): then this point is a corner of its own.
            let corner = if j - 1 == at { j } else { j - 1 };
            kept.push(points[corner]);
            (anchor, at) = (points[corner], corner);
            (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
            if corner == j {
                continue;
            }
        }
        let dx = p.0 - anchor.0;
        low = low.max((p.1 - STRAIGHT - anchor.1) / dx);
        high = high.min((p.1 + STRAIGHT - anchor.1) / dx);
    }
    if at + 1 < points.len() {
        kept.push(points[points.len() - 1]);
    }
    kept
}

/// SVG path data through `points`, at a tenth of a unit.
fn path_data(points: &[(f64, f64)]) -> String {
    let mut d = String::with_capacity(14 * points.len());
    for (i, (x, y)) in points.iter().enumerate() {
        if i > 0 {
            d.push(' ');
        }
        // Writing to a String cannot fail.
        let _ = write!(d, "{}{x:.1},{y:.1}", if i == 0 { 'M' } else { 'L' });
    }
    d
}

/// The smallest "round" axis maximum at or above `v` whose quarters are round too: four steps
/// of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten (so ticks read ¥5k, ¥10k, not
/// ¥4.8k, ¥9.7k).
fn nice_ceiling(v: f64) -> f64 {
    let step = v / 4.0;
    let magnitude = 10f64.powf(step.log10().floor());
    let nice = [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= step * (1.0 - 1e-9))
        .unwrap_or(10.0 * magnitude);
    nice * 4.0
}

/// Short axis numbers: 950, 1.2k, 5k, 48k, 1.2M (no ".0" on a round tick: ¥5k, not ¥5.0k).
fn compact(v: f64) -> String {
    let short = |x: f64, unit: &str| {
        let tenths = format!("{x:.1}");
        let whole = tenths.strip_suffix(".0").unwrap_or(&tenths);
        format!("{whole}{unit}")
    };
    if v >= 1e6 {
        short(v / 1e6, "M")
    } else if v >= 1e4 {
        format!("{:.0}k", v / 1e3)
    } else if v >= 1e3 {
        short(v / 1e3, "k")
    } else {
        format!("{v:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpucost_core::money::Currency;
    use rust_decimal::Decimal;

    fn series(class: ModeClass, points: &[(i64, i64)]) -> Series {
        Series {
            class,
            seller: "X".into(),
            seller_zh: "X".into(),
            commitments: Vec::new(),
            points: points
                .iter()
                .map(|(h, v)| {
                    (
                        Decimal::from(*h),
                        Money::new(Decimal::from(*v), Currency::Usd),
                    )
                })
                .collect(),
        }
    }

    /// Where the polyline through `corners` is at `x` (they are left to right).
    fn polyline_at(corners: &[(f64, f64)], x: f64) -> f64 {
        let i = corners
            .windows(2)
            .position(|w| x <= w[1].0)
            .expect("x within the line");
        let (a, b) = (corners[i], corners[i + 1]);
        a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0)
    }

    #[test]
    fn a_straight_run_is_drawn_from_end_to_end() {
        let line: Vec<_> = (0..=200)
            .map(|i| (i as f64 * 2.75, 210.0 - i as f64 * 0.7))
            .collect();
        assert_eq!(corners(&line), vec![line[0], line[200]]);
        assert_eq!(corners(&line[..1]), vec![line[0]]);
        assert_eq!(corners(&[]), vec![]);
    }

    #[test]
    fn a_line_keeps_its_bends() {
        // Flat for 10 points, then rising: the bend at the tenth point is kept.
        let line: Vec<_> = (0..=30)
            .map(|i| {
                (
                    i as f64 * 10.0,
                    if i <= 10 {
                        200.0
                    } else {
                        200.0 - (i - 10) as f64 * 5.0
                    },
                )
            })
            .collect();
        assert_eq!(corners(&line), vec![line[0], line[10], line[30]]);
    }

    #[test]
    fn every_point_left_out_lies_on_the_line_drawn() {
        // Curves that bend a little at every point, and steps: the drawn line passes within
        // the tolerance of every point, and keeps the first and the last.
        let curves: [fn(f64) -> f64; 4] = [
            |x| 0.002 * x * x,
            |x| 40.0 * (x / 37.0).sin(),
            |x| {
                if (x as i64 / 50) % 2 == 0 {
                    x * 0.3
                } else {
                    15.0
                }
            },
            |x| (x * 0.013).exp(),
        ];
        for f in curves {
            let line: Vec<_> = (0..=200)
                .map(|i| (i as f64 * 3.1, f(i as f64 * 3.1)))
                .collect();
            let kept = corners(&line);
            assert_eq!((kept[0], *kept.last().unwrap()), (line[0], line[200]));
            assert!(kept.len() < line.len());
            for p in &line {
                let off = (polyline_at(&kept, p.0) - p.1).abs();
                assert!(off <= STRAIGHT + 1e-9, "{p:?} is {off} off the line");
            }
        }
    }

    #[test]
    fn bars_scale_to_the_largest_value() {
        let c = bar_chart(&[
            ("a".into(), 50.0, "$50".into()),
            ("b".into(), 100.0, "$100".into()),
        ]);
        assert!(c.bars[0].best && !c.bars[1].best);
        assert!((c.bars[1].width - 2.0 * c.bars[0].width).abs() < 1e-6);
    }

    #[test]
    fn the_break_even_point_is_marked() {
        let hourly = series(
            ModeClass::OnDemand,
            &[(0, 0), (100, 100), (200, 200), (300, 300)],
        );
        let monthly = series(
            ModeClass::Subscription,
            &[(0, 150), (100, 150), (200, 150), (300, 150)],
        );
        let chart = cumulative_chart(&[hourly, monthly], Lang::En).unwrap();
        assert_eq!(chart.lines.len(), 2);
        assert_eq!(chart.crossings.len(), 1);
        assert!(
            chart.crossings[0].label.contains("200 h"),
            "{}",
            chart.crossings[0].label
        );
        assert_eq!(compact(48_384.0), "48k");
    }

    #[test]
    fn a_line_far_above_the_others_is_capped_and_labelled() {
        let hourly = series(ModeClass::OnDemand, &[(0, 0), (72, 100)]);
        let reserved = series(ModeClass::Committed, &[(0, 10_000), (72, 10_000)]);
        let chart = cumulative_chart(&[hourly, reserved], Lang::En).unwrap();
        assert!(chart.lines[1].label.ends_with("(beyond the scale)"));
        assert_eq!(chart.y_ticks.last().unwrap().1, "$320");
    }

    #[test]
    fn axis_maxima_are_round_and_so_are_their_quarters() {
        for (v, max) in [
            (19_341.0, 20_000.0),
            (16_330.0, 20_000.0),
            (250.0, 320.0),
            (1.0, 1.0),
            (9.0, 10.0),
            (7_783.0, 8_000.0),
            (48_384.0, 60_000.0),
            (100.0, 100.0),
        ] {
            assert_eq!(nice_ceiling(v), max, "{v}");
        }
        assert_eq!(compact(20_000.0 / 4.0), "5k");
        assert_eq!(compact(7_500.0), "7.5k");
        assert_eq!(compact(2_000_000.0), "2M");
    }

    // On the dev/test preset the chart said "Reserved cheaper after ~16 h" while the reserved
    // line stayed above on-demand for all 730 h (issue 28).
    #[test]
    fn a_line_that_crosses_briefly_and_ends_dearer_gets_no_mark() {
        let hourly = series(
            ModeClass::OnDemand,
            &[(0, 0), (16, 60), (100, 60), (730, 16_330)],
        );
        let reserved = series(
            ModeClass::Committed,
            &[(0, 0), (16, 40), (100, 300), (730, 19_341)],
        );
        let chart = cumulative_chart(&[hourly, reserved], Lang::En).unwrap();
        assert_eq!(chart.crossings, vec![]);
    }
}
