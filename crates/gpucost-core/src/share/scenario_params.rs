//! The scenario's query parameters: read on top of a preset, written as differences from it.
//!
//! | key | value | example |
//! | --- | --- | --- |
//! | `preset` | preset slug; without it `short-training`, or `custom` when the link has `l=` | `preset=dev-test` |
//! | `h` | hours (one-off; applied in whole minutes, with a notice when rounded), `month` (730 h) or `YYYY-MM` | `h=72`, `h=2026-11` |
//! | `l` | a line, repeated: `GPU*COUNT`, `GPU*COUNT@HH:MM+4h` (window; a space for the `+` too, as a pasted `+` decodes to one), `GPU~RLE` (weekly); then `/all` for every GPU on one machine or `/N` for at least N GPUs per machine (none: machines of any size) | `l=T4*50@20:00+4h`, `l=V100*4/all` |
//! | `l` (serving) | a line derived from its load: `GPU*RATErps` (all the time), `GPU*RATErps@HH:MM+4h` (window) or `GPU*RATErps~RLE` (weekly curve in percent of the peak rate), then `,per:N` (requests/s one GPU serves; required), `,room:PCT` (headroom), `,min:N` (fewest GPUs), `,in:MIN` (scale-in delay, minutes) | `l=T4*5000rps@20:00+4h,per:100` |
//! | `j` | a batch job, repeated (at most 64): `GPU*GPUSxHOURS` (`12h`, `4.5h`, `90m`), then `,from:H` (earliest start, whole hours into the period; default 0) and `,due:H` (deadline, whole hours into the period; required, within the period and at least the job's hours after its start) | `j=A100-80GB*8x12h,from:0,due:48` |
//! | `l` (team) | any line, then `,team:NAME` (last; 1–32 characters, no control character): the team or project that rents it; lines of two or more teams with the same GPU are also priced as one shared pool | `l=T4*4@09:00+9h,team:search` |
//! | `lead` | minutes a window starts early, and a serving line scales out before its load rises | `lead=30` |
//! | `tz` | schedule time zone | `tz=+08:00` |
//! | `pay` | billing classes allowed besides on-demand | `pay=spot,reserved,monthly` |
//! | `int` | workload tolerates interruption (`1`/`0`) | `int=0` |
//! | `ovh` | spot overhead percent | `ovh=15` |
//! | `cp` | custom price, repeated: `OWNER:GPU:MODE:AMOUNT:CUR` (`~Name` for a new provider); `none` clears | `cp=alibaba:A10:od:8.7:CNY` |
//! | `disc` | provider discounts percent | `disc=aws:15,gcp:10` |
//! | `op` | off-peak what-if `START-END:DISCOUNT:FLEXIBLE` | `op=0-8:40:50` |
//! | `budget` | budget for the horizon; `none` clears | `budget=1200CNY` |
//! | `ref`, `refl` | reference amount and its label; `ref=none` clears | `ref=50000CNY&refl=deposit` |
//! | `cmp` | only these sellers (provider ids, `custom:Name`) | `cmp=aws-china,tencent` |
//! | `geo` | where catalog prices must come from: `cn` (mainland China), `not-cn`, a continent (`as`, `eu`, `na`, `sa`, `oc`, `af`), `any` | `geo=cn` |
//! | `spread` | `one-region`: each provider keeps every line in one of its regions, the one where the scenario costs least; `any` (each line in its own cheapest region) | `spread=one-region` |
//! | `cpu`, `ram` | the fewest host vCPUs and GiB of RAM per GPU | `cpu=8&ram=32` |
//! | `kind` | only these kinds of provider (`enterprise` = `hyperscaler,china-cloud`, `hyperscaler`, `china-cloud`, `gpu-cloud`, `marketplace`, `rental-platform`, `institutional`, `market-reference`) | `kind=hyperscaler,china-cloud` |
//! | `sla` | only providers with a sourced compute SLA of at least this percent (0–100) | `sla=99.9` |
//! | `cert` | only providers a source states hold this certification (`iso27001`; `none` keeps every provider) | `cert=iso27001` |

use std::collections::BTreeSet;
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::issue::{decimal, Accepted, Expected, LineError, PriceError, Problem};
use super::query::{Reader, Writer};
use crate::batch::{Job, JobError, JobField};
use crate::billing_mode::ModeClass;
use crate::catalog::{Catalog, ProviderKind};
use crate::limits::{
    DecimalLimit, AMOUNT, CALENDAR_YEAR, CUSTOM_PRICE_AMOUNT, DISCOUNT_PCT, GPUS_PER_MACHINE,
    GPU_COUNT, HEADROOM_PCT, HOURS, JOB_GPUS, JOB_HOUR, LEAD_MINUTES, LOAD_RPS, LOAD_SHAPE_PCT,
    MAX_GPUS, MAX_HOURS, MAX_JOBS, MAX_LINES, MAX_NAME_CHARS, MAX_PRICES, MAX_TEAM_CHARS,
    MIN_REPLICAS, OFF_PEAK_DISCOUNT_PCT, OFF_PEAK_END_HOUR, OFF_PEAK_FLEXIBLE_PCT,
    OFF_PEAK_START_HOUR, RAM_GIB_PER_GPU, RPS_PER_GPU, SCALE_IN_MINUTES, SLA_PCT,
    SPOT_OVERHEAD_PCT, TZ_OFFSET_MINUTES, VCPUS_PER_GPU,
};
use crate::money::{parse_decimal, Currency, Money};
use crate::placement::{Geo, Packing, Spread};
use crate::presets::Preset;
use crate::provider_filter::ENTERPRISE_CLOUDS;
use crate::recommend::Workload;
use crate::scenario::{
    CustomMode, CustomPrice, Demand, Discount, Horizon, Interruption, Line, OffPeak, PriceOwner,
    Reference, Scenario,
};
use crate::schedule::WeekGrid;
use crate::traffic::{Load, LoadField, LoadShape};

/// The `geo=` words, as [`Geo::as_str`] spells them.
pub(crate) const GEO_WORDS: &[&str] = &["any", "cn", "not-cn", "as", "eu", "na", "sa", "oc", "af"];

/// The `spread=` words, as [`Spread::as_str`] spells them.
pub(crate) const SPREAD_WORDS: &[&str] = &["any", "one-region"];

