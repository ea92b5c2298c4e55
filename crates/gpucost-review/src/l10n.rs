//! The review's words, in English and Simplified Chinese, in one place: bill formats, the
//! problems a bill can have (with file, line and column), section headings, the review's own
//! group names, what a bill does not say; the levers' names, assumptions, notes and why a lever
//! was not priced are in [`levers`]. Everything else in the crate returns typed data.

mod levers;

use levers::gib;
pub use levers::{break_even, lever_slug_name, main_share};

use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;

use crate::bill::{BillError, BillFormat, BillProblem, Lack, Quantity, ROUNDING_ERROR};
use crate::limits::OTHER;
use crate::review::{Dimension, Fold, NOT_DESCRIBED, UNTAGGED};
use crate::utilization::UtilizationFormat;

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

/// The bill format's name in `lang`, from its slug (the slug itself when unknown).
pub fn format_name(slug: &str, lang: Lang) -> String {
    const ALL: [BillFormat; 7] = [
        BillFormat::AwsCurLegacy,
        BillFormat::AwsCur2,
        BillFormat::GcpBillingExport,
        BillFormat::AzureCostDetails,
        BillFormat::AlibabaBillDetails,
        BillFormat::TencentBillDetails,
        BillFormat::Generic,
    ];
    ALL.iter()
        .find(|f| f.as_str() == slug)
        .map_or_else(|| slug.to_string(), |f| f.name(lang).to_string())
}

impl Lack {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            Lack::Instances => "instances",
            Lack::Labels => "labels",
            Lack::HoursOfDay => "hours-of-day",
        }
    }

    /// What cannot be known, and why, in place of the figure.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Lack::Instances => pick(
                lang,
                "not known: the bill names no instance (Google Cloud's cost table has no instance id), so no GPU can be said to never stop",
                "无法判断：账单未标明实例（Google Cloud 的费用表没有实例 ID），无法判断哪些 GPU 从不停止",
            ),
            Lack::Labels => pick(
                lang,
                "not known: the bill has no labels (Google Cloud's cost table has none), so no GPU is known to be dev/test",
                "无法判断：账单不含标签（Google Cloud 的费用表没有标签），无法判断哪些 GPU 是开发/测试用量",
            ),
            Lack::HoursOfDay => pick(
                lang,
                "The bill counts GPU use by the day, so its hours of the day are not known: each day's GPU-hours are spread evenly over its 24 hours, in the heat map and in the time out of office hours",
                "账单按天统计 GPU 用量，无法得知一天中的具体时段：每天的卡·时在热力图和非工作时间统计中都按 24 小时平均分摊",
            ),
        }
    }
}

