//! Demand over time: weekly grids, windows, and the per-instance running sessions they imply.
//!
//! Time is counted in whole minutes from the start of the horizon. A line's demand becomes a
//! list of [`Segment`]s (a GPU count over an interval); for a given instance size that becomes
//! an instance count over time, whose level sets are the running sessions of each instance
//! (instance 1 runs whenever at least one is needed, instance 2 whenever two are, …). Billing
//! rounds each session, so sessions — not just hours — are what this module produces.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

/// Hours in a week.
pub const WEEK_HOURS: usize = 168;

/// GPU count for each hour of a week, Monday 00:00 first, in the schedule's time zone.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WeekGrid(pub [u16; WEEK_HOURS]);

impl Default for WeekGrid {
    fn default() -> Self {
        WeekGrid([0; WEEK_HOURS])
    }
}

impl WeekGrid {
    /// A grid with `count` GPUs from `start_hour` for `hours` hours on each day in `days`
    /// (0 = Monday); a block may run past midnight into the next day.
    pub fn daily_block(days: &[usize], start_hour: usize, hours: usize, count: u16) -> WeekGrid {
        let mut grid = WeekGrid::default();
        grid.paint_daily(days, start_hour, hours, count);
        grid
    }

    /// Sets `count` on a daily block (see [`WeekGrid::daily_block`]).
    pub fn paint_daily(&mut self, days: &[usize], start_hour: usize, hours: usize, count: u16) {
        for &day in days {
            for h in 0..hours {
                self.0[(day * 24 + start_hour + h) % WEEK_HOURS] = count;
            }
        }
    }

    /// The most GPUs one hour holds: the link's limit for a painted week, and the brush's.
    pub const MAX_COUNT: u16 = if crate::limits::MAX_GPUS > u16::MAX as u32 {
        u16::MAX
    } else {
        crate::limits::MAX_GPUS as u16
    };

    /// The count a click paints, read from the brush field's text: a whole number, at most
    /// `max` ([`MAX_COUNT`](Self::MAX_COUNT) GPUs, or 100 for a load curve's percent); `None`
    /// (the brush stays) for anything else.
    pub fn parse_brush(text: &str, max: u16) -> Option<u16> {
        text.trim()
            .parse::<u32>()
            .ok()
            .map(|n| n.min(u32::from(max)) as u16)
    }

    /// The brush an editor starts with: the week's peak, or one GPU for an empty week.
    pub fn first_brush(&self) -> u16 {
        self.peak().max(1)
    }

    /// The largest count in the week.
    pub fn peak(&self) -> u16 {
        self.0.iter().copied().max().unwrap_or(0)
    }

    /// GPU-hours in one week.
    pub fn gpu_hours_per_week(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// Sets `count` on each hour of `hours` (hours past the week are ignored); whether any
    /// hour changed, so a caller can skip an edit that changes nothing.
    pub fn paint(&mut self, hours: &[usize], count: u16) -> bool {
        let mut changed = false;
        for &h in hours {
            if let Some(cell) = self.0.get_mut(h) {
                changed |= *cell != count;
                *cell = count;
            }
        }
        changed
    }

    /// Run-length text: `COUNTxHOURS` runs joined by `_` (`0x8_2x8_0x8`), covering 168 hours.
    pub fn to_rle(&self) -> String {
        let mut runs: Vec<(u16, usize)> = Vec::new();
        for &c in &self.0 {
            match runs.last_mut() {
                Some((v, n)) if *v == c => *n += 1,
                _ => runs.push((c, 1)),
            }
        }
        runs.iter()
            .map(|(v, n)| format!("{v}x{n}"))
            .collect::<Vec<_>>()
            .join("_")
    }

    /// Parses [`WeekGrid::to_rle`] text; the runs must cover exactly 168 hours and each count
    /// must be at most `max_count`.
    ///
    /// # Errors
    /// Why the text is malformed (worded by [`crate::l10n`]).
    pub fn from_rle(text: &str, max_count: u16) -> Result<WeekGrid, RleError> {
        let mut grid = WeekGrid::default();
        let mut at = 0usize;
        for run in text.split('_') {
            let (v, n) = run
                .split_once('x')
                .ok_or_else(|| RleError::NotARun { run: run.into() })?;
            let v: u16 = v
                .parse()
                .map_err(|_| RleError::CountNotWhole { count: v.into() })?;
            let n: usize = n
                .parse()
                .map_err(|_| RleError::LengthNotWhole { length: n.into() })?;
            if v > max_count {
                return Err(RleError::CountAbove {
                    count: v,
                    max: max_count,
                });
            }
            if n == 0 || at + n > WEEK_HOURS {
                return Err(RleError::NotAWeek);
            }
            grid.0[at..at + n].fill(v);
            at += n;
        }
        if at != WEEK_HOURS {
            return Err(RleError::NotAWeek);
        }
        Ok(grid)
    }
}

/// Why a weekly schedule's run-length text (`0x8_2x8_0x152`) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RleError {
    /// A run is not `COUNTxHOURS`.
    #[error("run {run:?} is not COUNTxHOURS")]
    NotARun {
        /// The run as written.
        run: String,
    },
    /// A run's count is not a whole number.
    #[error("count {count:?} is not a whole number")]
    CountNotWhole {
        /// The count as written.
        count: String,
    },
    /// A run's length is not a whole number.
    #[error("length {length:?} is not a whole number")]
    LengthNotWhole {
        /// The length as written.
        length: String,
    },
    /// A run's count is above the most GPUs a line may have.
    #[error("count {count} is above {max}")]
    CountAbove {
        /// The count.
        count: u16,
        /// The largest count.
        max: u16,
    },
    /// The runs do not cover exactly one week.
    #[error("runs must cover exactly 168 hours")]
    NotAWeek,
}

