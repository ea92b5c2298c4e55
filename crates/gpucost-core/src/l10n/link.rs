//! What a link's notices say: a [`ParamIssue`] and the typed reasons inside it.

use rust_decimal::Decimal;

use super::{zh_join, Localize};
use crate::format::{self, Lang};
use crate::share::issue::{
    clean, Accepted, DecimalError, Expected, LineError, ParamIssue, PriceError, Problem, RleError,
};
use crate::share::prices_file::{FileError, FileProblem, FORMAT, MAX_BYTES, VERSION};

/// A value quoted back to a Chinese reader: “…”, cleaned like the notice's own value.
fn q(value: &str) -> String {
    format!("“{}”", clean(value))
}

/// What was used for an hours value rounded to `minutes`, in `lang`: "used 1 h 1 min
/// (1.0167 h); the calculator counts whole minutes" (for a link's notice and a form's note).
pub fn minutes_used(minutes: u32, lang: Lang) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let hours = format::number(Decimal::from(minutes) / Decimal::from(60), 4);
    match lang {
        Lang::En => {
            let used = match (h, m) {
                (0, m) => format!("{m} min"),
                (h, 0) => format!("{h} h"),
                (h, m) => format!("{h} h {m} min"),
            };
            format!("used {used} ({hours} h); the calculator counts whole minutes")
        }
        Lang::Zh => {
            let used = match (h, m) {
                (0, m) => format!("{m} 分钟"),
                (h, 0) => format!("{h} 小时"),
                (h, m) => format!("{h} 小时 {m} 分钟"),
            };
            format!("已按 {used}（{hours} 小时）计算；计算器按整分钟计时")
        }
    }
}

impl Localize for ParamIssue {
    fn text(&self, lang: Lang) -> String {
        let (p, v) = (&self.param, &self.value);
        match (lang, &self.problem) {
            (Lang::En, Problem::UnknownParameter) => {
                format!("“{p}” is not a parameter of this page; ignored.")
            }
            (Lang::Zh, Problem::UnknownParameter) => format!("“{p}”不是本页面的参数，已忽略。"),
            (Lang::En, Problem::Repeated) => {
                format!("“{p}” appears more than once; kept the first value, ignored “{v}”.")
            }
            (Lang::Zh, Problem::Repeated) => {
                format!("“{p}”出现了多次；保留第一个值，忽略了“{v}”。")
            }
            (Lang::En, Problem::NotANumber) => {
                format!("{p}=“{v}” is not a number; using the default.")
            }
            (Lang::Zh, Problem::NotANumber) => format!("{p}=“{v}”不是数字；已使用默认值。"),
            (Lang::En, Problem::OutOfRange { min, max }) => format!(
                "{p}=“{v}” is outside {}–{}; using the default.",
                min.normalize(),
                max.normalize()
            ),
            (Lang::Zh, Problem::OutOfRange { min, max }) => format!(
                "{p}=“{v}”超出 {}–{} 的范围；已使用默认值。",
                min.normalize(),
                max.normalize()
            ),
            (Lang::En, Problem::UnknownValue { expected }) => {
                format!("{p}=“{v}” is not one of: {}; ignored.", expected.text(lang))
            }
            (Lang::Zh, Problem::UnknownValue { expected }) => {
                format!("{p}=“{v}”不是以下值之一：{}；已忽略。", expected.text(lang))
            }
            (Lang::En, Problem::Malformed { expected }) => format!(
                "{p}=“{v}” is not understood (expected {}); ignored.",
                expected.text(lang)
            ),
            (Lang::Zh, Problem::Malformed { expected }) => {
                // "应为…" names a form; a key out of order says what must come first.
                let lead = match expected {
                    Expected::TaskFirst => "须",
                    _ => "应为",
                };
                format!(
                    "{p}=“{v}”无法识别（{}）；已忽略。",
                    zh_join(lead, &expected.text(lang))
                )
            }
            (Lang::En, Problem::BadLine(why)) => {
                format!("{p}=“{v}” is not understood ({}); ignored.", why.text(lang))
            }
            (Lang::En, Problem::BadPrice(why)) => {
                format!("{p}=“{v}” is not understood ({}); ignored.", why.text(lang))
            }
            (Lang::En, Problem::BadJob(why)) => {
                format!("{p}=“{v}” is not understood ({}); ignored.", why.text(lang))
            }
            (Lang::Zh, Problem::BadJob(why)) => {
                format!("{p}=“{v}”无法识别（{}）；已忽略。", why.text(lang))
            }
            (Lang::Zh, Problem::BadLine(why)) => {
                format!("{p}=“{v}”无法识别（{}）；已忽略。", why.text(lang))
            }
            (Lang::Zh, Problem::BadPrice(why)) => {
                format!("{p}=“{v}”无法识别（{}）；已忽略。", why.text(lang))
            }
            (Lang::En, Problem::NewerVersion) => {
                format!("This link was made by a newer version of the page (v={v}); reading what this version understands.")
            }
            (Lang::Zh, Problem::NewerVersion) => {
                format!("此链接由更新版本的页面生成（v={v}）；仅读取本版本能识别的部分。")
            }
            (Lang::En, Problem::TooLong { limit }) => {
                format!("The link is too long; only its first {limit} bytes were read.")
            }
            (Lang::Zh, Problem::TooLong { limit }) => {
                format!("链接过长；只读取了前 {limit} 个字节。")
            }
            (Lang::En, Problem::TooMany { limit }) => {
                format!("“{p}” has too many values; kept the first {limit}.")
            }
            (Lang::Zh, Problem::TooMany { limit }) => format!("“{p}”的值过多；保留前 {limit} 个。"),
            (Lang::En, Problem::RoundedToMinutes { minutes }) => {
                format!("{p}=“{v}”: {}.", minutes_used(*minutes, lang))
            }
            (Lang::Zh, Problem::RoundedToMinutes { minutes }) => {
                format!("{p}=“{v}”：{}。", minutes_used(*minutes, lang))
            }
        }
    }
}

