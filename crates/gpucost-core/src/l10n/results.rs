//! The results view in words: every phrase the page, the exports and the command line use to
//! say what a [`ResultsView`](super::results::ResultsView) holds, in English and Chinese.
//! Renderers call these and lay the text out; they build no phrase of their own.

use rust_decimal::Decimal;

use crate::catalog::{AsOf, Catalog};
use crate::estimate::BreakEven;
use crate::format::{self, Lang};
use crate::l10n::labels;
use crate::savings::{Lever, Saving};
use crate::scenario::Demand;
use crate::traffic::{Load, LoadShape};

use crate::pool::{Pool, TeamShare};
use crate::view::results::{
    Badge, Billing, DemandSummary, ItemView, LineDemand, LineView, Names, OfferRef, OptionView,
    RateSource, Served, ServingLine, Unable,
};

/// `en` or `zh` by `lang`.
fn pick(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

impl Names {
    /// The name in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => labels::seller(&self.en, lang),
            Lang::Zh => labels::seller(&self.zh, lang),
        }
    }
}

impl OfferRef {
    /// The offer id as a reader names it (built-in names translated).
    pub fn id_text(&self, lang: Lang) -> &str {
        labels::offer_id(&self.id, &self.instance, lang)
    }

    /// The instance name as a reader names it.
    pub fn instance_text(&self, lang: Lang) -> &str {
        labels::instance(&self.instance, lang)
    }

    /// The machines used: `1 × 4 GPUs, NVLink`, `2 台 × 4 卡，PCIe`.
    pub fn machines_text(&self, lang: Lang) -> String {
        let gpus = format::number(self.gpus_each, 3);
        let link = self.interconnect.map(|i| i.text(lang));
        match (lang, link) {
            (Lang::En, None) => format!("{} × {gpus} GPU", self.machines),
            (Lang::En, Some(l)) => format!("{} × {gpus} GPU, {l}", self.machines),
            (Lang::Zh, None) => format!("{} 台 × {gpus} 卡", self.machines),
            (Lang::Zh, Some(l)) => format!("{} 台 × {gpus} 卡，{l}", self.machines),
        }
    }

    /// The instance and its machines: `p3.8xlarge (1 × 4 GPU)`.
    pub fn instance_and_machines_text(&self, lang: Lang) -> String {
        format!(
            "{} ({})",
            self.instance_text(lang),
            self.machines_text(lang)
        )
    }
}

/// "your price".
pub fn your_price(lang: Lang) -> &'static str {
    pick(lang, "your price", "您的价格")
}

/// "market reference".
pub fn market_reference(lang: Lang) -> &'static str {
    pick(lang, "market reference", "市场参考")
}

/// "old" (a price older than a year or undated).
pub fn old(lang: Lang) -> &'static str {
    pick(lang, "old", "较旧")
}

/// The date of a provider's newest price, for its comparison row: `prices of 2026-05-13`,
/// `prices no newer than 2026-11-29` (an upper bound), or that no date is stated.
pub fn prices_as_of(as_of: AsOf, lang: Lang) -> String {
    match (as_of, lang) {
        (AsOf::On(d), Lang::En) => format!("prices of {d}"),
        (AsOf::On(d), Lang::Zh) => format!("价格日期 {d}"),
        (AsOf::OnOrBefore(d), Lang::En) => format!("prices no newer than {d}"),
        (AsOf::OnOrBefore(d), Lang::Zh) => format!("价格不晚于 {d}"),
        (AsOf::Unknown, _) => date_unknown(lang).to_string(),
    }
}

/// A row's newest price date with its mark when over a year old (`prices of 2021-05-25 ·
/// newest price over a year old`), as the Markdown export and the terminal table print it.
pub fn newest_price(as_of: AsOf, stale: bool, lang: Lang) -> String {
    let date = prices_as_of(as_of, lang);
    if stale {
        format!("{date} · {}", Badge::StaleProvider.text(lang))
    } else {
        date
    }
}

