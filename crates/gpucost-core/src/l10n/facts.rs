//! A provider's facts in words, for its details and the catalog browser: what kind of business
//! it is, its compute SLA, its certifications (the cost guide's §4.2 asks for an SLA for
//! critical work and ISO 27001) and where its priced regions are. Each line names its source;
//! a fact no source states reads "not found", never a guess.

use std::collections::BTreeSet;

use super::labels;
use crate::catalog::{Catalog, PastPrice, ProviderKind};
use crate::format::{self, Lang};
use crate::money::Money;
use crate::provider_filter::ProviderFilter;

fn pick(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// What kind of business a provider is, in words.
pub fn kind(kind: ProviderKind, lang: Lang) -> &'static str {
    match kind {
        ProviderKind::Hyperscaler => pick(
            lang,
            "hyperscaler (enterprise cloud)",
            "超大规模云（企业云）",
        ),
        ProviderKind::ChinaCloud => pick(
            lang,
            "Chinese public cloud (enterprise cloud)",
            "国内公有云（企业云）",
        ),
        ProviderKind::GpuCloud => pick(lang, "GPU cloud (neocloud)", "GPU 云（新兴云）"),
        ProviderKind::Marketplace => {
            pick(lang, "marketplace of third-party hosts", "第三方主机市场")
        }
        ProviderKind::RentalPlatform => pick(lang, "GPU rental platform", "GPU 租赁平台"),
        ProviderKind::Institutional => pick(lang, "institutional tariff", "机构内部收费"),
        ProviderKind::MarketReference => {
            pick(lang, "market reference, not a seller", "市场参考，非卖家")
        }
    }
}

/// The kind select's "every kind" choice.
pub fn every_kind(lang: Lang) -> &'static str {
    pick(lang, "every kind", "全部类型")
}

/// The kind select's "enterprise clouds only" choice (`kind=enterprise`).
pub fn enterprise_clouds(lang: Lang) -> &'static str {
    pick(
        lang,
        "enterprise clouds only (hyperscalers and Chinese public clouds)",
        "仅企业云（超大规模云与国内公有云）",
    )
}

/// What the kind and SLA fieldset keeps, under it: only what a source proves, and, while no
/// source states any provider's SLA, that an SLA floor leaves only the user's own quotes.
pub fn provider_filter_hint(catalog: &Catalog, lang: Lang) -> &'static str {
    let any_sla = catalog
        .providers_with_sla_at_least(rust_decimal::Decimal::ZERO)
        .next()
        .is_some();
    if any_sla {
        pick(
            lang,
            "A provider is kept only when a source proves it qualifies; your own quotes are always kept.",
            "仅保留有来源证明达标的供应商；您自己的报价始终保留。",
        )
    } else {
        pick(
            lang,
            "A provider is kept only when a source proves it qualifies. No source in the catalog's research states any provider's SLA yet, so an SLA floor keeps only your own quotes.",
            "仅保留有来源证明达标的供应商。目录资料中尚无任何供应商的 SLA 来源，因此设置 SLA 下限后只保留您自己的报价。",
        )
    }
}

/// The comparison's kind and SLA rules as clauses of the rules sentence above the table
/// (`only hyperscaler (enterprise cloud), …`; `only providers with a sourced compute SLA of at
/// least 99.9 %`).
pub fn provider_filter(f: &ProviderFilter, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    if !f.kinds.is_empty() {
        let kinds: Vec<&str> = f.kinds.iter().map(|k| kind(*k, lang)).collect();
        parts.push(match lang {
            Lang::En => format!("only providers of kind {}", kinds.join(", ")),
            Lang::Zh => format!("仅限以下类型的供应商：{}", kinds.join("、")),
        });
    }
    if let Some(min) = f.min_sla_pct {
        let min = format::number(min, 3);
        parts.push(match lang {
            Lang::En => format!("only providers with a sourced compute SLA of at least {min} %"),
            Lang::Zh => format!("仅限有来源证明计算 SLA 不低于 {min}% 的供应商"),
        });
    }
    if f.iso_27001 {
        parts.push(
            pick(
                lang,
                "only providers a source states hold ISO/IEC 27001",
                "仅限有来源证明持有 ISO/IEC 27001 认证的供应商",
            )
            .to_string(),
        );
    }
    parts
}

