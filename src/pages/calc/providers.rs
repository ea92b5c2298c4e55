//! Which providers the comparison keeps by what they are: a kind (every kind, enterprise clouds
//! only, or one kind), a least compute SLA and ISO/IEC 27001. The rule is the engine's
//! ([`gpucost_core::provider_filter`]); the link keeps it as `kind=`, `sla=` and `cert=`.

use gpucost_core::catalog::ProviderKind;
use gpucost_core::edit::Edit;
use gpucost_core::l10n::facts::{enterprise_clouds, every_kind, kind, provider_filter_hint};
use gpucost_core::l10n::ui::Text;
use gpucost_core::limits;
use gpucost_core::provider_filter::{ProviderFilter, ENTERPRISE_CLOUDS};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{CheckField, NumberField, Range};
use crate::state::{catalog, AppState};

/// The kind select and the SLA floor, with what they keep.
#[component]
pub(crate) fn ProviderFilterFields() -> impl IntoView {
    let app = expect_context::<AppState>();
    let filter = Memo::new(move |_| app.page.with_settings(|p| p.scenario.providers.clone()));
    let set_sla = move |v: Decimal| {
        let f = ProviderFilter {
            min_sla_pct: Some(v),
            ..filter.get_untracked()
        };
        app.apply(Edit::Providers(f));
    };
    let set_iso = move |iso_27001: bool| {
        let f = ProviderFilter {
            iso_27001,
            ..filter.get_untracked()
        };
        app.apply(Edit::Providers(f));
    };
    view! {
        <fieldset class="provider-filter" data-testid="provider-filter">
            <legend>{move || app.t(Text::ProvidersHeading)}</legend>
            <div class="row">
                <KindSelect filter />
                <NumberField lang=app.lang
                    label=Text::MinSla
                    testid="min-sla".to_string()
                    value=Signal::derive(move || filter.get().min_sla_pct.unwrap_or_default())
                    range=Range::or_zero(limits::SLA_PCT)
                    on_valid=Callback::new(set_sla)
                    unit="%"
                />
                <CheckField lang=app.lang
                    label=Text::Iso27001Only
                    testid="iso-27001"
                    checked=Signal::derive(move || filter.get().iso_27001)
                    on_toggle=Callback::new(set_iso)
                />
            </div>
            <p class="hint" data-testid="provider-filter-hint">
                {move || provider_filter_hint(catalog(), app.lang.get())}
            </p>
        </fieldset>
    }
}

/// The select's value for `kinds`: empty (every kind), `enterprise`, one kind's slug, or
/// `custom` for a set a link named that is none of these.
fn choice_of(f: &ProviderFilter) -> String {
    let enterprise = ENTERPRISE_CLOUDS.iter().all(|k| f.kinds.contains(k))
        && f.kinds.len() == ENTERPRISE_CLOUDS.len();
    match f.kinds.len() {
        0 => String::new(),
        _ if enterprise => "enterprise".into(),
        1 => f.kinds.iter().map(|k| k.as_str()).collect(),
        _ => "custom".into(),
    }
}

/// The kinds a select value stands for (`None`: the `custom` placeholder).
fn kinds_of(value: &str) -> Option<Vec<ProviderKind>> {
    match value {
        "" => Some(Vec::new()),
        "enterprise" => Some(ENTERPRISE_CLOUDS.to_vec()),
        slug => ProviderKind::from_slug(slug).map(|k| vec![k]),
    }
}

/// The select of the kinds the comparison keeps.
#[component]
fn KindSelect(filter: Memo<ProviderFilter>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chosen = Memo::new(move |_| choice_of(&filter.get()));
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(kinds) = kinds_of(&event_target_value(&ev)) {
            let f = ProviderFilter {
                kinds: kinds.into_iter().collect(),
                ..filter.get_untracked()
            };
            app.apply(Edit::Providers(f));
        }
    };
    let option = move |value: String, words: Signal<String>| {
        let v = value.clone();
        view! { <option value=value selected=move || chosen.get() == v>{words}</option> }
    };
    let custom = move || {
        let lang = app.lang.get();
        (chosen.get() == "custom").then(|| {
            let kinds: Vec<&str> = filter.get().kinds.iter().map(|k| kind(*k, lang)).collect();
            view! { <option value="custom" selected=true disabled=true>{kinds.join(", ")}</option> }
        })
    };
    view! {
        <label class="field">
            <span>{move || app.t(Text::ProviderKindField)}</span>
            <select data-testid="provider-kind" on:change=on_change>
                {option(String::new(), Signal::derive(move || every_kind(app.lang.get()).into()))}
                {option("enterprise".into(), Signal::derive(move || enterprise_clouds(app.lang.get()).into()))}
                {ProviderKind::ALL
                    .into_iter()
                    .map(|k| option(k.as_str().into(), Signal::derive(move || kind(k, app.lang.get()).into())))
                    .collect_view()}
                {custom}
            </select>
        </label>
    }
}
