//! Where a job may run: places, machine sizes, hosts and the rules that leave offers out.

use super::Localize;
use crate::catalog::Continent;
use crate::format::{self, Lang};
use crate::placement::{Constraint, Geo, HostFloor, Interconnect, Packing, Spread};
use crate::view::results::PlacementView;

impl Continent {
    /// `Europe`, `欧洲`.
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Continent::Af, Lang::En) => "Africa",
            (Continent::Af, Lang::Zh) => "非洲",
            (Continent::As, Lang::En) => "Asia",
            (Continent::As, Lang::Zh) => "亚洲",
            (Continent::Eu, Lang::En) => "Europe",
            (Continent::Eu, Lang::Zh) => "欧洲",
            (Continent::Na, Lang::En) => "North America",
            (Continent::Na, Lang::Zh) => "北美洲",
            (Continent::Sa, Lang::En) => "South America",
            (Continent::Sa, Lang::Zh) => "南美洲",
            (Continent::Oc, Lang::En) => "Oceania",
            (Continent::Oc, Lang::Zh) => "大洋洲",
        }
    }
}

impl Geo {
    /// `Mainland China`, `中国大陆`.
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Geo::Anywhere, Lang::En) => "Anywhere",
            (Geo::Anywhere, Lang::Zh) => "不限",
            (Geo::MainlandChina, Lang::En) => "Mainland China",
            (Geo::MainlandChina, Lang::Zh) => "中国大陆",
            (Geo::OutsideMainlandChina, Lang::En) => "Outside mainland China",
            (Geo::OutsideMainlandChina, Lang::Zh) => "中国大陆以外",
            (Geo::Continent(c), lang) => c.text(lang),
        }
    }
}

impl Packing {
    /// `any machines`, `all on one machine`, `at least 8 per machine`.
    pub fn text(self, lang: Lang) -> String {
        match (self, lang) {
            (Packing::Split, Lang::En) => "machines of any size".into(),
            (Packing::Split, Lang::Zh) => "机器规格不限".into(),
            (Packing::OneMachine, Lang::En) => "all GPUs on one machine".into(),
            (Packing::OneMachine, Lang::Zh) => "所有 GPU 在同一台机器".into(),
            (Packing::AtLeast(n), Lang::En) => format!("at least {n} GPUs per machine"),
            (Packing::AtLeast(n), Lang::Zh) => format!("每台机器至少 {n} 块 GPU"),
        }
    }
}

impl HostFloor {
    /// `≥ 8 vCPU and ≥ 32 GiB RAM per GPU`; empty when no floor is set.
    pub fn text(&self, lang: Lang) -> String {
        let n = |d| format::number(d, 1);
        let parts: Vec<String> = [
            self.vcpus_per_gpu.map(|v| format!("≥ {} vCPU", n(v))),
            self.ram_gib_per_gpu.map(|r| match lang {
                Lang::En => format!("≥ {} GiB RAM", n(r)),
                Lang::Zh => format!("≥ {} GiB 内存", n(r)),
            }),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            return String::new();
        }
        match lang {
            Lang::En => format!("{} per GPU", parts.join(" and ")),
            Lang::Zh => format!("每 GPU {}", parts.join("、")),
        }
    }
}

impl Interconnect {
    /// `NVLink`, `PCIe`.
    pub fn text(self, _lang: Lang) -> &'static str {
        match self {
            Interconnect::NvLink => "NVLink",
            Interconnect::Pcie => "PCIe",
        }
    }
}

impl Localize for Constraint {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Constraint::GpusPerMachine(n), Lang::En) => {
                format!("no machine with {n} or more GPUs")
            }
            (Constraint::GpusPerMachine(n), Lang::Zh) => format!("没有 {n} 卡及以上的机器"),
            (Constraint::HostTooSmall, Lang::En) => "hosts below the vCPU/RAM floor".into(),
            (Constraint::HostTooSmall, Lang::Zh) => "主机 vCPU/内存低于要求".into(),
            (Constraint::HostUnknown, Lang::En) => "host size not listed".into(),
            (Constraint::HostUnknown, Lang::Zh) => "未列出主机配置".into(),
            (Constraint::Place(geo), Lang::En) => format!("no region in {}", geo.text(lang)),
            (Constraint::Place(geo), Lang::Zh) => format!("{}无可用地域", geo.text(lang)),
            (Constraint::PlaceUnknown, Lang::En) => "region's place not known".into(),
            (Constraint::PlaceUnknown, Lang::Zh) => "地域位置未知".into(),
        }
    }
}

impl Constraint {
    /// The rule in words (see [`Localize`]).
    pub fn text(&self, lang: Lang) -> String {
        Localize::text(self, lang)
    }
}

impl PlacementView {
    /// The rules in one sentence: `Catalog prices only from mainland China; hosts with
    /// ≥ 8 vCPU per GPU; line 1 (V100): all GPUs on one machine. Your own prices are not
    /// checked against these.` Empty when every rule is at its default.
    pub fn text(&self, lang: Lang) -> String {
        if self.is_default() {
            return String::new();
        }
        let mut parts = Vec::new();
        if self.geo != Geo::Anywhere {
            parts.push(match lang {
                Lang::En => format!("catalog prices only from {}", geo_phrase(self.geo)),
                Lang::Zh => format!("目录价格仅限{}", self.geo.text(lang)),
            });
        }
        if self.spread == Spread::OneRegion {
            parts.push(
                match lang {
                    Lang::En => "every line in one region of each provider",
                    Lang::Zh => "每家厂商的所有行在同一地域",
                }
                .to_string(),
            );
        }
        if self.host.is_set() {
            parts.push(match lang {
                Lang::En => format!("hosts with {}", self.host.text(lang)),
                Lang::Zh => format!("主机须满足{}", self.host.text(lang)),
            });
        }
        parts.extend(super::facts::provider_filter(&self.providers, lang));
        for (n, gpu, packing) in &self.lines {
            if *packing != Packing::Split {
                parts.push(match lang {
                    Lang::En => format!("line {n} ({gpu}): {}", packing.text(lang)),
                    Lang::Zh => format!("第 {n} 行（{gpu}）：{}", packing.text(lang)),
                });
            }
        }
        let own = if self.own_prices {
            match lang {
                Lang::En => " Your own prices are not checked against these.",
                Lang::Zh => "您自己的价格不受这些条件限制。",
            }
        } else {
            ""
        };
        match lang {
            Lang::En => {
                let mut text = parts.join("; ");
                // A one-byte first character is ASCII, so ASCII upper case is its upper case;
                // `str::to_uppercase` would bring the whole Unicode case table into the page.
                if let Some(first) = text.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                format!("{text}.{own}")
            }
            Lang::Zh => format!("{}。{own}", parts.join("；")),
        }
    }
}

/// `regions in mainland China`, `regions in Europe` (mid-sentence).
fn geo_phrase(geo: Geo) -> &'static str {
    match geo {
        Geo::Anywhere => "anywhere",
        Geo::MainlandChina => "regions in mainland China",
        Geo::OutsideMainlandChina => "regions outside mainland China",
        Geo::Continent(Continent::Af) => "regions in Africa",
        Geo::Continent(Continent::As) => "regions in Asia",
        Geo::Continent(Continent::Eu) => "regions in Europe",
        Geo::Continent(Continent::Na) => "regions in North America",
        Geo::Continent(Continent::Sa) => "regions in South America",
        Geo::Continent(Continent::Oc) => "regions in Oceania",
    }
}
