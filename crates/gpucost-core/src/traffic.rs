//! Serving from traffic: a line described by the requests it must serve, not by a GPU count.
//!
//! A [`Load`] says how many requests per second arrive and when (all the time, in a window, or
//! as a weekly curve in percent of the peak, painted like the weekly GPU grid), how many one
//! GPU serves, the headroom kept above the load, the fewest GPUs kept running, and how long
//! GPUs stay after the load falls. The GPU count is derived here, hour by hour, and nowhere
//! stored: `ceil(load × (1 + headroom) ÷ per GPU)`, at least the minimum, started the
//! scenario's lead time before the load rises (the same lead a window line starts early by)
//! and kept the scale-in delay after it falls. The result is a list of [`Segment`]s, priced in
//! every billing mode like a painted line. This module knows nothing of prices or words.

use std::collections::BTreeMap;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::limits::{
    HEADROOM_PCT, LOAD_RPS, LOAD_SHAPE_PCT, MAX_GPUS, MIN_REPLICAS, RPS_PER_GPU, SCALE_IN_MINUTES,
};
use crate::schedule::{Segment, WeekGrid, WEEK_HOURS};

/// When a serving line's load arrives.
// A scenario has at most eight lines, so boxing the weekly curve would only add indirection
// (as for [`crate::scenario::Demand`]).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoadShape {
    /// The peak rate for the whole horizon.
    Always,
    /// The peak rate from `start_minute` for `minutes` (minutes from the start of the horizon).
    Window {
        /// Start, minutes from the start of the horizon.
        start_minute: u32,
        /// Length in minutes.
        minutes: u32,
    },
    /// Percent of the peak rate (0–100) in each hour of the week, Monday 00:00 first, in the
    /// schedule's time zone; repeated over the horizon like a weekly GPU grid.
    Weekly(WeekGrid),
}

impl LoadShape {
    /// A window's start (minutes from the start of the horizon) and length in minutes.
    pub fn window(&self) -> Option<(u32, u32)> {
        match *self {
            LoadShape::Window {
                start_minute,
                minutes,
            } => Some((start_minute, minutes)),
            _ => None,
        }
    }

    /// [`window`](Self::window), to edit in place.
    pub fn window_mut(&mut self) -> Option<(&mut u32, &mut u32)> {
        match self {
            LoadShape::Window {
                start_minute,
                minutes,
            } => Some((start_minute, minutes)),
            _ => None,
        }
    }

    /// The highest percent of the peak rate the shape reaches.
    fn top_pct(&self) -> u16 {
        match self {
            LoadShape::Always | LoadShape::Window { .. } => 100,
            LoadShape::Weekly(g) => g.peak(),
        }
    }
}

/// A serving line's load and the rules its fleet follows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Load {
    /// Peak requests per second.
    pub rps: Decimal,
    /// When the load arrives.
    pub shape: LoadShape,
    /// Requests per second one GPU serves (typed by the user: 100 per T4 in the cost guide).
    pub per_gpu: Decimal,
    /// Spare capacity kept above the load, percent.
    pub headroom_pct: Decimal,
    /// GPUs kept running whatever the load.
    pub min_gpus: u32,
    /// Minutes GPUs stay after the load that needed them falls.
    pub scale_in_minutes: u32,
}

/// The part of a [`Load`] that is out of its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoadField {
    /// The peak rate, outside [`LOAD_RPS`].
    Rate,
    /// Requests per GPU, outside [`RPS_PER_GPU`].
    PerGpu,
    /// Headroom, outside [`HEADROOM_PCT`].
    Headroom,
    /// Minimum GPUs, outside [`MIN_REPLICAS`].
    MinGpus,
    /// Scale-in delay, outside [`SCALE_IN_MINUTES`].
    ScaleIn,
    /// A window outside the horizon, or a weekly curve above 100 % or at 0 % every hour.
    Shape,
    /// The load needs more than [`MAX_GPUS`] GPUs at its peak.
    Fleet,
}

