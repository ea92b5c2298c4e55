//! How a serving replica is split over GPUs and machines: tensor × pipeline parallel, with
//! a mixture of experts' experts spread over every GPU of the replica.
//!
//! Tensor parallelism exchanges activations twice per layer, so it stays inside one machine
//! (NVLink or PCIe); a replica larger than a machine adds pipeline stages across machines,
//! which exchange one activation per stage boundary over the network. Expert parallelism
//! (DeepSeek-V3's and Qwen3's MoE serving in SGLang and vLLM) puts different experts on
//! different GPUs, so the whole replica shares one copy of the experts. This module only
//! names the split; the speed model charges its cost ([`INTER_MACHINE_EFFICIENCY`]).

use super::range::LowHigh;

/// GPUs in one machine of the catalog's largest instances (8-GPU servers).
pub const GPUS_PER_MACHINE: u32 = 8;

/// Most GPUs one serving replica may span: eight 8-GPU machines (DeepSeek-V3's prefill
/// deployment used 4 machines of 8 H800 and its decode deployment 18 machines; 64 covers
/// 671B parameters in 16 bits on 80 GB GPUs).
pub const MAX_SERVING_GPUS: u32 = 64;

/// Share of the aggregate bandwidth and compute a replica keeps when it spans machines:
/// pipeline bubbles and the network hop between stages (an assumption of this model; no
/// stored measurement pins it).
pub const INTER_MACHINE_EFFICIENCY: LowHigh<f64> = LowHigh {
    low: 0.6,
    high: 0.85,
};

/// The split of one replica.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parallelism {
    /// GPUs in the replica.
    pub gpus: u32,
    /// Tensor-parallel degree (within a machine).
    pub tensor: u32,
    /// Pipeline stages (one per machine beyond the first).
    pub pipeline: u32,
    /// Expert-parallel degree, for a mixture of experts: every GPU of the replica.
    pub expert: Option<u32>,
}

impl Parallelism {
    /// The split of `gpus` GPUs, machines of [`GPUS_PER_MACHINE`], experts when `moe`.
    pub fn of(gpus: u32, moe: bool) -> Parallelism {
        let gpus = gpus.max(1);
        let tensor = gpus.min(GPUS_PER_MACHINE);
        Parallelism {
            gpus,
            tensor,
            pipeline: gpus.div_ceil(tensor),
            expert: moe.then_some(gpus),
        }
    }

    /// Machines the replica spans.
    pub fn machines(&self) -> u32 {
        self.pipeline
    }

    /// Whether the replica spans machines.
    pub fn spans_machines(&self) -> bool {
        self.pipeline > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_16_gpu_replica_is_tensor_8_by_pipeline_2() {
        let p = Parallelism::of(16, true);
        assert_eq!((p.tensor, p.pipeline, p.expert), (8, 2, Some(16)));
        assert!(p.spans_machines());
        let one = Parallelism::of(4, false);
        assert_eq!((one.tensor, one.pipeline, one.expert), (4, 1, None));
        assert!(!one.spans_machines());
    }
}
