//! Turning the upstream price files into offers with prices.
//!
//! Each function reads one file and adds offers or prices to an [`OfferSet`]; the set refuses
//! a second, different price for the same offer, mode and region, so two files that disagree
//! stop the import with both locations named.

use std::collections::BTreeMap;

use gpucost_core::billing_mode::{BillingMode, Commitment, CommitmentKind, Payment, Period, Term};
use gpucost_core::catalog::{
    AsOf, Offer, OfferFlag, PastPrice, Price, PriceBasis, Source, SourceKind,
};
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

use crate::gpus::offer_spec;
use crate::table::{Row, Table};
use crate::ImportError;

/// Offers under construction, keyed by id.
#[derive(Default)]
pub struct OfferSet {
    offers: BTreeMap<String, Offer>,
}

impl OfferSet {
    /// The finished offers, sorted by id, each with prices in a stable order.
    pub fn finish(self) -> Vec<Offer> {
        self.offers
            .into_values()
            .map(|mut o| {
                o.prices.to_mut().sort_by(|a, b| {
                    (a.mode, &a.region, a.amount).cmp(&(b.mode, &b.region, b.amount))
                });
                o
            })
            .collect()
    }

    /// The offer `id`, to change its prices (a refreshed price replacing an older one).
    pub(crate) fn offer_mut(&mut self, id: &str) -> Option<&mut Offer> {
        self.offers.get_mut(id)
    }

    fn insert_offer(&mut self, row: &Row, offer: Offer) -> Result<(), ImportError> {
        if let Some(existing) = self.offers.get(&*offer.id) {
            // A file that does not state the memory agrees with one that does.
            let same = existing.gpu == offer.gpu
                && existing.gpus == offer.gpus
                && (offer.gpu_memory_gib.is_none()
                    || existing.gpu_memory_gib == offer.gpu_memory_gib);
            if !same {
                return Err(row.error(
                    "instance",
                    format!(
                        "offer {} already exists with a different GPU configuration",
                        offer.id
                    ),
                ));
            }
            return Ok(());
        }
        self.offers.insert(offer.id.to_string(), offer);
        Ok(())
    }

    fn add_price(&mut self, row: &Row, id: &str, price: Price) -> Result<(), ImportError> {
        let offer = self.offers.get_mut(id).ok_or_else(|| {
            row.error(
                "instance_type",
                format!("no offer {id:?} to attach a price to"),
            )
        })?;
        if let Some(existing) = offer
            .prices
            .iter()
            .find(|p| p.mode == price.mode && p.region == price.region)
        {
            if existing.amount != price.amount || existing.currency != price.currency {
                return Err(row.error(
                    "price",
                    format!(
                        "{} {} in {} is {} here but {} elsewhere",
                        id, price.mode, price.region, price.amount, existing.amount
                    ),
                ));
            }
            return Ok(());
        }
        offer.prices.to_mut().push(price);
        Ok(())
    }
}

pub(crate) fn offer_id(provider: &str, instance: &str) -> String {
    format!("{provider}/{instance}")
}

/// `gpu_offers.csv`: one offer per provider and instance type, with its cheapest prices.
pub fn read_gpu_offers(table: &Table, set: &mut OfferSet) -> Result<(), ImportError> {
    for row in table.rows() {
        let provider = row.required("provider")?;
        let instance = row.required("instance_type")?;
        let source = row.required("source")?.to_string();
        let as_of = row.as_of("data_date")?;
        let basis = match row.required("price_basis")? {
            "instance" => PriceBasis::Instance,
            "per_gpu_hour" => PriceBasis::PerGpu,
            "host_vm_plus_gpu" => PriceBasis::HostPlusGpu,
            other => return Err(row.error("price_basis", format!("unknown basis {other:?}"))),
        };
        let mut flags = Vec::new();
        match row.text("flags")? {
            "" => {}
            "min_below_60pct_of_regional_median" => flags.push(OfferFlag::OutlierMinimum),
            "spot_not_below_on_demand_in_some_regions_dropped" => {
                flags.push(OfferFlag::SpotAboveOnDemandDropped)
            }
            other => return Err(row.error("flags", format!("unknown flag {other:?}"))),
        }
        if provider == "vast" {
            flags.push(OfferFlag::MarketplaceListing);
        }
        if matches!(provider, "seeweb" | "scaleway") {
            flags.push(OfferFlag::CurrencyAssumedUsd);
        }
        if source.starts_with("sky-v6-") {
            flags.push(OfferFlag::OldSnapshot);
        }
        let gpu = row.required("gpu_model")?;
        let variant = row.required("gpu_variant")?;
        let id = offer_id(provider, instance);
        set.insert_offer(
            &row,
            Offer {
                id: id.clone().into(),
                provider: provider.to_string().into(),
                instance: instance.to_string().into(),
                gpu: gpu.to_string().into(),
                variant: variant.to_string().into(),
                gpus: row.positive("gpu_count")?,
                gpu_memory_gib: row.decimal("gpu_memory_gib")?,
                vcpus: row.decimal("vcpus")?,
                ram_gib: row.decimal("memory_gib")?,
                basis,
                spec: offer_spec(gpu, variant).map(|s| s.to_string().into()),
                flags: flags.into(),
                prices: Vec::new().into(),
            },
        )?;
        let usd = |amount, region: &str, mode| Price {
            mode,
            region: region.to_string().into(),
            amount,
            currency: Currency::Usd,
            source: source.clone().into(),
            as_of,
        };
        let od = usd(
            row.positive("on_demand_usd_per_hour")?,
            &row.region("region")?,
            BillingMode::OnDemand,
        );
        set.add_price(&row, &id, od)?;
        if let Some(spot) = row.decimal("spot_usd_per_hour")? {
            let price = usd(spot, &row.region("spot_region")?, BillingMode::Spot);
            set.add_price(&row, &id, price)?;
        }
    }
    Ok(())
}

