//! The batched text-generation model: how many requests per second one replica serves.
//!
//! A decode step reads every weight once plus the KV cache of every sequence in the batch,
//! and computes 2·N FLOPs per sequence; it takes whichever is slower at the achieved
//! bandwidth and compute. A prompt costs 2·N FLOPs per token. The batch is the largest whose
//! KV cache fits beside the weights and whose requests still finish within the latency
//! bound, so batching shares each read of the weights among more requests.
//!
//! A mixture of experts computes 2·N_active FLOPs per token, and a step reads only the
//! experts its tokens picked: with a share `a` of the weights active per token, a batch of
//! `b` tokens reads `1 − (1 − a)^b` of them (each expert picked independently, the
//! uniform-routing assumption of expert-parallel planning), so batch 1 reads the active
//! share and a large batch reads every expert.

use super::throughput::MAX_BATCH;

/// Inputs of the decode model for one replica, in bytes, bytes/s and FLOP/s.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Decode {
    pub(crate) n: f64,
    /// Share of the weights one token uses (1 for a dense model).
    pub(crate) active_share: f64,
    pub(crate) weights: f64,
    pub(crate) kv_per_token: f64,
    pub(crate) s_in: f64,
    pub(crate) s_out: f64,
    pub(crate) free_per_gpu: f64,
    pub(crate) overhead_share: f64,
    pub(crate) bandwidth: f64,
    pub(crate) flops: f64,
    pub(crate) e_bw: f64,
    pub(crate) e_c: f64,
    pub(crate) tp: f64,
    pub(crate) g: f64,
    /// Most sequences the serving engine runs at once, when the user set it.
    pub(crate) batch_cap: Option<u32>,
}

/// One replica at its chosen batch.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Perf {
    pub(crate) batch: u32,
    pub(crate) requests_per_s: f64,
    pub(crate) latency_s: f64,
    pub(crate) latency_met: bool,
    pub(crate) gain: f64,
}

impl Decode {
    fn max_batch(&self) -> u32 {
        let room = self.g * self.free_per_gpu - self.weights * (1.0 + self.overhead_share);
        let per_seq = self.kv_per_token * (self.s_in + self.s_out);
        let b = (room / per_seq).floor();
        if b.is_finite() && b >= 1.0 {
            (b as u32).min(MAX_BATCH)
        } else {
            0
        }
    }

    /// Bytes of weights a pass over `tokens` tokens reads.
    fn weights_read(&self, tokens: f64) -> f64 {
        let a = self.active_share.clamp(0.0, 1.0);
        if a >= 1.0 {
            self.weights
        } else {
            self.weights * (1.0 - (1.0 - a).powf(tokens.max(1.0)))
        }
    }

    fn step(&self, b: f64) -> f64 {
        let bw = self.g * self.bandwidth * self.e_bw * self.tp;
        let fl = self.g * self.flops * self.e_c * self.tp;
        let read =
            (self.weights_read(b) + b * self.kv_per_token * (self.s_in + self.s_out / 2.0)) / bw;
        read.max(b * 2.0 * self.n / fl)
    }

    fn prefill(&self) -> f64 {
        let bw = self.g * self.bandwidth * self.e_bw * self.tp;
        let fl = self.g * self.flops * self.e_c * self.tp;
        (self.s_in * 2.0 * self.n / fl).max(self.weights_read(self.s_in) / bw)
    }

    fn latency(&self, b: u32) -> f64 {
        self.prefill() + self.s_out * self.step(f64::from(b))
    }

    fn throughput(&self, b: u32) -> f64 {
        1.0 / (self.prefill() + self.s_out * self.step(f64::from(b)) / f64::from(b))
    }

    /// The largest batch that fits and meets `bound_s`; batch 1 when nothing meets it.
    pub(crate) fn best(&self, bound_s: Option<f64>) -> Option<Perf> {
        let max = self.max_batch().min(self.batch_cap.unwrap_or(MAX_BATCH));
        if max == 0 {
            return None;
        }
        let b = match bound_s {
            None => max,
            Some(bound) => {
                let (mut lo, mut hi) = (1u32, max);
                if self.latency(1) > bound {
                    1
                } else {
                    while lo < hi {
                        let mid = (lo + hi).div_ceil(2);
                        if self.latency(mid) <= bound {
                            lo = mid;
                        } else {
                            hi = mid - 1;
                        }
                    }
                    lo
                }
            }
        };
        let latency_s = self.latency(b);
        Some(Perf {
            batch: b,
            requests_per_s: self.throughput(b),
            latency_s,
            latency_met: bound_s.is_none_or(|bound| latency_s <= bound),
            gain: self.throughput(b) / self.throughput(1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::memory::GIB;

    fn llama_8b_on_a100(bound: Option<f64>) -> Perf {
        let d = Decode {
            n: 8.03e9,
            active_share: 1.0,
            weights: 16.06e9,
            kv_per_token: 131_072.0,
            s_in: 512.0,
            s_out: 256.0,
            free_per_gpu: 78.0 * GIB,
            overhead_share: 0.05,
            bandwidth: 2039e9,
            flops: 312e12,
            e_bw: 0.6,
            e_c: 0.4,
            tp: 1.0,
            g: 1.0,
            batch_cap: None,
        };
        d.best(bound).unwrap()
    }

    #[test]
    fn batching_multiplies_decode_throughput() {
        let batch = llama_8b_on_a100(None);
        // Batch 1 reads 16 GB of weights per token: 2039 × 0.6 / 16.06 ≈ 76 tokens/s.
        assert!(batch.batch > 100, "{batch:?}");
        assert!(batch.gain > 10.0, "{batch:?}");
    }

    #[test]
    fn a_tight_latency_bound_limits_the_batch() {
        let loose = llama_8b_on_a100(Some(60.0));
        let tight = llama_8b_on_a100(Some(4.0));
        assert!(tight.batch < loose.batch, "{tight:?} vs {loose:?}");
        assert!(tight.latency_met && tight.latency_s <= 4.0);
        let impossible = llama_8b_on_a100(Some(0.5));
        assert_eq!(impossible.batch, 1);
        assert!(!impossible.latency_met);
    }
}