impl UtilizationFormat {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            UtilizationFormat::NvidiaSmi => "nvidia-smi",
            UtilizationFormat::Generic => "generic-utilization",
        }
    }

    /// The format's name.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            UtilizationFormat::NvidiaSmi => pick(lang, "nvidia-smi CSV", "nvidia-smi CSV"),
            UtilizationFormat::Generic => pick(
                lang,
                "GPU Cost Lab generic utilization CSV",
                "GPU 成本实验室通用利用率 CSV",
            ),
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
            (BillProblem::UnknownUtilizationFormat, Lang::En) => "the header is neither nvidia-smi's CSV (timestamp, index, utilization.gpu [%], memory.used [MiB], memory.total [MiB]) nor the generic utilization CSV (resource_id, timestamp, gpu_util_percent)".into(),
            (BillProblem::UnknownUtilizationFormat, Lang::Zh) => "表头既不是 nvidia-smi 的 CSV（timestamp, index, utilization.gpu [%], memory.used [MiB], memory.total [MiB]），也不是通用利用率 CSV（resource_id, timestamp, gpu_util_percent）".into(),
            (BillProblem::NeedsResource, Lang::En) => "an nvidia-smi file does not say which instance it comes from: give the bill's resource id for it (--resource, or the page's resource field)".into(),
            (BillProblem::NeedsResource, Lang::Zh) => "nvidia-smi 文件未注明来自哪台实例：请给出它在账单中的资源 ID（--resource，或页面上的资源 ID 输入框）".into(),
            (BillProblem::NotAPercent { value }, Lang::En) => {
                format!("“{value}” is not a percentage from 0 to 100")
            }
            (BillProblem::NotAPercent { value }, Lang::Zh) => {
                format!("“{value}”不是 0 到 100 之间的百分比")
            }
            (BillProblem::TooManyResources { max }, Lang::En) => {
                format!("more than {max} resources: the samples of further ones are not read")
            }
            (BillProblem::TooManyResources { max }, Lang::Zh) => {
                format!("资源超过 {max} 个：其余资源的采样未读取")
            }
            (BillProblem::Implausible { quantity, value, max }, Lang::En) => {
                format!("{} “{value}” is beyond the plausible limit of {max}: the line is skipped", quantity.name(lang))
            }
            (BillProblem::Implausible { quantity, value, max }, Lang::Zh) => {
                format!("{}“{value}”超出合理上限 {max}：已跳过该行", quantity.name(lang))
            }
            (BillProblem::Negative { quantity, value }, Lang::En) => {
                format!("{} “{value}” is negative: the line is skipped (only costs may be negative, as credits)", quantity.name(lang))
            }
            (BillProblem::Negative { quantity, value }, Lang::Zh) => {
                format!("{}“{value}”为负数：已跳过该行（只有费用可以为负，即抵扣或退款）", quantity.name(lang))
            }
            (BillProblem::Overflow, Lang::En) => "adding this line would take the review's sums past their limit: the line is skipped".into(),
            (BillProblem::Overflow, Lang::Zh) => "计入该行会使评审的合计超出上限：已跳过该行".into(),
            (BillProblem::ValueTooLong { value, max_bytes }, Lang::En) => {
                format!("the value “{value}” is longer than {max_bytes} bytes: the line is skipped")
            }
            (BillProblem::ValueTooLong { value, max_bytes }, Lang::Zh) => {
                format!("值“{value}”超过 {max_bytes} 字节：已跳过该行")
            }
            (BillProblem::RecordTooLong { max_bytes }, Lang::En) => {
                format!("a row longer than {max_bytes} bytes (no line break, or not a CSV file): the file is not read on")
            }
            (BillProblem::RecordTooLong { max_bytes }, Lang::Zh) => {
                format!("有一行超过 {max_bytes} 字节（没有换行，或不是 CSV 文件）：不再继续读取该文件")
            }
            (BillProblem::TooManyFields { max, found }, Lang::En) => {
                format!("{found} fields, more than the {max} a bill may have")
            }
            (BillProblem::TooManyFields { max, found }, Lang::Zh) => {
                format!("有 {found} 个字段，超过账单允许的 {max} 个")
            }
            (BillProblem::UnterminatedQuote, Lang::En) => "a quoted field that starts on this line is never closed, so it would swallow the rest of the file: the file is not read on".into(),
            (BillProblem::UnterminatedQuote, Lang::Zh) => "从这一行开始的带引号字段没有结束引号，会吞掉文件其余部分：不再继续读取该文件".into(),
            (BillProblem::InflatedTooLarge { max_bytes }, Lang::En) => {
                format!("the gzip file inflates to more than {} GiB: it is not read on", max_bytes / (1024 * 1024 * 1024))
            }
            (BillProblem::InflatedTooLarge { max_bytes }, Lang::Zh) => {
                format!("gzip 文件解压后超过 {} GiB：不再继续读取", max_bytes / (1024 * 1024 * 1024))
            }
            (BillProblem::CompressesTooWell { max_ratio }, Lang::En) => {
                format!("the gzip file inflates more than {max_ratio} times, as no bill does (a gzip bomb): it is not read on")
            }
            (BillProblem::CompressesTooWell { max_ratio }, Lang::Zh) => {
                format!("gzip 文件解压倍数超过 {max_ratio} 倍，真实账单不会如此（疑似压缩炸弹）：不再继续读取")
            }
            (BillProblem::BadParquet { reason }, Lang::En) => {
                format!("the Parquet file cannot be read: {reason}")
            }
            (BillProblem::BadParquet { reason }, Lang::Zh) => format!("无法读取该 Parquet 文件：{reason}"),
            (BillProblem::ParquetTooLarge { max_bytes }, Lang::En) => format!(
                "a part of the Parquet file (its footer, a row group's columns or a page) declares more than {max_bytes} bytes: the file is not read"
            ),
            (BillProblem::ParquetTooLarge { max_bytes }, Lang::Zh) => format!(
                "该 Parquet 文件的某一部分（文件尾元数据、一个行组的所需列或一页）声明超过 {max_bytes} 字节：不读取该文件"
            ),
            (BillProblem::ParquetColumnType { found }, Lang::En) => {
                format!("the column is a Parquet {found}, not one value: the file is not read")
            }
            (BillProblem::ParquetColumnType { found }, Lang::Zh) => {
                format!("该列是 Parquet 的 {found}，不是单个值：不读取该文件")
            }
            (BillProblem::ParquetCodec { codec }, Lang::En) => format!(
                "the Parquet file is compressed with {codec}, which the review does not read (it reads uncompressed, Snappy, gzip and LZ4 Parquet)"
            ),
            (BillProblem::ParquetCodec { codec }, Lang::Zh) => format!(
                "该 Parquet 文件以 {codec} 压缩，评审不读取这种压缩（支持未压缩、Snappy、gzip 和 LZ4）"
            ),
            (BillProblem::UnknownCurrency { value }, Lang::En) => {
                format!("currency “{value}” is not supported (CNY or USD)")
            }
            (BillProblem::UnknownCurrency { value }, Lang::Zh) => {
                format!("不支持货币“{value}”（仅支持 CNY 或 USD）")
            }
        }
    }
}