/// "was ¥2.08/h on 2025-10-01, ¥1.67/h on 2025-12-31": the replaced prices of one offer,
/// mode and region, oldest first, in their own currency; `None` when it has no history.
pub fn was<'a>(history: impl Iterator<Item = &'a PastPrice>, lang: Lang) -> Option<String> {
    let parts: Vec<String> = history
        .map(|h| {
            let rate = format::rate(Money::new(h.amount, h.currency));
            match lang {
                Lang::En => format!("{rate}/h on {}", h.as_of),
                Lang::Zh => format!("{} 为 {rate}/时", h.as_of),
            }
        })
        .collect();
    if parts.is_empty() {
        return None;
    }
    Some(match lang {
        Lang::En => format!("was {}", parts.join(", ")),
        Lang::Zh => format!("历史价格：{}", parts.join("；")),
    })
}

/// One line per offer of provider `id` whose on-demand price replaced older dated prices:
/// `单卡 4090-24G: was ¥2.08/h on 2025-10-01, ¥1.67/h on 2025-12-31; now ¥1.66/h (2026-05-13)`.
pub fn provider_history(catalog: &Catalog, id: &str, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for o in catalog.offers.iter().filter(|o| o.provider == id) {
        for p in o.prices.iter() {
            let Some(was) = was(catalog.history_of(&o.id, p.mode, &p.region), lang) else {
                continue;
            };
            let now = format::rate(Money::new(p.amount, p.currency));
            out.push(match lang {
                Lang::En => format!(
                    "{} ({}): {was}; now {now}/h ({})",
                    labels::instance(&o.instance, lang),
                    p.mode,
                    p.as_of
                ),
                Lang::Zh => format!(
                    "{}（{}）：{was}；现为 {now}/时（{}）",
                    labels::instance(&o.instance, lang),
                    p.mode,
                    p.as_of
                ),
            });
        }
    }
    out
}

/// `text` with its straight double quotes as Chinese quotation marks (`"a" "b"` → `“a” “b”`).
fn chinese_quotes(text: &str) -> String {
    let mut open = false;
    text.chars()
        .map(|c| match c {
            '"' => {
                open = !open;
                if open {
                    '“'
                } else {
                    '”'
                }
            }
            c => c,
        })
        .collect()
}

/// What the catalog browser's provider list says for a provider without a sourced price
/// (Huawei Cloud).
pub fn no_sourced_price(lang: Lang) -> &'static str {
    pick(
        lang,
        "no sourced price: enter your own quote",
        "无来源价格：请输入您自己的报价",
    )
}

/// The heading of the catalog browser's list of providers and their facts.
pub fn providers_heading(lang: Lang) -> &'static str {
    pick(
        lang,
        "Providers: kind, SLA, certifications, data location and newest price",
        "供应商：类型、SLA、认证、数据位置与最新价格",
    )
}

/// The heading of the catalog browser's GPU facts, and its columns: GPU, memory, bandwidth,
/// dense FP16 and FP8 tensor throughput, sources.
pub fn gpu_facts_words(lang: Lang) -> (&'static str, [&'static str; 6]) {
    match lang {
        Lang::En => (
            "GPUs: memory, bandwidth and dense tensor throughput from their datasheets",
            [
                "GPU",
                "Memory (GiB)",
                "Bandwidth (GB/s)",
                "FP16 dense (TFLOPS)",
                "FP8 dense (TFLOPS)",
                "Sources",
            ],
        ),
        Lang::Zh => (
            "GPU：显存、带宽与稠密张量算力（来自规格表）",
            [
                "GPU",
                "显存（GiB）",
                "带宽（GB/s）",
                "FP16 稠密（TFLOPS）",
                "FP8 稠密（TFLOPS）",
                "来源",
            ],
        ),
    }
}

