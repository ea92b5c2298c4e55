//! The review as an HTML fragment: a sample's numbers and sections in both languages, a
//! hostile bill (and a hostile JSON document) that must come out as escaped text only, and
//! the fragment's tags properly nested and closed.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::Lang;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
mod support;

use gpucost_review::html::{escape, to_html};
use gpucost_review::render::{to_json, ReviewJson};
use gpucost_review::review::levers::levers;
use gpucost_review::review::utilization::review_utilization;
use gpucost_review::review::{review_bill, Budget, Review, ReviewOptions};
use rust_decimal::Decimal;

const IMG: &str = "<img src=x onerror=alert(1)>";
const SCRIPT: &str = "\"><script>alert('x')</script>";

/// The AWS sample's JSON with its levers, words in `lang`.
fn sample_json(lang: Lang) -> ReviewJson {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let r = support::sample("aws-cur-legacy.csv");
    let lv = levers(&r, e, &fx, Currency::Usd, today).expect("a dated AWS bill is priced");
    to_json(&r, Some(&lv), lang)
}

/// One tag of the fragment: closing or not, its name, its attributes.
#[derive(Debug)]
struct Tag {
    closing: bool,
    name: String,
    attrs: Vec<(String, String)>,
}

/// Every tag of `html`, panicking on anything that is not a plain tag with double-quoted
/// attributes, or on a `>` in text (the escaper writes `&gt;`).
fn tags(html: &str) -> Vec<Tag> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        assert!(
            !rest[..start].contains('>'),
            "a bare `>` in text: {:?}",
            &rest[..start]
        );
        let end = start
            + rest[start..]
                .find('>')
                .unwrap_or_else(|| panic!("an unclosed `<`: {:?}", &rest[start..]));
        let inner = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = inner.strip_prefix('/') {
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
                "a strange closing tag: {inner:?}"
            );
            out.push(Tag {
                closing: true,
                name: name.into(),
                attrs: Vec::new(),
            });
            continue;
        }
        let name_end = inner.find(' ').unwrap_or(inner.len());
        let name = &inner[..name_end];
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "a strange tag: {inner:?}"
        );
        let mut attrs = Vec::new();
        let mut a = &inner[name_end..];
        while !a.is_empty() {
            let body = a
                .strip_prefix(' ')
                .unwrap_or_else(|| panic!("attributes of {inner:?}"));
            let eq = body
                .find("=\"")
                .unwrap_or_else(|| panic!("an attribute without a quoted value: {inner:?}"));
            let attr = &body[..eq];
            assert!(
                attr.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "a strange attribute name {attr:?} in {inner:?}"
            );
            let value_and_rest = &body[eq + 2..];
            let close = value_and_rest
                .find('"')
                .unwrap_or_else(|| panic!("an unterminated value: {inner:?}"));
            attrs.push((attr.to_string(), value_and_rest[..close].to_string()));
            a = &value_and_rest[close + 1..];
        }
        out.push(Tag {
            closing: false,
            name: name.into(),
            attrs,
        });
    }
    assert!(!rest.contains('>'), "a bare `>` in text: {rest:?}");
    out
}

const ALLOWED_TAGS: &[&str] = &[
    "section", "h3", "dl", "dt", "dd", "ul", "li", "table", "caption", "thead", "tbody", "tr",
    "th", "td", "p", "a",
];
const ALLOWED_ATTRS: &[&str] = &["class", "data-testid", "scope", "title", "href"];

/// Only our tags and attributes; no script, handler or style; the link stays on the page.
fn assert_safe(html: &str) {
    for t in tags(html) {
        assert!(
            ALLOWED_TAGS.contains(&t.name.as_str()),
            "tag {t:?} in {html}"
        );
        for (name, value) in &t.attrs {
            assert!(
                ALLOWED_ATTRS.contains(&name.as_str()),
                "attribute {name} of {t:?}"
            );
            assert!(
                !value.contains(['<', '>', '"', '\'']),
                "an unescaped value {value:?} of {t:?}"
            );
            if name == "href" {
                assert!(value.starts_with('?'), "a link off the page: {value:?}");
            }
        }
    }
    let lower = html.to_lowercase();
    for bad in ["<script", "<img", "style=", "javascript:"] {
        assert!(!lower.contains(bad), "{bad} in {html}");
    }
}

