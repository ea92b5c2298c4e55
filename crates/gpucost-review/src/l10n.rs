//! The review's words, in English and Simplified Chinese, in one place: bill formats, the
//! problems a bill can have (with file, line and column), section headings, levers, their
//! assumptions and why a lever was not priced. Everything else in the crate returns typed data.

use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;

use crate::bill::{BillError, BillFormat, BillProblem};
use crate::review::levers::{NotPriced, ReviewLever};

fn pick(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

impl BillFormat {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            BillFormat::AwsCurLegacy => "aws-cur",
            BillFormat::AwsCur2 => "aws-cur2",
            BillFormat::GcpBillingExport => "gcp-billing",
            BillFormat::AzureCostDetails => "azure-cost-details",
            BillFormat::AlibabaBillDetails => "alibaba-bill",
            BillFormat::TencentBillDetails => "tencent-bill",
            BillFormat::Generic => "generic",
        }
    }

    /// The format's name.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            BillFormat::AwsCurLegacy => pick(
                lang,
                "AWS Cost and Usage Report (legacy CSV)",
                "AWS 成本和使用情况报告（旧版 CSV）",
            ),
            BillFormat::AwsCur2 => pick(
                lang,
                "AWS Cost and Usage Report 2.0 (Data Exports)",
                "AWS 成本和使用情况报告 2.0（数据导出）",
            ),
            BillFormat::GcpBillingExport => {
                pick(lang, "Google Cloud billing export", "Google Cloud 账单导出")
            }
            BillFormat::AzureCostDetails => pick(lang, "Azure cost details", "Azure 成本明细"),
            BillFormat::AlibabaBillDetails => {
                pick(lang, "Alibaba Cloud bill details", "阿里云账单明细")
            }
            BillFormat::TencentBillDetails => {
                pick(lang, "Tencent Cloud bill details", "腾讯云账单明细")
            }
            BillFormat::Generic => pick(lang, "GPU Cost Lab generic CSV", "GPU 成本实验室通用 CSV"),
        }
    }
}

impl Localize for BillProblem {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (BillProblem::UnknownFormat, Lang::En) => "the header matches no supported bill format (AWS CUR, Google Cloud, Azure, Alibaba Cloud, Tencent Cloud or the generic CSV)".into(),
            (BillProblem::UnknownFormat, Lang::Zh) => "表头与支持的账单格式都不匹配（AWS CUR、Google Cloud、Azure、阿里云、腾讯云或通用 CSV）".into(),
            (BillProblem::Empty, Lang::En) => "the file is empty".into(),
            (BillProblem::Empty, Lang::Zh) => "文件为空".into(),
            (BillProblem::BadGzip, Lang::En) => "the gzip file is damaged".into(),
            (BillProblem::BadGzip, Lang::Zh) => "gzip 压缩文件已损坏".into(),
            (BillProblem::NotText, Lang::En) => "the file is not UTF-8 text".into(),
            (BillProblem::NotText, Lang::Zh) => "文件不是 UTF-8 文本".into(),
            (BillProblem::MissingColumn { column }, Lang::En) => {
                format!("the column “{column}” is missing")
            }
            (BillProblem::MissingColumn { column }, Lang::Zh) => format!("缺少“{column}”列"),
            (BillProblem::FieldCount { expected, found }, Lang::En) => {
                format!("{found} fields where the header has {expected}")
            }
            (BillProblem::FieldCount { expected, found }, Lang::Zh) => {
                format!("有 {found} 个字段，表头为 {expected} 个")
            }
            (BillProblem::BadNumber { value }, Lang::En) => format!("“{value}” is not a number"),
            (BillProblem::BadNumber { value }, Lang::Zh) => format!("“{value}”不是数字"),
            (BillProblem::BadDate { value }, Lang::En) => format!("“{value}” is not a date"),
            (BillProblem::BadDate { value }, Lang::Zh) => format!("“{value}”不是日期"),
            (BillProblem::BadTags { value }, Lang::En) => {
                format!("tags “{value}” are not the format's key-value map")
            }
            (BillProblem::BadTags { value }, Lang::Zh) => {
                format!("标签“{value}”不是该格式的键值映射")
            }
            (BillProblem::MissingValue, Lang::En) => "a value this format needs is empty".into(),
            (BillProblem::MissingValue, Lang::Zh) => "该格式必需的值为空".into(),
            (BillProblem::Io { message }, Lang::En) => format!("the file could not be read: {message}"),
            (BillProblem::Io { message }, Lang::Zh) => format!("无法读取文件：{message}"),
            (BillProblem::UnknownCurrency { value }, Lang::En) => {
                format!("currency “{value}” is not supported (CNY or USD)")
            }
            (BillProblem::UnknownCurrency { value }, Lang::Zh) => {
                format!("不支持货币“{value}”（仅支持 CNY 或 USD）")
            }
        }
    }
}

