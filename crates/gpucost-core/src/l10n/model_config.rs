//! The words of "paste a config.json": why a pasted config could not be read, what was read
//! from it, and which of its fields the sizing did not read. The page's note under the
//! textarea, the command line's `--model-config` note and the recommendation's assumption
//! are all these sentences.

use crate::format::Lang;
use crate::l10n::Localize;
use crate::recommend::hf_config::{Assumed, ConfigError, Pasted, MAX_CONFIG_BYTES};
use crate::recommend::llm_config::{FieldLimit, LlmConfig};
use crate::recommend::numbers::count;
use crate::recommend::workload::{short_count, ModelChoice};
use crate::share::config_param::{CfgError, CFG_VERSION};

/// Most unread field names a note lists (a config has a few dozen fields at most; a hostile
/// paste could have thousands).
const MAX_NAMED: usize = 40;

/// Longest field name a note repeats, in characters.
const MAX_NAME_CHARS: usize = 64;

impl Localize for FieldLimit {
    fn text(&self, lang: Lang) -> String {
        let FieldLimit { field, min, max } = *self;
        match lang {
            Lang::En => format!(
                "{field} must be a whole number from {} to {}",
                count(u64::from(min)),
                count(u64::from(max))
            ),
            Lang::Zh => format!(
                "{field} 须为 {} 到 {} 之间的整数",
                count(u64::from(min)),
                count(u64::from(max))
            ),
        }
    }
}

impl Localize for ConfigError {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (ConfigError::TooLong, Lang::En) => format!(
                "The config is longer than {} KiB; paste the config.json only.",
                MAX_CONFIG_BYTES / 1024
            ),
            (ConfigError::TooLong, Lang::Zh) => format!(
                "配置超过 {} KiB；请只粘贴 config.json。",
                MAX_CONFIG_BYTES / 1024
            ),
            (ConfigError::NotJson { line, column }, Lang::En) => {
                format!("Not JSON (line {line}, column {column}).")
            }
            (ConfigError::NotJson { line, column }, Lang::Zh) => {
                format!("不是 JSON（第 {line} 行第 {column} 列）。")
            }
            (ConfigError::NotAnObject, Lang::En) => {
                "Not a config.json: the text is not a JSON object of fields.".into()
            }
            (ConfigError::NotAnObject, Lang::Zh) => {
                "不是 config.json：文本不是由字段组成的 JSON 对象。".into()
            }
            (ConfigError::Missing(field), Lang::En) => {
                format!("The config has no {field}, which the sizing needs.")
            }
            (ConfigError::Missing(field), Lang::Zh) => {
                format!("配置缺少估算所需的 {field}。")
            }
            (ConfigError::NotWholeNumber(field), Lang::En) => {
                format!("{} is not a whole number.", name(field))
            }
            (ConfigError::NotWholeNumber(field), Lang::Zh) => {
                format!("{} 不是整数。", name(field))
            }
            (ConfigError::OutOfRange(limit), _) => format!(
                "{}{}",
                limit.text(lang),
                if lang == Lang::En { "." } else { "。" }
            ),
        }
    }
}

/// What a refused `cfg=` value should have been, for the link's notice.
pub fn cfg_expected(e: CfgError, lang: Lang) -> String {
    match (e, lang) {
        (CfgError::Shape, Lang::En) => {
            "a model config as the page writes it: 1-layers.hidden.heads.kv.head.ffn.vocab.context.tied, then -mla.… and -moe.… groups".into()
        }
        (CfgError::Shape, Lang::Zh) => {
            "页面写出的模型配置格式：1-层数.隐藏维度.注意力头.KV头.头维度.FFN.词表.上下文.共享嵌入，其后可有 -mla.… 与 -moe.… 组".into()
        }
        (CfgError::Newer, Lang::En) => format!(
            "a model config of format {CFG_VERSION} (this one is from a newer version of the page)"
        ),
        (CfgError::Newer, Lang::Zh) => {
            format!("格式 {CFG_VERSION} 的模型配置（此值来自更新版本的页面）")
        }
        (CfgError::OutOfRange(limit), Lang::En) => {
            format!("a model config where {}", limit.text(lang))
        }
        (CfgError::OutOfRange(limit), Lang::Zh) => {
            format!("模型配置中 {}", limit.text(lang))
        }
    }
}

/// A field name from the pasted text, cut to [`MAX_NAME_CHARS`].
fn name(field: &str) -> String {
    let mut out: String = field.chars().take(MAX_NAME_CHARS).collect();
    if field.chars().count() > MAX_NAME_CHARS {
        out.push('…');
    }
    out
}