/// What a painted week counts in each hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GridUnit {
    /// GPUs running (a line's weekly schedule).
    #[default]
    Gpus,
    /// Percent of the peak request rate (a serving line's weekly load curve).
    PercentOfPeak,
}

impl GridUnit {
    /// The most one hour holds in this unit.
    pub fn max(self) -> u16 {
        match self {
            GridUnit::Gpus => WeekGrid::MAX_COUNT,
            GridUnit::PercentOfPeak => crate::limits::LOAD_SHAPE_PCT.max,
        }
    }
}

/// One-click weekly patterns for the schedule editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Monday to Friday, 09:00–18:00.
    BusinessHours,
    /// Every day 08:00–24:00 (off at night).
    NightsOff,
    /// Monday to Friday, all day.
    WeekendsOff,
    /// Every hour of the week.
    AllWeek,
    /// No GPU at any hour.
    Clear,
}

impl Pattern {
    /// Every pattern, in menu order.
    pub const ALL: [Pattern; 5] = [
        Pattern::BusinessHours,
        Pattern::NightsOff,
        Pattern::WeekendsOff,
        Pattern::AllWeek,
        Pattern::Clear,
    ];

    /// The grid of this pattern with `count` GPUs where it is on (at least one: a pattern
    /// painted with a zero brush would look like `Clear`).
    pub fn grid(self, count: u16) -> WeekGrid {
        let count = count.max(1);
        const WEEKDAYS: [usize; 5] = [0, 1, 2, 3, 4];
        const EVERY_DAY: [usize; 7] = [0, 1, 2, 3, 4, 5, 6];
        match self {
            Pattern::BusinessHours => WeekGrid::daily_block(&WEEKDAYS, 9, 9, count),
            Pattern::NightsOff => WeekGrid::daily_block(&EVERY_DAY, 8, 16, count),
            Pattern::WeekendsOff => WeekGrid::daily_block(&WEEKDAYS, 0, 24, count),
            Pattern::AllWeek => WeekGrid([count; WEEK_HOURS]),
            Pattern::Clear => WeekGrid::default(),
        }
    }
}

/// The hours a pointer passes over going straight from hour `from` to hour `to` of the
/// 7 × 24 grid (a day per row, an hour per column), both ends included, in order.
///
/// A browser reports a fast drag as a few far-apart pointer positions; painting only those
/// hours left gaps, so the editor paints the cells in between too.
pub fn stroke(from: usize, to: usize) -> Vec<usize> {
    let (from, to) = (from.min(WEEK_HOURS - 1), to.min(WEEK_HOURS - 1));
    let (r0, c0) = ((from / 24) as i64, (from % 24) as i64);
    let (r1, c1) = ((to / 24) as i64, (to % 24) as i64);
    let steps = (r1 - r0).abs().max((c1 - c0).abs());
    // The nearest cell to the point `i / steps` of the way from `a` to `b`, in integers;
    // halves round up, whichever way the stroke goes, so a stroke and its reverse cover the
    // same cells.
    let at = |a: i64, b: i64, i: i64| (2 * (a * steps + (b - a) * i) + steps).div_euclid(2 * steps);
    let mut hours = vec![from];
    for i in 1..=steps {
        let hour = (at(r0, r1, i) * 24 + at(c0, c1, i)) as usize;
        if hours.last() != Some(&hour) {
            hours.push(hour);
        }
    }
    hours
}