/// `gpu_offers_by_region.csv`: on-demand and spot prices in more regions.
pub fn read_by_region(
    table: &Table,
    set: &mut OfferSet,
    as_of_of: impl Fn(&str) -> Option<AsOf>,
) -> Result<(), ImportError> {
    for row in table.rows() {
        let id = offer_id(row.required("provider")?, row.required("instance_type")?);
        let region = row.region("region")?;
        let source = row.required("source")?;
        let as_of = as_of_of(&id)
            .ok_or_else(|| row.error("instance_type", "offer not in gpu_offers.csv"))?;
        let price = |amount, mode| Price {
            mode,
            region: region.clone().into(),
            amount,
            currency: Currency::Usd,
            source: source.to_string().into(),
            as_of,
        };
        set.add_price(
            &row,
            &id,
            price(
                row.positive("on_demand_usd_per_hour")?,
                BillingMode::OnDemand,
            ),
        )?;
        if let Some(spot) = row.decimal("spot_usd_per_hour")? {
            set.add_price(&row, &id, price(spot, BillingMode::Spot))?;
        }
    }
    Ok(())
}

/// `cny_gpu_prices.csv`: AWS China offers in CNY. Rows whose GPU model is not named (an
/// institutional tariff for "GPU(ACD)" cards) cannot join the GPU table and are skipped;
/// returns how many were skipped.
pub fn read_cny(table: &Table, set: &mut OfferSet) -> Result<usize, ImportError> {
    let mut skipped = 0;
    for row in table.rows() {
        let provider = row.required("provider")?;
        if row.text("gpu_model")?.is_empty() {
            skipped += 1;
            continue;
        }
        if provider != "aws-china" {
            return Err(row.error("provider", format!("unexpected provider {provider:?}")));
        }
        if row.required("price_type")? != "on_demand_linux" {
            return Err(row.error("price_type", "only on_demand_linux is understood"));
        }
        let instance = row.required("instance_type")?;
        let id = offer_id(provider, instance);
        set.insert_offer(
            &row,
            Offer {
                id: id.clone().into(),
                provider: provider.to_string().into(),
                instance: instance.to_string().into(),
                gpu: normalize_aws_china_gpu(row.required("gpu_model")?)
                    .to_string()
                    .into(),
                variant: row.required("gpu_model")?.to_string().into(),
                gpus: row.positive("gpu_count")?,
                gpu_memory_gib: row.decimal("gpu_memory_gib")?,
                vcpus: row.decimal("vcpus")?,
                ram_gib: row.decimal("memory_gib")?,
                basis: PriceBasis::Instance,
                spec: None,
                flags: Vec::new().into(),
                prices: Vec::new().into(),
            },
        )?;
        let price = Price {
            mode: BillingMode::OnDemand,
            region: row.required("region")?.to_string().into(),
            amount: row.positive("price_cny_per_hour")?,
            currency: Currency::Cny,
            source: row.required("source")?.to_string().into(),
            as_of: row.as_of("data_date")?,
        };
        set.add_price(&row, &id, price)?;
    }
    Ok(skipped)
}