/// The `pay=` words, as [`pay_word`] spells them.
const PAY_WORDS: &[&str] = &["spot", "reserved", "monthly"];

fn pay_word(class: ModeClass) -> Option<&'static str> {
    match class {
        ModeClass::Spot => Some("spot"),
        ModeClass::Committed => Some("reserved"),
        ModeClass::Subscription => Some("monthly"),
        ModeClass::OnDemand => None,
    }
}

fn parse_horizon(raw: &str) -> Option<Horizon> {
    let raw = raw.trim();
    if raw == "month" {
        return Some(Horizon::Month730);
    }
    if let Some((y, m)) = raw.split_once('-') {
        let (y, m): (i32, u32) = (y.parse().ok()?, m.parse().ok()?);
        return (CALENDAR_YEAR.contains(y) && (1..=12).contains(&m))
            .then_some(Horizon::CalendarMonth { year: y, month: m });
    }
    let h = parse_decimal(raw).ok()?;
    // At least a minute before rounding, which the validator checks after it.
    (h * Decimal::from(60) >= Decimal::ONE && HOURS.accepts(h)).then_some(Horizon::Hours(h))
}

fn write_horizon(h: Horizon) -> String {
    match h {
        Horizon::Hours(d) => d.normalize().to_string(),
        Horizon::Month730 => "month".into(),
        Horizon::CalendarMonth { year, month } => format!("{year:04}-{month:02}"),
    }
}

fn parse_count(raw: &str) -> Result<Decimal, LineError> {
    let n = decimal(raw).map_err(LineError::Count)?;
    if GPU_COUNT.accepts(n) {
        Ok(n)
    } else {
        Err(LineError::CountOutOfRange {
            count: raw.into(),
            max: MAX_GPUS,
        })
    }
}

/// The catalog's id of the GPU model `gpu` names, if it knows one.
fn known_gpu(catalog: &Catalog, gpu: &str) -> Option<String> {
    catalog.gpu(gpu.trim()).map(|g| g.id.to_string())
}

/// `HH:MM` (HH may exceed 23 for later days) to minutes.
fn parse_clock(raw: &str) -> Option<u32> {
    let (h, m) = raw.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (m < 60 && h < MAX_HOURS).then_some(h * 60 + m)
}

/// `4h`, `4.5h` or `90m` to minutes.
fn parse_length(raw: &str) -> Option<u32> {
    if let Some(m) = raw.strip_suffix('m') {
        return m
            .parse()
            .ok()
            .filter(|&m: &u32| m > 0 && m <= MAX_HOURS * 60);
    }
    let h = parse_decimal(raw.strip_suffix('h')?).ok()?;
    let minutes = h * Decimal::from(60);
    (minutes.fract().is_zero() && minutes > Decimal::ZERO && h <= HOURS.max)
        .then(|| minutes.to_u32())
        .flatten()
}

/// Parses one `l=` value: a demand, then an optional packing suffix (`/all`, `/N`), then an
/// optional team (`,team:NAME`, last, so the name may hold any character but a control one).
///
/// # Errors
/// Why it is not a line.
pub fn parse_line(raw: &str, catalog: &Catalog) -> Result<Line, LineError> {
    let (raw, team) = match raw.split_once(TEAM_KEY) {
        None => (raw, None),
        Some((line, name)) => (line, Some(parse_team(name)?)),
    };
    let (demand, packing) = match raw.rsplit_once('/') {
        None => (raw, Packing::Split),
        Some((demand, suffix)) => (demand, parse_packing(suffix)?),
    };
    Ok(Line {
        packing,
        team,
        ..parse_demand(demand, catalog)?
    })
}

/// What introduces a line's team in its `l=` value.
const TEAM_KEY: &str = ",team:";

/// A team name as the link holds it: what [`user_text::team_name`] keeps of it, refused when
/// that is nothing, or when the link's name has control characters or is too long (so a
/// hostile name is named, not silently changed).
///
/// [`user_text::team_name`]: crate::user_text::team_name
fn parse_team(raw: &str) -> Result<String, LineError> {
    let bad = || LineError::BadTeam {
        max: MAX_TEAM_CHARS,
    };
    if raw.chars().any(char::is_control) || raw.trim().chars().count() > MAX_TEAM_CHARS {
        return Err(bad());
    }
    crate::user_text::team_name(raw).ok_or_else(bad)
}

/// `all` (one machine) or a whole number of GPUs per machine in [`GPUS_PER_MACHINE`].
fn parse_packing(raw: &str) -> Result<Packing, LineError> {
    if raw == "all" {
        return Ok(Packing::OneMachine);
    }
    raw.parse::<u32>()
        .ok()
        .filter(|n| GPUS_PER_MACHINE.contains(*n))
        .map(Packing::AtLeast)
        .ok_or_else(|| LineError::BadPacking {
            packing: raw.into(),
            max: GPUS_PER_MACHINE.max,
        })
}

/// The `l=` suffix of a packing (empty for machines of any size).
fn write_packing(packing: Packing) -> String {
    match packing {
        Packing::Split => String::new(),
        Packing::OneMachine => "/all".into(),
        Packing::AtLeast(n) => format!("/{n}"),
    }
}

/// A line's GPU and demand, machines of any size.
fn parse_demand(raw: &str, catalog: &Catalog) -> Result<Line, LineError> {
    let line_gpu = |gpu: &str| {
        known_gpu(catalog, gpu).ok_or_else(|| LineError::UnknownGpu { gpu: gpu.into() })
    };
    if let Some((gpu, rest)) = raw.split_once('*').filter(|(_, r)| r.contains("rps")) {
        return Ok(Line {
            gpu: line_gpu(gpu)?,
            demand: Demand::Load(parse_load(rest)?),
            packing: Packing::Split,
            team: None,
        });
    }
    if let Some((gpu, rle)) = raw.split_once('~') {
        let grid = WeekGrid::from_rle(rle, WeekGrid::MAX_COUNT).map_err(LineError::Schedule)?;
        if grid.peak() == 0 {
            return Err(LineError::EmptySchedule);
        }
        return Ok(Line {
            gpu: line_gpu(gpu)?,
            demand: Demand::Weekly(grid),
            packing: Packing::Split,
            team: None,
        });
    }
    let (gpu, rest) = raw.split_once('*').ok_or(LineError::Shape)?;
    let gpu = line_gpu(gpu)?;
    let demand = match rest.split_once('@') {
        None => Demand::Constant(parse_count(rest)?),
        Some((count, window)) => {
            let (start_minute, minutes) = parse_window(window)?;
            Demand::Window {
                gpus: parse_count(count)?,
                start_minute,
                minutes,
            }
        }
    };
    Ok(Line {
        gpu,
        demand,
        packing: Packing::Split,
        team: None,
    })
}