impl LoadField {
    /// The fields a form types a number into, in form order.
    pub const TYPED: [LoadField; 5] = [
        LoadField::Rate,
        LoadField::PerGpu,
        LoadField::Headroom,
        LoadField::MinGpus,
        LoadField::ScaleIn,
    ];

    /// Stable slug (form test ids).
    pub fn as_str(self) -> &'static str {
        match self {
            LoadField::Rate => "rate",
            LoadField::PerGpu => "per-gpu",
            LoadField::Headroom => "headroom",
            LoadField::MinGpus => "min-gpus",
            LoadField::ScaleIn => "scale-in",
            LoadField::Shape => "shape",
            LoadField::Fleet => "fleet",
        }
    }
}

impl Load {
    /// The number `field` holds, for a field a form types ([`LoadField::TYPED`]).
    pub fn value(&self, field: LoadField) -> Option<Decimal> {
        Some(match field {
            LoadField::Rate => self.rps,
            LoadField::PerGpu => self.per_gpu,
            LoadField::Headroom => self.headroom_pct,
            LoadField::MinGpus => Decimal::from(self.min_gpus),
            LoadField::ScaleIn => Decimal::from(self.scale_in_minutes),
            LoadField::Shape | LoadField::Fleet => return None,
        })
    }

    /// This load with `field` set to `value`, when the field takes a number of that kind
    /// (whole GPUs and minutes); its limits are [`Load::problems`]'.
    pub fn with(&self, field: LoadField, value: Decimal) -> Option<Load> {
        let whole = || value.fract().is_zero().then(|| value.to_u32()).flatten();
        let mut out = self.clone();
        match field {
            LoadField::Rate => out.rps = value,
            LoadField::PerGpu => out.per_gpu = value,
            LoadField::Headroom => out.headroom_pct = value,
            LoadField::MinGpus => out.min_gpus = whole()?,
            LoadField::ScaleIn => out.scale_in_minutes = whole()?,
            LoadField::Shape | LoadField::Fleet => return None,
        }
        Some(out)
    }

    /// A load of `rps` requests per second all the time, `per_gpu` per GPU, no headroom, no
    /// minimum, no scale-in delay.
    pub fn always(rps: Decimal, per_gpu: Decimal) -> Load {
        Load {
            rps,
            shape: LoadShape::Always,
            per_gpu,
            headroom_pct: Decimal::ZERO,
            min_gpus: 0,
            scale_in_minutes: 0,
        }
    }

    /// Every field out of its limits, for a horizon of `horizon_minutes`.
    pub fn problems(&self, horizon_minutes: u32) -> Vec<LoadField> {
        let mut out = Vec::new();
        if !LOAD_RPS.accepts(self.rps) {
            out.push(LoadField::Rate);
        }
        if !RPS_PER_GPU.accepts(self.per_gpu) {
            out.push(LoadField::PerGpu);
        }
        if !HEADROOM_PCT.accepts(self.headroom_pct) {
            out.push(LoadField::Headroom);
        }
        if !MIN_REPLICAS.contains(self.min_gpus) {
            out.push(LoadField::MinGpus);
        }
        if !SCALE_IN_MINUTES.contains(self.scale_in_minutes) {
            out.push(LoadField::ScaleIn);
        }
        let shape_ok = match &self.shape {
            LoadShape::Always => true,
            LoadShape::Window {
                start_minute,
                minutes,
            } => *minutes > 0 && *start_minute < horizon_minutes,
            LoadShape::Weekly(g) => g.peak() > 0 && LOAD_SHAPE_PCT.contains(g.peak()),
        };
        if !shape_ok {
            out.push(LoadField::Shape);
        }
        if out.is_empty() && self.peak_gpus() > MAX_GPUS {
            out.push(LoadField::Fleet);
        }
        out
    }

