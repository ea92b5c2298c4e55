//! The levers' words: their names and assumptions, why one was not priced, and the notes
//! that say how to read them.

use gpucost_core::format::Lang;

use super::pick;
use crate::review::levers::{LeverNote, NotPriced, ReviewLever};
use crate::review::rightsize::{Swap, HEADROOM_PERCENT};

impl ReviewLever {
    /// Stable slug for exports.
    pub fn as_str(&self) -> &'static str {
        match self {
            ReviewLever::Schedule => "schedule",
            ReviewLever::Spot => "spot",
            ReviewLever::Reserved => "reserved",
            ReviewLever::OtherProvider { .. } => "other-provider",
            ReviewLever::Rightsizing { .. } => "rightsizing",
        }
    }

    /// The lever's name.
    pub fn name(&self, lang: Lang) -> String {
        match (self, lang) {
            (ReviewLever::Schedule, _) => pick(
                lang,
                "Stop dev/test GPUs out of office hours",
                "非工作时间停掉开发/测试 GPU",
            )
            .into(),
            (ReviewLever::Spot, _) => pick(lang, "Spot capacity", "竞价实例").into(),
            (ReviewLever::Reserved, _) => {
                pick(lang, "Reserved baseline", "预留/承诺使用基线").into()
            }
            (ReviewLever::Rightsizing { .. }, _) => {
                pick(lang, "Rightsizing to a smaller GPU", "换用显存更小的 GPU").into()
            }
            (ReviewLever::OtherProvider { name, .. }, Lang::En) => {
                format!("Same GPUs at {name}")
            }
            (ReviewLever::OtherProvider { name_zh, .. }, Lang::Zh) => {
                format!("换到{name_zh}使用同款 GPU")
            }
        }
    }

    /// What the lever assumes.
    pub fn assumption(&self, lang: Lang) -> String {
        let fixed = match self {
            ReviewLever::Rightsizing { swaps } => return rightsizing_assumption(swaps, lang),
            ReviewLever::Schedule => pick(
                lang,
                "Dev/test-tagged GPUs run only Monday–Friday 08:00–20:00 (the review's time zone); everything else as reviewed.",
                "带开发/测试标签的 GPU 仅在周一至周五 08:00–20:00（评审所用时区）运行，其余用量不变。",
            ),
            ReviewLever::Spot => pick(
                lang,
                "All of this GPU work tolerates interruption (checkpointed training, batch jobs), with the calculator's spot overhead.",
                "假设全部 GPU 任务可容忍中断（有检查点的训练、批处理），并计入计算器的竞价中断附加。",
            ),
            ReviewLever::Reserved => pick(
                lang,
                "The always-on part is reserved or committed at the provider's listed terms, the rest on demand, as the calculator mixes them.",
                "常驻部分按厂商公布的预留/承诺条款购买，其余按量，混合方式与计算器相同。",
            ),
            ReviewLever::OtherProvider { .. } => pick(
                lang,
                "The same GPU models, on demand, at the cheapest other catalog provider in the same place as the bill's regions.",
                "同款 GPU 按量计费，选择与账单地域同一位置的最便宜的其他目录厂商。",
            ),
        };
        fixed.into()
    }
}

/// GiB from MiB, one decimal (`14.2`).
pub(super) fn gib(mib: rust_decimal::Decimal) -> String {
    gpucost_core::format::number(mib / rust_decimal::Decimal::from(1024), 1)
}

/// `A10G → T4: peak 9.5 GiB of 24 GiB in use (T4 has 16 GiB, 10 % kept free), average
/// utilization 21.5 %. The job's throughput …`.
fn rightsizing_assumption(swaps: &[Swap], lang: Lang) -> String {
    let headroom = HEADROOM_PERCENT.normalize();
    let moves: Vec<String> = swaps
        .iter()
        .map(|s| {
            let (from_gib, to_gib) = (s.from_memory_gib.normalize(), s.to_memory_gib.normalize());
            let (peak, avg) = (gib(s.peak_memory_mib), s.average_percent.round_dp(1).normalize());
            match lang {
                Lang::En => format!(
                    "{} → {}: peak {peak} GiB of {from_gib} GiB in use ({} has {to_gib} GiB, {headroom} % kept free), average utilization {avg} %",
                    s.from, s.to, s.to
                ),
                Lang::Zh => format!(
                    "{} → {}：显存峰值 {peak} GiB / {from_gib} GiB（{} 有 {to_gib} GiB，保留 {headroom}% 余量），平均利用率 {avg}%",
                    s.from, s.to, s.to
                ),
            }
        })
        .collect();
    match lang {
        Lang::En => format!(
            "{}. The job's throughput on the smaller GPU is not known: the saving assumes the same hours.",
            moves.join("; ")
        ),
        Lang::Zh => format!(
            "{}。任务在较小 GPU 上的吞吐量未知：节省金额假设运行时长不变。",
            moves.join("；")
        ),
    }
}