/// The AWS China records spell one model differently from the rest of the data.
fn normalize_aws_china_gpu(raw: &str) -> &str {
    match raw {
        "NVIDIAT4TensorCore" => "T4",
        other => other,
    }
}

fn commitment(row: &Row) -> Result<Commitment, ImportError> {
    let kind = match row.required("commitment")? {
        "reserved_instance_standard" => CommitmentKind::ReservedStandard,
        "reserved_instance_convertible" => CommitmentKind::ReservedConvertible,
        "savings_plan" => CommitmentKind::SavingsPlan,
        "committed_use_discount" => CommitmentKind::CommittedUse,
        other => return Err(row.error("commitment", format!("unknown commitment {other:?}"))),
    };
    let term = match row.required("term")? {
        "3mo" => Term::Months3,
        "6mo" => Term::Months6,
        "1y" => Term::Year1,
        "3y" => Term::Year3,
        other => return Err(row.error("term", format!("unknown term {other:?}"))),
    };
    let payment = match row.required("payment_option")? {
        "no_upfront" => Payment::NoUpfront,
        "partial_upfront" => Payment::PartialUpfront,
        "all_upfront" => Payment::AllUpfront,
        "monthly_commitment" => Payment::Monthly,
        p if p.starts_with("prepaid") => Payment::Prepaid,
        other => return Err(row.error("payment_option", format!("unknown payment {other:?}"))),
    };
    Ok(Commitment {
        kind,
        term,
        payment,
    })
}

/// Google Cloud GPU SKU names to the price catalog's GPU models.
fn gcp_sku_gpu(model: &str) -> Option<(&'static str, &'static str)> {
    Some(match model {
        "A100" => ("A100-40GB", "A100"),
        "A100-80GB" => ("A100-80GB", "A100-80GB"),
        "H100" => ("H100", "H100"),
        "H100-MEGA" => ("H100", "H100-MEGA"),
        "H200" => ("H200", "H200"),
        "L4" => ("L4", "L4"),
        "P100" => ("P100", "P100"),
        "P4" => ("P4", "P4"),
        "T4" => ("T4", "T4"),
        "V100" => ("V100-16GB", "V100"),
        _ => return None,
    })
}

/// `reserved_and_committed_prices.csv`: committed prices (and the matching on-demand price
/// from the same source, which adds regions the offers file does not list). A zero price means
/// the SKU is not sold in that location; such rows are skipped and counted.
pub fn read_reserved(table: &Table, set: &mut OfferSet) -> Result<usize, ImportError> {
    let mut zero = 0;
    for row in table.rows() {
        if row.decimal("price_per_hour")? == Some(Decimal::ZERO) {
            zero += 1;
            continue;
        }
        let provider = row.required("provider")?;
        let instance = row.required("instance_type")?;
        let currency: Currency = row.required("currency")?.parse().map_err(
            |e: gpucost_core::money::UnknownCurrency| row.error("currency", e.to_string()),
        )?;
        let region = row.required("region")?;
        let source = row.required("source")?;
        let as_of = row.as_of("data_date")?;
        let id = match provider {
            "aws" | "aws-china" => offer_id(provider, instance),
            "runpod" => offer_id(provider, &format!("{instance} (SECURE)")),
            "gcp" => {
                let (gpu, variant) = gcp_sku_gpu(row.required("gpu_model")?)
                    .ok_or_else(|| row.error("gpu_model", "no catalog GPU for this SKU"))?;
                let id = offer_id(provider, instance);
                set.insert_offer(
                    &row,
                    Offer {
                        id: id.clone().into(),
                        provider: provider.to_string().into(),
                        instance: instance.to_string().into(),
                        gpu: gpu.to_string().into(),
                        variant: variant.to_string().into(),
                        gpus: row.positive("gpu_count")?,
                        gpu_memory_gib: None,
                        vcpus: None,
                        ram_gib: None,
                        basis: PriceBasis::GpuComponent,
                        spec: None,
                        flags: Vec::new().into(),
                        prices: Vec::new().into(),
                    },
                )?;
                id
            }
            other => return Err(row.error("provider", format!("unexpected provider {other:?}"))),
        };
        let price = |mode, amount| Price {
            mode,
            region: region.to_string().into(),
            amount,
            currency,
            source: source.to_string().into(),
            as_of,
        };
        let committed = price(
            BillingMode::Committed(commitment(&row)?),
            row.positive("price_per_hour")?,
        );
        set.add_price(&row, &id, committed)?;
        if let Some(od) = row.decimal("on_demand_per_hour")?.filter(|d| !d.is_zero()) {
            set.add_price(&row, &id, price(BillingMode::OnDemand, od))?;
        }
    }
    Ok(zero)
}

