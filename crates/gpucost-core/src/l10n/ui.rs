//! The web page's own strings (headings, labels, buttons, hints), in English and Simplified
//! Chinese: the interface's part of the one localization layer, beside the engine's messages.
//!
//! Each [`Text`] maps to a pair of translations in one `match`, so the compiler refuses a
//! string that exists in only one language. The command line does not use them; a native
//! binary leaves them out.

use crate::format::Lang;
use crate::schedule::GridUnit;

/// A string of the interface.
// Each variant is named after its English text, which `get` spells out beside the Chinese:
// a doc comment per variant would repeat it.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    AppTitle,
    Tagline,
    NavCatalog,
    NavReview,
    ReviewHeading,
    ReviewIntro,
    ReviewFile,
    ReviewFormats,
    ReviewBudgets,
    ReviewBudgetsHint,
    ReviewUtilFile,
    ReviewUtilResource,
    ReviewUtilResourceHint,
    ReviewReading,
    ReviewDone,
    ReviewFailed,
    ReviewDownloadCsv,
    ReviewDownloadJson,
    ReviewCopyMarkdown,
    ReviewCopied,
    Language,
    Currency,
    FxRate,
    FxFromCatalog,
    FxYours,
    NoticeTitle,
    NoticeAppliedTitle,
    Dismiss,
    CatalogHeading,
    CatalogIntro,
    FilterGpu,
    FilterProvider,
    FilterRegion,
    FilterMemory,
    FilterPlace,
    FilterNeeds,
    FilterText,
    FilterTextPlaceholder,
    Any,
    AnyRegion,
    NeedSpot,
    NeedReserved,
    NeedMonthly,
    SortBy,
    SortOnDemand,
    SortSpot,
    SortOnDemandGb,
    SortSpotGb,
    SortMemory,
    Ascending,
    Descending,
    ResetFilters,
    ShowingRows,
    ShowAll,
    NoRows,
    ColProvider,
    ColOffer,
    ColRegion,
    /// The date of a comparison row's newest catalog price (Markdown and terminal table).
    ColPricesAsOf,
    ColPlace,
    /// Tooltip of a row's count of regions whose place no source states.
    PlaceUnknownHint,
    ColOnDemand,
    ColSpot,
    ColOnDemandGb,
    ColReserved,
    ColMonthly,
    ColSource,
    PerGpuHour,
    PerGbHour,
    Old,
    DateUnknown,
    DaysOld,
    GpuComponentOnly,
    MarketplaceListing,
    PublishedRange,
    /// An offer whose GPU share has no citable source.
    GpuShareUnconfirmed,
    /// Heading of a provider's billing rules in its details.
    BillingRules,
    IfUsedAllPeriod,
    FooterData,
    FooterPrices,
    FooterNoBackend,
    Loading,
    PartLoading,
    PartUnavailable,
    // The recommendation panel.
    RecoHeading,
    RecoIntro,
    RecoMemory,
    RecoMemoryTotal,
    RecoRanked,
    RecoGpusNeeded,
    RecoPrice,
    RecoTime,
    RecoThroughput,
    RecoBasis,
    RecoWhy,
    RecoCaveats,
    RecoGpuAssumptions,
    RecoInfeasible,
    RecoExcluded,
    RecoRules,
    RecoAssumptions,
    RecoHardwareData,
    RecoVerdict,
    RecoMonthly,
    RecoUseThis,
    StaleAfter,
    ResultsForLastAccepted,
    Days,
    Selected,
    // The workload form.
    WorkloadLegend,
    WorkloadDescribe,
    WorkloadTask,
    WorkloadModel,
    WorkloadPrecision,
    /// After a precision the task does not offer.
    WorkloadUnavailable,
    WorkloadSizeIn,
    WorkloadTokensOption,
    WorkloadSamplesOption,
    WorkloadRateUnit,
    WorkloadRequestsPerSecond,
    WorkloadTokensPerSecond,
    /// Placeholder of an empty deadline.
    WorkloadNoDeadline,
    /// Placeholder of an empty sequence length.
    WorkloadModelDefault,
    /// The KV cache precision picker.
    WorkloadKvCache,
    /// The arithmetic precision picker.
    WorkloadArithmetic,
    /// Arithmetic as the weights suggest.
    WorkloadArithmeticAuto,
    /// GPUs per serving replica (optional).
    WorkloadReplicaGpus,
    /// Most requests a replica decodes at once (optional).
    WorkloadMaxBatch,
    /// An empty optional field: the recommendation chooses.
    WorkloadChosenForYou,
    /// The LoRA rank field (optional).
    WorkloadLoraRank,
    /// An empty LoRA rank: the range of common ranks.
    WorkloadAnyRank,
    /// The optimizer picker.
    WorkloadOptimizer,
    /// The ZeRO stage picker.
    WorkloadZero,
    /// Where optimizer states live.
    WorkloadOffload,
    /// Optimizer states on the GPU.
    WorkloadOffloadNone,
    /// Optimizer states in host memory.
    WorkloadOffloadHost,
    WorkloadParams,
    /// "Paste a config.json": the textarea's label and placeholder.
    WorkloadPasteConfig,
    WorkloadPasteConfigPlaceholder,
    WorkloadSeq,
    WorkloadTokens,
    WorkloadSamples,
    WorkloadEpochs,
    WorkloadRate,
    WorkloadInput,
    WorkloadOutput,
    WorkloadLatency,
    WorkloadRequests,
    WorkloadDeadline,
    WorkloadMilliseconds,
    WorkloadHours,
    /// A count out of range; `{min}` and `{max}` are replaced.
    WorkloadCountRange,
    /// Precisions a task does not offer; `{list}` and `{why}` are replaced.
    WorkloadPrecisionUnavailable,
    WorkloadQloraPrecision,
    WorkloadLoraPrecision,
    WorkloadTrainingPrecision,
    NavCalculator,
    PresetsHeading,
    InputsHeading,
    Horizon,
    HorizonOneOff,
    HorizonMonth,
    HorizonCalendar,
    Hours,
    Month,
    LinesHeading,
    Line,
    GpuModel,
    Count,
    When,
    AllTime,
    Window,
    Weekly,
    /// A serving line's shape: GPUs derived from requests per second.
    FromLoad,
    /// When a serving line's load arrives (its shape menu).
    LoadWhen,
    /// A serving line's load painted week by week, in percent of the peak rate.
    LoadWeekly,
    /// The brush of a load curve: the percent of the peak a click paints.
    BrushPercent,
    /// A serving line's peak requests per second.
    PeakRps,
    /// Requests per second one GPU serves.
    RpsPerGpu,
    /// Spare capacity above the load, percent.
    HeadroomPct,
    /// Fewest GPUs a serving line keeps running.
    MinGpus,
    /// Minutes GPUs stay after the load falls.
    ScaleInMinutes,
    Start,
    LengthHours,
    AddLine,
    /// The batch queue's fieldset.
    JobsHeading,
    /// Adds a batch job.
    AddJob,
    /// A batch job, numbered.
    Job,
    /// GPUs one batch job runs on at once.
    JobGpus,
    /// Hours one batch job runs.
    JobHours,
    /// A batch job's earliest start, hour of the period.
    JobFrom,
    /// A batch job's deadline, hour of the period.
    JobDue,
    Remove,
    Lead,
    TimeZone,
    BillingHeading,
    AllowSpot,
    AllowReserved,
    AllowMonthly,
    Interruptible,
    SpotOverhead,
    PricesHeading,
    Seller,
    NewSeller,
    SellerName,
    Mode,
    Amount,
    AddPrice,
    ChinaTime,
    PriceToType,
    PriceNotCounted,
    PerGpu,
    DiscountsHeading,
    Percent,
    AddDiscount,
    OffPeakHeading,
    OffPeakOff,
    OffPeakFrom,
    OffPeakTo,
    OffPeakDiscount,
    Flexible,
    Budget,
    ReferenceAmount,
    ReferenceLabel,
    CompareOnly,
    AllProviders,
    PlacementHeading,
    PlacementHint,
    /// The calculator's fieldset of provider kinds and SLA floor (issue 32).
    ProvidersHeading,
    ProviderKindField,
    MinSla,
    /// Keep only providers a source states hold ISO/IEC 27001 (`cert=iso27001`).
    Iso27001Only,
    Geo,
    OneRegion,
    HostVcpusPerGpu,
    HostRamPerGpu,
    Machines,
    MachinesAny,
    MachinesOne,
    MachinesAtLeast,
    GpusPerMachine,
    Team,
    PoolHeading,
    PoolTogether,
    PoolHourCaption,
    /// The pool chart's legend: the GPUs the pool runs, the teams' demand together.
    PoolWeekTogether,
    /// The pool chart's legend: each team's peak added up, what renting apart sizes for.
    PoolWeekApart,
    ResultsHeading,
    /// In one column, where the form is below the results: a link down to it.
    ToTheForm,
    Cheapest,
    ColTotal,
    ColPerGpuHour,
    ColBilling,
    ColCommitment,
    ColOffers,
    ColSavedPercent,
    ColAssumption,
    Details,
    CannotServe,
    Subtotal,
    Quantity,
    Rate,
    BestByMode,
    SavingsHeading,
    Lever,
    ChartsHeading,
    ChartCost,
    ChartCumulative,
    /// The serving week chart's legend: GPUs the load needs.
    WeekNeeded,
    /// The serving week chart's legend: GPUs running (lead time and scale-in delay included).
    WeekRunning,
    /// The serving week chart's legend: a fleet sized for the peak all the time.
    WeekPeakSized,
    ChartSchedule,
    CopyLink,
    Copied,
    CopyFailed,
    WarningsHeading,
    FixFirst,
    Brush,
    PatternBusiness,
    PatternNightsOff,
    PatternWeekendsOff,
    PatternAlways,
    Clear,
    GridHelp,
    OverBudget,
    InvalidNumber,
    Optional,
    MoreSettings,
    MarkdownCopied,
    ExportHeading,
    ExportCsv,
    ExportJson,
    ExportMarkdown,
    Print,
    Embed,
    EmbedTitle,
    EmbedHelp,
    EmbedLock,
    CopySnippet,
    Close,
    Preview,
    ImportUnreadable,
    Imported,
    ExportPrices,
    ImportPrices,
    SavedHeading,
    SavedName,
    Save,
    SavedUnreadable,
    Rename,
    OpenFull,
    LongLink,
}