/// The facts of catalog provider `id`, one line each (empty for a seller the catalog does not
/// know, such as the user's quote).
pub fn provider_facts(catalog: &Catalog, id: &str, lang: Lang) -> Vec<String> {
    let Some(p) = catalog.provider(id) else {
        return Vec::new();
    };
    let source = |src: &str| labels::source(catalog, src, lang);
    let kind_cited = match &p.facts.kind_source {
        Some(where_) => match lang {
            Lang::En => format!("source: {where_}"),
            // The research's words stay as written, inside Chinese quotation marks.
            Lang::Zh => format!("来源：{}", chinese_quotes(where_)),
        },
        None => pick(
            lang,
            "the catalog's classification; not found in a source",
            "目录分类；资料中未找到来源",
        )
        .to_string(),
    };
    let kind = kind(p.kind, lang);
    let mut out = vec![match lang {
        Lang::En => format!("Kind: {kind} ({kind_cited})"),
        Lang::Zh => format!("类型：{kind}（{kind_cited}）"),
    }];
    out.push(match &p.facts.sla {
        Some(sla) => {
            let covers = match lang {
                Lang::En => &sla.covers.en,
                Lang::Zh => &sla.covers.zh,
            };
            let cited = sla.covers.source.as_deref().map(source).unwrap_or_default();
            format!(
                "{}{} %: {covers} ({cited})",
                pick(lang, "Compute SLA: ", "计算服务等级协议 (SLA)："),
                format::number(sla.percent, 3)
            )
        }
        None => pick(
            lang,
            "Compute SLA: not found (no source in the catalog's research states one)",
            "计算服务等级协议 (SLA)：未找到（目录资料中没有来源说明）",
        )
        .to_string(),
    });
    out.push(if p.facts.certifications.is_empty() {
        pick(
            lang,
            "ISO 27001 and other certifications: not found (no source in the catalog's research lists any)",
            "ISO 27001 及其他认证：未找到（目录资料中没有来源列出）",
        )
        .to_string()
    } else {
        let certs: Vec<String> = p
            .facts
            .certifications
            .iter()
            .map(|c| match lang {
                Lang::En => format!("{} ({})", c.name, source(&c.source)),
                Lang::Zh => format!("{}（{}）", c.name, source(&c.source)),
            })
            .collect();
        // The cost guide asks for ISO 27001 by name: say so when the listed ones lack it.
        let no_iso = if p.facts.iso_27001() {
            ""
        } else {
            pick(
                lang,
                "; ISO 27001: not found in a source",
                "；ISO 27001：资料中未找到",
            )
        };
        format!(
            "{}{}{no_iso}",
            pick(lang, "Certifications: ", "认证："),
            certs.join(pick(lang, ", ", "；"))
        )
    });
    out.push(data_location(catalog, id, lang));
    out.extend(provider_history(catalog, id, lang));
    out
}