/// A price date that is not stated.
pub fn date_unknown(lang: Lang) -> &'static str {
    pick(lang, "date not stated", "未注明日期")
}

/// The caveat of an offer whose share of a GPU has no citable source.
pub fn gpu_share_unconfirmed(lang: Lang) -> &'static str {
    pick(
        lang,
        "GPU share unconfirmed: this size may be a fraction of a GPU",
        "GPU 份额未经证实：该规格可能只含部分 GPU",
    )
}

/// The unit after a price per GPU-hour (`/GPU-h`).
pub fn per_gpu_hour_unit(lang: Lang) -> &'static str {
    pick(lang, "/GPU-h", "/卡·时")
}

impl Badge {
    /// The badge's words.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Badge::NoCatalogPrice { spot, monthly } => match (spot, monthly) {
                (true, true) => pick(
                    lang,
                    "no spot or monthly price listed: add a quote",
                    "无竞价或包月价格：可自行添加报价",
                ),
                (true, false) => pick(
                    lang,
                    "no spot price listed: add a quote",
                    "无竞价价格：可自行添加报价",
                ),
                (false, _) => pick(
                    lang,
                    "no monthly price listed: add a quote",
                    "无包月价格：可自行添加报价",
                ),
            },
            Badge::YourPrice => your_price(lang),
            Badge::MarketReference => market_reference(lang),
            Badge::Old => old(lang),
            Badge::StaleProvider => {
                pick(lang, "newest price over a year old", "最新价格已超过一年")
            }
        }
    }
}

impl Billing {
    /// How the provider bills, in words (`On-demand`, `mixed`).
    pub fn text(self, lang: Lang) -> String {
        match self {
            Billing::Plan(plan) => labels::plan(plan, lang),
            Billing::Mixed => pick(lang, "mixed", "混合").to_string(),
        }
    }
}

impl Unable {
    /// Why the provider cannot serve.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Unable::NoPrices => pick(
                lang,
                "no sourced price in the catalog — enter your quote under “Your prices”",
                "目录中没有有来源的价格——请在“您的价格与报价”中输入报价",
            )
            .to_string(),
            Unable::NoOffer { line, gpu } => match lang {
                Lang::En => format!("no offer with {gpu} (line {line})"),
                Lang::Zh => format!("没有 {gpu} 的规格（第 {line} 行）"),
            },
            Unable::Constrained { line, gpu, by } => {
                let why: Vec<String> = by.iter().map(|c| c.text(lang)).collect();
                match lang {
                    Lang::En => format!(
                        "no {gpu} offer meets the line's needs (line {line}): {}",
                        why.join("; ")
                    ),
                    Lang::Zh => format!(
                        "没有满足要求的 {gpu} 规格（第 {line} 行）：{}",
                        why.join("；")
                    ),
                }
            }
            Unable::NoSingleRegion { gpus } => match lang {
                Lang::En => format!(
                    "no one region offers every line ({}); lines may not be split across regions",
                    gpus.join(", ")
                ),
                Lang::Zh => format!(
                    "没有一个地域能提供所有行（{}）；各行不可分散到不同地域",
                    gpus.join("、")
                ),
            },
        }
    }
}

impl Served {
    /// `¥8.00/GPU-h`.
    pub fn per_gpu_hour_text(&self, lang: Lang) -> String {
        format!(
            "{}{}",
            format::rate(self.per_gpu_hour),
            per_gpu_hour_unit(lang)
        )
    }

    /// The instances with their machines, one per line, joined by ` + `.
    pub fn instances_text(&self, lang: Lang) -> String {
        let parts: Vec<String> = self
            .offers
            .iter()
            .map(|o| o.instance_and_machines_text(lang))
            .collect();
        parts.join(" + ")
    }

