//! The catalog browser's list of providers with their sourced facts (kind, SLA,
//! certifications, where their priced regions are) and the date of their newest price, behind
//! a disclosure so the offers table stays first.

use gpucost_core::l10n::facts::{no_sourced_price, provider_facts, providers_heading};
use gpucost_core::l10n::results::prices_as_of;
use gpucost_core::view::results::Badge;
use leptos::prelude::*;

use crate::state::{catalog, AppState};

/// Every provider, its facts and its newest price date (or that no price is sourced, as for
/// Huawei Cloud, whose certifications are still worth seeing), in the page's language.
#[component]
pub fn ProviderFacts() -> impl IntoView {
    let app = expect_context::<AppState>();
    let items = move || {
        let lang = app.lang.get();
        let c = catalog();
        c.providers
            .iter()
            .map(|p| {
                let name = match lang {
                    gpucost_core::format::Lang::En => p.name.to_string(),
                    gpucost_core::format::Lang::Zh => p.name_zh.to_string(),
                };
                let mut newest = match c.price_dates(&p.id) {
                    Some(dates) => prices_as_of(dates.shown(c.built), lang),
                    None => no_sourced_price(lang).to_string(),
                };
                if c.is_stale_provider(&p.id) {
                    newest = format!("{newest} · {}", Badge::StaleProvider.text(lang));
                }
                let mut lines = vec![newest];
                lines.extend(provider_facts(c, &p.id, lang));
                view! {
                    <li data-provider=p.id.to_string()>
                        <strong>{name}</strong>
                        <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <details class="provider-facts" data-testid="provider-facts">
            <summary>{move || providers_heading(app.lang.get())}</summary>
            <ul>{items}</ul>
        </details>
    }
}
