//! The week charts, on one frame of hours across and GPUs up: a serving line's week (GPUs
//! its load needs and GPUs running, with a fleet sized for the peak as a dashed line — what
//! autoscaling saves is the area between the dashed line and the running steps), and a shared
//! pool's first week (each team's demand stacked, the pool's size on top, and what renting
//! apart sizes for dashed — what pooling saves is the room between them).

use std::fmt::Write;

use gpucost_core::format::Lang;
use gpucost_core::l10n::ui;
use gpucost_core::schedule::WEEK_HOURS;
use gpucost_core::view::charts::{PoolWeek, ServingWeek};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::markup::escape;
use super::WIDTH;

/// Plot area of the week chart: left, top, right, bottom.
const AREA: (f64, f64, f64, f64) = (44.0, 10.0, WIDTH - 10.0, 150.0);
/// Total height of the week chart.
pub const WEEK_HEIGHT: f64 = 172.0;
/// Team bands get these many distinct fills, then repeat.
const TEAM_FILLS: usize = 6;

/// Where hours and GPU counts land on a week chart of `hours` hours up to `top` GPUs.
struct Frame {
    top: u32,
    hours: usize,
}

impl Frame {
    fn x(&self, hour: usize) -> f64 {
        let (left, _, right, _) = AREA;
        left + (right - left) * hour as f64 / self.hours.max(1) as f64
    }

    fn y(&self, gpus: f64) -> f64 {
        let (_, top, _, bottom) = AREA;
        bottom - (bottom - top) * gpus / f64::from(self.top.max(1))
    }

    /// The axes, the GPU ticks at half and all of `top`, and each day's name under its
    /// middle, the first day being `weekday(0)`.
    fn axes(&self, weekday: impl Fn(usize) -> usize, lang: Lang) -> String {
        let (left, top, right, bottom) = AREA;
        let mut s = String::with_capacity(8192);
        // Writing to a String cannot fail.
        let _ = write!(
            s,
            r#"<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="axis"/><line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>"#
        );
        for count in [self.top / 2, self.top] {
            let _ = write!(
                s,
                r#"<g><line x1="{left}" y1="{yc}" x2="{right}" y2="{yc}" class="grid-line"/><text x="{}" y="{}" text-anchor="end" class="tick">{count}</text></g>"#,
                left - 6.0,
                self.y(f64::from(count)) + 4.0,
                yc = self.y(f64::from(count)),
            );
        }
        for day in (0..self.hours.div_ceil(24)).filter(|d| d * 24 + 12 <= self.hours) {
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle" class="tick">{}</text>"#,
                self.x(day * 24 + 12),
                bottom + 16.0,
                escape(ui::weekday(weekday(day), lang))
            );
        }
        s
    }

    /// A step path through `counts`, one level per hour.
    fn steps(&self, counts: &[f64]) -> String {
        steps(counts, |h| self.x(h), |g| self.y(g))
    }

    /// The same steps from the last hour back to the first, continuing a path.
    fn steps_back(&self, counts: &[f64]) -> String {
        let mut d = String::with_capacity(counts.len() * 24);
        for (hour, &gpus) in counts.iter().enumerate().rev() {
            let y = self.y(gpus);
            let _ = write!(
                d,
                " L{:.1},{y:.1} L{:.1},{y:.1}",
                self.x(hour + 1),
                self.x(hour)
            );
        }
        d
    }

    /// A dashed line across the chart at `gpus`.
    fn dashed(&self, gpus: f64, class: &str) -> String {
        let (left, _, right, _) = AREA;
        format!(
            r#"<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" class="{class}"/>"#,
            y = self.y(gpus)
        )
    }
}

/// The inside of a serving week's `<svg>`: axes, the day ticks, the GPU ticks, the needed
/// area, the running steps and the peak-sized line.
pub fn week_svg(w: &ServingWeek, lang: Lang) -> String {
    let (left, _, right, bottom) = AREA;
    let frame = Frame {
        top: w.peak.max(1),
        hours: WEEK_HOURS,
    };
    let counts = |v: &[u32]| v.iter().map(|&g| f64::from(g)).collect::<Vec<_>>();
    let mut s = frame.axes(|day| day, lang);
    let _ = write!(
        s,
        r#"<path d="{} L{right},{bottom} L{left},{bottom} Z" class="needed"/><path d="{}" class="running"/>{}"#,
        frame.steps(&counts(&w.needed)),
        frame.steps(&counts(&w.running)),
        frame.dashed(f64::from(w.peak), "peak-sized"),
    );
    s
}

/// GPUs as a coordinate (lossy: a chart needs no more than a pixel's precision).
fn lossy(gpus: &[Decimal]) -> Vec<f64> {
    gpus.iter().map(|g| g.to_f64().unwrap_or(0.0)).collect()
}

