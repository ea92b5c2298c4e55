//! Where the job may run: the place catalog prices must come from, whether each provider keeps
//! every line in one region, and the smallest host per GPU (each line's packing is with the
//! line). The rules themselves are the engine's ([`gpucost_core::placement`]); this only
//! edits them.

use gpucost_core::edit::Edit;
use gpucost_core::limits;
use gpucost_core::placement::{Geo, Spread};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{CheckField, NumberField, Range};
use crate::state::AppState;
use gpucost_core::l10n::ui::Text;

/// The place select, the one-region checkbox and the host floor fields (zero or empty: no
/// floor).
#[component]
pub(crate) fn PlacementFields() -> impl IntoView {
    let app = expect_context::<AppState>();
    let host = Memo::new(move |_| app.page.with_settings(|p| p.scenario.host));
    let one_region = Memo::new(move |_| {
        app.page
            .with_settings(|p| p.scenario.spread == Spread::OneRegion)
    });
    view! {
        <fieldset class="placement" data-testid="placement">
            <legend>{move || app.t(Text::PlacementHeading)}</legend>
            <div class="row">
                <GeoSelect />
                <NumberField lang=app.lang
                    label=Text::HostVcpusPerGpu
                    testid="host-vcpus".to_string()
                    value=Signal::derive(move || host.get().vcpus_per_gpu.unwrap_or_default())
                    range=Range::or_zero(limits::VCPUS_PER_GPU)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::HostVcpus(v)))
                />
                <NumberField lang=app.lang
                    label=Text::HostRamPerGpu
                    testid="host-ram".to_string()
                    value=Signal::derive(move || host.get().ram_gib_per_gpu.unwrap_or_default())
                    range=Range::or_zero(limits::RAM_GIB_PER_GPU)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::HostRam(v)))
                    unit="GiB"
                />
            </div>
            <CheckField lang=app.lang
                label=Text::OneRegion
                testid="one-region"
                checked=one_region
                on_toggle=Callback::new(move |on: bool| app.apply(Edit::Spread(spread_of(on))))
            />
            <p class="hint">{move || app.t(Text::PlacementHint)}</p>
        </fieldset>
    }
}

/// The spread the one-region checkbox stands for.
fn spread_of(one_region: bool) -> Spread {
    if one_region {
        Spread::OneRegion
    } else {
        Spread::AnyRegions
    }
}

/// The select of the place catalog prices must come from.
#[component]
fn GeoSelect() -> impl IntoView {
    let app = expect_context::<AppState>();
    let geo = Memo::new(move |_| app.page.with_settings(|p| p.scenario.geo));
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(g) = Geo::from_slug(&event_target_value(&ev)) {
            app.apply(Edit::Geo(g));
        }
    };
    view! {
        <label class="field">
            <span>{move || app.t(Text::Geo)}</span>
            <select data-testid="geo" on:change=on_change>
                {Geo::all()
                    .into_iter()
                    .map(|g| {
                        view! {
                            <option value=g.as_str() selected=move || geo.get() == g>
                                {move || g.text(app.lang.get())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