    /// GPUs that serve `rps` with the headroom: `ceil(rps × (1 + headroom) ÷ per GPU)`, not
    /// counting the minimum. Zero for no load or a capacity that is not positive.
    pub fn gpus_for(&self, rps: Decimal) -> u32 {
        if rps <= Decimal::ZERO || self.per_gpu <= Decimal::ZERO {
            return 0;
        }
        let with_room = Decimal::ONE_HUNDRED
            .checked_add(self.headroom_pct)
            .and_then(|p| rps.checked_mul(p))
            .map(|r| r / Decimal::ONE_HUNDRED);
        with_room
            .and_then(|r| r.checked_div(self.per_gpu))
            .and_then(|g| g.ceil().to_u32())
            .unwrap_or(u32::MAX)
    }

    /// The rate in an hour of the shape at `pct` percent of the peak.
    fn rps_at(&self, pct: u16) -> Decimal {
        self.rps * Decimal::from(pct) / Decimal::ONE_HUNDRED
    }

    /// The most GPUs the fleet runs at once: what the peak load needs, at least the minimum.
    pub fn peak_gpus(&self) -> u32 {
        self.gpus_for(self.rps_at(self.shape.top_pct()))
            .max(self.min_gpus)
    }

    /// The GPU count the load needs in each hour of the week, before the lead time and the
    /// scale-in delay (the minimum included): what a chart of demand against capacity draws.
    pub fn week_gpus(&self) -> Option<Vec<u32>> {
        match &self.shape {
            LoadShape::Weekly(g) => Some(
                g.0.iter()
                    .map(|&p| self.gpus_for(self.rps_at(p)).max(self.min_gpus))
                    .collect(),
            ),
            LoadShape::Always | LoadShape::Window { .. } => None,
        }
    }

    /// The GPUs running in each hour of a typical week of a weekly curve — the most at any
    /// minute of the hour, with the lead time and the scale-in delay — or `None` for a load
    /// that is not a weekly curve. Read from the middle of three weeks, so a Monday morning's
    /// lead reaches back into Sunday night and a Sunday night's delay into Monday, as they do
    /// on every week but the horizon's first and last.
    pub fn week_capacity(&self, lead_minutes: u32) -> Option<Vec<u32>> {
        if !matches!(self.shape, LoadShape::Weekly(_)) {
            return None;
        }
        let week = WEEK_HOURS as u32 * 60;
        let fleet = self.segments(0, 3 * week, lead_minutes);
        let running = |h: u32| {
            let (from, to) = (week + h * 60, week + (h + 1) * 60);
            fleet
                .iter()
                .filter(|s| s.start < to && s.end > from)
                .filter_map(|s| s.gpus.to_u32())
                .max()
                .unwrap_or(0)
                .max(self.min_gpus)
        };
        Some((0..WEEK_HOURS as u32).map(running).collect())
    }

    /// The derived fleet over a horizon of `horizon_minutes` that starts `week_offset_hours`
    /// into the week, each need started `lead_minutes` early and kept the scale-in delay
    /// longer, never below the minimum. Nothing before the horizon's start or after its end is
    /// counted (a need is clipped to the horizon, as a window line's is).
    pub fn segments(
        &self,
        week_offset_hours: usize,
        horizon_minutes: u32,
        lead_minutes: u32,
    ) -> Vec<Segment> {
        let need = |rps: Decimal| self.gpus_for(rps);
        let mut needs: Vec<(u32, u32, u32)> = Vec::new();
        match &self.shape {
            LoadShape::Always => needs.push((0, horizon_minutes, need(self.rps))),
            LoadShape::Window {
                start_minute,
                minutes,
            } => needs.push((
                *start_minute,
                start_minute.saturating_add(*minutes).min(horizon_minutes),
                need(self.rps),
            )),
            LoadShape::Weekly(grid) => {
                for h in 0..horizon_minutes.div_ceil(60) {
                    let pct = grid.0[(week_offset_hours + h as usize) % WEEK_HOURS];
                    let (start, end) = (h * 60, ((h + 1) * 60).min(horizon_minutes));
                    let gpus = need(self.rps_at(pct));
                    match needs.last_mut() {
                        Some(last) if last.1 == start && last.2 == gpus => last.1 = end,
                        _ => needs.push((start, end, gpus)),
                    }
                }
            }
        }
        fleet(
            &needs,
            self.min_gpus,
            lead_minutes,
            self.scale_in_minutes,
            horizon_minutes,
        )
    }
}