impl Localize for Accepted {
    fn text(&self, lang: Lang) -> String {
        let sep = match lang {
            Lang::En => ", ",
            Lang::Zh => "、",
        };
        match (self, lang) {
            (Accepted::Words(words), _) => words.join(sep),
            (Accepted::VersionsUpTo(n), _) => (1..=*n)
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(sep),
            (Accepted::SellerIds, Lang::En) => "provider ids or custom:Name".into(),
            (Accepted::SellerIds, Lang::Zh) => "厂商 id 或 custom:名称".into(),
        }
    }
}

impl Localize for Expected {
    fn text(&self, lang: Lang) -> String {
        let s = |s: &str| s.to_string();
        match (self, lang) {
            (Expected::Hours { max }, Lang::En) => format!("hours up to {max}, month, or YYYY-MM"),
            (Expected::Hours { max }, Lang::Zh) => {
                format!("不超过 {max} 的小时数、month 或 YYYY-MM")
            }
            (Expected::TimeZone, Lang::En) => s("+HH:MM between -12:00 and +14:00"),
            (Expected::TimeZone, Lang::Zh) => s("-12:00 到 +14:00 之间的 +HH:MM"),
            (Expected::Discount, Lang::En) => s("PROVIDER:PERCENT (0–99)"),
            (Expected::Discount, Lang::Zh) => s("PROVIDER:PERCENT（0–99）"),
            (Expected::OffPeak, Lang::En) => s("START-END:DISCOUNT:FLEXIBLE, e.g. 0-8:40:50"),
            (Expected::OffPeak, Lang::Zh) => s("START-END:DISCOUNT:FLEXIBLE，例如 0-8:40:50"),
            (Expected::Amount { example }, Lang::En) => {
                format!("an amount and currency, e.g. {example}")
            }
            (Expected::Amount { example }, Lang::Zh) => format!("金额加币种，例如 {example}"),
            (Expected::WindowInHorizon, Lang::En) => s("a window that starts inside the horizon"),
            (Expected::WindowInHorizon, Lang::Zh) => s("在时间范围内开始的时间窗口"),
            (Expected::ConsistentScenario, Lang::En) => {
                s("a consistent scenario; the preset was restored")
            }
            (Expected::ConsistentScenario, Lang::Zh) => s("前后一致的方案；已恢复预设"),
            (Expected::TaskFirst, Lang::En) => s("a task= parameter first"),
            (Expected::TaskFirst, Lang::Zh) => s("先给出 task= 参数"),
            (Expected::ParamCount, Lang::En) => s("a parameter count like 7B or 350M"),
            (Expected::ParamCount, Lang::Zh) => s("参数量，例如 7B 或 350M"),
            (Expected::Count, Lang::En) => s("a count like 20B or 88K"),
            (Expected::Count, Lang::Zh) => s("数量，例如 20B 或 88K"),
            (Expected::Rate, Lang::En) => s("a rate like 20req or 5000tok"),
            (Expected::Rate, Lang::Zh) => s("速率，例如 20req 或 5000tok"),
            (Expected::ModelConfig(e), _) => super::model_config::cfg_expected(*e, lang),
            (Expected::ModelConfigNeedsCustom, Lang::En) => s("model=custom beside a model config"),
            (Expected::ModelConfigNeedsCustom, Lang::Zh) => s("模型配置须与 model=custom 一起使用"),
            (Expected::ConsistentWorkload(why), Lang::En) => {
                let why: Vec<String> = why.iter().map(|e| e.message(lang)).collect();
                format!("a consistent workload ({})", why.join("; "))
            }
            (Expected::ConsistentWorkload(why), Lang::Zh) => {
                let why: Vec<String> = why.iter().map(|e| e.message(lang)).collect();
                format!("前后一致的工作负载（{}）", why.join("；"))
            }
            (Expected::WholeNumber, Lang::En) => s("a whole number"),
            (Expected::WholeNumber, Lang::Zh) => s("整数"),
            (Expected::FrameId, Lang::En) => s("letters, digits, - or _ (up to 40)"),
            (Expected::FrameId, Lang::Zh) => s("字母、数字、- 或 _（最多 40 个）"),
            (Expected::IdList, Lang::En) => s("ids separated by commas"),
            (Expected::IdList, Lang::Zh) => s("以逗号分隔的 id"),
            (Expected::RegionId, Lang::En) => s("a region id"),
            (Expected::RegionId, Lang::Zh) => s("地区 id"),
        }
    }
}