/// Which curated source id a `cn_gpu_prices.csv` document path belongs to.
pub(crate) fn cn_source(path: &str) -> Option<&'static str> {
    let table = [
        (
            "qcloud-documents@6668870dc583",
            "tencent-gpu-prices-cn-2021",
        ),
        (
            "qcloud-documents@b5e0f16ef316",
            "tencent-gpu-prices-cn-2019",
        ),
        (
            "intlcloud-documents@147803083c1c",
            "tencent-gpu-prices-intl-2021",
        ),
        ("featurize-doc@ae41f19639f8", "featurize-prices-2021"),
        (
            "karpenter-provider-alibabacloud@5d2e077457ab",
            "alibaba-ecs-prices-2024-12",
        ),
        (
            "karpenter-provider-alibabacloud@101a6dc7538a",
            "alibaba-ecs-prices-2024-10",
        ),
    ];
    if let Some((_, id)) = table.iter().find(|(k, _)| path.contains(k)) {
        return Some(id);
    }
    if path.contains("intlcloud-documents@b7e17ea691c4") {
        if path.contains("GPU 云服务器") {
            return Some("tencent-gpu-prices-intl-2023");
        }
        if path.contains("云服务器价格(Linux)") {
            return Some("tencent-cvm-prices-intl-2023");
        }
    }
    None
}

pub(crate) fn cn_region(raw: &str) -> (String, bool) {
    match raw {
        "China mainland (reference list price)" => ("cn-mainland".into(), false),
        "China mainland (lowest listed of published range)" => {
            ("cn-mainland:range-low".into(), true)
        }
        "China mainland (highest listed of published range)" => {
            ("cn-mainland:range-high".into(), true)
        }
        "China (platform-wide)" => ("cn".into(), false),
        other => (
            other.split_whitespace().next().unwrap_or(other).to_string(),
            false,
        ),
    }
}

/// Parses "1-day 9 元, 7-day 48 元, 30-day 180 元" out of a Featurize note.
fn featurize_long_rentals(note: &str) -> Vec<(Period, Decimal)> {
    let mut found = Vec::new();
    for (label, period) in [
        ("1-day", Period::Day),
        ("7-day", Period::Week),
        ("30-day", Period::Days30),
    ] {
        if let Some(rest) = note.split(label).nth(1) {
            let number: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            if let Ok(v) = number.parse::<Decimal>() {
                found.push((period, v));
            }
        }
    }
    found
}

/// `cn_gpu_prices.csv` and `alibaba_gpu_prices.csv` (same columns): Tencent Cloud (CN in
/// CNY, international in USD), Featurize and Alibaba Cloud (CNY, also for its regions outside
/// mainland China: the China site's list).
pub fn read_cn(table: &Table, set: &mut OfferSet) -> Result<(), ImportError> {
    for row in table.rows() {
        let currency: Currency = row.required("currency")?.parse().map_err(
            |e: gpucost_core::money::UnknownCurrency| row.error("currency", e.to_string()),
        )?;
        let provider = match (row.required("provider")?, currency) {
            ("tencent", Currency::Cny) => "tencent",
            ("tencent", Currency::Usd) => "tencent-intl",
            ("featurize", Currency::Cny) => "featurize",
            ("alibaba", Currency::Cny) => "alibaba",
            (p, c) => {
                return Err(row.error("provider", format!("unexpected provider {p:?} in {c}")))
            }
        };
        let instance = row.required("product_or_instance")?;
        let gpu = row.required("gpu_model")?;
        let (region, range) = cn_region(row.required("region")?);
        let path = row.required("source_url_or_repo_path")?;
        let source = cn_source(path).ok_or_else(|| {
            row.error(
                "source_url_or_repo_path",
                format!("no curated source for {path:?}"),
            )
        })?;
        let id = offer_id(provider, instance);
        let gpus = row.positive("gpu_count")?;
        // Tencent prints a vGPU slice's own memory (4 GB for ¼ T4); the rest of the data gives
        // the whole card's, so convert to keep `gpus × gpu_memory_gib` the instance's memory.
        let gpu_memory_gib =
            row.decimal("gpu_memory_gib")?
                .map(|m| if gpus < Decimal::ONE { m / gpus } else { m });
        set.insert_offer(
            &row,
            Offer {
                id: id.clone().into(),
                provider: provider.to_string().into(),
                instance: instance.to_string().into(),
                gpu: gpu.to_string().into(),
                variant: gpu.to_string().into(),
                gpus,
                gpu_memory_gib,
                vcpus: row.decimal("vcpus")?,
                ram_gib: row.decimal("memory_gib")?,
                basis: if provider == "featurize" {
                    PriceBasis::PerGpu
                } else {
                    PriceBasis::Instance
                },
                spec: None,
                flags: Vec::new().into(),
                prices: Vec::new().into(),
            },
        )?;
        if range {
            let offer = set.offers.get_mut(&id).expect("just inserted");
            if !offer.flags.contains(&OfferFlag::PublishedRange) {
                offer.flags.to_mut().push(OfferFlag::PublishedRange);
            }
        }
        let as_of = AsOf::On(row.date("as_of")?);
        let mode = match (
            row.required("billing_mode")?,
            row.required("unit")?,
            provider,
        ) {
            ("on_demand_hourly", "per_hour", _) => BillingMode::OnDemand,
            ("monthly", "per_month", "featurize") => BillingMode::Subscription(Period::Days30),
            ("monthly", "per_month", _) => BillingMode::Subscription(Period::Month),
            (m, u, _) => {
                return Err(row.error("billing_mode", format!("unexpected {m:?} per {u:?}")))
            }
        };
        let price = |mode, amount| Price {
            mode,
            region: region.clone().into(),
            amount,
            currency,
            source: source.to_string().into(),
            as_of,
        };
        let amount = row.positive("price")?;
        set.add_price(&row, &id, price(mode, amount))?;
        if provider == "featurize" {
            for (period, amount) in featurize_long_rentals(row.text("notes")?) {
                set.add_price(&row, &id, price(BillingMode::Subscription(period), amount))?;
            }
        }
    }
    Ok(())
}

