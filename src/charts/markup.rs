//! The charts as SVG markup, each written in one go.
//!
//! A chart changes almost completely on every edit (a new total rescales every bar; every path,
//! tick and label of the cumulative chart moves), so there is little to update in place:
//! handing the browser one string to parse is cheaper than keeping a reactive effect per
//! attribute and calling into the DOM once per element from WASM, and it is smaller code than
//! a view per element kind. Every text and attribute value is escaped here, since seller
//! names can come from a link.

use std::fmt::Write;

use super::{line_class, BarChart, LineChart};

/// `text` safe inside an element or a quoted attribute.
pub(crate) use gpucost_core::format::escape_html as escape;

/// The inside of the bar chart's `<svg>`: per bar, its label, the bar and its value.
pub fn bars_svg(c: &BarChart) -> String {
    let mut s = String::with_capacity(256 * c.bars.len());
    let x0 = c.x0;
    let h = c.bar_height;
    for b in &c.bars {
        let text_y = b.y + h * 0.75;
        // Writing to a String cannot fail.
        let _ = write!(
            s,
            r#"<g><text x="{}" y="{text_y}" text-anchor="end" class="label">{}</text><rect x="{x0}" y="{}" width="{}" height="{h}" rx="3" class="{}"/><text x="{}" y="{text_y}" class="value">{}</text></g>"#,
            x0 - 8.0,
            escape(&b.label),
            b.y,
            b.width,
            if b.best { "bar best" } else { "bar" },
            x0 + b.width + 6.0,
            escape(&b.value)
        );
    }
    s
}

/// The inside of the cumulative chart's `<svg>`: axes, ticks, one path per way of paying and
/// the crossings.
pub fn cumulative_svg(c: &LineChart) -> String {
    let (left, top, right, bottom) = c.area;
    let mut s = String::with_capacity(4096);
    // Writing to a String cannot fail.
    let _ = write!(
        s,
        r#"<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="axis"/><line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>"#
    );
    for (y, label) in &c.y_ticks {
        let _ = write!(
            s,
            r#"<g><line x1="{left}" y1="{y}" x2="{right}" y2="{y}" class="grid-line"/><text x="{}" y="{}" text-anchor="end" class="tick">{}</text></g>"#,
            left - 6.0,
            y + 4.0,
            escape(label)
        );
    }
    for (i, (x, label)) in c.x_ticks.iter().enumerate() {
        // The last label ends at the axis's end instead of centring past the chart's edge
        // ("730 h" was cut to "730 l").
        let anchor = if i + 1 == c.x_ticks.len() && i > 0 {
            "end"
        } else {
            "middle"
        };
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}" text-anchor="{anchor}" class="tick">{}</text>"#,
            bottom + 16.0,
            escape(label)
        );
    }
    for l in &c.lines {
        let _ = write!(
            s,
            r#"<path d="{}" class="{}"/>"#,
            escape(&l.d),
            line_class(l.class)
        );
    }
    for p in &c.crossings {
        // A mark in the right half is labelled to its left, so the label stays in the chart.
        let (label_x, anchor) = if p.x > (left + right) / 2.0 {
            (p.x - 6.0, "end")
        } else {
            (p.x + 6.0, "start")
        };
        let _ = write!(
            s,
            r#"<g class="crossing"><circle cx="{}" cy="{}" r="4"/><text x="{label_x}" y="{}" text-anchor="{anchor}" class="tick">{}</text></g>"#,
            p.x,
            p.y,
            p.y - 6.0,
            escape(&p.label)
        );
    }
    s
}

/// The chart's legend items: a swatch and the label of each line.
pub fn legend_items(c: &LineChart) -> String {
    c.lines
        .iter()
        .map(|l| {
            format!(
                r#"<li><span class="swatch {}"></span>{}</li>"#,
                line_class(l.class),
                escape(&l.label)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{bar_chart, Line};
    use super::*;
    use gpucost_core::billing_mode::ModeClass;

    fn chart(label: &str) -> LineChart {
        LineChart {
            lines: vec![Line {
                class: ModeClass::OnDemand,
                d: "M80.0,210.0 L630.0,10.0".into(),
                label: label.into(),
            }],
            x_ticks: vec![(80.0, "0 h".into())],
            y_ticks: vec![(210.0, "¥0".into())],
            crossings: vec![],
            area: (80.0, 10.0, 630.0, 210.0),
            height: 240.0,
        }
    }

    #[test]
    fn draws_every_part_of_the_chart() {
        let svg = cumulative_svg(&chart("On-demand · AWS · ¥1.00"));
        assert_eq!(svg.matches("<path ").count(), 1);
        assert!(svg.contains(r#"<path d="M80.0,210.0 L630.0,10.0" class="line on-demand"/>"#));
        assert!(svg.contains(r#"<text x="74" y="214" text-anchor="end" class="tick">¥0</text>"#));
        assert!(svg.contains(r#"class="tick">0 h</text>"#));
        assert_eq!(
            legend_items(&chart("On-demand · AWS · ¥1.00")),
            r#"<li><span class="swatch line on-demand"></span>On-demand · AWS · ¥1.00</li>"#
        );
    }

    #[test]
    fn draws_a_bar_with_its_label_and_value_per_row() {
        let c = bar_chart(&[
            ("AWS".into(), 100.0, "¥100.00".into()),
            ("Azure".into(), 50.0, "¥50.00".into()),
        ]);
        let svg = bars_svg(&c);
        assert_eq!(svg.matches("<g>").count(), 2);
        assert_eq!(svg.matches("<rect ").count(), 2);
        // The cheapest (first) bar is marked and spans the whole scale; the other is half.
        assert!(svg.contains(r#"<text x="182" y="21.5" text-anchor="end" class="label">AWS</text><rect x="190" y="8" width="340" height="18" rx="3" class="bar best"/><text x="536" y="21.5" class="value">¥100.00</text>"#));
        assert!(svg.contains(r#"width="170" height="18" rx="3" class="bar"/>"#));
        assert!(svg.contains(r#"class="value">¥50.00</text>"#));
        assert_eq!(bars_svg(&bar_chart(&[])), "");
    }

    #[test]
    fn a_hostile_seller_name_stays_text_in_the_bars() {
        // Bar labels are cut at 28 characters, so this one fits whole.
        let name = "<img src=x onerror=alert(1)>";
        let svg = bars_svg(&bar_chart(&[(name.into(), 1.0, "<b>".into())]));
        assert!(!svg.contains("<img") && !svg.contains("<b>"));
        assert!(svg.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(svg.contains("&lt;b&gt;"));
    }

    #[test]
    fn a_hostile_seller_name_stays_text() {
        let name = r#"<img src=x onerror="alert(1)"> & 'quote'"#;
        let legend = legend_items(&chart(name));
        assert!(!legend.contains("<img"));
        assert!(
            legend.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quote&#39;")
        );
    }
}