/// Where the provider's priced regions are (ISO country codes from the catalog's region
/// places), and how many regions have no known place.
fn data_location(catalog: &Catalog, id: &str, lang: Lang) -> String {
    let mut regions: BTreeSet<&str> = BTreeSet::new();
    for o in catalog.offers.iter().filter(|o| o.provider == id) {
        regions.extend(o.prices.iter().map(|p| p.region.as_ref()));
    }
    let mut countries: BTreeSet<&str> = BTreeSet::new();
    let mut unknown = 0;
    let mut sources: BTreeSet<&str> = BTreeSet::new();
    for r in &regions {
        match catalog.place(id, r) {
            Some(place) => {
                sources.insert(&place.source);
                match &place.country {
                    Some(c) => {
                        countries.insert(c);
                    }
                    None => unknown += 1,
                }
            }
            None => unknown += 1,
        }
    }
    let cited: Vec<String> = sources
        .iter()
        .map(|s| labels::source(catalog, s, lang))
        .collect();
    let list = if countries.is_empty() {
        pick(lang, "not found", "未找到").to_string()
    } else {
        countries.into_iter().collect::<Vec<_>>().join(", ")
    };
    let unknown = match (unknown, lang) {
        (0, _) => String::new(),
        (n, Lang::En) => format!("; {n} region(s) of unstated place"),
        (n, Lang::Zh) => format!("；{n} 个区域位置未说明"),
    };
    let cited = if cited.is_empty() {
        String::new()
    } else {
        format!(" ({})", cited.join("; "))
    };
    format!(
        "{}{list}{unknown}{cited}",
        pick(
            lang,
            "Where its priced regions are (data location): ",
            "计价区域所在地（数据存放位置）："
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    #[test]
    fn every_provider_has_its_facts_or_not_found_in_both_languages() {
        let catalog = &embedded().catalog;
        for p in catalog.providers.iter() {
            let en = provider_facts(catalog, &p.id, Lang::En);
            let zh = provider_facts(catalog, &p.id, Lang::Zh);
            assert!(en.len() >= 4, "{}: {en:?}", p.id);
            assert_eq!(zh.len(), en.len(), "{}", p.id);
            // The hyperscalers cite their SLA pages; no source states another provider's.
            match p.facts.sla.as_ref() {
                Some(sla) => {
                    let percent = format!("Compute SLA: {} %", sla.percent);
                    assert!(en[1].starts_with(&percent), "{}", en[1]);
                    assert!(zh[1].contains(&*sla.covers.zh), "{}", zh[1]);
                }
                None => assert!(en[1].starts_with("Compute SLA: not found"), "{}", en[1]),
            }
            // A provider's own compliance page is cited where one states a certification.
            if p.facts.certifications.is_empty() {
                assert!(
                    zh[2].starts_with("ISO 27001 及其他认证：未找到"),
                    "{}",
                    zh[2]
                );
            } else {
                assert!(en[2].starts_with("Certifications: "), "{}", en[2]);
                assert!(zh[2].starts_with("认证："), "{}", zh[2]);
                for c in p.facts.certifications.iter() {
                    let title = &catalog.source(&c.source).unwrap().title;
                    assert!(en[2].contains(&format!("{} ({title}", c.name)), "{}", en[2]);
                }
            }
        }
        // Azure's page states ISO/IEC 27001; Google's stored page states only ISO 27017, so
        // its line says ISO 27001 was not found; Lambda's states none.
        let azure = provider_facts(catalog, "azure", Lang::En);
        assert!(
            azure[2].starts_with("Certifications: ISO/IEC 27001 (Azure compliance offering"),
            "{azure:?}"
        );
        assert!(!azure[2].contains("not found"), "{azure:?}");
        let gcp = provider_facts(catalog, "gcp", Lang::En);
        assert!(
            gcp[2].starts_with("Certifications: ISO/IEC 27017 ("),
            "{gcp:?}"
        );
        assert!(
            gcp[2].ends_with("; ISO 27001: not found in a source"),
            "{gcp:?}"
        );
        let gcp = provider_facts(catalog, "gcp", Lang::Zh);
        assert!(gcp[2].ends_with("；ISO 27001：资料中未找到"), "{gcp:?}");
        let digitalocean = provider_facts(catalog, "do", Lang::Zh);
        assert!(
            digitalocean[2].starts_with("认证：SOC 2 Type II（DigitalOcean, SOC 2 compliance"),
            "{digitalocean:?}"
        );
        assert!(digitalocean[2].contains("）；SOC 3（"), "{digitalocean:?}");
        let lambda = provider_facts(catalog, "lambda", Lang::En);
        assert!(
            lambda[2].starts_with("ISO 27001 and other certifications: not found"),
            "{lambda:?}"
        );
        let compshare = provider_facts(catalog, "compshare", Lang::En);
        assert!(
            compshare[0].starts_with(
                "Kind: GPU rental platform (source: data/upstream/sources/dated_2026/README.md: "
            ),
            "{compshare:?}"
        );
        let zh = provider_facts(catalog, "vast", Lang::Zh);
        assert!(
            zh[0].contains("README.md: “Vast.ai rows are single marketplace listings"),
            "{zh:?}"
        );
        let aws = provider_facts(catalog, "aws", Lang::Zh);
        assert!(
            aws[0].ends_with("（目录分类；资料中未找到来源）"),
            "{aws:?}"
        );
        assert!(compshare[3].contains(": CN"), "{compshare:?}");
        // Alibaba's international prices are in a region whose place is not named.
        let alibaba = provider_facts(catalog, "alibaba-intl", Lang::En);
        assert!(alibaba[3].contains("unstated place"), "{alibaba:?}");
        assert!(provider_facts(catalog, "custom:quote", Lang::En).is_empty());
    }

    /// CompShare's dated notices are its history: "was ¥2.08/h on 2025-10-01, ¥1.67/h on
    /// 2025-12-31" before the table's ¥1.66 of 2026-05-13, in both languages.
    #[test]
    fn compshare_details_say_what_the_4090_was() {
        let catalog = &embedded().catalog;
        let en = provider_history(catalog, "compshare", Lang::En);
        let line = en
            .iter()
            .find(|l| l.contains("4090-24G"))
            .unwrap_or_else(|| panic!("{en:?}"));
        assert!(
            line.contains(
                "was ¥2.08/h on 2025-10-01, ¥1.67/h on 2025-12-31; now ¥1.66/h (2026-05-13)"
            ),
            "{line}"
        );
        assert_eq!(en.len(), 10, "ten cards have a dated notice price: {en:?}");
        let zh = provider_history(catalog, "compshare", Lang::Zh);
        assert!(
            zh.iter()
                .any(|l| l.contains("历史价格：2025-10-01 为 ¥2.08/时")),
            "{zh:?}"
        );
        assert!(provider_history(catalog, "aws", Lang::En).is_empty());
    }
}