    /// Where its catalog prices are from: `us-east-1`, or `2 regions: us-east-1, us-east-2`;
    /// `your price` when every line is on the user's own quote.
    pub fn regions_text(&self, lang: Lang) -> String {
        match self.regions.as_slice() {
            [] => your_price(lang).to_string(),
            [one] => one.clone(),
            many => match lang {
                Lang::En => format!("{} regions: {}", many.len(), many.join(", ")),
                Lang::Zh => format!("{} 个地域：{}", many.len(), many.join("、")),
            },
        }
    }

    /// The machines used, one entry per line, joined by ` + `.
    pub fn machines_text(&self, lang: Lang) -> String {
        let parts: Vec<String> = self.offers.iter().map(|o| o.machines_text(lang)).collect();
        parts.join(" + ")
    }

    /// The offer ids with their machines: `aws/p3.8xlarge (1 × 4 GPU)`, joined by ` + `.
    pub fn offers_text(&self, lang: Lang) -> String {
        let parts: Vec<String> = self
            .offers
            .iter()
            .map(|o| format!("{} ({})", o.id_text(lang), o.machines_text(lang)))
            .collect();
        parts.join(" + ")
    }

    /// The offer ids as a reader names them, joined by ` + `.
    pub fn offer_ids_text(&self, lang: Lang) -> String {
        join(self.offers.iter().map(|o| o.id_text(lang)))
    }
}

fn join<'a>(parts: impl Iterator<Item = &'a str>) -> String {
    parts.collect::<Vec<_>>().join(" + ")
}

impl DemandSummary {
    /// `288 GPU-hours over 72 hours`.
    pub fn text(&self, lang: Lang) -> String {
        let (gpu_hours, hours) = (
            format::number(self.gpu_hours, 2),
            format::number(self.hours, 2),
        );
        match lang {
            Lang::En => format!("{gpu_hours} GPU-hours over {hours} hours"),
            Lang::Zh => format!("{hours} 小时内共 {gpu_hours} 卡·时"),
        }
    }
}

impl LineDemand {
    /// `50 × T4, 20:00 for 4 h`.
    pub fn text(&self, lang: Lang) -> String {
        let gpu = &self.gpu;
        match (&self.demand, lang) {
            (Demand::Constant(n), Lang::En) => {
                format!("{} × {gpu}, all the time", format::number(*n, 3))
            }
            (Demand::Constant(n), Lang::Zh) => {
                format!("{} × {gpu}，全程", format::number(*n, 3))
            }
            (
                Demand::Window {
                    gpus,
                    start_minute,
                    minutes,
                },
                _,
            ) => {
                let (n, h, m) = (
                    format::number(*gpus, 3),
                    start_minute / 60,
                    start_minute % 60,
                );
                let length = format::number(Decimal::from(*minutes) / Decimal::from(60), 2);
                match lang {
                    Lang::En => format!("{n} × {gpu}, {h:02}:{m:02} for {length} h"),
                    Lang::Zh => format!("{n} × {gpu}，{h:02}:{m:02} 起 {length} 小时"),
                }
            }
            (Demand::Weekly(g), Lang::En) => format!(
                "{gpu}, weekly schedule (peak {}, {} GPU-h a week)",
                g.peak(),
                g.gpu_hours_per_week()
            ),
            (Demand::Weekly(g), Lang::Zh) => format!(
                "{gpu}，每周排程（峰值 {}，每周 {} 卡·时）",
                g.peak(),
                g.gpu_hours_per_week()
            ),
            (Demand::Load(load), lang) => load_text(gpu, load, lang),
        }
    }
}

