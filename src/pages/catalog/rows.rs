//! The catalog table's rows as text: every label and number formatted here, above `view!`,
//! so the component only lays them out (and this is tested natively).

use gpucost_core::billing_mode::BillingMode;
use gpucost_core::browse::{hourly_amount, CatalogRow, Quote};
use gpucost_core::catalog::{AsOf, Catalog, OfferFlag, PriceBasis};
use gpucost_core::format::{self, Lang};
use gpucost_core::l10n::labels;
use gpucost_core::money::Money;

use gpucost_core::l10n::ui::{places_unknown, Text};

/// One price cell: the normalized figure and a tooltip with the native price and its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceCell {
    /// e.g. `$2.7447`.
    pub text: String,
    /// Native price, unit, region, source and date.
    pub title: String,
    /// The price is older than the threshold or undated.
    pub old: bool,
}

/// One table row, ready to render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowView {
    /// Stable key (the offer id).
    pub key: String,
    /// Provider display name.
    pub provider: String,
    /// The provider's instance name.
    pub instance: String,
    /// `8 × NVIDIA A100 40GB · 320 GiB`.
    pub gpus: String,
    /// `96 vCPU · 1,152 GiB RAM`, when known.
    pub host: Option<String>,
    /// Region of the on-demand price shown.
    pub region: String,
    /// Countries of the offer's regions in the filtered region and place (`CN`, `JP, US`);
    /// empty when only regions of unknown place are priced, `—` when none is.
    pub place: String,
    /// How many of those regions have no known place (`+2 unknown`), when any.
    pub place_unknown: Option<String>,
    /// On-demand per GPU-hour.
    pub on_demand: Option<PriceCell>,
    /// Spot per GPU-hour.
    pub spot: Option<PriceCell>,
    /// On-demand per GB of GPU memory per hour.
    pub on_demand_gb: Option<PriceCell>,
    /// Cheapest committed price per GPU-hour.
    pub reserved: Option<PriceCell>,
    /// Cheapest subscription per GPU-hour if used all period.
    pub subscription: Option<PriceCell>,
    /// Source title of the on-demand price.
    pub source: String,
    /// Its date (`2026-01-21`, `≤ 2026-04-29`, or "date not stated").
    pub as_of: String,
    /// The on-demand price is old or undated.
    pub old: bool,
    /// The prices the on-demand price replaced (`was ¥2.08/h on 2025-10-01`), when any.
    pub was: Option<String>,
    /// Caveats as short labels.
    pub caveats: Vec<&'static str>,
}

fn as_of_text(as_of: AsOf, lang: Lang) -> String {
    match as_of {
        AsOf::On(d) => format::date(d, lang),
        AsOf::OnOrBefore(d) => format!("≤ {}", format::date(d, lang)),
        AsOf::Unknown => Text::DateUnknown.get(lang).to_string(),
    }
}

fn cell(catalog: &Catalog, quote: &Quote, value: Money, unit: Text, lang: Lang) -> PriceCell {
    let p = quote.price;
    let source = catalog
        .source(&p.source)
        .map(|s| s.title.as_ref())
        .unwrap_or(&p.source);
    let native = match p.mode {
        BillingMode::Subscription(period) => format!(
            "{} / {} ({} {}/h, {})",
            format::rate(Money::new(p.amount, p.currency)),
            period.as_str(),
            format::rate(hourly_amount(p)),
            "≈",
            Text::IfUsedAllPeriod.get(lang)
        ),
        _ => format!("{}/h", format::rate(Money::new(p.amount, p.currency))),
    };
    PriceCell {
        text: format!("{}{}", format::rate(value), unit.get(lang)),
        title: format!(
            "{native} · {} · {} · {source} · {}",
            p.mode,
            p.region,
            as_of_text(p.as_of, lang)
        ),
        old: quote.old,
    }
}

