//! The serving week chart: GPUs a load needs and GPUs running, hour by hour over a week, with
//! a fleet sized for the peak as a dashed line — what autoscaling saves is the area between
//! the dashed line and the running steps.

use std::fmt::Write;

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui;
use gpucost_core::schedule::WEEK_HOURS;
use gpucost_core::view::charts::ServingWeek;

use super::markup::escape;
use super::WIDTH;

/// Plot area of the week chart: left, top, right, bottom.
const AREA: (f64, f64, f64, f64) = (44.0, 10.0, WIDTH - 10.0, 150.0);
/// Total height of the week chart.
pub const WEEK_HEIGHT: f64 = 172.0;

/// The inside of a serving week's `<svg>`: axes, the day ticks, the GPU ticks, the needed
/// area, the running steps and the peak-sized line.
pub fn week_svg(w: &ServingWeek, lang: Lang) -> String {
    let (left, top, right, bottom) = AREA;
    let top_count = w.peak.max(1);
    let x = |hour: usize| left + (right - left) * hour as f64 / WEEK_HOURS as f64;
    let y = |gpus: u32| bottom - (bottom - top) * f64::from(gpus) / f64::from(top_count);
    let mut s = String::with_capacity(8192);
    // Writing to a String cannot fail.
    let _ = write!(
        s,
        r#"<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="axis"/><line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>"#
    );
    for count in [top_count / 2, top_count] {
        let _ = write!(
            s,
            r#"<g><line x1="{left}" y1="{yc}" x2="{right}" y2="{yc}" class="grid-line"/><text x="{}" y="{}" text-anchor="end" class="tick">{count}</text></g>"#,
            left - 6.0,
            y(count) + 4.0,
            yc = y(count),
        );
    }
    for day in 0..7 {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" class="tick">{}</text>"#,
            x(day * 24 + 12),
            bottom + 16.0,
            escape(ui::weekday(day, lang))
        );
    }
    let _ = write!(
        s,
        r#"<path d="{} L{right},{bottom} L{left},{bottom} Z" class="needed"/><path d="{}" class="running"/><line x1="{left}" y1="{py}" x2="{right}" y2="{py}" class="peak-sized"/>"#,
        steps(&w.needed, x, y),
        steps(&w.running, x, y),
        py = y(w.peak),
    );
    s
}

/// A step path through `counts`, one level per hour.
fn steps(counts: &[u32], x: impl Fn(usize) -> f64, y: impl Fn(u32) -> f64) -> String {
    let mut d = String::with_capacity(counts.len() * 24);
    for (hour, &gpus) in counts.iter().enumerate() {
        let command = if hour == 0 { 'M' } else { 'L' };
        let _ = write!(
            d,
            "{command}{:.1},{:.1} L{:.1},{:.1} ",
            x(hour),
            y(gpus),
            x(hour + 1),
            y(gpus)
        );
    }
    d.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn week() -> ServingWeek {
        let mut needed = vec![0; WEEK_HOURS];
        needed[9] = 10;
        let mut running = needed.clone();
        running[8] = 10;
        ServingWeek {
            line: 2,
            gpu: "NVIDIA T4".into(),
            needed,
            running,
            peak: 10,
        }
    }

    #[test]
    fn the_peak_sized_fleet_is_the_top_of_the_chart_and_the_steps_follow_the_hours() {
        let svg = week_svg(&week(), Lang::En);
        assert!(svg.contains(r#"class="peak-sized""#));
        assert!(
            svg.contains(&format!(r#"y1="{}" x2"#, AREA.1)),
            "peak at the top"
        );
        assert!(svg.contains(">Mon<") && svg.contains(">Sun<"));
        // Hour 8 is at 10 GPUs on the running path, at 0 on the needed one.
        let x8 = AREA.0 + (AREA.2 - AREA.0) * 8.0 / 168.0;
        assert!(svg.contains(&format!("L{x8:.1},{:.1}", AREA.1)));
        assert!(week_svg(&week(), Lang::Zh).contains(">周一<"));
    }

    #[test]
    fn steps_draw_one_level_per_hour() {
        let d = steps(&[1, 2], |h| h as f64, f64::from);
        assert_eq!(d, "M0.0,1.0 L1.0,1.0 L1.0,2.0 L2.0,2.0");
    }
}