/// A window's `HH:MM+LENGTH` as its start and length in minutes.
fn parse_window(window: &str) -> Result<(u32, u32), LineError> {
    // A `+` typed into a link decodes to a space (`T4*50@20:00+4h` arrives as
    // `T4*50@20:00 4h`), so a space separates start and length just as well.
    let (start, length) = window
        .split_once(['+', ' '])
        .ok_or(LineError::WindowShape)?;
    let start_minute = parse_clock(start).ok_or_else(|| LineError::BadStart {
        start: start.into(),
    })?;
    let minutes = parse_length(length).ok_or_else(|| LineError::BadLength {
        length: length.into(),
    })?;
    Ok((start_minute, minutes))
}

/// A serving line after its `GPU*`: `RATErps`, a window or a weekly curve, then its fields.
fn parse_load(raw: &str) -> Result<Load, LineError> {
    let bad = |field: LoadField, value: &str| LineError::Load {
        field,
        value: value.into(),
    };
    let mut parts = raw.split(',');
    let head = parts.next().unwrap_or_default();
    let (rate, shape_text) = head.split_once("rps").ok_or(LineError::Shape)?;
    let rps = decimal(rate)
        .ok()
        .filter(|r| LOAD_RPS.accepts(*r))
        .ok_or_else(|| bad(LoadField::Rate, rate))?;
    let shape = if shape_text.is_empty() {
        LoadShape::Always
    } else if let Some(rle) = shape_text.strip_prefix('~') {
        let grid = WeekGrid::from_rle(rle, LOAD_SHAPE_PCT.max).map_err(LineError::Schedule)?;
        if grid.peak() == 0 {
            return Err(bad(LoadField::Shape, rle));
        }
        LoadShape::Weekly(grid)
    } else if let Some(window) = shape_text.strip_prefix('@') {
        let (start_minute, minutes) = parse_window(window)?;
        LoadShape::Window {
            start_minute,
            minutes,
        }
    } else {
        return Err(LineError::Shape);
    };
    let mut fields: [Option<&str>; 4] = [None; 4];
    for part in parts {
        let (key, value) = part.split_once(':').unwrap_or((part, ""));
        let slot = ["per", "room", "min", "in"]
            .iter()
            .position(|k| *k == key)
            .filter(|&i| fields[i].is_none())
            .ok_or_else(|| LineError::LoadKey { key: part.into() })?;
        fields[slot] = Some(value);
    }
    let per = fields[0].ok_or_else(|| bad(LoadField::PerGpu, ""))?;
    let per_gpu = decimal(per)
        .ok()
        .filter(|p| RPS_PER_GPU.accepts(*p))
        .ok_or_else(|| bad(LoadField::PerGpu, per))?;
    let headroom_pct = match fields[1] {
        None => Decimal::ZERO,
        Some(v) => decimal(v)
            .ok()
            .filter(|p| HEADROOM_PCT.accepts(*p))
            .ok_or_else(|| bad(LoadField::Headroom, v))?,
    };
    let whole = |i: usize, field: LoadField, max: u32| -> Result<u32, LineError> {
        match fields[i] {
            None => Ok(0),
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| bad(field, v)),
        }
    };
    let load = Load {
        rps,
        shape,
        per_gpu,
        headroom_pct,
        min_gpus: whole(2, LoadField::MinGpus, MIN_REPLICAS.max)?,
        scale_in_minutes: whole(3, LoadField::ScaleIn, SCALE_IN_MINUTES.max)?,
    };
    if load.peak_gpus() > MAX_GPUS {
        return Err(bad(LoadField::Fleet, head));
    }
    Ok(load)
}

/// A serving line's `l=` text after its `GPU*` (see [`parse_load`]).
fn write_load(load: &Load) -> String {
    let n = |d: Decimal| d.normalize().to_string();
    let mut out = format!("{}rps", n(load.rps));
    match &load.shape {
        LoadShape::Always => {}
        LoadShape::Window {
            start_minute,
            minutes,
        } => out += &format!("@{}", write_window(*start_minute, *minutes)),
        LoadShape::Weekly(grid) => out += &format!("~{}", grid.to_rle()),
    }
    out += &format!(",per:{}", n(load.per_gpu));
    if !load.headroom_pct.is_zero() {
        out += &format!(",room:{}", n(load.headroom_pct));
    }
    if load.min_gpus > 0 {
        out += &format!(",min:{}", load.min_gpus);
    }
    if load.scale_in_minutes > 0 {
        out += &format!(",in:{}", load.scale_in_minutes);
    }
    out
}

/// `HH:MM+LENGTH` of a window (`20:00+4h`, `09:30+90m`).
fn write_window(start_minute: u32, minutes: u32) -> String {
    let length = if minutes % 60 == 0 {
        format!("{}h", minutes / 60)
    } else {
        format!("{minutes}m")
    };
    format!("{:02}:{:02}+{length}", start_minute / 60, start_minute % 60)
}

/// Writes one line as its `l=` value.
pub fn write_line(line: &Line) -> String {
    let team = match &line.team {
        Some(name) => format!("{TEAM_KEY}{name}"),
        None => String::new(),
    };
    write_demand(line) + &write_packing(line.packing) + &team
}

fn write_demand(line: &Line) -> String {
    let n = |d: Decimal| d.normalize().to_string();
    match &line.demand {
        Demand::Constant(c) => format!("{}*{}", line.gpu, n(*c)),
        Demand::Window {
            gpus,
            start_minute,
            minutes,
        } => format!(
            "{}*{}@{}",
            line.gpu,
            n(*gpus),
            write_window(*start_minute, *minutes)
        ),
        Demand::Weekly(grid) => format!("{}~{}", line.gpu, grid.to_rle()),
        Demand::Load(load) => format!("{}*{}", line.gpu, write_load(load)),
    }
}