impl Localize for BillError {
    fn text(&self, lang: Lang) -> String {
        let place = match (self.line, &self.column, lang) {
            (Some(l), Some(c), Lang::En) => format!("{}, line {l}, column “{c}”", self.file),
            (Some(l), Some(c), Lang::Zh) => format!("{}，第 {l} 行，“{c}”列", self.file),
            (Some(l), None, Lang::En) => format!("{}, line {l}", self.file),
            (Some(l), None, Lang::Zh) => format!("{}，第 {l} 行", self.file),
            (None, _, _) => self.file.clone(),
        };
        match lang {
            Lang::En => format!("{place}: {}", self.problem.text(lang)),
            Lang::Zh => format!("{place}：{}", self.problem.text(lang)),
        }
    }
}

impl ReviewLever {
    /// Stable slug for exports.
    pub fn as_str(&self) -> &'static str {
        match self {
            ReviewLever::Schedule => "schedule",
            ReviewLever::Spot => "spot",
            ReviewLever::Reserved => "reserved",
            ReviewLever::OtherProvider { .. } => "other-provider",
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
            (ReviewLever::OtherProvider { name, .. }, Lang::En) => {
                format!("Same GPUs at {name}")
            }
            (ReviewLever::OtherProvider { name_zh, .. }, Lang::Zh) => {
                format!("换到{name_zh}使用同款 GPU")
            }
        }
    }

    /// What the lever assumes.
    pub fn assumption(&self, lang: Lang) -> &'static str {
        match self {
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
        }
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
        "rightsizing" => pick(lang, "Rightsizing", "换用更合适的 GPU"),
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

impl NotPriced {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            NotPriced::RightsizingNeedsWorkload => "needs-workload",
            NotPriced::ProviderNotInCatalog => "provider-not-in-catalog",
            NotPriced::NoDevOffHours => "no-dev-off-hours",
            NotPriced::NoPrice => "no-price",
            NotPriced::NoSaving => "no-saving",
            NotPriced::Undated => "undated",
        }
    }

    /// Why, in words.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            NotPriced::RightsizingNeedsWorkload => pick(
                lang,
                "Rightsizing needs to know what the GPUs ran, which a bill does not say: open the usage as a scenario and describe the workload.",
                "账单不包含 GPU 上运行的任务，无法评估换卡：请将用量作为场景打开并描述工作负载。",
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
            NotPriced::NoPrice => pick(
                lang,
                "The catalog has no price for it at this provider.",
                "目录中没有该厂商的相应价格。",
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
        }
    }
}

/// Section headings and labels of the review's text outputs.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    Review,
    Format,
    Period,
    Rows,
    Skipped,
    Total,
    GpuSpend,
    NonGpuSpend,
    GpuHours,
    PerGpuHour,
    ByProvider,
    ByGpu,
    ByInstance,
    ByTag,
    NonGpu,
    HeatMap,
    Waste,
    AlwaysOn,
    DevOffHours,
    Utilization,
    Budgets,
    Over,
    Within,
    Levers,
    ActualMonthly,
    Baseline,
    NotPriced,
    OpenAsScenario,
    LeftOut,
    Hours,
    Breakdown,
    Provider,
    GpuModel,
    InstanceType,
    TagValue,
    Item,
    Spend,
    Tag,
    Budget,
    SpendPerMonth,
    Currency,
    Status,
    Lever,
    SavingPerMonth,
    PercentOfBaseline,
    Assumption,
    MainProvider,
    NoneFound,
    Day,
}

