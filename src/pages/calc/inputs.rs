//! The scenario's other inputs: period, billing options, custom prices, discounts, off-peak
//! what-if, budget and reference, and which providers to compare. Each writes the link state.

use gpucost_core::billing_mode::{ModeClass, Period};
use gpucost_core::edit::{parse_month, Edit, HorizonKind};
use gpucost_core::format::Lang;
use gpucost_core::l10n::labels;
use gpucost_core::limits;
use gpucost_core::money::{Currency, Money};
use gpucost_core::scenario::{
    CustomMode, CustomPrice, Horizon, Interruption, PriceOwner, Reference,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::fields::{CheckField, NumberField, Range};
use crate::state::{catalog, AppState};
use gpucost_core::l10n::ui::Text;

/// The menu's words for each kind of period.
fn horizon_label(kind: HorizonKind) -> Text {
    match kind {
        HorizonKind::Hours => Text::HorizonOneOff,
        HorizonKind::Month => Text::HorizonMonth,
        HorizonKind::Calendar => Text::HorizonCalendar,
    }
}

/// The period: a one-off job in hours, a 730-hour month, or a calendar month.
#[component]
pub(crate) fn HorizonField() -> impl IntoView {
    let app = expect_context::<AppState>();
    let horizon = Memo::new(move |_| app.page.with(|p| p.scenario.horizon));
    // The field below is rebuilt only when the kind changes, never while typing in it.
    let kind = Memo::new(move |_| HorizonKind::of(horizon.get()));
    let hours = Signal::derive(move || match horizon.get() {
        Horizon::Hours(h) => h,
        _ => Decimal::ZERO,
    });
    // Hours that are not whole minutes are used rounded: say what was used, under the field.
    let rounded = move || {
        horizon
            .get()
            .rounded_minutes()
            .map(|m| gpucost_core::l10n::link::minutes_used(m, app.lang.get()))
    };
    let month = move || match horizon.get() {
        Horizon::CalendarMonth { year, month } => format!("{year:04}-{month:02}"),
        _ => String::new(),
    };
    let on_kind = move |ev: leptos::ev::Event| {
        if let Some(kind) = HorizonKind::from_slug(&event_target_value(&ev)) {
            app.apply(Edit::Horizon(kind, app.today));
        }
    };
    let on_month = move |ev: leptos::ev::Event| {
        if let Some((year, month)) = parse_month(&event_target_value(&ev)) {
            app.apply(Edit::CalendarMonth(year, month));
        }
    };
    let kind_options = move || {
        HorizonKind::ALL
            .into_iter()
            .map(|k| {
                view! {
                    <option value=k.as_str() selected=move || kind.get() == k>{move || app.t(horizon_label(k))}</option>
                }
            })
            .collect_view()
    };
    view! {
        <div class="row">
            <label class="field">
                <span>{move || app.t(Text::Horizon)}</span>
                <select data-testid="horizon-kind" on:change=on_kind>{kind_options}</select>
            </label>
            {move || match kind.get() {
                HorizonKind::Hours => view! {
                    <NumberField lang=app.lang
                        label=Text::Hours
                        testid="hours".to_string()
                        value=hours
                        range=Range::of(limits::HOURS)
                        on_valid=Callback::new(move |v: Decimal| app.apply(Edit::Hours(v)))
                        unit="h"
                    />
                    <p class="hint" data-testid="hours-rounded">{rounded}</p>
                }
                .into_any(),
                HorizonKind::Calendar => view! {
                    <label class="field">
                        <span>{move || app.t(Text::Month)}</span>
                        <input
                            type="month"
                            data-testid="month"
                            prop:value=month
                            on:change=on_month
                        />
                    </label>
                }
                .into_any(),
                _ => ().into_any(),
            }}
        </div>
    }
}

/// Which billing classes may be used, interruption tolerance and spot overhead.
#[component]
pub(crate) fn BillingOptionsFields() -> impl IntoView {
    let app = expect_context::<AppState>();
    let allows = move |c: ModeClass| {
        Memo::new(move |_| app.page.with(|p| p.scenario.options.allowed.contains(&c)))
    };
    let toggle = move |c: ModeClass| Callback::new(move |on: bool| app.apply(Edit::Allow(c, on)));
    view! {
        <fieldset class="billing">
            <legend>{move || app.t(Text::BillingHeading)}</legend>
            <CheckField lang=app.lang label=Text::AllowSpot testid="allow-spot" checked=allows(ModeClass::Spot) on_toggle=toggle(ModeClass::Spot) />
            <CheckField lang=app.lang
                label=Text::AllowReserved
                testid="allow-reserved"
                checked=allows(ModeClass::Committed)
                on_toggle=toggle(ModeClass::Committed)
            />
            <CheckField lang=app.lang
                label=Text::AllowMonthly
                testid="allow-monthly"
                checked=allows(ModeClass::Subscription)
                on_toggle=toggle(ModeClass::Subscription)
            />
            <CheckField lang=app.lang
                label=Text::Interruptible
                testid="interruptible"
                checked=Memo::new(move |_| app.page.with(|p| p.scenario.options.interruption == Interruption::Tolerated))
                on_toggle=Callback::new(move |on: bool| app.apply(Edit::Interruptible(on)))
            />
            <NumberField lang=app.lang
                label=Text::SpotOverhead
                testid="spot-overhead".to_string()
                value=Memo::new(move |_| app.page.with(|p| p.scenario.options.spot_overhead_pct))
                range=Range::of(limits::SPOT_OVERHEAD_PCT)
                on_valid=Callback::new(move |v: Decimal| app.apply(Edit::SpotOverhead(v)))
                unit="%"
            />
        </fieldset>
    }
}

fn mode_options(lang: Lang) -> Vec<(CustomMode, String)> {
    [
        CustomMode::OnDemand,
        CustomMode::Spot,
        CustomMode::Subscription(Period::Day),
        CustomMode::Subscription(Period::Week),
        CustomMode::Subscription(Period::Days30),
        CustomMode::Subscription(Period::Month),
    ]
    .into_iter()
    .map(|m| {
        let label = match m {
            CustomMode::OnDemand => format!(
                "{} /{}",
                gpucost_core::l10n::labels::class(ModeClass::OnDemand, lang),
                Text::Hours.get(lang)
            ),
            CustomMode::Spot => format!(
                "{} /{}",
                gpucost_core::l10n::labels::class(ModeClass::Spot, lang),
                Text::Hours.get(lang)
            ),
            CustomMode::Subscription(p) => gpucost_core::l10n::labels::mode(
                gpucost_core::billing_mode::BillingMode::Subscription(p),
                lang,
            ),
        };
        (m, label)
    })
    .collect()
}

/// Prices and quotes the user enters, per GPU: for a catalog provider or a named one.
#[component]
pub(crate) fn CustomPricesEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    let count = Memo::new(move |_| app.page.with(|p| p.scenario.custom_prices.len()));
    let add = move |_| app.apply(Edit::AddPrice);
    view! {
        <fieldset class="prices">
            <legend>{move || app.t(Text::PricesHeading)}</legend>
            <For each=move || 0..count.get() key=|i| *i let:i>
                <CustomPriceRow i=i />
            </For>
            <button type="button" data-testid="add-price" on:click=add>
                {move || app.t(Text::AddPrice)}
            </button>
        </fieldset>
    }
}

