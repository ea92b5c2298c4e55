//! What a saving assumes: each lever's [`Assumption`], with its numbers.

use super::{labels, Localize};
use crate::format::{self, Lang};
use crate::savings::Assumption;

impl Localize for Assumption {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Assumption::PeakAlwaysOn { hours }, Lang::En) => format!(
                "Compared with keeping each line's peak GPU count running for all {} hours.",
                format::number(*hours, 2)
            ),
            (Assumption::PeakAlwaysOn { hours }, Lang::Zh) => format!(
                "对比：每行按峰值 GPU 数量持续运行全部 {} 小时。",
                format::number(*hours, 2)
            ),
            (Assumption::PeakSized { hours, gpus }, Lang::En) => format!(
                "Compared with the always-on fleet the load description states: each serving line sized for its peak load ({} GPUs in all) for all {} hours; with autoscaling, each hour runs what its load needs, started the lead time early and kept the scale-in delay.",
                format::number(*gpus, 3),
                format::number(*hours, 2)
            ),
            (Assumption::PeakSized { hours, gpus }, Lang::Zh) => format!(
                "对比负载描述所述的常开集群：每个推理行按峰值负载配置（共 {} 张 GPU），持续运行全部 {} 小时；自动伸缩时每小时只运行负载所需的 GPU，并提前扩容、延迟缩容。",
                format::number(*gpus, 3),
                format::number(*hours, 2)
            ),
            (Assumption::SpotOverhead { percent }, Lang::En) => format!(
                "Spot prices plus {}% extra hours for restarts and lost work; the cheapest plan without spot is the comparison.",
                format::number(*percent, 2)
            ),
            (Assumption::SpotOverhead { percent }, Lang::Zh) => format!(
                "竞价价格，另加 {}% 的时长用于重启与丢失的工作；对比不使用竞价的最低方案。",
                format::number(*percent, 2)
            ),
            (Assumption::CommittedMix, Lang::En) => {
                "Reserve only the instances busy enough to beat on-demand (break-even utilization), pay the rest hourly; compared with no commitment.".into()
            }
            (Assumption::CommittedMix, Lang::Zh) => {
                "仅为利用率超过盈亏平衡点的实例购买预留，其余按小时付费；对比不做承诺。".into()
            }
            (Assumption::SubscriptionMix, Lang::En) => {
                "Subscribe (day/week/month) only the instances busy enough in each period, pay the rest hourly; compared with no subscription.".into()
            }
            (Assumption::SubscriptionMix, Lang::Zh) => {
                "每个周期仅为使用足够多的实例包天/包周/包月，其余按小时付费；对比不包期。".into()
            }
            (Assumption::SubscribePeak { seller, .. }, Lang::En) => format!(
                "Paying by the hour for this schedule, compared with subscribing every line's peak for every period ({}).",
                labels::seller(seller, lang)
            ),
            (Assumption::SubscribePeak { seller_zh, .. }, Lang::Zh) => {
                format!(
                    "按小时为该排程付费，对比为每行峰值在每个周期全部包期（{}）。",
                    labels::seller(seller_zh, lang)
                )
            }
            (Assumption::OffPeak(op), Lang::En) => format!(
                "What-if: if {:02}:00–{:02}:00 were {}% cheaper and {}% of the work outside it moved there. Of the catalog's providers only CompShare publishes a night price (10% off 01:00–07:00 Beijing time on RTX 4090/5090), used instead of this what-if when CompShare is cheapest on those cards; the cost guide cites night prices up to 40% lower.",
                op.start_hour,
                op.end_hour,
                format::number(op.discount_pct, 2),
                format::number(op.flexible_pct, 2)
            ),
            (Assumption::OffPeak(op), Lang::Zh) => format!(
                "假设：若 {:02}:00–{:02}:00 价格低 {}%，且窗口外 {}% 的工作可移入该时段。目录中只有优云智算公布夜间价格（北京时间 01:00–07:00，RTX 4090/5090 九折），当优云智算在这些卡上最便宜时用它代替此假设；成本指南提到夜间价格最多可低 40%。",
                op.start_hour,
                op.end_hour,
                format::number(op.discount_pct, 2),
                format::number(op.flexible_pct, 2)
            ),
            (
                Assumption::PublishedOffPeak {
                    seller,
                    seller_zh,
                    start_hour,
                    end_hour,
                    utc_offset_minutes,
                    discount_pct,
                    flexible_pct,
                    gpus,
                },
                lang,
            ) => {
                let window = format!(
                    "{start_hour:02}:00–{end_hour:02}:00 ({})",
                    utc_label(*utc_offset_minutes)
                );
                let (gpus, off) = (gpus.join("/"), format::number(*discount_pct, 2));
                let flexible = format::number(*flexible_pct, 2);
                match lang {
                    Lang::En => format!(
                        "{seller}'s published night price: {off}% off on-demand {gpus} {window}; hours already in that window, plus {flexible}% of the work outside it moved there. Spot and prepaid charges are unchanged."
                    ),
                    Lang::Zh => format!(
                        "{seller_zh}公布的夜间价格：{window} 按量使用 {gpus} 便宜 {off}%；已在该时段内的用量，加上时段外 {flexible}% 的工作移入该时段。抢占式和包期费用不变。"
                    ),
                }
            }
            (Assumption::Rightsizing { from, to, per_run: true }, Lang::En) => format!(
                "Your line 1's cost, scaled by what one run of the described workload costs on {to} against {from} (each at its cheapest on-demand price, throughput at the middle of the recommendation's range)."
            ),
            (Assumption::Rightsizing { from, to, per_run: false }, Lang::En) => format!(
                "Your line 1's cost, scaled by what the described serving load costs on {to} against {from} (each fleet at its cheapest on-demand price, throughput at the middle of the recommendation's range)."
            ),
            (Assumption::Rightsizing { from, to, per_run: true }, Lang::Zh) => {
                format!("按所描述任务单次运行在 {to} 与 {from} 上的成本之比（各按最低按量价格，吞吐量取推荐区间中值），折算您第 1 条需求的费用。")
            }
            (Assumption::Rightsizing { from, to, per_run: false }, Lang::Zh) => {
                format!("按所描述推理负载在 {to} 与 {from} 上的机群成本之比（各按最低按量价格，吞吐量取推荐区间中值），折算您第 1 条需求的费用。")
            }
            (Assumption::BatchPacking { jobs, pools }, Lang::En) => format!(
                "The {jobs} batch jobs packed onto {} (each job starts at or after its earliest start and ends by its deadline), priced like any line; compared with renting each job alone for its own hours from its earliest start, with the offer's billing increment and minimum.",
                pool_list(pools, lang)
            ),
            (Assumption::BatchPacking { jobs, pools }, Lang::Zh) => format!(
                "{jobs} 个批处理作业合并到 {}（每个作业不早于最早开始、不晚于截止时间完成），按普通需求行计价；对比每个作业从最早开始单独租用其运行时长（按该报价的计费粒度与最低计费时长）。",
                pool_list(pools, lang)
            ),
            (Assumption::SharedPool { gpus, teams }, Lang::En) => format!(
                "{teams} teams' lines of {} as one pool per GPU model, sized hour by hour to their combined demand: the engine's reserved or monthly base where the offer has one, hourly on top; compared with each team renting its own as the scenario prices it. The pool's cost is split by the GPU-hours each team uses.",
                gpus.join(", ")
            ),
            (Assumption::SharedPool { gpus, teams }, Lang::Zh) => format!(
                "{teams} 个团队的 {} 需求按 GPU 型号合为一个资源池，逐小时按合并需求配置：报价有预留或包月时以其承担基线，其上按小时付费；对比各团队按场景各自租用。资源池费用按各团队使用的 GPU·时分摊。",
                gpus.join("、")
            ),
            (Assumption::Reference { label }, Lang::En) => {
                format!("Compared with your reference: {}.", labels::reference(label, lang))
            }
            (Assumption::Reference { label }, Lang::Zh) => {
                format!("对比您的参考金额：{}。", labels::reference(label, lang))
            }
        }
    }
}

/// `12 × NVIDIA A100 80GB (AWS p4de.24xlarge)`, joined: the GPUs a batch queue is packed
/// onto, and where.
pub(super) fn pool_list(pools: &[crate::savings::PoolGpus], lang: Lang) -> String {
    let sep = match lang {
        Lang::En => ", ",
        Lang::Zh => "、",
    };
    pools
        .iter()
        .map(|p| {
            let at = p.rental.as_ref().map_or(String::new(), |r| {
                let seller = match lang {
                    Lang::En => &r.seller,
                    Lang::Zh => &r.seller_zh,
                };
                format!(" ({seller} {})", r.instance)
            });
            match lang {
                Lang::En => format!("{} × {}{at}", p.gpus, p.model),
                Lang::Zh => format!("{} 张 {}{at}", p.gpus, p.model),
            }
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// `UTC+8`, `UTC-3:30`: a clock named by its offset (minutes east of UTC).
fn utc_label(minutes: i16) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let m = minutes.unsigned_abs();
    match m % 60 {
        0 => format!("UTC{sign}{}", m / 60),
        r => format!("UTC{sign}{}:{r:02}", m / 60),
    }
}
