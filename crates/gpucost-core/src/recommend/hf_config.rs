//! "Paste a config.json": a Hugging Face model configuration read into an [`LlmConfig`].
//!
//! The reader takes the field names of the Llama/Qwen2/Qwen3/Mistral/Mixtral/Gemma 2
//! configs, DeepSeek-V3's MLA and MoE fields, Qwen3-MoE's `num_experts`, and ChatGLM's
//! (GLM-4: `num_layers`, `multi_query_group_num`, `kv_channels`, `ffn_hidden_size`,
//! `padded_vocab_size`, `seq_length`). A multimodal config's `text_config` is read in its
//! place. Every top-level field it did not use is named in [`Pasted::unread`], so the person
//! pasting sees what the sizing ignored (sliding windows, RoPE scaling, quantization
//! settings…), and every size field it did not find and took a value for is named in
//! [`Pasted::assumed`]. A field the sizing needs and cannot find, or finds out of range, is an
//! [`ConfigError`] naming it; nothing here panics on hostile input.

use serde_json::{Map, Value};

use super::llm_config::{FieldLimit, LlmConfig, Mla, Moe};

/// Longest pasted text read, bytes (a real config.json is a few kilobytes).
pub const MAX_CONFIG_BYTES: usize = 64 * 1024;

/// What could not be read from a pasted config; worded in [`crate::l10n::model_config`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    /// Longer than [`MAX_CONFIG_BYTES`].
    TooLong,
    /// Not JSON (or nested deeper than the reader follows), at this line and column.
    NotJson {
        /// Line of the first problem, from 1.
        line: usize,
        /// Column of the first problem, from 1.
        column: usize,
    },
    /// JSON, but not an object of fields.
    NotAnObject,
    /// A field the sizing needs is missing (the name it is usually given).
    Missing(&'static str),
    /// A field is not a whole number from 0 to 4,294,967,295.
    NotWholeNumber(String),
    /// A field is a whole number outside the range the sizing accepts.
    OutOfRange(FieldLimit),
}

/// A size field the config did not have, and the value the sizing took for it instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assumed {
    /// No `tie_word_embeddings`: the output head is a matrix of its own (untied), as the
    /// Llama, Qwen2 and DeepSeek configs default to. Tied, the model has one vocab × hidden
    /// matrix fewer.
    UntiedEmbeddings,
    /// No `intermediate_size` (nor `ffn_hidden_size`): four times the hidden size.
    FfnFourTimesHidden,
}

impl Assumed {
    /// The field's name in a config.json.
    pub fn field(self) -> &'static str {
        match self {
            Assumed::UntiedEmbeddings => "tie_word_embeddings",
            Assumed::FfnFourTimesHidden => "intermediate_size",
        }
    }
}

/// A pasted config, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Pasted {
    /// The numbers the sizing uses.
    pub config: LlmConfig,
    /// Top-level fields the sizing did not read, in the order pasted (sorted by serde_json).
    pub unread: Vec<String>,
    /// Size fields the config did not have, with the value taken for each.
    pub assumed: Vec<Assumed>,
}

/// Fields that say nothing about size (names, token ids, training settings): not listed as
/// unread, since ignoring them changes no number.
const IRRELEVANT: &[&str] = &[
    "_name_or_path",
    "architectures",
    "auto_map",
    "bos_token_id",
    "eos_token_id",
    "pad_token_id",
    "model_type",
    "transformers_version",
    "torch_dtype",
    "use_cache",
    "initializer_range",
    "attention_dropout",
    "hidden_dropout",
    "rms_norm_eps",
    "layernorm_epsilon",
    "hidden_act",
];

/// What a textarea holds, read: nothing when it is blank, else [`parse`]'s answer.
pub fn parse_paste(text: &str) -> Option<Result<Pasted, ConfigError>> {
    (!text.trim().is_empty()).then(|| parse(text))
}