impl Text {
    /// The string in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            Text::AppTitle => ("GPU Cost Lab", "GPU 成本实验室"),
            Text::Tagline => (
                "What GPU rental costs on every provider — sourced prices, computed in your browser.",
                "各家云厂商 GPU 租用成本一览——价格有据可查，全部在浏览器中计算。",
            ),
            Text::NavCatalog => ("Price catalog", "价格目录"),
            Text::NavReview => ("Spend review", "支出评审"),
            Text::ReviewHeading => ("Spend review: bring your bill", "支出评审：导入您的账单"),
            Text::ReviewIntro => (
                "See where your GPU money went and what each lever would have saved. The file is read in your browser and never uploaded: this page sends nothing anywhere.",
                "看清 GPU 支出的去向，以及每项措施本可节省多少。文件只在您的浏览器中读取，不会上传：本页面不向任何地方发送数据。",
            ),
            Text::ReviewFile => ("Bill file (CSV, gzipped .csv.gz, or Parquet)", "账单文件（CSV、gzip 压缩的 .csv.gz 或 Parquet）"),
            Text::ReviewFormats => (
                "Reads AWS Cost and Usage Reports (legacy and 2.0), Google Cloud cost tables, Azure cost details, Alibaba Cloud and Tencent Cloud bill details (账单明细), and a generic CSV: start, end or hours, provider, instance type or GPU model, GPU count, cost, currency, tags.",
                "支持 AWS 成本和使用情况报告（旧版与 2.0）、Google Cloud 费用表、Azure 成本明细、阿里云与腾讯云账单明细，以及通用 CSV：开始、结束时间或小时数、厂商、实例规格或 GPU 型号、GPU 数量、费用、货币、标签。",
            ),
            Text::ReviewBudgets => ("Monthly budgets per tag value", "按标签值的每月预算"),
            Text::ReviewBudgetsHint => ("One per line, e.g. team=ml:5000USD", "每行一项，例如 team=ml:5000USD"),
            Text::ReviewUtilFile => (
                "GPU utilization file (optional): nvidia-smi's CSV or the generic utilization CSV",
                "GPU 利用率文件（可选）：nvidia-smi 的 CSV 或通用利用率 CSV",
            ),
            Text::ReviewUtilResource => (
                "The bill's resource id of an nvidia-smi file",
                "nvidia-smi 文件在账单中的资源 ID",
            ),
            Text::ReviewUtilResourceHint => ("e.g. i-0dev5a1b2c3d4e5f6", "例如 i-0dev5a1b2c3d4e5f6"),
            Text::ReviewReading => ("Reading the bill…", "正在读取账单…"),
            Text::ReviewDone => ("Review ready.", "评审完成。"),
            Text::ReviewFailed => ("The bill could not be reviewed:", "无法评审该账单："),
            Text::ReviewDownloadCsv => ("Download CSV", "下载 CSV"),
            Text::ReviewDownloadJson => ("Download JSON", "下载 JSON"),
            Text::ReviewCopyMarkdown => ("Copy as Markdown", "复制为 Markdown"),
            Text::ReviewCopied => ("Copied.", "已复制。"),
            Text::Language => ("Language", "语言"),
            Text::Currency => ("Currency", "币种"),
            Text::FxRate => ("CNY per USD", "人民币/美元汇率"),
            Text::FxFromCatalog => ("rate of", "汇率日期"),
            Text::FxYours => ("your rate", "您输入的汇率"),
            Text::NoticeTitle => ("Some link parameters were ignored", "部分链接参数已被忽略"),
            Text::NoticeAppliedTitle => (
                "Some link values were applied after rounding",
                "部分链接参数已取整后应用",
            ),
            Text::Dismiss => ("Dismiss", "关闭"),
            Text::CatalogHeading => ("GPU price catalog", "GPU 价格目录"),
            Text::CatalogIntro => (
                "Every offer we have a sourced price for, normalized per GPU-hour and per GB of GPU memory per hour. Filters are kept in the link.",
                "所有有可靠来源价格的 GPU 规格，按每 GPU 小时和每 GB 显存小时归一化。筛选条件保存在链接中。",
            ),
            Text::FilterGpu => ("GPU model", "GPU 型号"),
            Text::FilterProvider => ("Provider", "云厂商"),
            Text::FilterRegion => ("Region", "地域"),
            Text::FilterMemory => ("Min. GPU memory (GiB per GPU)", "最小显存（每卡 GiB）"),
            Text::FilterPlace => ("Place", "地域位置"),
            Text::FilterNeeds => ("Must offer", "须提供"),
            Text::FilterText => ("Search", "搜索"),
            Text::FilterTextPlaceholder => ("instance, provider or GPU", "实例、厂商或 GPU"),
            Text::Any => ("Any", "全部"),
            Text::AnyRegion => ("Any region (cheapest)", "全部地域（取最低价）"),
            Text::NeedSpot => ("Spot", "竞价/抢占式"),
            Text::NeedReserved => ("Reserved / committed", "预留/承诺使用"),
            Text::NeedMonthly => ("Daily / monthly", "包天/包月"),
            Text::SortBy => ("Sort by", "排序"),
            Text::SortOnDemand => ("On-demand per GPU-hour", "按量 每 GPU 小时"),
            Text::SortSpot => ("Spot per GPU-hour", "竞价 每 GPU 小时"),
            Text::SortOnDemandGb => ("On-demand per GB-hour", "按量 每 GB 显存小时"),
            Text::SortSpotGb => ("Spot per GB-hour", "竞价 每 GB 显存小时"),
            Text::SortMemory => ("GPU memory per instance", "实例显存总量"),
            Text::Ascending => ("Lowest first", "从低到高"),
            Text::Descending => ("Highest first", "从高到低"),
            Text::ResetFilters => ("Reset filters", "重置筛选"),
            Text::ShowingRows => ("offers shown of", "条，共"),
            Text::ShowAll => ("Show all", "显示全部"),
            Text::NoRows => ("No offer matches these filters.", "没有符合筛选条件的规格。"),
            Text::ColProvider => ("Provider", "云厂商"),
            Text::ColOffer => ("Offer", "规格"),
            Text::ColRegion => ("Region", "地域"),
            Text::ColPricesAsOf => ("Newest price", "最新价格"),
            Text::ColPlace => ("Place", "地域位置"),
            Text::PlaceUnknownHint => (
                "Regions of this offer whose country no source states",
                "该规格中没有来源说明所在国家的地域数",
            ),
            Text::ColOnDemand => ("On-demand", "按量"),
            Text::ColSpot => ("Spot", "竞价"),
            Text::ColOnDemandGb => ("On-demand per GB", "按量 每 GB"),
            Text::ColReserved => ("Reserved", "预留"),
            Text::ColMonthly => ("Day/month plan", "包天/包月"),
            Text::ColSource => ("Source · as of", "来源 · 日期"),
            Text::PerGpuHour => ("/GPU-h", "/卡·时"),
            Text::PerGbHour => ("/GB-h", "/GB·时"),
            Text::Old => ("old", "较旧"),
            Text::DateUnknown => ("date not stated", "未注明日期"),
            Text::DaysOld => ("days old", "天前"),
            Text::GpuComponentOnly => ("GPU only, host VM extra", "仅 GPU，主机另计"),
            Text::MarketplaceListing => ("marketplace listing", "市场挂单"),
            Text::PublishedRange => ("end of a published range", "公布区间的一端"),
            Text::BillingRules => ("How this provider bills", "该厂商的计费规则"),
            Text::GpuShareUnconfirmed => (
                "GPU share unconfirmed: this size may be a fraction of a GPU",
                "GPU 份额未经证实：该规格可能只含部分 GPU",
            ),
            Text::IfUsedAllPeriod => ("if used the whole period", "按整期满额使用折算"),
            Text::FooterData => ("Catalog built", "目录生成于"),
            Text::FooterPrices => ("newest price", "最新价格日期"),
            Text::FooterNoBackend => (
                "No account, no server: everything is computed in this page.",
                "无需账号、无需服务器：所有计算都在本页面完成。",
            ),
            Text::Loading => ("Loading prices…", "正在加载价格…"),
            Text::PartLoading => ("Loading…", "正在加载…"),
            Text::PartUnavailable => (
                "This part could not be loaded: the page is offline, or a newer version has replaced it. Reload the page to try again.",
                "此部分无法加载：页面处于离线状态，或已有新版本。请刷新页面重试。",
            ),
            // The recommendation panel.
            Text::RecoHeading => ("Which GPU for this workload", "该工作负载适合哪种 GPU"),
            Text::RecoIntro => (
                "Every GPU with a datasheet and a catalog price, ranked by what the work costs at its cheapest on-demand price. Every number is a low–high range.",
                "所有具备规格数据和目录价格的 GPU，按最低按量价格下完成该工作的成本排序。所有数字均为低–高区间。",
            ),
            Text::RecoMemory => ("Memory needed", "所需显存"),
            Text::RecoMemoryTotal => ("Total on one GPU", "单卡合计"),
            Text::RecoRanked => ("Ranked GPUs", "GPU 排名"),
            Text::RecoGpusNeeded => ("GPUs", "GPU 数量"),
            Text::RecoPrice => ("Price", "价格"),
            Text::RecoTime => ("Time", "用时"),
            Text::RecoThroughput => ("Throughput", "吞吐量"),
            Text::RecoBasis => ("Basis", "依据"),
            Text::RecoWhy => ("Why", "理由"),
            Text::RecoCaveats => ("Caveats", "注意事项"),
            Text::RecoGpuAssumptions => ("Assumptions for this GPU", "该 GPU 的假设"),
            Text::RecoInfeasible => ("misses a bound", "未满足约束"),
            Text::RecoExcluded => ("GPUs left out", "未入选的 GPU"),
            Text::RecoRules => (
                "Rules of thumb from the cost guides, checked",
                "立项文档中的经验法则（逐条核对）",
            ),
            Text::RecoAssumptions => ("Assumptions", "假设"),
            Text::RecoHardwareData => ("Hardware data imported on", "硬件数据导入于"),
            Text::RecoVerdict => ("Verdict", "结论"),
            Text::RecoMonthly => ("Per month", "每月费用"),
            Text::RecoUseThis => ("Use this", "采用此方案"),
            Text::StaleAfter => ("Mark prices older than", "标记早于以下天数的价格"),
            Text::ResultsForLastAccepted => (
                "These results are for the last accepted values: a field above is not accepted yet.",
                "以下结果仍基于上次被接受的输入：上方有字段的内容尚未被接受。",
            ),
            Text::Days => ("days", "天"),
            Text::Selected => ("selected", "已选"),
            // The workload form.
            Text::WorkloadLegend => ("Workload", "工作负载"),
            Text::WorkloadDescribe => (
                "Describe the workload (for a GPU recommendation)",
                "描述工作负载（用于 GPU 推荐）",
            ),
            Text::WorkloadTask => ("Task", "任务"),
            Text::WorkloadModel => ("Model", "模型"),
            Text::WorkloadPrecision => ("Precision", "精度"),
            Text::WorkloadUnavailable => ("unavailable", "不可用"),
            Text::WorkloadSizeIn => ("Training size in", "训练规模单位"),
            Text::WorkloadTokensOption => ("tokens", "token 数"),
            Text::WorkloadSamplesOption => ("samples × epochs", "样本数 × 轮数"),
            Text::WorkloadRateUnit => ("Rate unit", "速率单位"),
            Text::WorkloadRequestsPerSecond => ("requests/s", "请求/秒"),
            Text::WorkloadTokensPerSecond => ("output tokens/s", "输出 token/秒"),
            Text::WorkloadNoDeadline => ("none", "无"),
            Text::WorkloadModelDefault => ("model default", "模型默认值"),
            Text::WorkloadKvCache => ("KV cache", "KV 缓存精度"),
            Text::WorkloadArithmetic => ("Arithmetic", "计算精度"),
            Text::WorkloadArithmeticAuto => ("as the weights", "随权重精度"),
            Text::WorkloadReplicaGpus => ("GPUs per replica", "每副本 GPU 数"),
            Text::WorkloadMaxBatch => ("Max concurrent requests", "最大并发请求数"),
            Text::WorkloadChosenForYou => ("chosen for you", "自动选择"),
            Text::WorkloadLoraRank => ("LoRA rank", "LoRA 秩"),
            Text::WorkloadAnyRank => ("ranks 8–64", "秩 8–64"),
            Text::WorkloadOptimizer => ("Optimizer", "优化器"),
            Text::WorkloadZero => ("ZeRO stage", "ZeRO 阶段"),
            Text::WorkloadOffload => ("Optimizer states", "优化器状态"),
            Text::WorkloadOffloadNone => ("on the GPU", "放在 GPU 上"),
            Text::WorkloadOffloadHost => ("in host memory (offload)", "放在主机内存（卸载）"),
            Text::WorkloadParams => ("Parameters (e.g. 7B)", "参数量（如 7B）"),
            Text::WorkloadPasteConfig => ("Or paste a config.json", "或粘贴 config.json"),
            Text::WorkloadPasteConfigPlaceholder => (
                "The model's config.json, e.g. from its page on huggingface.co",
                "模型的 config.json 全文，例如来自 huggingface.co 上的模型页面",
            ),
            Text::WorkloadSeq => ("Sequence length (optional)", "序列长度（可选）"),
            Text::WorkloadTokens => ("Training tokens (e.g. 20B)", "训练 token 数（如 20B）"),
            Text::WorkloadSamples => ("Samples (e.g. 88K)", "样本数（如 88K）"),
            Text::WorkloadEpochs => ("Epochs", "轮数"),
            Text::WorkloadRate => ("Rate per second", "每秒速率"),
            Text::WorkloadInput => ("Tokens in per request", "每请求输入 token"),
            Text::WorkloadOutput => ("Tokens out per request", "每请求输出 token"),
            Text::WorkloadLatency => ("Latency bound", "延迟上限"),
            Text::WorkloadRequests => ("Requests (e.g. 1M)", "请求数（如 1M）"),
            Text::WorkloadDeadline => ("Deadline (optional)", "截止时间（可选）"),
            Text::WorkloadMilliseconds => ("ms", "毫秒"),
            Text::WorkloadHours => ("h", "小时"),
            Text::WorkloadCountRange => (
                "Enter a whole number, optionally with K, M, B or T (like 20B), from {min} to {max}.",
                "请输入整数，可带 K、M、B 或 T 后缀（如 20B），范围 {min} 到 {max}。",
            ),
            Text::WorkloadPrecisionUnavailable => ("{list} unavailable: {why}.", "{list} 不可用：{why}。"),
            Text::WorkloadQloraPrecision => (
                "QLoRA trains adapters on 4-bit base weights (choose LoRA for 8 or 16 bits)",
                "QLoRA 在 4 位基座权重上训练适配器（8 位或 16 位请选择 LoRA）",
            ),
            Text::WorkloadLoraPrecision => (
                "LoRA keeps 16-bit or 8-bit base weights (choose QLoRA for 4 bits)",
                "LoRA 的基座权重为 16 位或 8 位（4 位请选择 QLoRA）",
            ),
            Text::WorkloadTrainingPrecision => (
                "training updates every weight and needs FP32 or FP16/BF16 arithmetic",
                "训练会更新全部权重，需要 FP32 或 FP16/BF16 运算",
            ),
            Text::NavCalculator => ("Calculator", "计算器"),
            Text::PresetsHeading => ("Start from an example", "从示例开始"),
            Text::InputsHeading => ("Your scenario", "您的方案"),
            Text::Horizon => ("Period", "时间范围"),
            Text::HorizonOneOff => ("One-off job", "一次性任务"),
            Text::HorizonMonth => ("Every month (730 h)", "每月（730 小时）"),
            Text::HorizonCalendar => ("Calendar month", "自然月"),
            Text::Hours => ("Hours", "小时数"),
            Text::Month => ("Month", "月份"),
            Text::LinesHeading => ("GPUs needed", "GPU 需求"),
            Text::Line => ("Line", "需求"),
            Text::GpuModel => ("GPU model", "GPU 型号"),
            Text::Count => ("GPUs", "GPU 数量"),
            Text::When => ("When", "使用时间"),
            Text::AllTime => ("All the time", "全程"),
            Text::Window => ("Time window", "时间窗口"),
            Text::Weekly => ("Weekly schedule", "每周排程"),
            Text::FromLoad => ("From its load (requests/s)", "按负载（每秒请求数）"),
            Text::LoadWhen => ("Load arrives", "负载时段"),
            Text::LoadWeekly => ("Weekly curve (% of peak)", "每周曲线（峰值的 %）"),
            Text::BrushPercent => ("Paint % of peak", "画笔（峰值 %）"),
            Text::PeakRps => ("Peak requests/s", "峰值每秒请求数"),
            Text::RpsPerGpu => ("Requests/s per GPU", "每卡每秒请求数"),
            Text::HeadroomPct => ("Headroom (%)", "余量（%）"),
            Text::MinGpus => ("At least (GPUs)", "最少 GPU 数"),
            Text::ScaleInMinutes => ("Scale in after (minutes)", "负载下降后缩容（分钟）"),
            Text::Start => ("Start", "开始"),
            Text::LengthHours => ("Hours", "时长（小时）"),
            Text::AddLine => ("Add a line", "添加一行"),
            Text::JobsHeading => ("Batch jobs (packed onto the fewest GPUs)", "批处理作业（合并到最少的 GPU）"),
            Text::AddJob => ("Add a job", "添加作业"),
            Text::Job => ("Job", "作业"),
            Text::JobGpus => ("GPUs per job", "每作业 GPU 数"),
            Text::JobHours => ("Hours each", "运行时长（小时）"),
            Text::JobFrom => ("Earliest start (hour of the period)", "最早开始（时段内第几小时）"),
            Text::JobDue => ("Deadline (hour of the period)", "截止（时段内第几小时）"),
            Text::Remove => ("Remove", "删除"),
            Text::Lead => ("Start windows and scale-out early by (minutes)", "窗口提前启动、提前扩容（分钟）"),
            Text::TimeZone => ("Time zone of the schedules", "排程时区"),
            Text::BillingHeading => ("How you may pay", "付费方式"),
            Text::AllowSpot => ("Spot / preemptible", "竞价/抢占式实例"),
            Text::AllowReserved => ("Reserved / committed", "预留/承诺使用"),
            Text::AllowMonthly => ("Day / week / month plans", "包天/包周/包月"),
            Text::Interruptible => ("The work can be interrupted (checkpoints, retries)", "工作可以中断（有检查点或可重试）"),
            Text::SpotOverhead => ("Extra spot hours for interruptions (%)", "竞价中断附加时长（%）"),
            Text::PricesHeading => ("Your prices and quotes", "您的价格与报价"),
            Text::Seller => ("Provider", "厂商"),
            Text::NewSeller => ("Other — type a name", "其他——输入名称"),
            Text::SellerName => ("Name", "名称"),
            Text::Mode => ("Billing", "计费"),
            Text::Amount => ("Amount", "金额"),
            Text::AddPrice => ("Add a price", "添加价格"),
            Text::ChinaTime => ("{utc} (China)", "{utc}（北京时间）"),
            Text::PriceToType => ("type the quote", "输入报价"),
            Text::PriceNotCounted => ("Not compared until it has an amount.", "填写金额后才参与比较。"),
            Text::PerGpu => ("per GPU", "每卡"),
            Text::DiscountsHeading => ("Negotiated discounts", "协议折扣"),
            Text::Percent => ("Discount (%)", "折扣（%）"),
            Text::AddDiscount => ("Add a discount", "添加折扣"),
            Text::OffPeakHeading => ("Off-peak what-if", "错峰假设"),
            Text::OffPeakOff => ("Off until you set how much cheaper these hours are: no provider in the catalog sells such a discount except CompShare's night price (10% off 01:00–07:00 on RTX 4090/5090), which is used wherever it applies.", "设置这些时段便宜多少后才计算：目录中除优云智算的夜间价格（01:00–07:00，RTX 4090/5090 九折，适用时自动采用）外，没有厂商提供这种折扣。"),
            Text::OffPeakFrom => ("From (hour)", "开始（时）"),
            Text::OffPeakTo => ("To (hour)", "结束（时）"),
            Text::OffPeakDiscount => ("Cheaper by (%)", "便宜（%）"),
            Text::Flexible => ("Work that can move (%)", "可移动的工作（%）"),
            Text::Budget => ("Budget for this period", "本期预算"),
            Text::ReferenceAmount => ("Compare with (current bill, quote, deposit)", "对比金额（当前账单、报价、押金）"),
            Text::ReferenceLabel => ("What it is", "说明"),
            Text::CompareOnly => ("Compare only these providers", "仅比较这些厂商"),
            Text::AllProviders => ("all providers", "全部厂商"),
            Text::PlacementHeading => ("Where it may run", "运行位置与主机"),
            Text::ProvidersHeading => ("Which providers", "比较哪些供应商"),
            Text::ProviderKindField => ("Kind of provider", "供应商类型"),
            Text::MinSla => ("Least compute SLA (0: any)", "最低计算 SLA（0 为不限）"),
            Text::Iso27001Only => (
                "ISO/IEC 27001 certified (stated by a source)",
                "持有 ISO/IEC 27001 认证（有来源证明）",
            ),
            Text::PlacementHint => (
                "Catalog offers outside these rules are left out, and each provider left without one says why. Your own prices are not checked.",
                "不符合这些条件的目录规格不参与比较，因此无法报价的厂商会注明原因。您自己的价格不受限制。",
            ),
            Text::Geo => ("Place of the catalog prices", "目录价格所在地域"),
            Text::OneRegion => (
                "All lines in one region of each provider (its cheapest region that offers every line)",
                "每家厂商的所有行放在同一地域（能提供全部行且总价最低的地域）",
            ),
            Text::HostVcpusPerGpu => ("Host vCPUs per GPU, at least (0 = any)", "每 GPU 主机 vCPU 至少（0 = 不限）"),
            Text::HostRamPerGpu => ("Host RAM per GPU, at least, GiB (0 = any)", "每 GPU 主机内存至少，GiB（0 = 不限）"),
            Text::Machines => ("Machines", "机器"),
            Text::MachinesAny => ("any size (split freely)", "规格不限（可拆分）"),
            Text::MachinesOne => ("all GPUs on one machine", "全部 GPU 在同一台机器"),
            Text::MachinesAtLeast => ("at least N GPUs per machine", "每台机器至少 N 块 GPU"),
            Text::GpusPerMachine => ("GPUs per machine, at least", "每台机器 GPU 数，至少"),
            Text::Team => ("Team or project (optional)", "团队或项目（可选）"),
            Text::PoolHeading => ("Shared pool", "共享资源池"),
            Text::PoolTogether => ("Together", "合并"),
            Text::PoolHourCaption => (
                "GPUs needed in each hour of the first day: each team's, and the pool's together",
                "第一天每小时所需 GPU：各团队及资源池合并",
            ),
            Text::PoolWeekTogether => ("The pool: the teams' GPUs together", "资源池：各团队合并的 GPU"),
            Text::PoolWeekApart => ("Renting apart: each team's peak, added up", "各自租用：各团队峰值之和"),
            Text::ResultsHeading => ("Cost on every provider", "各厂商成本"),
            Text::ToTheForm => ("Change your scenario ↓", "修改方案 ↓"),
            Text::Cheapest => ("Cheapest", "最低"),
            Text::ColTotal => ("Total", "总计"),
            Text::ColPerGpuHour => ("Per GPU-hour", "每卡·时"),
            Text::ColBilling => ("How it is paid", "付费方式"),
            Text::ColCommitment => ("Commitment", "承诺"),
            Text::ColOffers => ("Offers", "规格"),
            Text::ColSavedPercent => ("Saved", "节省比例"),
            Text::ColAssumption => ("Assumption", "假设"),
            Text::Details => ("Line items", "费用明细"),
            Text::CannotServe => ("Cannot serve this scenario", "无法满足该方案"),
            Text::Subtotal => ("Subtotal", "小计"),
            Text::Quantity => ("Quantity", "数量"),
            Text::Rate => ("Rate", "单价"),
            Text::BestByMode => ("Best option per billing mode", "各计费方式的最优选择"),
            Text::SavingsHeading => ("What each lever saves", "各项节省"),
            Text::Lever => ("Lever", "方式"),
            Text::ChartsHeading => ("Charts", "图表"),
            Text::ChartCost => ("Total by provider (cheapest 10)", "各厂商总成本（最低 10 家）"),
            Text::ChartCumulative => ("Cumulative cost over the period", "期间累计成本"),
            Text::WeekNeeded => ("GPUs the load needs", "负载所需 GPU"),
            Text::WeekRunning => ("GPUs running (scale-out lead and scale-in delay included)", "运行中的 GPU（含提前扩容与延迟缩容）"),
            Text::WeekPeakSized => ("A fleet sized for the peak", "按峰值配置的集群"),
            Text::ChartSchedule => ("GPUs per hour of the week", "每周各小时 GPU 数"),
            Text::CopyLink => ("Copy link", "复制链接"),
            Text::Copied => ("Link copied", "链接已复制"),
            Text::CopyFailed => ("Copy failed — select the address bar instead", "复制失败——请直接复制地址栏"),
            Text::WarningsHeading => ("Please note", "请注意"),
            Text::FixFirst => ("Fix these to see results:", "请先修正以下问题："),
            Text::Brush => ("Paint GPUs", "画笔 GPU 数"),
            Text::PatternBusiness => ("Business hours", "工作时间"),
            Text::PatternNightsOff => ("Nights off", "夜间关机"),
            Text::PatternWeekendsOff => ("Weekends off", "周末关机"),
            Text::PatternAlways => ("All week", "全周"),
            Text::Clear => ("Clear", "清空"),
            Text::GridHelp => ("Click or drag to paint with the chosen count; on the grid, arrow keys move, a digit or Space paints, Delete clears.", "点击或拖动以所选数量涂色；在网格中用方向键移动，数字键或空格涂色，Delete 清除。"),
            Text::OverBudget => ("over budget", "超出预算"),
            Text::InvalidNumber => ("Enter a number in range", "请输入范围内的数字"),
            Text::Optional => ("optional", "可选"),
            Text::MoreSettings => ("More settings", "更多设置"),
            Text::MarkdownCopied => ("Markdown table copied", "已复制 Markdown 表格"),
            Text::ExportHeading => ("Export", "导出"),
            Text::ExportCsv => ("Download CSV", "下载 CSV"),
            Text::ExportJson => ("Download JSON", "下载 JSON"),
            Text::ExportMarkdown => ("Copy Markdown table", "复制 Markdown 表格"),
            Text::Print => ("Print", "打印"),
            Text::Embed => ("Embed…", "嵌入…"),
            Text::EmbedTitle => ("Embed this calculator", "嵌入此计算器"),
            Text::EmbedHelp => ("Paste this into your documentation page. The frame shows this scenario and resizes itself to its content.", "将以下代码粘贴到您的文档页面。框架会显示当前方案，并自动调整高度。"),
            Text::EmbedLock => ("Hide the inputs (show results only)", "隐藏输入项（仅显示结果）"),
            Text::CopySnippet => ("Copy the snippet", "复制代码"),
            Text::Close => ("Close", "关闭"),
            Text::Preview => ("Preview", "预览"),
            Text::ImportUnreadable => ("The file could not be read.", "无法读取该文件。"),
            Text::Imported => ("Imported prices and discounts:", "已导入的价格与折扣数："),
            Text::ExportPrices => ("Export my prices (JSON)", "导出我的价格（JSON）"),
            Text::ImportPrices => ("Import prices (JSON)…", "导入价格（JSON）…"),
            Text::SavedHeading => ("Saved in this browser", "保存在本浏览器"),
            Text::SavedName => ("Name", "名称"),
            Text::Save => ("Save this scenario", "保存当前方案"),
            Text::SavedUnreadable => ("Saved entries that could not be read (left as they are):", "无法读取的已保存条目（保持原样）："),
            Text::Rename => ("Rename", "重命名"),
            Text::OpenFull => ("Open in the full calculator ↗", "在完整计算器中打开 ↗"),
            Text::LongLink => ("This link is long; some chat apps cut links this long — consider saving the scenario or exporting prices.", "此链接较长，部分聊天应用可能会截断——可考虑保存方案或导出价格。"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// A weekday's short name, Monday first (`day` 0–6, wrapping).
pub fn weekday(day: usize, lang: Lang) -> &'static str {
    const EN: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const ZH: [&str; 7] = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"];
    match lang {
        Lang::En => EN[day % 7],
        Lang::Zh => ZH[day % 7],
    }
}

/// The accessible name of one schedule cell, e.g. "Mon 08:00, 2 GPUs" or "Mon 08:00, 30 % of
/// peak" (`hour` of the week).
pub fn schedule_cell(hour: usize, count: u16, unit: GridUnit, lang: Lang) -> String {
    let day = weekday(hour / 24, lang);
    let clock = hour % 24;
    match (unit, lang) {
        (GridUnit::Gpus, Lang::En) => format!(
            "{day} {clock:02}:00, {count} GPU{}",
            if count == 1 { "" } else { "s" }
        ),
        (GridUnit::Gpus, Lang::Zh) => format!("{day} {clock:02}:00，{count} 张 GPU"),
        (GridUnit::PercentOfPeak, Lang::En) => format!("{day} {clock:02}:00, {count} % of peak"),
        (GridUnit::PercentOfPeak, Lang::Zh) => format!("{day} {clock:02}:00，峰值的 {count}%"),
    }
}

/// A catalog row's count of regions of unknown place: "+2 unknown", or "2 unknown" when no
/// region's place is known (`alone`).
pub fn places_unknown(n: usize, alone: bool, lang: Lang) -> String {
    match (lang, alone) {
        (Lang::En, false) => format!("+{n} unknown"),
        (Lang::En, true) => format!("{n} unknown"),
        (Lang::Zh, false) => format!("另有 {n} 个位置未知"),
        (Lang::Zh, true) => format!("{n} 个位置未知"),
    }
}

/// After a chart line's label when its end lies above the chart's scale.
pub fn beyond_scale(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " (beyond the scale)",
        Lang::Zh => "（超出刻度）",
    }
}