impl Localize for DecimalError {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (DecimalError::Empty, Lang::En) => "empty number".into(),
            (DecimalError::Empty, Lang::Zh) => "数字为空".into(),
            (DecimalError::NotPlain { value }, Lang::En) => {
                format!("{value:?} is not a plain decimal number")
            }
            (DecimalError::NotPlain { value }, Lang::Zh) => {
                format!("{}不是普通的十进制数字", q(value))
            }
        }
    }
}

impl Localize for RleError {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (RleError::NotARun { run }, Lang::Zh) => format!("时段{}不是“数量x小时”的形式", q(run)),
            (RleError::CountNotWhole { count }, Lang::Zh) => format!("数量{}不是整数", q(count)),
            (RleError::LengthNotWhole { length }, Lang::Zh) => {
                format!("时长{}不是整数", q(length))
            }
            (RleError::CountAbove { count, max }, Lang::Zh) => {
                format!("数量 {count} 超过 {max}")
            }
            (RleError::NotAWeek, Lang::Zh) => "各时段合计须恰好为 168 小时".into(),
        }
    }
}

impl Localize for crate::batch::JobError {
    fn text(&self, lang: Lang) -> String {
        use crate::batch::JobError;
        match (self, lang) {
            (JobError::Shape, Lang::En) => "expected GPU*GPUSxHOURS,from:H,due:H".into(),
            (JobError::Shape, Lang::Zh) => "应为 GPU*GPUSxHOURS,from:H,due:H".into(),
            (JobError::UnknownGpu { gpu }, Lang::En) => {
                format!("{gpu:?} is not a GPU model in the catalog")
            }
            (JobError::UnknownGpu { gpu }, Lang::Zh) => format!("{}不是目录中的 GPU 型号", q(gpu)),
            (JobError::UnknownAttribute { attribute }, Lang::En) => {
                format!("{attribute:?} is not from: or due: (each at most once)")
            }
            (JobError::UnknownAttribute { attribute }, Lang::Zh) => {
                format!("{}不是 from: 或 due:（每项至多一次）", q(attribute))
            }
            (JobError::Field { field, value }, Lang::En) if value.is_empty() => {
                format!("a job needs due:H (its deadline); {}", field.text(lang))
            }
            (JobError::Field { field, value }, Lang::Zh) if value.is_empty() => {
                format!("作业须写 due:H（截止时间）；{}", field.text(lang))
            }
            (JobError::Field { field, value }, Lang::En) => {
                format!("{value:?}: {}", field.text(lang))
            }
            (JobError::Field { field, value }, Lang::Zh) => {
                format!("{}：{}", q(value), field.text(lang))
            }
        }
    }
}

