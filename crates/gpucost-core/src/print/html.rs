//! The calculator's first paint as HTML (issue 29): what a shared link shows before the page's
//! framework has arrived — the headline, the comparison table and the notice naming the link's
//! rejected parameters — in the page's own markup (its classes, so the boxes stand where the
//! app's will), written into the page by `src/main.rs` and replaced by the app once it has
//! rendered. Every cell is the page's ([`RowCells`], [`format::money`]); every text from the
//! link goes through [`format::escape_html`] (the charts' and the review report's escape), so a
//! hostile name prints inert.
//!
//! Test ids are the page's with a `first-` prefix (`first-headline`, `first-total`): the e2e
//! tests that interact wait for the app's, and the bench's "first number" sees either.

use chrono::NaiveDate;

use crate::catalog::Embedded;
use crate::format::escape_html as html_text;
use crate::format::{self, Lang};
use crate::l10n::commitment;
use crate::l10n::ui::Text;
use crate::l10n::Localize;
use crate::money::Currency;
use crate::print::cells::RowCells;
use crate::promise;
use crate::session::{fx_for, Estimator};
use crate::share::{self, PageState, ParamIssue, View};
use crate::view::results::{results_view, ResultsView};

/// A first paint: its language (the document's) and its markup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstPaint {
    /// The language it is worded in.
    pub lang: Lang,
    /// The page's markup, every text escaped.
    pub html: String,
}

/// The first paint of the page `query` opens, for a browser whose language is `browser`, on
/// `today`; `None` for a page that has none (the catalog browser, the spend review, an
/// embedded calculator), which keeps its loading line until the app arrives.
///
/// The language, currency, rate and estimate are settled as the page settles them
/// ([`PageState::lang_or`], [`PageState::currency_for`], [`fx_for`], and
/// [`Estimator::estimate_kept`] with no recommendation yet), so the numbers are the page's.
pub fn first_paint(
    embedded: &Embedded,
    query: &str,
    browser: Lang,
    today: NaiveDate,
) -> Option<FirstPaint> {
    let decoded = share::decode(query, &embedded.catalog);
    let state = &decoded.state;
    if state.view != View::Calculator || state.embed.enabled {
        return None;
    }
    let lang = state.lang_or(browser);
    let currency = state.currency_for(lang);
    let fx = fx_for(&embedded.catalog, state);
    let estimate = Estimator::new(embedded).estimate_kept(
        state.scenario.clone(),
        &fx,
        currency,
        today,
        || None,
    );
    let results = match &estimate {
        Ok(e) => Ok(results_view(
            &embedded.catalog,
            e.scenario.scenario(),
            &e.report,
        )),
        Err(errors) => Err(errors.iter().map(|e| e.text(lang)).collect::<Vec<_>>()),
    };
    // The preset's promise is printed here as the app prints it, so the results do not move
    // down when the app's line appears (issue 29's layout shift).
    let promise =
        promise::promise(state.preset, embedded, &fx, currency, today).map(|p| p.text(lang));
    let shell = Shell {
        state,
        lang,
        currency,
        promise,
        cny_per_usd: format::number(fx.cny_per_usd(), 4).replace(',', ""),
    };
    Some(FirstPaint {
        lang,
        html: shell.page(&decoded.issues, &results),
    })
}

/// What the page around the results shows, settled from the link.
struct Shell<'a> {
    state: &'a PageState,
    lang: Lang,
    currency: Currency,
    /// The chosen preset's promise, worded (none for the custom preset).
    promise: Option<String>,
    /// The rate in use, as the header's field shows it.
    cny_per_usd: String,
}