/// Every opened tag is closed, in order.
fn assert_well_formed(html: &str) {
    let mut stack: Vec<String> = Vec::new();
    for t in tags(html) {
        if t.closing {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("</{}> closes nothing", t.name));
            assert_eq!(open, t.name, "</{}> closes <{open}>", t.name);
        } else {
            stack.push(t.name);
        }
    }
    assert!(stack.is_empty(), "left open: {stack:?}");
    for tag in [
        "table", "thead", "tbody", "tr", "td", "th", "ul", "li", "dl", "dt", "dd", "section", "h3",
        "caption", "p", "a",
    ] {
        let opens =
            html.matches(&format!("<{tag}>")).count() + html.matches(&format!("<{tag} ")).count();
        let closes = html.matches(&format!("</{tag}>")).count();
        assert_eq!(opens, closes, "<{tag}> opened {opens}, closed {closes}");
    }
}

/// The part of `html` from the element with `testid` to the end of that element's table.
fn table<'a>(html: &'a str, testid: &str) -> &'a str {
    let at = html
        .find(&format!("data-testid=\"{testid}\""))
        .unwrap_or_else(|| panic!("no {testid}"));
    let end = at + html[at..].find("</table>").expect("the table ends");
    &html[at..end]
}

#[test]
fn a_sample_renders_its_sections_and_numbers_in_both_languages() {
    for lang in [Lang::En, Lang::Zh] {
        let json = sample_json(lang);
        let html = to_html(&json, lang);
        assert_safe(&html);
        assert_well_formed(&html);
        for id in [
            "review-summary",
            "review-by-provider",
            "review-by-gpu",
            "review-by-instance",
            "review-non-gpu",
            "review-heat",
            "review-waste",
            "review-always-on",
            "review-dev-off-hours",
            "review-levers",
            "review-lever-table",
            "review-open-scenario",
        ] {
            assert!(
                html.contains(&format!("data-testid=\"{id}\"")),
                "{id} in {html}"
            );
        }
        assert!(!json.by_tag.is_empty(), "the sample has tags");
        for key in json.by_tag.keys() {
            assert!(html.contains(&format!("data-testid=\"review-by-tag-{key}\"")));
        }
        assert!(html.contains("$53.47"), "the GPU spend: {html}");
        assert!(html.contains("<td class=\"num\">"));
        assert!(html.contains("<th scope=\"col\""));
        let lv = json.levers.as_ref().unwrap();
        assert!(html.contains(&format!("href=\"?{}\"", escape(&lv.scenario_link))));
        // The heat map: 7 days × 24 hours, the busiest hour in the top class.
        let heat = table(&html, "review-heat");
        assert!(html.contains("<table class=\"heat\" data-testid=\"review-heat\">"));
        assert!(heat.contains("UTC+08:00"), "{heat}");
        assert_eq!(heat.matches("<td class=\"h").count(), 7 * 24);
        assert_eq!(heat.matches("<th scope=\"row\">").count(), 7);
        assert!(heat.contains("class=\"h4\""));
        let (heading, monday, sunday) = match lang {
            Lang::En => ("GPU spend review", ">Mon<", ">Sun<"),
            Lang::Zh => ("GPU 支出评审", ">周一<", ">周日<"),
        };
        for text in [heading, monday, sunday] {
            assert!(html.contains(text), "{text} in {html}");
        }
    }
    let zh = to_html(&sample_json(Lang::Zh), Lang::Zh);
    for heading in ["<h3>浪费</h3>", "<h3>GPU 支出去向</h3>", "作为场景打开"] {
        assert!(zh.contains(heading), "{heading} in {zh}");
    }
    assert!(!zh.contains(">Mon<") && !zh.contains("Waste"));
}

#[test]
fn heat_cells_are_classed_by_quarter_of_the_busiest_hour() {
    let mut json = sample_json(Lang::En);
    json.heat = vec!["0".into(); 168];
    for (i, v) in ["4", "1", "2", "3", "0.5", "2.5"].iter().enumerate() {
        json.heat[i] = v.to_string();
    }
    json.tz_offset_minutes = -330;
    let html = to_html(&json, Lang::En);
    let heat = table(&html, "review-heat");
    assert!(heat.contains("UTC-05:30"), "{heat}");
    let classes: Vec<&str> = heat
        .split("<td class=\"")
        .skip(1)
        .take(7)
        .map(|c| &c[..2])
        .collect();
    assert_eq!(classes, ["h4", "h1", "h2", "h3", "h1", "h3", "h0"]);
    assert!(
        heat.contains("title=\"Mon 00:00–01:00: 4 GPU-hours\""),
        "{heat}"
    );
    assert!(heat.contains("title=\"Sun 23:00–24:00: 0 GPU-hours\""));
}