impl Localize for LineError {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (LineError::Shape, Lang::En) => {
                "expected GPU*COUNT, GPU*COUNT@HH:MM+4h or GPU~SCHEDULE".into()
            }
            (LineError::Shape, Lang::Zh) => {
                "应为 GPU*COUNT、GPU*COUNT@HH:MM+4h 或 GPU~SCHEDULE".into()
            }
            (LineError::UnknownGpu { gpu }, Lang::En) => {
                format!("{gpu:?} is not a GPU model in the catalog")
            }
            (LineError::UnknownGpu { gpu }, Lang::Zh) => format!("{}不是目录中的 GPU 型号", q(gpu)),
            (LineError::Count(e), lang) => e.text(lang),
            (LineError::CountOutOfRange { count, max }, Lang::En) => {
                format!("GPU count {count:?} must be between 0.001 and {max}")
            }
            (LineError::CountOutOfRange { count, max }, Lang::Zh) => {
                format!("GPU 数量{}须在 0.001 到 {max} 之间", q(count))
            }
            (LineError::Schedule(e), lang) => e.text(lang),
            (LineError::EmptySchedule, Lang::En) => "the weekly schedule is empty".into(),
            (LineError::EmptySchedule, Lang::Zh) => "每周排程为空".into(),
            (LineError::WindowShape, Lang::En) => "a window is @HH:MM+LENGTH".into(),
            (LineError::WindowShape, Lang::Zh) => "时间窗口应写作 @HH:MM+LENGTH".into(),
            (LineError::BadStart { start }, Lang::En) => format!("bad start {start:?}"),
            (LineError::BadStart { start }, Lang::Zh) => format!("开始时间{}无效", q(start)),
            (LineError::BadLength { length }, Lang::En) => format!("bad length {length:?}"),
            (LineError::BadLength { length }, Lang::Zh) => format!("时长{}无效", q(length)),
            (LineError::Load { field, value }, Lang::En) if value.is_empty() => {
                format!(
                    "a serving line needs per:REQUESTS (requests/s per GPU); {}",
                    field.text(lang)
                )
            }
            (LineError::Load { field, value }, Lang::Zh) if value.is_empty() => {
                format!("按负载的行须写 per:每卡每秒请求数；{}", field.text(lang))
            }
            (LineError::Load { field, value }, Lang::En) => {
                format!("{value:?}: {}", field.text(lang))
            }
            (LineError::Load { field, value }, Lang::Zh) => {
                format!("{}：{}", q(value), field.text(lang))
            }
            (LineError::LoadKey { key }, Lang::En) => {
                format!("{key:?} is not per:, room:, min: or in: (each at most once)")
            }
            (LineError::LoadKey { key }, Lang::Zh) => {
                format!("{}不是 per:、room:、min: 或 in:（每项至多一次）", q(key))
            }
            (LineError::BadPacking { packing, max }, Lang::En) => format!(
                "GPUs per machine {packing:?} must be \"all\" or a whole number from 1 to {max}"
            ),
            (LineError::BadPacking { packing, max }, Lang::Zh) => {
                format!("每台机器 GPU 数{}须为 all 或 1 到 {max} 的整数", q(packing))
            }
            (LineError::BadTeam { max }, Lang::En) => {
                format!("a team name has 1–{max} characters and no control characters")
            }
            (LineError::BadTeam { max }, Lang::Zh) => {
                format!("团队名须为 1–{max} 个字符，且不含控制字符")
            }
        }
    }
}