impl Label {
    /// The label in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            Label::Review => ("GPU spend review", "GPU 支出评审"),
            Label::Format => ("Format", "格式"),
            Label::Period => ("Period (UTC)", "账期（UTC）"),
            Label::Rows => ("Rows read", "已读取行数"),
            Label::Skipped => ("Lines skipped", "跳过的行"),
            Label::Total => ("Whole bill", "账单合计"),
            Label::GpuSpend => ("GPU spend", "GPU 支出"),
            Label::NonGpuSpend => ("Other spend", "其他支出"),
            Label::GpuHours => ("GPU-hours", "卡·时"),
            Label::PerGpuHour => ("per GPU-hour", "每卡·时"),
            Label::ByProvider => ("GPU spend by provider", "按厂商的 GPU 支出"),
            Label::ByGpu => ("GPU spend by GPU model", "按 GPU 型号的 GPU 支出"),
            Label::ByInstance => ("GPU spend by instance type", "按实例规格的 GPU 支出"),
            Label::ByTag => ("GPU spend by tag", "按标签的 GPU 支出"),
            Label::NonGpu => (
                "Other spend, by what the bill calls it",
                "其他支出（按账单描述）",
            ),
            Label::HeatMap => ("GPU use by hour of the week", "每周各小时的 GPU 用量"),
            Label::Waste => ("Waste", "浪费"),
            Label::AlwaysOn => ("GPU resources that never stop", "从不停止的 GPU 资源"),
            Label::DevOffHours => (
                "Dev/test GPUs outside office hours (Mon–Fri 08:00–20:00)",
                "非工作时间（周一至周五 08:00–20:00 以外）运行的开发/测试 GPU",
            ),
            Label::Utilization => (
                "GPU utilization: not in these bill formats",
                "GPU 利用率：这些账单格式不包含",
            ),
            Label::Budgets => ("Budgets per month", "每月预算"),
            Label::Over => ("over budget", "超出预算"),
            Label::Within => ("within budget", "未超预算"),
            Label::Levers => (
                "What each lever would have saved (per 730-hour month of this usage)",
                "各项措施可节省的金额（按此用量模式每 730 小时月计）",
            ),
            Label::ActualMonthly => ("Actual GPU spend per month", "实际每月 GPU 支出"),
            Label::Baseline => (
                "The same usage at list prices, on demand",
                "同样用量按公开价格按量计费",
            ),
            Label::NotPriced => ("Not priced", "未计算"),
            Label::OpenAsScenario => ("Open as a scenario", "作为场景打开"),
            Label::LeftOut => ("Left out of the scenario", "未计入场景"),
            Label::Hours => ("hours", "小时"),
            Label::Breakdown => ("Where the GPU money went", "GPU 支出去向"),
            Label::Provider => ("Provider", "厂商"),
            Label::GpuModel => ("GPU model", "GPU 型号"),
            Label::InstanceType => ("Instance type", "实例规格"),
            Label::TagValue => ("Tag value", "标签值"),
            Label::Item => ("Item", "项目"),
            Label::Spend => ("Spend", "支出"),
            Label::Tag => ("Tag", "标签"),
            Label::Budget => ("Budget per month", "每月预算"),
            Label::SpendPerMonth => ("Spend per month", "每月支出"),
            Label::Currency => ("Currency", "货币"),
            Label::Status => ("Status", "状态"),
            Label::Lever => ("Lever", "措施"),
            Label::SavingPerMonth => ("Saving per month", "每月节省"),
            Label::PercentOfBaseline => ("% of baseline", "占基线比例"),
            Label::Assumption => ("Assumption", "假设"),
            Label::MainProvider => ("Main provider", "主要厂商"),
            Label::NoneFound => ("None", "无"),
            Label::Day => ("Day", "星期"),
        };
        pick(lang, en, zh)
    }
}

/// The short name of day `day` of the week, Monday being 0 (`Mon`, `周一`); empty past Sunday.
pub fn weekday(day: usize, lang: Lang) -> &'static str {
    const EN: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const ZH: [&str; 7] = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"];
    let names = match lang {
        Lang::En => EN,
        Lang::Zh => ZH,
    };
    names.get(day).copied().unwrap_or("")
}