/// Why a number field refuses what was typed, naming it: "“2,5” is not a number …".
pub fn not_a_number(typed: &str, lang: Lang) -> String {
    // Quoted values are shown as typed but never longer than a field's width.
    let typed: String = typed.trim().chars().take(24).collect();
    match lang {
        Lang::En => format!("“{typed}” is not a number: use digits and one dot, e.g. 2.5"),
        Lang::Zh => format!("“{typed}”不是数字：请只用数字和一个小数点，例如 2.5"),
    }
}

/// After a refused exchange rate: which rate the estimate still uses.
pub fn rate_kept(rate: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("the estimate still uses ¥{rate} per US$1"),
        Lang::Zh => format!("估算仍按 1 美元 = {rate} 元换算"),
    }
}

/// A number field's refusal of too many decimals (`0`: a whole number is needed).
pub fn too_many_decimals(scale: u32, lang: Lang) -> String {
    match (scale, lang) {
        (0, Lang::En) => "Enter a whole number".to_string(),
        (0, Lang::Zh) => "请输入整数".to_string(),
        (n, Lang::En) => format!("At most {n} decimals"),
        (n, Lang::Zh) => format!("最多 {n} 位小数"),
    }
}

/// Where a billing class's line crosses below on-demand: "Reserved cheaper after ~300 h".
pub fn cheaper_after(class: &str, hours: f64, lang: Lang) -> String {
    let h = hours.round();
    match lang {
        Lang::En => format!("{class} cheaper after ~{h} h"),
        Lang::Zh => format!("约 {h} 小时后{class}更便宜"),
    }
}