fn parse_money(raw: &str) -> Option<Money> {
    let raw = raw.trim();
    if raw.len() < 4 || !raw.is_char_boundary(raw.len() - 3) {
        return None;
    }
    let (amount, cur) = raw.split_at(raw.len() - 3);
    let currency = Currency::from_str(cur).ok()?;
    let amount = parse_decimal(amount).ok()?;
    AMOUNT
        .in_range(amount)
        .then_some(Money::new(amount, currency))
}

fn write_money(m: Money) -> String {
    format!("{}{}", m.amount.normalize(), m.currency)
}

fn valid_name(name: &str) -> bool {
    let n = name.trim();
    !n.is_empty()
        && n.chars().count() <= MAX_NAME_CHARS
        && !n.contains(':')
        && !n.chars().any(char::is_control)
}

/// Parses one `cp=` value.
///
/// # Errors
/// Why it is not a custom price.
pub fn parse_custom_price(raw: &str, catalog: &Catalog) -> Result<CustomPrice, PriceError> {
    let parts: Vec<&str> = raw.split(':').collect();
    let [owner, gpu, mode, amount, currency] = parts[..] else {
        return Err(PriceError::Shape);
    };
    let owner = match owner.strip_prefix('~') {
        Some(name) if valid_name(name) => PriceOwner::Named(name.trim().to_string()),
        Some(_) => return Err(PriceError::BadName),
        None => PriceOwner::Provider(
            catalog
                .provider(owner)
                .map(|p| p.id.clone())
                .ok_or_else(|| PriceError::UnknownProvider { id: owner.into() })?
                .to_string(),
        ),
    };
    // An empty amount is a row the user has not priced yet (it prices nothing).
    let amount = match amount {
        "" => None,
        text => {
            let amount = decimal(text).map_err(PriceError::Amount)?;
            if !CUSTOM_PRICE_AMOUNT.in_range(amount) {
                return Err(PriceError::AmountOutOfRange {
                    max: CUSTOM_PRICE_AMOUNT.max,
                });
            }
            Some(amount)
        }
    };
    Ok(CustomPrice {
        owner,
        gpu: known_gpu(catalog, gpu).ok_or_else(|| PriceError::UnknownGpu { gpu: gpu.into() })?,
        mode: CustomMode::from_slug(mode)
            .ok_or_else(|| PriceError::UnknownMode { mode: mode.into() })?,
        amount,
        currency: Currency::from_str(currency)
            .map_err(|e| PriceError::UnknownCurrency { code: e.0 })?,
    })
}

/// Writes one custom price as its `cp=` value.
pub fn write_custom_price(c: &CustomPrice) -> String {
    let owner = match &c.owner {
        PriceOwner::Provider(id) => id.clone(),
        PriceOwner::Named(name) => format!("~{name}"),
    };
    format!(
        "{owner}:{}:{}:{}:{}",
        c.gpu,
        c.mode.as_str(),
        c.amount
            .map(|a| a.normalize().to_string())
            .unwrap_or_default(),
        c.currency
    )
}

fn parse_tz(raw: &str) -> Option<i16> {
    let (sign, rest) = match raw.as_bytes().first()? {
        b'+' => (1, &raw[1..]),
        b'-' => (-1, &raw[1..]),
        _ => (1, raw),
    };
    let (h, m) = rest.split_once(':').unwrap_or((rest, "0"));
    let (h, m): (i16, i16) = (h.parse().ok()?, m.parse().ok()?);
    let minutes = sign * (h * 60 + m);
    ((0..60).contains(&m) && TZ_OFFSET_MINUTES.contains(minutes)).then_some(minutes)
}

fn write_tz(minutes: i16) -> String {
    crate::format::utc_offset(minutes)
}

fn parse_off_peak(raw: &str) -> Option<OffPeak> {
    let (window, rest) = raw.split_once(':')?;
    let (start, end) = window.split_once('-')?;
    let (discount, flexible) = rest.split_once(':')?;
    let op = OffPeak {
        start_hour: start
            .parse()
            .ok()
            .filter(|h| OFF_PEAK_START_HOUR.contains(*h))?,
        end_hour: end
            .parse()
            .ok()
            .filter(|h| OFF_PEAK_END_HOUR.contains(*h))?,
        discount_pct: parse_decimal(discount)
            .ok()
            .filter(|d| OFF_PEAK_DISCOUNT_PCT.in_range(*d))?,
        flexible_pct: parse_decimal(flexible)
            .ok()
            .filter(|d| OFF_PEAK_FLEXIBLE_PCT.in_range(*d))?,
    };
    Some(op)
}

fn write_off_peak(op: &OffPeak) -> String {
    format!(
        "{}-{}:{}:{}",
        op.start_hour,
        op.end_hour,
        op.discount_pct.normalize(),
        op.flexible_pct.normalize()
    )
}

/// Reads the scenario's parameters on top of `preset`.
pub fn decode_scenario(r: &mut Reader, catalog: &Catalog, preset: Preset) -> Scenario {
    let base = preset.scenario();
    let mut s = base.clone();
    decode_horizon(r, &mut s);
    decode_lines(r, catalog, &mut s);
    decode_jobs(r, catalog, &mut s);
    decode_timing(r, &mut s);
    decode_billing(r, &mut s);
    decode_prices(r, catalog, &mut s);
    decode_discounts(r, catalog, &mut s);
    decode_off_peak(r, &mut s);
    decode_budget(r, &mut s);
    decode_reference(r, &mut s);
    decode_sellers(r, catalog, &mut s);
    decode_placement(r, &mut s);
    decode_provider_filter(r, &mut s);
    s.workload = decode_workload(r, base.workload);
    drop_windows_after_horizon(r, &mut s, &base);
    match s.validate(catalog) {
        Ok(valid) => valid.into_scenario(),
        Err(_) => {
            // Belt and braces: every field above was checked, but never hand on an invalid state.
            r.reject(
                "preset",
                preset.as_str(),
                Problem::Malformed {
                    expected: Expected::ConsistentScenario,
                },
            );
            base
        }
    }
}

/// The workload keys, read on top of the preset's workload.
fn decode_workload(r: &mut Reader, base: Option<Workload>) -> Option<Workload> {
    super::workload_params::decode_workload(r, base)
}

