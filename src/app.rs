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

    let view = Memo::new(move |_| app.page.with_settings(|p| p.view));
    let embedded = app.page.with_untracked(|p| p.embed.enabled);
    if embedded {
        let frame = app.page.with_untracked(|p| p.embed.frame.clone());
        web::report_height_to_parent(frame);
        if let Some(root) = leptos::prelude::document().document_element() {
            let _ = root.class_list().add_1("embedded");
        }
        return view! {
            <EmbedBar />
            <Notice />
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
                <NavLink to=View::Calculator href="?" testid="nav-calc" text=Text::NavCalculator current=view />
                <NavLink to=View::Catalog href="?view=catalog" testid="nav-catalog" text=Text::NavCatalog current=view />
                <NavLink to=View::Review href="?view=review" testid="nav-review" text=Text::NavReview current=view />
            </nav>
            <HeaderSettings />
        </header>
        <Notice />
        <MainView view=view />
        <Footer />
    }
    .into_any()
}

/// An embedded calculator's bar: the title and "open in the full calculator".
#[component]
fn EmbedBar() -> impl IntoView {
    let app = expect_context::<AppState>();
    // The same state without the embedding options.
    let full_href = move || {
        app.page.with(|p| {
            let mut s = p.clone();
            s.embed = share::Embed::default();
            format!("?{}", share::encode(&s))
        })
    };
    view! {
        <div class="embed-bar">
            <strong>{move || app.t(Text::AppTitle)}</strong>
            <a href=full_href target="_blank" rel="noopener" data-testid="open-full">{move || app.t(Text::OpenFull)}</a>
        </div>
    }
}

/// One link of the header's navigation, marked as the current page when it is.
#[component]
fn NavLink(
    /// The page it opens.
    to: View,
    /// Its address, so it works before the page's code runs and in a new tab.
    href: &'static str,
    /// Its `data-testid`.
    testid: &'static str,
    /// Its words.
    text: Text,
    /// The page shown.
    current: Memo<View>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <a
            href=href
            data-testid=testid
            aria-current=move || (current.get() == to).then_some("page")
            on:click=move |ev| {
                ev.prevent_default();
                app.page.update(|p| p.view = to);
            }
        >
            {move || app.t(text)}
        </a>
    }
}

/// The notice of ignored link parameters: it gets what it shows and a way to dismiss, not
/// the state.
#[component]
fn Notice() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <IgnoredParams
            lang=app.lang
            issues=app.issues
            on_dismiss=Callback::new(move |()| app.issues.set(Vec::new()))
        />
    }
}

/// The header's settings: they get what they show and a way to write back, not the state.
#[component]
fn HeaderSettings() -> impl IntoView {
    let app = expect_context::<AppState>();
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