/// The inside of a shared pool's week `<svg>`: axes, the day and GPU ticks, each team's band
/// (class `team team-K`, K its position modulo [`TEAM_FILLS`]), the pool's steps on top and the
/// apart-sized line, with the summary as the chart's description.
pub fn pool_svg(w: &PoolWeek, lang: Lang) -> String {
    let frame = Frame {
        top: w.top(),
        hours: w.hours(),
    };
    let mut s = format!("<desc>{}</desc>", escape(&ui::pool_week_summary(w, lang)));
    s.push_str(&frame.axes(|day| w.weekday(day), lang));
    for (k, band) in w.teams.iter().enumerate() {
        let _ = write!(
            s,
            r#"<path d="{}{} Z" class="team team-{}"/>"#,
            frame.steps(&lossy(&band.top)),
            frame.steps_back(&lossy(&band.bottom)),
            k % TEAM_FILLS
        );
    }
    let _ = write!(
        s,
        r#"<path d="{}" class="running pool-size"/>{}"#,
        frame.steps(&lossy(&w.combined)),
        frame.dashed(w.peaks_added.to_f64().unwrap_or(0.0), "peak-sized apart"),
    );
    s
}

/// The legend class of team `k`'s band.
pub fn team_class(k: usize) -> String {
    format!("swatch team team-{}", k % TEAM_FILLS)
}

/// A step path through `counts`, one level per hour.
fn steps(counts: &[f64], x: impl Fn(usize) -> f64, y: impl Fn(f64) -> f64) -> String {
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
        let d = steps(&[1.0, 2.0], |h| h as f64, |g| g);
        assert_eq!(d, "M0.0,1.0 L1.0,1.0 L1.0,2.0 L2.0,2.0");
    }

    fn pool() -> PoolWeek {
        let d = Decimal::from;
        // Two days: team a 4 GPUs by day, team b 3 by night.
        let a: Vec<Decimal> = (0..48)
            .map(|h| d(if (8..20).contains(&(h % 24)) { 4 } else { 0 }))
            .collect();
        let b: Vec<Decimal> = (0..48)
            .map(|h| d(if (8..20).contains(&(h % 24)) { 0 } else { 3 }))
            .collect();
        let together: Vec<Decimal> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        PoolWeek {
            gpu: "NVIDIA T4".into(),
            first_hour: 24 * 6,
            teams: vec![
                gpucost_core::view::charts::TeamBand {
                    team: "<b>a</b>".into(),
                    bottom: vec![d(0); 48],
                    top: a.clone(),
                },
                gpucost_core::view::charts::TeamBand {
                    team: "b".into(),
                    bottom: a,
                    top: together.clone(),
                },
            ],
            combined: together,
            peak: d(4),
            peaks_added: d(7),
        }
    }

    #[test]
    fn a_pools_week_stacks_its_teams_under_the_pool_and_marks_renting_apart() {
        let svg = pool_svg(&pool(), Lang::En);
        assert!(svg.contains(r#"class="team team-0""#) && svg.contains(r#"class="team team-1""#));
        assert!(svg.contains(r#"class="running pool-size""#));
        assert!(svg.contains(r#"class="peak-sized apart""#));
        // Apart sizes for 7, the top of the chart.
        assert!(svg.contains(&format!(r#"y1="{}" x2"#, AREA.1)));
        // The horizon starts on a Sunday: two days, Sunday then Monday.
        assert!(svg.contains(">Sun<") && svg.contains(">Mon<") && !svg.contains(">Tue<"));
        // Hours across the two days drawn, not the week: hour 24 is the middle.
        let mid = (AREA.0 + AREA.2) / 2.0;
        assert!(svg.contains(&format!("M{mid:.1},")) || svg.contains(&format!("L{mid:.1},")));
        // The description names the teams as text, never markup.
        assert!(svg.contains("<desc>Stacked hour by hour: &lt;b&gt;a&lt;/b&gt;, b."));
        assert!(!svg.contains("<b>"));
        assert!(pool_svg(&pool(), Lang::Zh).contains(">周日<"));
        assert_eq!(team_class(7), "swatch team team-1");
    }

    #[test]
    fn a_band_is_closed_along_the_band_below() {
        let f = Frame { top: 4, hours: 2 };
        assert_eq!(
            f.steps_back(&[0.0, 2.0]),
            format!(
                " L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}",
                f.x(2),
                f.y(2.0),
                f.x(1),
                f.y(2.0),
                f.x(1),
                f.y(0.0),
                f.x(0),
                f.y(0.0)
            )
        );
    }
}