impl Quantity {
    /// The quantity's name, as a problem starts with it (`hours`, `GPU 数`).
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Quantity::Cost => pick(lang, "the cost", "费用"),
            Quantity::Hours => pick(lang, "the number of hours", "时长"),
            Quantity::Gpus => pick(lang, "the number of GPUs", "GPU 数"),
            Quantity::Number => pick(lang, "the number", "数值"),
            Quantity::Period => pick(lang, "the period", "计费时段"),
            Quantity::Memory => pick(lang, "the GPU memory (MiB)", "显存（MiB）"),
        }
    }
}

/// A group's name: the review's own groups (GPU spend without the tag key, the values folded
/// past a limit, lines of no description, Google's rounding line) in words of `lang`; a key
/// the bill wrote, as it is.
pub fn group_name(key: &str, lang: Lang) -> &str {
    match key {
        UNTAGGED => pick(lang, UNTAGGED, "（未加标签）"),
        OTHER => pick(lang, OTHER, "（其他）"),
        NOT_DESCRIBED => pick(lang, NOT_DESCRIBED, "（无描述）"),
        ROUNDING_ERROR => pick(lang, "Rounding error", "舍入误差"),
        _ => key,
    }
}

impl Localize for Fold {
    fn text(&self, lang: Lang) -> String {
        let what = self.dimension.name(lang);
        let other = group_name(OTHER, lang);
        let (max, rows) = (self.max, self.rows);
        match (&self.key, lang) {
            (Some(k), Lang::En) => format!(
                "{what} of “{k}”: more than {max} distinct values; the {rows} rows of the others are summed as “{other}”"
            ),
            (None, Lang::En) => format!(
                "{what}: more than {max} distinct values; the {rows} rows of the others are summed as “{other}”"
            ),
            (Some(k), Lang::Zh) => format!(
                "“{k}”的{what}：不同取值超过 {max} 个；其余取值的 {rows} 行合并为“{other}”"
            ),
            (None, Lang::Zh) => format!(
                "{what}：不同取值超过 {max} 个；其余取值的 {rows} 行合并为“{other}”"
            ),
        }
    }
}