/// The caption of a shared pool's week chart: "NVIDIA T4 pool: each team's GPUs, hour by
/// hour over the first week".
pub fn pool_week_caption(gpu: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{gpu} pool: each team's GPUs, hour by hour over the first week"),
        Lang::Zh => format!("{gpu} 资源池：第一周每小时各团队的 GPU 数"),
    }
}

/// What a shared pool's week chart shows, for readers who cannot see it: the teams, the most
/// GPUs they need together and what renting apart sizes for.
pub fn pool_week_summary(week: &crate::view::charts::PoolWeek, lang: Lang) -> String {
    let teams = week
        .teams
        .iter()
        .map(|t| t.team.as_str())
        .collect::<Vec<_>>()
        .join(match lang {
            Lang::En => ", ",
            Lang::Zh => "、",
        });
    let (peak, apart) = (
        crate::format::number(week.peak, 2),
        crate::format::number(week.peaks_added, 2),
    );
    match lang {
        Lang::En => format!(
            "Stacked hour by hour: {teams}. Together they need at most {peak} GPUs at once; renting apart sizes for {apart}."
        ),
        Lang::Zh => format!(
            "逐小时叠加：{teams}。合并后同时最多需要 {peak} 块 GPU；各自租用需按 {apart} 块配置。"
        ),
    }
}

/// The caption of a serving line's week chart: "Line 2 · NVIDIA T4: GPUs over a typical
/// week".
pub fn serving_week_caption(line: usize, gpu: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Line {line} · {gpu}: GPUs over a typical week"),
        Lang::Zh => format!("需求 {line} · {gpu}：典型一周的 GPU 数"),
    }
}
