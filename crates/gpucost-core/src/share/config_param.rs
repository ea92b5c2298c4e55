//! `cfg=`: a pasted model config in a link, beside `model=custom`.
//!
//! The value is versioned and compact, dot-separated whole numbers in groups joined by `-`:
//!
//! ```text
//! cfg=1-L.H.A.KV.HD.FF.V.CTX.T[-mla.Q.KV.NOPE.ROPE.V][-moe.E.K.S.W.D]
//! ```
//!
//! `1` is the format's version; then layers, hidden size, attention heads, KV heads, head
//! size, feed-forward width, vocabulary, context and `1`/`0` for tied embeddings; then, when
//! the model has them, latent attention (`q_lora_rank`, `kv_lora_rank`, `qk_nope_head_dim`,
//! `qk_rope_head_dim`, `v_head_dim`) and the mixture of experts (routed experts, experts per
//! token, shared experts, expert width, leading dense layers). DeepSeek-R1 is
//! `1-61.7168.128.128.56.18432.129280.163840.0-mla.1536.512.128.64.128-moe.256.8.1.2048.3`.
//!
//! Every number is checked against its limit ([`LlmConfig::out_of_range`]); a value that is
//! not this format, too long, or out of range is refused as a whole ([`CfgError`]), and the
//! link reports it by name. The unread fields of a paste are not in the link: they change no
//! number.

use crate::recommend::llm_config::{FieldLimit, LlmConfig};

/// The format version this page writes and reads.
pub const CFG_VERSION: u32 = 1;

/// Longest `cfg=` value read, bytes (the longest valid one is about 150).
pub const MAX_CFG_BYTES: usize = 256;

/// Most digits of one number (the largest limit has 8).
const MAX_DIGITS: usize = 9;

/// Why a `cfg=` value was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CfgError {
    /// Not `1-…` in the format above (or longer than [`MAX_CFG_BYTES`]).
    Shape,
    /// Written by a newer page (a version above [`CFG_VERSION`]).
    Newer,
    /// A number outside its limit.
    OutOfRange(FieldLimit),
}

/// Writes `c` as a `cfg=` value.
pub fn encode_config(c: &LlmConfig) -> String {
    let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
    let mut out = format!(
        "{CFG_VERSION}-{}",
        join(&[
            c.layers,
            c.hidden,
            c.heads,
            c.kv_heads,
            c.head_dim,
            c.intermediate,
            c.vocab,
            c.max_context,
            u32::from(c.tied_embeddings),
        ])
    );
    if let Some(m) = c.mla {
        out.push_str("-mla.");
        out.push_str(&join(&[
            m.q_lora_rank,
            m.kv_lora_rank,
            m.qk_nope_head_dim,
            m.qk_rope_head_dim,
            m.v_head_dim,
        ]));
    }
    if let Some(m) = c.moe {
        out.push_str("-moe.");
        out.push_str(&join(&[
            m.experts,
            m.experts_per_token,
            m.shared_experts,
            m.expert_intermediate,
            m.dense_layers,
        ]));
    }
    out
}

/// Exactly `N` dot-separated whole numbers of at most [`MAX_DIGITS`] digits each.
fn numbers<const N: usize>(s: &str) -> Option<[u32; N]> {
    let mut out = [0u32; N];
    let mut parts = s.split('.');
    for slot in &mut out {
        let p = parts.next()?;
        if p.is_empty() || p.len() > MAX_DIGITS || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = p.parse().ok()?;
    }
    parts.next().is_none().then_some(out)
}