impl Shell<'_> {
    /// The page: the header, the notice, the preset bar, the results and the form's place, in
    /// the app's order and classes (a locked page, whose scenario the link fixes, has neither
    /// the preset bar nor the form, as in the app).
    fn page(&self, issues: &[ParamIssue], results: &Result<ResultsView, Vec<String>>) -> String {
        let lang = self.lang;
        let t = |text: Text| html_text(text.get(lang));
        let locked = self.state.embed.locked;
        let mut out = String::with_capacity(16 * 1024);
        out.push_str(&self.header());
        out.push_str(&notice(issues, lang));
        out.push_str("<main>");
        if !locked {
            out.push_str(&self.presets());
        }
        out.push_str(if locked {
            r#"<div class="calc locked">"#
        } else {
            r#"<div class="calc">"#
        });
        let to_form = if locked {
            String::new()
        } else {
            format!(
                r##"<a class="to-form" href="#inputs-heading">{}</a>"##,
                t(Text::ToTheForm)
            )
        };
        out.push_str(&format!(
            r#"<section class="results"><div class="results-head"><h2 id="results-heading">{}</h2>{to_form}<div class="copy-link"><button type="button" disabled>{}</button><span class="copy-status"></span></div></div><div class="export-slot"></div>"#,
            t(Text::ResultsHeading),
            t(Text::CopyLink),
        ));
        match results {
            Ok(view) => out.push_str(&self::results(view, lang)),
            Err(errors) => out.push_str(&scenario_errors(errors, lang)),
        }
        out.push_str("</section>");
        if !locked {
            out.push_str(&format!(
                r#"<section class="inputs"><h2 id="inputs-heading">{}</h2><p class="part-loading" aria-busy="true">{}</p><details class="more"><summary>{}</summary></details></section>"#,
                t(Text::InputsHeading),
                t(Text::PartLoading),
                t(Text::MoreSettings),
            ));
        }
        out.push_str("</div></main>");
        out
    }

    /// The site header: title, the views, and the language, currency and rate (shown, not yet
    /// usable: the app's controls replace them).
    fn header(&self) -> String {
        let lang = self.lang;
        let t = |text: Text| html_text(text.get(lang));
        let nav = [
            ("?", Text::NavCalculator, true),
            ("?view=catalog", Text::NavCatalog, false),
            ("?view=review", Text::NavReview, false),
        ]
        .iter()
        .map(|(href, text, current)| {
            let current = if *current {
                r#" aria-current="page""#
            } else {
                ""
            };
            format!(r#"<a href="{href}"{current}>{}</a>"#, t(*text))
        })
        .collect::<String>();
        let option = |value: &str, label: &str, selected: bool| {
            let selected = if selected { " selected" } else { "" };
            format!(
                r#"<option value="{value}"{selected}>{}</option>"#,
                html_text(label)
            )
        };
        let langs =
            option("zh", "中文", lang == Lang::Zh) + &option("en", "English", lang == Lang::En);
        let currencies = Currency::ALL
            .into_iter()
            .map(|c| {
                option(
                    c.as_str(),
                    &format!("{} {}", c.symbol(), c.as_str()),
                    c == self.currency,
                )
            })
            .collect::<String>();
        format!(
            r#"<header class="site-header"><div class="brand"><h1>{}</h1><p class="tagline">{}</p></div><nav aria-label="views">{nav}</nav><div class="settings"><label><span>{}</span><select disabled>{langs}</select></label><label><span>{}</span><select disabled>{currencies}</select></label><label><span>{}</span><input type="text" size="7" disabled value="{}"></label></div></header>"#,
            t(Text::AppTitle),
            t(Text::Tagline),
            t(Text::Language),
            t(Text::Currency),
            t(Text::FxRate),
            html_text(&self.cny_per_usd),
        )
    }

    /// The preset bar: the examples (plain links, as on the page) and the chosen one's
    /// description.
    fn presets(&self) -> String {
        let lang = self.lang;
        let links = crate::presets::Preset::ALL
            .into_iter()
            .map(|p| {
                let current = if p == self.state.preset {
                    r#" aria-current="true""#
                } else {
                    ""
                };
                format!(
                    r#"<li><a href="?preset={}"{current}>{}</a></li>"#,
                    p.as_str(),
                    html_text(p.title(lang))
                )
            })
            .collect::<String>();
        let promise = self.promise.as_deref().map_or(String::new(), |text| {
            format!(
                r#"<p class="preset-description" data-testid="first-preset-promise">{}</p>"#,
                html_text(text)
            )
        });
        format!(
            r#"<section class="presets"><h2>{}</h2><ul>{links}</ul><p class="preset-description">{}</p>{promise}</section>"#,
            html_text(Text::PresetsHeading.get(lang)),
            html_text(self.state.preset.description(lang)),
        )
    }
}