/// Reads a config.json.
///
/// # Errors
/// Text that is too long, not a JSON object, or lacks a field the sizing needs.
pub fn parse(text: &str) -> Result<Pasted, ConfigError> {
    if text.len() > MAX_CONFIG_BYTES {
        return Err(ConfigError::TooLong);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| ConfigError::NotJson {
        line: e.line(),
        column: e.column(),
    })?;
    let Value::Object(top) = value else {
        return Err(ConfigError::NotAnObject);
    };
    let mut r = Reader {
        map: match top.get("text_config") {
            Some(Value::Object(t)) => t.clone(),
            _ => top.clone(),
        },
        used: vec!["text_config".to_string()],
    };
    let layers = r.need(&["num_hidden_layers", "num_layers"], "num_hidden_layers")?;
    let hidden = r.need(&["hidden_size", "d_model"], "hidden_size")?;
    let heads = r.need(&["num_attention_heads"], "num_attention_heads")?;
    let kv_heads = r
        .get(&["num_key_value_heads", "multi_query_group_num"])?
        .unwrap_or(heads);
    // Zero heads is refused below, by name; here it must not divide.
    let head_dim = match r.get(&["head_dim", "kv_channels"])? {
        Some(d) => d,
        None => hidden.checked_div(heads).unwrap_or(0),
    };
    let mut assumed = Vec::new();
    let intermediate = match r.get(&["intermediate_size", "ffn_hidden_size"])? {
        Some(i) => i,
        None => {
            assumed.push(Assumed::FfnFourTimesHidden);
            hidden.saturating_mul(4)
        }
    };
    let vocab = r.need(&["vocab_size", "padded_vocab_size"], "vocab_size")?;
    let max_context = r.need(
        &["max_position_embeddings", "seq_length"],
        "max_position_embeddings",
    )?;
    let tied_embeddings = r.flag("tie_word_embeddings").unwrap_or_else(|| {
        assumed.push(Assumed::UntiedEmbeddings);
        false
    });
    let mla = match r.get(&["kv_lora_rank"])? {
        Some(kv_lora_rank) => Some(Mla {
            q_lora_rank: r.get(&["q_lora_rank"])?.unwrap_or(0),
            kv_lora_rank,
            qk_nope_head_dim: r.need(&["qk_nope_head_dim"], "qk_nope_head_dim")?,
            qk_rope_head_dim: r.need(&["qk_rope_head_dim"], "qk_rope_head_dim")?,
            v_head_dim: r.need(&["v_head_dim"], "v_head_dim")?,
        }),
        None => None,
    };
    // A dense config may say `"num_experts": 0` (or null): no mixture.
    let experts = r
        .get(&["n_routed_experts", "num_experts", "num_local_experts"])?
        .filter(|&n| n > 0);
    let moe = match experts {
        Some(experts) => Some(Moe {
            experts,
            experts_per_token: r.need(&["num_experts_per_tok"], "num_experts_per_tok")?,
            shared_experts: r.get(&["n_shared_experts"])?.unwrap_or(0),
            expert_intermediate: r.get(&["moe_intermediate_size"])?.unwrap_or(intermediate),
            dense_layers: r.get(&["first_k_dense_replace"])?.unwrap_or(0),
        }),
        None => None,
    };
    let config = LlmConfig {
        tied_embeddings,
        mla,
        moe,
        ..LlmConfig::dense(
            layers,
            hidden,
            heads,
            kv_heads.min(heads),
            head_dim,
            intermediate,
            vocab,
            max_context,
        )
    };
    if let Some(limit) = config.out_of_range() {
        return Err(ConfigError::OutOfRange(limit));
    }
    let not_read =
        |k: &&String| !r.used.iter().any(|u| u == *k) && !IRRELEVANT.contains(&k.as_str());
    let mut unread: Vec<String> = top.keys().filter(not_read).cloned().collect();
    // A multimodal config's text model: what it has and the sizing did not read, by path.
    if let Some(Value::Object(t)) = top.get("text_config") {
        unread.extend(
            t.keys()
                .filter(not_read)
                .map(|k| format!("text_config.{k}")),
        );
    }
    Ok(Pasted {
        config,
        unread,
        assumed,
    })
}