/// `h`: the horizon, applied in whole minutes with a notice when rounded.
fn decode_horizon(r: &mut Reader, s: &mut Scenario) {
    let Some(raw) = r.single("h") else {
        return;
    };
    match parse_horizon(&raw) {
        Some(h) => {
            // Applied as rounded, but never in silence.
            if let Some(minutes) = h.rounded_minutes() {
                r.note("h", &raw, Problem::RoundedToMinutes { minutes });
            }
            s.horizon = h;
        }
        None => r.reject(
            "h",
            &raw,
            Problem::Malformed {
                expected: Expected::Hours { max: MAX_HOURS },
            },
        ),
    }
}

/// `l`: the resource lines; the preset's stand when none can be read.
fn decode_lines(r: &mut Reader, catalog: &Catalog, s: &mut Scenario) {
    let mut lines = Vec::new();
    for raw in &r.all("l", MAX_LINES) {
        match parse_line(raw, catalog) {
            Ok(line) => lines.push(line),
            Err(why) => r.reject("l", raw, Problem::BadLine(why)),
        }
    }
    if !lines.is_empty() {
        s.lines = lines;
    }
}

/// `j`: the batch queue. A job past the period or that cannot finish by its deadline is
/// reported and dropped (the horizon is read first).
fn decode_jobs(r: &mut Reader, catalog: &Catalog, s: &mut Scenario) {
    let minutes = s.horizon.minutes();
    let mut jobs = Vec::new();
    for raw in &r.all("j", MAX_JOBS) {
        let checked = parse_job(raw, catalog).and_then(|job| match job.problems(minutes).first() {
            None => Ok(job),
            Some(&field) => Err(JobError::Field {
                field,
                value: raw.clone(),
            }),
        });
        match checked {
            Ok(job) => jobs.push(job),
            Err(why) => r.reject("j", raw, Problem::BadJob(why)),
        }
    }
    if !jobs.is_empty() {
        s.jobs = jobs;
    }
}

/// Parses one `j=` value: `GPU*GPUSxHOURS,from:H,due:H` (see the module's table). Checks
/// each field's own limits; the period's (the deadline within it, the hours within the
/// window) are [`Job::problems`]'.
///
/// # Errors
/// Why it is not a job.
pub fn parse_job(raw: &str, catalog: &Catalog) -> Result<Job, JobError> {
    let mut parts = raw.split(',');
    let head = parts.next().unwrap_or_default();
    let (gpu, rest) = head.split_once('*').ok_or(JobError::Shape)?;
    let gpu = known_gpu(catalog, gpu).ok_or_else(|| JobError::UnknownGpu { gpu: gpu.into() })?;
    let (count, length) = rest.split_once('x').ok_or(JobError::Shape)?;
    let field = |field: JobField, value: &str| JobError::Field {
        field,
        value: value.into(),
    };
    let gpus = count
        .parse::<u32>()
        .ok()
        .filter(|n| JOB_GPUS.contains(*n))
        .ok_or_else(|| field(JobField::Gpus, count))?;
    let minutes = parse_length(length).ok_or_else(|| field(JobField::Hours, length))?;
    let (mut from, mut due) = (None, None);
    let hour = |v: &str, f: JobField| {
        v.parse::<u32>()
            .ok()
            .filter(|h| JOB_HOUR.contains(*h))
            .ok_or_else(|| field(f, v))
    };
    for attribute in parts {
        match attribute.split_once(':') {
            Some(("from", v)) if from.is_none() => from = Some(hour(v, JobField::From)?),
            Some(("due", v)) if due.is_none() => due = Some(hour(v, JobField::Due)?),
            _ => {
                return Err(JobError::UnknownAttribute {
                    attribute: attribute.into(),
                })
            }
        }
    }
    Ok(Job {
        gpu,
        gpus,
        minutes,
        from_hour: from.unwrap_or(0),
        due_hour: due.ok_or_else(|| field(JobField::Due, ""))?,
    })
}

/// Writes one job as its `j=` value.
pub fn write_job(job: &Job) -> String {
    let length = if job.minutes % 60 == 0 {
        format!("{}h", job.minutes / 60)
    } else {
        format!("{}m", job.minutes)
    };
    let from = match job.from_hour {
        0 => String::new(),
        h => format!(",from:{h}"),
    };
    format!(
        "{}*{}x{length}{from},due:{}",
        job.gpu, job.gpus, job.due_hour
    )
}

/// `lead` and `tz`: when windows start, and in which time zone.
fn decode_timing(r: &mut Reader, s: &mut Scenario) {
    if let Some(lead) = r.integer::<u32>("lead", LEAD_MINUTES.min, LEAD_MINUTES.max) {
        s.lead_minutes = lead;
    }
    if let Some(raw) = r.single("tz") {
        match parse_tz(raw.trim()) {
            Some(tz) => s.tz_offset_minutes = tz,
            None => r.reject(
                "tz",
                &raw,
                Problem::Malformed {
                    expected: Expected::TimeZone,
                },
            ),
        }
    }
}

/// `pay`, `int` and `ovh`: which billing classes are allowed, and what spot costs in restarts.
fn decode_billing(r: &mut Reader, s: &mut Scenario) {
    if let Some(raw) = r.single("pay") {
        let mut allowed = BTreeSet::new();
        for word in raw.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match ModeClass::ALL
                .into_iter()
                .find(|c| pay_word(*c) == Some(word))
            {
                Some(c) => {
                    allowed.insert(c);
                }
                None => r.reject(
                    "pay",
                    word,
                    Problem::UnknownValue {
                        expected: Accepted::Words(PAY_WORDS),
                    },
                ),
            }
        }
        s.options.allowed = allowed;
    }
    if let Some(int) = r.word("int", &["1", "0"], |w| match w {
        "1" => Some(Interruption::Tolerated),
        "0" => Some(Interruption::NotTolerated),
        _ => None,
    }) {
        s.options.interruption = int;
    }
    if let Some(ovh) = r.decimal("ovh", SPOT_OVERHEAD_PCT.min(), SPOT_OVERHEAD_PCT.max) {
        s.options.spot_overhead_pct = ovh;
    }
}