impl Localize for PriceError {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (PriceError::Shape, Lang::En) => "expected OWNER:GPU:MODE:AMOUNT:CURRENCY".into(),
            (PriceError::Shape, Lang::Zh) => "应为 OWNER:GPU:MODE:AMOUNT:CURRENCY".into(),
            (PriceError::BadName, Lang::En) => {
                "a provider name has 1–40 characters and no ':'".into()
            }
            (PriceError::BadName, Lang::Zh) => "厂商名称须为 1–40 个字符，且不含“:”".into(),
            (PriceError::UnknownProvider { id }, Lang::En) => {
                format!("{id:?} is not a provider id (use ~Name for your own)")
            }
            (PriceError::UnknownProvider { id }, Lang::Zh) => {
                format!("{}不是厂商 id（您自己的厂商请写作 ~名称）", q(id))
            }
            (PriceError::Amount(e), lang) => e.text(lang),
            (PriceError::AmountOutOfRange { max }, Lang::En) => format!(
                "the amount must be above 0 and at most {}",
                format::number(*max, 0)
            ),
            (PriceError::AmountOutOfRange { max }, Lang::Zh) => {
                format!("金额须大于 0 且不超过 {}", format::number(*max, 0))
            }
            (PriceError::UnknownGpu { gpu }, Lang::En) => {
                format!("{gpu:?} is not a GPU model in the catalog")
            }
            (PriceError::UnknownGpu { gpu }, Lang::Zh) => {
                format!("{}不是目录中的 GPU 型号", q(gpu))
            }
            (PriceError::UnknownMode { mode }, Lang::En) => {
                format!("mode {mode:?} is not od, spot, day, week, 30d or month")
            }
            (PriceError::UnknownMode { mode }, Lang::Zh) => {
                format!(
                    "计费方式{}不是 od、spot、day、week、30d 或 month 之一",
                    q(mode)
                )
            }
            (PriceError::UnknownCurrency { code }, Lang::En) => {
                format!("unknown currency {code:?} (expected CNY or USD)")
            }
            (PriceError::UnknownCurrency { code }, Lang::Zh) => {
                format!("未知币种{}（应为 CNY 或 USD）", q(code))
            }
        }
    }
}

/// The headings of the command line's notices on standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heading {
    /// Before the values a lenient run left out: `gpucost: ignored:`.
    Ignored,
    /// Before a value applied with a change, on the same line: `gpucost: note: `.
    Note,
    /// A strict run's refusal, before the values it cannot use.
    Unusable,
}

impl Localize for Heading {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Heading::Ignored, Lang::En) => "gpucost: ignored:",
            (Heading::Ignored, Lang::Zh) => "gpucost: 已忽略：",
            (Heading::Note, Lang::En) => "gpucost: note: ",
            (Heading::Note, Lang::Zh) => "gpucost: 注意：",
            (Heading::Unusable, Lang::En) => "the link has parameters that cannot be used:",
            (Heading::Unusable, Lang::Zh) => "链接中有无法使用的参数：",
        }
        .into()
    }
}