/// A GPU count over `[start, end)` minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment {
    /// First minute.
    pub start: u32,
    /// Minute after the last.
    pub end: u32,
    /// GPUs needed.
    pub gpus: Decimal,
}

impl Segment {
    /// `gpus` GPUs needed from minute `start` to the minute before `end`.
    pub fn new(start: u32, end: u32, gpus: impl Into<Decimal>) -> Self {
        Segment {
            start,
            end,
            gpus: gpus.into(),
        }
    }

    /// Length in minutes.
    pub fn minutes(&self) -> u32 {
        self.end - self.start
    }
}

/// The segments of a weekly grid laid over `horizon_minutes`, starting `week_offset_hours`
/// into the week (0 = Monday 00:00). Adjacent equal hours are merged; zero hours are dropped.
pub fn weekly_segments(
    grid: &WeekGrid,
    week_offset_hours: usize,
    horizon_minutes: u32,
) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    let hours = horizon_minutes.div_ceil(60) as usize;
    for h in 0..hours {
        let count = grid.0[(week_offset_hours + h) % WEEK_HOURS];
        let start = (h as u32) * 60;
        let end = ((h as u32 + 1) * 60).min(horizon_minutes);
        if count == 0 {
            continue;
        }
        let gpus = Decimal::from(count);
        match out.last_mut() {
            Some(s) if s.end == start && s.gpus == gpus => s.end = end,
            _ => out.push(Segment { start, end, gpus }),
        }
    }
    out
}

/// Instances needed for `gpus` GPUs when each instance has `per_instance` GPUs.
pub fn instances_for(gpus: Decimal, per_instance: Decimal) -> u32 {
    if gpus <= Decimal::ZERO || per_instance <= Decimal::ZERO {
        return 0;
    }
    (gpus / per_instance).ceil().to_u32().unwrap_or(u32::MAX)
}

/// Running sessions of each instance: `sessions[k]` holds the lengths (minutes) of the
/// intervals during which at least `k + 1` instances run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LevelSessions {
    /// Session lengths per level, in minutes.
    pub sessions: Vec<Vec<u32>>,
    /// Minutes each level runs in each period, when periods were asked for.
    pub per_period: Vec<Vec<u32>>,
}

impl LevelSessions {
    /// Highest number of instances running at once.
    pub fn peak(&self) -> usize {
        self.sessions.len()
    }

    /// Total instance-minutes.
    pub fn instance_minutes(&self) -> u64 {
        self.sessions.iter().flatten().map(|&m| u64::from(m)).sum()
    }
}

/// Computes the sessions of every instance level for `segments` (sorted, non-overlapping)
/// with instances of `per_instance` GPUs, and the minutes each level runs in each period of
/// `period_minutes` (if given) across a horizon of `horizon_minutes`.
pub fn level_sessions(
    segments: &[Segment],
    per_instance: Decimal,
    period_minutes: Option<u32>,
    horizon_minutes: u32,
) -> LevelSessions {
    let mut sessions: Vec<Vec<u32>> = Vec::new();
    for_each_session(segments, per_instance, |k, minutes| {
        if sessions.len() <= k {
            sessions.resize_with(k + 1, Vec::new);
        }
        sessions[k].push(minutes);
    });
    let per_period = match period_minutes.filter(|p| *p > 0) {
        Some(p) => level_period_minutes(segments, per_instance, p, horizon_minutes),
        None => Vec::new(),
    };
    LevelSessions {
        sessions,
        per_period,
    }
}