/// `It pays off above 62.5 % of hours in use.`
pub fn break_even(utilization: rust_decimal::Decimal, lang: Lang) -> String {
    let pct = gpucost_core::format::percent(utilization);
    match lang {
        Lang::En => format!(
            "It pays off when each reserved instance is in use more than {pct} of the time."
        ),
        Lang::Zh => format!("每个预留实例的使用时间超过 {pct} 时才划算。"),
    }
}

/// A lever's name from its slug (for the levers not priced).
pub fn lever_slug_name(slug: &str, lang: Lang) -> &'static str {
    match slug {
        "schedule" => pick(
            lang,
            "Stop dev/test GPUs out of office hours",
            "非工作时间停掉开发/测试 GPU",
        ),
        "spot" => pick(lang, "Spot capacity", "竞价实例"),
        "reserved" => pick(lang, "Reserved baseline", "预留/承诺使用基线"),
        "other-provider" => pick(
            lang,
            "Same GPUs at another provider",
            "换到其他厂商使用同款 GPU",
        ),
        "rightsizing" => pick(lang, "Rightsizing to a smaller GPU", "换用显存更小的 GPU"),
        "baseline" => pick(lang, "The usage at list prices", "按公开价格计算的用量"),
        _ => pick(lang, "Lever", "措施"),
    }
}

/// `aws (98.5 % of the GPU spend; the levers cover its usage)`.
pub fn main_share(provider: &str, percent: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{provider} ({percent}% of the GPU spend; the levers cover its usage)"),
        Lang::Zh => format!("{provider}（占 GPU 支出的 {percent}%；各项措施仅针对其用量）"),
    }
}

impl LeverNote {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            LeverNote::GpuBilledApartFromMachine => "gpu-billed-apart-from-machine",
            LeverNote::ScheduleFromWholeDays => "schedule-from-whole-days",
        }
    }

    /// The note, in words.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            LeverNote::GpuBilledApartFromMachine => pick(
                lang,
                "Google Cloud bills a GPU apart from the machine it is attached to: the GPU spend is the GPU SKUs only, while the levers price whole machines (GPU, vCPUs and memory) at list prices. The machines' vCPUs and memory are in other spend, not told apart by machine, so the baseline and a saving can exceed the GPU spend.",
                "Google Cloud 将 GPU 与其挂载的虚拟机分开计费：GPU 支出只含 GPU 计费项，而各项措施按公开价格计算整台机器（GPU、vCPU 与内存）。机器的 vCPU 与内存计入其他支出，且无法按机器区分，因此基线与节省金额可能超过 GPU 支出。",
            ),
            LeverNote::ScheduleFromWholeDays => pick(
                lang,
                "The bill counts GPU use by the day: stopping dev/test GPUs out of office hours is priced as if each day's dev/test use were spread evenly over its 24 hours.",
                "账单按天统计 GPU 用量：非工作时间停掉开发/测试 GPU 的节省，是按每天的开发/测试用量在 24 小时内平均分布计算的。",
            ),
        }
    }
}