/// `cp`: the user's own prices; `cp=none` clears the preset's.
fn decode_prices(r: &mut Reader, catalog: &Catalog, s: &mut Scenario) {
    let raw_prices = r.all("cp", MAX_PRICES);
    if raw_prices.iter().any(|p| p == "none") {
        s.custom_prices.clear();
    } else if !raw_prices.is_empty() {
        let mut prices = Vec::new();
        for raw in &raw_prices {
            match parse_custom_price(raw, catalog) {
                Ok(p) => prices.push(p),
                Err(why) => r.reject("cp", raw, Problem::BadPrice(why)),
            }
        }
        s.custom_prices = prices;
    }
}

/// One `disc` item, `PROVIDER:PERCENT`, if it is one.
fn parse_discount(item: &str, catalog: &Catalog) -> Option<Discount> {
    let (p, pct) = item.split_once(':')?;
    let provider = catalog.provider(p.trim())?.id.clone();
    let percent = parse_decimal(pct)
        .ok()
        .filter(|d| DISCOUNT_PCT.in_range(*d))?;
    Some(Discount {
        provider: provider.to_string(),
        percent,
    })
}

/// `disc`: provider discounts, one per provider.
fn decode_discounts(r: &mut Reader, catalog: &Catalog, s: &mut Scenario) {
    let Some(raw) = r.single("disc") else {
        return;
    };
    let mut discounts: Vec<Discount> = Vec::new();
    for item in raw
        .split(',')
        .filter(|i| !i.trim().is_empty())
        .take(MAX_PRICES)
    {
        match parse_discount(item, catalog) {
            Some(d) if !discounts.iter().any(|x| x.provider == d.provider) => discounts.push(d),
            _ => r.reject(
                "disc",
                item,
                Problem::Malformed {
                    expected: Expected::Discount,
                },
            ),
        }
    }
    s.discounts = discounts;
}

/// `op`: the off-peak what-if.
fn decode_off_peak(r: &mut Reader, s: &mut Scenario) {
    let Some(raw) = r.single("op") else {
        return;
    };
    match parse_off_peak(&raw) {
        Some(op) => s.off_peak = op,
        None => r.reject(
            "op",
            &raw,
            Problem::Malformed {
                expected: Expected::OffPeak,
            },
        ),
    }
}

/// `budget`: the budget for the horizon; `budget=none` clears the preset's.
fn decode_budget(r: &mut Reader, s: &mut Scenario) {
    let Some(raw) = r.single("budget") else {
        return;
    };
    if raw == "none" {
        s.budget = None;
        return;
    }
    match parse_money(&raw) {
        Some(m) => s.budget = Some(m),
        None => r.reject(
            "budget",
            &raw,
            Problem::Malformed {
                expected: Expected::Amount { example: "1200CNY" },
            },
        ),
    }
}

/// `ref` and `refl`: the reference amount and its label; `ref=none` clears the preset's, and a
/// label alone renames the preset's reference.
fn decode_reference(r: &mut Reader, s: &mut Scenario) {
    let label = r
        .single("refl")
        .map(|l| crate::user_text::reference_label(&l));
    let Some(raw) = r.single("ref") else {
        if let (Some(label), Some(reference)) = (label, s.reference.as_mut()) {
            reference.label = label;
        }
        return;
    };
    if raw == "none" {
        s.reference = None;
        return;
    }
    match parse_money(&raw) {
        Some(amount) => {
            s.reference = Some(Reference {
                amount,
                label: label
                    .or_else(|| s.reference.as_ref().map(|r| r.label.clone()))
                    .unwrap_or_default(),
            })
        }
        None => r.reject(
            "ref",
            &raw,
            Problem::Malformed {
                expected: Expected::Amount {
                    example: "50000CNY",
                },
            },
        ),
    }
}

/// `cmp`: only these sellers.
fn decode_sellers(r: &mut Reader, catalog: &Catalog, s: &mut Scenario) {
    let Some(raw) = r.single("cmp") else {
        return;
    };
    let mut sellers = BTreeSet::new();
    for id in raw
        .split(',')
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .take(64)
    {
        let known = catalog.provider(id).is_some()
            || (id.starts_with("custom:") && valid_name(&id["custom:".len()..]));
        if known {
            sellers.insert(id.to_string());
        } else {
            r.reject(
                "cmp",
                id,
                Problem::UnknownValue {
                    expected: Accepted::SellerIds,
                },
            );
        }
    }
    s.sellers = sellers;
}

/// The `kind=` words, as [`ProviderKind::as_str`] spells them.
const KIND_WORDS: &[&str] = &[
    "enterprise",
    "hyperscaler",
    "gpu-cloud",
    "marketplace",
    "china-cloud",
    "rental-platform",
    "institutional",
    "market-reference",
];

/// The `kind=` word for [`ENTERPRISE_CLOUDS`] (`kind=enterprise&sla=99.9`); links are
/// written with the kinds it stands for.
const ENTERPRISE_WORD: &str = "enterprise";

/// The `cert=` words: ISO/IEC 27001, or none.
const CERT_WORDS: &[&str] = &["iso27001", "none"];

/// `kind`, `sla` and `cert`: which kinds of provider, with what sourced SLA and
/// certification, the comparison keeps.
fn decode_provider_filter(r: &mut Reader, s: &mut Scenario) {
    if let Some(raw) = r.single("kind") {
        let mut kinds = BTreeSet::new();
        for word in raw
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .take(KIND_WORDS.len() * 2)
        {
            match ProviderKind::from_slug(word) {
                Some(kind) => {
                    kinds.insert(kind);
                }
                // "Enterprise clouds only": the hyperscalers and the Chinese public clouds.
                None if word == ENTERPRISE_WORD => kinds.extend(ENTERPRISE_CLOUDS),
                None => r.reject(
                    "kind",
                    word,
                    Problem::UnknownValue {
                        expected: Accepted::Words(KIND_WORDS),
                    },
                ),
            }
        }
        s.providers.kinds = kinds;
    }
    if let Some(sla) = r.decimal("sla", SLA_PCT.min(), SLA_PCT.max) {
        s.providers.min_sla_pct = Some(sla);
    }
    let cert = |w: &str| match w {
        "iso27001" => Some(true),
        "none" => Some(false),
        _ => None,
    };
    if let Some(iso) = r.word("cert", CERT_WORDS, cert) {
        s.providers.iso_27001 = iso;
    }
}

