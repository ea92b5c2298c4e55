//! The presets' titles and descriptions.

use crate::format::Lang;
use crate::presets::Preset;

/// A preset's title in `lang`.
impl Preset {
    /// Short title.
    pub fn title(self, lang: Lang) -> &'static str {
        preset_title(self, lang)
    }

    /// What the preset models, where its numbers come from, and what is assumed.
    pub fn description(self, lang: Lang) -> &'static str {
        preset_description(self, lang)
    }
}

fn preset_title(preset: Preset, lang: Lang) -> &'static str {
    match (preset, lang) {
        (Preset::ShortTraining, Lang::En) => "Short training run",
        (Preset::ShortTraining, Lang::Zh) => "短期模型训练",
        (Preset::TrafficSpike, Lang::En) => "Traffic spike",
        (Preset::TrafficSpike, Lang::Zh) => "突发流量",
        (Preset::DevTest, Lang::En) => "Dev/test CI schedule",
        (Preset::DevTest, Lang::Zh) => "开发测试（CI 排程）",
        (Preset::ShiftFleet, Lang::En) => "Shift fleet (trading desk)",
        (Preset::ShiftFleet, Lang::Zh) => "分时段机群（量化交易）",
        (Preset::Custom, Lang::En) => "Your own",
        (Preset::Custom, Lang::Zh) => "自定义",
    }
}

/// A preset's description in `lang`: the cost guide's case and what is assumed (the guide's
/// figure beside the page's is the preset's [`Promise`](crate::promise::Promise)).
fn preset_description(preset: Preset, lang: Lang) -> &'static str {
    match (preset, lang) {
        (Preset::ShortTraining, Lang::En) => "BERT fine-tune in 72 hours on 4 × V100 (the cost guide's quote: ¥8 per GPU-hour, against a ¥50,000 deposit for a whole-card lease). The ¥8 quote is entered as a custom price; every catalog provider with a V100 is compared beside it, on machines that hold all 4 GPUs (a fine-tune's GPUs exchange gradients every step).",
        (Preset::ShortTraining, Lang::Zh) => "72 小时内完成 BERT 微调，使用 4 张 V100（成本指南的报价：单价 ￥8/卡·时，对比整卡租赁需预付 ￥50,000 押金）。￥8 报价作为自定义价格录入，并与目录中所有提供 V100 的厂商对比，且只计单台机器容纳全部 4 张卡的规格（微调时各卡每步都要交换梯度）。",
        (Preset::TrafficSpike, Lang::En) => "Promotion day: 50 × T4 started 30 minutes before the peak and released right after, raising capacity from 500 to 5,000 QPS. The lines state their load and the GPUs are derived from it at the guide's 100 requests/s per T4 (5,000 ÷ 50): 5,000 requests/s for the promotion need 50 × T4, scaled out 30 minutes early. Assumed: the peak lasts 4 hours (20:00–24:00), and a 500-requests/s baseline all day needs 5 × T4. Serving replicas are independent, so machines of any size may serve them.",
        (Preset::TrafficSpike, Lang::Zh) => "大促当天：提前 30 分钟启动 50 张 T4，活动结束立即释放，处理能力从 500 QPS 提升到 5000 QPS。各行给出负载，GPU 数量按指南的每张 T4 每秒 100 个请求（5000 ÷ 50）推算：大促每秒 5000 个请求需要 50 张 T4，提前 30 分钟扩容。假设：高峰持续 4 小时（20:00–24:00），全天每秒 500 个请求的基线流量需要 5 张 T4。推理副本相互独立，机器规格不限。",
        (Preset::DevTest, Lang::En) => "Continuous integration: 2 × A10 for model training from 08:00, 10 × T4 for inference tests from 18:00, released at night. Assumed: 8-hour blocks every day (08:00–16:00 and 18:00–02:00). The two training GPUs share one machine; the inference tests may run on machines of any size.",
        (Preset::DevTest, Lang::Zh) => "持续集成：08:00 起 2 张 A10 进行模型训练，18:00 起 10 张 T4 进行推理测试，夜间自动释放。假设：每天各 8 小时（08:00–16:00 与 18:00–02:00）。两张训练卡在同一台机器上；推理测试机器规格不限。",
        (Preset::ShiftFleet, Lang::En) => "High-frequency trading desk: 8 × A100 during trading hours and 4 × V100 for after-hours analysis. Assumed: 6-hour sessions Monday to Friday, when the exchange trades (09:00–15:00 and 15:00–21:00); ¥480,000 is entered as the current monthly cost. The trading-hours risk models serve independently (machines of any size); the after-hours analysis (model retraining) keeps its 4 GPUs on one machine.",
        (Preset::ShiftFleet, Lang::Zh) => "高频交易团队：交易时段租用 8 张 A100，盘后分析租用 4 张 V100。假设：周一至周五交易日各 6 小时（09:00–15:00 与 15:00–21:00）；￥48 万作为当前月度成本录入。交易时段的风控模型推理相互独立（机器规格不限）；盘后分析（模型重训）的 4 张卡在同一台机器上。",
        (Preset::Custom, Lang::En) => "A starting point to make your own: one A100 80GB around the clock for a month, serving Llama-3-8B (10 requests/s, 512 tokens in, 256 out). The workload is described, so the recommendation shows which GPU serves it cheapest. Change anything.",
        (Preset::Custom, Lang::Zh) => "可自行修改的起点：1 张 A100 80GB 全天运行一个月，为 Llama-3-8B 提供推理服务（每秒 10 个请求，输入 512、输出 256 个 token）。已描述工作负载，推荐结果会给出成本最低的 GPU。任何参数均可修改。",
    }
}
