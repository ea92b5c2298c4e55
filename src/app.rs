//! The application shell: the header with language and currency switches, the notice for
//! ignored link parameters, the page the link names, and the footer with data dates. The
//! state they all read is in [`crate::state`].

use gpucost_core::format;
use gpucost_core::fx::FxOrigin;
use gpucost_core::share::{self, View};
use leptos::prelude::*;

use crate::parts::show_part;

use crate::components::notice::IgnoredParams;
use crate::components::settings::Settings;
use crate::pages::calc::CalculatorPage;
use crate::state::{catalog, AppState};
use crate::web;
use gpucost_core::l10n::ui::Text;

/// The app: header, notices, the page the link names, footer.
#[component]
pub fn App() -> impl IntoView {
    let app = AppState::from_url();
    provide_context(app);
    crate::components::fields::RefusedFields::provide();

    // The URL is the state: every change replaces the history entry with the encoded state
    // (written a moment later, so a burst of keystrokes costs one history call).
    Effect::new(move |_| web::replace_query_soon(app.query.get()));
    web::write_pending_query_on_leave();
    web::on_print(move |printing| app.printing.set(printing));
    web::after_next_paint(move || app.painted.set(true));
    Effect::new(move |_| {
        let lang = app.lang.get();
        web::set_document_language(lang, Text::AppTitle.get(lang));
    });

    let view = Memo::new(move |_| app.page.with(|p| p.view));
    let embedded = app.page.with_untracked(|p| p.embed.enabled);
    if embedded {
        let frame = app.page.with_untracked(|p| p.embed.frame.clone());
        web::report_height_to_parent(frame);
        if let Some(root) = leptos::prelude::document().document_element() {
            let _ = root.class_list().add_1("embedded");
        }
    }
    // "Open in the full calculator": the same state without the embedding options.
    let full_href = move || {
        app.page.with(|p| {
            let mut s = p.clone();
            s.embed = share::Embed::default();
            format!("?{}", share::encode(&s))
        })
    };
    // The notice and the settings get what they show and a way to write back, not the state.
    let notice = move || {
        view! {
            <IgnoredParams
                lang=app.lang
                issues=app.issues
                on_dismiss=Callback::new(move |()| app.issues.set(Vec::new()))
            />
        }
    };
    let settings = move || {
        view! {
            <Settings
                lang=app.lang
                currency=app.currency
                cny_per_usd=Signal::derive(move || app.fx.with(|fx| fx.cny_per_usd()))
                on_lang=Callback::new(move |lang| app.page.update(|p| p.lang = lang))
                on_currency=Callback::new(move |currency| app.page.update(|p| p.currency = currency))
                on_fx=Callback::new(move |rate| app.page.update(|p| p.fx_cny_per_usd = rate))
            />
        }
    };
    if embedded {
        return view! {
            <div class="embed-bar">
                <strong>{move || app.t(Text::AppTitle)}</strong>
                <a href=full_href target="_blank" rel="noopener" data-testid="open-full">{move || app.t(Text::OpenFull)}</a>
            </div>
            {notice()}
            <MainView view=view />
        }
        .into_any();
    }
    view! {
        <header class="site-header">
            <div class="brand">
                <h1>{move || app.t(Text::AppTitle)}</h1>
                <p class="tagline">{move || app.t(Text::Tagline)}</p>
            </div>
            <nav aria-label="views">
                <a
                    href="?"
                    data-testid="nav-calc"
                    aria-current=move || (view.get() == View::Calculator).then_some("page")
                    on:click=move |ev| {
                        ev.prevent_default();
                        app.page.update(|p| p.view = View::Calculator);
                    }
                >
                    {move || app.t(Text::NavCalculator)}
                </a>
                <a
                    href="?view=catalog"
                    data-testid="nav-catalog"
                    aria-current=move || (view.get() == View::Catalog).then_some("page")
                    on:click=move |ev| {
                        ev.prevent_default();
                        app.page.update(|p| p.view = View::Catalog);
                    }
                >
                    {move || app.t(Text::NavCatalog)}
                </a>
                <a
                    href="?view=review"
                    data-testid="nav-review"
                    aria-current=move || (view.get() == View::Review).then_some("page")
                    on:click=move |ev| {
                        ev.prevent_default();
                        app.page.update(|p| p.view = View::Review);
                    }
                >
                    {move || app.t(Text::NavReview)}
                </a>
            </nav>
            {settings()}
        </header>
        {notice()}
        <MainView view=view />
        <Footer />
    }
    .into_any()
}

/// The page the link names, in the page's one `<main>`.
#[component]
fn MainView(
    /// Which page.
    view: Memo<View>,
) -> impl IntoView {
    view! {
        <main id="main">
            {move || match view.get() {
                View::Calculator => view! { <CalculatorPage /> }.into_any(),
                View::Catalog => view! {
                    {show_part!(crate::pages::later::catalog_page())}
                }.into_any(),
                View::Review => view! {
                    {show_part!(crate::pages::later::review_page())}
                }.into_any(),
            }}
        </main>
    }
}

/// Data dates and the no-backend promise.
#[component]
fn Footer() -> impl IntoView {
    let app = expect_context::<AppState>();
    let c = catalog();
    let newest = c.newest_price_date();
    let fx_line = move || {
        let lang = app.lang.get();
        let fx = app.fx.get();
        let rate = format::number(fx.cny_per_usd(), 4);
        match fx.origin() {
            FxOrigin::Catalog { as_of, .. } => format!(
                "1 USD = {rate} CNY ({} {})",
                Text::FxFromCatalog.get(lang),
                format::date(*as_of, lang)
            ),
            FxOrigin::User => format!("1 USD = {rate} CNY ({})", Text::FxYours.get(lang)),
        }
    };
    view! {
        <footer class="site-footer">
            <p>
                {move || app.t(Text::FooterData)} " "
                {move || format::date(c.built, app.lang.get())}
                {move || newest.map(|d| format!(" · {} {}", app.t(Text::FooterPrices), format::date(d, app.lang.get())))}
                " · " {fx_line}
            </p>
            <p>{move || app.t(Text::FooterNoBackend)}</p>
        </footer>
    }
}