/// An offer from a row of the `dated_2026/` files (columns `gpu_count`, `gpu_memory_gib`,
/// `vcpus`, `ram_gib`), named `provider/instance`.
fn dated_offer(
    row: &Row,
    provider: &str,
    instance: &str,
    gpu: &str,
    variant: &str,
    basis: PriceBasis,
) -> Result<Offer, ImportError> {
    Ok(Offer {
        id: offer_id(provider, instance).into(),
        provider: provider.to_string().into(),
        instance: instance.to_string().into(),
        gpu: gpu.to_string().into(),
        variant: variant.to_string().into(),
        gpus: row.positive("gpu_count")?,
        gpu_memory_gib: row.decimal("gpu_memory_gib")?,
        vcpus: row.decimal("vcpus")?,
        ram_gib: row.decimal("ram_gib")?,
        basis,
        spec: None,
        flags: Vec::new().into(),
        prices: Vec::new().into(),
    })
}

/// CompShare's spot price as a share of its on-demand list price: 抢占式实例 "定价为独占式实例的
/// 7折" (GPU release notes, 2026-03; source `compshare-spot-2026-03`).
const COMPSHARE_SPOT_SHARE: Decimal = Decimal::from_parts(7, 0, 0, false, 1);

/// Which curated source id a `compshare_cny.csv` document path belongs to.
fn compshare_source(path: &str) -> Option<&'static str> {
    const DOCS: &str = "BennielAllan/compshare-docs@ad2bf8f8f1e11f8521002131eea6a16c61c2413e:";
    let page = path.strip_prefix(DOCS)?;
    Some(match page {
        "pages/operation/charge/bill.md" => "compshare-bill",
        // The dated price notices, older than the price table for every card and mode: history.
        "pages/overview/specialevent/event0.md" => "compshare-notice-2025-10-01",
        "pages/overview/specialevent/event1.md" => "compshare-notice-2025-11-11",
        "pages/overview/specialevent/event3.md" => "compshare-notice-2025-12-31",
        _ => return None,
    })
}

/// The catalog GPU of a CompShare row: the file's model, except the card the price table
/// writes "v100s 32G", a V100S (its own PCIe card, not the V100 SXM2 the id `V100-32GB`
/// stands for).
fn compshare_gpu<'r>(instance: &str, model: &'r str) -> &'r str {
    if instance.to_ascii_lowercase().contains("v100s") {
        "V100S"
    } else {
        model
    }
}

/// What `compshare_cny.csv` gave that the catalog does not hold.
#[derive(Debug, Default, PartialEq)]
pub struct CompshareSkipped {
    /// Rows of the no-GPU mode (a stopped instance booted without its GPU).
    pub no_gpu: usize,
    /// Dated notice prices older than the newest price of the same card and mode: the
    /// catalog's price history ([`Catalog::history`](gpucost_core::catalog::Catalog::history)).
    pub history: Vec<PastPrice>,
}