impl Dimension {
    /// The dimension's name.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Dimension::TagKeys => pick(lang, "Tag keys", "标签键"),
            Dimension::TagValues => pick(lang, "Tag values", "标签值"),
            Dimension::Resources => pick(lang, "GPU resources", "GPU 资源"),
            Dimension::InstanceTypes => pick(lang, "Instance types", "实例规格"),
            Dimension::NonGpuItems => pick(lang, "Other spend items", "其他支出项目"),
            Dimension::Providers => pick(lang, "Providers", "厂商"),
            Dimension::Regions => pick(lang, "Regions", "地域"),
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

/// The review's time zone is outside -12:00..+14:00.
pub fn bad_tz(lang: Lang) -> String {
    pick(
        lang,
        "The time zone must be an offset from -12:00 to +14:00, such as +08:00.",
        "时区须为 -12:00 到 +14:00 之间的偏移，例如 +08:00。",
    )
    .into()
}

/// `Spend on low-utilization resources (average below 30 %)`.
pub fn low_utilization(threshold_percent: &str, lang: Lang) -> String {
    match lang {
        Lang::En => {
            format!("Spend on low-utilization resources (average below {threshold_percent} %)")
        }
        Lang::Zh => format!("低利用率资源的支出（平均低于 {threshold_percent}%）"),
    }
}

/// `9.5 GiB of 22.5 GiB` from MiB decimal strings (the total may be empty); empty when the
/// peak is, and the peak as written when it is not a number.
pub fn memory_of(peak_mib: &str, total_mib: &str, lang: Lang) -> String {
    let read = |s: &str| s.parse::<rust_decimal::Decimal>().ok().map(gib);
    match (read(peak_mib), read(total_mib), lang) {
        (Some(p), Some(t), Lang::En) => format!("{p} GiB of {t} GiB"),
        (Some(p), Some(t), Lang::Zh) => format!("{p} GiB / {t} GiB"),
        (Some(p), None, _) => format!("{p} GiB"),
        // Not a number (a hand-edited document): shown as written, never dropped.
        (None, _, _) if !peak_mib.is_empty() => format!("{peak_mib} MiB"),
        (None, _, _) => String::new(),
    }
}

/// The last row of a group table cut at [`crate::html::MAX_SHOWN_ROWS`].
pub fn more_rows(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("… {n} more, smaller groups (all are in the CSV and JSON exports)"),
        Lang::Zh => format!("…… 另有 {n} 个较小的分组（CSV 与 JSON 导出中有全部分组）"),
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
    UtilizationOf,
    Resource,
    Samples,
    AverageUtilization,
    P95Utilization,
    PeakMemory,
    Low,
    Unsampled,
    Unmatched,
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
    Summary,
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
                "GPU utilization: not in these bill formats; add a utilization file (nvidia-smi's CSV or the generic utilization CSV) to review it",
                "GPU 利用率：这些账单格式不包含；添加利用率文件（nvidia-smi 的 CSV 或通用利用率 CSV）即可评审",
            ),
            Label::UtilizationOf => ("GPU utilization", "GPU 利用率"),
            Label::Resource => ("Resource", "资源"),
            Label::Samples => ("Samples", "采样数"),
            Label::AverageUtilization => ("Average", "平均"),
            Label::P95Utilization => ("p95", "p95"),
            Label::PeakMemory => ("Peak memory in use", "显存峰值"),
            Label::Low => ("low", "偏低"),
            Label::Unsampled => (
                "GPU resources without samples (not guessed)",
                "没有采样的 GPU 资源（不做推测）",
            ),
            Label::Unmatched => (
                "Resources in the utilization file that are not in the bill",
                "利用率文件中不在账单里的资源",
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
            Label::Summary => ("What to do first", "先做什么"),
        };
        pick(lang, en, zh)
    }
}

/// The summary's first line: `Spend: $506.35, of which GPU $446.44.`
pub fn summary_spend(total: &str, gpu: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Spend: {total}, of which GPU {gpu}."),
        Lang::Zh => format!("支出：{total}，其中 GPU {gpu}。"),
    }
}

/// One of the largest savings: `1. Spot capacity: saves $4,591.89 a month (78.18 % of the
/// same usage on demand).`
pub fn summary_saving(rank: usize, lever: &str, amount: &str, percent: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{rank}. {lever}: saves {amount} a month ({percent}% of the same usage on demand)."
        ),
        Lang::Zh => {
            format!("{rank}. {lever}：每月可省 {amount}（占同样用量按量费用的 {percent}%）。")
        }
    }
}

/// What a saving's owners' spend is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnerBasis<'a> {
    /// GPU spend.
    Gpu,
    /// GPU spend at this provider.
    GpuAt(&'a str),
    /// Dev/test GPU spend outside office hours.
    DevOffHours,
}

