//! The form's words: every label, unit and message comes from the interface's one table
//! ([`Text`]); this module picks the entry for a field, a unit or a typed message.

use gpucost_core::format::Lang;
use gpucost_core::recommend::{PrecisionHint, PrecisionReason};
use gpucost_core::share::workload_params::write_count;

use super::fields::{Field, FieldError};
use gpucost_core::l10n::ui::Text;

/// The field's label.
pub(crate) fn label(f: Field) -> Text {
    match f {
        Field::Params => Text::WorkloadParams,
        Field::Seq => Text::WorkloadSeq,
        Field::Tokens => Text::WorkloadTokens,
        Field::Samples => Text::WorkloadSamples,
        Field::Epochs => Text::WorkloadEpochs,
        Field::Rate => Text::WorkloadRate,
        Field::Input => Text::WorkloadInput,
        Field::Output => Text::WorkloadOutput,
        Field::Latency => Text::WorkloadLatency,
        Field::Requests => Text::WorkloadRequests,
        Field::Deadline => Text::WorkloadDeadline,
        Field::ReplicaGpus => Text::WorkloadReplicaGpus,
        Field::MaxBatch => Text::WorkloadMaxBatch,
        Field::LoraRank => Text::WorkloadLoraRank,
    }
}

/// The unit after the field's input, if it has one.
pub(crate) fn unit(f: Field) -> Option<Text> {
    match f {
        Field::Latency => Some(Text::WorkloadMilliseconds),
        Field::Deadline => Some(Text::WorkloadHours),
        _ => None,
    }
}

/// What an empty field stands for, if it may be empty.
pub(crate) fn placeholder(f: Field) -> Option<Text> {
    match f {
        Field::Deadline => Some(Text::WorkloadNoDeadline),
        Field::Seq => Some(Text::WorkloadModelDefault),
        Field::ReplicaGpus | Field::MaxBatch => Some(Text::WorkloadChosenForYou),
        Field::LoraRank => Some(Text::WorkloadAnyRank),
        _ => None,
    }
}

/// Why the typed text was not taken, in `lang`.
pub(crate) fn field_error(e: &FieldError, lang: Lang) -> String {
    match e {
        FieldError::Number(r) => format!(
            "{} {}–{}",
            Text::InvalidNumber.get(lang),
            r.min.normalize(),
            r.max.normalize()
        ),
        FieldError::Count(limit) => Text::WorkloadCountRange
            .get(lang)
            .replace("{min}", &write_count(limit.min))
            .replace("{max}", &write_count(limit.max)),
        FieldError::Workload(errors) => errors
            .iter()
            .map(|e| e.message(lang))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Which precisions the task does not offer and why, in `lang`.
pub(crate) fn precision_hint(hint: &PrecisionHint, lang: Lang) -> String {
    let list: Vec<&str> = hint.unavailable.iter().map(|p| p.label()).collect();
    let why = match hint.reason {
        PrecisionReason::QloraTrainsOnFourBits => Text::WorkloadQloraPrecision,
        PrecisionReason::LoraKeepsEightOrSixteenBits => Text::WorkloadLoraPrecision,
        PrecisionReason::TrainingNeedsFloats => Text::WorkloadTrainingPrecision,
    };
    Text::WorkloadPrecisionUnavailable
        .get(lang)
        .replace("{list}", &list.join(", "))
        .replace("{why}", why.get(lang))
}

#[cfg(test)]
mod tests {
    use gpucost_core::recommend::{TaskKind, Workload};

    use super::super::fields::{apply, fields_for};
    use super::*;

    /// Every entry of the form's block of [`Text`].
    const FORM: [Text; 33] = [
        Text::WorkloadLegend,
        Text::WorkloadDescribe,
        Text::WorkloadTask,
        Text::WorkloadModel,
        Text::WorkloadPrecision,
        Text::WorkloadUnavailable,
        Text::WorkloadSizeIn,
        Text::WorkloadTokensOption,
        Text::WorkloadSamplesOption,
        Text::WorkloadRateUnit,
        Text::WorkloadRequestsPerSecond,
        Text::WorkloadTokensPerSecond,
        Text::WorkloadNoDeadline,
        Text::WorkloadModelDefault,
        Text::WorkloadParams,
        Text::WorkloadSeq,
        Text::WorkloadTokens,
        Text::WorkloadSamples,
        Text::WorkloadEpochs,
        Text::WorkloadRate,
        Text::WorkloadInput,
        Text::WorkloadOutput,
        Text::WorkloadLatency,
        Text::WorkloadRequests,
        Text::WorkloadDeadline,
        Text::WorkloadMilliseconds,
        Text::WorkloadHours,
        Text::WorkloadCountRange,
        Text::WorkloadPrecisionUnavailable,
        Text::WorkloadQloraPrecision,
        Text::WorkloadLoraPrecision,
        Text::WorkloadTrainingPrecision,
        Text::InvalidNumber,
    ];

    #[test]
    fn every_word_of_the_form_is_translated() {
        for t in FORM {
            assert!(!t.get(Lang::Zh).is_ascii(), "{t:?}");
            assert_ne!(t.get(Lang::En), t.get(Lang::Zh), "{t:?}");
        }
    }

    #[test]
    fn out_of_range_text_is_explained_with_the_range() {
        let w = Workload::for_task(TaskKind::OnlineServing);
        let e = apply(&w, Field::Latency, "-3").unwrap_err();
        assert_eq!(
            field_error(&e, Lang::En),
            "Enter a number in range 1–600000"
        );
        let e = apply(&w, Field::Rate, "abc").unwrap_err();
        assert!(field_error(&e, Lang::Zh).starts_with("请输入范围内的数字"));
        let train = Workload::for_task(TaskKind::PreTraining);
        let e = apply(&train, Field::Tokens, "1.5").unwrap_err();
        assert_eq!(
            field_error(&e, Lang::En),
            "Enter a whole number, optionally with K, M, B or T (like 20B), from 1 to 100T."
        );
        assert_eq!(
            field_error(&e, Lang::Zh),
            "请输入整数，可带 K、M、B 或 T 后缀（如 20B），范围 1 到 100T。"
        );
        let e = apply(&w, Field::Input, "8000").unwrap_err();
        assert!(field_error(&e, Lang::En).contains("8192"));
    }

    #[test]
    fn unavailable_precisions_are_explained_in_both_languages() {
        let en = precision_hint(&TaskKind::Qlora.precision_hint().unwrap(), Lang::En);
        assert_eq!(
            en,
            "FP32, FP16/BF16, FP8, INT8, FP4 unavailable: QLoRA trains adapters on 4-bit base weights (choose LoRA for 8 or 16 bits)."
        );
        let zh = precision_hint(&TaskKind::PreTraining.precision_hint().unwrap(), Lang::Zh);
        assert_eq!(
            zh,
            "FP8, INT8, FP4, INT4 不可用：训练会更新全部权重，需要 FP32 或 FP16/BF16 运算。"
        );
        for task in TaskKind::ALL {
            for f in fields_for(&Workload::for_task(task)) {
                assert!(!label(f).get(Lang::Zh).is_ascii(), "{f:?}");
            }
        }
    }
}
