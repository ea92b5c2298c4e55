//! The batch queue's words: the packed pools and each job's place in the schedule
//! ([`BatchView`]), for every printer and the page.

use crate::format::{self, Lang};
use crate::view::batch::{BatchView, JobRow, PoolView};

impl BatchView {
    /// `Batch queue: 5 jobs packed onto 1 × NVIDIA GeForce RTX 4090, ¥73.46 against ¥79.68
    /// with one rental per job.`
    pub fn text(&self, lang: Lang) -> String {
        let pools = self
            .pools
            .iter()
            .map(|p| match lang {
                Lang::En => format!("{} × {}", p.size, p.gpu),
                Lang::Zh => format!("{} 张 {}", p.size, p.gpu),
            })
            .collect::<Vec<_>>()
            .join(match lang {
                Lang::En => ", ",
                Lang::Zh => "、",
            });
        let n = self.jobs;
        let head = match lang {
            Lang::En => format!("Batch queue: {n} jobs packed onto {pools}"),
            Lang::Zh => format!("批处理队列：{n} 个作业合并到 {pools}"),
        };
        match (self.packed, self.alone, lang) {
            (Some(packed), Some(alone), Lang::En) => format!(
                "{head}, {} against {} with one rental per job.",
                format::money(packed),
                format::money(alone)
            ),
            (Some(packed), Some(alone), Lang::Zh) => format!(
                "{head}，共 {}，每个作业单独租用则为 {}。",
                format::money(packed),
                format::money(alone)
            ),
            (_, _, Lang::En) => format!("{head}; no provider rents every job's GPU."),
            (_, _, Lang::Zh) => format!("{head}；没有服务商能租到每个作业所需的 GPU。"),
        }
    }
}

impl PoolView {
    /// `12 × NVIDIA A100 80GB at AWS: p4de.24xlarge, 2 machines at the peak, $1,234.00`.
    pub fn text(&self, lang: Lang) -> String {
        let Some(r) = &self.rental else {
            return match lang {
                Lang::En => format!("{} × {}", self.size, self.gpu),
                Lang::Zh => format!("{} 张 {}", self.size, self.gpu),
            };
        };
        let money = format::money(r.subtotal);
        let (n, gpu, instance, m) = (self.size, &self.gpu, &r.instance, r.machines);
        match lang {
            Lang::En => format!(
                "{n} × {gpu} at {}: {instance}, {m} machine{} at the peak, {money}",
                r.seller,
                if m == 1 { "" } else { "s" }
            ),
            Lang::Zh => format!(
                "{n} 张 {gpu}，租于{}：{instance}，峰值 {m} 台，{money}",
                r.seller_zh
            ),
        }
    }
}

impl JobRow {
    /// `Job 1: 8 GPUs (GPUs 1–8), hours 0–12 (earliest 0, due 48)`.
    pub fn text(&self, lang: Lang) -> String {
        let on = self.gpu_numbers();
        let (start, end) = (
            format::number(self.start_hour, 2),
            format::number(self.end_hour, 2),
        );
        let (n, g, from, due) = (self.job, self.gpus, self.from_hour, self.due_hour);
        match lang {
            Lang::En => format!(
                "Job {n}: {g} GPU{} (GPU {on}), hours {start}–{end} (earliest {from}, due {due})",
                if g == 1 { "" } else { "s" }
            ),
            Lang::Zh => format!(
                "作业 {n}：{g} 张 GPU（GPU {on}），第 {start}–{end} 小时（最早 {from}，截止 {due}）"
            ),
        }
    }

    /// `1–8, 11`: the pool's GPUs it runs on.
    pub fn gpu_numbers(&self) -> String {
        self.on
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}–{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}