/// `shared/catalog/sources/dated_2026/compshare_cny.csv`: 优云智算 CompShare's single-card
/// prices (CNY): on demand per hour, 包日 per day and 包月 per calendar month, each the newest
/// the file gives for that card; and a spot price at [`COMPSHARE_SPOT_SHARE`] of each
/// on-demand price, as the platform prices spot instances.
pub fn read_compshare(table: &Table, set: &mut OfferSet) -> Result<CompshareSkipped, ImportError> {
    let mut skipped = CompshareSkipped::default();
    let key = |row: &Row| -> Result<(String, String), ImportError> {
        let gpu = compshare_gpu(row.required("instance")?, row.required("gpu_model")?);
        Ok((gpu.to_string(), row.required("mode")?.to_string()))
    };
    // The newest date per card and mode: older rows are history.
    let mut newest: BTreeMap<(String, String), chrono::NaiveDate> = BTreeMap::new();
    for row in table.rows() {
        if row.required("gpu_model")? == "none" {
            continue;
        }
        let date = row.date("as_of")?;
        let slot = newest.entry(key(&row)?).or_insert(date);
        *slot = (*slot).max(date);
    }
    for row in table.rows() {
        if row.required("provider")? != "compshare" {
            return Err(row.error("provider", "only compshare rows are expected"));
        }
        if row.required("currency")? != "CNY" {
            return Err(row.error("currency", "CompShare prices are in CNY"));
        }
        if row.required("gpu_model")? == "none" {
            skipped.no_gpu += 1;
            continue;
        }
        let date = row.date("as_of")?;
        let is_history = newest.get(&key(&row)?) != Some(&date);
        let instance = row.required("instance")?;
        let gpu = compshare_gpu(instance, row.required("gpu_model")?);
        let id = offer_id("compshare", instance);
        let variant = instance.strip_prefix("单卡 ").unwrap_or(instance);
        // A single-card instance's price covers its GPU, vCPUs and memory.
        let offer = dated_offer(
            &row,
            "compshare",
            instance,
            gpu,
            variant,
            PriceBasis::PerGpu,
        )?;
        if !is_history {
            set.insert_offer(&row, offer)?;
        }
        let mode = match (row.required("mode")?, row.required("unit")?) {
            ("on-demand", "hour") => BillingMode::OnDemand,
            ("daily-prepaid (包日)", "day") => BillingMode::Subscription(Period::Day),
            ("monthly (包月)", "month") => BillingMode::Subscription(Period::Month),
            (m, u) => return Err(row.error("mode", format!("unexpected {m:?} per {u:?}"))),
        };
        let path = row.required("source")?;
        let source = compshare_source(path)
            .ok_or_else(|| row.error("source", format!("no curated source for {path:?}")))?;
        let region = if row.required("region")?.starts_with("platform-wide") {
            "cn"
        } else {
            return Err(row.error("region", "only platform-wide prices are expected"));
        };
        let amount = row.positive("amount")?;
        if is_history {
            // The notices name some cards differently ("单卡 4090" for the table's "单卡
            // 4090-24G"): the offer is the table's offer of the same GPU, found below.
            skipped.history.push(PastPrice {
                offer: gpu.to_string().into(),
                mode,
                region: region.into(),
                amount,
                currency: Currency::Cny,
                source: source.into(),
                as_of: date,
            });
            continue;
        }
        let price = |mode, amount, source: &str| Price {
            mode,
            region: region.into(),
            amount,
            currency: Currency::Cny,
            source: source.to_string().into(),
            as_of: AsOf::On(date),
        };
        set.add_price(&row, &id, price(mode, amount, source))?;
        if mode == BillingMode::OnDemand {
            let spot = price(
                BillingMode::Spot,
                amount * COMPSHARE_SPOT_SHARE,
                "compshare-spot-2026-03",
            );
            set.add_price(&row, &id, spot)?;
        }
    }
    for h in &mut skipped.history {
        let offer = set
            .offers
            .values()
            .find(|o| o.provider == "compshare" && o.gpu == h.offer)
            .ok_or_else(|| {
                ImportError::Curated(format!(
                    "compshare_cny.csv: a {} notice price has no card in the price table",
                    h.offer
                ))
            })?;
        h.offer = offer.id.clone();
    }
    skipped.history.sort_by(|a, b| {
        (&a.offer, a.mode, &a.region, a.as_of).cmp(&(&b.offer, b.mode, &b.region, b.as_of))
    });
    Ok(skipped)
}