/// The config's numbers in one clause: `61 layers, hidden size 7,168, 128 attention heads,
/// 128 KV heads of 56 (MLA, latent 512 + 64), FFN 18,432, vocabulary 129,280, context
/// 163,840; MoE: 256 experts, 8 per token, 1 shared, 2,048 wide, 3 dense layers; 671B
/// parameters, 37B active`.
pub fn config_summary(c: &LlmConfig, lang: Lang) -> String {
    let n = |v: u32| count(u64::from(v));
    let (total, active) = c.params();
    let en = lang == Lang::En;
    let mut out = if en {
        format!(
            "{} layers, hidden size {}, {} attention heads, {} KV heads of {}",
            n(c.layers),
            n(c.hidden),
            n(c.heads),
            n(c.kv_heads),
            n(c.head_dim)
        )
    } else {
        format!(
            "{} 层，隐藏维度 {}，{} 个注意力头，{} 个 KV 头（每头 {}）",
            n(c.layers),
            n(c.hidden),
            n(c.heads),
            n(c.kv_heads),
            n(c.head_dim)
        )
    };
    if let Some(m) = c.mla {
        out.push_str(&if en {
            format!(
                " (MLA, latent {} + {})",
                n(m.kv_lora_rank),
                n(m.qk_rope_head_dim)
            )
        } else {
            format!(
                "（MLA，潜向量 {} + {}）",
                n(m.kv_lora_rank),
                n(m.qk_rope_head_dim)
            )
        });
    }
    out.push_str(&if en {
        format!(
            ", FFN {}, vocabulary {}, context {}",
            n(c.intermediate),
            n(c.vocab),
            n(c.max_context)
        )
    } else {
        format!(
            "，FFN {}，词表 {}，上下文 {}",
            n(c.intermediate),
            n(c.vocab),
            n(c.max_context)
        )
    });
    if c.tied_embeddings {
        out.push_str(if en {
            ", tied embeddings"
        } else {
            "，输入输出嵌入共享"
        });
    }
    if let Some(m) = c.moe {
        out.push_str(&if en {
            format!(
                "; MoE: {} experts, {} per token, {} shared, {} wide, {} dense layers",
                n(m.experts),
                n(m.experts_per_token),
                n(m.shared_experts),
                n(m.expert_intermediate),
                n(m.dense_layers)
            )
        } else {
            format!(
                "；MoE：{} 个专家，每 token {} 个，共享 {} 个，宽 {}，{} 个稠密层",
                n(m.experts),
                n(m.experts_per_token),
                n(m.shared_experts),
                n(m.expert_intermediate),
                n(m.dense_layers)
            )
        });
        out.push_str(&if en {
            format!(
                "; {} parameters, {} active",
                short_count(total),
                short_count(active)
            )
        } else {
            format!(
                "；参数 {}，激活 {}",
                short_count(total),
                short_count(active)
            )
        });
    } else {
        out.push_str(&if en {
            format!("; {} parameters", short_count(total))
        } else {
            format!("；参数 {}", short_count(total))
        });
    }
    out
}

/// The note under the textarea (and the command line's): what was read and what was not, or
/// why nothing was.
pub fn pasted_note(result: &Result<Pasted, ConfigError>, lang: Lang) -> String {
    match result {
        Ok(p) => read_note(p, lang),
        Err(e) => e.text(lang),
    }
}

/// What a readable paste gave, and every field it did not read.
fn read_note(p: &Pasted, lang: Lang) -> String {
    let read = config_summary(&p.config, lang);
    let mut names: Vec<String> = p.unread.iter().take(MAX_NAMED).map(|f| name(f)).collect();
    if p.unread.len() > MAX_NAMED {
        names.push(match lang {
            Lang::En => format!("and {} more", p.unread.len() - MAX_NAMED),
            Lang::Zh => format!("另有 {} 个", p.unread.len() - MAX_NAMED),
        });
    }
    let taken: Vec<String> = p.assumed.iter().map(|a| a.text(lang)).collect();
    let mut note = match lang {
        Lang::En => format!("Read: {read}."),
        Lang::Zh => format!("已读取：{read}。"),
    };
    if names.is_empty() && taken.is_empty() {
        note.push_str(match lang {
            Lang::En => " Every field that sets a size was read.",
            Lang::Zh => "所有决定规模的字段均已读取。",
        });
    }
    if !names.is_empty() {
        note.push_str(&match lang {
            Lang::En => format!(" Not read (the sizing ignores them): {}.", names.join(", ")),
            Lang::Zh => format!("未读取（估算不使用）：{}。", names.join("、")),
        });
    }
    if !taken.is_empty() {
        note.push_str(&match lang {
            Lang::En => format!(" Not in the file, so assumed: {}.", taken.join("; ")),
            Lang::Zh => format!("文件中没有，按假设：{}。", taken.join("；")),
        });
    }
    note
}

impl Localize for Assumed {
    fn text(&self, lang: Lang) -> String {
        let field = self.field();
        match (self, lang) {
            (Assumed::UntiedEmbeddings, Lang::En) => {
                format!("{field} false (the output head is a matrix of its own)")
            }
            (Assumed::UntiedEmbeddings, Lang::Zh) => {
                format!("{field} 为 false（输出头是单独的一个矩阵）")
            }
            (Assumed::FfnFourTimesHidden, Lang::En) => format!("{field} 4 times the hidden size"),
            (Assumed::FfnFourTimesHidden, Lang::Zh) => format!("{field} 为隐藏维度的 4 倍"),
        }
    }
}