/// Calls `visit(k, minutes)` for every running session of instance level `k + 1`, in the
/// order [`level_sessions`] lists them, without collecting them (billing only needs their
/// metered total per level).
pub(crate) fn for_each_session(
    segments: &[Segment],
    per_instance: Decimal,
    mut visit: impl FnMut(usize, u32),
) {
    let mut open: Vec<u32> = Vec::new(); // open[k] = start minute of level k+1's session
    let mut last_end = 0u32;
    let mut close_above = |level: usize, at: u32, open: &mut Vec<u32>| {
        while open.len() > level {
            let start = open.pop().expect("non-empty");
            visit(open.len(), at - start);
        }
    };
    for seg in segments {
        if seg.start > last_end {
            close_above(0, last_end, &mut open);
        }
        let n = instances_for(seg.gpus, per_instance) as usize;
        close_above(n, seg.start, &mut open);
        while open.len() < n {
            open.push(seg.start);
        }
        last_end = seg.end;
    }
    close_above(0, last_end, &mut open);
}

/// Minutes each instance level runs in each period of `period_minutes` (non-zero) across a
/// horizon of `horizon_minutes`: `[level][period]`, as in [`LevelSessions::per_period`].
pub(crate) fn level_period_minutes(
    segments: &[Segment],
    per_instance: Decimal,
    period_minutes: u32,
    horizon_minutes: u32,
) -> Vec<Vec<u32>> {
    let periods = horizon_minutes.div_ceil(period_minutes).max(1) as usize;
    let mut per_period: Vec<Vec<u32>> = Vec::new();
    for seg in segments {
        let n = instances_for(seg.gpus, per_instance) as usize;
        if n == 0 {
            continue;
        }
        if per_period.len() < n {
            per_period.resize_with(n, || vec![0; periods]);
        }
        // Split the segment at period boundaries.
        let mut t = seg.start;
        while t < seg.end {
            let p = (t / period_minutes) as usize;
            let boundary = ((p as u32) + 1) * period_minutes;
            let until = boundary.min(seg.end);
            for level in per_period.iter_mut().take(n) {
                level[p.min(periods - 1)] += until - t;
            }
            t = until;
        }
    }
    per_period
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rle_round_trips_and_rejects_bad_text() {
        let grid = WeekGrid::daily_block(&[0, 1, 2, 3, 4], 8, 10, 2);
        let text = grid.to_rle();
        assert_eq!(WeekGrid::from_rle(&text, 100).unwrap(), grid);
        assert!(text.starts_with("0x8_2x10_0x14_2x10"), "{text}");
        for bad in ["", "1x167", "1x169", "ax168", "1x0_1x168", "5", "101x168"] {
            assert!(WeekGrid::from_rle(bad, 100).is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn a_stroke_covers_every_cell_between_its_ends() {
        assert_eq!(stroke(5, 5), vec![5]);
        assert_eq!(stroke(0, 3), vec![0, 1, 2, 3], "along a day");
        assert_eq!(stroke(3, 0), vec![3, 2, 1, 0], "backwards");
        assert_eq!(stroke(8, 8 + 48), vec![8, 32, 56], "down a column");
        // Mon 00:00 to Wed 04:00: two rows down, four columns right; no cell skipped.
        let diagonal = stroke(0, 48 + 4);
        assert_eq!(diagonal.len(), 5);
        assert_eq!((diagonal[0], diagonal[4]), (0, 52));
        for pair in diagonal.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(
                (a / 24).abs_diff(b / 24) <= 1 && (a % 24).abs_diff(b % 24) <= 1,
                "{diagonal:?}"
            );
        }
        let mut back = stroke(52, 0);
        back.reverse();
        assert_eq!(
            back, diagonal,
            "a stroke and its reverse cover the same cells"
        );
        assert_eq!(
            stroke(9999, 0).first(),
            Some(&(WEEK_HOURS - 1)),
            "clamped to the week"
        );
    }

    #[test]
    fn painting_says_whether_anything_changed() {
        let mut grid = WeekGrid::default();
        assert!(grid.paint(&[1, 2, 500], 3));
        assert_eq!(grid.gpu_hours_per_week(), 6);
        assert!(
            !grid.paint(&[1, 2], 3),
            "the same count again changes nothing"
        );
    }

    #[test]
    fn patterns_cover_the_expected_hours() {
        assert_eq!(Pattern::BusinessHours.grid(1).gpu_hours_per_week(), 45);
        assert_eq!(Pattern::NightsOff.grid(2).gpu_hours_per_week(), 7 * 16 * 2);
        assert_eq!(Pattern::WeekendsOff.grid(1).gpu_hours_per_week(), 120);
        assert_eq!(Pattern::AllWeek.grid(3).peak(), 3);
        assert_eq!(Pattern::Clear.grid(3).peak(), 0);
    }

    #[test]
    fn blocks_wrap_past_midnight_and_past_sunday() {
        let grid = WeekGrid::daily_block(&[6], 18, 8, 10);
        assert_eq!(grid.0[6 * 24 + 23], 10);
        assert_eq!(grid.0[1], 10, "Sunday 18:00 + 8 h runs into Monday 02:00");
        assert_eq!(grid.gpu_hours_per_week(), 80);
    }

    #[test]
    fn weekly_segments_merge_and_clip_to_the_horizon() {
        let grid = WeekGrid::daily_block(&[0, 1, 2, 3, 4, 5, 6], 8, 8, 2);
        let segs = weekly_segments(&grid, 0, 30 * 24 * 60);
        assert_eq!(segs.len(), 30);
        assert_eq!(segs[0], Segment::new(8 * 60, 16 * 60, 2));
        let partial = weekly_segments(&grid, 0, 10 * 60);
        assert_eq!(partial, vec![Segment::new(8 * 60, 10 * 60, 2)]);
    }

    #[test]
    fn instance_counts_round_up_and_handle_slices() {
        assert_eq!(instances_for(Decimal::from(4), Decimal::from(8)), 1);
        assert_eq!(instances_for(Decimal::from(9), Decimal::from(8)), 2);
        assert_eq!(instances_for(Decimal::ONE, Decimal::new(25, 2)), 4);
        assert_eq!(instances_for(Decimal::new(25, 2), Decimal::ONE), 1);
        assert_eq!(instances_for(Decimal::ZERO, Decimal::ONE), 0);
    }

    #[test]
    fn level_sessions_follow_the_count() {
        // 2 GPUs for an hour, then 1 for an hour, a gap, then 3 for 30 minutes.
        let segs = [
            Segment::new(0, 60, 2),
            Segment::new(60, 120, 1),
            Segment::new(180, 210, 3),
        ];
        let l = level_sessions(&segs, Decimal::ONE, None, 240);
        assert_eq!(l.sessions, vec![vec![120, 30], vec![60, 30], vec![30]]);
        assert_eq!(l.instance_minutes(), 2 * 60 + 60 + 3 * 30);
    }

    #[test]
    fn per_period_minutes_split_at_boundaries() {
        let segs = [Segment::new(1380, 1500, 2)]; // 23:00–01:00 next day
        let l = level_sessions(&segs, Decimal::ONE, Some(1440), 2880);
        assert_eq!(l.per_period, vec![vec![60, 60], vec![60, 60]]);
    }

    #[test]
    fn the_brush_reads_whole_gpus_up_to_the_links_limit() {
        assert_eq!(WeekGrid::MAX_COUNT, 10_000);
        assert_eq!(WeekGrid::parse_brush("12", WeekGrid::MAX_COUNT), Some(12));
        assert_eq!(WeekGrid::parse_brush(" 7 ", WeekGrid::MAX_COUNT), Some(7));
        assert_eq!(WeekGrid::parse_brush("0", WeekGrid::MAX_COUNT), Some(0));
        assert_eq!(
            WeekGrid::parse_brush("20000", WeekGrid::MAX_COUNT),
            Some(10_000)
        );
        assert_eq!(
            WeekGrid::parse_brush("99999999999", WeekGrid::MAX_COUNT),
            None
        );
        assert_eq!(
            WeekGrid::parse_brush("150", 100),
            Some(100),
            "a load curve's percent"
        );
        for bad in ["", "-1", "1.5", "x", "１"] {
            assert_eq!(
                WeekGrid::parse_brush(bad, WeekGrid::MAX_COUNT),
                None,
                "{bad:?}"
            );
        }
    }

    #[test]
    fn an_editor_starts_with_the_peak_and_a_pattern_paints_at_least_one_gpu() {
        assert_eq!(WeekGrid::default().first_brush(), 1);
        assert_eq!(Pattern::AllWeek.grid(6).first_brush(), 6);
        assert_eq!(Pattern::BusinessHours.grid(0).peak(), 1);
        assert_eq!(Pattern::Clear.grid(5).peak(), 0);
    }
}