/// Reads fields and remembers which were read.
struct Reader {
    map: Map<String, Value>,
    used: Vec<String>,
}

impl Reader {
    /// The first of `names` present and not null, as a whole number (its range is checked
    /// once the config is complete, [`LlmConfig::out_of_range`]).
    fn get(&mut self, names: &[&str]) -> Result<Option<u32>, ConfigError> {
        for name in names {
            if let Some(v) = self.map.get(*name) {
                self.used.push((*name).to_string());
                if v.is_null() {
                    continue;
                }
                return match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
                    Some(n) => Ok(Some(n)),
                    None => Err(ConfigError::NotWholeNumber((*name).to_string())),
                };
            }
        }
        Ok(None)
    }

    /// A field the sizing cannot do without; `label` names it in the error.
    fn need(&mut self, names: &[&str], label: &'static str) -> Result<u32, ConfigError> {
        self.get(names)?.ok_or(ConfigError::Missing(label))
    }

    /// A boolean field; `None` when absent, null or not a boolean.
    fn flag(&mut self, name: &str) -> Option<bool> {
        self.used.push(name.to_string());
        self.map.get(name).and_then(Value::as_bool)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_text_is_refused_by_name_without_panicking() {
        assert_eq!(parse("[1, 2]"), Err(ConfigError::NotAnObject));
        assert!(matches!(
            parse("{"),
            Err(ConfigError::NotJson { line: 1, .. })
        ));
        assert_eq!(parse("{}"), Err(ConfigError::Missing("num_hidden_layers")));
        let huge = r#"{"num_hidden_layers": 1e300, "hidden_size": 4096}"#;
        assert_eq!(
            parse(huge),
            Err(ConfigError::NotWholeNumber("num_hidden_layers".into()))
        );
        let negative = r#"{"num_hidden_layers": 2, "hidden_size": -1}"#;
        assert_eq!(
            parse(negative),
            Err(ConfigError::NotWholeNumber("hidden_size".into()))
        );
        assert_eq!(
            parse(&" ".repeat(MAX_CONFIG_BYTES + 1)),
            Err(ConfigError::TooLong)
        );
        // Deeper than serde_json's recursion limit (128): an error, not a stack overflow.
        let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
        assert!(matches!(parse(&deep), Err(ConfigError::NotJson { .. })));
        let zero_heads = r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 0, "vocab_size": 10, "max_position_embeddings": 10}"#;
        assert!(matches!(
            parse(zero_heads),
            Err(ConfigError::OutOfRange(l)) if l.field == "num_attention_heads"
        ));
    }

    #[test]
    fn a_multimodal_configs_text_model_is_read_and_its_unread_fields_named_by_path() {
        let text = r#"{"vision_config": {"hidden_size": 1152}, "text_config": {
            "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
            "vocab_size": 100, "max_position_embeddings": 512, "sliding_window": 4096}}"#;
        let p = parse(text).expect("reads");
        assert_eq!(p.config.layers, 2);
        assert_eq!(
            p.unread,
            vec!["vision_config", "text_config.sliding_window"]
        );
    }

    #[test]
    fn size_fields_the_config_lacks_are_named_with_the_value_taken() {
        let bare = r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
            "vocab_size": 100, "max_position_embeddings": 512}"#;
        let p = parse(bare).expect("reads");
        assert_eq!(
            p.assumed,
            vec![Assumed::FfnFourTimesHidden, Assumed::UntiedEmbeddings]
        );
        assert_eq!(
            (p.config.intermediate, p.config.tied_embeddings),
            (256, false)
        );
        let full = r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
            "vocab_size": 100, "max_position_embeddings": 512, "intermediate_size": 128,
            "tie_word_embeddings": true}"#;
        let p = parse(full).expect("reads");
        assert!(p.assumed.is_empty(), "{:?}", p.assumed);
        assert!(p.config.tied_embeddings);
    }
}