/// Formats `row` for `lang`.
pub fn row_view(catalog: &Catalog, row: &CatalogRow, lang: Lang) -> RowView {
    let o = row.offer;
    let per_gpu = |q: &Option<Quote>| {
        q.as_ref()
            .map(|q| cell(catalog, q, q.per_gpu_hour, Text::PerGpuHour, lang))
    };
    let memory = row
        .instance_memory_gib
        .map(|m| format!(" · {} GiB", format::number(m, 1)))
        .unwrap_or_default();
    let host = match (o.vcpus, o.ram_gib) {
        (Some(c), Some(r)) => Some(format!(
            "{} vCPU · {} GiB RAM",
            format::number(c, 1),
            format::number(r, 1)
        )),
        (Some(c), None) => Some(format!("{} vCPU", format::number(c, 1))),
        _ => None,
    };
    let mut caveats = Vec::new();
    if o.basis == PriceBasis::GpuComponent {
        caveats.push(Text::GpuComponentOnly.get(lang));
    }
    if o.flags.contains(&OfferFlag::MarketplaceListing) {
        caveats.push(Text::MarketplaceListing.get(lang));
    }
    if o.flags.contains(&OfferFlag::PublishedRange) {
        caveats.push(Text::PublishedRange.get(lang));
    }
    if o.flags.contains(&OfferFlag::GpuShareUnconfirmed) {
        caveats.push(Text::GpuShareUnconfirmed.get(lang));
    }
    let (source, as_of, old) = match &row.on_demand {
        Some(q) => (
            labels::source(catalog, &q.price.source, lang),
            as_of_text(q.price.as_of, lang),
            q.old,
        ),
        None => (String::new(), String::new(), false),
    };
    let place = if row.places.countries.is_empty() && row.places.unknown == 0 {
        "—".to_string()
    } else {
        row.places.countries.join(", ")
    };
    let place_unknown = (row.places.unknown > 0)
        .then(|| places_unknown(row.places.unknown, place.is_empty(), lang));
    RowView {
        key: o.id.to_string(),
        provider: match lang {
            Lang::En => row.provider.name.to_string(),
            Lang::Zh => row.provider.name_zh.to_string(),
        },
        instance: labels::instance(&o.instance, lang).to_string(),
        gpus: format!("{} × {}{memory}", format::number(o.gpus, 3), row.gpu.name),
        host,
        region: row
            .on_demand
            .as_ref()
            .map(|q| q.price.region.clone())
            .unwrap_or_default()
            .to_string(),
        place,
        place_unknown,
        on_demand: per_gpu(&row.on_demand),
        spot: per_gpu(&row.spot),
        on_demand_gb: row.on_demand.as_ref().and_then(|q| {
            q.per_gb_hour
                .map(|v| cell(catalog, q, v, Text::PerGbHour, lang))
        }),
        reserved: per_gpu(&row.committed),
        subscription: per_gpu(&row.subscription),
        source,
        as_of,
        old,
        was: row.on_demand.as_ref().and_then(|q| {
            gpucost_core::l10n::facts::was(
                catalog.history_of(&o.id, q.price.mode, &q.price.region),
                lang,
            )
        }),
        caveats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use gpucost_core::browse::{browse, CatalogFilter};
    use gpucost_core::catalog::embedded;
    use gpucost_core::fx::FxTable;
    use gpucost_core::money::Currency;

    #[test]
    fn p4d_row_reads_per_gpu_with_a_sourced_tooltip() {
        let c = &embedded().catalog;
        let filter = CatalogFilter {
            text: "p4d.24xlarge".into(),
            ..Default::default()
        };
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let rows = browse(c, &filter, &FxTable::from_catalog(c), Currency::Usd, today);
        let row = rows
            .iter()
            .find(|r| r.offer.id == "aws/p4d.24xlarge")
            .unwrap();
        let v = row_view(c, row, Lang::En);
        assert_eq!(v.gpus, "8 × NVIDIA A100 40GB · 320 GiB");
        let od = v.on_demand.unwrap();
        assert!(od.text.ends_with("/GPU-h"), "{}", od.text);
        assert!(
            od.title.contains("/h") && od.title.contains("2026-01-21"),
            "{}",
            od.title
        );
        assert_eq!(v.as_of, "2026-01-21");
        let zh = row_view(c, row, Lang::Zh);
        assert_eq!(zh.as_of, "2026年1月21日");
        assert!(zh.on_demand.unwrap().text.ends_with("/卡·时"));
        // Every country the offer is priced in, in order: `AU, BR, …, US`.
        assert!(
            v.place.starts_with("AU, ") && v.place.ends_with(", US"),
            "{}",
            v.place
        );
        assert_eq!(v.place_unknown, None);
    }

    /// The catalog browser showed only the newest CompShare price; the dated notices it
    /// replaced are now shown under the source as "was …" (issue 32).
    #[test]
    fn a_compshare_row_says_what_its_price_was() {
        let c = &embedded().catalog;
        let filter = CatalogFilter {
            text: "4090-24G".into(),
            ..Default::default()
        };
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let rows = browse(c, &filter, &FxTable::from_catalog(c), Currency::Cny, today);
        let row = rows
            .iter()
            .find(|r| &*r.offer.id == "compshare/单卡 4090-24G")
            .expect("the CompShare 4090 row");
        let v = row_view(c, row, Lang::En);
        assert_eq!(
            v.was.as_deref(),
            Some("was ¥2.08/h on 2025-10-01, ¥1.67/h on 2025-12-31")
        );
        let p4d = browse(
            c,
            &CatalogFilter {
                text: "p4d.24xlarge".into(),
                ..Default::default()
            },
            &FxTable::from_catalog(c),
            Currency::Usd,
            today,
        );
        assert!(p4d.iter().all(|r| row_view(c, r, Lang::En).was.is_none()));
    }

    #[test]
    fn place_names_countries_and_counts_unknown_regions() {
        let c = &embedded().catalog;
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let fx = FxTable::from_catalog(c);
        let all = browse(c, &CatalogFilter::default(), &fx, Currency::Usd, today);
        let unknown = all
            .iter()
            .find(|r| r.places.unknown > 0 && r.places.countries.is_empty())
            .expect("an offer whose regions have no known place");
        let v = row_view(c, unknown, Lang::En);
        assert_eq!(v.place, "");
        let n = unknown.places.unknown;
        assert_eq!(v.place_unknown.as_deref(), Some(&*format!("{n} unknown")));
        let zh = row_view(c, unknown, Lang::Zh);
        assert_eq!(
            zh.place_unknown.as_deref(),
            Some(&*format!("{n} 个位置未知"))
        );

        let cn = CatalogFilter {
            place: gpucost_core::placement::Geo::MainlandChina,
            ..Default::default()
        };
        let rows = browse(c, &cn, &fx, Currency::Usd, today);
        assert!(!rows.is_empty());
        for r in &rows {
            let v = row_view(c, r, Lang::En);
            assert_eq!(
                (v.place.as_str(), v.place_unknown),
                ("CN", None),
                "{}",
                v.key
            );
        }
    }
}
