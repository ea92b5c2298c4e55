//! What is wrong with a scenario: [`ScenarioError`] and the settings it names.

use super::Localize;
use crate::batch::JobField;
use crate::format::Lang;
use crate::limits::{
    GPUS_PER_MACHINE, HEADROOM_PCT, JOB_GPUS, JOB_HOUR, LOAD_RPS, MAX_GPUS, MAX_HOURS, MAX_JOBS,
    MAX_LINES, MAX_TEAM_CHARS, MIN_REPLICAS, RAM_GIB_PER_GPU, RPS_PER_GPU, SCALE_IN_MINUTES,
    VCPUS_PER_GPU,
};
use crate::scenario::{ScenarioError, Setting};
use crate::traffic::LoadField;

impl Localize for LoadField {
    /// What is wrong, with its limit: "the load must be above 0 and at most 1000000 requests/s".
    fn text(&self, lang: Lang) -> String {
        let n = |d: rust_decimal::Decimal| crate::format::number(d, 3);
        match (self, lang) {
            (LoadField::Rate, Lang::En) => format!(
                "the peak load must be above 0 and at most {} requests/s",
                n(LOAD_RPS.max)
            ),
            (LoadField::Rate, Lang::Zh) => {
                format!("峰值负载须大于 0 且不超过每秒 {} 个请求", n(LOAD_RPS.max))
            }
            (LoadField::PerGpu, Lang::En) => format!(
                "requests/s per GPU must be above 0 and at most {}",
                n(RPS_PER_GPU.max)
            ),
            (LoadField::PerGpu, Lang::Zh) => {
                format!("每卡每秒请求数须大于 0 且不超过 {}", n(RPS_PER_GPU.max))
            }
            (LoadField::Headroom, Lang::En) => {
                format!("headroom must be 0–{} %", n(HEADROOM_PCT.max))
            }
            (LoadField::Headroom, Lang::Zh) => {
                format!("余量须在 0–{}% 之间", n(HEADROOM_PCT.max))
            }
            (LoadField::MinGpus, Lang::En) => {
                format!("the minimum GPUs must be 0–{}", MIN_REPLICAS.max)
            }
            (LoadField::MinGpus, Lang::Zh) => {
                format!("最少 GPU 数须在 0–{} 之间", MIN_REPLICAS.max)
            }
            (LoadField::ScaleIn, Lang::En) => format!(
                "the scale-in delay must be 0–{} minutes",
                SCALE_IN_MINUTES.max
            ),
            (LoadField::ScaleIn, Lang::Zh) => {
                format!("缩容延迟须在 0–{} 分钟之间", SCALE_IN_MINUTES.max)
            }
            (LoadField::Shape, Lang::En) => {
                "the load must arrive inside the horizon, at most 100 % of its peak in any hour"
                    .into()
            }
            (LoadField::Shape, Lang::Zh) => {
                "负载须在时间范围内出现，且每小时不超过峰值的 100%".into()
            }
            (LoadField::Fleet, Lang::En) => {
                format!("the peak load needs more than {MAX_GPUS} GPUs")
            }
            (LoadField::Fleet, Lang::Zh) => format!("峰值负载需要超过 {MAX_GPUS} 张 GPU"),
        }
    }
}

impl Localize for JobField {
    /// What is wrong with a batch job, with its limit.
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (JobField::Gpus, Lang::En) => {
                format!("GPUs per job must be {}–{}", JOB_GPUS.min, JOB_GPUS.max)
            }
            (JobField::Gpus, Lang::Zh) => {
                format!("每个作业的 GPU 数须在 {}–{} 之间", JOB_GPUS.min, JOB_GPUS.max)
            }
            (JobField::Hours, Lang::En) => {
                format!("its hours must be above 0 and at most {}", JOB_HOUR.max)
            }
            (JobField::Hours, Lang::Zh) => {
                format!("运行时长须大于 0 且不超过 {} 小时", JOB_HOUR.max)
            }
            (JobField::From, Lang::En) => {
                format!("the earliest start must be hour 0–{}", JOB_HOUR.max)
            }
            (JobField::From, Lang::Zh) => {
                format!("最早开始须在第 0–{} 小时之间", JOB_HOUR.max)
            }
            (JobField::Due, Lang::En) => {
                "the deadline must be a whole hour within the period".into()
            }
            (JobField::Due, Lang::Zh) => "截止时间须是时间范围内的整点小时".into(),
            (JobField::TooLong, Lang::En) => {
                "it cannot finish by its deadline: its hours are more than deadline − earliest start"
                    .into()
            }
            (JobField::TooLong, Lang::Zh) => {
                "无法在截止时间前完成：运行时长超过截止时间减最早开始".into()
            }
        }
    }
}

impl Localize for Setting {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Setting::SpotOverhead, Lang::En) => "spot overhead",
            (Setting::SpotOverhead, Lang::Zh) => "竞价中断附加",
            (Setting::Discount, Lang::En) => "discount",
            (Setting::Discount, Lang::Zh) => "折扣",
            (Setting::OffPeak, Lang::En) => "off-peak",
            (Setting::OffPeak, Lang::Zh) => "低峰时段",
            (Setting::Budget, Lang::En) => "budget",
            (Setting::Budget, Lang::Zh) => "预算",
            (Setting::Reference, Lang::En) => "reference",
            (Setting::Reference, Lang::Zh) => "参考金额",
        }
        .into()
    }
}