impl Pool {
    /// `Shared pool of NVIDIA T4 (2 teams): up to 4 GPUs at once together, against 7 rented
    /// apart; 2,520 GPU-hours; ¥9,000.00 pooled against ¥15,750.00 apart.`
    pub fn text(&self, lang: Lang) -> String {
        let (gpu, teams) = (&self.gpu_name, self.teams.len());
        let (peak, apart_peak) = (
            format::number(self.peak, 3),
            format::number(self.peaks_added, 3),
        );
        let hours = format::number(self.gpu_hours, 2);
        let (pooled, apart) = (format::money(self.pooled), format::money(self.apart));
        match lang {
            Lang::En => format!(
                "Shared pool of {gpu} ({teams} teams): up to {peak} GPUs at once together, against {apart_peak} rented apart; {hours} GPU-hours; {pooled} pooled against {apart} apart."
            ),
            Lang::Zh => format!(
                "{gpu} 共享资源池（{teams} 个团队）：合并后同时最多 {peak} 张 GPU，各自租用共 {apart_peak} 张；共 {hours} 卡·时；资源池 {pooled}，各自租用 {apart}。"
            ),
        }
    }
}

impl TeamShare {
    /// `search (line 1): up to 4 GPUs, 1,440 GPU-hours; ¥9,000.00 renting its own, pays
    /// ¥5,142.86 of the pool.` The name is the user's: each printer makes it inert.
    pub fn text(&self, lang: Lang) -> String {
        let team = &self.team;
        let lines: Vec<String> = self.lines.iter().map(|l| l.to_string()).collect();
        let (peak, hours) = (
            format::number(self.peak, 3),
            format::number(self.gpu_hours, 2),
        );
        let (apart, share) = (format::money(self.apart), format::money(self.share));
        match lang {
            Lang::En => format!(
                "{team} ({} {}): up to {peak} GPUs, {hours} GPU-hours; {apart} renting its own, pays {share} of the pool.",
                if lines.len() == 1 { "line" } else { "lines" },
                lines.join(", ")
            ),
            Lang::Zh => format!(
                "{team}（第 {} 行）：最多 {peak} 张 GPU，{hours} 卡·时；各自租用 {apart}，分摊资源池 {share}。",
                lines.join("、")
            ),
        }
    }
}

impl ServingLine {
    /// `Line 2: up to 50 × NVIDIA T4 for 5,000 requests/s peak, …; 225 GPU-hours, scaled out
    /// 30 min early`: the derived fleet, for every printer.
    pub fn text(&self, lang: Lang) -> String {
        let load = load_text(&self.gpu, &self.load, lang);
        let hours = format::number(self.gpu_hours, 2);
        // A load that never changes never scales out.
        let lead = match self.load.shape {
            LoadShape::Always => 0,
            _ => self.lead_minutes,
        };
        let n = self.line;
        match (lang, lead) {
            (Lang::En, 0) => format!("Line {n}: {load}; {hours} GPU-hours."),
            (Lang::En, _) => {
                format!("Line {n}: {load}; {hours} GPU-hours, scaled out {lead} min early.")
            }
            (Lang::Zh, 0) => format!("第 {n} 行：{load}；共 {hours} 卡·时。"),
            (Lang::Zh, _) => {
                format!("第 {n} 行：{load}；共 {hours} 卡·时，提前 {lead} 分钟扩容。")
            }
        }
    }
}