/// GPU-hours of `segments`.
pub fn gpu_hours(segments: &[Segment]) -> Decimal {
    segments
        .iter()
        .map(|seg| seg.gpus * Decimal::from(seg.minutes()))
        .sum::<Decimal>()
        / Decimal::from(60)
}

/// The fleet for `needs` (`(start, end, gpus)` minutes): at each minute the largest need
/// whose interval, started `lead` early and ended `delay` late, covers it, at least `min`;
/// clipped to `[0, horizon)`, equal neighbours merged, zero dropped.
fn fleet(needs: &[(u32, u32, u32)], min: u32, lead: u32, delay: u32, horizon: u32) -> Vec<Segment> {
    // (minute, opens, GPUs): at one minute, closings sort before openings.
    let mut events: Vec<(u32, bool, u32)> = Vec::new();
    for &(start, end, gpus) in needs {
        let (from, to) = (
            start.saturating_sub(lead),
            end.saturating_add(delay).min(horizon),
        );
        if gpus > min && from < to {
            events.push((from, true, gpus));
            events.push((to, false, gpus));
        }
    }
    events.sort_unstable();
    let mut open: BTreeMap<u32, u32> = BTreeMap::new();
    let mut out: Vec<Segment> = Vec::new();
    let mut push = |start: u32, end: u32, gpus: u32| {
        if start >= end || gpus == 0 {
            return;
        }
        let gpus = Decimal::from(gpus);
        match out.last_mut() {
            Some(s) if s.end == start && s.gpus == gpus => s.end = end,
            _ => out.push(Segment { start, end, gpus }),
        }
    };
    let mut at = 0u32;
    let mut i = 0usize;
    loop {
        let next = events.get(i).map_or(horizon, |e| e.0).min(horizon);
        let level = open.keys().next_back().copied().unwrap_or(0).max(min);
        push(at, next, level);
        if i >= events.len() {
            break;
        }
        at = next;
        while let Some(&(minute, opens, gpus)) = events.get(i) {
            if minute != at {
                break;
            }
            if opens {
                *open.entry(gpus).or_default() += 1;
            } else if let Some(n) = open.get_mut(&gpus) {
                *n -= 1;
                if *n == 0 {
                    open.remove(&gpus);
                }
            }
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    #[test]
    fn the_guides_5000_requests_need_50_t4s() {
        let load = Load::always(d(5000), d(100));
        assert_eq!(load.peak_gpus(), 50);
        assert_eq!(load.segments(0, 1440, 30), vec![Segment::new(0, 1440, 50)]);
        let room = Load {
            headroom_pct: d(20),
            ..load.clone()
        };
        assert_eq!(room.peak_gpus(), 60, "5,000 × 1.2 ÷ 100");
        assert_eq!(Load::always(d(501), d(100)).peak_gpus(), 6, "rounded up");
    }

    #[test]
    fn a_window_starts_the_lead_early_and_stays_the_scale_in_delay() {
        let load = Load {
            shape: LoadShape::Window {
                start_minute: 20 * 60,
                minutes: 120,
            },
            min_gpus: 2,
            scale_in_minutes: 15,
            ..Load::always(d(5000), d(100))
        };
        assert_eq!(
            load.segments(0, 1440, 30),
            vec![
                Segment::new(0, 1170, 2),
                Segment::new(1170, 1335, 50),
                Segment::new(1335, 1440, 2)
            ]
        );
        // Clipped to the horizon at both ends.
        assert_eq!(
            load.segments(0, 1300, 30).last(),
            Some(&Segment::new(1170, 1300, 50))
        );
    }

    #[test]
    fn a_weekly_curve_takes_the_largest_need_that_covers_each_minute() {
        // 100 % of 1,000 requests/s from 09:00 to 11:00, 50 % from 11:00 to 12:00, then nothing.
        let mut grid = WeekGrid::default();
        grid.paint(&[9, 10], 100);
        grid.paint(&[11], 50);
        let load = Load {
            shape: LoadShape::Weekly(grid),
            scale_in_minutes: 90,
            ..Load::always(d(1000), d(100))
        };
        assert_eq!(
            load.segments(0, 24 * 60, 60),
            vec![
                Segment::new(8 * 60, 12 * 60 + 30, 10),
                Segment::new(12 * 60 + 30, 13 * 60 + 30, 5)
            ]
        );
        assert_eq!(load.week_gpus().map(|w| w[11]), Some(5));
        assert_eq!(load.peak_gpus(), 10);
    }

    #[test]
    fn hostile_loads_are_refused_by_field_and_never_panic() {
        let bad = Load {
            rps: d(-1),
            shape: LoadShape::Window {
                start_minute: 5000,
                minutes: 0,
            },
            per_gpu: Decimal::ZERO,
            headroom_pct: d(1000),
            min_gpus: u32::MAX,
            scale_in_minutes: u32::MAX,
        };
        assert_eq!(
            bad.problems(1440),
            vec![
                LoadField::Rate,
                LoadField::PerGpu,
                LoadField::Headroom,
                LoadField::MinGpus,
                LoadField::ScaleIn,
                LoadField::Shape
            ]
        );
        let _ = bad.segments(0, 1440, u32::MAX);
        let huge = Load {
            headroom_pct: d(300),
            ..Load::always(d(1_000_000), Decimal::new(1, 3))
        };
        assert_eq!(huge.problems(1440), vec![LoadField::Fleet]);
        assert_eq!(
            Load::always(Decimal::MAX, Decimal::new(1, 28)).gpus_for(Decimal::MAX),
            u32::MAX
        );
        let empty = Load {
            shape: LoadShape::Weekly(WeekGrid::default()),
            ..Load::always(d(1), d(1))
        };
        assert_eq!(empty.problems(1440), vec![LoadField::Shape]);
    }

    #[test]
    fn a_weeks_capacity_covers_its_need_with_the_lead_and_delay_wrapping_the_week() {
        let mut curve = WeekGrid::default();
        curve.paint(&(9..17).collect::<Vec<_>>(), 100); // Monday 09:00–17:00
        curve.paint(&[0], 50); // Monday 00:00, half the peak
        let load = Load {
            shape: LoadShape::Weekly(curve),
            scale_in_minutes: 90,
            min_gpus: 1,
            ..Load::always(d(1000), d(100))
        };
        let needed = load.week_gpus().unwrap();
        let running = load.week_capacity(30).unwrap();
        assert_eq!((needed.len(), running.len()), (WEEK_HOURS, WEEK_HOURS));
        assert_eq!(
            (needed[0], needed[9], needed[16], needed[17]),
            (5, 10, 10, 1)
        );
        assert!(needed.iter().zip(&running).all(|(n, r)| r >= n));
        assert_eq!(running[8], 10, "scaled out 30 minutes before 09:00");
        assert_eq!(
            (running[17], running[18], running[19]),
            (10, 10, 1),
            "kept 90 minutes"
        );
        assert_eq!(
            running[167], 5,
            "Monday 00:00's lead starts on Sunday night"
        );
        assert_eq!(running[1], 5, "and its delay runs past 01:00");
        assert_eq!(running[100], 1, "the minimum otherwise");
        assert_eq!(load.peak_gpus(), 10);
        assert_eq!(Load::always(d(1000), d(100)).week_capacity(30), None);
    }
}