impl Localize for ScenarioError {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (ScenarioError::NoLines, Lang::En) => "Add at least one GPU line.".into(),
            (ScenarioError::NoLines, Lang::Zh) => "请至少添加一行 GPU 需求。".into(),
            (ScenarioError::TooManyLines, Lang::En) => format!("At most {MAX_LINES} GPU lines."),
            (ScenarioError::TooManyLines, Lang::Zh) => format!("最多 {MAX_LINES} 行 GPU 需求。"),
            (ScenarioError::UnknownGpu { line, gpu }, Lang::En) => {
                format!("Line {line}: “{gpu}” is not a GPU model in the catalog.")
            }
            (ScenarioError::UnknownGpu { line, gpu }, Lang::Zh) => {
                format!("第 {line} 行：“{gpu}”不是目录中的 GPU 型号。")
            }
            (ScenarioError::BadCount { line }, Lang::En) => {
                format!("Line {line}: the GPU count must be between 0.001 and {MAX_GPUS}.")
            }
            (ScenarioError::BadCount { line }, Lang::Zh) => {
                format!("第 {line} 行：GPU 数量须在 0.001 到 {MAX_GPUS} 之间。")
            }
            (ScenarioError::EmptySchedule { line }, Lang::En) => {
                format!("Line {line}: the weekly schedule needs a GPU in at least one hour.")
            }
            (ScenarioError::EmptySchedule { line }, Lang::Zh) => {
                format!("第 {line} 行：每周排程至少需要在一个小时内使用 GPU。")
            }
            (ScenarioError::WindowOutsideHorizon { line }, Lang::En) => {
                format!("Line {line}: the time window must start inside the horizon and last at least a minute.")
            }
            (ScenarioError::WindowOutsideHorizon { line }, Lang::Zh) => {
                format!("第 {line} 行：时间窗口须在时间范围内开始，且至少持续一分钟。")
            }
            (ScenarioError::BadHorizon, Lang::En) => {
                format!("The duration must be between one minute and {MAX_HOURS} hours.")
            }
            (ScenarioError::BadHorizon, Lang::Zh) => {
                format!("时长须在 1 分钟到 {MAX_HOURS} 小时之间。")
            }
            (ScenarioError::BadPercent { what }, Lang::En) => {
                format!("{}: percentage out of range.", what.text(lang))
            }
            (ScenarioError::BadPercent { what }, Lang::Zh) => {
                format!("{}：百分比超出范围。", what.text(lang))
            }
            (ScenarioError::BadCustomPrice { index }, Lang::En) => format!(
                "Custom price {index}: needs a known GPU, a provider and an amount above zero."
            ),
            (ScenarioError::BadCustomPrice { index }, Lang::Zh) => {
                format!("自定义价格 {index}：须为已知 GPU、注明厂商，且金额大于零。")
            }
            (ScenarioError::BadAmount { what }, Lang::En) => {
                format!("{}: must be above zero.", what.text(lang))
            }
            (ScenarioError::BadAmount { what }, Lang::Zh) => {
                format!("{}：须大于零。", what.text(lang))
            }
            (ScenarioError::BadPacking { line }, Lang::En) => format!(
                "Line {line}: GPUs per machine must be between {} and {}.",
                GPUS_PER_MACHINE.min, GPUS_PER_MACHINE.max
            ),
            (ScenarioError::BadPacking { line }, Lang::Zh) => format!(
                "第 {line} 行：每台机器的 GPU 数须在 {} 到 {} 之间。",
                GPUS_PER_MACHINE.min, GPUS_PER_MACHINE.max
            ),
            (ScenarioError::BadTeam { line }, Lang::En) => format!(
                "Line {line}: a team name has 1 to {MAX_TEAM_CHARS} characters and no control characters."
            ),
            (ScenarioError::BadTeam { line }, Lang::Zh) => {
                format!("第 {line} 行：团队名须为 1 到 {MAX_TEAM_CHARS} 个字符，且不含控制字符。")
            }
            (ScenarioError::BadHostFloor, Lang::En) => format!(
                "Host per GPU: vCPUs must be above 0 and at most {}, RAM above 0 and at most {} GiB.",
                VCPUS_PER_GPU.max, RAM_GIB_PER_GPU.max
            ),
            (ScenarioError::BadHostFloor, Lang::Zh) => format!(
                "每 GPU 主机配置：vCPU 须大于 0 且不超过 {}，内存须大于 0 且不超过 {} GiB。",
                VCPUS_PER_GPU.max, RAM_GIB_PER_GPU.max
            ),
            (ScenarioError::BadLoad { line, field }, Lang::En) => {
                format!("Line {line}: {}.", field.text(lang))
            }
            (ScenarioError::BadLoad { line, field }, Lang::Zh) => {
                format!("第 {line} 行：{}。", field.text(lang))
            }
            (ScenarioError::TooManyJobs, Lang::En) => format!("At most {MAX_JOBS} batch jobs."),
            (ScenarioError::TooManyJobs, Lang::Zh) => format!("最多 {MAX_JOBS} 个批处理作业。"),
            (ScenarioError::UnknownJobGpu { job, gpu }, Lang::En) => {
                format!("Job {job}: “{gpu}” is not a GPU model in the catalog.")
            }
            (ScenarioError::UnknownJobGpu { job, gpu }, Lang::Zh) => {
                format!("作业 {job}：“{gpu}”不是目录中的 GPU 型号。")
            }
            (ScenarioError::BadJob { job, field }, Lang::En) => {
                format!("Job {job}: {}.", field.text(lang))
            }
            (ScenarioError::BadJob { job, field }, Lang::Zh) => {
                format!("作业 {job}：{}。", field.text(lang))
            }
            (ScenarioError::Workload(e), lang) => e.message(lang),
        }
    }
}