/// `up to 50 × T4 from 5,000 requests/s peak at 100/s per GPU`, with the headroom, minimum
/// and scale-in delay where set.
fn load_text(gpu: &str, load: &Load, lang: Lang) -> String {
    let (peak, rps, per) = (
        load.peak_gpus(),
        format::number(load.rps, 3),
        format::number(load.per_gpu, 3),
    );
    let mut extras = Vec::new();
    if !load.headroom_pct.is_zero() {
        let pct = format::number(load.headroom_pct, 2);
        extras.push(match lang {
            Lang::En => format!("{pct} % headroom"),
            Lang::Zh => format!("余量 {pct}%"),
        });
    }
    if load.min_gpus > 0 {
        extras.push(match lang {
            Lang::En => format!("at least {}", load.min_gpus),
            Lang::Zh => format!("至少 {} 张", load.min_gpus),
        });
    }
    if load.scale_in_minutes > 0 {
        extras.push(match lang {
            Lang::En => format!("scale-in after {} min", load.scale_in_minutes),
            Lang::Zh => format!("负载下降 {} 分钟后缩容", load.scale_in_minutes),
        });
    }
    let when = match (&load.shape, lang) {
        (LoadShape::Always, Lang::En) => "all the time".to_string(),
        (LoadShape::Always, Lang::Zh) => "全程".to_string(),
        (
            LoadShape::Window {
                start_minute,
                minutes,
            },
            _,
        ) => {
            let (h, m) = (start_minute / 60, start_minute % 60);
            let length = format::number(Decimal::from(*minutes) / Decimal::from(60), 2);
            match lang {
                Lang::En => format!("{h:02}:{m:02} for {length} h"),
                Lang::Zh => format!("{h:02}:{m:02} 起 {length} 小时"),
            }
        }
        (LoadShape::Weekly(_), Lang::En) => "weekly curve".to_string(),
        (LoadShape::Weekly(_), Lang::Zh) => "每周曲线".to_string(),
    };
    let extras = if extras.is_empty() {
        String::new()
    } else {
        match lang {
            Lang::En => format!("; {}", extras.join(", ")),
            Lang::Zh => format!("；{}", extras.join("，")),
        }
    };
    match lang {
        Lang::En => format!(
            "up to {peak} × {gpu} for {rps} requests/s peak, {when}, at {per}/s per GPU{extras}"
        ),
        Lang::Zh => {
            format!("最多 {peak} × {gpu}，峰值每秒 {rps} 个请求，{when}，每卡每秒 {per} 个{extras}")
        }
    }
}

/// A price date: `2026-11-29`, `≤ 2026-11-29` or "date not stated".
pub fn as_of(a: AsOf, lang: Lang) -> String {
    match a {
        AsOf::On(d) => format::date(d, lang),
        AsOf::OnOrBefore(d) => format!("≤ {}", format::date(d, lang)),
        AsOf::Unknown => date_unknown(lang).to_string(),
    }
}

impl LineView {
    /// `Line 1 · 4 × NVIDIA V100 (16/32 GB), all the time`.
    pub fn title(&self, lang: Lang) -> String {
        format!(
            "{} {} · {}",
            pick(lang, "Line", "需求"),
            self.number,
            self.demand.text(lang)
        )
    }

    /// `4 × aws/p3.8xlarge`, with the GPU-share caveat when it applies.
    pub fn offer_text(&self, lang: Lang) -> String {
        let caveat = if self.share_unconfirmed {
            format!(" · {}", gpu_share_unconfirmed(lang))
        } else {
            String::new()
        };
        format!(
            "{} × {}{caveat}",
            format::number(self.gpus_per_instance, 3),
            labels::offer(&self.offer.id, &self.offer.instance, lang)
        )
    }
}

impl ItemView {
    /// What the charge is.
    pub fn label(&self, lang: Lang) -> String {
        labels::item_in(self.kind, self.plan, lang)
    }

    /// `288 instance-hours`.
    pub fn quantity_text(&self, lang: Lang) -> String {
        format!(
            "{} {}",
            format::number(self.quantity, 2),
            labels::unit(self.kind, lang)
        )
    }

    /// `¥8.00/h` or `¥2,520.00 / per month`.
    pub fn rate_text(&self, lang: Lang) -> String {
        match self.kind {
            crate::billing::ItemKind::Subscription => {
                format!(
                    "{} / {}",
                    format::rate(self.rate),
                    labels::mode(self.mode, lang)
                )
            }
            _ => format!("{}/h", format::rate(self.rate)),
        }
    }

    /// The source's title and kind, and the rate's date.
    pub fn source_text(&self, catalog: &Catalog, lang: Lang) -> String {
        let source = match &self.source {
            RateSource::User => your_price(lang).to_string(),
            RateSource::Catalog(id) => labels::source(catalog, id, lang),
        };
        format!("{source} · {}", as_of(self.as_of, lang))
    }
}