/// `geo`, `spread`, `cpu` and `ram`: where catalog prices must come from, whether a
/// provider keeps every line in one region, and the smallest host per GPU.
fn decode_placement(r: &mut Reader, s: &mut Scenario) {
    if let Some(geo) = r.word("geo", GEO_WORDS, Geo::from_slug) {
        s.geo = geo;
    }
    if let Some(spread) = r.word("spread", SPREAD_WORDS, Spread::from_slug) {
        s.spread = spread;
    }
    if let Some(raw) = r.single("cpu") {
        s.host.vcpus_per_gpu = host_floor(r, "cpu", &raw, VCPUS_PER_GPU, s.host.vcpus_per_gpu);
    }
    if let Some(raw) = r.single("ram") {
        s.host.ram_gib_per_gpu =
            host_floor(r, "ram", &raw, RAM_GIB_PER_GPU, s.host.ram_gib_per_gpu);
    }
}

/// One host floor value: `none` clears it; a bad value is reported and `base` kept.
fn host_floor(
    r: &mut Reader,
    key: &str,
    raw: &str,
    limit: DecimalLimit,
    base: Option<Decimal>,
) -> Option<Decimal> {
    if raw == "none" {
        return None;
    }
    match decimal(raw) {
        Ok(v) if limit.accepts(v) => Some(v),
        Ok(_) => {
            r.reject(
                key,
                raw,
                Problem::OutOfRange {
                    min: limit.min(),
                    max: limit.max,
                },
            );
            base
        }
        Err(_) => {
            r.reject(key, raw, Problem::NotANumber);
            base
        }
    }
}

/// Cross-field check: a window must start inside the horizon. Windows that do not are
/// reported and dropped; the preset's lines stand when none is left.
fn drop_windows_after_horizon(r: &mut Reader, s: &mut Scenario, base: &Scenario) {
    let minutes = s.horizon.minutes();
    let late = |l: &Line| match &l.demand {
        Demand::Window { start_minute, .. }
        | Demand::Load(Load {
            shape: LoadShape::Window { start_minute, .. },
            ..
        }) => *start_minute >= minutes,
        _ => false,
    };
    let before = s.lines.len();
    let dropped: Vec<String> = s.lines.iter().filter(|l| late(l)).map(write_line).collect();
    s.lines.retain(|l| !late(l));
    for d in dropped {
        r.reject(
            "l",
            &d,
            Problem::Malformed {
                expected: Expected::WindowInHorizon,
            },
        );
    }
    if s.lines.is_empty() && before > 0 {
        s.lines = base.lines.clone();
    }
}