/// A generic CSV whose file name, provider, instance type, GPU model, tags and a broken cost
/// are all markup.
fn hostile_review() -> Review {
    let csv = format!(
        "start,end,hours,provider,instance_type,gpu_model,gpus,cost,currency,tags\n\
         2024-05-04T01:00:00Z,2024-05-04T09:00:00Z,,{p},{i},RTX 4090,1,5.52,USD,{t}\n\
         2024-05-04T01:00:00Z,2024-05-06T01:00:00Z,,runpod,,{g},1,9.10,USD,team={v}\n\
         ,,3,runpod,,RTX 4090,1,{c},USD,\n",
        p = quote(IMG),
        i = quote(SCRIPT),
        t = quote(&format!("team={IMG};{SCRIPT}=it's;env=dev")),
        g = quote(&format!("{IMG} {SCRIPT}")),
        v = quote(SCRIPT),
        c = quote(&format!("<script>{IMG}")),
    );
    let options = ReviewOptions {
        budgets: vec![Budget {
            key: "team".into(),
            value: IMG.into(),
            monthly: Decimal::from(1),
            currency: Currency::Usd,
        }],
        ..ReviewOptions::default()
    };
    review_bill(
        &embedded().catalog,
        &format!("{SCRIPT}{IMG}.csv"),
        csv.as_bytes(),
        options,
        |_| {},
    )
    .expect("the hostile bill is read")
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

#[test]
fn a_hostile_bill_comes_out_as_escaped_text() {
    let mut r = hostile_review();
    assert!(r.skipped >= 1, "the broken cost is skipped");
    // A side file naming the hostile instance type as its resource, with a hostile bad line.
    let side = format!(
        "resource_id,timestamp,gpu_util_percent,memory_used_mib\n\
         {i},2024-05-04T01:00:00Z,12,4096\n\
         {i},2024-05-04T02:00:00Z,{c},4096\n",
        i = quote(SCRIPT),
        c = quote(IMG),
    );
    let util = review_utilization(&r, &format!("{IMG}.csv"), side.as_bytes(), None, |_| {})
        .expect("the hostile side file is read");
    assert_eq!(
        (util.samples, util.skipped, util.resources.len()),
        (1, 1, 1)
    );
    r.utilization = Some(util);
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let lv = levers(&r, e, &fx, Currency::Usd, today);
    for lang in [Lang::En, Lang::Zh] {
        let json = to_json(&r, lv.as_ref(), lang);
        let html = to_html(&json, lang);
        assert_safe(&html);
        assert_well_formed(&html);
        let img = "&lt;img src=x onerror=alert(1)&gt;";
        let script = "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;";
        // The file name, the provider, the instance type and a tag value.
        assert!(html.contains(&format!("{script}{img}.csv")), "{html}");
        assert!(html.contains(&format!("<th scope=\"row\">{img}</th>")));
        assert!(html.contains(&format!("<th scope=\"row\">{script}</th>")));
        // The named problem.
        let problems = html.find("data-testid=\"review-problems\"").unwrap();
        assert!(html[problems..].contains("&lt;script&gt;&lt;img"), "{html}");
        // The tag key's table: the key escaped in the caption, sanitized in the test id.
        assert!(html.contains("data-testid=\"review-by-tag----script-alert--x----script-\""));
        assert!(html.contains(&format!("{script}</caption>")));
        assert!(html.contains("it&#39;s"));
        // The budget.
        assert!(html.contains(&format!("<th scope=\"row\">team={img}</th>")));
        // The side file: its name, the resource and the named bad value.
        let util = html.find("data-testid=\"review-utilization\"").unwrap();
        assert!(html[util..].contains(&format!("{img}.csv")), "{html}");
        assert!(html[util..].contains(&format!("<th scope=\"row\">{script}</th>")));
        let problems = html
            .find("data-testid=\"review-utilization-problems\"")
            .unwrap();
        assert!(html[problems..].contains(img), "{html}");
    }
}

/// Every string of a JSON document set to markup: nothing from the document is trusted.
fn hostile_json() -> ReviewJson {
    let h = |s: &str| format!("{s}{SCRIPT}{IMG}");
    let map = || BTreeMap::from([(h("USD"), h("1"))]);
    let mut json = sample_json(Lang::En);
    json.file = h("file");
    json.summary.lines = vec![h("summary")];
    json.format = h("format");
    json.problems = vec![h("problem")];
    json.period_start = h("start");
    json.period_end = h("end");
    json.total = map();
    json.gpu = map();
    json.non_gpu = map();
    json.gpu_hours = h("hours");
    for g in json
        .by_provider
        .iter_mut()
        .chain(&mut json.by_gpu)
        .chain(&mut json.by_instance)
        .chain(&mut json.non_gpu_items)
        .chain(json.by_tag.values_mut().flatten())
    {
        g.key = h("key");
        g.cost = map();
        g.gpu_hours = h("hours");
        g.per_gpu_hour = map();
    }
    let tag = json.by_tag.values().next().unwrap().clone();
    json.by_tag.insert(h("key"), tag);
    json.heat[0] = h("heat");
    let mut always_on = json.always_on.first().cloned().unwrap_or_else(|| {
        empty_always_on() // the sample may have none
    });
    always_on.resource = h("resource");
    always_on.provider = h("provider");
    always_on.gpu = h("gpu");
    always_on.hours = h("hours");
    always_on.cost = map();
    json.always_on = vec![always_on];
    json.dev_off_hours_gpu_hours = h("hours");
    json.dev_off_hours_cost = map();
    json.budgets = vec![gpucost_review::render::BudgetJson {
        tag: h("tag"),
        monthly: h("1"),
        monthly_spend: h("2"),
        currency: h("USD"),
        over: true,
    }];
    let lv = json.levers.as_mut().unwrap();
    lv.currency = h("USD");
    lv.actual_monthly = h("1");
    lv.baseline = h("2");
    lv.main_provider = h("aws");
    for s in &mut lv.savings {
        s.lever = h("lever");
        s.name = h("name");
        s.amount = h("1");
        s.percent = h("2");
        s.without = h("3");
        s.with = h("4");
        s.assumption = h("assumption");
    }
    lv.main_provider_share = h("share");
    lv.not_priced = vec![gpucost_review::render::NotPricedJson {
        lever: h("lever"),
        name: h("lever-name"),
        why: h("why"),
    }];
    lv.left_out = vec![h("left-out")];
    lv.scenario_link = format!("{SCRIPT}\" onclick=\"alert(1)");
    json.utilization = Some(gpucost_review::render::UtilizationJson {
        file: h("util-file"),
        format: h("util-format"),
        samples: 1,
        skipped: 1,
        problems: vec![h("util-problem")],
        low_threshold_percent: h("util-threshold"),
        resources: vec![gpucost_review::render::ResourceUtilizationJson {
            resource: h("util-resource"),
            provider: h("util-provider"),
            gpu: h("util-gpu"),
            samples: 1,
            average_percent: h("util-average"),
            p95_percent: h("util-p95"),
            peak_memory_mib: h("util-peak"),
            memory_total_mib: h("util-total"),
            cost: map(),
            low: true,
        }],
        low_cost: map(),
        unsampled: 1,
        unsampled_cost: map(),
        unmatched: 1,
    });
    json
}

fn empty_always_on() -> gpucost_review::render::AlwaysOnJson {
    gpucost_review::render::AlwaysOnJson {
        resource: String::new(),
        provider: String::new(),
        gpu: String::new(),
        hours: String::new(),
        cost: BTreeMap::new(),
    }
}

#[test]
fn a_hostile_json_document_comes_out_as_escaped_text() {
    let json = hostile_json();
    for lang in [Lang::En, Lang::Zh] {
        let html = to_html(&json, lang);
        assert_safe(&html);
        assert_well_formed(&html);
        // Each field's text is there, escaped: nothing was dropped on the way.
        for field in [
            "file",
            "summary",
            "format",
            "problem",
            "start",
            "end",
            "hours",
            "key",
            "heat",
            "resource",
            "provider",
            "gpu",
            "tag",
            "name",
            "assumption",
            "why",
            "left-out",
            "util-file",
            "util-problem",
            "util-threshold",
            "util-resource",
            "util-gpu",
            "util-average",
            "util-p95",
            "util-peak",
        ] {
            let escaped = escape(&format!("{field}{SCRIPT}{IMG}"));
            assert!(html.contains(&escaped), "{field}: {escaped} in {html}");
        }
        assert!(html.contains(
            "href=\"?&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onclick=&quot;alert(1)\""
        ));
    }
}

#[test]
fn escape_replaces_the_five_characters() {
    assert_eq!(
        escape("a&b<c>d\"e'f 周一"),
        "a&amp;b&lt;c&gt;d&quot;e&#39;f 周一"
    );
}