impl OptionView {
    /// `Spot: ¥1,200.00 (aws/g4dn.xlarge) · break-even 40.00%`.
    pub fn text(&self, lang: Lang) -> String {
        let break_even = pick(lang, "break-even", "盈亏平衡");
        let be = match self.break_even {
            Some(BreakEven::Utilization(u)) => format!(" · {break_even} {}", format::percent(u)),
            Some(BreakEven::HoursPerPeriod(h, period)) => format!(
                " · {break_even} {} h/{}",
                format::number(h, 1),
                labels::period(period, lang)
            ),
            None => String::new(),
        };
        let not_allowed = if self.eligible {
            ""
        } else {
            pick(
                lang,
                " (not allowed by your settings)",
                "（您的设置不允许）",
            )
        };
        format!(
            "{}: {} ({}){be}{not_allowed}",
            labels::class(self.class, lang),
            format::money(self.subtotal),
            self.offer.id_text(lang)
        )
    }
}

/// A savings lever's name.
pub fn lever_name(lever: Lever, lang: Lang) -> &'static str {
    match lever {
        Lever::Schedule => pick(
            lang,
            "Schedule instead of always on",
            "按排程运行（对比全天开机）",
        ),
        Lever::Autoscaling => pick(
            lang,
            "Autoscaling with the load instead of peak sizing",
            "随负载自动伸缩（对比按峰值配置）",
        ),
        Lever::Spot => pick(lang, "Spot capacity", "竞价实例"),
        Lever::Reserved => pick(lang, "Reserved + hourly mix", "预留 + 按量混合"),
        Lever::Subscription => pick(lang, "Day/month plan + hourly mix", "包期 + 按量混合"),
        Lever::HourlyVsMonthly => pick(lang, "Hourly instead of monthly", "按小时（对比包月）"),
        Lever::OffPeak => pick(lang, "Off-peak shifting (what-if)", "错峰使用（假设）"),
        Lever::Rightsizing => pick(lang, "Rightsizing to the recommended GPU", "改用推荐的 GPU"),
        Lever::BatchPacking => pick(
            lang,
            "Batch jobs packed onto fewer GPUs",
            "批处理作业合并到更少的 GPU",
        ),
        Lever::SharedPool => pick(
            lang,
            "Shared pool instead of each team renting its own",
            "共享资源池（对比各团队各自租用）",
        ),
        Lever::Reference => pick(lang, "Against your reference", "对比您的参考金额"),
    }
}

/// `66.67%`.
pub fn saving_percent(s: &Saving) -> String {
    format!("{}%", format::decimal(s.percent(), 2))
}

/// `¥37,728.00 → ¥12,576.00`.
pub fn saving_from_to(s: &Saving) -> String {
    format!("{} → {}", format::money(s.without), format::money(s.with))
}

/// The provider's sourced billing rules, in `lang`: how it meters on-demand use, what a
/// stopped instance costs (a schedule assumes stopping ends the compute charge) and its other
/// notes, each with its source; empty for a seller that is not a catalog provider.
pub fn provider_rules(catalog: &Catalog, seller: &str, lang: Lang) -> Vec<String> {
    let Some(p) = catalog.provider(seller) else {
        return Vec::new();
    };
    std::iter::once(&p.metering.rule)
        .chain(std::iter::once(&p.stopped_rule))
        .chain(p.notes.iter())
        .map(|rule| {
            let text = match lang {
                Lang::En => &rule.en,
                Lang::Zh => &rule.zh,
            };
            let source = match &rule.source {
                Some(id) => labels::source(catalog, id, lang),
                None => pick(lang, "no source found; assumed", "未找到来源，为假设").to_string(),
            };
            format!("{text} ({source})")
        })
        .collect()
}