impl NotPriced {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            NotPriced::NeedsUtilization => "needs-utilization",
            NotPriced::NoMemorySamples => "no-memory-samples",
            NotPriced::NoSmallerGpuFits => "no-smaller-gpu-fits",
            NotPriced::ProviderNotInCatalog => "provider-not-in-catalog",
            NotPriced::NoDevOffHours => "no-dev-off-hours",
            NotPriced::NoEnvTag => "no-env-tag",
            NotPriced::NoLabelsInGcpCostTable => "no-labels-in-gcp-cost-table",
            NotPriced::DevOffHoursElsewhere => "dev-off-hours-elsewhere",
            NotPriced::NoPrice => "no-price",
            NotPriced::CommittedForGpusAlone => "committed-for-gpus-alone",
            NotPriced::NoSaving => "no-saving",
            NotPriced::Undated => "undated",
            NotPriced::NoGpuWeek => "no-gpu-week",
        }
    }

    /// Why, in words.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            NotPriced::NeedsUtilization => pick(
                lang,
                "Needs utilization data: a bill does not say how much GPU memory was in use. Add a utilization file (nvidia-smi's CSV or the generic utilization CSV), or open the usage as a scenario and describe the workload.",
                "需要利用率数据：账单不包含 GPU 显存用量。请添加利用率文件（nvidia-smi 的 CSV 或通用利用率 CSV），或将用量作为场景打开并描述工作负载。",
            ),
            NotPriced::NoMemorySamples => pick(
                lang,
                "The utilization file has no memory samples for every resource of any priced GPU model, so no smaller GPU can be said to fit.",
                "利用率文件没有覆盖任一已计价 GPU 型号全部资源的显存采样，无法判断能否换用更小的 GPU。",
            ),
            NotPriced::NoSmallerGpuFits => pick(
                lang,
                "No GPU model's peak memory in use fits a smaller GPU that this provider offers (with the headroom kept free).",
                "各 GPU 型号的显存峰值（含保留余量）都放不进该厂商提供的更小的 GPU。",
            ),
            NotPriced::ProviderNotInCatalog => pick(
                lang,
                "The bill's main provider is not in the catalog, so there is no list price to compare with.",
                "账单的主要厂商不在目录中，没有可对比的公开价格。",
            ),
            NotPriced::NoDevOffHours => pick(
                lang,
                "No dev/test-tagged GPU ran outside office hours.",
                "没有带开发/测试标签的 GPU 在非工作时间运行。",
            ),
            NotPriced::NoEnvTag => pick(
                lang,
                "No GPU in the bill carries an env, environment or stage tag, so none is known to be dev/test.",
                "账单中没有 GPU 带 env、environment 或 stage 标签，无法判断哪些是开发/测试用量。",
            ),
            NotPriced::NoLabelsInGcpCostTable => pick(
                lang,
                "Google Cloud's cost table has no labels (only the project is read, as the tag project), so no GPU is known to be dev/test; and it counts usage per day, so office hours cannot be told from nights.",
                "Google Cloud 的费用表不含标签（只读取项目，作为标签 project），无法判断哪些 GPU 是开发/测试用量；且它按天统计用量，无法区分工作时间与夜间。",
            ),
            NotPriced::DevOffHoursElsewhere => pick(
                lang,
                "Dev/test-tagged GPUs ran outside office hours only at other providers than the main one, whose usage the levers cover.",
                "带开发/测试标签的 GPU 只在主要厂商以外的厂商于非工作时间运行，而各项措施仅针对主要厂商的用量。",
            ),
            NotPriced::NoPrice => pick(
                lang,
                "The catalog has no price for it at this provider.",
                "目录中没有该厂商的相应价格。",
            ),
            NotPriced::CommittedForGpusAlone => pick(
                lang,
                "The catalog's committed-use prices at this provider are for GPUs alone, without the machine they are attached to, so no machine can be priced with them.",
                "目录中该厂商的承诺使用价格只针对单独的 GPU，不含其挂载的机器，无法据此为整台机器计价。",
            ),
            NotPriced::NoSaving => pick(
                lang,
                "Priced, but it would not save anything on this usage.",
                "已计算，但对这一用量没有节省。",
            ),
            NotPriced::Undated => pick(
                lang,
                "The bill does not date its rows, so no weekly pattern can be derived.",
                "账单未注明用量时间，无法推算每周用量模式。",
            ),
            NotPriced::NoGpuWeek => pick(
                lang,
                "The bill's dated GPU use does not fill one GPU in any hour of an average week, so there is no usage to price.",
                "账单中注明时间的 GPU 用量在平均每周的任何一小时都不足一张卡，没有可计价的用量。",
            ),
        }
    }
}
