//! One offer's price over time, as the catalog browser charts it: every dated price the
//! catalog has seen for the offer, mode and region (its [`history`](Catalog::history) and the
//! current price), oldest first, and the chart's SVG markup. Amounts stay in the price's own
//! currency, as published; the chart only places them.

use std::fmt::Write;

use chrono::NaiveDate;

use crate::billing_mode::BillingMode;
use crate::browse::CatalogRow;
use crate::catalog::Catalog;
use crate::format::{self, escape_html, Lang};
use crate::money::Money;

/// A dated price of the offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryPoint {
    /// The day it was current.
    pub as_of: NaiveDate,
    /// The price per hour, in its own currency.
    pub amount: Money,
    /// Whether it is the catalog's current price (the last point).
    pub current: bool,
}

/// What the browser's chart shows: whose price, and its dated points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceHistory {
    /// Offer id.
    pub offer: String,
    /// The billing mode charted.
    pub mode: BillingMode,
    /// The region charted.
    pub region: String,
    /// Two or more points, oldest first, the current price last.
    pub points: Vec<HistoryPoint>,
}

impl PriceHistory {
    /// The history of `row`'s on-demand price, when the catalog has seen an older dated
    /// price of it (and the current price carries a date).
    pub fn of_row(catalog: &Catalog, row: &CatalogRow) -> Option<PriceHistory> {
        let now = row.on_demand.as_ref()?.price;
        Self::of_offer(catalog, &row.offer.id, now.mode, &now.region)
    }

    /// The history of `offer`'s current price in `mode` and `region`, when the catalog has
    /// seen an older dated price of it (and the current price carries a date).
    pub fn of_offer(
        catalog: &Catalog,
        offer: &str,
        mode: BillingMode,
        region: &str,
    ) -> Option<PriceHistory> {
        let now = catalog
            .offer(offer)?
            .prices
            .iter()
            .find(|p| p.mode == mode && &*p.region == region)?;
        let current = now.as_of.date()?;
        let mut points: Vec<HistoryPoint> = catalog
            .history_of(offer, mode, region)
            .map(|h| HistoryPoint {
                as_of: h.as_of,
                amount: Money::new(h.amount, h.currency),
                current: false,
            })
            .collect();
        if points.is_empty() {
            return None;
        }
        points.push(HistoryPoint {
            as_of: current,
            amount: Money::new(now.amount, now.currency),
            current: true,
        });
        Some(PriceHistory {
            offer: offer.to_string(),
            mode,
            region: region.to_string(),
            points,
        })
    }

    /// The chart's heading: `Price history of CompShare 单卡 4090-24G (on-demand, cn)`.
    pub fn caption(&self, provider: &str, instance: &str, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "Price history of {provider} {instance} ({}, {})",
                self.mode, self.region
            ),
            Lang::Zh => format!(
                "{provider} {instance} 的历史价格（{}，{}）",
                self.mode, self.region
            ),
        }
    }
}

/// The chart's size in SVG units.
pub const WIDTH: f64 = 360.0;
/// The chart's height.
pub const HEIGHT: f64 = 140.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 28.0;

/// The inside of the chart's `<svg viewBox="0 0 360 140">`: a step line through the dated
/// prices (a price holds until the next one), a dot per price with its date and amount as a
/// tooltip, the first and last dates under the axis and the lowest and highest price beside
/// it. Every text is escaped.
pub fn history_svg(h: &PriceHistory, lang: Lang) -> String {
    let (first, last) = match (h.points.first(), h.points.last()) {
        (Some(f), Some(l)) => (f, l),
        _ => return String::new(),
    };
    let days = (last.as_of - first.as_of).num_days().max(1) as f64;
    let value = |p: &HistoryPoint| p.amount.amount.try_into().unwrap_or(0.0f64);
    let lo = h.points.iter().map(value).fold(f64::INFINITY, f64::min);
    let hi = h.points.iter().map(value).fold(f64::NEG_INFINITY, f64::max);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let x = |p: &HistoryPoint| {
        LEFT + (p.as_of - first.as_of).num_days() as f64 / days * (WIDTH - LEFT - RIGHT)
    };
    let y = |p: &HistoryPoint| {
        // A flat history sits mid-height.
        let share = if hi > lo { (value(p) - lo) / span } else { 0.5 };
        TOP + (1.0 - share) * (HEIGHT - TOP - BOTTOM)
    };
    let mut path = String::new();
    for (i, p) in h.points.iter().enumerate() {
        if i == 0 {
            let _ = write!(path, "M{:.1} {:.1}", x(p), y(p));
        } else {
            let _ = write!(path, " H{:.1} V{:.1}", x(p), y(p));
        }
    }
    let base = HEIGHT - BOTTOM;
    let mut s = String::with_capacity(512 + 160 * h.points.len());
    let _ = write!(
        s,
        r#"<line x1="{LEFT}" y1="{base}" x2="{}" y2="{base}" class="axis"/><path d="{path}" class="history"/>"#,
        WIDTH - RIGHT
    );
    for p in &h.points {
        let tip = point_text(p, lang);
        let _ = write!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" class="{}"><title>{}</title></circle>"#,
            x(p),
            y(p),
            if p.current { "point current" } else { "point" },
            escape_html(&tip)
        );
    }
    let label = |m: Money| escape_html(&format::rate(m));
    let low = h
        .points
        .iter()
        .min_by_key(|p| p.amount.amount)
        .unwrap_or(first);
    let high = h
        .points
        .iter()
        .max_by_key(|p| p.amount.amount)
        .unwrap_or(first);
    let _ = write!(
        s,
        r#"<text x="{}" y="{:.1}" text-anchor="end" class="tick">{}</text>"#,
        LEFT - 6.0,
        y(high) + 4.0,
        label(high.amount)
    );
    if high.amount != low.amount {
        let _ = write!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end" class="tick">{}</text>"#,
            LEFT - 6.0,
            y(low) + 4.0,
            label(low.amount)
        );
    }
    let _ = write!(
        s,
        r#"<text x="{LEFT}" y="{}" class="tick">{}</text><text x="{}" y="{}" text-anchor="end" class="tick">{}</text>"#,
        HEIGHT - 8.0,
        escape_html(&format::date(first.as_of, lang)),
        WIDTH - RIGHT,
        HEIGHT - 8.0,
        escape_html(&format::date(last.as_of, lang))
    );
    s
}