/// The note for a config that came with the link rather than pasted here: its numbers, and
/// that the fields it did not read were named when it was pasted.
pub fn linked_note(c: &LlmConfig, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "From the link: a pasted config.json with {}. Paste the file again to see which of its fields were not read.",
            config_summary(c, lang)
        ),
        Lang::Zh => format!(
            "来自链接：粘贴的 config.json，{}。再次粘贴该文件可查看哪些字段未读取。",
            config_summary(c, lang)
        ),
    }
}

/// The form's note under the textarea: the paste's note when something is pasted (marked not in
/// use when another model has been chosen since), else the link's config when the model is
/// one, else nothing.
pub fn form_note(
    pasted: Option<&Result<Pasted, ConfigError>>,
    model: Option<ModelChoice>,
    lang: Lang,
) -> String {
    match (pasted, model) {
        // Another model was chosen after the paste: the text stays, but it is not what is sized.
        (Some(Ok(p)), Some(m)) if m != ModelChoice::Config(p.config) => {
            let note = read_note(p, lang);
            match lang {
                Lang::En => format!("Not in use: the model chosen above is sized. Edit the text to use it again. ({note})"),
                Lang::Zh => format!("未使用：当前估算的是上方选择的模型。修改文本即可重新使用。（{note}）"),
            }
        }
        (Some(p), _) => pasted_note(p, lang),
        (None, Some(ModelChoice::Config(c))) => linked_note(&c, lang),
        (None, _) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::hf_config::parse;

    #[test]
    fn every_problem_and_note_reads_in_both_languages() {
        let limit = FieldLimit {
            field: "num_key_value_heads",
            min: 1,
            max: 64,
        };
        let errors = [
            ConfigError::TooLong,
            ConfigError::NotJson { line: 1, column: 2 },
            ConfigError::NotAnObject,
            ConfigError::Missing("vocab_size"),
            ConfigError::NotWholeNumber("hidden_size".into()),
            ConfigError::OutOfRange(limit),
        ];
        for e in errors {
            let (en, zh) = (e.text(Lang::En), e.text(Lang::Zh));
            assert!(en.is_ascii(), "{en}");
            assert!(!zh.is_ascii(), "{zh}");
        }
        let pasted = parse(
            r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
            "vocab_size": 100, "max_position_embeddings": 512, "rope_scaling": null}"#,
        );
        let en = pasted_note(&pasted, Lang::En);
        assert!(
            en.contains("Not read (the sizing ignores them): rope_scaling."),
            "{en}"
        );
        let zh = pasted_note(&pasted, Lang::Zh);
        assert!(zh.contains("未读取（估算不使用）：rope_scaling。"), "{zh}");
        // Neither tie_word_embeddings nor intermediate_size is in it: both are named.
        assert!(
            en.ends_with("Not in the file, so assumed: intermediate_size 4 times the hidden size; tie_word_embeddings false (the output head is a matrix of its own)."),
            "{en}"
        );
        assert!(zh.contains("文件中没有，按假设：intermediate_size 为隐藏维度的 4 倍；tie_word_embeddings 为 false"), "{zh}");
        let c = pasted.as_ref().expect("reads").config;
        let a = crate::recommend::Assumption::PastedConfig { config: c };
        assert!(a.text(Lang::En).is_ascii(), "{}", a.text(Lang::En));
        assert!(!a.text(Lang::Zh).is_ascii());
        assert!(linked_note(&c, Lang::En).starts_with("From the link"));
        assert!(linked_note(&c, Lang::Zh).starts_with("来自链接"));
        let config = Some(ModelChoice::Config(c));
        assert_eq!(form_note(None, config, Lang::En), linked_note(&c, Lang::En));
        assert_eq!(form_note(None, None, Lang::En), "");
        let other = Some(ModelChoice::Known(crate::recommend::KnownModel::Llama3_8b));
        let switched = form_note(Some(&pasted), other, Lang::En);
        assert!(switched.starts_with("Not in use"), "{switched}");
        assert!(switched.contains("rope_scaling"), "{switched}");
        assert!(form_note(Some(&pasted), other, Lang::Zh).starts_with("未使用"));
        assert!(form_note(Some(&pasted), config, Lang::En).starts_with("Read:"));
        let blank = crate::recommend::hf_config::parse_paste("  \n");
        assert_eq!(
            form_note(blank.as_ref(), config, Lang::Zh),
            linked_note(&c, Lang::Zh)
        );
    }

    #[test]
    fn a_paste_with_thousands_of_odd_field_names_gives_a_short_note() {
        let mut text = String::from(
            r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100, "max_position_embeddings": 512"#,
        );
        for i in 0..500 {
            text.push_str(&format!(r#", "{}{i}": 1"#, "x".repeat(100)));
        }
        text.push('}');
        let note = pasted_note(&parse(&text), Lang::En);
        assert!(
            note.contains("and 460 more"),
            "{}",
            &note[note.len() - 40..]
        );
        assert!(note.len() < 4000, "{}", note.len());
    }
}
