//! The filters typed into: the least GPUs per machine, and text to look for.

use gpucost_core::limits::GPUS_PER_MACHINE;
use leptos::prelude::*;

use super::LinkFilter;
use gpucost_core::l10n::ui::Text;

/// The "GPUs per machine, at least" field; a value it cannot take is kept and refused.
#[component]
pub(super) fn GpmFilter(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let invalid = RwSignal::new(false);
    let error = move || {
        invalid.get().then(|| {
            format!(
                "{} {}–{}",
                s.t(Text::InvalidNumber),
                GPUS_PER_MACHINE.min,
                GPUS_PER_MACHINE.max
            )
        })
    };
    let shown = move || {
        s.with(|f| {
            f.min_gpus_per_machine
                .map(|n| n.to_string())
                .unwrap_or_default()
        })
    };
    let on_input = move |ev: leptos::ev::Event| match gpus_per_machine_of(&event_target_value(&ev))
    {
        Ok(n) => {
            invalid.set(false);
            s.update(|f| f.min_gpus_per_machine = n)
        }
        Err(()) => invalid.set(true),
    };
    view! {
        <label class="field">
            <span>{move || s.t(Text::GpusPerMachine)}</span>
            <input
                type="text"
                inputmode="numeric"
                data-testid="filter-gpm"
                placeholder=move || s.t(Text::Any)
                prop:value=shown
                aria-invalid=move || invalid.get().to_string()
                aria-describedby="filter-gpm-error"
                on:input=on_input
            />
            <span class="field-error" id="filter-gpm-error" role="alert" aria-live="polite">
                {error}
            </span>
        </label>
    }
}

/// The "GPUs per machine, at least" field's text as a filter value: `Ok(None)` when empty
/// (any machine), `Err` when it is not a whole number in [`GPUS_PER_MACHINE`].
fn gpus_per_machine_of(text: &str) -> Result<Option<u32>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if GPUS_PER_MACHINE.contains(n) => Ok(Some(n)),
        _ => Err(()),
    }
}

/// The search field: text the provider, instance or GPU name must contain.
#[component]
pub(super) fn TextFilter(
    /// The link's filter.
    filter: LinkFilter,
) -> impl IntoView {
    let s = filter;
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        s.update(|f| f.text = text.chars().take(80).collect())
    };
    view! {
        <label class="field">
            <span>{move || s.t(Text::FilterText)}</span>
            <input
                type="search"
                data-testid="filter-text"
                placeholder=move || s.t(Text::FilterTextPlaceholder)
                prop:value=move || s.with(|f| f.text.clone())
                on:input=on_input
            />
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpus_per_machine_field_reads_empty_as_any_and_refuses_out_of_range() {
        assert_eq!(gpus_per_machine_of(""), Ok(None));
        assert_eq!(gpus_per_machine_of(" 8 "), Ok(Some(8)));
        assert_eq!(gpus_per_machine_of("64"), Ok(Some(64)));
        for bad in ["0", "65", "999", "2.5", "-1", "eight"] {
            assert_eq!(gpus_per_machine_of(bad), Err(()), "{bad}");
        }
    }
}
