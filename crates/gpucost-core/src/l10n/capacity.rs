//! The words of a serving line's capacity taken from the recommendation model: the option a
//! load's "per GPU" field offers, its evidence, and why the model has none.

use crate::format::{self, Lang};
use crate::recommend::capacity::{NoCapacity, ServingCapacity};
use crate::recommend::numbers::num;
use crate::recommend::throughput::WorkUnit;

use super::recommend::{task_label, throughput_per_gpu};

impl ServingCapacity {
    /// The option's label: `From the recommendation: 3,140 requests/s per GPU`.
    pub fn option_text(&self, lang: Lang) -> String {
        let n = format::number(self.per_gpu, 3);
        match lang {
            Lang::En => format!("From the recommendation: {n} requests/s per GPU"),
            Lang::Zh => format!("采用推荐模型估算：每块 GPU {n} 请求/秒"),
        }
    }

    /// Where the number comes from: the model's range on this GPU (the number is its
    /// pessimistic end), the evidence, and a replica wider than one GPU.
    pub fn basis_text(&self, lang: Lang) -> String {
        let range = throughput_per_gpu(self.range, WorkUnit::Request, lang);
        let (gpu, basis) = (&self.gpu_name, self.basis.text(lang));
        let mut out = match lang {
            Lang::En => format!(
                "The pessimistic end of {range} on {gpu} for the described workload, rounded down; {basis}."
            ),
            Lang::Zh => format!(
                "所述工作负载在 {gpu} 上为{range}，取其保守端并向下取整；{basis}。"
            ),
        };
        if self.gpus_per_replica > 1 {
            let g = self.gpus_per_replica;
            out.push_str(&match lang {
                Lang::En => format!(
                    " One replica spans {g} GPUs: the fleet is counted in GPUs, so round it to whole replicas."
                ),
                Lang::Zh => format!(" 每个副本占用 {g} 块 GPU：集群按 GPU 计数，请按整副本取整。"),
            });
        }
        out
    }
}

impl NoCapacity {
    /// Why the model gives no capacity for `gpu` (its display name).
    pub fn text(&self, gpu: &str, lang: Lang) -> String {
        match (self, lang) {
            (NoCapacity::NoWorkload, Lang::En) => {
                "Describe an online-serving workload to take the capacity from the recommendation.".into()
            }
            (NoCapacity::NoWorkload, Lang::Zh) => "描述一个在线推理工作负载后，可采用推荐模型估算的单卡能力。".into(),
            (NoCapacity::InvalidWorkload, Lang::En) => {
                "The described workload has a problem (see the workload form), so it has no estimate.".into()
            }
            (NoCapacity::InvalidWorkload, Lang::Zh) => "所述工作负载有问题（见工作负载表单），无法估算。".into(),
            (NoCapacity::NotServing { task }, Lang::En) => format!(
                "The described workload ({}) is not online serving: it has no requests per second.",
                task_label(*task, lang)
            ),
            (NoCapacity::NotServing { task }, Lang::Zh) => format!(
                "所述工作负载为{}，不是在线推理：没有每秒请求数。",
                task_label(*task, lang)
            ),
            (NoCapacity::NoDatasheet, Lang::En) => {
                format!("{gpu} has no datasheet row, so the model cannot estimate it.")
            }
            (NoCapacity::NoDatasheet, Lang::Zh) => format!("{gpu} 没有规格数据，模型无法估算。"),
            (NoCapacity::NoKernelForPrecision { precision }, Lang::En) => format!(
                "Serving engines run {} weights on Ampere or newer GPUs only, not on {gpu}.",
                precision.label()
            ),
            (NoCapacity::NoKernelForPrecision { precision }, Lang::Zh) => format!(
                "推理引擎仅在 Ampere 及更新架构的 GPU 上运行 {} 权重，{gpu} 不行。",
                precision.label()
            ),
            (
                NoCapacity::DoesNotFit {
                    memory_gib,
                    need_gib,
                    max_gpus,
                },
                Lang::En,
            ) => format!(
                "The model needs {} GiB, more than {max_gpus} {gpu} of {} GB hold.",
                num(*need_gib),
                num(*memory_gib)
            ),
            (
                NoCapacity::DoesNotFit {
                    memory_gib,
                    need_gib,
                    max_gpus,
                },
                Lang::Zh,
            ) => format!(
                "模型需要 {} GiB，超过 {max_gpus} 块 {} GB 的 {gpu} 的容量。",
                num(*need_gib),
                num(*memory_gib)
            ),
            (NoCapacity::LatencyNotMet { latency_ms }, Lang::En) => format!(
                "{gpu} cannot answer a request within {latency_ms} ms even in the optimistic case, so no number of them serves this load."
            ),
            (NoCapacity::LatencyNotMet { latency_ms }, Lang::Zh) => format!(
                "即使按乐观估计，{gpu} 也无法在 {latency_ms} 毫秒内完成一个请求，多少块都无法承载该负载。"
            ),
            (NoCapacity::OutOfRange { per_gpu }, Lang::En) => format!(
                "The model's {} requests/s per GPU is outside what a load accepts.",
                num(*per_gpu)
            ),
            (NoCapacity::OutOfRange { per_gpu }, Lang::Zh) => format!(
                "模型估算的每块 GPU {} 请求/秒超出负载可接受的范围。",
                num(*per_gpu)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::{Precision, TaskKind};

    #[test]
    fn every_reason_has_both_languages() {
        let all = [
            NoCapacity::NoWorkload,
            NoCapacity::InvalidWorkload,
            NoCapacity::NotServing {
                task: TaskKind::Lora,
            },
            NoCapacity::NoDatasheet,
            NoCapacity::NoKernelForPrecision {
                precision: Precision::Fp8,
            },
            NoCapacity::DoesNotFit {
                memory_gib: 16.0,
                need_gib: 1400.0,
                max_gpus: 64,
            },
            NoCapacity::LatencyNotMet { latency_ms: 5 },
            NoCapacity::OutOfRange { per_gpu: 2e9 },
        ];
        for r in all {
            let (en, zh) = (r.text("NVIDIA T4", Lang::En), r.text("NVIDIA T4", Lang::Zh));
            assert!(en.is_ascii(), "{en}");
            assert!(!zh.is_ascii() && zh != en, "{zh}");
        }
        assert_eq!(
            NoCapacity::NotServing {
                task: TaskKind::Lora
            }
            .text("T4", Lang::En),
            "The described workload (LoRA fine-tune) is not online serving: it has no requests per second."
        );
    }
}