/// Who owns a saving: the owner tag key, what the spend is, and the owners with their
/// spend (`ml $3,885.92`); `None` for the key when the bill has no tags.
pub fn summary_owners(
    key: Option<&str>,
    basis: OwnerBasis<'_>,
    owners: &[(String, String)],
    lang: Lang,
) -> String {
    let Some(key) = key else {
        return pick(
            lang,
            "Owners: the bill has no tags, so none is named.",
            "负责方：账单没有标签，无法指出。",
        )
        .to_string();
    };
    let list = owners
        .iter()
        .map(|(who, spend)| format!("{who} {spend}"))
        .collect::<Vec<_>>();
    match (lang, basis) {
        (Lang::En, OwnerBasis::Gpu) => {
            format!("Owners (tag {key}), by GPU spend: {}.", list.join("; "))
        }
        (Lang::En, OwnerBasis::GpuAt(p)) => format!(
            "Owners (tag {key}), by GPU spend at {p}: {}.",
            list.join("; ")
        ),
        (Lang::En, OwnerBasis::DevOffHours) => format!(
            "Owners (tag {key}), by dev/test GPU spend outside office hours: {}.",
            list.join("; ")
        ),
        (Lang::Zh, OwnerBasis::Gpu) => {
            format!("负责方（标签 {key}，按 GPU 支出）：{}。", list.join("；"))
        }
        (Lang::Zh, OwnerBasis::GpuAt(p)) => format!(
            "负责方（标签 {key}，按在 {p} 的 GPU 支出）：{}。",
            list.join("；")
        ),
        (Lang::Zh, OwnerBasis::DevOffHours) => format!(
            "负责方（标签 {key}，按非工作时间的开发/测试 GPU 支出）：{}。",
            list.join("；")
        ),
    }
}

/// The note under the largest savings.
pub fn summary_alternatives(lang: Lang) -> &'static str {
    pick(
        lang,
        "Each saving is on its own: they are alternatives on the same usage, not to be added up.",
        "各项节省分别计算：它们是针对同一用量的不同做法，不能相加。",
    )
}

/// No saving to name, and why.
pub fn summary_none(why: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("No saving was priced: {why}"),
        Lang::Zh => format!("没有算出节省：{why}"),
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

/// The words of the page's "Large bills" section ([`crate::sql`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SqlText {
    /// The section's heading.
    Heading,
    /// What it is for.
    Intro,
    /// The warehouse picker's label.
    Warehouse,
    /// The table name field's label.
    Table,
    /// The first day's label.
    From,
    /// The last day's label.
    To,
    /// The copy button.
    Copy,
    /// Said once the query is copied.
    Copied,
}

impl SqlText {
    /// The words in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        match self {
            SqlText::Heading => pick(
                lang,
                "Large bills: let your warehouse aggregate",
                "大账单：让数据仓库先汇总",
            ),
            SqlText::Intro => pick(
                lang,
                "A bill of millions of lines is best added up where it is kept. Run this query \
                 there, save its result as CSV and review that file here: it gives the raw \
                 bill's review. Only the query is made here; nothing is sent.",
                "数百万行的账单最好在存放它的地方先汇总。在那里运行这条查询，把结果保存为 CSV，\
                 再在这里审查该文件：结果与审查原始账单相同。这里只生成查询，不发送任何数据。",
            ),
            SqlText::Warehouse => pick(lang, "Warehouse", "数据仓库"),
            SqlText::Table => pick(lang, "Table (DuckDB: files)", "表名（DuckDB：文件路径）"),
            SqlText::From => pick(lang, "First day (UTC)", "起始日（UTC）"),
            SqlText::To => pick(lang, "Last day (UTC)", "结束日（UTC，含当天）"),
            SqlText::Copy => pick(lang, "Copy query", "复制查询"),
            SqlText::Copied => pick(lang, "Copied", "已复制"),
        }
    }
}

impl crate::sql::Dialect {
    /// The warehouse and what it reads, in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        use crate::sql::Dialect;
        match self {
            Dialect::Athena => pick(
                lang,
                "Amazon Athena (AWS CUR 2.0)",
                "Amazon Athena（AWS CUR 2.0）",
            ),
            Dialect::BigQuery => pick(
                lang,
                "Google BigQuery (detailed usage cost export)",
                "Google BigQuery（详细用量费用导出）",
            ),
            Dialect::DuckDb => pick(
                lang,
                "DuckDB (local CUR 2.0 files)",
                "DuckDB（本地 CUR 2.0 文件）",
            ),
        }
    }
}