impl Localize for FileError {
    fn text(&self, lang: Lang) -> String {
        let kb = MAX_BYTES / 1024;
        match (self, lang) {
            (FileError::TooLarge, Lang::En) => format!("is larger than {kb} KB"),
            (FileError::TooLarge, Lang::Zh) => format!("超过 {kb} KB"),
            (
                FileError::NotJson {
                    line,
                    column,
                    detail,
                },
                Lang::En,
            ) => format!("is not JSON (line {line}, column {column}): {detail}"),
            (FileError::NotJson { line, column, .. }, Lang::Zh) => {
                format!("不是 JSON（第 {line} 行第 {column} 列）")
            }
            (FileError::NotAnObjectFile, Lang::En) => "must be a JSON object".into(),
            (FileError::NotAnObjectFile, Lang::Zh) => "须为 JSON 对象".into(),
            (FileError::WrongFormat, Lang::En) => {
                format!("is not a GPU Cost Lab prices file (\"format\" must be \"{FORMAT}\")")
            }
            (FileError::WrongFormat, Lang::Zh) => {
                format!("不是 GPU Cost Lab 价格文件（“format”须为“{FORMAT}”）")
            }
            (FileError::NewerVersion { version }, Lang::En) => {
                format!("has version {version}; this page reads version {VERSION}")
            }
            (FileError::NewerVersion { version }, Lang::Zh) => {
                format!("版本为 {version}；本页面只能读取版本 {VERSION}")
            }
            (FileError::BadVersion, Lang::En) => "\"version\" must be a whole number".into(),
            (FileError::BadVersion, Lang::Zh) => "“version”须为整数".into(),
            (FileError::TooManyEntries, Lang::En) => "has more than 64 entries".into(),
            (FileError::TooManyEntries, Lang::Zh) => "条目超过 64 个".into(),
            (FileError::NotAList, Lang::En) => "must be a list".into(),
            (FileError::NotAList, Lang::Zh) => "须为列表".into(),
            (FileError::NotAnObject, Lang::En) => "must be an object".into(),
            (FileError::NotAnObject, Lang::Zh) => "须为对象".into(),
            (FileError::HasColon, Lang::En) => "must not contain ':'".into(),
            (FileError::HasColon, Lang::Zh) => "不得包含“:”".into(),
            (FileError::NotAString, Lang::En) => "must be a string".into(),
            (FileError::NotAString, Lang::Zh) => "须为字符串".into(),
            (FileError::NotANumber, Lang::En) => "must be a number".into(),
            (FileError::NotANumber, Lang::Zh) => "须为数字".into(),
            (FileError::Missing, Lang::En) => "is missing".into(),
            (FileError::Missing, Lang::Zh) => "缺失".into(),
            (FileError::Price(e), lang) => e.text(lang),
            (FileError::UnknownProvider { id }, Lang::En) => {
                format!("{id:?} is not a provider id")
            }
            (FileError::UnknownProvider { id }, Lang::Zh) => format!("{}不是厂商 id", q(id)),
            (FileError::Twice, Lang::En) => "appears twice".into(),
            (FileError::Twice, Lang::Zh) => "出现了两次".into(),
            (FileError::PercentOutOfRange { percent }, Lang::En) => {
                format!("{percent:?} is not between 0 and 99")
            }
            (FileError::PercentOutOfRange { percent }, Lang::Zh) => {
                format!("{}不在 0 到 99 之间", q(percent))
            }
        }
    }
}

impl Localize for FileProblem {
    fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("{}: {}", self.at, self.error.text(lang)),
            Lang::Zh => format!("{}：{}", self.at, self.error.text(lang)),
        }
    }
}

/// A one-line summary of a refused prices file, in `lang`: the first five problems and how
/// many more there are.
pub fn file_summary(problems: &[FileProblem], lang: Lang) -> String {
    let list: Vec<String> = problems.iter().take(5).map(|p| p.text(lang)).collect();
    let more = problems.len().saturating_sub(5);
    let tail = match (more, lang) {
        (0, _) => String::new(),
        (n, Lang::En) => format!(" (and {n} more)"),
        (n, Lang::Zh) => format!("（另有 {n} 处）"),
    };
    match lang {
        Lang::En => format!("The file was not imported: {}{tail}", list.join("; ")),
        Lang::Zh => format!("文件未导入：{}{tail}", list.join("；")),
    }
}