/// The notice naming the link's ignored parameters and those applied with a change, as the
/// page's notice says them (empty when there are none).
pub fn notice(issues: &[ParamIssue], lang: Lang) -> String {
    if issues.is_empty() {
        return String::new();
    }
    let mut out = String::from(r#"<section class="notice" role="status">"#);
    for (ignored, title) in [(true, Text::NoticeTitle), (false, Text::NoticeAppliedTitle)] {
        let items = list_items(
            issues
                .iter()
                .filter(|i| i.is_ignored() == ignored)
                .map(|i| i.text(lang)),
        );
        if !items.is_empty() {
            out.push_str(&format!(
                "<h2>{}</h2><ul>{items}</ul>",
                html_text(title.get(lang))
            ));
        }
    }
    out.push_str(&format!(
        r#"<button type="button" disabled>{}</button></section>"#,
        html_text(Text::Dismiss.get(lang))
    ));
    out
}

/// Each text as a list item.
fn list_items(texts: impl IntoIterator<Item = String>) -> String {
    texts
        .into_iter()
        .map(|t| format!("<li>{}</li>", html_text(&t)))
        .collect()
}

/// What to fix before the scenario can be estimated, as the page lists it.
fn scenario_errors(errors: &[String], lang: Lang) -> String {
    let items = list_items(errors.iter().cloned());
    format!(
        r#"<div class="notice"><p>{}</p><ul>{items}</ul></div>"#,
        html_text(Text::FixFirst.get(lang))
    )
}

/// The results as the page shows them first: the headline (the cheapest total, who, per
/// GPU-hour, and what it commits to), the demand line, the warnings, the comparison table and
/// the sellers that cannot serve.
pub fn results(view: &ResultsView, lang: Lang) -> String {
    let t = |text: Text| html_text(text.get(lang));
    let mut out = String::new();
    if let Some((row, s)) = view.cheapest() {
        let total = format::money(s.total);
        let who = row.names.get(lang);
        out.push_str(&format!(
            r#"<p class="live-summary">{} {} {}</p>"#,
            t(Text::Cheapest),
            html_text(&total),
            html_text(who)
        ));
        out.push_str(&format!(
            r#"<p class="headline" data-testid="first-headline"><span class="label">{}</span><strong data-testid="first-total">{}</strong><span class="who">{}</span><span class="per">{}</span></p>"#,
            t(Text::Cheapest),
            html_text(&total),
            html_text(who),
            html_text(&s.per_gpu_hour_text(lang)),
        ));
        let committed = commitment::all(&s.commitments, lang);
        if !committed.is_empty() {
            out.push_str(&format!(
                r#"<p class="commitment">{}</p>"#,
                html_text(&committed)
            ));
        }
    }
    out.push_str(&format!(
        r#"<p class="demand">{}</p>"#,
        html_text(&view.demand.text(lang))
    ));
    if !view.serving.is_empty() {
        let items = list_items(view.serving.iter().map(|s| s.text(lang)));
        out.push_str(&format!(r#"<ul class="serving">{items}</ul>"#));
    }
    let rules = view.placement.text(lang);
    if !rules.is_empty() {
        out.push_str(&format!(
            r#"<p class="placement-note">{}</p>"#,
            html_text(&rules)
        ));
    }
    if !view.warnings.is_empty() {
        let items = list_items(view.warnings.iter().map(|w| w.text(lang)));
        out.push_str(&format!(
            r#"<div class="warnings" role="note"><h3>{}</h3><ul>{items}</ul></div>"#,
            t(Text::WarningsHeading)
        ));
    }
    let (total, per, region, billing) = (
        t(Text::ColTotal),
        t(Text::ColPerGpuHour),
        t(Text::ColRegion),
        t(Text::ColBilling),
    );
    out.push_str(&format!(
        r##"<div class="table-wrap"><table class="comparison"><thead><tr><th scope="col">#</th><th scope="col">{}</th><th scope="col" class="num">{total}</th><th scope="col" class="num">{per}</th><th scope="col">{region}</th><th scope="col">{billing}</th></tr></thead><tbody>"##,
        t(Text::ColProvider),
    ));
    let provider = t(Text::ColProvider);
    let details = t(Text::Details);
    for row in view.rows.iter().filter(|r| r.rank.is_some()) {
        let c = RowCells::of(row, lang);
        let best = if c.best { r#" class="best""# } else { "" };
        let badges = c
            .badges
            .iter()
            .map(|b| format!(r#"<span class="badge">{}</span>"#, html_text(b)))
            .collect::<String>();
        let committed = if c.commitment.is_empty() {
            String::new()
        } else {
            format!(
                r#"<span class="commitment">{}</span>"#,
                html_text(&c.commitment)
            )
        };
        out.push_str(&format!(
            r##"<tr data-seller="{seller}"{best}><td data-label="#">{rank}</td><td data-label="{provider}"><strong>{name}</strong>{badges}<span class="offers">{offers}</span><span class="as-of">{as_of}</span></td><td data-label="{total}" class="num total" data-testid="first-row-total">{row_total}</td><td data-label="{per}" class="num">{row_per}</td><td data-label="{region}" class="regions">{regions}</td><td data-label="{billing}">{row_billing}{committed}<button type="button" class="link" disabled>{details}</button></td></tr>"##,
            seller = html_text(&row.key),
            rank = html_text(&c.rank),
            name = html_text(&c.name),
            offers = html_text(&c.offers),
            as_of = html_text(&c.prices_as_of),
            row_total = html_text(&c.total),
            row_per = html_text(&c.per_gpu_hour),
            regions = html_text(&c.regions),
            row_billing = html_text(&c.billing),
        ));
    }
    out.push_str("</tbody></table></div>");
    let unserved = view
        .rows
        .iter()
        .filter(|r| r.rank.is_none())
        .map(|row| {
            let c = RowCells::of(row, lang);
            format!(
                r#"<li data-seller="{}"><strong>{}</strong> — {}</li>"#,
                html_text(&row.key),
                html_text(&c.name),
                html_text(&c.reason)
            )
        })
        .collect::<Vec<_>>();
    if !unserved.is_empty() {
        out.push_str(&format!(
            r#"<details class="unserved"><summary>{} ({})</summary><ul>{}</ul></details>"#,
            t(Text::CannotServe),
            unserved.len(),
            unserved.concat()
        ));
    }
    out
}