/// A point's tooltip: `¥2.08/h on 2025-10-01` or `¥1.66/h on 2026-05-13 (current)`.
pub fn point_text(p: &HistoryPoint, lang: Lang) -> String {
    let rate = format::rate(p.amount);
    let date = format::date(p.as_of, lang);
    match (lang, p.current) {
        (Lang::En, false) => format!("{rate}/h on {date}"),
        (Lang::En, true) => format!("{rate}/h on {date} (current)"),
        (Lang::Zh, false) => format!("{date}：{rate}/时"),
        (Lang::Zh, true) => format!("{date}：{rate}/时（当前）"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browse::{browse, CatalogFilter};
    use crate::catalog::embedded;
    use crate::fx::FxTable;
    use crate::money::Currency;

    fn history_of(offer: &str) -> PriceHistory {
        let c = &embedded().catalog;
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let rows = browse(
            c,
            &CatalogFilter::default(),
            &FxTable::from_catalog(c),
            Currency::Cny,
            today,
        );
        let row = rows.iter().find(|r| &*r.offer.id == offer).expect(offer);
        PriceHistory::of_row(c, row).expect("a history")
    }

    /// CompShare's RTX 4090: ¥2.08 (2025-10-01 notice), ¥1.67 (2025-12-31 notice), ¥1.66
    /// (the 2026-05-13 table) — the real data, charted as a falling step line.
    #[test]
    fn compshare_4090_history_is_charted_from_the_real_data() {
        let h = history_of("compshare/单卡 4090-24G");
        let points: Vec<String> = h.points.iter().map(|p| point_text(p, Lang::En)).collect();
        assert_eq!(
            points,
            [
                "¥2.08/h on 2025-10-01",
                "¥1.67/h on 2025-12-31",
                "¥1.66/h on 2026-05-13 (current)"
            ]
        );
        let svg = history_svg(&h, Lang::En);
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(
            svg.contains("<title>¥2.08/h on 2025-10-01</title>"),
            "{svg}"
        );
        assert!(
            svg.contains(">¥2.08</text>") && svg.contains(">¥1.66</text>"),
            "{svg}"
        );
        // The first price is highest: its dot is the topmost.
        let ys: Vec<f64> = svg
            .split("cy=\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap().parse().unwrap())
            .collect();
        assert!(ys[0] < ys[1] && ys[1] < ys[2], "{ys:?}");
        assert!(point_text(&h.points[2], Lang::Zh).ends_with("/时（当前）"));
    }

    /// Alibaba's 2024-10-10 price file held the same value the 2024-12-30 one lists.
    #[test]
    fn alibaba_history_is_flat_from_2024_10_to_2024_12() {
        let h = history_of("alibaba/ecs.gn6i-c16g1.4xlarge");
        let dates: Vec<String> = h.points.iter().map(|p| p.as_of.to_string()).collect();
        assert_eq!(dates, ["2024-10-10", "2024-12-30"]);
        assert_eq!(h.points[0].amount, h.points[1].amount);
        let svg = history_svg(&h, Lang::Zh);
        assert_eq!(
            svg.matches("class=\"tick\"").count(),
            3,
            "one price label, two dates"
        );
    }
}