/// Writes the parameters where `s` differs from `preset`'s scenario.
pub fn encode_scenario(w: &mut Writer, s: &Scenario, preset: Preset) {
    let base = preset.scenario();
    if s.horizon != base.horizon {
        w.pair("h", &write_horizon(s.horizon));
    }
    if s.lines != base.lines {
        for line in &s.lines {
            w.pair("l", &write_line(line));
        }
    }
    if s.jobs != base.jobs {
        for job in &s.jobs {
            w.pair("j", &write_job(job));
        }
    }
    if s.lead_minutes != base.lead_minutes {
        w.pair("lead", &s.lead_minutes.to_string());
    }
    if s.tz_offset_minutes != base.tz_offset_minutes {
        w.pair("tz", &write_tz(s.tz_offset_minutes));
    }
    if s.options.allowed != base.options.allowed {
        let words: Vec<&str> = s
            .options
            .allowed
            .iter()
            .filter_map(|c| pay_word(*c))
            .collect();
        w.pair("pay", &words.join(","));
    }
    if s.options.interruption != base.options.interruption {
        w.pair(
            "int",
            if s.options.interruption == Interruption::Tolerated {
                "1"
            } else {
                "0"
            },
        );
    }
    if s.options.spot_overhead_pct != base.options.spot_overhead_pct {
        w.pair("ovh", &s.options.spot_overhead_pct.normalize().to_string());
    }
    if s.custom_prices != base.custom_prices {
        if s.custom_prices.is_empty() {
            w.pair("cp", "none");
        }
        for c in &s.custom_prices {
            w.pair("cp", &write_custom_price(c));
        }
    }
    if s.discounts != base.discounts {
        let items: Vec<String> = s
            .discounts
            .iter()
            .map(|d| format!("{}:{}", d.provider, d.percent.normalize()))
            .collect();
        w.pair("disc", &items.join(","));
    }
    if s.off_peak != base.off_peak {
        w.pair("op", &write_off_peak(&s.off_peak));
    }
    if s.budget != base.budget {
        w.pair(
            "budget",
            &s.budget.map(write_money).unwrap_or_else(|| "none".into()),
        );
    }
    if s.sellers != base.sellers {
        w.pair(
            "cmp",
            &s.sellers.iter().cloned().collect::<Vec<_>>().join(","),
        );
    }
    if s.geo != base.geo {
        w.pair("geo", s.geo.as_str());
    }
    if s.spread != base.spread {
        w.pair("spread", s.spread.as_str());
    }
    if s.providers.kinds != base.providers.kinds {
        let kinds: Vec<&str> = s.providers.kinds.iter().map(|k| k.as_str()).collect();
        w.pair("kind", &kinds.join(","));
    }
    if let (Some(sla), true) = (
        s.providers.min_sla_pct,
        s.providers.min_sla_pct != base.providers.min_sla_pct,
    ) {
        w.pair("sla", &sla.normalize().to_string());
    }
    if s.providers.iso_27001 != base.providers.iso_27001 {
        w.pair("cert", CERT_WORDS[usize::from(!s.providers.iso_27001)]);
    }
    let floor = |v: Option<Decimal>| v.map_or_else(|| "none".into(), |v| v.normalize().to_string());
    if s.host.vcpus_per_gpu != base.host.vcpus_per_gpu {
        w.pair("cpu", &floor(s.host.vcpus_per_gpu));
    }
    if s.host.ram_gib_per_gpu != base.host.ram_gib_per_gpu {
        w.pair("ram", &floor(s.host.ram_gib_per_gpu));
    }
    super::workload_params::encode_workload(w, s.workload.as_ref(), base.workload.as_ref());
    if s.reference != base.reference {
        match &s.reference {
            None => w.pair("ref", "none"),
            Some(r) => {
                if base.reference.as_ref().map(|b| b.amount) != Some(r.amount) {
                    w.pair("ref", &write_money(r.amount));
                }
                if base.reference.as_ref().map(|b| &b.label) != Some(&r.label) {
                    w.pair("refl", &r.label);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    fn cat() -> &'static Catalog {
        &embedded().catalog
    }

    #[test]
    fn the_kind_words_are_the_kinds_slugs() {
        let slugs: Vec<&str> = ProviderKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(KIND_WORDS[0], ENTERPRISE_WORD);
        assert_eq!(&KIND_WORDS[1..], slugs.as_slice());
    }

    #[test]
    fn line_forms_round_trip() {
        for raw in [
            "T4*50",
            "A100-80GB*0.5",
            "T4*50@20:00+4h",
            "T4*3@44:30+90m",
            "A10~0x8_2x8_0x152",
            "V100*4/all",
            "A100-80GB*16/8",
            "T4*50@20:00+4h/2",
            "A10~0x8_2x8_0x152/all",
            "T4~0x9_4x9_0x150,team:search",
            "T4*5000rps@20:00+4h,per:100/all,team:ads",
            "T4*2/2,team:搜索 / ads, team:x",
        ] {
            let line = parse_line(raw, cat()).unwrap_or_else(|e| panic!("{raw}: {e}"));
            assert_eq!(write_line(&line), raw);
        }
    }

    #[test]
    fn a_window_pasted_with_a_raw_plus_reads_as_written() {
        // In a query string `+` is a space: the documented `l=T4*50@20:00+4h`, pasted, arrives
        // here as `T4*50@20:00 4h` and must mean the same window; the writer keeps the `+`.
        let pasted = parse_line("T4*50@20:00 4h", cat()).unwrap();
        assert_eq!(pasted, parse_line("T4*50@20:00+4h", cat()).unwrap());
        assert_eq!(write_line(&pasted), "T4*50@20:00+4h");
    }

    #[test]
    fn bad_lines_say_why() {
        for (raw, why) in [
            ("T5*4", "not a GPU model"),
            ("T4*0", "between"),
            ("T4*1e3", "plain decimal"),
            ("T4", "expected GPU*COUNT"),
            ("T4*5@25:99+4h", "bad start"),
            ("T4~0x168", "empty"),
            ("V100*4/0", "GPUs per machine \"0\""),
            ("V100*4/65", "from 1 to 64"),
            ("V100*4/one", "must be \"all\""),
            ("V100*4/", "GPUs per machine \"\""),
            ("T4*4,team:", "a team name has 1–32"),
            ("T4*4,team:  ", "a team name has 1–32"),
            ("T4*4,team:a\u{1b}[31m", "no control characters"),
            (&format!("T4*4,team:{}", "x".repeat(33)), "1–32 characters"),
        ] {
            let err = crate::l10n::Localize::text(
                &parse_line(raw, cat()).unwrap_err(),
                crate::format::Lang::En,
            );
            assert!(err.contains(why), "{raw}: {err}");
        }
    }

    #[test]
    fn every_place_has_its_link_word() {
        let slugs: Vec<&str> = Geo::all().into_iter().map(Geo::as_str).collect();
        assert_eq!(slugs, GEO_WORDS);
    }

    #[test]
    fn every_spread_has_its_link_word() {
        let slugs: Vec<&str> = Spread::ALL.into_iter().map(Spread::as_str).collect();
        assert_eq!(slugs, SPREAD_WORDS);
    }

    #[test]
    fn bad_placement_values_are_named_and_the_rest_kept() {
        let d = crate::share::decode(
            "preset=dev-test&geo=mars&spread=two&cpu=-1&ram=lots&h=10",
            cat(),
        );
        let named: Vec<(&str, &str)> = d
            .issues
            .iter()
            .map(|i| (i.param.as_str(), i.value.as_str()))
            .collect();
        assert_eq!(
            named,
            [
                ("geo", "mars"),
                ("spread", "two"),
                ("cpu", "-1"),
                ("ram", "lots")
            ]
        );
        let s = &d.state.scenario;
        assert_eq!(s.geo, Geo::Anywhere);
        assert_eq!(s.spread, Spread::AnyRegions);
        assert_eq!(s.host, crate::placement::HostFloor::default());
        assert_eq!(s.horizon.hours(), Decimal::from(10), "the rest is kept");
        let cleared = crate::share::decode("preset=dev-test&cpu=8&ram=none", cat());
        assert!(cleared.issues.is_empty());
        assert_eq!(
            cleared.state.scenario.host.vcpus_per_gpu,
            Some(Decimal::from(8))
        );
        assert_eq!(cleared.state.scenario.host.ram_gib_per_gpu, None);
    }

    #[test]
    fn custom_prices_round_trip() {
        for raw in [
            "alibaba:A10:od:8.7:CNY",
            "~My cluster:V100:month:2000:CNY",
            "aws:T4:spot:0.2:USD",
            "huawei:A10:od::CNY",
        ] {
            let p = parse_custom_price(raw, cat()).unwrap();
            assert_eq!(write_custom_price(&p), raw);
        }
        assert!(parse_custom_price("~:A10:od:1:CNY", cat()).is_err());
        assert!(parse_custom_price("nobody:A10:od:1:CNY", cat()).is_err());
        assert!(parse_custom_price("alibaba:A10:od:-1:CNY", cat()).is_err());
    }

    #[test]
    fn small_parsers() {
        assert_eq!(parse_tz("+08:00"), Some(480));
        assert_eq!(parse_tz("-05:30"), Some(-330));
        assert_eq!(parse_tz("+15:00"), None);
        assert_eq!(write_tz(-330), "-05:30");
        assert_eq!(
            parse_horizon("2026-11"),
            Some(Horizon::CalendarMonth {
                year: 2026,
                month: 11
            })
        );
        assert_eq!(parse_horizon("0"), None);
        assert_eq!(parse_horizon("9000"), None);
        assert_eq!(
            parse_money("1200CNY").map(write_money).as_deref(),
            Some("1200CNY")
        );
        assert_eq!(parse_money("CNY"), None);
        assert_eq!(parse_money("一二三CNY"), None);
    }
}