/// The region of a price whose source names none (Alibaba Cloud International's lowest price
/// over regions, the neoclouds' dated 2026 rows): its place is unknown, so no place filter
/// counts it.
pub const REGION_NOT_NAMED: &str = "region-not-named";

/// `shared/catalog/sources/dated_2026/alibaba_intl_usd.csv`: Alibaba Cloud international's
/// pay-as-you-go prices in USD (provider `alibaba-intl`), each the lowest over regions, in
/// [`REGION_NOT_NAMED`]. Each row cites its own file (`owner/repo@commit:path`), so each gets
/// a source of its own, returned for the catalog's source list.
pub fn read_alibaba_intl(table: &Table, set: &mut OfferSet) -> Result<Vec<Source>, ImportError> {
    let mut sources: Vec<Source> = Vec::new();
    for row in table.rows() {
        if row.required("provider")? != "alibaba" || row.required("currency")? != "USD" {
            return Err(row.error("provider", "only Alibaba Cloud rows in USD are expected"));
        }
        if row.required("region")? != "min over regions (not stated)" {
            return Err(row.error(
                "region",
                "only the unnamed minimum over regions is expected",
            ));
        }
        if (row.required("mode")?, row.required("unit")?) != ("on-demand", "hour") {
            return Err(row.error("mode", "only on-demand hourly prices are expected"));
        }
        let instance = row.required("instance")?;
        let gpu = row.required("gpu_model")?;
        let id = offer_id("alibaba-intl", instance);
        let offer = dated_offer(
            &row,
            "alibaba-intl",
            instance,
            gpu,
            gpu,
            PriceBasis::Instance,
        )?;
        set.insert_offer(&row, offer)?;
        let locator = row.required("source")?;
        let source_id = format!("sparecores-alicloud/{instance}");
        sources.push(Source {
            id: source_id.clone().into(),
            title: format!(
                "Spare Cores navigator description input for Alibaba Cloud {instance}: the lowest pay-as-you-go USD price over the regions its crawler collected (region not stated)"
            )
            .into(),
            locator: locator.to_string().into(),
            kind: SourceKind::Aggregator,
            license: "Spare Cores data (licence of the repository not checked)".into(),
        });
        let price = Price {
            mode: BillingMode::OnDemand,
            region: REGION_NOT_NAMED.into(),
            amount: row.positive("amount")?,
            currency: Currency::Usd,
            source: source_id.into(),
            as_of: AsOf::On(row.date("as_of")?),
        };
        set.add_price(&row, &id, price)?;
    }
    Ok(sources)
}

/// What `neoclouds_usd.csv` gave that the catalog cannot hold.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct NeocloudSkipped {
    /// Reserved or contract prices whose term, commitment kind or payment is not stated.
    pub commitment_unstated: usize,
    /// Monthly prices (Paperspace's, one of a GPU the row does not say the memory of).
    pub monthly: usize,
}

/// The offer name of a `neoclouds_usd.csv` row: Verda's rows name the mode in the instance
/// ("RTXA6000 Spot instance (1x GPU)"), which is the offer's price mode, not another offer.
fn neocloud_instance(instance: &str) -> String {
    instance
        .replace(" Spot instance", "")
        .replace(" On-demand instance", "")
}