/// One custom price.
#[component]
fn CustomPriceRow(
    /// Index in the scenario's custom prices.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let price = Memo::new(move |_| app.page.with(|p| p.scenario.custom_prices.get(i).cloned()));
    let set = move |change: &dyn Fn(&mut CustomPrice)| {
        app.edit(|s| {
            if let Some(p) = s.custom_prices.get_mut(i) {
                change(p);
            }
        })
    };
    let owner_value = move || match price.with(|p| p.as_ref().map(|p| p.owner.clone())) {
        Some(PriceOwner::Provider(id)) => id,
        Some(PriceOwner::Named(_)) => "~".into(),
        None => String::new(),
    };
    let providers: Vec<(String, String, String)> = catalog()
        .providers
        .iter()
        .map(|p| (p.id.to_string(), p.name.to_string(), p.name_zh.to_string()))
        .collect();
    let mut gpus: Vec<(String, String)> = catalog()
        .gpus
        .iter()
        .map(|g| (g.id.to_string(), g.name.to_string()))
        .collect();
    gpus.sort_by(|a, b| a.1.cmp(&b.1));
    let testid = move |what: &str| format!("price-{i}-{what}");
    view! {
        <div class="row price-row" data-testid=testid("row")>
            <label class="field">
                <span>{move || app.t(Text::Seller)}</span>
                <select
                    data-testid=testid("owner")
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        set(&|p| {
                            p.owner = if v == "~" {
                                PriceOwner::Named(gpucost_core::names::NEW_QUOTE.into())
                            } else {
                                PriceOwner::Provider(v.clone())
                            }
                        })
                    }
                >
                    {providers
                        .into_iter()
                        .map(|(id, en, zh)| {
                            let id2 = id.clone();
                            view! {
                                <option value=id selected=move || owner_value() == id2>
                                    {move || if app.lang.get() == Lang::Zh { zh.clone() } else { en.clone() }}
                                </option>
                            }
                        })
                        .collect_view()}
                    <option value="~" selected=move || owner_value() == "~">{move || app.t(Text::NewSeller)}</option>
                </select>
            </label>
            <Show when=move || owner_value() == "~">
                <label class="field">
                    <span>{move || app.t(Text::SellerName)}</span>
                    <input
                        type="text"
                        maxlength=limits::MAX_NAME_CHARS.to_string()
                        data-testid=testid("name")
                        prop:value=move || match price.with(|p| p.as_ref().map(|p| p.owner.clone())) {
                            Some(PriceOwner::Named(n)) => labels::seller(&n, app.lang.get()).to_string(),
                            _ => String::new(),
                        }
                        on:change=move |ev| {
                            let name: String = event_target_value(&ev).replace(':', " ").trim().chars().take(limits::MAX_NAME_CHARS).collect();
                            if !name.is_empty() {
                                set(&|p| p.owner = PriceOwner::Named(name.clone()))
                            }
                        }
                    />
                </label>
            </Show>
            <label class="field">
                <span>{move || app.t(Text::GpuModel)}</span>
                <select
                    data-testid=testid("gpu")
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        set(&|p| p.gpu = v.clone())
                    }
                >
                    {gpus
                        .into_iter()
                        .map(|(id, name)| {
                            let id2 = id.clone();
                            view! { <option value=id selected=move || price.with(|p| p.as_ref().is_some_and(|p| p.gpu == id2))>{name}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || app.t(Text::Mode)}</span>
                <select
                    data-testid=testid("mode")
                    on:change=move |ev| {
                        if let Some(m) = CustomMode::from_slug(&event_target_value(&ev)) {
                            set(&|p| p.mode = m)
                        }
                    }
                >
                    {move || {
                        mode_options(app.lang.get())
                            .into_iter()
                            .map(|(m, label)| {
                                view! {
                                    <option value=m.as_str() selected=move || price.with(|p| p.as_ref().is_some_and(|p| p.mode == m))>
                                        {label}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <NumberField lang=app.lang
                label=Text::Amount
                testid=testid("amount")
                value=Signal::derive(move || price.with(|p| p.as_ref().map(|p| p.amount).unwrap_or_default()))
                range=Range::of(limits::CUSTOM_PRICE_AMOUNT)
                on_valid=Callback::new(move |v: Decimal| set(&|p| p.amount = v))
            />
            <label class="field">
                <span>{move || app.t(Text::Currency)}</span>
                <select
                    data-testid=testid("currency")
                    on:change=move |ev| {
                        if let Ok(c) = event_target_value(&ev).parse::<Currency>() {
                            set(&|p| p.currency = c)
                        }
                    }
                >
                    {Currency::ALL
                        .into_iter()
                        .map(|c| view! { <option value=c.as_str() selected=move || price.with(|p| p.as_ref().is_some_and(|p| p.currency == c))>{c.as_str()}</option> })
                        .collect_view()}
                </select>
            </label>
            <button
                type="button"
                class="remove"
                data-testid=testid("remove")
                on:click=move |_| app.apply(Edit::RemovePrice(i))
            >
                {move || app.t(Text::Remove)}
            </button>
        </div>
    }
}

/// Negotiated percentage discounts per catalog provider.
#[component]
pub(crate) fn DiscountsEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    let count = Memo::new(move |_| app.page.with(|p| p.scenario.discounts.len()));
    let add = move |_| app.apply(Edit::AddDiscount);
    view! {
        <fieldset class="discounts">
            <legend>{move || app.t(Text::DiscountsHeading)}</legend>
            <For each=move || 0..count.get() key=|i| *i let:i>
                <DiscountRow i=i />
            </For>
            <button type="button" data-testid="add-discount" on:click=add>
                {move || app.t(Text::AddDiscount)}
            </button>
        </fieldset>
    }
}

/// One discount.
#[component]
fn DiscountRow(
    /// Index in the scenario's discounts.
    i: usize,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let d = Memo::new(move |_| app.page.with(|p| p.scenario.discounts.get(i).cloned()));
    view! {
        <div class="row">
            <label class="field">
                <span>{move || app.t(Text::Seller)}</span>
                <select
                    data-testid=format!("discount-{i}-provider")
                    on:change=move |ev| app.apply(Edit::DiscountProvider(i, event_target_value(&ev)))
                >
                    {catalog()
                        .providers
                        .iter()
                        .map(|p| {
                            let id = p.id.clone();
                            let id2 = id.clone();
                            let (en, zh) = (p.name.clone(), p.name_zh.clone());
                            view! {
                                <option value=id selected=move || d.with(|d| d.as_ref().is_some_and(|d| d.provider == id2))>
                                    {move || if app.lang.get() == Lang::Zh { zh.clone() } else { en.clone() }}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <NumberField lang=app.lang
                label=Text::Percent
                testid=format!("discount-{i}-percent")
                value=Signal::derive(move || d.with(|d| d.as_ref().map(|d| d.percent).unwrap_or_default()))
                range=Range::of(limits::DISCOUNT_PCT)
                on_valid=Callback::new(move |v: Decimal| app.apply(Edit::DiscountPercent(i, v)))
                unit="%"
            />
            <button type="button" class="remove" on:click=move |_| app.apply(Edit::RemoveDiscount(i))>
                {move || app.t(Text::Remove)}
            </button>
        </div>
    }
}

/// The off-peak what-if window and its assumptions.
#[component]
pub(crate) fn OffPeakFields() -> impl IntoView {
    let app = expect_context::<AppState>();
    let op = Memo::new(move |_| app.page.with(|p| p.scenario.off_peak.clone()));
    view! {
        <fieldset class="off-peak">
            <legend>{move || app.t(Text::OffPeakHeading)}</legend>
            <div class="row">
                <NumberField lang=app.lang
                    label=Text::OffPeakFrom
                    testid="op-from".to_string()
                    value=Signal::derive(move || Decimal::from(op.get().start_hour))
                    range=Range::whole_of(limits::OFF_PEAK_START_HOUR)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::OffPeakFrom(v)))
                />
                <NumberField lang=app.lang
                    label=Text::OffPeakTo
                    testid="op-to".to_string()
                    value=Signal::derive(move || Decimal::from(op.get().end_hour))
                    range=Range::whole_of(limits::OFF_PEAK_END_HOUR)
                    on_valid=Callback::new(move |v: Decimal| app.apply(Edit::OffPeakTo(v)))
                />
                <NumberField lang=app.lang
                    label=Text::OffPeakDiscount
                    testid="op-discount".to_string()
                    value=Signal::derive(move || op.get().discount_pct)
                    range=Range::of(limits::OFF_PEAK_DISCOUNT_PCT)
                    on_valid=Callback::new(move |v: Decimal| app.edit(|s| s.off_peak.discount_pct = v))
                    unit="%"
                />
                <NumberField lang=app.lang
                    label=Text::Flexible
                    testid="op-flexible".to_string()
                    value=Signal::derive(move || op.get().flexible_pct)
                    range=Range::of(limits::OFF_PEAK_FLEXIBLE_PCT)
                    on_valid=Callback::new(move |v: Decimal| app.edit(|s| s.off_peak.flexible_pct = v))
                    unit="%"
                />
            </div>
        </fieldset>
    }
}

/// Budget for the period and an amount to compare with, in the display currency.
#[component]
pub(crate) fn BudgetAndReference() -> impl IntoView {
    let app = expect_context::<AppState>();
    let amount_of = move |m: Option<Money>| {
        m.map(|m| {
            app.fx
                .get()
                .convert(m, app.currency.get())
                .round_for_display()
                .amount
        })
        .unwrap_or_default()
    };
    let money =
        move |v: Decimal| (v > Decimal::ZERO).then(|| Money::new(v, app.currency.get_untracked()));
    view! {
        <fieldset class="budget">
            <legend>{move || app.t(Text::Budget)}</legend>
            <div class="row">
                <NumberField lang=app.lang
                    label=Text::Budget
                    testid="budget".to_string()
                    value=Memo::new(move |_| amount_of(app.page.with(|p| p.scenario.budget)))
                    range=Range::or_zero(limits::AMOUNT)
                    on_valid=Callback::new(move |v: Decimal| app.edit(|s| s.budget = money(v)))
                    unit=""
                />
                <NumberField lang=app.lang
                    label=Text::ReferenceAmount
                    testid="reference".to_string()
                    value=Memo::new(move |_| amount_of(app.page.with(|p| p.scenario.reference.as_ref().map(|r| r.amount))))
                    range=Range::or_zero(limits::AMOUNT)
                    on_valid=Callback::new(move |v: Decimal| app.edit(|s| {
                        let label = s.reference.as_ref().map(|r| r.label.clone()).unwrap_or_default();
                        s.reference = money(v).map(|amount| Reference { amount, label });
                    }))
                />
                <label class="field">
                    <span>{move || app.t(Text::ReferenceLabel)}</span>
                    <input
                        type="text"
                        maxlength=limits::MAX_LABEL_CHARS.to_string()
                        data-testid="reference-label"
                        prop:value={
                            let label = Memo::new(move |_| app.page.with(|p| p.scenario.reference.as_ref().map(|r| labels::reference(&r.label, app.lang.get()).to_string()).unwrap_or_default()));
                            move || label.get()
                        }
                        on:change=move |ev| {
                            let label: String = event_target_value(&ev).chars().filter(|c| !c.is_control()).take(limits::MAX_LABEL_CHARS).collect();
                            app.edit(|s| {
                                if let Some(r) = s.reference.as_mut() {
                                    r.label = label;
                                }
                            })
                        }
                    />
                </label>
            </div>
        </fieldset>
    }
}

/// Restrict the comparison to some providers (e.g. those available in mainland China).
#[component]
pub(crate) fn CompareOnly() -> impl IntoView {
    let app = expect_context::<AppState>();
    let sellers = Memo::new(move |_| app.page.with(|p| p.scenario.sellers.clone()));
    view! {
        <fieldset class="compare-only">
            <legend>{move || app.t(Text::CompareOnly)}</legend>
            <p class="hint">{move || if sellers.with(|s| s.is_empty()) { app.t(Text::AllProviders).to_string() } else { String::new() }}</p>
            <div class="checks">
                {catalog()
                    .providers
                    .iter()
                    .map(|p| {
                        let id = p.id.clone();
                        let id2 = id.clone();
                        let (en, zh) = (p.name.clone(), p.name_zh.clone());
                        view! {
                            <label class="check">
                                <input
                                    type="checkbox"
                                    data-testid=format!("cmp-{id}")
                                    prop:checked=move || sellers.with(|s| s.contains(&*id))
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        app.apply(Edit::CompareOnly(id2.to_string(), on))
                                    }
                                />
                                {move || if app.lang.get() == Lang::Zh { zh.clone() } else { en.clone() }}
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
        </fieldset>
    }
}
