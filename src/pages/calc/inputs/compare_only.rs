//! Restrict the comparison to some providers (e.g. those available in mainland China).

use gpucost_core::edit::Edit;
use gpucost_core::l10n::ui::Text;
use gpucost_core::print::menus::{self, Choice};
use leptos::prelude::*;

use crate::state::{catalog, AppState};

/// A checkbox per catalog provider; none checked compares them all.
#[component]
pub(crate) fn CompareOnly() -> impl IntoView {
    let app = expect_context::<AppState>();
    let sellers = Memo::new(move |_| app.page.with_settings(|p| p.scenario.sellers.clone()));
    let hint = move || {
        sellers
            .with(|s| s.is_empty())
            .then(|| app.t(Text::AllProviders))
    };
    let checks = move || {
        menus::providers(catalog(), app.lang.get())
            .into_iter()
            .map(|Choice { value, label }| {
                let (id, testid) = (value.clone(), format!("cmp-{value}"));
                view! {
                    <label class="check">
                        <input
                            type="checkbox"
                            data-testid=testid
                            prop:checked=move || sellers.with(|s| s.contains(&id))
                            on:change=move |ev| app.apply(Edit::CompareOnly(value.clone(), event_target_checked(&ev)))
                        />
                        {label}
                    </label>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="compare-only">
            <legend>{move || app.t(Text::CompareOnly)}</legend>
            <p class="hint">{hint}</p>
            <div class="checks">{checks}</div>
        </fieldset>
    }
}