/// `shared/catalog/sources/dated_2026/neoclouds_usd.csv`: dated 2026 on-demand and spot
/// prices (USD) of neoclouds the catalog already lists (Nebius, JarvisLabs, Paperspace,
/// Hyperstack, Hyperbolic, Verda, RunPod, Lambda) in [`REGION_NOT_NAMED`] (the rows do not say
/// where): a row of an instance the catalog has adds its price to that offer, any other is an
/// offer of its own. A per-GPU-hour price of an instance of
/// several GPUs is multiplied by its GPU count (the catalog prices whole instances). Each
/// file the rows cite becomes a source (`dated-2026/<provider>`), returned for the catalog.
pub fn read_neoclouds(
    table: &Table,
    set: &mut OfferSet,
) -> Result<(Vec<Source>, NeocloudSkipped), ImportError> {
    let mut sources: Vec<Source> = Vec::new();
    let mut skipped = NeocloudSkipped::default();
    for row in table.rows() {
        let provider = row.required("provider")?;
        if row.required("currency")? != "USD" || row.required("region")? != "not stated" {
            return Err(row.error("region", "only USD prices of no stated region are expected"));
        }
        let mode = match row.required("mode")? {
            "on-demand" => BillingMode::OnDemand,
            "spot" => BillingMode::Spot,
            "monthly" => {
                skipped.monthly += 1;
                continue;
            }
            m if m.starts_with("reserved") => {
                skipped.commitment_unstated += 1;
                continue;
            }
            other => return Err(row.error("mode", format!("unexpected mode {other:?}"))),
        };
        let gpus = row.positive("gpu_count")?;
        let amount = match row.required("unit")? {
            "hour" => row.positive("amount")?,
            "gpu-hour" => row.positive("amount")? * gpus,
            other => return Err(row.error("unit", format!("unexpected unit {other:?}"))),
        };
        let locator = row.required("source")?;
        let source_id = format!("dated-2026/{provider}");
        match sources.iter().find(|s| s.id == source_id) {
            Some(s) if s.locator != locator => {
                return Err(row.error("source", format!("{provider} cites a second file")))
            }
            Some(_) => {}
            None => sources.push(Source {
                id: source_id.clone().into(),
                title: format!(
                    "{provider} prices of 2026 as transcribed by a third party (shared/catalog/sources/dated_2026/neoclouds_usd.csv; region not stated)"
                )
                .into(),
                locator: locator.to_string().into(),
                kind: SourceKind::Aggregator,
                license: "third-party transcription of the provider's pricing page (licence not checked)".into(),
            }),
        }
        let instance = neocloud_instance(row.required("instance")?);
        let gpu = row.required("gpu_model")?;
        let id = offer_id(provider, &instance);
        let mut offer = dated_offer(
            &row,
            provider,
            &instance,
            gpu,
            &instance,
            PriceBasis::Instance,
        )?;
        offer.gpus = gpus;
        offer.spec = offer_spec(gpu, &instance).map(|s| s.to_string().into());
        set.insert_offer(&row, offer)?;
        let price = Price {
            mode,
            region: REGION_NOT_NAMED.into(),
            amount,
            currency: Currency::Usd,
            source: source_id.into(),
            as_of: AsOf::On(row.date("as_of")?),
        };
        set.add_price(&row, &id, price)?;
    }
    Ok((sources, skipped))
}

/// Adds hand-curated offers (the founding document's market reference).
pub fn add_curated(set: &mut OfferSet, offers: Vec<Offer>) -> Result<(), ImportError> {
    for o in offers {
        if set.offers.contains_key(&*o.id) {
            return Err(ImportError::Curated(format!(
                "offer {} already exists",
                o.id
            )));
        }
        set.offers.insert(o.id.to_string(), o);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn featurize_notes_give_day_week_and_30_day_prices() {
        let note =
            "per 1-GPU machine; also 1-day 9 元, 7-day 48 元, 30-day 180 元 long-rental prices";
        assert_eq!(
            featurize_long_rentals(note),
            vec![
                (Period::Day, Decimal::from(9)),
                (Period::Week, Decimal::from(48)),
                (Period::Days30, Decimal::from(180))
            ]
        );
    }

    #[test]
    fn verda_names_its_modes_in_the_instance() {
        assert_eq!(
            neocloud_instance("RTXA6000 Spot instance (1x GPU)"),
            "RTXA6000 (1x GPU)"
        );
        assert_eq!(
            neocloud_instance("RTXA6000 On-demand instance (1x GPU)"),
            "RTXA6000 (1x GPU)"
        );
        assert_eq!(neocloud_instance("8x H100 SXM"), "8x H100 SXM");
    }

    #[test]
    fn compshare_spot_is_seventy_percent() {
        assert_eq!(COMPSHARE_SPOT_SHARE.to_string(), "0.7");
        assert_eq!(compshare_gpu("单卡 v100s", "V100-32GB"), "V100S");
        assert_eq!(
            compshare_gpu("单卡 4090-48G", "RTX4090-48GB"),
            "RTX4090-48GB"
        );
        assert_eq!(
            compshare_source("BennielAllan/compshare-docs@ad2bf8f8f1e11f8521002131eea6a16c61c2413e:pages/operation/charge/bill.md"),
            Some("compshare-bill")
        );
        assert_eq!(
            compshare_source("elsewhere:pages/operation/charge/bill.md"),
            None
        );
    }

    #[test]
    fn chinese_regions_get_short_ids() {
        assert_eq!(
            cn_region("ap-guangzhou-3 (Guangzhou Zone 3)").0,
            "ap-guangzhou-3"
        );
        assert_eq!(
            cn_region("China mainland (lowest listed of published range)"),
            ("cn-mainland:range-low".to_string(), true)
        );
    }
}