/// Reads a `cfg=` value.
///
/// # Errors
/// A value not in the format, from a newer page, or with a number out of range.
pub fn decode_config(raw: &str) -> Result<LlmConfig, CfgError> {
    let raw = raw.trim();
    if raw.len() > MAX_CFG_BYTES {
        return Err(CfgError::Shape);
    }
    let mut groups = raw.split('-');
    let version = groups.next().unwrap_or("");
    match numbers::<1>(version) {
        Some([CFG_VERSION]) => {}
        Some([v]) if v > CFG_VERSION => return Err(CfgError::Newer),
        _ => return Err(CfgError::Shape),
    }
    let [layers, hidden, heads, kv_heads, head_dim, intermediate, vocab, max_context, tied] =
        groups
            .next()
            .and_then(numbers::<9>)
            .ok_or(CfgError::Shape)?;
    if tied > 1 {
        return Err(CfgError::Shape);
    }
    let mut c = LlmConfig::dense(
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        intermediate,
        vocab,
        max_context,
    );
    if tied == 1 {
        c = c.tied();
    }
    let mut rest = groups.peekable();
    if let Some(g) = rest.next_if(|g| g.starts_with("mla.")) {
        let [q, kv, nope, rope, v] = numbers::<5>(&g[4..]).ok_or(CfgError::Shape)?;
        c = c.latent(q, kv, nope, rope, v);
    }
    if let Some(g) = rest.next_if(|g| g.starts_with("moe.")) {
        let [e, k, s, w, d] = numbers::<5>(&g[4..]).ok_or(CfgError::Shape)?;
        c = c.experts(e, k, s, w, d);
    }
    if rest.next().is_some() {
        return Err(CfgError::Shape);
    }
    match c.out_of_range() {
        Some(limit) => Err(CfgError::OutOfRange(limit)),
        None => Ok(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::model_library::entry;
    use crate::recommend::KnownModel;

    #[test]
    fn deepseek_r1_reads_as_the_module_doc_writes_it() {
        let c = entry(KnownModel::DeepSeekR1).expect("library").config;
        let text = encode_config(&c);
        assert_eq!(
            text,
            "1-61.7168.128.128.56.18432.129280.163840.0-mla.1536.512.128.64.128-moe.256.8.1.2048.3"
        );
        assert_eq!(decode_config(&text), Ok(c));
    }

    #[test]
    fn every_library_config_round_trips() {
        for m in KnownModel::ALL {
            if let Some(e) = entry(m) {
                let text = encode_config(&e.config);
                assert!(text.len() < MAX_CFG_BYTES, "{m}");
                assert_eq!(decode_config(&text), Ok(e.config), "{m}");
            }
        }
    }

    #[test]
    fn garbled_values_are_refused_by_reason() {
        let ok = "1-32.4096.32.8.128.14336.128256.131072.0";
        assert!(decode_config(ok).is_ok());
        for bad in [
            "",
            "1",
            "1-",
            "0-32.4096.32.8.128.14336.128256.131072.0",
            "x-32.4096.32.8.128.14336.128256.131072.0",
            "1-32.4096.32.8.128.14336.128256.131072",
            "1-32.4096.32.8.128.14336.128256.131072.0.0",
            "1-32.4096.32.8.128.14336.128256.131072.2",
            "1-32.4096.32.8.128.14336.128256.131072.0-",
            "1-32.4096.32.8.128.14336.128256.131072.0-moe.8.2.0.14336",
            "1-32.4096.32.8.128.14336.128256.131072.0-moe.8.2.0.14336.0-mla.1.1.1.1.1",
            "1-32.4096.32.8.128.14336.128256.131072.0-foo.1",
            "1--32.4096.32.8.128.14336.128256.131072.0",
            "1-+32.4096.32.8.128.14336.128256.131072.0",
            "1-32.4096.32.8.128.14336.128256.99999999999999999999.0",
            "1-32.4096.32.8.128.14336.128256.-1.0",
            "1-32.4096.32.8.128.14336.128256.1e9.0",
        ] {
            assert_eq!(decode_config(bad), Err(CfgError::Shape), "{bad:?}");
        }
        assert_eq!(decode_config(&"1".repeat(300)), Err(CfgError::Shape));
        assert_eq!(
            decode_config("2-32.4096.32.8.128.14336.128256.131072.0"),
            Err(CfgError::Newer)
        );
        let Err(CfgError::OutOfRange(l)) =
            decode_config("1-32.4096.32.64.128.14336.128256.131072.0")
        else {
            panic!("more KV heads than heads");
        };
        assert_eq!((l.field, l.max), ("num_key_value_heads", 32));
        let Err(CfgError::OutOfRange(l)) = decode_config("1-0.4096.32.8.128.14336.128256.131072.0")
        else {
            panic!("zero layers");
        };
        assert_eq!(l.field, "num_hidden_layers");
        let Err(CfgError::OutOfRange(l)) =
            decode_config("1-32.4096.32.8.128.14336.128256.999999999.0")
        else {
            panic!("a context of a billion");
        };
        assert_eq!(l.field, "max_position_embeddings");
    }
}
